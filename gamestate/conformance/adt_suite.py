"""The requirements of spec 004 (the functional 2048 ADTs), one check each.

Spec: shared/spec/004_753ccc0013e0ae1b.txt. A target is a Python module
with the spec's functions, under their English names or the original
Portuguese ones its course used (adt_names.py: ``m.board_reduce`` is the
module's ``board_reduce`` or ``tabuleiro_reduz``, ``m.invalid(...)`` the
message its ValueError must carry). ``print_board`` and the game's I/O
functions are not checked. Each check carries an id (A01...) and quotes the
spec in its docstring; it fails with an AssertionError naming the call,
its arguments, what the spec expects and what came back.

Three rules keep a correct submission passing, whatever it is made of:

- boards and coordinates are built and read only through the ADT's own
  functions, so any internal representation passes;
- an invalid argument is probed only with values that no representation
  can take (0, None, a string, -1, 99, 2.5): never with a tuple such as
  (1, 1), which *is* a coordinate when coordinates are tuples;
- besides the spec's examples, each function is compared with
  ``gamestate.adt`` on a fixed sample of boards (seeded: every run grades
  the same boards), and the smallest board on which they differ is shown,
  shrunk to the fewest and smallest tiles that still differ.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any, Final

from gamestate import adt as ours
from gamestate.conformance.adt_probes import Probe, wrong_boards, wrong_coordinates
from gamestate.conformance.limits import TargetRaisedError
from gamestate.conformance.requirements import Catalogue, Checks

_CHECKS: Final = Checks()
CHECKS: Final = _CHECKS.by_id
requirement: Final = _CHECKS.requirement
ADT: Final = Catalogue("ADT", "spec 004, coordinate and board ADTs", _CHECKS.texts, {})

# Tile grids are written row by row, row 1 first, as the spec prints them.
Grid = list[list[int]]
SIZE: Final = 4
ACTIONS: Final = ("N", "S", "W", "E")
SEED: Final = 2048
SAMPLE_SIZE: Final = 48
# What a modifier returns: "It should return the modified board b".
_MODIFIED: Final = "expected the board b it was given, modified"
# Values no coordinate can be, under any representation (the spec's own
# example probes board_position(b, 0)).
NOT_COORDINATES: Final[tuple[object, ...]] = (0, None, "a", -1, 99, 2.5, [], (0, 0), [0] * 5)
# Values no board can be: a recognizer answers False, without raising.
NOT_BOARDS: Final[tuple[object, ...]] = (
    0, None, "a", 2.5, [], {}, (), [0] * 4, [0] * 5, [[0] * 4] * 3, [[0] * 3] * 4, [None] * 4,
)


# ---------------------------------------------------------------- helpers
def _rows(grid: Grid, score: int | None = None) -> str:
    """A board in one line, rows separated by /: "2 0 0 4 / 0 0 0 0 / ..."."""
    text = " / ".join(" ".join(str(value) for value in row) for row in grid)
    return text if score is None else f"{text}, score {score}"


def _raises(m: Any, english: str, call: Callable[[], Any], args: str, built: str = "") -> None:
    """``call`` (``english`` on ``args``) raises the spec's ValueError;
    ``built`` says how a probe was made from the module's own value."""
    message = m.invalid(english)
    what = f"{m.name(english)}({args})" + (f" [{built}]" if built else "")
    expected = f"expected ValueError({message!r})"
    try:
        returned = call()
    # What the module raised (adt_names.py wraps it): ValueError is asked for.
    except TargetRaisedError as raised:
        error = raised.__cause__
        if isinstance(error, ValueError):
            assert str(error) == message, f"{what}: raised ValueError({str(error)!r}), {expected}"
            return
        raise AssertionError(f"{what}: raised {raised}, {expected}") from None
    raise AssertionError(f"{what}: returned {returned!r}, {expected}")


def _board(m: Any, grid: Grid, score: int = 0) -> Any:
    board = m.create_board()
    for r, row in enumerate(grid, 1):
        for c, value in enumerate(row, 1):
            if value:
                m.board_fill_position(board, m.create_coordinate(r, c), value)
    if score:
        m.board_update_score(board, score)
    return board


def _grid(m: Any, board: Any) -> Grid:
    return [
        [m.board_position(board, m.create_coordinate(r, c)) for c in range(1, SIZE + 1)]
        for r in range(1, SIZE + 1)
    ]


def _state(m: Any, board: Any) -> tuple[Grid, int]:
    """What a board holds, read through the ADT: its tiles and score."""
    return _grid(m, board), m.board_score(board)


def _empty_cells(m: Any, board: Any, call: str) -> list[tuple[Any, Any]]:
    """The (row, column) of each coordinate board_empty_positions returns,
    in order; a value that is no list is a FAIL naming it, not a crash."""
    returned = m.board_empty_positions(board)
    assert isinstance(returned, (list, tuple)), f"{call}: returned {returned!r}, expected a list"
    # sorted by repr: a row that is not an int must not stop the sort
    return sorted(((m.coordinate_row(c), m.coordinate_col(c)) for c in returned), key=repr)


def _recognizes(
    m: Any, english: str, value: object, expected: bool | None, built: str = ""
) -> None:
    """A recognizer answers a bool for ``value`` (``expected`` if given)
    without raising and without changing it; ``built`` says how a probe
    was made from the module's own value."""
    what = f"{m.name(english)}({value!r})" + (f" [{built}]" if built else "")
    before = copy.deepcopy(value)
    try:
        got = getattr(m, english)(value)
    except TargetRaisedError as raised:  # the spec says a recognizer answers
        raise AssertionError(
            f"{what}: raised {raised}; a recognizer answers True or False for any value"
        ) from None
    assert isinstance(got, bool), f"{what}: returned {got!r}, expected True or False"
    assert expected is None or got is expected, f"{what}: returned {got}, expected {expected}"
    assert value == before, f"{what}: changed its argument to {value!r}"


# ------------------------------------------------ the sample and shrinking
def _sample(rng: random.Random, count: int) -> list[Grid]:
    """Boards with tile mixes that make runs of equal tiles, every density."""
    grids = []
    for _ in range(count):
        palette = rng.sample([2, 4, 8, 16, 32, 64], rng.randint(1, 4))
        fill = rng.choice((0.25, 0.5, 0.75, 1.0))
        grids.append([[rng.choice(palette) if rng.random() < fill else 0 for _ in range(SIZE)]
                      for _ in range(SIZE)])
    return grids


def _stuck(rng: random.Random) -> Grid:
    """A full board with no two equal neighbours: no move is left."""
    grid: Grid = []
    for r in range(SIZE):
        row: list[int] = []
        for c in range(SIZE):
            taken = {row[c - 1] if c else 0, grid[r - 1][c] if r else 0}
            row.append(rng.choice([v for v in (2, 4, 8, 16) if v not in taken]))
        grid.append(row)
    return grid


def _full(rng: random.Random) -> Grid:
    """A full board, most of them with a move left."""
    return [[rng.choice((2, 4, 8)) for _ in range(SIZE)] for _ in range(SIZE)]


def _size(grid: Grid) -> tuple[int, int]:
    return sum(value > 0 for row in grid for value in row), sum(map(sum, grid))


def _smaller(grid: Grid) -> Iterator[Grid]:
    """Each board one step smaller than ``grid``: a tile gone, or halved."""
    for r in range(SIZE):
        for c in range(SIZE):
            for value in (0, grid[r][c] // 2):
                if grid[r][c] and (value == 0 or value >= 2):
                    smaller = [row[:] for row in grid]
                    smaller[r][c] = value
                    yield smaller


Case = tuple[str, Grid]  # an action ("" for none) and the board it is tried on


def _smallest(cases: list[Case], differs: Callable[[str, Grid], str]) -> str:
    """The message of the smallest board on which ``differs`` says something.

    ``cases`` are tried smallest board first; the first that differs is
    shrunk (a tile removed or halved while it still differs), so the board
    shown is one a student can work through by hand. "" when none differs.
    """
    for action, grid in sorted(cases, key=lambda case: _size(case[1])):
        message = differs(action, grid)
        if message:
            return _shrink(action, grid, message, differs)
    return ""


def _shrink(action: str, grid: Grid, message: str, differs: Callable[[str, Grid], str]) -> str:
    shrinking = True
    while shrinking:
        shrinking = False
        for smaller in _smaller(grid):
            found = differs(action, smaller)
            if found:
                grid, message, shrinking = smaller, found, True
                break
    return message


def _compare(cases: list[Case], check: Callable[[str, Grid], None]) -> None:
    """``check`` holds on every case; else it fails on the smallest board."""

    def differs(action: str, grid: Grid) -> str:
        try:
            check(action, grid)
        except AssertionError as failure:
            return str(failure)
        except TargetRaisedError as raised:  # what the module raised: a difference too
            what = f"{action} on " if action else "on "
            return f"{what}{_rows(grid)}: raised {raised}"
        return ""

    message = _smallest(cases, differs)
    assert not message, message


def _our_board(grid: Grid, score: int = 0) -> ours.Board:
    return ours.Board([row[:] for row in grid], score)


def _unchanged(m: Any, board: Any, grid: Grid, score: int, call: str) -> None:
    after = _state(m, board)
    assert after == (grid, score), (
        f"{call} on {_rows(grid, score)} changed b to {_rows(*after)}; it must change nothing"
    )


def _boards() -> list[Case]:
    """The fixed sample, the same every run: random, full and stuck boards."""
    rng = random.Random(SEED)
    grids = _sample(rng, SAMPLE_SIZE)
    grids += [_full(rng) for _ in range(SAMPLE_SIZE // 4)]
    grids += [_stuck(rng) for _ in range(SAMPLE_SIZE // 4)]
    return [("", grid) for grid in grids]


# ------------------------------------------------------------- coordinate
@requirement("A01", "create_coordinate(r, c): its row and column are r and c")
def coordinate_accessors(m: Any) -> None:
    """"It takes two arguments of the type integer, ... a row r (an integer
    between 1 and 4) and ... a column c (an integer between 1 and 4), and
    should return an element of the type coordinate corresponding to the
    position (r, c)"; coordinate_row / coordinate_col "returns the respective
    row / column"."""
    for r in range(1, SIZE + 1):
        for c in range(1, SIZE + 1):
            made = m.create_coordinate(r, c)
            got = (m.coordinate_row(made), m.coordinate_col(made))
            assert got == (r, c), (
                f"{m.name('create_coordinate')}({r}, {c}): {m.name('coordinate_row')} and "
                f"{m.name('coordinate_col')} gave {got}, expected ({r}, {c})"
            )


@requirement("A02", 'create_coordinate: bad arguments raise "create_coordinate: invalid arguments"')
def coordinate_invalid(m: Any) -> None:
    """"raising a ValueError with the message "create_coordinate: invalid
    arguments" in case any of the given arguments is invalid" (the spec's
    examples: (-1, 1), (1, 5), (0, 0))."""
    for args in ((-1, 1), (1, 5), (0, 0), (5, 1), (1.0, 1), ("1", 1), (1, None)):
        _raises(m, "create_coordinate", partial(m.create_coordinate, *args),
                ", ".join(map(repr, args)))


@requirement("A03", "is_coordinate: True for a coordinate, False otherwise")
def coordinate_recognizer(m: Any) -> None:
    """"returns True, if that argument is of the type coordinate, and False,
    otherwise" (the example: is_coordinate(0) is False). A recognizer
    answers for any value: it never raises and changes nothing."""
    for r in range(1, SIZE + 1):
        for c in range(1, SIZE + 1):
            _recognizes(m, "is_coordinate", m.create_coordinate(r, c), True)
    for other in (*NOT_COORDINATES, m.create_board()):
        _recognizes(m, "is_coordinate", other, False)
    for probe in _own_wrong_coordinates(m):
        _recognizes(m, "is_coordinate", probe.value, False, probe.how)


def _own_wrong_coordinates(m: Any) -> list[Probe]:
    """Wrong coordinates of the module's own shape (adt_probes.py)."""
    return wrong_coordinates(m.create_coordinate(1, 2))


def _built(m: Any, how: str) -> str:
    return f"built from {m.name('create_coordinate')}(1, 2) = {how}"


@requirement("A04", "coordinates_equal: True exactly for the same position")
def coordinate_equality(m: Any) -> None:
    """"returns True in case those arguments correspond to the same position
    (l, c) on the board, and False, otherwise" (every pair of positions)."""
    cells = [(r, c) for r in range(1, SIZE + 1) for c in range(1, SIZE + 1)]
    for first in cells:
        for second in cells:
            got = m.coordinates_equal(m.create_coordinate(*first), m.create_coordinate(*second))
            assert got is (first == second), (
                f"{m.name('coordinates_equal')} of {first} and {second}: "
                f"returned {got!r}, expected {first == second}"
            )


# ------------------------------------------------------------------ board
@requirement("A05", "create_board: every position 0, the score 0")
def board_constructor(m: Any) -> None:
    """"The board should be returned empty (i.e., every position should
    contain the value 0 and the score should be 0)": read through
    board_position and board_score alone (board_empty_positions is A07's:
    a stub there must not fail the constructor too)."""
    board = m.create_board()
    grid, score = _state(m, board)
    empty = [[0] * SIZE for _ in range(SIZE)]
    assert (grid, score) == (empty, 0), (
        f"{m.name('create_board')}(): {_rows(grid, score)}, expected every position 0, score 0"
    )


@requirement("A06", 'board_position: the value there; "board_position: invalid arguments"')
def board_position(m: Any) -> None:
    """"returns ... the value in the position in the board at coordinate c.
    In case the position at coordinate c is empty, the value 0 should be
    returned ... verify if the second argument is a valid coordinate, and
    raise a ValueError with the message "board_position: invalid
    arguments" in case it isn't" (its example: board_position(b, 0)). Probed
    only with values no coordinate can be (not (1, 1): a tuple may be one);
    on the sample boards, each position gives back what was put there."""
    grid = [[0, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 16], [0, 0, 0, 0]]
    board = _board(m, grid)
    for bad in NOT_COORDINATES:
        _raises(m, "board_position", partial(m.board_position, board, bad), f"b, {bad!r}")
    for probe in _own_wrong_coordinates(m):
        _raises(m, "board_position", partial(m.board_position, board, probe.value),
                f"b, {probe.value!r}", _built(m, probe.how))

    def reads_back(_: str, grid: Grid) -> None:
        got = _grid(m, _board(m, grid))
        assert got == grid, (
            f"{m.name('board_position')} on a board filled with {_rows(grid)}: "
            f"read {_rows(got)}"
        )

    _compare([("", grid), *_boards()], reads_back)


@requirement("A07", "board_empty_positions: the coordinates of every empty position")
def board_empty(m: Any) -> None:
    """"returns a list containing the coordinates of every position of board
    b that is empty" (compared on the sample boards; a query changes
    nothing)."""

    def empties(_: str, grid: Grid) -> None:
        board = _board(m, grid, 4)
        call = f"{m.name('board_empty_positions')}(b)"
        got = _empty_cells(m, board, call)
        expected = [(r, c) for r in range(1, SIZE + 1) for c in range(1, SIZE + 1)
                    if not grid[r - 1][c - 1]]
        assert got == expected, f"{call} on {_rows(grid)}: {got}, expected {expected}"
        _unchanged(m, board, grid, 4, call)

    _compare(_boards(), empties)


@requirement("A08", 'board_fill_position: modifies b, returns it; "...: invalid arguments"')
def board_fill(m: Any) -> None:
    """"modifies b, placing the value v in the position corresponding to the
    coordinate c. The function should return the modified board. In case
    any of the given arguments is invalid, it should raise a ValueError
    with the message "board_fill_position: invalid arguments". Probed
    only with values no coordinate can be, and tiles that no integer is
    (None, a string); on the sample boards, only that position changes."""
    board = m.create_board()
    name = m.name("board_fill_position")
    for bad in NOT_COORDINATES:
        _raises(m, "board_fill_position", partial(m.board_fill_position, board, bad, 2),
                f"b, {bad!r}, 2")
    for probe in _own_wrong_coordinates(m):
        fresh = m.create_board()  # one the probe may spoil if accepted
        _raises(m, "board_fill_position", partial(m.board_fill_position, fresh, probe.value, 2),
                f"b, {probe.value!r}, 2", _built(m, probe.how))
    corner = m.create_coordinate(1, 1)
    for tile in ("2", None):
        _raises(m, "board_fill_position", partial(m.board_fill_position, board, corner, tile),
                f"b, {m.name('create_coordinate')}(1, 1), {tile!r}")

    def fills(_: str, grid: Grid) -> None:
        board = _board(m, grid)
        r, c = (sum(map(sum, grid)) % SIZE) + 1, (len(grid[0]) + grid[0][0]) % SIZE + 1
        call = f"{name}(b, {m.name('create_coordinate')}({r}, {c}), 8)"
        returned = m.board_fill_position(board, m.create_coordinate(r, c), 8)
        assert returned is board, f"{call}: returned {returned!r}, {_MODIFIED}"
        expected = [row[:] for row in grid]
        expected[r - 1][c - 1] = 8
        got = _grid(m, board)
        assert got == expected, f"{call} on {_rows(grid)}: {_rows(got)}, expected {_rows(expected)}"

    _compare(_boards(), fills)


@requirement("A09", "board_update_score: adds v (a multiple of 4, >= 0), else an error")
def board_score_update(m: Any) -> None:
    """"adding to the value of the respective score v points. The function
    should return the modified board. It should still verify if v is a
    non-negative multiple of 4 integer ... "board_update_score: invalid
    arguments"."""
    board = m.create_board()
    name = m.name("board_update_score")
    returned = m.board_update_score(board, 8)
    assert returned is board, f"{name}(b, 8): returned {returned!r}, {_MODIFIED}"
    m.board_update_score(board, 0)
    m.board_update_score(board, 12)
    got = m.board_score(board)
    assert got == 20, f"{name}(b, 8), (b, 0), (b, 12) on a new board: score {got}, expected 20"
    for bad in (-4, 2, 6, 4.0, "4", None):
        _raises(m, "board_update_score", partial(m.board_update_score, board, bad),
                f"b, {bad!r}")


# The spec's kinds of reduction, tried before the sample: no line of these
# can merge a second time (A10) ...
REDUCTIONS: Final[list[Case]] = [
    ("W", [[0, 2, 0, 4], [2, 2, 0, 0], [0, 0, 0, 2], [4, 8, 8, 0]]),
    ("E", [[2, 2, 2, 0], [0, 0, 0, 0], [4, 0, 4, 2], [0, 0, 0, 0]]),
    ("N", [[0, 0, 0, 0], [2, 0, 0, 4], [2, 0, 0, 0], [8, 0, 0, 2]]),
    ("S", [[4, 2, 0, 0], [0, 0, 0, 0], [4, 0, 0, 0], [2, 0, 0, 0]]),
]
# ... and each of these has a line where one can (A11; Fig. 4's row first).
MERGING_AGAIN: Final[list[Case]] = [
    ("W", [[4, 4, 8, 0], [2, 2, 2, 2], [2, 2, 4, 0], [0, 0, 0, 0]]),
    ("E", [[8, 4, 4, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]),
    ("S", [[4, 0, 0, 0], [2, 0, 0, 0], [2, 0, 0, 0], [8, 0, 0, 0]]),
    ("N", [[2, 0, 0, 0], [2, 0, 0, 0], [4, 0, 0, 0], [0, 0, 0, 0]]),
]


def _packed(grid: Grid, action: str) -> list[list[int]]:
    """Each line of ``action``'s, its tiles in order from the edge they
    move to, empty cells left out."""
    lines = grid if action in ("W", "E") else [list(col) for col in zip(*grid, strict=True)]
    edge_last = action in ("E", "S")
    return [[v for v in (line[::-1] if edge_last else line) if v] for line in lines]


def _merges_again(grid: Grid, action: str) -> bool:
    """Whether ``action`` on ``grid`` has a line where a merged tile could
    merge again (A11's boards): a pair followed by a tile their sum (8 8 16,
    read from the edge), or equal tiles side by side after the reduction
    (2 2 2 2 gives 4 4)."""
    after = ours.board_reduce(_our_board(grid), action).cells
    sums = any(a == b and c == 2 * a for line in _packed(grid, action)
               for a, b, c in zip(line, line[1:], line[2:], strict=False))
    return sums or any(a == b for line in _packed(after, action)
                       for a, b in itertools.pairwise(line))


def _none_merged_again(got: Grid, expected: Grid, action: str) -> bool:
    """Whether every line of ``got`` keeps as many tiles as ``expected``'s."""
    return all(
        len(mine) >= len(right)
        for mine, right in zip(_packed(got, action), _packed(expected, action), strict=True)
    )


def _reductions() -> list[Case]:
    """Each sample board with each action."""
    return [(action, grid) for _, grid in _boards() for action in ACTIONS]


def _reduces(m: Any, merging_again: bool) -> Callable[[str, Grid], None]:
    """board_reduce on a board, as gamestate.adt reduces it, on the boards
    where a merged tile could merge again (A11: how many tiles each line
    keeps, since a merged tile merging again leaves one fewer, while a
    tile left short of the edge or the wrong pair merged (A10's faults)
    leaves as many; a reduced copy returned in place of b too) or could
    not (A10: b returned, its whole board and score)."""

    def check(action: str, grid: Grid) -> None:
        if _merges_again(grid, action) != merging_again:
            return  # the other requirement's board (shrinking may reach one)
        board = _board(m, grid, 4)
        call = f"{m.name('board_reduce')}(b, {action!r})"
        returned = m.board_reduce(board, action)
        got = _state(m, board)
        if merging_again and returned is not board and got == (grid, 4):
            got = _state(m, returned)  # a reduced copy: A10 says so, A11 judges it
        assert merging_again or returned is board, (
            f"{call} on {_rows(grid, 4)}: returned {returned!r}, {_MODIFIED}"
        )
        expected = ours.board_reduce(_our_board(grid, 4), action)
        same = (
            _none_merged_again(got[0], expected.cells, action)
            if merging_again else got == (expected.cells, expected.score)
        )
        assert same, (
            f"{call} on {_rows(grid, 4)}: {_rows(*got)}, "
            f"expected {_rows(expected.cells, expected.score)}"
        )

    return check


@requirement("A10", "board_reduce: slides and merges toward N/S/W/E, adds to the score")
def board_reductions(m: Any) -> None:
    """"each panel performs the largest displacement possible in the
    corresponding direction until it collides with another panel or one of
    the board's sides ... the two are combined in a single panel ... The
    value of each panel that's a result of a combination is added to the
    current score"; "It should return the modified board b" (on boards
    where no merged tile could merge again: those are A11's)."""
    _compare([*REDUCTIONS, *_reductions()], _reduces(m, merging_again=False))


@requirement("A11", "board_reduce: a combined panel is not combined again (Fig. 4)")
def board_reduce_once(m: Any) -> None:
    """"A panel that's a result of a combination can not be combined with
    another panel in the same move"; the edge pair combines first ("the
    panels are displaced in each row from right to left, starting with the
    leftmost panel" for W). On boards where a merged tile meets its equal,
    the tiles of each line in order from the edge, and the score."""
    _compare([*MERGING_AGAIN, *_reductions()], _reduces(m, merging_again=True))


@requirement("A12", 'board_reduce: another action raises "board_reduce: invalid arguments"')
def board_reduce_invalid(m: Any) -> None:
    """"verify if d is a valid move (i.e., one of the four previously
    indicated strings) and raise a ValueError with the message
    "board_reduce: invalid arguments" in case it isn't"."""
    grid = [[2, 2, 0, 0], [0] * 4, [0] * 4, [0] * 4]
    board = _board(m, grid)
    for bad in ("n", "X", "", "NS", None, 1):
        _raises(m, "board_reduce", partial(m.board_reduce, board, bad), f"b, {bad!r}")
    _unchanged(m, board, grid, 0, f"{m.name('board_reduce')} with a refused action")


@requirement("A13", "is_board: True for a board, False for anything else")
def board_recognizer(m: Any) -> None:
    """"returning True if its argument isn't of the type board, and False
    otherwise" -- a slip of the spec, whose example reads is_board(b) ->
    True: a board is recognised, anything else (a wrong shape too) is not.
    A recognizer answers for any value: it never raises and changes
    nothing (its argument, or the sample board it is given)."""
    for other in (*NOT_BOARDS, m.create_coordinate(1, 1)):
        _recognizes(m, "is_board", other, False)
    own = _board(m, [[2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 4, 0], [0, 0, 0, 0]], 4)
    for probe in wrong_boards(own):
        built = f"built from a board of {m.name('create_board')} and {m.name('board_fill_position')}: {probe.how}"
        _recognizes(m, "is_board", probe.value, False, built)

    def recognizes(_: str, grid: Grid) -> None:
        board = _board(m, grid, 4)
        call = f"{m.name('is_board')}(b)"
        got = m.is_board(board)
        assert got is True, f"{call} on {_rows(grid, 4)}: returned {got!r}, expected True"
        _unchanged(m, board, grid, 4, call)

    _compare([("", [[0] * SIZE for _ in range(SIZE)]), *_boards()], recognizes)


@requirement("A14", "board_finished: True exactly when full with no move left")
def board_finish(m: Any) -> None:
    """"returns True in case the board b is finished, i.e., in case it is
    full and there are no possible moves left, and False otherwise" (a
    recognizer: it changes nothing), compared with gamestate.adt on the
    sample, full boards with and without a move left among them, and the
    empty board."""

    def finished(_: str, grid: Grid) -> None:
        board = _board(m, grid, 4)
        call = f"{m.name('board_finished')}(b)"
        got = m.board_finished(board)
        expected = ours.board_finished(_our_board(grid, 4))
        assert got is expected, f"{call} on {_rows(grid, 4)}: returned {got!r}, expected {expected}"
        _unchanged(m, board, grid, 4, call)

    _compare([("", [[0] * SIZE for _ in range(SIZE)]), *_boards()], finished)


@requirement("A15", "boards_equal: True exactly for the same tiles and score")
def board_equality(m: Any) -> None:
    """"returns True in case b1 and b2 are two boards with the same
    configuration and score, and False otherwise" (each sample board
    against its copy, a copy with another score, and one with a tile
    changed; nothing changes)."""
    call = m.name("boards_equal")

    def equal(_: str, grid: Grid) -> None:
        other = [row[:] for row in grid]
        other[SIZE - 1][0] = 2 if other[SIZE - 1][0] != 2 else 4
        for second, score, expected in ((grid, 4, True), (grid, 8, False), (other, 4, False)):
            b1, b2 = _board(m, grid, 4), _board(m, second, score)
            got = m.boards_equal(b1, b2)
            assert got is expected, (
                f"{call}(b1, b2), b1 {_rows(grid, 4)}, b2 {_rows(second, score)}: "
                f"returned {got!r}, expected {expected}"
            )
            _unchanged(m, b1, grid, 4, f"{call}(b1, b2)")

    _compare(_boards()[::4], equal)  # three comparisons a board: a quarter of them
