"""A 4x4 board packed in one int, for speed: the same rule, cached per row.

Layout: cell (row, col) holds the tile's exponent (0 = empty, e = tile
2**e, 1 <= e <= 15) in the four bits at ``4 * (4 * row + col)``, so a row
is 16 bits and increasing bit order is row-major order.

There is no second copy of the game rule here: the result of sliding a
line is computed by :func:`gamestate._kernels.slide_line` the first time
the line occurs, and kept in lazily filled tables, so nothing is built at
import and only lines that occur in play are ever computed. A move adds
up four table values, one per row (LEFT, RIGHT) or per column (DOWN, UP;
a column is looked up in its spread-out form, so the board is never
transposed). The tables grow with the distinct lines a process meets:
about 1.2 KB each, at most 65536 lines. This module never prints and
holds no game state beyond those tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ._kernels import slide_line

ROW_MASK: Final = 0xFFFF
MAX_EXPONENT: Final = 15
BOARD_MASK: Final = (1 << 64) - 1
EMPTIES_SHIFT: Final = 64
EMPTIES_MASK: Final = 0xFFFF
GAIN_SHIFT: Final = 80
"""A slide result is ``new_board | empties << EMPTIES_SHIFT | gain << GAIN_SHIFT``
(see :func:`slide`): ``empties`` has bit i set when cell i is empty."""

_ROW_GAIN_SHIFT: Final = 16
_ROW_OVERFLOW: Final = -1
_OVERFLOW_FLAG: Final = 1 << 128
"""Marks a row whose merge would pass 2**15: above any sum of real results."""
_NIBBLE_ONES: Final = 0x1111_1111_1111_1111

EXPONENTS: Final = {0: 0, **{1 << e: e for e in range(1, MAX_EXPONENT + 1)}}
"""Cell value -> its exponent (0 for empty), for the values a cell can hold."""


class TileOverflowError(ValueError):
    """A merge would make a tile above 2**15, which four bits cannot hold."""


def pack(rows: Sequence[Sequence[int]]) -> int | None:
    """Pack a 4x4 board of 0 and 2..2**15; None if it does not fit."""
    if len(rows) != 4 or any(len(row) != 4 for row in rows):
        return None
    board = 0
    shift = 0
    for row in rows:
        for value in row:
            exponent = EXPONENTS.get(value)
            if exponent is None:
                return None
            board |= exponent << shift
            shift += 4
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


def rotate_counter_clockwise(board: int) -> int:
    """Turn the board a quarter counter-clockwise, as _kernels does lists.

    The new row i is the old column 3 - i read top to bottom, that is row
    3 - i of the transpose: transpose, then reverse the order of the rows.
    """
    t = transpose(board)
    return (
        (t >> 48)
        | ((t >> 16) & 0xFFFF_0000)
        | ((t << 16) & 0xFFFF_0000_0000)
        | ((t & ROW_MASK) << 48)
    )


_VALUES: Final = (0, *(1 << e for e in range(1, MAX_EXPONENT + 1)))
"""Exponent -> cell value (0 for empty)."""


def _row_result(row: int, toward_high: bool) -> int:
    """Slide a 16-bit row toward its high (or low) nibble with slide_line.

    Returns ``new_row | gain << 16``, or -1 when a merge would overflow.
    The line handed to slide_line runs toward the nibble tiles move to.
    """
    cells = [
        _VALUES[row & 0xF],
        _VALUES[(row >> 4) & 0xF],
        _VALUES[(row >> 8) & 0xF],
        _VALUES[row >> 12],
    ]
    if not toward_high:
        cells.reverse()
    slid, gain = slide_line(cells)
    exponents = [EXPONENTS.get(value) for value in slid]
    if not toward_high:
        exponents.reverse()
    e0, e1, e2, e3 = exponents
    if e0 is None or e1 is None or e2 is None or e3 is None:
        return _ROW_OVERFLOW
    return e0 | e1 << 4 | e2 << 8 | e3 << 12 | gain << _ROW_GAIN_SHIFT


def _spread(row: int) -> int:
    """Put a row's four nibbles down a column: nibble i goes to bit 16 * i."""
    return (
        (row & 0xF)
        | ((row & 0xF0) << 12)
        | ((row & 0xF00) << 24)
        | ((row & 0xF000) << 36)
    )


def _gather(column: int) -> int:
    """Undo :func:`_spread`: the column's four nibbles as one 16-bit row."""
    return (
        (column & 0xF)
        | ((column >> 12) & 0xF0)
        | ((column >> 24) & 0xF00)
        | ((column >> 36) & 0xF000)
    )


_COLUMN_MASK: Final = 0x000F_000F_000F_000F
"""Column 0 where it sits; column c is ``(board >> 4 * c) & _COLUMN_MASK``."""


def _line_keys(board: int, turns: int) -> tuple[int, int, int, int]:
    """The four lines a move slides, as keys of its tables.

    LEFT (1) and RIGHT (3) slide rows: key i is row i, 16 bits. DOWN (0)
    and UP (2) slide columns: key i is column i kept in its spread-out
    form, so no transposition is needed.
    """
    if turns & 1:
        return (
            board & ROW_MASK,
            (board >> 16) & ROW_MASK,
            (board >> 32) & ROW_MASK,
            board >> 48,
        )
    return (
        board & _COLUMN_MASK,
        (board >> 4) & _COLUMN_MASK,
        (board >> 8) & _COLUMN_MASK,
        (board >> 12) & _COLUMN_MASK,
    )


# _TABLES[turns][index]: line key -> the line slid and put back in place,
# with its empty cells and its gain in the fields of a slide result (or
# _OVERFLOW_FLAG), so that the four values of one move simply add up to the
# moved board, its empty cells and its total gain (the lines of a board
# never share a bit). Rows (LEFT 1, RIGHT 3) are keyed by the 16-bit row,
# columns (DOWN 0, UP 2) by the column in its spread-out form. Filled on
# first use; plain dicts, because a dict subclass with __missing__ makes
# every lookup slower.
_TABLES: Final[tuple[tuple[dict[int, int], ...], ...]] = tuple(
    tuple({} for _ in range(4)) for _ in range(4)
)


# Line key (a row, or a column in spread-out form) -> True when sliding the
# line one way or the other changes it. A column key that fits 16 bits holds
# only its top cell, in the low nibble: the same line as the row with the
# same key, so the two share an entry.
_CAN_MOVE: Final[dict[int, bool]] = {}


def _empty_bits(row: int) -> int:
    """Four bits: bit j set when nibble j of the 16-bit row is empty."""
    return (
        ((row & 0xF) == 0)
        | ((row & 0xF0) == 0) << 1
        | ((row & 0xF00) == 0) << 2
        | ((row & 0xF000) == 0) << 3
    )


def _spread_bits(bits: int) -> int:
    """Put four bits down a column of cells: bit j goes to bit 4 * j."""
    return (bits & 1) | (bits & 2) << 3 | (bits & 4) << 6 | (bits & 8) << 9


def _placed(result: int, in_columns: bool) -> tuple[int, int, int, int]:
    """A line's slide result (from _row_result) as the values of its table
    in positions 0..3: rows, or columns if ``in_columns``.

    Row i is cells 4i..4i+3: nibbles at bit 16i, empties at bit 4i of the
    empties field. Column i is cells i, i+4, i+8, i+12: nibbles at bits
    4i + 16j, empties at bits i + 4j.
    """
    if result == _ROW_OVERFLOW:
        return (_OVERFLOW_FLAG,) * 4
    line = result & ROW_MASK
    empties = _empty_bits(line)
    if in_columns:
        line, empties = _spread(line), _spread_bits(empties)
        line_step, empties_step = 4, 1
    else:
        line_step, empties_step = 16, 4
    empties <<= EMPTIES_SHIFT
    gain = (result >> _ROW_GAIN_SHIFT) << GAIN_SHIFT
    return (  # written out: a generator here makes learning a line 40% dearer
        line | empties | gain,
        line << line_step | empties << empties_step | gain,
        line << 2 * line_step | empties << 2 * empties_step | gain,
        line << 3 * line_step | empties << 3 * empties_step | gain,
    )


def _learn(row: int) -> None:
    """Enter a line, given as a 16-bit row, in every table at once.

    A line that occurs once in play soon occurs in other places and
    directions; two slide_line calls (toward each end) now fill its sixteen
    move entries and its two "can move" entries, and save later misses.
    DOWN (0) and RIGHT (3) slide toward the high nibble (the bottom of a
    column, the right of a row), LEFT (1) and UP (2) toward the low one.
    """
    column = _spread(row)
    toward_low = _row_result(row, toward_high=False)
    toward_high = _row_result(row, toward_high=True)
    _CAN_MOVE[row] = _CAN_MOVE[column] = toward_low != row or toward_high != row
    down, left, up, right = _TABLES
    for tables, key, values in (
        (down, column, _placed(toward_high, in_columns=True)),
        (left, row, _placed(toward_low, in_columns=False)),
        (up, column, _placed(toward_low, in_columns=True)),
        (right, row, _placed(toward_high, in_columns=False)),
    ):
        tables[0][key], tables[1][key], tables[2][key], tables[3][key] = values


def _fill_and_add(board: int, turns: int) -> int:
    """Add up the placed results of the board's lines, learning new lines."""
    total = 0
    keys = _line_keys(board, turns)
    for table, key in zip(_TABLES[turns], keys, strict=True):
        if key not in table:
            _learn(key if turns & 1 else _gather(key))
        total += table[key]
    return total


def slide(board: int, turns: int) -> int:
    """Move with rotation count ``turns`` (0..3), as one int of three fields.

    The moved board is ``result & BOARD_MASK`` (the board itself when
    nothing moves), its empty cells ``(result >> EMPTIES_SHIFT) &
    EMPTIES_MASK`` (bit i for cell i) and the gain ``result >> GAIN_SHIFT``.
    Raises TileOverflowError when a merge would exceed 2**15. Adds no tile.
    """
    t0, t1, t2, t3 = _TABLES[turns]
    try:
        if turns & 1:
            result = (
                t0[board & ROW_MASK]
                + t1[(board >> 16) & ROW_MASK]
                + t2[(board >> 32) & ROW_MASK]
                + t3[board >> 48]
            )
        else:
            result = (
                t0[board & _COLUMN_MASK]
                + t1[(board >> 4) & _COLUMN_MASK]
                + t2[(board >> 8) & _COLUMN_MASK]
                + t3[(board >> 12) & _COLUMN_MASK]
            )
    except KeyError:
        result = _fill_and_add(board, turns)
    if result >= _OVERFLOW_FLAG:
        raise TileOverflowError("a merge would make a tile above 32768")
    return result


def move(board: int, turns: int) -> tuple[int, int]:
    """Move in the direction with rotation count ``turns``: (board, gain).

    DOWN (0) and UP (2) move columns, LEFT (1) and RIGHT (3) rows; the new
    board equals the old one when nothing moves. Raises TileOverflowError when
    a merge would exceed 2**15. Adds no tile.
    """
    result = slide(board, turns % 4)
    return result & BOARD_MASK, result >> GAIN_SHIFT


def has_move(board: int) -> bool:
    """Return True when some direction changes the board.

    A merge that would overflow counts as a change: the general rule makes
    the bigger tile. Every row and column is looked up in one cache of
    "this line can slide one way or the other".
    """
    table = _CAN_MOVE
    try:
        return (
            table[board & ROW_MASK]
            or table[(board >> 16) & ROW_MASK]
            or table[(board >> 32) & ROW_MASK]
            or table[board >> 48]
            or table[board & _COLUMN_MASK]
            or table[(board >> 4) & _COLUMN_MASK]
            or table[(board >> 8) & _COLUMN_MASK]
            or table[(board >> 12) & _COLUMN_MASK]
        )
    except KeyError:
        for key in _line_keys(board, 1):
            if key not in table:
                _learn(key)
        for key in _line_keys(board, 0):
            if key not in table:
                _learn(_gather(key))
        return has_move(board)


def empty_mask(board: int) -> int:
    """Return an int with bit 4*i set for every empty cell i."""
    folded = board | (board >> 2)
    folded |= folded >> 1
    return ~folded & _NIBBLE_ONES


# Lazily filled: a 16-bit set of cells -> the indices of its cells, in order.
_CELLS_IN: Final[dict[int, tuple[int, ...]]] = {}


def cells_in(cells: int) -> tuple[int, ...]:
    """Return the indices (4 * row + col) of the cells set in a 16-bit mask.

    In increasing order, that is row-major; cached per mask, so that a
    spawn after :func:`slide` (whose empties field is such a mask) costs
    one lookup.
    """
    try:
        return _CELLS_IN[cells]
    except KeyError:
        found = _CELLS_IN[cells] = tuple(i for i in range(16) if cells >> i & 1)
        return found


def count_empty(board: int) -> int:
    """Return the number of empty cells."""
    return empty_mask(board).bit_count()
