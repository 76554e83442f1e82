"""The slide-and-merge rule, in one place, and the board moves built on it.

Every move in every front end ends up in :func:`slide_line`: a direction is
"rotate k times, slide down, rotate back" (Direction.getRotationCount), and
sliding a board down is sliding each column toward its bottom. Boards here
are lists of rows, ``board[row][col]``, 0 for an empty cell. This module
never prints and holds no game state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from .java_random import to_int32

Line: TypeAlias = tuple[int, ...]
Board: TypeAlias = list[list[int]]


def slide_line(line: Sequence[int]) -> tuple[Line, int]:
    """Slide one line toward its end and merge; return (new line, gain).

    The line runs from the far side (index 0, the top of a column) to the
    edge tiles slide toward (index -1, the bottom). The writeup's rule:
    tiles slide past empty cells; two equal tiles that meet merge into their
    sum where the bottom tile was; the farthest-down tiles merge first
    (4 4 4 -> 0 4 8, 4 4 4 4 -> 0 0 8 8); a merged tile never merges again
    in the same move. The gain is the sum of the merged tiles, the amount
    the score rises by. Sums wrap as Java ints do.
    """
    tiles = [value for value in line if value != 0]
    result: list[int] = []
    gain = 0
    index = len(tiles) - 1
    while index >= 0:
        value = tiles[index]
        if index > 0 and tiles[index - 1] == value:
            merged = to_int32(value + value)
            result.append(merged)
            gain += merged
            index -= 2
        else:
            result.append(value)
            index -= 1
    result.extend([0] * (len(line) - len(result)))
    result.reverse()
    return tuple(result), gain


def rotate_counter_clockwise(board: Sequence[Sequence[int]]) -> Board:
    """Return ``board`` turned a quarter counter-clockwise (R x C -> C x R).

    The new row i is the old column ``C - 1 - i`` read top to bottom.
    """
    columns = len(board[0])
    return [[row[col] for row in board] for col in range(columns - 1, -1, -1)]


def rotate(board: Sequence[Sequence[int]], turns: int) -> Board:
    """Return ``board`` turned ``turns`` quarters counter-clockwise."""
    result = [list(row) for row in board]
    for _ in range(turns % 4):
        result = rotate_counter_clockwise(result)
    return result


def slide_board_down(board: Sequence[Sequence[int]]) -> tuple[Board, int]:
    """Slide every column down; return (new board, total gain)."""
    gain = 0
    columns = []
    for column in zip(*board, strict=True):
        slid, gained = slide_line(column)
        columns.append(slid)
        gain = to_int32(gain + gained)
    return [list(row) for row in zip(*columns, strict=True)], gain


def can_slide_down(board: Sequence[Sequence[int]]) -> bool:
    """Return True exactly when :func:`slide_board_down` would change it."""
    return any(slide_line(column)[0] != column for column in zip(*board, strict=True))


def move_board(board: Sequence[Sequence[int]], turns: int) -> tuple[Board, int]:
    """Move in the direction whose rotation count is ``turns``.

    Rotate ``turns`` times, slide down, rotate back: (new board, gain).
    """
    slid, gain = slide_board_down(rotate(board, turns))
    return rotate(slid, 4 - turns % 4), gain


def can_move(board: Sequence[Sequence[int]], turns: int) -> bool:
    """Return True when a move with rotation count ``turns`` changes it."""
    return can_slide_down(rotate(board, turns))
