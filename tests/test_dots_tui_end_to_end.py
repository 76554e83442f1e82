"""The real ``python -m playmanager --game dots --tui`` on a pseudo-terminal.

pexpect runs the program on a pty and pyte shows its screen as a person
would see it (``tests/pty_terminal.py``): a path drawn with the keys and
played, a path dragged with the mouse (xterm's SGR mouse sequences, as a
terminal sends them), the win overlay and play again, the hint, saving
and the save prompt, Ctrl-C, resizing, NO_COLOR, the terminal closing
and the terminal given back.
"""

from __future__ import annotations

import re
import shlex
import signal
import sys
from pathlib import Path

import pytest

from gamestate.dots import GameBoardT
from playmanager.dots.savefile import load, save
from playmanager.dots.tui.layout import grid_for
from tests.pty_terminal import Terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")

FOOTER_END = "? help  q quit"
UP, DOWN, RIGHT, LEFT = "\x1bOA", "\x1bOB", "\x1bOC", "\x1bOD"  # xterm keypad mode
ROWS, COLS = 32, 100
FIVE_R = [(1, 3), (1, 2), (0, 2), (0, 1), (1, 1)]


def dots(*args: str) -> str:
    return shlex.join(
        [sys.executable, "-m", "playmanager", "--game", "dots", "--tui", *args]
    )


def terminal(command: str, cwd: Path, **options: object) -> Terminal:
    return Terminal(command, cwd, rows=ROWS, cols=COLS, footer=FOOTER_END, **options)  # type: ignore[arg-type]


def mouse_at(cell: tuple[int, int]) -> tuple[int, int]:
    """The 1-based (x, y) of a dot's middle, as SGR mouse reports count."""
    grid = grid_for(COLS, ROWS)
    assert grid is not None
    row = grid.cell_top(cell[0]) + (grid.cell_height - 1) // 2
    col = grid.cell_left(cell[1]) + grid.cell_width // 2
    return col + 1, row + 1


def drag(term: Terminal, path: list[tuple[int, int]]) -> None:
    """Press on the first dot, drag through the others, release on the last."""
    x, y = mouse_at(path[0])
    term.press(f"\x1b[<0;{x};{y}M")
    for cell in path[1:]:
        x, y = mouse_at(cell)
        term.press(f"\x1b[<32;{x};{y}M")
    term.press(f"\x1b[<0;{x};{y}m")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path


def test_a_path_drawn_with_the_keys_is_played(folder: Path) -> None:
    term = terminal(dots("--seed", "5"), folder)
    term.wait_for("seed 5", "Score 0   Moves left 4")
    # The cursor starts at (3,3); go to (1,3), start, draw the five R.
    term.press(UP + UP + " " + LEFT + UP + LEFT + DOWN)
    term.wait_for("Path of 5 R: Space or Enter plays it")
    term.press(" ")
    screen = term.wait_for("Cleared 5 R", "Score 5   Moves left 3")
    assert "clear 1 more R (red)" in screen
    term.press("u")
    term.wait_for("Undone; nothing more to undo", "Score 0   Moves left 4")
    term.press("q")  # back at the fresh deal: nothing to lose, no question
    assert term.wait_for_exit() == 0
    assert not (folder / "save.dots").exists()


def test_a_mouse_drag_plays_a_path_as_on_a_phone(folder: Path) -> None:
    term = terminal(dots("--seed", "5"), folder)
    term.wait_for("seed 5")
    assert b"\x1b[?1002h" in term.raw  # drags are reported
    drag(term, FIVE_R)
    term.wait_for("Cleared 5 R", "Score 5   Moves left 3")
    game = GameBoardT(seed=5)
    game.move(FIVE_R)
    grid = grid_for(COLS, ROWS)
    assert grid is not None
    row = term.text().splitlines()[grid.cell_top(0) + 1]
    letters = [char for char in row if char.isascii() and char.isalpha()]
    assert letters == [cell.value for cell in game.get_boardT()[0]]
    term.press("q")
    term.press("n")
    assert term.wait_for_exit() == 0
    assert b"\x1b[?1002l" in term.raw  # and no longer afterwards


def test_a_win_shows_its_overlay_and_play_again_starts_the_next_seed(
    folder: Path,
) -> None:
    term = terminal(dots("--seed", "5", "--objective", "R:2"), folder)
    term.wait_for("seed 5")
    drag(term, [(0, 4), (0, 5)])
    term.footer = "q quit"  # the end box's last keys: it covers the key line
    term.wait_for("You win!", "R (red) cleared with 3 moves to spare. Score: 2.")
    term.footer = FOOTER_END
    term.press("n")
    term.wait_for("seed 6", "New game, seed 6")
    term.press("q")  # issue 21: a new game with no move asks nothing, saves nothing
    # issue 36 (new user, 4): the won game n gave up is finished: q keeps
    # no rescue of it (it was offered back as "left unfinished")
    assert term.wait_for_exit() == 0
    assert not (folder / "save.dots").exists()
    assert not list(folder.rglob("rescued*"))


def test_the_hint_is_drawn_ready_to_play(folder: Path) -> None:
    term = terminal(dots("--seed", "5"), folder)
    term.wait_for("seed 5")
    term.press("H")
    term.wait_for("Hint: ", ": Enter plays it, Esc drops it")
    term.press("\n")
    term.wait_for("Cleared 5 R")
    term.press("o")
    term.wait_for("Saved to save.dots")
    term.press("q")
    assert term.wait_for_exit() == 0
    assert load(str(folder / "save.dots")).get_score() == 5


def test_ctrl_c_asks_then_quits_and_the_terminal_is_restored(folder: Path) -> None:
    command = f"trap : INT; {dots('--seed', '5')}; echo status=$?; stty -a"
    term = terminal(command, folder)
    term.wait_for("seed 5")
    term.press("H\n")
    term.wait_for("Cleared 5 R")
    term.press("\x03")
    term.wait_for("before quitting?")
    term.press("\x03")
    assert term.wait_for_exit() == 0
    after = term.raw.rsplit(b"status=", 1)[1]
    assert after.startswith(b"0")
    assert re.search(r"(?<!-)\bicanon\b", after.decode())  # line mode is back
    assert re.search(r"(?<!-)\becho\b", after.decode())


def test_dots_are_coloured_unless_no_color_is_set(folder: Path) -> None:
    term = terminal(dots("--seed", "5"), folder)
    term.wait_for("seed 5")
    grid = grid_for(COLS, ROWS)
    assert grid is not None
    row, col = grid.cell_top(0) + 1, grid.cell_left(0) + grid.cell_width // 2
    assert term.screen.buffer[row][col].data == "R"
    red = term.background(row, col)
    blue = term.background(row, grid.cell_left(3) + grid.cell_width // 2)
    assert "default" not in (red, blue) and red != blue
    term.press("q")
    term.wait_for_exit()

    plain = terminal(dots("--seed", "5"), folder, env={"NO_COLOR": "1"})
    screen = plain.wait_for("seed 5")
    cursor_row = screen.splitlines()[grid.cell_top(3) + 1]
    assert cursor_row.split() == ["G", "R", "R", "[G]", "O", "B"]
    cells = [char for line in plain.screen.buffer.values() for char in line.values()]
    assert all(char.bg == "default" and char.fg == "default" for char in cells)
    plain.press("q")
    plain.wait_for_exit()


def test_a_small_terminal_gets_a_message_and_resizing_redraws(folder: Path) -> None:
    term = Terminal(dots(), folder, rows=12, cols=40, footer="")
    term.wait_until(lambda s: "Too small" in s, "the too-small message")
    term.child.setwinsize(24, 80)
    term.screen.resize(24, 80)
    term.footer = FOOTER_END
    term.wait_for("Objective")
    term.press("q")
    assert term.wait_for_exit() == 0


def test_the_terminal_closing_rescues_unsaved_progress(folder: Path) -> None:
    term = terminal(f"exec {dots('--seed', '5', 'kept.dots')}", folder)
    term.wait_for("kept.dots does not exist yet")
    term.press("H\n")
    term.wait_for("Cleared 5 R")
    term.child.kill(signal.SIGHUP)  # what a closing terminal window sends
    term.wait_for_exit()
    game = GameBoardT(seed=5)
    game.move(FIVE_R)
    assert not (folder / "kept.dots").exists()
    rescue = folder / "data" / "gamestate2048" / "rescued.dots"
    assert load(str(rescue)).get_score() == game.get_score()


def test_a_saved_game_opens_full_screen(folder: Path) -> None:
    save(GameBoardT(seed=9, random_board=True, squares=True), str(folder / "mine.dots"))
    command = shlex.join([sys.executable, "-m", "playmanager", "--tui", "mine.dots"])
    term = terminal(command, folder)  # the file's first line says it is Dots
    term.wait_for("Loaded mine.dots", "seed 9   squares on")
    term.press("q")
    assert term.wait_for_exit() == 0


def test_without_a_terminal_it_says_so(folder: Path) -> None:
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "playmanager", "--game", "dots", "--tui"],
        input="",
        capture_output=True,
        text=True,
        cwd=folder,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr == (
        "playmanager: --tui cannot start: stdin and stdout must be a terminal\n"
    )
    assert done.stdout == ""
