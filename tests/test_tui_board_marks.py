"""The 2048 full screen read cell by cell on a pty (issue 16).

The board is one rectangle of the board colour (the gap rows between
tiles and the frame around them included); after a move, exactly the new
tile (a ring of its own colour) and the merged tiles (their colour spills
into the gap: the web game's pop) are marked, with the points earned next
to the score; the marks fade by themselves, and a key pressed while they
show is played at once.

Where the tiles are comes from the layout (tile_size and Grid, the map of
the screen); what each cell looks like comes from the terminal emulator.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pyte
import pytest

from gamestate import Direction, GameState
from playmanager import savefile
from playmanager.tui.controller import Screen
from playmanager.tui.layout import GAP_X, GAP_Y, HEADER_LINES, tile_size
from playmanager.tui.shell import xterm_index
from playmanager.tui.view import BOARD_COLOUR, NEW_TILE_RING, palette_key
from playmanager.tui.widgets import Grid
from tests.pty_terminal import Terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")

ROWS, COLS = 32, 100
FOOTER_END = "? help  q quit"
LEFT = "\x1bOD"
BOARD = [
    [2, 2, 0, 4],
    [0, 0, 0, 0],
    [8, 0, 8, 0],
    [0, 0, 0, 2],
]
# BOARD moved left, before the new tile, worked out by hand: the two 2s
# and the two 8s merge where the left one was.
SLID_LEFT = [
    [4, 4, 0, 0],
    [0, 0, 0, 0],
    [16, 0, 0, 0],
    [2, 0, 0, 0],
]
MERGED_LEFT = {(0, 0), (2, 0)}


def hex_of(index: int) -> str:
    """How pyte names an xterm-256 colour."""
    return pyte.graphics.FG_BG_256[index]


BOARD_BG = hex_of(xterm_index(BOARD_COLOUR))
RING_BG = hex_of(xterm_index(NEW_TILE_RING))


def tile_bg(value: int) -> str:
    """The background of a tile as the game draws it (its palette band)."""
    from playmanager.tui.view import tile_colours

    return hex_of(tile_colours(rich=True)[palette_key(value)][1])


def game_command(save: Path, *, mark_seconds: float | None = None) -> str:
    """The full screen on ``save``; marks last ``mark_seconds`` if given."""
    patch = (
        "" if mark_seconds is None else f"controller.MARK_SECONDS = {mark_seconds}\n"
    )
    script = save.parent / "run.py"
    script.write_text(
        "import sys\n"
        "from playmanager.tui import controller\n"
        f"{patch}"
        "from playmanager.cli import main\n"
        f"sys.exit(main(['--tui', {str(save)!r}]))\n"
    )
    return shlex.join([sys.executable, str(script)])


def start(tmp_path: Path, *, mark_seconds: float | None = None) -> Terminal:
    save = tmp_path / "board.2048"
    game = GameState(4, 4)
    game.setBoard(BOARD)
    savefile.save(game, str(save))
    term = Terminal(
        game_command(save, mark_seconds=mark_seconds),
        tmp_path,
        rows=ROWS,
        cols=COLS,
        footer=FOOTER_END,
    )
    term.wait_for("Loaded")
    return term


def grid_on_screen() -> Grid:
    """Where the layout puts a 4x4 board of these tiles on this terminal."""
    screen = Screen(
        board=tuple(tuple(row) for row in BOARD),
        score=0,
        best=None,
        seed=118,
        goal=2048,
        rules_name="java",
        save_target="",
        status="",
        overlay=None,
        footer="",
    )
    size = tile_size(screen, COLS, ROWS)
    assert size is not None
    grid = Grid(4, 4, size.width, size.height, GAP_X, GAP_Y, HEADER_LINES)
    return grid._replace(left=(COLS - grid.width) // 2)


def tile_cells(grid: Grid, row: int, col: int) -> set[tuple[int, int]]:
    top, left = grid.cell_top(row), grid.cell_left(col)
    return {
        (top + r, left + c)
        for r in range(grid.cell_height)
        for c in range(grid.cell_width)
    }


def ring_cells(grid: Grid, row: int, col: int) -> set[tuple[int, int]]:
    """The gap cells right around a tile: one row above and below, one
    column left and right."""
    top, left = grid.cell_top(row) - 1, grid.cell_left(col) - 1
    outer = {
        (top + r, left + c)
        for r in range(grid.cell_height + 2)
        for c in range(grid.cell_width + 2)
    }
    return outer - tile_cells(grid, row, col)


def gap_cells(grid: Grid) -> set[tuple[int, int]]:
    """Every cell of the board rectangle that is not a tile."""
    board = {
        (grid.top + r, grid.left + c)
        for r in range(grid.height)
        for c in range(grid.width)
    }
    for row in range(grid.rows):
        for col in range(grid.cols):
            board -= tile_cells(grid, row, col)
    return board


def wrong_cells(
    term: Terminal, expected: dict[tuple[int, int], str]
) -> dict[tuple[int, int], str]:
    """The cells whose background is not the expected one, and what it is."""
    seen = {cell: term.background(*cell) for cell in expected}
    return {cell: bg for cell, bg in seen.items() if bg != expected[cell]}


def backgrounds(term: Terminal, cells: set[tuple[int, int]]) -> set[str]:
    return {term.background(row, col) for row, col in cells}


def test_the_board_is_one_rectangle_with_even_gaps(tmp_path: Path) -> None:
    term = start(tmp_path)
    grid = grid_on_screen()
    gaps = gap_cells(grid)
    # the frame: the rows above and below every tile row, the columns at
    # both ends, and the gap rows between tiles, all in the board colour
    assert backgrounds(term, gaps) == {BOARD_BG}
    assert {r for r, _c in gaps} == set(range(grid.top, grid.bottom))
    for row in range(4):
        for col in range(4):
            assert backgrounds(term, tile_cells(grid, row, col)) == {
                tile_bg(BOARD[row][col])
            }
    # outside the board: the terminal's own background
    assert term.background(grid.top - 1, grid.left) == "default"
    assert term.background(grid.bottom, grid.left) == "default"
    assert term.background(grid.top, grid.left - 1) == "default"
    term.press("q")
    assert term.wait_for_exit() == 0


def test_after_a_move_exactly_the_new_and_the_merged_tiles_are_marked(
    tmp_path: Path,
) -> None:
    term = start(tmp_path, mark_seconds=60)
    grid = grid_on_screen()
    game = savefile.load(str(tmp_path / "board.2048"))  # the same seed as the game
    game.move(Direction.LEFT)
    after = game.getBoard()
    (new,) = [
        (r, c)
        for r in range(4)
        for c in range(4)
        if after[r][c] and not SLID_LEFT[r][c]
    ]
    # the new tile's ring is drawn last, over a merged tile's where they meet
    new_ring = ring_cells(grid, *new)
    expected = {cell: RING_BG for cell in new_ring}
    for row, col in MERGED_LEFT:
        for cell in ring_cells(grid, row, col) - new_ring:
            expected[cell] = tile_bg(after[row][col])
    for cell in gap_cells(grid) - set(expected):
        expected[cell] = BOARD_BG
    for row in range(4):
        for col in range(4):
            for cell in tile_cells(grid, row, col):
                expected[cell] = tile_bg(after[row][col])
    term.press(LEFT)
    term.wait_for("Score 20 +20")
    # curses sends only what changed, top to bottom: wait for the whole frame
    term.wait_until(
        lambda _text: not wrong_cells(term, expected), "exactly the marked cells"
    )
    term.press("q")
    term.wait_for("quitting?")
    term.press("n")
    assert term.wait_for_exit() == 0


def test_a_key_pressed_while_the_marks_show_is_played_at_once(tmp_path: Path) -> None:
    # The marks would last a minute, far longer than the wait limit: the
    # second move must show while they are still up.
    term = start(tmp_path, mark_seconds=60)
    game = savefile.load(str(tmp_path / "board.2048"))
    game.move(Direction.LEFT)
    term.press(LEFT)
    term.wait_for(f"Score {game.getScore()} +20")
    before_up = game.getScore()
    game.move(Direction.UP)
    gained = game.getScore() - before_up
    term.press("w")
    shown = (
        f"Score {game.getScore()} +{gained}" if gained else f"Score {game.getScore()} "
    )
    term.wait_for(shown)
    term.press("q")
    term.wait_for("quitting?")
    term.press("n")
    assert term.wait_for_exit() == 0


def test_the_marks_fade_by_themselves(tmp_path: Path) -> None:
    term = start(tmp_path)  # the game's own moment, under a second
    grid = grid_on_screen()
    term.press(LEFT)
    term.wait_for("Score 20")
    term.wait_until(
        lambda text: (
            "+20" not in text and backgrounds(term, gap_cells(grid)) == {BOARD_BG}
        ),
        "the marks gone and the board plain again",
    )
    term.press("q")
    term.wait_for("quitting?")
    term.press("n")
    assert term.wait_for_exit() == 0
