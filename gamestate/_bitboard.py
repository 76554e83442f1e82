"""A 4x4 board packed in one int, for speed: the same rule, cached per row.

Layout: cell (row, col) holds the tile's exponent (0 = empty, e = tile
2**e, 1 <= e <= 15) in the four bits at ``4 * (4 * row + col)``, so a row
is 16 bits and increasing bit order is row-major order.

There is no second copy of the game rule here: the result of sliding a
16-bit row is computed once by :func:`gamestate._kernels.slide_line` and
kept in a lazily filled cache, so nothing is built at import and only rows
that occur in play are ever computed. Columns are handled by transposing
the board. This module never prints and holds no game state beyond those
caches.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ._kernels import slide_line

ROW_MASK: Final = 0xFFFF
MAX_EXPONENT: Final = 15
_GAIN_SHIFT: Final = 16
_OVERFLOW: Final = -1
_NIBBLE_ONES: Final = 0x1111_1111_1111_1111
_ROW_SHIFTS: Final = (0, 16, 32, 48)


class TileOverflowError(ValueError):
    """A merge would make a tile above 2**15, which four bits cannot hold."""


def _exponent(value: int) -> int | None:
    """Return e with value == 2**e (1 <= e <= 15), 0 for 0, else None."""
    if value == 0:
        return 0
    exponent = value.bit_length() - 1
    if value == 1 << exponent and 1 <= exponent <= MAX_EXPONENT:
        return exponent
    return None


def pack(rows: Sequence[Sequence[int]]) -> int | None:
    """Pack a 4x4 board of 0 and 2..2**15; None if it does not fit."""
    if len(rows) != 4 or any(len(row) != 4 for row in rows):
        return None
    board = 0
    for index, value in enumerate(v for row in rows for v in row):
        exponent = _exponent(value)
        if exponent is None:
            return None
        board |= exponent << (4 * index)
    return board


def unpack(board: int) -> list[list[int]]:
    """Return the board as four lists of tile values (0 = empty)."""
    cells = [(board >> (4 * index)) & 0xF for index in range(16)]
    values = [0 if e == 0 else 1 << e for e in cells]
    return [values[row * 4 : row * 4 + 4] for row in range(4)]


def transpose(board: int) -> int:
    """Swap rows and columns (cell (r, c) goes to (c, r))."""
    a = (
        (board & 0xF0F0_0F0F_F0F0_0F0F)
        | ((board & 0x0000_F0F0_0000_F0F0) << 12)
        | ((board >> 12) & 0x0000_F0F0_0000_F0F0)
    )
    return (
        (a & 0xFF00_FF00_00FF_00FF)
        | ((a & 0x0000_0000_FF00_FF00) << 24)
        | ((a >> 24) & 0x0000_0000_FF00_FF00)
    )


def _row_result(row: int, toward_high: bool) -> int:
    """Slide a 16-bit row toward its high (or low) nibble with slide_line.

    Returns ``new_row | gain << 16``, or -1 when a merge would overflow.
    """
    values = [
        0 if e == 0 else 1 << e for e in ((row >> s) & 0xF for s in (0, 4, 8, 12))
    ]
    line = values if toward_high else values[::-1]
    slid, gain = slide_line(line)
    result = list(slid) if toward_high else list(slid)[::-1]
    new_row = 0
    for position, value in enumerate(result):
        exponent = _exponent(value)
        if exponent is None:
            return _OVERFLOW
        new_row |= exponent << (4 * position)
    return new_row | gain << _GAIN_SHIFT


# Lazily filled: row -> new_row | gain << 16 (or -1 on overflow).
_TOWARD_LOW: dict[int, int] = {}
_TOWARD_HIGH: dict[int, int] = {}


def _slide_rows(board: int, toward_high: bool) -> tuple[int, int]:
    """Slide all four rows one way; return (new board, gain)."""
    cache = _TOWARD_HIGH if toward_high else _TOWARD_LOW
    new_board = 0
    gain = 0
    for shift in _ROW_SHIFTS:
        row = (board >> shift) & ROW_MASK
        result = cache.get(row)
        if result is None:
            result = cache[row] = _row_result(row, toward_high)
        if result < 0:
            raise TileOverflowError("a merge would make a tile above 32768")
        new_board |= (result & ROW_MASK) << shift
        gain += result >> _GAIN_SHIFT
    return new_board, gain


def move(board: int, turns: int) -> tuple[int, int]:
    """Move in the direction with rotation count ``turns``: (board, gain).

    DOWN (0) and UP (2) move columns, LEFT (1) and RIGHT (3) rows; the new
    board equals the old one when nothing moves. Raises TileOverflowError when
    a merge would exceed 2**15. Adds no tile.
    """
    turns %= 4
    if turns % 2 == 1:
        return _slide_rows(board, toward_high=turns == 3)
    moved, gain = _slide_rows(transpose(board), toward_high=turns == 0)
    return transpose(moved), gain


def empty_mask(board: int) -> int:
    """Return an int with bit 4*i set for every empty cell i."""
    folded = board | (board >> 2)
    folded |= folded >> 1
    return ~folded & _NIBBLE_ONES


def count_empty(board: int) -> int:
    """Return the number of empty cells."""
    return empty_mask(board).bit_count()


def nth_empty_index(board: int, k: int) -> int:
    """Return the cell index (4 * row + col) of the k-th empty cell, row-major."""
    mask = empty_mask(board)
    for _ in range(k):
        mask &= mask - 1
    return ((mask & -mask).bit_length() - 1) // 4


def place(board: int, index: int, value: int) -> int:
    """Return the board with tile ``value`` (2**1..2**15) put in cell ``index``."""
    exponent = _exponent(value)
    if not exponent:
        raise ValueError(f"tile must be a power of two from 2 to 32768, got {value!r}")
    return board | exponent << (4 * index)
