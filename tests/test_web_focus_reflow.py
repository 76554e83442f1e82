"""The page's round three in headless Chromium: one New game that can be
undone, the focus never dropped on <body>, overlays that take the focus,
boards that fit at 320 CSS px and at 200% zoom, a resize that keeps a
pick or a path, and what a screen reader hears of a 2048 move. Against a real server, as in test_web_browser.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.test_web_browser import (
    SAVES,
    Page,
    after_answer,
    browser,
    expect,
    hint,
    open_game,
    open_saves,
    page,
    server,
    state,
)
from tests.test_web_keyboard import (
    play_path_by_keyboard,
    press,
    tab_to,
    upload_by_keyboard,
    walk_to,
)

__all__ = ["browser", "page", "server"]  # fixtures used by name

BOARDS = {"2048": "#board-2048", "forty-thieves": ".ft-table", "dots": "#board-dots"}


def on_body(page: Page) -> bool:
    return bool(page.evaluate("document.activeElement === document.body"))


def in_overlay(page: Page) -> bool:
    return bool(page.evaluate("Boolean(document.activeElement.closest('.overlay'))"))


def test_2048_new_game_asks_and_undo_brings_the_last_game_back(page: Page) -> None:
    open_game(page, "2048")
    tab_to(page, "#board-2048")
    for key in ["a", "d", "w", "s"]:
        press(page, key)
    played = state(page)
    page.keyboard.press("Shift+Tab")  # the 2048's own New Game button
    assert page.evaluate("document.activeElement.matches('.t48-new')")
    page.keyboard.press("Enter")
    expect(page.locator("#new-dialog")).to_have_attribute("open", "")
    page.keyboard.press("Escape")
    assert state(page)["id"] == played["id"], "the button alone starts nothing"
    tab_to(page, "#board-2048")
    page.keyboard.press("n")  # the terminal's key: the same dialog
    expect(page.locator("#new-dialog")).to_have_attribute("open", "")
    tab_to(page, 'input[name="seed"]')
    page.keyboard.type("118")
    after_answer(page, lambda: page.keyboard.press("Enter"))
    fresh = state(page)
    assert fresh["id"] != played["id"] and fresh["state"]["seed"] == "118"
    expect(page.locator("#message")).to_contain_text("u brings the last one back")
    assert page.locator("#undo").is_enabled()
    after_answer(page, lambda: page.click("#undo"))
    back = state(page)
    assert back["id"] == played["id"] and back["state"] == played["state"]
    assert page.locator("#undo").is_enabled() == back["can_undo"]


def test_a_tour_of_the_three_games_never_leaves_the_focus_on_body(
    page: Page,
) -> None:
    # 2048: a lost game's overlay takes the focus and keeps Tab; Try again
    # gives it to the new board.
    open_game(page, "2048")
    upload_by_keyboard(page, "lost.2048")
    expect(page.locator("#board-2048 .overlay")).to_be_visible()
    assert page.evaluate("document.activeElement.matches('.try-again')")
    # Tab goes round the overlay and the header (which stays usable).
    for key in ["Tab", "Tab", "Shift+Tab", "Shift+Tab"]:
        page.keyboard.press(key)
        assert page.evaluate(
            "Boolean(document.activeElement.closest('.overlay, header.top'))"
        )
    assert in_overlay(page)
    assert page.locator(".t48 .cells").evaluate("h => h.closest('[inert]') !== null"), (
        "the board under it is inert"
    )
    assert not page.locator("header.top").evaluate("h => h.inert")
    after_answer(page, lambda: page.keyboard.press("Enter"))
    expect(page.locator("#board-2048 .overlay")).to_be_hidden()
    assert page.evaluate("document.activeElement.id") == "board-2048"
    assert not page.locator("header.top").evaluate("h => h.inert")

    # Forty Thieves: the toolbar's Undo pressed until it disables.
    after_answer(page, lambda: page.click('.tabs [data-kind="forty-thieves"]'))
    tab_to(page, ".ft [role=gridcell]")
    walk_to(page, "deck")
    press(page, "Enter")
    tab_to(page, "#undo")
    after_answer(page, lambda: page.keyboard.press("Enter"))
    if page.locator("#undo").is_enabled():  # a new deal before it: back to that too
        after_answer(page, lambda: page.keyboard.press("Enter"))
    expect(page.locator("#undo")).to_be_disabled()
    assert not on_body(page)
    assert page.evaluate("document.activeElement.closest('.ft-table') !== null")

    # Forty Thieves: New deal when no move is left.
    upload_by_keyboard(page, "no_move_left.forty-thieves")
    assert in_overlay(page)
    # A loaded stuck deal has nothing to undo: New deal is its first button.
    expect(page.locator(".ft .overlay .ft-undo")).to_be_hidden()
    expect(page.locator(".ft-new")).to_be_focused()
    after_answer(page, lambda: page.keyboard.press("Enter"))
    assert not on_body(page) and not in_overlay(page)

    # Dots: the last move, then the overlay's Undo (or Play again after a win).
    after_answer(page, lambda: page.click('.tabs [data-kind="dots"]'))
    upload_by_keyboard(page, "last_move.dots")
    game_id = state(page)["id"]
    tab_to(page, "#board-dots [role=gridcell]")
    out = play_path_by_keyboard(page, hint(page, game_id)["path"])
    assert out["finished"]
    assert in_overlay(page), "the overlay took the focus"
    assert page.locator(".dots-grid").evaluate("g => g.inert")
    after_answer(page, lambda: page.keyboard.press("Enter"))
    assert not on_body(page) and not in_overlay(page)
    assert page.evaluate("document.activeElement.closest('.dots-grid') !== null")


@pytest.mark.parametrize(
    "width,height", [(320, 640), (640, 400)], ids=["320px", "200%-zoom"]
)
@pytest.mark.parametrize("kind", list(BOARDS))
def test_every_board_fits_with_no_two_way_scrolling(
    browser: Any, server: str, kind: str, width: int, height: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        made: Any = context.new_page()
        made.base = server
        open_game(made, kind)
        page_width = made.evaluate("document.documentElement.scrollWidth")
        assert page_width <= width, f"scrolls sideways: {page_width} px"
        board = made.locator(BOARDS[kind])
        board.scroll_into_view_if_needed()
        box = made.evaluate(
            f"(() => {{ const b = document.querySelector('{BOARDS[kind]}')"
            ".getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })()"
        )
        assert box[0] >= 0 and box[2] <= width, f"the board sticks out: {box}"
        # (less than a pixel over: the page's height is a whole number of px)
        assert box[1] >= 0 and box[3] < height + 1, f"the board is cut off: {box}"
        # And it plays there: keys move the game or the focus, never the page.
        made.focus(f'{BOARDS[kind]} [tabindex="0"], {BOARDS[kind]}[tabindex="0"]')
        for key in ["ArrowRight", "ArrowDown"]:
            made.keyboard.press(key)
        after_answer(made, lambda: made.keyboard.press("H"))  # a hint, drawn
        focus = made.evaluate(
            "(() => { const r = document.activeElement.getBoundingClientRect();"
            " return [scrollX, r.left, r.top, r.right, r.bottom]; })()"
        )
        assert focus[0] == 0, "no sideways scroll"
        assert focus[1] >= 0 and focus[3] <= width, f"the focus is off-view: {focus}"
        assert focus[2] >= 0 and focus[4] < height + 1, f"the focus is off-view: {focus}"
    finally:
        context.close()


def test_a_resize_keeps_a_picked_card_and_a_dots_path_in_place(page: Page) -> None:
    open_game(page, "forty-thieves")
    tab_to(page, ".ft [role=gridcell]")
    walk_to(page, "t3")
    page.keyboard.press("Enter")
    expect(page.locator(".card.selected")).to_have_count(1)
    page.set_viewport_size({"width": 600, "height": 800})
    expect(page.locator(".card.selected")).to_have_count(1)
    assert (
        page.evaluate("document.activeElement.getAttribute('aria-selected')") == "true"
    )

    open_game(page, "dots")
    tab_to(page, "#board-dots [role=gridcell]")
    page.keyboard.press(" ")  # a path begun at the top-left dot
    page.set_viewport_size({"width": 320, "height": 640})
    # The path is redrawn after the resize's layout (a frame later): wait
    # until its first point is the top-left dot's centre on the new board.
    page.wait_for_function(PATH_ON_ITS_FIRST_DOT, timeout=5_000)


PATH_ON_ITS_FIRST_DOT = """() => {
  const board = document.querySelector('#board-dots');
  const line = board && board.querySelector('polyline');
  if (!line) return false;
  const [x, y] = line.getAttribute('points').split(' ')[0].split(',').map(Number);
  const centre = board.clientWidth / 6 / 2;
  return Math.abs(x - centre) < 1 && Math.abs(y - centre) < 1;
}"""


def test_2048_says_where_merged_tiles_landed_and_b_reads_the_board(
    page: Page, tmp_path: Path
) -> None:
    save = tmp_path / "pair.2048"
    save.write_text("2 2\n0\n2 2\n0 0\n")
    open_game(page, "2048")
    open_saves(page)
    after_answer(page, lambda: page.set_input_files("#upload", str(save)))
    tab_to(page, "#board-2048")
    after = press(page, "a")["state"]  # the two 2s merge at the left
    announced = page.locator("#announce")
    expect(announced).to_contain_text("Merged: 4 at row 1, column 1.")
    new_r, new_c = after["last"]["new_tile"]
    page.keyboard.press("b")
    expect(announced).to_contain_text("2 by 2 board, score 4: ")
    expect(announced).to_contain_text(f"at row {new_r + 1}, column {new_c + 1}")


def test_the_smaller_items_slot_enter_saves_panel_and_the_game_loaded(
    page: Page, tmp_path: Path
) -> None:
    open_game(page, "dots")
    open_saves(page)
    misnamed = tmp_path / "x.2048"
    misnamed.write_text((SAVES / "fresh.dots").read_text())
    after_answer(page, lambda: page.set_input_files("#upload", str(misnamed)))
    expect(page.locator("#message")).to_have_text("Loaded x.2048: a game of Dots")
    open_saves(page)  # an upload closes it
    page.fill("#slot-name", "by enter")
    page.focus("#slot-name")
    after_answer(page, lambda: page.keyboard.press("Enter"), count=2)  # saved, listed
    expect(page.locator("#message")).to_have_text("Saved in slot by enter")
    after_answer(page, lambda: page.click('.tabs [data-kind="2048"]'))
    expect(page.locator("#saves")).to_be_hidden()
    assert page.get_attribute("#saves-toggle", "aria-expanded") == "false"
