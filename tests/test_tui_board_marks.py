"""The 2048 full screen read cell by cell on a pty (issue 16).

The board is one rectangle of the board colour (the gap rows between
tiles and the frame around them included); after a move, exactly the new
tile and the merged tiles are marked, each with a ring of its own colour
(green for the new tile, blue for a merge, unlike every tile) drawn in
half blocks in the tile's own half of the gaps, so the neighbour's half
and the frame keep the board colour; the points earned stand next to the
score; the marks fade by themselves, and a key pressed while they show is
played at once. Also: NO_COLOR (``#`` and ``*`` borders), 8 colours
(TERM=xterm) and a 10x10 board.

Where the tiles are comes from the layout (tile_size and Grid, the map of
the screen); what each cell looks like comes from the terminal emulator.
"""

from __future__ import annotations

import functools
import shlex
import sys
from pathlib import Path

import pyte
import pytest

from gamestate import Direction, GameState
from gamestate.effects import Cell
from playmanager.screen.shell import xterm_index
from playmanager.screen.widgets import Grid
from playmanager.twenty48 import savefile
from playmanager.twenty48.tui.controller import Screen
from playmanager.twenty48.tui.layout import GAP_X, GAP_Y, HEADER_LINES, tile_size
from playmanager.twenty48.tui.view import (
    MERGED_RING,
    NEW_TILE_RING,
    WARM_256,
    palette_key,
)
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


BOARD_BG = hex_of(WARM_256["board"])
NEW_FG = hex_of(xterm_index(NEW_TILE_RING))
MERGED_FG = hex_of(xterm_index(MERGED_RING))
Looks = tuple[str, str, str]
"""A screen cell as seen: its character, text colour and background."""


@functools.cache
def tile_bg(value: int) -> str:
    """The background of a tile as the game draws it (its palette band).
    Kept: the palette's nearest-colour search is asked once per value, not
    once per screen cell (that took most of this file's minute)."""
    from playmanager.twenty48.tui.view import tile_colours

    return hex_of(tile_colours(rich=True)[palette_key(value)][1])


def game_command(save: Path, *, mark_seconds: float | None = None) -> str:
    """The full screen on ``save``; marks last ``mark_seconds`` if given."""
    patch = "" if mark_seconds is None else f"marks.MARK_SECONDS = {mark_seconds}\n"
    script = save.parent / "run.py"
    script.write_text(
        "import sys\n"
        "from playmanager.screen import marks\n"
        f"{patch}"
        "from playmanager.cli import main\n"
        f"sys.exit(main(['--tui', '--seed', '118', {str(save)!r}]))\n"
    )
    return shlex.join([sys.executable, str(script)])


def start(
    tmp_path: Path,
    *,
    mark_seconds: float | None = None,
    board: list[list[int]] = BOARD,
    env: dict[str, str] | None = None,
) -> Terminal:
    save = tmp_path / "board.2048"
    game = GameState(len(board), len(board[0]))
    game.setBoard(board)
    savefile.save(game, str(save))
    term = Terminal(
        game_command(save, mark_seconds=mark_seconds),
        tmp_path,
        rows=ROWS,
        cols=COLS,
        footer=FOOTER_END,
        env=env,
    )
    term.wait_for("Loaded")
    return term


def after_left(tmp_path: Path) -> list[list[int]]:
    """The board the game shows after LEFT (the save's seed draws the tile)."""
    game = savefile.load(str(tmp_path / "board.2048"))
    game.move(Direction.LEFT)
    return game.getBoard()


def grid_on_screen(board: list[list[int]] = BOARD) -> Grid:
    """Where the layout puts a board of these tiles on this terminal."""
    rows, cols = len(board), len(board[0])
    screen = Screen(
        board=tuple(tuple(row) for row in board),
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
    grid = Grid(rows, cols, size.width, size.height, GAP_X, GAP_Y, HEADER_LINES)
    return grid._replace(left=(COLS - grid.width) // 2)


def tile_cells(grid: Grid, row: int, col: int) -> set[tuple[int, int]]:
    top, left = grid.cell_top(row), grid.cell_left(col)
    return {
        (top + r, left + c)
        for r in range(grid.cell_height)
        for c in range(grid.cell_width)
    }


def ring_looks(
    grid: Grid, row: int, col: int, colour: str
) -> dict[tuple[int, int], Looks]:
    """How a ring of ``colour`` around tile (row, col) looks, cell by cell:
    half blocks in the tile's half of the gap (the lower half of the row
    above, the upper half of the row below, the half column next to it on
    each side), the other half the board's."""
    top, left = grid.cell_top(row), grid.cell_left(col)
    bottom, right = top + grid.cell_height, left + grid.cell_width
    width = grid.cell_width
    looks = {}
    for place, text in (
        ((top - 1, left - 1), "▗" + "▄" * width + "▖"),
        ((bottom, left - 1), "▝" + "▀" * width + "▘"),
    ):
        for i, char in enumerate(text):
            looks[place[0], place[1] + i] = (char, colour, BOARD_BG)
    for r in range(top, bottom):
        looks[r, left - 1] = ("▐", colour, BOARD_BG)
        looks[r, right] = ("▌", colour, BOARD_BG)
    return looks


def looks_of(term: Terminal, row: int, col: int) -> Looks:
    char = term.screen.buffer[row][col].data
    return char, term.foreground(row, col), term.background(row, col)


def wrong_looks(
    term: Terminal, expected: dict[tuple[int, int], Looks]
) -> dict[tuple[int, int], Looks]:
    """The cells that do not look as expected (the text colour is not
    looked at where it is "" or on a space), and how they look."""
    wrong = {}
    for (row, col), want in expected.items():
        seen = looks_of(term, row, col)
        if want[0] == " " or not want[1]:
            seen = (seen[0], want[1], seen[2])
        if seen != want:
            wrong[row, col] = seen
    return wrong


def expected_board(
    grid: Grid, board: list[list[int]], rings: dict[tuple[int, int], Looks]
) -> dict[tuple[int, int], Looks]:
    """Every cell of the board: the rings, the plain board colour in the
    rest of the gaps and the frame, each tile in its colour."""
    expected = dict(rings)
    for cell in gap_cells(grid) - set(rings):
        expected[cell] = (" ", "", BOARD_BG)
    for row, values in enumerate(board):
        for col, value in enumerate(values):
            for r, c in tile_cells(grid, row, col):
                char = term_char(grid, value, (r, c), (row, col))
                expected[r, c] = (char, "", tile_bg(value))
    return expected


def term_char(grid: Grid, value: int, place: tuple[int, int], tile: Cell) -> str:
    """The character the tile shows at ``place``: its number, centred on
    its middle row, or a space."""
    top, left = grid.cell_top(tile[0]), grid.cell_left(tile[1])
    label = f" {str(value) if value else '':^{grid.cell_width - 2}} "
    if place[0] != top + (grid.cell_height - 1) // 2:
        return " "
    return label[place[1] - left]


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
    after = after_left(tmp_path)
    (new,) = [
        (r, c)
        for r in range(4)
        for c in range(4)
        if after[r][c] and not SLID_LEFT[r][c]
    ]
    rings = ring_looks(grid, *new, NEW_FG)
    for row, col in MERGED_LEFT:
        rings |= ring_looks(grid, row, col, MERGED_FG)
    assert len(rings) == 3 * 2 * (grid.cell_width + 2 + grid.cell_height)  # apart
    expected = expected_board(grid, after, rings)
    term.press(LEFT)
    term.wait_for("Score 20 +20")
    # curses sends only what changed, top to bottom: wait for the whole frame
    term.wait_until(
        lambda _text: not wrong_looks(term, expected), "exactly the marked cells"
    )
    term.press("q")
    term.wait_for("quitting?")
    term.press("n")
    assert term.wait_for_exit() == 0


def test_the_new_tiles_mark_differs_from_a_merged_tiles(tmp_path: Path) -> None:
    term = start(tmp_path, mark_seconds=60)
    grid = grid_on_screen()
    term.press(LEFT)
    term.wait_for("Score 20 +20")
    new_top = grid.cell_top(1) - 1, grid.cell_left(1)  # the new tile is (1, 1)
    merged_top = grid.cell_top(0) - 1, grid.cell_left(0)
    term.wait_until(
        lambda _text: looks_of(term, *new_top)[0] == "▄", "the new tile's ring"
    )
    new_looks, merged_looks = looks_of(term, *new_top), looks_of(term, *merged_top)
    assert new_looks == ("▄", NEW_FG, BOARD_BG)
    assert merged_looks == ("▄", MERGED_FG, BOARD_BG)
    tiles = {tile_bg(value) for value in (0, 2, 4, 8, 16, 32, 64, 128, 256, 512)}
    tiles |= {tile_bg(value) for value in (1024, 2048, 4096)}
    assert NEW_FG != MERGED_FG and not {NEW_FG, MERGED_FG, BOARD_BG} & tiles
    term.press("q")
    term.press("n")
    assert term.wait_for_exit() == 0


def test_a_merged_tiles_mark_leaves_the_neighbours_half_of_the_gap(
    tmp_path: Path,
) -> None:
    # 2 2 over a 4: LEFT merges the 2s into a 4 right above the other 4,
    # which is not marked; the new tile lands at (1, 1), beside that 4.
    board = [[2, 2, 0, 0], [4, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    term = start(tmp_path, mark_seconds=60, board=board)
    grid = grid_on_screen(board)
    after = after_left(tmp_path)
    assert after[:2] == [[4, 0, 0, 0], [4, 2, 0, 0]]
    term.press(LEFT)
    term.wait_for("Score 4 +4")
    gap_row, left = grid.cell_top(1) - 1, grid.cell_left(0)
    # over the merged 4: its ring in the upper half of the gap row, the
    # board colour in the lower half (the other 4's); the frame above it
    # keeps the board colour in its upper half
    under = [(gap_row, left + i) for i in range(grid.cell_width)]
    beside = gap_row, grid.cell_left(1)  # drawn after `under`, in the same row
    term.wait_until(
        lambda _text: (
            all(looks_of(term, *c)[0] == "▀" for c in under)
            and looks_of(term, *beside)[0] == "▄"
        ),
        "the merged tile's ring",
    )
    assert {looks_of(term, *c) for c in under} == {("▀", MERGED_FG, BOARD_BG)}
    frame = grid.cell_top(0) - 1
    assert looks_of(term, frame, left) == ("▄", MERGED_FG, BOARD_BG)
    # the new tile's ring in the lower half of the same gap row, beside
    assert looks_of(term, *beside) == ("▄", NEW_FG, BOARD_BG)
    # the gap columns between the merged 4 and its right neighbour: the
    # ring's half column, then the board's
    right = left + grid.cell_width
    assert looks_of(term, grid.cell_top(0), right) == ("▌", MERGED_FG, BOARD_BG)
    assert looks_of(term, grid.cell_top(0), right + 1)[::2] == (" ", BOARD_BG)
    assert term.background(grid.cell_top(0), left - 2) == BOARD_BG  # the frame
    term.press("q")
    term.press("n")
    assert term.wait_for_exit() == 0


def test_a_ten_by_ten_board_marks_one_row_tiles_in_half_a_gap(tmp_path: Path) -> None:
    board = [[0] * 10 for _ in range(10)]
    board[4][3:5] = [8, 8]  # LEFT merges them at (4, 0): 16
    board[5][0] = 16  # right under it, an unmarked 16
    board[3][0] = 2  # and right above it, a 2
    term = start(tmp_path, mark_seconds=60, board=board)
    grid = grid_on_screen(board)
    assert grid.cell_height == 1
    after = after_left(tmp_path)
    assert (after[3][0], after[4][0], after[5][0]) == (2, 16, 16)
    slid = [row[:] for row in after]
    (new,) = [
        (r, c)
        for r in range(10)
        for c in range(10)
        if after[r][c] and (r, c) not in {(3, 0), (4, 0), (5, 0)}
    ]
    slid[new[0]][new[1]] = 0
    rings = ring_looks(grid, *new, NEW_FG)
    merged = ring_looks(grid, 4, 0, MERGED_FG)
    assert not set(rings) & set(merged), "the new tile is no neighbour here"
    expected = expected_board(grid, after, rings | merged)
    term.press(LEFT)
    term.wait_for("Score 16 +16")
    term.wait_until(
        lambda _text: not wrong_looks(term, expected), "exactly the marked cells"
    )
    # the same 16 under the merged one is told apart: half a row of board
    under = grid.cell_top(5) - 1, grid.cell_left(0)
    assert looks_of(term, *under) == ("▀", MERGED_FG, BOARD_BG)
    term.press("q")
    term.press("n")
    assert term.wait_for_exit() == 0


def test_without_colours_the_marks_are_borders_of_characters(tmp_path: Path) -> None:
    term = start(tmp_path, mark_seconds=60, env={"NO_COLOR": "1"})
    grid = grid_on_screen()
    after = after_left(tmp_path)
    term.press(LEFT)
    term.wait_for("Score 20 +20")

    def border(row: int, col: int) -> str:
        """The top edge of a tile as drawn: ``+------+`` or a mark's."""
        left = grid.cell_left(col)
        return term.text().splitlines()[grid.cell_top(row)][
            left : left + grid.cell_width
        ]

    # The score is drawn before the board below it: wait for the last mark.
    term.wait_until(lambda _text: border(2, 0)[0] == "*", "the marks")

    inner = "-" * (grid.cell_width - 2)
    marks = {(r, c): border(r, c)[0] for r in range(4) for c in range(4) if after[r][c]}
    assert marks == {
        (0, 0): "*",
        (0, 1): "+",
        (1, 1): "#",
        (2, 0): "*",
        (3, 0): "+",
    }
    assert border(0, 0) == f"*{inner}*" and border(1, 1) == f"#{inner}#"
    assert all(term.background(r, 0) == "default" for r in range(ROWS))
    term.press("q")
    term.press("n")
    assert term.wait_for_exit() == 0


def test_with_eight_colours_the_board_empty_cells_2s_and_marks_differ(
    tmp_path: Path,
) -> None:
    term = start(tmp_path, mark_seconds=60, env={"TERM": "xterm"})
    grid = grid_on_screen()
    board_bg = term.background(grid.top, grid.left)
    empty_bg = term.background(grid.cell_top(1), grid.cell_left(0))
    two_bg = term.background(grid.cell_top(3), grid.cell_left(3))
    assert (board_bg, empty_bg, two_bg) == ("blue", "black", "white")
    term.press(LEFT)
    term.wait_for("Score 20 +20")
    new_top = grid.cell_top(1) - 1, grid.cell_left(1)
    term.wait_until(
        lambda _text: looks_of(term, *new_top)[0] == "▄", "the new tile's ring"
    )
    merged_top = grid.cell_top(0) - 1, grid.cell_left(0)
    assert looks_of(term, *new_top) == ("▄", "green", "blue")
    assert looks_of(term, *merged_top) == ("▄", "magenta", "blue")
    tiles = {
        term.background(grid.cell_top(r), grid.cell_left(c))
        for r in range(4)
        for c in range(4)
    }
    assert not {"green", "magenta", "blue"} & tiles
    term.press("q")
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
            "+20" not in text
            and {looks_of(term, *cell)[::2] for cell in gap_cells(grid)}
            == {(" ", BOARD_BG)}
        ),
        "the marks gone and the board plain again",
    )
    term.press("q")
    term.wait_for("quitting?")
    term.press("n")
    assert term.wait_for_exit() == 0
