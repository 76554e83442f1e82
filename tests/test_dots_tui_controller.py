"""Dots full screen, without curses: keys and mouse events in, the Screen out."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamestate.dots import CellT, GameBoardT
from gamestate.dots.hint import hint
from playmanager.dots.adapter import Dots
from playmanager.dots.savefile import load
from playmanager.dots.tui.controller import Controller
from playmanager.screen.modal import Mode
from playmanager.screen.shell import CTRL_C, ESCAPE
from playmanager.session import Session

UP, DOWN, LEFT, RIGHT = "KEY_UP", "KEY_DOWN", "KEY_LEFT", "KEY_RIGHT"
FIVE_R = [(1, 3), (1, 2), (0, 2), (0, 1), (1, 1)]


def make(tmp_path: Path, game: GameBoardT | None = None) -> Controller:
    game = game or GameBoardT(seed=5)
    session = Session(
        Dots(game.level),
        game,
        game.level.seed,
        str(tmp_path / "save.dots"),
        loaded=False,
    )
    return Controller(
        session,
        rescue_folder=str(tmp_path / "data"),
    )


def press(controller: Controller, *keys: str) -> None:
    for key in keys:
        controller.press(key)


def to(controller: Controller, cell: tuple[int, int]) -> None:
    """Move the cursor to ``cell`` with the arrows (no path drawn)."""
    row, col = controller.screen().cursor
    keys = [DOWN if cell[0] > row else UP] * abs(cell[0] - row)
    keys += [RIGHT if cell[1] > col else LEFT] * abs(cell[1] - col)
    press(controller, *keys)


def test_the_cursor_starts_in_the_middle_and_stays_on_the_board(tmp_path: Path) -> None:
    c = make(tmp_path)
    assert c.screen().cursor == (3, 3)
    press(c, *[UP] * 9, *[LEFT] * 9)
    assert c.screen().cursor == (0, 0)
    press(c, "j", "l", "l")
    assert c.screen().cursor == (1, 2)
    press(c, "k", "h")
    assert c.screen().cursor == (0, 1)


def test_space_starts_arrows_draw_and_space_plays(tmp_path: Path) -> None:
    c = make(tmp_path)
    to(c, (1, 3))
    press(c, " ", LEFT, UP, LEFT, DOWN)
    assert c.screen().path == tuple(FIVE_R)
    assert c.screen().status == "Path of 5 R: Space or Enter plays it"
    press(c, " ")
    assert c.game.get_score() == 5 and c.screen().path == ()
    assert c.screen().status == "Cleared 5 R"
    assert c.screen().gained == 5  # shown by the score, for a moment
    assert c.unsaved


def test_an_arrow_back_onto_the_path_takes_the_last_dot_off(tmp_path: Path) -> None:
    c = make(tmp_path)
    to(c, (1, 3))
    press(c, " ", LEFT, UP, DOWN)
    assert c.screen().path == ((1, 3), (1, 2))
    assert c.screen().cursor == (1, 2)


def test_an_arrow_onto_another_colour_leaves_the_path_and_says_why(
    tmp_path: Path,
) -> None:
    c = make(tmp_path)
    to(c, (0, 2))
    press(c, " ", RIGHT)
    assert c.screen().path == ((0, 2),)
    assert c.screen().cursor == (0, 3)
    assert c.screen().status == "Off the path: (0,3) is B, the path is R"
    press(c, DOWN, LEFT, " ")  # Space on a dot that continues the path adds it
    assert c.screen().path == ((0, 2), (1, 2))
    press(c, DOWN, DOWN, " ")
    assert c.screen().status == "(3,2) is not next to (1,2), the path's end"


def test_enter_plays_from_anywhere_backspace_shortens_esc_drops(tmp_path: Path) -> None:
    c = make(tmp_path)
    to(c, (0, 0))
    press(c, " ", RIGHT, RIGHT, "KEY_BACKSPACE")
    assert c.screen().path == ((0, 0), (0, 1))
    press(c, ESCAPE)
    assert c.screen().path == () and c.game.get_score() == 0
    press(c, " ", "\n")
    assert c.screen().status == "A path needs at least 2 dots: Space starts one"
    press(c, RIGHT, "\n")  # from the path's end, the arrow drew (0,2) on
    assert c.game.get_score() == 2


def test_the_hint_is_drawn_as_the_path_and_enter_plays_it(tmp_path: Path) -> None:
    c = make(tmp_path)
    expected = hint(GameBoardT(seed=5))
    assert expected is not None
    press(c, "H")
    assert list(c.screen().path) == expected
    assert c.screen().status.endswith(": Enter plays it, Esc drops it")
    press(c, "\n")
    assert c.game.get_score() == len(expected)


def test_a_square_shows_and_clears_every_dot_of_its_colour(tmp_path: Path) -> None:
    c = make(tmp_path, GameBoardT(seed=5, squares=True))
    to(c, (0, 1))
    press(c, " ", RIGHT, DOWN, LEFT)
    assert c.screen().square
    assert c.screen().status == "Square! Playing it clears all 12 R"
    press(c, "\n")
    assert c.game.get_score() == 12


def test_winning_shows_the_overlay_and_its_keys(tmp_path: Path) -> None:
    c = make(tmp_path, GameBoardT(seed=5, objective=(CellT.R, 2)))
    to(c, (0, 4))
    press(c, " ", RIGHT, " ")
    overlay = c.screen().overlay
    assert overlay is not None and overlay.title == "You win!"
    assert overlay.lines[0] == "R (red) cleared with 3 moves to spare. Score: 2."
    press(c, " ", LEFT, "H")  # playing keys do nothing now
    assert c.screen().path == ()
    press(c, "u")
    assert c.screen().overlay is None and c.game.get_score() == 0
    press(c, RIGHT, " ", "n")  # play again: a new game of the level
    assert c.game.level.seed == 6 and c.game.get_score() == 0


def test_losing_shows_game_over_and_n_plays_again(tmp_path: Path) -> None:
    c = make(tmp_path, GameBoardT(seed=5, moves=1))
    to(c, (2, 3))
    press(c, " ", RIGHT, "\n")
    overlay = c.screen().overlay
    assert overlay is not None and overlay.title == "Game over"
    assert overlay.lines[0] == "Out of moves, with 6 R still to clear. Score: 2."
    press(c, "n")
    assert c.screen().overlay is None and c.game.level.seed == 6
    press(c, "u")
    assert c.screen().overlay is not None  # the lost game is back


def test_undo_and_new_game_history(tmp_path: Path) -> None:
    c = make(tmp_path)
    press(c, "u")
    assert c.screen().status == "Nothing to undo"
    press(c, "H", "\n", "n")
    assert c.game.get_score() == 0 and c.game.level.seed == 6
    press(c, "u")
    assert c.game.level.seed == 5 and c.game.get_score() == 5
    press(c, "u")
    assert c.game == GameBoardT(seed=5)
    assert c.screen().status == "Undone; nothing more to undo"


def test_save_and_quit_without_asking_when_saved(tmp_path: Path) -> None:
    c = make(tmp_path)
    press(c, "H", "\n", "o")
    assert c.screen().status == f"Saved to {tmp_path / 'save.dots'}"
    assert load(str(tmp_path / "save.dots")) == c.game
    press(c, "q")
    assert c.finished


def test_quit_asks_with_unsaved_progress(tmp_path: Path) -> None:
    c = make(tmp_path)
    press(c, "H", "\n", "q")
    overlay = c.screen().overlay
    assert overlay is not None and overlay.title == "Unsaved game"
    press(c, "c")
    assert c.screen().overlay is None and not c.finished
    press(c, CTRL_C, "y")
    assert c.finished
    assert load(str(tmp_path / "save.dots")).get_score() == 5


def test_ctrl_c_twice_quits_without_saving(tmp_path: Path) -> None:
    c = make(tmp_path)
    press(c, "H", "\n", CTRL_C, CTRL_C)
    assert c.finished and not (tmp_path / "save.dots").exists()


def test_a_failed_save_says_why_and_keeps_playing(tmp_path: Path) -> None:
    (tmp_path / "save.dots").mkdir()
    c = make(tmp_path)
    press(c, "H", "\n", "q", "y")
    assert not c.finished
    assert c.screen().status.startswith(f"Not saved to {tmp_path / 'save.dots'}: ")


def test_help_opens_and_any_key_closes_it(tmp_path: Path) -> None:
    c = make(tmp_path)
    press(c, "?")
    overlay = c.screen().overlay
    assert overlay is not None and overlay.title == "How to play"
    assert any("hint" in line for line in overlay.lines)
    press(c, "x")
    assert c.screen().overlay is None
    assert c.screen().cursor == (3, 3)


def test_hang_up_rescues_unsaved_play_and_touches_no_save(tmp_path: Path) -> None:
    """Issue 21: the rescue went over ./save.dots."""
    (tmp_path / "save.dots").write_bytes(b"someone's game")
    c = make(tmp_path)
    assert c.hang_up("Terminal closed") == "Terminal closed; nothing to save."
    c = make(tmp_path)
    press(c, "H", "\n")
    message = c.hang_up("Terminal closed")
    rescue = tmp_path / "data" / "rescued.dots"
    assert message == f"Terminal closed; game rescued to {rescue} (no save was touched)"
    assert load(str(rescue)).get_score() == 5
    assert (tmp_path / "save.dots").read_bytes() == b"someone's game"


def test_o_asks_before_replacing_a_save_it_did_not_load(tmp_path: Path) -> None:
    """Issue 21: o replaced an existing ./save.dots holding another game."""
    (tmp_path / "save.dots").write_bytes(b"someone's game")
    c = make(tmp_path)
    press(c, "H", "\n", "o")
    overlay = c.screen().overlay
    assert overlay is not None and overlay.title == "Replace a file?"
    press(c, "n")
    assert (tmp_path / "save.dots").read_bytes() == b"someone's game"
    press(c, "o", "y")
    assert load(str(tmp_path / "save.dots")) == c.game


# ------------------------------------------------------------ the mouse
def test_press_drag_release_plays_the_path(tmp_path: Path) -> None:
    c = make(tmp_path)
    c.mouse_press((1, 3))
    for cell in FIVE_R[1:]:
        c.mouse_drag(cell)
    assert c.screen().path == tuple(FIVE_R)
    c.mouse_release(FIVE_R[-1])
    assert c.game.get_score() == 5


def test_a_drag_back_shortens_and_a_wrong_dot_is_not_taken(tmp_path: Path) -> None:
    c = make(tmp_path)
    c.mouse_press((0, 0))
    c.mouse_drag((0, 1))
    c.mouse_drag((0, 2))
    c.mouse_drag((0, 1))
    assert c.screen().path == ((0, 0), (0, 1))
    c.mouse_drag((1, 0))  # O, and not next to (0,1)
    c.mouse_drag(None)  # a gap
    assert c.screen().path == ((0, 0), (0, 1))


def test_a_fast_drag_takes_the_cells_it_skipped(tmp_path: Path) -> None:
    c = make(tmp_path)
    c.mouse_press((0, 0))
    c.mouse_drag((0, 2))
    assert c.screen().path == ((0, 0), (0, 1), (0, 2))
    c.mouse_drag((0, 5))  # (0,3) is B: stops there
    assert c.screen().path == ((0, 0), (0, 1), (0, 2))


def test_a_click_starts_a_path_that_the_keys_go_on_with(tmp_path: Path) -> None:
    c = make(tmp_path)
    c.mouse_press((4, 0))
    c.mouse_release((4, 0))
    assert c.screen().path == ((4, 0),) and c.game.get_score() == 0
    press(c, RIGHT, " ")
    assert c.game.get_score() == 2


@pytest.mark.parametrize("key", ["?", "q"])
def test_the_mouse_does_nothing_under_an_overlay(tmp_path: Path, key: str) -> None:
    c = make(tmp_path)
    press(c, "H", "\n", key)
    c.mouse_press((0, 0))
    c.mouse_release((0, 1))
    assert c.game.get_score() == 5
    assert c.screen().path == ()
    assert c.mode in (Mode.HELP, Mode.CONFIRM_QUIT)


def test_the_new_dots_are_marked_for_a_moment(tmp_path: Path) -> None:
    now = [100.0]
    game = GameBoardT(seed=5)
    c = Controller(
        Session(Dots(game.level), game, 5, str(tmp_path / "s.dots"), loaded=False),
        rescue_folder=str(tmp_path),
        clock=lambda: now[0],
    )
    assert c.wake_at() is None
    c.mouse_press(FIVE_R[0])
    for cell in FIVE_R[1:]:
        c.mouse_drag(cell)
    c.mouse_release(FIVE_R[-1])
    # Cleared: two dots in columns 1 and 2, one in column 3.
    assert c.screen().fresh == {(0, 1), (1, 1), (0, 2), (1, 2), (0, 3)}
    assert c.wake_at() == pytest.approx(100.8)
    now[0] = 100.8
    c.tick()
    assert c.screen().fresh == frozenset() and c.wake_at() is None


def test_a_square_marks_every_column_it_emptied(tmp_path: Path) -> None:
    c = make(tmp_path, GameBoardT(seed=5, squares=True))
    c.mouse_press((0, 1))
    for cell in [(0, 2), (1, 2), (1, 1)]:
        c.mouse_drag(cell)
    c.mouse_release((1, 1))
    # The MIS grid's 12 R: columns 0..5 hold 1, 3, 5, 1, 1, 1 of them.
    counts = [1, 3, 5, 1, 1, 1]
    assert c.screen().fresh == {
        (r, col) for col in range(6) for r in range(counts[col])
    }
