"""The page's round four in headless Chromium (issue 37): a browser save
brings the game back whole in a fresh browser (seed, move count, undo);
a refused move is said, not logged as a failed request; undoing a New
game takes back the count it made. Against a real server, as in
test_web_browser.py (one server and one browser for the module)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.test_web_browser import (
    SAVES,
    Page,
    after_answer,
    browser,
    expect,
    open_game,
    open_saves,
    page,
    refuse_a_card,
    server,
    state,
)
from tests.test_web_keyboard import new_game_by_keyboard, press, tab_to

__all__ = ["browser", "page", "server"]  # fixtures used by name


def console_errors(page: Page) -> list[str]:
    """The console's errors from now on (the list fills as they come)."""
    errors: list[str] = []
    page.on(
        "console",
        lambda line: errors.append(line.text) if line.type == "error" else None,
    )
    return errors


def test_a_browser_save_brings_seed_moves_and_undo_to_a_fresh_browser(
    page: Page, browser: Any, server: str, tmp_path: Path
) -> None:
    open_game(page, "2048")
    new_game_by_keyboard(page, "4242")
    tab_to(page, "#board-2048")
    steps = [press(page, key) for key in ["ArrowLeft", "ArrowUp", "ArrowRight"]]
    played = steps[-1]
    open_saves(page)
    expect(page.locator("#saves-which")).to_contain_text("every undo step")
    with page.expect_download() as download:
        page.click("#download-whole")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name == "save.2048.browser-save"

    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        fresh: Any = context.new_page()
        fresh.base = server
        open_game(fresh, "2048")
        open_saves(fresh)
        after_answer(fresh, lambda: fresh.set_input_files("#upload", str(saved)))
        expect(fresh.locator("#message")).to_have_text(
            f"Loaded {saved.name}: a game of 2048"
        )
        loaded = state(fresh)
        assert loaded["state"]["seed"] == "4242"
        shown_best = int(fresh.text_content("#best") or "0")
        assert shown_best >= int(fresh.text_content("#score") or "0") > 0, "Best >= Score"
        assert loaded["state"]["moves"] == played["state"]["moves"]
        assert loaded["state"]["board"] == played["state"]["board"]
        assert fresh.locator("#undo").is_enabled()
        after_answer(fresh, lambda: fresh.click("#undo"))
        undone = state(fresh)["state"]
        assert undone["board"] == steps[-2]["state"]["board"]
        assert undone["moves"] == steps[-2]["state"]["moves"]
    finally:
        context.close()


def test_a_refused_move_is_said_and_logs_no_console_error(page: Page) -> None:
    open_game(page, "forty-thieves")
    errors = console_errors(page)
    refuse_a_card(page)
    message = page.locator("#message")
    expect(message).to_have_class("message error")
    said = message.text_content() or ""
    assert said and "\n" not in said and "409" not in said
    # Cards in words ("8 of diamonds"), never codes ("8D").
    assert " of " in said and not re.search(r"\b(10|[2-9AJQK])[SHDC]\b", said), said
    assert state(page)["state"]["moves"] == 0, "refused: nothing moved"
    assert errors == [], errors


def test_undoing_a_new_game_takes_back_the_count_it_made(page: Page) -> None:
    open_game(page, "forty-thieves")
    after_answer(page, lambda: page.click('[data-pile="deck"]'))  # a move: counts
    record = f"{page.base}/api/statistics/forty-thieves"
    before = page.request.get(record).json()["played"]
    new_game_by_keyboard(page, "12")
    assert page.request.get(record).json()["played"] == before + 1
    after_answer(page, lambda: page.click("#undo"))
    expect(page.locator("#message")).to_have_text("Undone: the last game is back")
    assert page.request.get(record).json()["played"] == before


def test_a_focused_dot_has_no_halo_to_cut_the_path_line(page: Page) -> None:
    """The focus ring's white halo (every other control's) would cut a gap
    in the path line through a focused dot: a dot's ring is the blue
    outline alone, drawn inside it."""
    open_game(page, "dots")
    tab_to(page, "#board-dots [role=gridcell]")
    page.keyboard.press(" ")  # a path begun on the focused dot
    ring = page.evaluate(
        "(() => { const s = getComputedStyle(document.activeElement);"
        " return [s.boxShadow, s.outlineStyle, parseFloat(s.outlineOffset)]; })()"
    )
    assert ring[0] == "none" and ring[1] == "solid" and ring[2] < 0, ring


def test_a_win_in_one_move_says_move(page: Page) -> None:
    open_game(page, "forty-thieves")
    open_saves(page)
    upload = str(SAVES / "two_moves_from_winning.forty-thieves")
    after_answer(page, lambda: page.set_input_files("#upload", upload))
    after_answer(page, lambda: page.click(".ft-finish"))  # one step: every card home
    expect(page.locator(".ft .overlay-text")).to_have_text("You won in 1 move!")


def test_a_dots_browser_save_brings_its_undo_to_a_fresh_browser(
    page: Page, browser: Any, server: str, tmp_path: Path
) -> None:
    """Dots lost its undo history on the way (issue 37): no longer."""
    game_id = open_game(page, "dots")["id"]
    steps = []
    for _ in range(2):  # two moves the hint names, played through the API
        api = f"{page.base}/api/games/{game_id}"
        path = page.request.post(f"{api}/hint").json()["hint"]
        steps.append(page.request.post(f"{api}/intent", data=path).json())
    page.reload()
    page.wait_for_selector(f'body[data-game-id="{game_id}"]')
    open_saves(page)
    with page.expect_download() as download:
        page.click("#download-whole")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)

    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        fresh: Any = context.new_page()
        fresh.base = server
        open_game(fresh, "dots")
        open_saves(fresh)
        after_answer(fresh, lambda: fresh.set_input_files("#upload", str(saved)))
        loaded = state(fresh)["state"]
        assert (loaded["grid"], loaded["moves_left"], loaded["seed"]) == (
            steps[-1]["state"]["grid"],
            steps[-1]["state"]["moves_left"],
            steps[-1]["state"]["seed"],
        )
        after_answer(fresh, lambda: fresh.click("#undo"))
        undone = state(fresh)["state"]
        assert undone["grid"] == steps[0]["state"]["grid"]
        assert undone["moves_left"] == steps[0]["state"]["moves_left"]
    finally:
        context.close()
