"""The functional 2048 API of spec 004: coordinate and board ADTs, N/S/E/W.

Every function of that spec, with its exact names, arguments, return values
and error messages, as a thin layer over the package's rules: a reduction is
``_kernels.move_board`` with the matching Direction (N = UP, S = DOWN,
W = LEFT, E = RIGHT), so the slide-and-merge rule exists once.

Internal representation (the spec asks each ADT to describe its own):

* a *coordinate* is an immutable :class:`Coordinate` (row, column), both
  1 to 4, (1, 1) the top left corner; it is checked when it is made, so
  every Coordinate is valid;
* a *board* is a mutable :class:`Board`: ``cells[row - 1][col - 1]`` holds
  the tile there (0 = empty) and ``score`` the points so far.

The spec's I/O functions (``print_board``, ``request_move`` and the
console game ``game_2048``) are a front end's, not the model's: they live
in :mod:`playmanager.twenty48.adt_game` (``python -m
playmanager.twenty48.adt_game`` plays). Nothing here prints or reads, and
randomness comes in as a parameter (``fill_random_position``'s ``rng``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, Protocol, TypeVar

from . import _kernels
from .direction import Direction

__all__ = [
    "Board",
    "Coordinate",
    "board_empty_positions",
    "board_fill_position",
    "board_finished",
    "board_position",
    "board_reduce",
    "board_score",
    "board_update_score",
    "boards_equal",
    "coordinate_col",
    "coordinate_row",
    "coordinates_equal",
    "copy_board",
    "create_board",
    "create_coordinate",
    "fill_random_position",
    "is_board",
    "is_coordinate",
]

SIZE: Final = 4
"""Rows and columns of every board; coordinates run from 1 to SIZE."""

TWO_PROBABILITY: Final = 0.8
"""Chance that a new tile is a 2 (else a 4), as spec 004 says."""

MOVES: Final[Mapping[str, Direction]] = MappingProxyType(
    {"N": Direction.UP, "S": Direction.DOWN, "W": Direction.LEFT, "E": Direction.RIGHT}
)
"""The spec's four actions and the package direction each one is."""

_T = TypeVar("_T")


def _is_int(value: object) -> bool:
    """True for an int that is not a bool (True is not a row number)."""
    return isinstance(value, int) and not isinstance(value, bool)


# ------------------------------------------------------------- coordinate
@dataclass(frozen=True, slots=True)
class Coordinate:
    """An immutable board position: row and column, each 1 to 4.

    Made by :func:`create_coordinate`; equal coordinates compare equal
    with ``==`` (so ``c in board_empty_positions(b)`` works).
    """

    row: int
    col: int

    def __post_init__(self) -> None:
        if not all(_is_int(n) and 1 <= n <= SIZE for n in (self.row, self.col)):
            raise ValueError("create_coordinate: invalid arguments")


def create_coordinate(row: int, col: int) -> Coordinate:
    """Return the coordinate (row, col); both must be ints from 1 to 4.

    Raises ValueError("create_coordinate: invalid arguments") otherwise.
    """
    return Coordinate(row, col)


def coordinate_row(c: Coordinate) -> int:
    """Return the row of ``c`` (1 is the top)."""
    return c.row


def coordinate_col(c: Coordinate) -> int:
    """Return the column of ``c`` (1 is the left)."""
    return c.col


def is_coordinate(x: object) -> bool:
    """Return True if ``x`` is a coordinate, False otherwise."""
    return isinstance(x, Coordinate)


def coordinates_equal(c1: Coordinate, c2: Coordinate) -> bool:
    """Return True if ``c1`` and ``c2`` are the same position."""
    return c1 == c2


# ------------------------------------------------------------------ board
def _empty_cells() -> list[list[int]]:
    return [[0] * SIZE for _ in range(SIZE)]


@dataclass(slots=True)
class Board:
    """A 4x4 board and its score; change it only through the functions here.

    ``cells[row - 1][col - 1]`` is the tile at (row, col), 0 when empty.
    """

    cells: list[list[int]] = field(default_factory=_empty_cells)
    score: int = 0


def create_board(_unused: object = None) -> Board:
    """Return an empty board: every position 0, score 0.

    The spec's signature takes no argument, but its own print_board
    example calls ``create_board(0)``; one optional argument is accepted
    and ignored so that the example runs as printed.
    """
    return Board()


def board_position(b: Board, c: Coordinate) -> int:
    """Return the tile of ``b`` at ``c``, 0 when that position is empty.

    Raises ValueError("board_position: invalid arguments") unless ``b`` is
    a board and ``c`` a coordinate.
    """
    if not (is_board(b) and is_coordinate(c)):
        raise ValueError("board_position: invalid arguments")
    return b.cells[c.row - 1][c.col - 1]


def board_score(b: Board) -> int:
    """Return the score of ``b``."""
    return b.score


def board_empty_positions(b: Board) -> list[Coordinate]:
    """Return the coordinates of the empty positions of ``b``, row by row."""
    return [
        create_coordinate(row, col)
        for row in range(1, SIZE + 1)
        for col in range(1, SIZE + 1)
        if b.cells[row - 1][col - 1] == 0
    ]


def board_fill_position(b: Board, c: Coordinate, v: int) -> Board:
    """Put ``v`` at position ``c`` of ``b``; return ``b``, modified.

    ``v`` is a tile (any non-negative int; 0 empties the position).
    Raises ValueError("board_fill_position: invalid arguments") unless
    ``b`` is a board, ``c`` a coordinate and ``v`` such an int.
    """
    if not (is_board(b) and is_coordinate(c) and _is_int(v) and v >= 0):
        raise ValueError("board_fill_position: invalid arguments")
    b.cells[c.row - 1][c.col - 1] = v
    return b


def board_update_score(b: Board, v: int) -> Board:
    """Add ``v`` points to the score of ``b``; return ``b``, modified.

    Raises ValueError("board_update_score: invalid arguments") unless
    ``b`` is a board and ``v`` a non-negative int multiple of 4.
    """
    if not (is_board(b) and _is_int(v) and v >= 0 and v % 4 == 0):
        raise ValueError("board_update_score: invalid arguments")
    b.score += v
    return b


def board_reduce(b: Board, d: str) -> Board:
    """Reduce ``b`` toward ``d`` ('N', 'S', 'W' or 'E'); return ``b``.

    Every tile slides as far as it can; equal tiles that meet merge once
    per move, those nearest the edge first; the merged values are added
    to the score. Adds no new tile. Raises
    ValueError("board_reduce: invalid arguments") unless ``b`` is a board
    and ``d`` one of the four actions.
    """
    if not (is_board(b) and isinstance(d, str) and d in MOVES):
        raise ValueError("board_reduce: invalid arguments")
    moved, gain = _kernels.move_board(b.cells, MOVES[d].getRotationCount())
    b.cells[:] = moved
    b.score += gain
    return b


def is_board(x: object) -> bool:
    """Return True if ``x`` is a board, False otherwise.

    The spec's text says the opposite ("True if its argument isn't of the
    type board"), a slip its own example contradicts (``is_board(b)`` is
    True); this follows the evident intent. Tiles need not be powers of
    two, but the shape must be 4x4 of ints and the score an int >= 0.
    """
    if not isinstance(x, Board):
        return False
    rows = x.cells
    return (
        isinstance(rows, list)
        and len(rows) == SIZE
        and all(_is_row(row) for row in rows)
        and _is_int(x.score)
        and x.score >= 0
    )


def _is_row(row: object) -> bool:
    return isinstance(row, list) and len(row) == SIZE and all(_is_int(v) for v in row)


def board_finished(b: Board) -> bool:
    """Return True if ``b`` is full and no action would change it."""
    return not board_empty_positions(b) and not any(
        _kernels.can_move(b.cells, direction.getRotationCount())
        for direction in MOVES.values()
    )


def boards_equal(b1: Board, b2: Board) -> bool:
    """Return True if ``b1`` and ``b2`` have the same tiles and score."""
    return (
        is_board(b1) and is_board(b2) and b1.cells == b2.cells and b1.score == b2.score
    )


# ------------------------------------------------------ additional functions
def copy_board(b: Board) -> Board:
    """Return a new board with the tiles and score of ``b``."""
    return Board([row[:] for row in b.cells], b.score)


class RandomSource(Protocol):
    """What fill_random_position draws from: a random.Random, or its like."""

    def choice(self, seq: Sequence[_T], /) -> _T: ...

    def random(self) -> float: ...


def fill_random_position(b: Board, rng: RandomSource) -> Board:
    """Put a 2 (chance 0.8) or a 4 in a random empty position; return ``b``.

    The position is drawn first (``rng.choice`` of board_empty_positions),
    then the value (``rng.random() < 0.8`` gives a 2), from ``rng``, a
    ``random.Random`` (seed it to repeat a game). A full board is
    returned unchanged and nothing is drawn.
    """
    empty = board_empty_positions(b)
    if not empty:
        return b
    position = rng.choice(empty)
    value = 2 if rng.random() < TWO_PROBABILITY else 4
    return board_fill_position(b, position, value)
