"""The page's round five in headless Chromium (issue 37, a new user's
findings): ``b`` in every game, a Dots hint ready to play, the New game
dialog's focus and seed, the end-of-game overlays, and the wording the
docs promise. Against a real server, as in test_web_browser.py (one
server and one browser for the module)."""

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
    server,
    state,
)
from tests.test_web_keyboard import expect_announced

__all__ = ["browser", "page", "server"]  # fixtures used by name


def active(page: Page, attribute: str = "id") -> Any:
    return page.evaluate(
        f"document.activeElement === document.body ? 'BODY'"
        f" : document.activeElement.getAttribute('{attribute}')"
    )


# ------------------------------------------------------------ 1. b
def test_b_reads_the_forty_thieves_standing_and_help_lists_b(page: Page) -> None:
    out = open_game(page, "forty-thieves")
    page.locator(".ft-table [tabindex='0']").first.focus()
    page.keyboard.press("b")
    deck = out["state"]["deck"]
    expect_announced(page, f"Move 0. 0 cards home, {deck} in the deck; waste: empty.")
    page.keyboard.press("?")
    keys = page.locator("#panel-dialog .help-keys")
    expect(keys).to_contain_text("read the board (2048) or the game's standing aloud")
    page.keyboard.press("Escape")


def test_b_reads_the_2048_board_and_the_dots_standing(page: Page) -> None:
    open_game(page, "2048")
    expect(page.locator("#how-2048")).to_contain_text("b reads the whole board aloud")
    page.locator("#board-2048").focus()
    page.keyboard.press("b")
    expect(page.locator("#announce")).not_to_be_empty()
    out = open_game(page, "dots")
    page.locator("#board-dots [tabindex='0']").focus()
    page.keyboard.press("b")
    expect_announced(page, f"{out['state']['moves_left']} moves left")


# ------------------------------------------------------------ 2. Dots hint
def test_a_dots_hint_is_drawn_ready_and_enter_plays_it(page: Page) -> None:
    before = open_game(page, "dots")["state"]
    page.locator("#board-dots [tabindex='0']").focus()
    after_answer(page, lambda: page.keyboard.press("H"))
    # It says how to play what it drew (a new user was not told).
    expect(page.locator("#message")).to_have_text(
        re.compile(
            r"^Hint: join row \d column \d.*\. Enter plays it, Escape forgets it$"
        )
    )
    drawn = page.locator("#board-dots .in-path")
    expect(drawn.first).to_be_visible()
    hinted = drawn.count()
    assert hinted >= 2
    page.wait_for_timeout(1600)  # the old hint faded after 1.5 s
    assert drawn.count() == hinted, "the hinted path stays drawn"
    after_answer(page, lambda: page.keyboard.press("Enter"))
    after = state(page)["state"]
    assert after["moves_left"] == before["moves_left"] - 1
    assert len(after["last"]["path"]) == hinted


# ------------------------------------------------------------ 3. New game dialog
def test_n_opens_new_game_on_start_and_focus_stays_in_and_comes_back(
    page: Page,
) -> None:
    first = open_game(page, "2048")
    page.locator("#board-2048").focus()
    page.keyboard.press("n")
    expect(page.locator("#new-dialog")).to_be_visible()
    assert active(page) == "new-ok", "Start has the focus, not the seed field"
    for _ in range(8):  # round and round: never out to <body>
        page.keyboard.press("Tab")
        assert page.evaluate(
            "document.querySelector('#new-dialog').contains(document.activeElement)"
        )
    for _ in range(8):
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(
            "document.querySelector('#new-dialog').contains(document.activeElement)"
        )
    page.keyboard.press("Escape")
    expect(page.locator("#new-dialog")).to_be_hidden()
    assert active(page) == "board-2048", "the focus is back where it was"
    page.keyboard.press("n")
    expect(page.locator("#new-dialog")).to_be_visible()
    after_answer(page, lambda: page.keyboard.press("Enter"))
    assert state(page)["id"] != first["id"]
    after_answer(page, lambda: page.keyboard.press("u"))  # the page's key again
    expect(page.locator("#message")).to_have_text("Undone: the last game is back")
    assert state(page)["id"] == first["id"]


# ------------------------------------------------------------ 4, 5. overlays
def upload_stuck_deal(page: Page) -> None:
    open_game(page, "forty-thieves")
    open_saves(page)
    stuck = str(SAVES / "no_move_left.forty-thieves")
    after_answer(page, lambda: page.set_input_files("#upload", stuck))
    expect(page.locator(".ft .overlay")).to_be_visible()


def test_no_move_left_offers_only_what_works_with_a_visible_ring(page: Page) -> None:
    upload_stuck_deal(page)
    assert not state(page)["can_undo"]
    expect(page.locator(".ft .overlay .ft-undo")).to_be_hidden()
    expect(page.locator(".ft .overlay .ft-new")).to_be_focused()
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert ring == "solid", ring


def test_an_overlay_leaves_the_header_usable_and_the_board_inert(page: Page) -> None:
    upload_stuck_deal(page)
    assert page.evaluate(
        "document.querySelector('.ft-table').closest('[inert]') !== null"
    )
    for control in ["header.top", "#saves"]:
        assert page.evaluate(
            f"document.querySelector('{control}').closest('[inert]') === null"
        )
    open_saves(page)  # an upload closed it
    with page.expect_download() as download:
        page.click("#download")  # the stuck game's save, by mouse
    assert download.value.suggested_filename == "save.forty-thieves"
    page.click("#help")
    expect(page.locator("#panel-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    for _ in range(30):  # Tab goes round the header and the overlay only
        page.keyboard.press("Tab")
        inside = "document.activeElement.closest('header.top, #saves, .ft-bar, .overlay') !== null"
        assert page.evaluate(inside), active(page, "class")
    page.click(".tabs button[data-kind='dots']")
    page.wait_for_selector('body[data-kind="dots"]')


# ------------------------------------------------------------ 6. seed
def test_a_wrong_seed_keeps_the_dialog_open_with_a_plain_reason(page: Page) -> None:
    first = open_game(page, "2048")
    rule = "a whole number from -9223372036854775808 to 9223372036854775807"
    page.click("#new")
    for seed in ["abc", "99999999999999999999999", "9223372036854775808"]:
        page.fill("#new-seed", seed)
        page.click("#new-ok")
        expect(page.locator("#new-dialog")).to_be_visible()
        expect(page.locator("#new-error")).to_have_text(f"The seed must be {rule}.")
        assert page.input_value("#new-seed") == seed, "what was typed is kept"
        assert active(page) == "new-seed"
    assert state(page)["id"] == first["id"]
    page.fill("#new-seed", "-9223372036854775808")
    after_answer(page, lambda: page.click("#new-ok"))
    assert state(page)["state"]["seed"] == "-9223372036854775808"
    refused = page.request.post(
        f"{page.base}/api/games", data={"game": "2048", "seed": "abc"}
    )
    assert refused.status == 422
    assert refused.json()["error"] == f"seed: {rule}"


# ------------------------------------------------------------ 7. uploads
def test_an_upload_is_refused_by_its_own_size_and_binary_is_not_text(
    page: Page, tmp_path: Path
) -> None:
    open_game(page, "2048")
    open_saves(page)
    message = page.locator("#message")
    big = tmp_path / "big.2048"
    big.write_text("0\t\n" * (4_500_000))  # 12.9 MiB; escaped in JSON, 21.5
    page.set_input_files("#upload", str(big))
    expect(message).to_have_text(
        "big.2048: this save is 12.9 MiB; the largest accepted is 12 MiB"
    )
    for name, data in [
        ("photo.2048", b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe" * 20),
        ("wide.dots", "dots save 1\n".encode("utf-16")),
    ]:
        (tmp_path / name).write_bytes(data)
        page.set_input_files("#upload", str(tmp_path / name))
        expect(message).to_have_text(f"{name}: not a text save file")
    sent = page.request.post(
        f"{page.base}/api/upload", data={"text": "E\ufffd\x00e#", "filename": "x.2048"}
    )
    assert sent.status == 422
    assert sent.json()["error"] == "x.2048: not a text save file"


# ------------------------------------------------------------ 9, 11. words
def test_replay_deal_says_deal_again_and_statistics_mark_loaded_games(
    page: Page,
) -> None:
    seed = open_game(page, "forty-thieves")["state"]["seed"]
    after_answer(page, lambda: page.click(".ft-replay"))
    expect(page.locator("#message")).to_have_text(
        f"Deal {seed} again (u brings the last one back)"
    )
    page.click(".ft-stats")
    dialog = page.locator("#panel-dialog")
    expect(dialog).to_contain_text("Loaded from a save")
    expect(dialog).to_contain_text("sets no best time")
    page.keyboard.press("Escape")


def test_dots_counts_one_move_in_the_singular_and_nothing_to_undo_is_the_terminals(
    page: Page,
) -> None:
    open_game(page, "dots")
    open_saves(page)
    last = str(SAVES / "last_move.dots")
    after_answer(page, lambda: page.set_input_files("#upload", last))
    page.locator("#board-dots [tabindex='0']").focus()
    page.keyboard.press("b")
    expect_announced(page, "1 move left, ")
    refused = page.request.post(f"{page.base}/api/games/{state(page)['id']}/undo")
    assert refused.status == 409 and refused.json()["error"] == "Nothing to undo"


# ------------------------------------------------------------ 12. slots
def test_slots_say_a_missing_name_and_a_declined_replace_plainly(page: Page) -> None:
    open_game(page, "2048")
    open_saves(page)
    message = page.locator("#message")
    page.fill("#slot-name", "  ")
    page.click("#slot-save")
    expect(message).to_have_text("Type a name for the slot first")
    page.fill("#slot-name", "kept")
    after_answer(page, lambda: page.click("#slot-save"), count=2)  # saved, listed
    expect(message).to_have_text("Saved in slot kept")
    page.click("#new")
    after_answer(page, lambda: page.click("#new-ok"))  # another game: it asks
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("#slot-save")
    expect(message).to_have_text("Not saved: the slot kept is kept as it was")


# ------------------------------------------------------------ 13. layout, autoplay
def test_an_upload_closes_the_saves_panel(
    page: Page,
) -> None:
    open_game(page, "2048")
    open_saves(page)
    after_answer(
        page, lambda: page.set_input_files("#upload", str(SAVES / "midgame.2048"))
    )
    expect(page.locator("#saves")).to_be_hidden()
    assert active(page) != "BODY"


def test_autoplay_waits_behind_help_and_a_key_stops_it(page: Page) -> None:
    open_game(page, "dots")
    page.locator("#board-dots [tabindex='0']").focus()
    page.keyboard.press("A")
    expect(page.locator("#message")).to_contain_text("Autoplay:")
    page.keyboard.press("?")
    expect(page.locator("#panel-dialog")).to_be_visible()
    page.wait_for_timeout(400)  # the step in flight lands
    moves = state(page)["state"]["moves"]
    page.wait_for_timeout(1000)
    assert state(page)["state"]["moves"] == moves, "paused behind Help"
    page.keyboard.press("Escape")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#message")).to_have_text("Autoplay stopped")
    expect(page.locator("#autoplay")).to_have_text("Autoplay")
    page.wait_for_timeout(500)
    expect(page.locator("#message")).to_have_text("Autoplay stopped")


# ------------------------------------------------------------ 14. Forty Thieves
def test_a_dragged_card_leaves_no_faded_copy_and_a_win_keeps_the_bar_usable(
    page: Page,
) -> None:
    open_game(page, "forty-thieves")
    page.click("#new")
    after_answer(page, lambda: page.click("#new-ok"))  # a deal to drag in
    page.wait_for_timeout(1500)  # the deal has flown out of the deck
    card = page.locator('[data-pile="t0"] .card').last
    box = card.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 10)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 60, box["y"] + 200, steps=5)
    lifted = page.locator('[data-pile="t0"] .card.lifted')
    expect(lifted).to_have_count(1)
    assert lifted.evaluate("c => getComputedStyle(c).visibility") == "hidden"
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 10, steps=5)
    page.mouse.up()
    open_saves(page)
    won = str(SAVES / "two_moves_from_winning.forty-thieves")
    after_answer(page, lambda: page.set_input_files("#upload", won))
    after_answer(page, lambda: page.click(".ft-finish"))
    expect(page.locator(".ft .overlay")).to_be_visible()
    assert state(page)["state"]["won"]
    page.wait_for_timeout(2500)  # the kings have jumped
    for button in [".ft-stats", ".ft-rules"]:
        hit = page.locator(button).evaluate(
            "b => { const r = b.getBoundingClientRect();"
            " return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === b"
            " && !b.closest('[inert]'); }"
        )
        assert hit, f"{button} is covered or inert under the win"
    page.click(".ft-stats")
    expect(page.locator("#panel-dialog")).to_be_visible()
    page.keyboard.press("Escape")


# ------------------------------------------------------------ 15. Dots pointer
def test_space_on_a_dot_of_another_colour_says_why(page: Page) -> None:
    out = open_game(page, "dots")
    grid = out["state"]["grid"]
    row = next(r for r in range(6) if grid[r][0] != grid[r][1])
    page.locator("#board-dots [tabindex='0']").focus()
    for _ in range(row):
        page.keyboard.press("ArrowDown")
    page.keyboard.press(" ")
    page.keyboard.press("ArrowRight")
    page.keyboard.press(" ")
    names = {"R": "red", "O": "orange", "G": "green", "B": "blue"}
    expect(page.locator("#message")).to_have_text(
        f"That dot is {names[grid[row][1]]}: this path joins {names[grid[row][0]]} dots only."
    )


def test_a_drag_let_go_outside_the_board_plays_nothing(page: Page) -> None:
    out = open_game(page, "dots")
    path = page.request.post(f"{page.base}/api/games/{out['id']}/hint").json()["hint"][
        "path"
    ]
    board = page.locator("#board-dots").bounding_box()
    cell = board["width"] / 6
    page.mouse.move(
        board["x"] + (path[0][1] + 0.5) * cell, board["y"] + (path[0][0] + 0.5) * cell
    )
    page.mouse.down()
    for r, c in path[1:]:
        page.mouse.move(
            board["x"] + (c + 0.5) * cell, board["y"] + (r + 0.5) * cell, steps=4
        )
    page.mouse.move(board["x"] + board["width"] + 40, board["y"] - 40, steps=4)
    page.mouse.up()
    expect(page.locator("#message")).to_have_text(
        "Path cancelled: let go outside the board"
    )
    assert state(page)["state"]["moves_left"] == out["state"]["moves_left"]
