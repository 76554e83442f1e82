"""The requirements of spec 004 (the functional 2048 ADTs), one check each.

Spec: shared/spec/004_753ccc0013e0ae1b.txt. A target is a Python module
with the spec's functions (``create_coordinate``, ..., ``board_reduce``,
``print_board`` and the game's I/O functions are not checked). Each check
carries an id (A01...) and quotes the spec in its docstring; it fails with
an AssertionError saying what was wrong. The checks build boards only
through the ADT's own functions, so any internal representation passes.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Final

from gamestate.conformance.requirements import Catalogue, Checks

_CHECKS: Final = Checks()
CHECKS: Final = _CHECKS.by_id
requirement: Final = _CHECKS.requirement
ADT: Final = Catalogue("ADT", "spec 004, coordinate and board ADTs", _CHECKS.texts, {})

# Tile grids are written row by row, row 1 first, as the spec prints them.
Grid = list[list[int]]


def _raises(message: str, call: Callable[[], Any], what: str) -> None:
    try:
        call()
    except ValueError as error:
        assert str(error) == message, f"{what}: ValueError({str(error)!r}), expected {message!r}"
        return
    raise AssertionError(f"{what}: no ValueError({message!r})")


def _board(m: Any, grid: Grid, score: int = 0) -> Any:
    board = m.create_board()
    for r, row in enumerate(grid, 1):
        for c, value in enumerate(row, 1):
            m.board_fill_position(board, m.create_coordinate(r, c), value)
    if score:
        m.board_update_score(board, score)
    return board


def _grid(m: Any, board: Any) -> Grid:
    return [
        [m.board_position(board, m.create_coordinate(r, c)) for c in range(1, 5)]
        for r in range(1, 5)
    ]


def _cells(m: Any, coordinates: list[Any]) -> list[tuple[int, int]]:
    return sorted((m.coordinate_row(c), m.coordinate_col(c)) for c in coordinates)


@requirement("A01", "create_coordinate(r, c): its row and column are r and c")
def coordinate_accessors(m: Any) -> None:
    """"It takes two arguments of the type integer, ... a row r (an integer
    between 1 and 4) and ... a column c (an integer between 1 and 4), and
    should return an element of the type coordinate corresponding to the
    position (r, c)"; coordinate_row / coordinate_col "returns the respective
    row / column"."""
    for r in range(1, 5):
        for c in range(1, 5):
            got = m.create_coordinate(r, c)
            assert (m.coordinate_row(got), m.coordinate_col(got)) == (r, c), f"({r}, {c})"


@requirement("A02", 'create_coordinate: bad arguments raise "create_coordinate: invalid arguments"')
def coordinate_invalid(m: Any) -> None:
    """"raising a ValueError with the message "create_coordinate: invalid
    arguments" in case any of the given arguments is invalid"."""
    for args in ((0, 1), (1, 5), (5, 1), (1, -1), (1.0, 1), ("1", 1), (1, None)):
        _raises(
            "create_coordinate: invalid arguments",
            partial(m.create_coordinate, *args),
            f"create_coordinate{args}",
        )


@requirement("A03", "is_coordinate: True for a coordinate, False otherwise")
def coordinate_recognizer(m: Any) -> None:
    """"returns True, if that argument is of the type coordinate, and False,
    otherwise" (the example: is_coordinate(0) is False)."""
    assert m.is_coordinate(m.create_coordinate(1, 4)) is True, "a coordinate"
    for other in (0, None, "(1, 1)", m.create_board()):
        assert m.is_coordinate(other) is False, f"is_coordinate({other!r})"


@requirement("A04", "coordinates_equal: True exactly for the same position")
def coordinate_equality(m: Any) -> None:
    """"returns True in case those arguments correspond to the same position
    (l, c) on the board, and False, otherwise"."""
    a, b = m.create_coordinate(1, 2), m.create_coordinate(1, 2)
    assert m.coordinates_equal(a, b) is True, "(1, 2) and (1, 2)"
    for other in ((2, 1), (1, 3), (2, 2)):
        got = m.coordinates_equal(a, m.create_coordinate(*other))
        assert got is False, f"(1, 2) and {other}"


@requirement("A05", "create_board: every position 0, the score 0")
def board_constructor(m: Any) -> None:
    """"The board should be returned empty (i.e., every position should
    contain the value 0 and the score should be 0)"."""
    board = m.create_board()
    assert _grid(m, board) == [[0] * 4] * 4, "positions"
    assert m.board_score(board) == 0, "score"
    assert len(m.board_empty_positions(board)) == 16, "board_empty_positions"


@requirement("A06", 'board_position: the value there; "board_position: invalid arguments"')
def board_position(m: Any) -> None:
    """"returns ... the value in the position in the board at coordinate c.
    In case the position at coordinate c is empty, the value 0 should be
    returned ... raise a ValueError with the message "board_position:
    invalid arguments" in case it isn't [a valid coordinate]"."""
    board = _board(m, [[0, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 16], [0, 0, 0, 0]])
    assert m.board_position(board, m.create_coordinate(1, 2)) == 2
    assert m.board_position(board, m.create_coordinate(3, 4)) == 16
    assert m.board_position(board, m.create_coordinate(4, 4)) == 0
    for bad in ((1, 1), 0, None):
        _raises(
            "board_position: invalid arguments",
            partial(m.board_position, board, bad),
            f"board_position(b, {bad!r})",
        )


@requirement("A07", "board_empty_positions: the coordinates of every empty position")
def board_empty(m: Any) -> None:
    """"returns a list containing the coordinates of every position of board
    b that is empty"."""
    board = _board(m, [[2, 0, 0, 0], [0, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 8]])
    full = {(1, 1), (2, 2), (4, 4)}
    expected = sorted((r, c) for r in range(1, 5) for c in range(1, 5) if (r, c) not in full)
    assert _cells(m, m.board_empty_positions(board)) == expected


@requirement("A08", 'board_fill_position: modifies b, returns it; "...: invalid arguments"')
def board_fill(m: Any) -> None:
    """"modifies b, placing the value v in the position corresponding to the
    coordinate c. The function should return the modified board. In case
    any of the given arguments is invalid, it should raise a ValueError
    with the message "board_fill_position: invalid arguments"."""
    board = m.create_board()
    returned = m.board_fill_position(board, m.create_coordinate(2, 3), 8)
    assert returned is board, "returns the board it modified"
    assert m.board_position(board, m.create_coordinate(2, 3)) == 8
    for bad in ((2, 3), None):
        _raises(
            "board_fill_position: invalid arguments",
            partial(m.board_fill_position, board, bad, 2),
            f"board_fill_position(b, {bad!r}, 2)",
        )
    _raises(
        "board_fill_position: invalid arguments",
        lambda: m.board_fill_position(board, m.create_coordinate(1, 1), "2"),
        "board_fill_position(b, (1, 1), '2')",
    )


@requirement("A09", "board_update_score: adds v (a multiple of 4, >= 0), else an error")
def board_score_update(m: Any) -> None:
    """"adding to the value of the respective score v points. The function
    should return the modified board. It should still verify if v is a
    non-negative multiple of 4 integer ... "board_update_score: invalid
    arguments"."""
    board = m.create_board()
    assert m.board_update_score(board, 8) is board, "returns the board it modified"
    m.board_update_score(board, 0)
    m.board_update_score(board, 12)
    assert m.board_score(board) == 20
    for bad in (-4, 2, 6, 4.0, "4"):
        _raises(
            "board_update_score: invalid arguments",
            partial(m.board_update_score, board, bad),
            f"board_update_score(b, {bad!r})",
        )


# (action, before, after, points): no row here can merge a second time.
REDUCTIONS: Final[list[tuple[str, Grid, Grid, int]]] = [
    ("W", [[0, 2, 0, 4], [2, 2, 0, 0], [0, 0, 0, 2], [4, 8, 8, 0]],
     [[2, 4, 0, 0], [4, 0, 0, 0], [2, 0, 0, 0], [4, 16, 0, 0]], 20),
    ("E", [[2, 2, 2, 0], [0, 0, 0, 0], [4, 0, 4, 2], [0, 0, 0, 0]],
     [[0, 0, 2, 4], [0, 0, 0, 0], [0, 0, 8, 2], [0, 0, 0, 0]], 12),
    ("N", [[0, 0, 0, 0], [2, 0, 0, 4], [2, 0, 0, 0], [8, 0, 0, 2]],
     [[4, 0, 0, 4], [8, 0, 0, 2], [0, 0, 0, 0], [0, 0, 0, 0]], 4),
    ("S", [[4, 2, 0, 0], [0, 0, 0, 0], [4, 0, 0, 0], [2, 0, 0, 0]],
     [[0, 0, 0, 0], [0, 0, 0, 0], [8, 0, 0, 0], [2, 2, 0, 0]], 8),
]


@requirement("A10", "board_reduce: slides and merges toward N/S/W/E, adds to the score")
def board_reductions(m: Any) -> None:
    """"each panel performs the largest displacement possible in the
    corresponding direction until it collides with another panel or one of
    the board's sides ... the two are combined in a single panel ... The
    value of each panel that's a result of a combination is added to the
    current score"; "It should return the modified board b"."""
    for action, before, after, points in REDUCTIONS:
        board = _board(m, before, 4)
        assert m.board_reduce(board, action) is board, f"{action}: returns the board"
        assert _grid(m, board) == after, f"{action}: {before} gave {_grid(m, board)}"
        assert m.board_score(board) == 4 + points, f"{action}: score"


@requirement("A11", "board_reduce: a combined panel is not combined again (Fig. 4)")
def board_reduce_once(m: Any) -> None:
    """"A panel that's a result of a combination can not be combined with
    another panel in the same move"; the edge pair combines first ("the
    panels are displaced in each row from right to left, starting with the
    leftmost panel" for W)."""
    cases = [("W", [4, 4, 8, 0], [8, 8, 0, 0], 8), ("W", [2, 2, 2, 2], [4, 4, 0, 0], 8),
             ("W", [2, 2, 2, 0], [4, 2, 0, 0], 4), ("E", [8, 4, 4, 0], [0, 0, 8, 8], 8)]
    for action, row, expected, points in cases:
        board = _board(m, [row, [0] * 4, [0] * 4, [0] * 4])
        m.board_reduce(board, action)
        got = _grid(m, board)[0]
        assert got == expected, f"{action} on {row}: {got}, expected {expected}"
        assert m.board_score(board) == points, f"{action} on {row}: score"


@requirement("A12", 'board_reduce: another action raises "board_reduce: invalid arguments"')
def board_reduce_invalid(m: Any) -> None:
    """"verify if d is a valid move (i.e., one of the four previously
    indicated strings) and raise a ValueError with the message
    "board_reduce: invalid arguments" in case it isn't"."""
    board = _board(m, [[2, 2, 0, 0], [0] * 4, [0] * 4, [0] * 4])
    for bad in ("n", "X", "", "NS", None, 1):
        _raises(
            "board_reduce: invalid arguments",
            partial(m.board_reduce, board, bad),
            f"board_reduce(b, {bad!r})",
        )
    assert _grid(m, board)[0] == [2, 2, 0, 0], "a refused action changed the board"


@requirement("A13", "is_board: True for a board, False for anything else")
def board_recognizer(m: Any) -> None:
    """"returning True if its argument isn't of the type board, and False
    otherwise" -- a slip of the spec, whose example reads is_board(b) ->
    True: a board is recognised, anything else (a wrong shape too) is not."""
    assert m.is_board(m.create_board()) is True, "create_board()"
    others: tuple[object, ...] = (0, None, "board", [], [[0] * 4] * 3, [[0] * 3] * 4, m.create_coordinate(1, 1))
    for other in others:
        assert m.is_board(other) is False, f"is_board({other!r})"


@requirement("A14", "board_finished: True exactly when full with no move left")
def board_finish(m: Any) -> None:
    """"returns True in case the board b is finished, i.e., in case it is
    full and there are no possible moves left, and False otherwise"."""
    stuck = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]]
    assert m.board_finished(_board(m, stuck)) is True, "full, no move"
    mergeable = [row[:] for row in stuck]
    mergeable[3][3] = 4
    assert m.board_finished(_board(m, mergeable)) is False, "full, two 4s can merge"
    holed = [row[:] for row in stuck]
    holed[0][0] = 0
    assert m.board_finished(_board(m, holed)) is False, "not full"


@requirement("A15", "boards_equal: True exactly for the same tiles and score")
def board_equality(m: Any) -> None:
    """"returns True in case b1 and b2 are two boards with the same
    configuration and score, and False otherwise"."""
    grid = [[2, 0, 0, 0], [0, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 8]]
    assert m.boards_equal(_board(m, grid, 4), _board(m, grid, 4)) is True, "same"
    assert m.boards_equal(_board(m, grid, 4), _board(m, grid, 8)) is False, "other score"
    other = [row[:] for row in grid]
    other[2][2] = 2
    assert m.boards_equal(_board(m, grid), _board(m, other)) is False, "other tiles"
