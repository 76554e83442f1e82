"""The three games played with the keyboard alone: no mouse, no
element.click(), only key presses (and the file chooser the Upload
button opens), checked against the server's state after each move.
Headless Chromium against a real server, as in test_web_browser.py.
"""

from __future__ import annotations

import itertools
from typing import Any

from tests.test_web_browser import (
    SAVES,
    Page,
    after_answer,
    board_2048,
    browser,
    expect,
    hint,
    open_game,
    page,
    server,
    state,
)

__all__ = ["browser", "page", "server"]  # fixtures used by name

TOP_ROW = ["deck", "waste", *(f"f{n}" for n in range(8))]
TABLEAU_ROW = [f"t{n}" for n in range(10)]
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def focused(page: Page, attribute: str) -> str | None:
    found: str | None = page.evaluate(
        f"document.activeElement && document.activeElement.getAttribute('{attribute}')"
    )
    return found


def tab_to(page: Page, selector: str, limit: int = 60) -> None:
    """Press Tab until the element ``selector`` has the focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches('{selector}')"):
            return
    raise AssertionError(f"Tab never reaches {selector}")


def focus_ring(page: Page) -> tuple[str, str]:
    style = page.evaluate(
        "(() => { const s = getComputedStyle(document.activeElement);"
        " return [s.outlineStyle, s.outlineWidth]; })()"
    )
    return style[0], style[1]


def upload_by_keyboard(page: Page, name: str) -> None:
    """Saves, then Upload save, with Tab and Enter; the file chooser opens.
    (Waited for from the start: Playwright takes a moment to catch it.)"""
    with page.expect_file_chooser() as chooser:
        if page.locator("#saves").is_hidden():
            tab_to(page, "#saves-toggle")  # its slot list is an answer too
            after_answer(page, lambda: page.keyboard.press("Enter"))
        tab_to(page, "#upload-button")
        page.keyboard.press("Enter")
    after_answer(page, lambda: chooser.value.set_files(str(SAVES / name)))


def new_game_by_keyboard(page: Page, seed: str) -> None:
    tab_to(page, "#new")
    page.keyboard.press("Enter")
    tab_to(page, 'input[name="seed"]')
    page.keyboard.type(seed)
    after_answer(page, lambda: page.keyboard.press("Enter"))


def press(page: Page, key: str) -> dict[str, Any]:
    after_answer(page, lambda: page.keyboard.press(key))
    return state(page)


def expect_announced(page: Page, words: str) -> None:
    """The live region says ``words`` (it is filled on the next frame)."""
    expect(page.locator("#announce")).to_contain_text(words)


# ------------------------------------------------------------ 2048
def test_2048_won_with_the_keyboard_alone(page: Page) -> None:
    open_game(page, "2048")
    upload_by_keyboard(page, "one_merge_from_2048.2048")
    tab_to(page, "#board-2048")
    assert focus_ring(page) == ("solid", "3px")
    before = state(page)["state"]["moves"]
    for key in ["ArrowLeft", "ArrowRight"]:  # one of them merges the two 1024s
        out = press(page, key)
        if out["state"]["reached"]:
            break
    assert out["state"]["moves"] > before and out["state"]["reached"]
    overlay = page.locator("#board-2048 .overlay")
    expect(overlay).to_be_visible()
    expect_announced(page, "You win!")
    assert focused(page, "class") == "keep-going", "the overlay takes the focus"
    page.keyboard.press("Enter")  # Keep going
    expect(overlay).to_be_hidden()
    assert focused(page, "id") == "board-2048"
    rows = [
        page.text_content(f"#board-2048 .cells [role=row]:nth-child({r + 1})")
        for r in range(4)
    ]
    board = state(page)["state"]["board"]
    for r, text in enumerate(rows):  # every cell named "2048 at row 1, column 2"
        for c, value in enumerate(board[r]):
            assert f"{value or 'empty'} at row {r + 1}, column {c + 1}" in (text or "")


def test_2048_a_move_that_moves_nothing_is_silent(page: Page) -> None:
    open_game(page, "2048")
    new_game_by_keyboard(page, "5")  # 4 in (3, 4) and 2 in (4, 4): right moves nothing
    board = state(page)["state"]["board"]
    assert [row[3] for row in board] == [0, 0, 4, 2] and sum(map(sum, board)) == 6
    console: list[str] = []
    page.on("console", lambda line: console.append(f"{line.type}: {line.text}"))
    message = page.locator("#message")
    said = message.text_content()
    out = press(page, "ArrowRight")
    assert out["state"]["board"] == board and out["state"]["moves"] == 0
    assert "error" not in (message.get_attribute("class") or "")
    assert message.text_content() == said  # nothing said, as in the original
    assert press(page, "ArrowUp")["state"]["moves"] == 1
    assert [line for line in console if line.startswith("error")] == []


def test_enter_on_a_focused_undo_button_undoes(page: Page) -> None:
    open_game(page, "2048")
    new_game_by_keyboard(page, "5")
    moved = press(page, "ArrowUp")["state"]["moves"]
    tab_to(page, "#undo")
    assert focus_ring(page) == ("solid", "3px")
    after = press(page, "Enter")
    assert after["state"]["moves"] == moved - 1


def test_the_new_game_dialog_starts_on_enter_and_escape_starts_nothing(
    page: Page,
) -> None:
    open_game(page, "2048")
    new_game_by_keyboard(page, "5")  # Enter in the seed field: Start
    started = state(page)
    assert started["state"]["seed"] == "5"
    tab_to(page, "#new")
    page.keyboard.press("Enter")
    expect(page.locator("#new-dialog")).to_be_visible()
    page.keyboard.press("Escape")  # after a dialog that ended with "ok"
    expect(page.locator("#new-dialog")).to_be_hidden()
    assert state(page)["id"] == started["id"], "Escape started no game"


# ------------------------------------------------------------ Forty Thieves
def where(pile: str) -> tuple[int, int]:
    row = TOP_ROW if pile in TOP_ROW else TABLEAU_ROW
    return (0 if row is TOP_ROW else 1), row.index(pile)


def walk_to(page: Page, pile: str) -> None:
    """Arrow keys from the focused pile to ``pile``."""
    here = focused(page, "data-pile")
    assert here, "a pile has the focus"
    (r0, c0), (r1, c1) = where(here), where(pile)
    keys = ["ArrowDown" if r1 > r0 else "ArrowUp"] * abs(r1 - r0)
    keys += ["ArrowRight" if c1 > c0 else "ArrowLeft"] * abs(c1 - c0)
    for key in keys:
        page.keyboard.press(key)
    assert focused(page, "data-pile") == pile


def card_name(card: str) -> str:
    return f"{RANKS.get(card[:-1], card[:-1])} of {SUITS[card[-1]]}"


def test_forty_thieves_moves_with_the_keyboard_alone(page: Page) -> None:
    out = open_game(page, "forty-thieves")
    tab_to(page, ".ft [role=gridcell]")
    assert focus_ring(page) == ("solid", "3px")
    walk_to(page, "t3")
    top = state(page)["state"]["tableau"][3][-1]
    assert focused(page, "aria-label") == f"{card_name(top)}, tableau 4, top card"
    page.keyboard.press("Enter")  # picked ...
    assert focused(page, "aria-selected") == "true"
    expect_announced(page, "Picked")
    page.keyboard.press("Escape")  # ... and put back
    expect(page.locator('.ft [aria-selected="true"]')).to_have_count(0)
    for moves in range(1, 4):  # three moves the hint names, by arrows and Enter
        move = hint(page, out["id"])
        if move["source"] != "deck":
            walk_to(page, move["source"])
            page.keyboard.press("Enter")
        walk_to(page, move["target"] if move["source"] != "deck" else "deck")
        before = state(page)["state"]
        after = press(page, "Enter")["state"]
        assert after["moves"] == moves
        assert after["last"]["source"] == move["source"]
        assert after != before
    game = state(page)["state"]
    label = focused(page, "aria-label") or ""
    shown = page.text_content("#message") or ""
    assert shown == game["last"]["words"] and label  # the move said aloud


def test_forty_thieves_terminal_keys_and_space_on_a_focused_hint_hints(
    page: Page,
) -> None:
    open_game(page, "forty-thieves")
    new_game_by_keyboard(page, "5")  # tableau 3 ends with the ace of hearts
    out = state(page)
    assert out["state"]["tableau"][2][-1] == "AH"
    page.keyboard.press("3")  # pick tableau 3, as in the terminal
    assert focused(page, "data-pile") == "t2"
    assert focused(page, "aria-selected") == "true"
    page.keyboard.press("F")
    after = press(page, "2")["state"]  # F then 2: foundation 2
    assert after["foundations"][1] == ["AH"] and after["moves"] == 1
    tableau = after["tableau"]
    page.keyboard.press("1")
    page.keyboard.press("Escape")  # tableau 1 picked, then put back
    expect(page.locator('.ft [aria-selected="true"]')).to_have_count(0)
    tab_to(page, "#hint")
    after_answer(page, lambda: page.keyboard.press(" "))
    now = state(page)["state"]
    assert now["deck"] == out["state"]["deck"] and now["tableau"] == tableau
    assert (page.text_content("#message") or "").startswith("Hint:")


# ------------------------------------------------------------ Dots
def steps(start: list[int], end: list[int]) -> list[str]:
    dr, dc = end[0] - start[0], end[1] - start[1]
    return ["ArrowDown" if dr > 0 else "ArrowUp"] * abs(dr) + [
        "ArrowRight" if dc > 0 else "ArrowLeft"
    ] * abs(dc)


def cursor(page: Page) -> list[int]:
    return [int(focused(page, "data-row") or -1), int(focused(page, "data-col") or -1)]


def play_path_by_keyboard(page: Page, path: list[list[int]]) -> dict[str, Any]:
    for key in steps(cursor(page), path[0]):
        page.keyboard.press(key)
    page.keyboard.press(" ")
    for here, there in itertools.pairwise(path):
        for key in steps(here, there):
            page.keyboard.press(key)
        page.keyboard.press(" ")
    assert page.locator('#board-dots [aria-selected="true"]').count() == len(path)
    return press(page, "Enter")


def test_dots_path_with_the_keyboard_alone(page: Page) -> None:
    out = open_game(page, "dots")
    tab_to(page, "#board-dots [role=gridcell]")
    assert focus_ring(page) == ("solid", "3px")
    colours = {"R": "red", "O": "orange", "G": "green", "B": "blue"}
    grid = state(page)["state"]["grid"]
    assert focused(page, "aria-label") == f"{colours[grid[0][0]]} dot, row 1, column 1"
    page.keyboard.press(" ")  # a path started, then forgotten
    page.keyboard.press("Escape")
    assert page.locator("#board-dots .in-path").count() == 0
    path = hint(page, out["id"])["path"]
    before = state(page)["state"]
    after = play_path_by_keyboard(page, path)["state"]
    assert after["moves_left"] == before["moves_left"] - 1
    assert after["last"]["path"] == path
    expect_announced(page, "moves left")
    # The count is labelled as what it is (it once read "MOVES 20").
    label = page.locator("#dots-moves").evaluate("b => b.parentElement.innerText")
    assert label.lower().split() == ["moves", "left", str(after["moves_left"])]


def test_dots_won_by_keyboard_then_autoplay_is_off(page: Page) -> None:
    open_game(page, "dots")
    upload_by_keyboard(page, "one_move_from_winning.dots")
    game_id = state(page)["id"]
    assert page.locator("#autoplay").is_enabled()
    tab_to(page, "#board-dots [role=gridcell]")
    out = play_path_by_keyboard(page, hint(page, game_id)["path"])
    assert out["state"]["won"] and out["finished"]
    expect_announced(page, "You win!")
    assert page.locator("#autoplay").is_disabled()


def test_a_key_in_a_stale_tab_draws_the_game_as_it_is(page: Page) -> None:
    """Two tabs on one game: a key in the tab that missed the other's move
    is refused without a red line, and the tab then shows the game
    as the server has it."""
    open_game(page, "2048")
    new_game_by_keyboard(page, "5")
    other = page.context.new_page()
    other.base = page.base
    open_game(other, "2048")
    assert state(other)["id"] == state(page)["id"]
    moved = press(other, "ArrowUp")["state"]
    message = page.locator("#message")
    after_answer(page, lambda: page.keyboard.press("ArrowLeft"))
    now = state(page)["state"]
    assert now == moved, "the stale tab's move was not played"
    assert board_2048(page) == now["board"]
    expect(message).to_contain_text("another tab")
    assert "error" not in (message.get_attribute("class") or "")


def test_dots_square_closed_with_the_keyboard(page: Page) -> None:
    open_game(page, "dots")
    upload_by_keyboard(page, "square_ready.dots")  # blue 2x2 at rows 1-2, columns 4-5
    tab_to(page, "#board-dots [role=gridcell]")
    square = [[0, 3], [0, 4], [1, 4], [1, 3]]
    for key in steps(cursor(page), square[0]):
        page.keyboard.press(key)
    for here, there in itertools.pairwise([*square, square[0]]):
        page.keyboard.press(" ")
        for key in steps(here, there):
            page.keyboard.press(key)
    page.keyboard.press(" ")  # on the first dot again: the square closes
    expect_announced(page, "Square of blue dots closed")
    before = state(page)["state"]
    after = press(page, "Enter")["state"]
    assert after["last"]["square"] is True
    assert after["objective"]["left"] < before["objective"]["left"] - 4
