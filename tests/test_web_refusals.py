"""Refused actions and stale tabs in headless Chromium (issue 37): every
control pressed where the game refuses it says why in the message line
and logs no console error (no "Failed to load resource ... 409"), in each
of the three games; two tabs on one game take turns and each recovers,
with a clear note, no move lost and the focus on a visible control.
Against a real server, as in test_web_browser.py (one server and one
browser for the module)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.test_web_browser import (
    Page,
    after_answer,
    browser,
    expect,
    open_game,
    page,
    server,
    state,
)
from tests.test_web_keyboard import press, tab_to, upload_by_keyboard

__all__ = ["browser", "page", "server"]  # fixtures used by name


@pytest.fixture
def watched(page: Page) -> Iterator[tuple[Page, list[str]]]:
    """The page and what it logs as errors, or answers with a 5xx."""
    problems: list[str] = []
    page.on(
        "console",
        lambda line: problems.append(line.text) if line.type == "error" else None,
    )
    page.on(
        "response",
        lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 500 else None,
    )
    yield page, problems


def refused(page: Page, key: str, words: str) -> None:
    """``key`` is refused: the game stays as it was, the message line says
    ``words`` as an error, and the focus is on a visible control."""
    before = state(page)
    after_answer(page, lambda: page.keyboard.press(key))
    message = page.locator("#message")
    expect(message).to_have_text(words)
    expect(message).to_have_class("message error")
    after = state(page)
    assert (after["version"], after["state"]) == (before["version"], before["state"])
    assert_focus_on_a_visible_control(page)


def assert_focus_on_a_visible_control(page: Page) -> None:
    shown = page.evaluate(
        "(() => { const a = document.activeElement;"
        " if (!a || a === document.body) return false;"
        " const r = a.getBoundingClientRect();"
        " return r.width > 0 && r.height > 0 && !a.closest('[inert], [hidden]'); })()"
    )
    assert shown, "the focus is on a visible control"


def test_2048_refused_controls_log_no_console_error(
    watched: tuple[Page, list[str]],
) -> None:
    page, problems = watched
    open_game(page, "2048")
    tab_to(page, "#board-2048")
    expect(page.locator("#undo")).to_be_disabled()  # a new game: nothing to undo
    refused(page, "u", "Nothing to undo")
    refused(page, "z", "Nothing to undo")
    upload_by_keyboard(page, "lost.2048")  # no move left
    expect(page.locator("#autoplay")).to_be_disabled()
    refused(page, "A", "no move is left")
    refused(page, "u", "Nothing to undo")
    after_answer(page, lambda: page.keyboard.press("H"))
    expect(page.locator("#message")).to_have_text("Hint: no move is left")
    assert problems == [], problems


def test_forty_thieves_refused_controls_log_no_console_error(
    watched: tuple[Page, list[str]],
) -> None:
    page, problems = watched
    open_game(page, "forty-thieves")
    upload_by_keyboard(page, "no_move_left.forty-thieves")
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator(".ft-finish")).to_be_disabled()  # nothing safe to send home
    refused(page, "u", "Nothing to undo")
    refused(page, "A", "no move is left")
    before = state(page)
    after_answer(page, lambda: page.keyboard.press("a"))  # the Auto-finish key
    expect(page.locator("#message")).to_have_class("message error")
    assert state(page)["state"] == before["state"]
    said = page.text_content("#message") or ""
    assert said and "\n" not in said and "409" not in said
    assert problems == [], problems


def test_dots_refused_controls_log_no_console_error(
    watched: tuple[Page, list[str]],
) -> None:
    page, problems = watched
    open_game(page, "dots")
    tab_to(page, "#board-dots [role=gridcell]")
    expect(page.locator("#undo")).to_be_disabled()
    refused(page, "u", "Nothing to undo")
    page.keyboard.press(" ")  # a path of one dot, then Enter: too short
    page.keyboard.press("Enter")
    expect(page.locator("#announce")).to_contain_text("A path joins two dots or more")
    upload_by_keyboard(page, "last_move.dots")
    after_answer(page, lambda: page.keyboard.press("A"))  # the last move...
    assert state(page)["finished"]
    expect(page.locator("#autoplay")).to_be_disabled()
    refused(page, "A", "no move is left")  # ... and none after it
    assert problems == [], problems


def test_two_tabs_take_turns_and_the_stale_one_recovers_each_time(
    watched: tuple[Page, list[str]],
) -> None:
    """Tab A plays; tab B (stale) plays and is shown the game as it is,
    then plays on; tab A (now stale) recovers the same way. Every move
    that was played stands, none twice."""
    one, problems = watched
    open_game(one, "2048")
    two = one.context.new_page()
    two.base = one.base
    two.on("console", lambda l: problems.append(l.text) if l.type == "error" else None)
    open_game(two, "2048")
    assert state(two)["id"] == state(one)["id"]
    played = 0
    for first, second in [(one, two), (two, one)]:
        tab_to(first, "#board-2048")
        moved = slide(first)
        played += 1
        tab_to(second, "#board-2048")
        after_answer(second, lambda second=second: second.keyboard.press("ArrowLeft"))
        expect(second.locator("#message")).to_contain_text("moved on in another tab")
        assert "error" not in (second.locator("#message").get_attribute("class") or "")
        now = state(second)
        assert now["state"] == moved["state"], "the stale key played nothing"
        assert_focus_on_a_visible_control(second)
        slide(second)  # and the stale tab plays on from the real board
        played += 1
    assert state(one)["state"]["moves"] == played
    assert problems == [], problems


def slide(page: Page) -> dict[str, Any]:
    """Arrow keys until one moves tiles; the game after it."""
    before = state(page)["version"]
    for key in ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]:
        now = press(page, key)
        if now["version"] > before:
            return now
    raise AssertionError("no arrow moves this board")
