"""The page's round six in headless Chromium (issue 37): undo says what
the terminal says, with the steps left; the 2048 page fits a 1280x800
window. Against a real server, as in test_web_browser.py (one server and
one browser for the module)."""

from __future__ import annotations

import pytest

from playmanager import messages
from tests.test_web_browser import (
    Page,
    after_answer,
    browser,
    expect,
    open_game,
    open_saves,
    page,
    server,
    state,
)

__all__ = ["browser", "page", "server"]  # fixtures used by name


def slide_until(page: Page, moves: int) -> None:
    """Slide 2048's tiles by keys until the game counts ``moves`` moves."""
    page.locator("#board-2048").focus()
    keys = ["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"]
    for turn in range(40):
        if state(page)["state"]["moves"] >= moves:
            return
        after_answer(page, lambda key=keys[turn % 4]: page.keyboard.press(key))
    raise AssertionError(f"2048 did not reach {moves} moves in 40 slides")


# ------------------------------------------------------------ 1. undo's words
def test_undo_says_the_terminals_words_with_the_steps_left(page: Page) -> None:
    open_game(page, "2048")
    slide_until(page, 3)
    said = []
    for _ in range(3):
        after_answer(page, lambda: page.keyboard.press("u"))
        said.append(page.locator("#message").inner_text())
    assert said == [
        "Undone; 2 more steps to undo",
        "Undone; 1 more step to undo",
        "Undone; nothing more to undo",
    ]
    assert said == [messages.undone(left) for left in (2, 1, 0)], "one voice"
    expect(page.locator("#undo")).to_be_disabled()


# ------------------------------------------------------------ 2. 1280x800 fits
def test_the_2048_page_fits_a_1280x800_window_without_scrolling(page: Page) -> None:
    open_game(page, "2048")
    page.locator("#board-2048").focus()
    extent = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert extent[0] <= 1280 and extent[1] <= 800, f"the page scrolls: {extent}"
    board = page.locator("#board-2048").bounding_box()
    assert board is not None and board["height"] >= 400, "the board is still big"
    assert page.evaluate("scrollY") == 0, "the focused board did not scroll the page"


# ------------------------------------------------------------ 3. every control
# Every button the page shows, pressed from the keyboard, in every game:
# the focus never falls to <body> or onto something hidden. (The upload
# button opens the system's file chooser: test_web_focus_reflow.py uploads
# by keyboard; the game tabs are pressed there too. Saves is pressed last:
# it hides the panel's buttons.)
CONTROLS = """[...document.querySelectorAll('header .tools button, #saves button, #game button')]
  .filter(b => b.getClientRects().length && !b.disabled && !b.closest('[inert]')
    && b.id !== 'upload-button')
  .map(b => b.id ? '#' + b.id : '#game .' + b.className.split(' ')[0])
  .sort((a, b) => (a === '#saves-toggle') - (b === '#saves-toggle'))"""
FOCUS_SEEN = """(() => { const a = document.activeElement;
  return a !== document.body && a.getClientRects().length > 0
    && !a.closest('[inert]'); })()"""


def press_and_settle(page: Page, selector: str) -> None:
    """Press ``selector`` by keyboard and give the page time to answer."""
    page.focus(selector)
    page.keyboard.press("Enter")
    page.wait_for_timeout(400)
    if selector == "#autoplay" and page.locator("#autoplay.on").count():
        page.keyboard.press("Enter")  # stop it: the game stays to tour
        page.wait_for_timeout(400)


@pytest.mark.parametrize("kind", ["2048", "forty-thieves", "dots"])
def test_no_control_leaves_the_focus_on_body(page: Page, kind: str) -> None:
    open_game(page, kind)
    open_saves(page)
    pressed = []
    for selector in page.evaluate(CONTROLS):
        if not page.locator(selector).first.is_visible():
            continue  # an earlier control hid it (an overlay, a dialog)
        if not page.locator(selector).first.is_enabled():
            continue
        press_and_settle(page, selector)
        pressed.append(selector)
        assert page.evaluate(FOCUS_SEEN), f"{selector}: the focus is lost"
        while page.locator("dialog[open]").count():  # a dialog: closed by Escape
            assert page.evaluate(
                "document.activeElement.closest('dialog[open]') !== null"
            )
            page.keyboard.press("Escape")
            page.wait_for_timeout(200)
            assert page.evaluate(FOCUS_SEEN), (
                f"{selector}'s dialog closed: the focus is lost"
            )
    every_game_has = {
        "#new",
        "#hint",
        "#help",
        "#download",
        "#download-whole",
        "#slot-save",
    }
    assert every_game_has | {"#saves-toggle"} <= set(pressed), pressed
