"""The requirements of spec 000 (SFWR ENG 2AA4's MVC 2048), one check each.

Spec: shared/spec/000_e1b859027ff9c3ad.txt. A target is a folder of the
modules SetUp, Score, Move, Board and View (mvc_modules.py loads them);
Play, the controller, is not checked. Each check carries an id (M01...)
and quotes the spec in its docstring, with the reading chosen where the
spec is loose; it fails with an AssertionError saying what was wrong. The
checks use only the exported routines, so any representation passes;
boards are lists of rows, ``game_board[i][j]`` row i, column j, as the
spec's ``seq[4] of seq[4] of N``.

The spec's board is play2048.co's: a move slides every tile as far as it
goes and merges equal tiles once, the pair nearest the edge first. Where
a move adds a random tile, the checks do not control the randomness: the
board must be the expected slide except for exactly one cell that the
slide left empty, now holding a 2 or a 4. The statistical checks seed
``random`` first, so a run is reproducible, and allow more than 4
standard deviations either way.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
from collections.abc import Callable, Iterator
from typing import Any, Final

from gamestate._kernels import slide_line
from gamestate.conformance.requirements import Catalogue, Checks

_CHECKS: Final = Checks()
CHECKS: Final = _CHECKS.by_id
requirement: Final = _CHECKS.requirement
MVC: Final = Catalogue("MVC", "spec 000, SFWR ENG 2AA4 MVC modules", _CHECKS.texts, {})

Grid = list[list[int]]
Cell = tuple[int, int]
SIZE: Final = 4
DIRECTIONS: Final = ("left", "right", "up", "down")
SEED: Final = 2021


# ---------------------------------------------------------------- helpers
def _empty() -> Grid:
    return [[0] * SIZE for _ in range(SIZE)]


def _copy(grid: Grid) -> Grid:
    return [list(row) for row in grid]


def _cells() -> list[Cell]:
    """Every (row, column), row by row."""
    return [(i, j) for i in range(SIZE) for j in range(SIZE)]


def _lines(direction: str) -> list[list[Cell]]:
    """The board's lines for a move, each from the edge tiles move to."""
    edge_first = range(SIZE) if direction in ("left", "up") else range(SIZE - 1, -1, -1)
    if direction in ("left", "right"):
        return [[(i, j) for j in edge_first] for i in range(SIZE)]
    return [[(i, j) for i in edge_first] for j in range(SIZE)]


def _toward(direction: str, lines: list[list[int]]) -> Grid:
    """The board whose lines toward ``direction``'s edge are ``lines``."""
    grid = _empty()
    for cells, values in zip(_lines(direction), lines, strict=True):
        for (i, j), value in zip(cells, values, strict=True):
            grid[i][j] = value
    return grid


def _slid(grid: Grid, direction: str) -> Grid:
    """``grid`` after the slide of play2048.co toward ``direction``."""
    # slide_line slides toward the end of its line: give it edge last.
    lines = [list(reversed(slide_line([grid[i][j] for i, j in reversed(cells)])[0]))
             for cells in _lines(direction)]
    return _toward(direction, lines)


def _tiles(grid: Grid) -> list[Cell]:
    return [(i, j) for i, j in _cells() if grid[i][j]]


def _new_block(before: Grid, expected: Grid, after: Grid, what: str) -> Cell:
    """The one cell where ``after`` is ``expected`` plus a new 2 or 4."""
    changed = [(i, j) for i, j in _cells() if after[i][j] != expected[i][j]]
    ok = len(changed) == 1 and expected[changed[0][0]][changed[0][1]] == 0
    assert ok and after[changed[0][0]][changed[0][1]] in (2, 4), (
        f"{what}: {before} gave {after}, expected {expected} plus one 2 or 4 in an empty cell"
    )
    return changed[0]


def _number(value: Any, what: str) -> int:
    """``value`` if it is a whole number (an int, not a bool or a subclass
    whose ``==`` could say yes to anything); else the check fails."""
    assert type(value) is int, f"{what}: {value!r} is not a whole number (int)"
    return value


def _numbers_of(grid: Any, what: str) -> Grid:
    """A copy of the submission's ``grid``, every cell a whole number."""
    _shape(grid, what)
    return [[_number(value, f"{what}, a cell") for value in row] for row in grid]


def _move(m: Any, grid: Grid, direction: str) -> Grid:
    """``grid`` after Move(board).<direction>(), read from the board given."""
    board = _copy(grid)
    getattr(m.move(board), direction)()
    return _numbers_of(board, f"after {direction}()")


def _setup_board(m: Any) -> Grid:
    return _numbers_of(m.setup().get_board(), "SetUp().get_board()")


def _shape(grid: Any, what: str) -> None:
    assert len(grid) == SIZE and all(len(row) == SIZE for row in grid), (
        f"{what}: not 4 x 4: {grid}"
    )


def _two_tiles(grid: Grid, what: str) -> None:
    _shape(grid, what)
    values = sorted(value for row in grid for value in row if value)
    assert len(values) == 2 and set(values) <= {2, 4}, f"{what}: {grid}, not two 2s or 4s"


def _within(count: int, low: int, high: int, what: str) -> None:
    assert low <= count <= high, f"{what}: {count}, expected {low} to {high}"


@contextlib.contextmanager
def _printed() -> Iterator[io.StringIO]:
    with contextlib.redirect_stdout(io.StringIO()) as out:
        yield out


def _numbers(text: str) -> list[int]:
    return [int(number) for number in re.findall(r"\d+", text)]


def _in_order(wanted: list[int], numbers: list[int]) -> bool:
    """Whether ``wanted`` appears in ``numbers`` in order (others between)."""
    found = iter(numbers)
    return all(value in found for value in wanted)


# ------------------------------------------------------------------ SetUp
@requirement("M01", "new SetUp: get_board is 4 x 4 with two cells filled, each 2 or 4")
def setup_two_tiles(m: Any) -> None:
    """"new SetUp(): transition: game_board(random_spot() = random_num()),
    such that there are two unique cells filled once the transition is
    finished"; get_board(): "out := game_board" (over 200 SetUps)."""
    for _ in range(200):
        _two_tiles(_setup_board(m), "SetUp().get_board()")


@requirement("M02", "random_num: a new tile is a 4 one time in ten (SetUp's and Move's)")
def random_num_share(m: Any) -> None:
    """"a 2 is 90 percent likely, and 4 is 10 percent likely to occur"
    (random_num, local to SetUp and to Move; its formula "0 <= r < 10 -> 2 |
    11 <= r <= 99 -> 2" gives 2 both ways, a typo the comment corrects).
    Of the 4000 tiles of 2000 SetUps, 300 to 500 must be 4s; of the new
    blocks of 1000 moves, 50 to 150."""
    random.seed(SEED)
    fours = sum(value == 4 for _ in range(2000) for row in _setup_board(m) for value in row)
    _within(fours, 300, 500, "4s among 4000 SetUp tiles")
    moved = [_block_after_left(m) for _ in range(1000)]
    _within(sum(value == 4 for _, value in moved), 50, 150, "4s among 1000 new blocks")


def _block_after_left(m: Any) -> tuple[Cell, int]:
    """Move(board).left() on a board with one 2 that slides: the new block."""
    before = _toward("left", [[0, 2, 0, 0], [0] * 4, [0] * 4, [0] * 4])
    expected = _slid(before, "left")
    after = _move(m, before, "left")
    (i, j) = _new_block(before, expected, after, "Move(board).left()")
    return (i, j), after[i][j]


@requirement("M03", "random_entry: every cell equally likely (SetUp's and Move's)")
def random_entry_uniform(m: Any) -> None:
    """"cell is a random set of coordinates from the grid where each space
    in the grid is equally likely" (random_entry, local to SetUp and to
    Move; add_new_block: "another random number is added in a random empty
    spot"). Each cell is filled in 180 to 320 of 2000 SetUps (250
    expected); each of the 15 cells a left move leaves empty gets 55 to 145
    of 1500 new blocks (100 expected)."""
    random.seed(SEED)
    filled = [[0] * SIZE for _ in range(SIZE)]
    for _ in range(2000):
        for i, j in _tiles(_setup_board(m)):
            filled[i][j] += 1
    for i, j in _cells():
        _within(filled[i][j], 180, 320, f"SetUps filling cell ({i}, {j})")
    blocks = [[0] * SIZE for _ in range(SIZE)]
    for _ in range(1500):
        (i, j), _value = _block_after_left(m)
        blocks[i][j] += 1
    for i, j in _cells():
        if (i, j) != (0, 0):  # where the slid 2 is
            _within(blocks[i][j], 55, 145, f"new blocks in cell ({i}, {j})")


# ------------------------------------------------------------------ Score
@requirement("M04", "Score: get_score gives what set_score set; add_score adds")
def score_set_add(m: Any) -> None:
    """"set_score(s): transition: score := s"; "get_score(): out := score";
    "add_score(new_score): transition: score := score + new_score"."""
    m.score.set_score(8)
    got = _number(m.score.get_score(), "get_score()")
    assert got == 8, f"set_score(8): get_score() {got}"
    m.score.add_score(16)
    m.score.add_score(2)
    got = _number(m.score.get_score(), "get_score()")
    assert got == 26, f"8, add_score(16), add_score(2): {got}"


@requirement("M05", "Score: reset_score sets the score to 0")
def score_reset(m: Any) -> None:
    """"reset_score(): transition: score := 0"."""
    m.score.set_score(64)
    m.score.reset_score()
    got = _number(m.score.get_score(), "get_score()")
    assert got == 0, f"set_score(64), reset_score(): {got}"


# ------------------------------------------------------------------- Move
@requirement("M06", "Move(board) moves the tiles of the board it is given")
def move_in_place(m: Any) -> None:
    """"Move(board): transition: game_board := board": the move changes the
    board it was given (Move exports no getter, so Board.move, which makes
    "New instance of Move(game_board)", sees a move nowhere else)."""
    before = _toward("left", [[0, 0, 2, 0], [0, 4, 0, 4], [0] * 4, [0] * 4])
    assert _move(m, before, "left") != before, f"Move(board).left() left {before} unchanged"


# (line before, line after), each line read from the edge the tiles move to.
SLIDES: Final[list[tuple[list[int], list[int]]]] = [
    ([0, 0, 0, 2], [2, 0, 0, 0]),
    ([0, 2, 0, 4], [2, 4, 0, 0]),
    ([2, 0, 0, 2], [4, 0, 0, 0]),
    ([2, 2, 2, 0], [4, 2, 0, 0]),  # the pair nearest the edge first
    ([2, 2, 2, 2], [4, 4, 0, 0]),
    ([4, 4, 8, 0], [8, 8, 0, 0]),  # a merged tile merges no more
    ([0, 4, 4, 4], [8, 4, 0, 0]),
    ([8, 0, 4, 4], [8, 8, 0, 0]),
    ([2, 4, 8, 16], [2, 4, 8, 16]),
    ([0, 0, 0, 0], [0, 0, 0, 0]),
    ([16, 16, 0, 2], [32, 2, 0, 0]),
    ([0, 8, 0, 8], [16, 0, 0, 0]),
]


def _check_slides(m: Any, direction: str) -> None:
    for start in range(0, len(SLIDES), SIZE):
        cases = SLIDES[start:start + SIZE]
        before = _toward(direction, [line for line, _ in cases])
        expected = _toward(direction, [line for _, line in cases])
        after = _move(m, before, direction)
        _new_block(before, expected, after, f"Move(board).{direction}()")


SLIDE_TEXT: Final = "tiles slide as far as they go, equal ones merge once; then one new 2 or 4"


@requirement("M07", f"left: {SLIDE_TEXT}")
def move_left(m: Any) -> None:
    """"left(): Loop through board starting at second leftmost row and work
    towards rightmost row. Check if cell to left of current cell has same
    value, if so merge(current, left cell). If cell left of current cell is
    0, make left cell value the value of the current cell ... Then after
    all cells have been shifted, add_new_block to game_board" -- read as
    play2048.co's move (the loop repeated until no tile moves, a merged
    tile merging no more): tiles slide as far as they go, the pair nearest
    the left edge merges first."""
    _check_slides(m, "left")


@requirement("M08", f"right: {SLIDE_TEXT}")
def move_right(m: Any) -> None:
    """"right(): Loop through board starting at second rightmost row and
    work towards leftmost row. Check if cell to right of current cell has
    same value, if so merge(current, right cell) ... Then after all cells
    have been shifted, add_new_block to game_board" (read as M07)."""
    _check_slides(m, "right")


@requirement("M09", f"up: {SLIDE_TEXT}")
def move_up(m: Any) -> None:
    """"up(): Loop through board starting at second highest row and work
    towards last row. Check if cell above current cell has same value, if
    so merge(current, above cell) ... Then after all cells have been
    shifted, add_new_block to game_board" (read as M07)."""
    _check_slides(m, "up")


@requirement("M10", f"down: {SLIDE_TEXT}")
def move_down(m: Any) -> None:
    """"down(): Loop through board starting at second lowest row and work
    towards first row. Check if cell below current cell has same value, if
    so merge(current, below cell) ... Then after all cells have been
    shifted, add_new_block to game_board" (read as M07)."""
    _check_slides(m, "down")


@requirement("M11", "merge adds the merged tile's value to Score")
def merge_scores(m: Any) -> None:
    """"merge(cell1, cell2) ... Score := Score + game_board[cell2[0]][cell2[1]]
    -- Where merge ... doubles the value of cell2, then adds the value in
    cell2 to the Score abstract object" (read with Score.get_score())."""
    for direction in DIRECTIONS:
        m.score.set_score(64)
        _move(m, _toward(direction, [[2, 2, 0, 0], [4, 4, 0, 0], [0] * 4, [8, 0, 0, 0]]), direction)
        got = _number(m.score.get_score(), "get_score()")
        assert got == 76, f"{direction}(): merging 2+2 and 4+4 from 64 gave {got}, not 76"


STUCK: Final = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]]
STRIPES: Final = [[2, 4, 8, 16], [2, 4, 8, 16], [4, 8, 16, 32], [4, 8, 16, 32]]


@requirement("M12", "a full board that cannot merge that way: unchanged, no error")
def full_board(m: Any) -> None:
    """"add_new_block ... Where another random number is added in a random
    empty spot on the game board, if no spot is free, do not add block":
    a full board that nothing can merge in the move's direction comes out
    unchanged, and nothing raises (nor loops looking for a free spot)."""
    cases = [(STUCK, direction) for direction in DIRECTIONS]
    cases += [(STRIPES, "left"), (STRIPES, "right")]
    for grid, direction in cases:
        after = _move(m, grid, direction)
        assert after == grid, f"{direction}() on the full {grid} gave {after}"


@requirement("M13", "a move that shifts nothing still adds one new 2 or 4")
def no_shift_adds_block(m: Any) -> None:
    """"Then after all cells have been shifted, add_new_block to game_board":
    spec 000 adds the block whatever moved, so a move that shifts no tile
    still adds one where a cell is free (unlike PA4, where such a move
    changes nothing)."""
    for direction in DIRECTIONS:
        before = _toward(direction, [[2, 0, 0, 0], [4, 8, 0, 0], [0] * 4, [0] * 4])
        after = _move(m, before, direction)
        _new_block(before, before, after, f"Move(board).{direction}() shifting nothing")


# ------------------------------------------------------------------ Board
def _started(m: Any) -> Any:
    board = m.board()
    board.start()
    return board


def _board_grid(board: Any) -> Grid:
    return _numbers_of(board.get_board(), "get_board()")


@requirement("M14", "Board.start: get_board() is a SetUp board (4 x 4, two 2s or 4s)")
def board_start(m: Any) -> None:
    """"start(): transition: game_board := SetUp.get_board()";
    "get_board(): out: game_board" (over 50 Boards)."""
    for _ in range(50):
        _two_tiles(_board_grid(_started(m)), "Board.start(), get_board()")


@requirement("M15", "Board.get_board_value(i, j) is game_board[i][j] (row i, column j)")
def board_value(m: Any) -> None:
    """"get_board_value(i, j): out: game_board[i][j]" -- row i, column j of
    the board get_board() gives (over 30 started Boards)."""
    random.seed(SEED)
    for _ in range(30):
        board = _started(m)
        grid = _board_grid(board)
        for i, j in _cells():
            got = _number(board.get_board_value(i, j), f"get_board_value({i}, {j})")
            assert got == grid[i][j], f"get_board_value({i}, {j}) is {got} on {grid}"


LETTERS: Final = {"w": "up", "s": "down", "a": "left", "d": "right"}


@requirement("M16", 'Board.move: "w" up, "s" down, "a" left, "d" right')
def board_move(m: Any) -> None:
    """"move(direction): New instance of Move(game_board) (direction = "w"
    -> Move.up() | direction = "s" -> Move.down() | direction = "a" ->
    Move.left() | True -> Move.right())"; the spec assumes only "wasd", so
    "True" is checked with "d". Each letter on 5 started Boards whose
    slide that way differs from every other direction's."""
    random.seed(SEED)
    for letter, direction in LETTERS.items():
        for _ in range(5):
            board, before = _telling_board(m, direction)
            board.move(letter)
            after = _board_grid(board)
            _new_block(before, _slid(before, direction), after, f"Board.move({letter!r})")


def _telling_board(m: Any, direction: str) -> tuple[Any, Grid]:
    """A started Board whose slide toward ``direction`` tells it apart."""
    for _ in range(1000):
        board = _started(m)
        grid = _board_grid(board)
        if _tells_apart(grid, direction):
            return board, grid
    raise AssertionError(f"Board.start() never gave a board that a {direction} move changes")


def _tells_apart(grid: Grid, direction: str) -> bool:
    """Whether no other slide comes within one cell of ``direction``'s."""
    mine = _slid(grid, direction)
    others = [_slid(grid, other) for other in DIRECTIONS if other != direction]
    return all(_differences(mine, other) >= 2 for other in [grid, *others])


def _differences(a: Grid, b: Grid) -> int:
    return sum(a[i][j] != b[i][j] for i, j in _cells())


# ------------------------------------------------------------------- View
# Distinct numbers, so their order on the screen shows the cells' order.
SHOWN: Final = [[2, 4, 8, 16], [32, 64, 128, 256], [512, 1024, 2048, 4096], [8192, 0, 0, 0]]
SHOWN_SCORE: Final = 16384


@requirement("M17", "View(game_board) prints the score and every cell, row by row")
def view_prints(m: Any) -> None:
    """"View(game_board) transition: window := Displays Score using Score
    abstract object, displays all cells in game_board": the printed numbers
    hold get_score() and every non-empty cell, row 0 first, each row from
    column 0 (however they are spaced or framed)."""
    m.score.set_score(SHOWN_SCORE)
    with _printed() as out:
        m.view(_copy(SHOWN))
    numbers = _numbers(out.getvalue())
    assert SHOWN_SCORE in numbers, f"the score {SHOWN_SCORE} is not printed: {out.getvalue()!r}"
    cells = [value for row in SHOWN for value in row if value]
    assert _in_order(cells, numbers), f"not every cell of {SHOWN}, row by row: {out.getvalue()!r}"


@requirement("M18", "Board.view() prints what View(game_board) prints")
def board_view(m: Any) -> None:
    """"view(): transition: New instance of View(game_board) to show player
    the state of the board": Board.view() prints what View prints for the
    board get_board() gives."""
    m.score.set_score(SHOWN_SCORE)
    board = _started(m)
    shown = _output(board.view)
    expected = _output(lambda: m.view(board.get_board()))
    assert shown.strip(), "Board.view() printed nothing"
    assert shown == expected, f"Board.view() printed {shown!r}, View(game_board) {expected!r}"


def _output(show: Callable[[], object]) -> str:
    with _printed() as out:
        show()
    return out.getvalue()
