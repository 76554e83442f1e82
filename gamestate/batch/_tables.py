"""The lookup tables of the batched engine, built once per process.

Everything the engine knows about sliding a line comes from
:func:`gamestate._kernels.slide_line`, the one place of the rule: it is
called once for each of the 65536 four-cell rows (tiles sliding toward
the row's high nibble), and the other direction is the same table read
through a nibble reversal. Nothing here is built at import: :func:`tables`
builds on first use and keeps the result, with the seconds it took.

A row is 16 bits, nibble j holding cell j's exponent (0 = empty, e = tile
2**e, as in :mod:`gamestate._bitboard`). "Toward low" slides tiles toward
nibble 0 (LEFT on a row, UP on a column read top to bottom), "toward
high" toward nibble 3 (RIGHT, DOWN). Table keys are ``side * 65536 +
row`` with side 0 = toward low, 1 = toward high. This module never
prints and holds no game state.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from .._kernels import slide_line

ROWS: Final = 1 << 16
TOWARD_LOW: Final = 0
TOWARD_HIGH: Final = 1
MAX_EXPONENT: Final = 15

GAIN_SHIFT: Final = 16
"""In a meta entry: bits 0-15 the empty cells, then the gain from bit 16."""
OVERFLOW_SHIFT: Final = 40
"""In a meta entry: 1 << 40 when the line's merge would pass 2**15."""

U64 = npt.NDArray[np.uint64]
U16 = npt.NDArray[np.uint16]
U8 = npt.NDArray[np.uint8]


@dataclass(frozen=True)
class Tables:
    """The engine's tables (numpy arrays, read-only) and what they cost.

    ``slid`` and ``meta`` are keyed by ``side * 65536 + row``; ``meta``
    has four such blocks, one per position i of the line (row i of the
    board, or row i of its transpose), at ``i * 2 * 65536``. ``slid`` is
    the row slid toward its side. ``meta`` is the slid row's empty cells
    at bits ``4 * i`` (of a 16-bit cell set, bit c for cell c), plus its
    gain << GAIN_SHIFT, plus 1 << OVERFLOW_SHIFT when a merge would make a
    tile above 2**15: the four entries of one board add up with no carry
    between fields.
    """

    slid: U16
    meta: U64
    legal_rows: U8
    """Row -> action bits (1 << Direction value) for LEFT and RIGHT."""
    legal_columns: U8
    """A column read top to bottom, as a row -> bits for UP and DOWN."""
    transposed_cells: U64
    """16-bit cell set -> the same cells with rows and columns swapped."""
    highest: U8
    """Row -> its largest exponent."""
    row_exponents: U8
    """Row k -> its four exponents, at ``4 * k`` of the flattened array."""
    popcount: U64
    """16-bit cell set -> how many cells it holds."""
    nth_cell: U8
    """``cells * 16 + k`` -> index of the k-th cell (from 0) of the set."""
    seconds: float
    """Wall time the build took."""

    @property
    def nbytes(self) -> int:
        """Memory the tables hold."""
        arrays = (
            self.slid,
            self.meta,
            self.legal_rows,
            self.legal_columns,
            self.transposed_cells,
            self.highest,
            self.row_exponents,
            self.popcount,
            self.nth_cell,
        )
        return sum(array.nbytes for array in arrays)


_built: list[Tables] = []


def tables() -> Tables:
    """The tables, built on the first call of the process."""
    if not _built:
        _built.append(_build())
    return _built[0]


def _readonly(array: npt.NDArray[np.generic]) -> None:
    array.flags.writeable = False


def _slid_toward_high() -> tuple[U64, U64, npt.NDArray[np.bool_]]:
    """Every row slid toward nibble 3 by slide_line: rows, gains, overflow.

    A merge past 2**15 has no exponent in four bits: its row is flagged
    and its slid row left as the row itself (the engine refuses the move).
    """
    exponent = {0: 0, **{1 << e: e for e in range(1, MAX_EXPONENT + 1)}}
    values = [0, *(1 << e for e in range(1, MAX_EXPONENT + 1))]
    slid = np.empty(ROWS, dtype=np.uint64)
    gains = np.empty(ROWS, dtype=np.uint64)
    overflow = np.zeros(ROWS, dtype=np.bool_)
    for row in range(ROWS):
        line = [values[(row >> shift) & 0xF] for shift in (0, 4, 8, 12)]
        cells, gain = slide_line(line)
        gains[row] = gain
        if any(value not in exponent for value in cells):
            slid[row] = row
            overflow[row] = True
        else:
            e0, e1, e2, e3 = (exponent[value] for value in cells)
            slid[row] = e0 | e1 << 4 | e2 << 8 | e3 << 12
    return slid, gains, overflow


def _reversed_nibbles(rows: U64) -> U64:
    """Each 16-bit row with its four nibbles in the opposite order."""
    f = np.uint64(0xF)
    reversed_rows: U64 = (
        (rows & f) << np.uint64(12)
        | ((rows >> np.uint64(4)) & f) << np.uint64(8)
        | ((rows >> np.uint64(8)) & f) << np.uint64(4)
        | (rows >> np.uint64(12)) & f
    )
    return reversed_rows


def _empty_cells(rows: U64) -> U64:
    """Four bits per row: bit j set when nibble j is empty."""
    f = np.uint64(0xF)
    bits = np.zeros_like(rows)
    for j in range(4):
        empty = ((rows >> np.uint64(4 * j)) & f) == 0
        bits |= empty.astype(np.uint64) << np.uint64(j)
    return bits


def _build() -> Tables:
    start = time.perf_counter()
    rows = np.arange(ROWS, dtype=np.uint64)
    high, high_gain, high_overflow = _slid_toward_high()
    reverse = _reversed_nibbles(rows)
    # Sliding toward nibble 0 is sliding the reversed row toward nibble 3.
    low = _reversed_nibbles(high[reverse])
    slid = np.concatenate([low, high])
    gain = np.concatenate([high_gain[reverse], high_gain])
    overflow = np.concatenate([high_overflow[reverse], high_overflow])
    empties = _empty_cells(slid)
    common = gain << np.uint64(GAIN_SHIFT) | overflow.astype(np.uint64) << np.uint64(
        OVERFLOW_SHIFT
    )
    meta = np.concatenate([common | empties << np.uint64(4 * i) for i in range(4)])
    # A line "can move" one way when sliding changes it; an overflowing
    # merge changes it too (GameState makes the bigger tile).
    both = np.concatenate([rows, rows])
    changes = (slid != both) | overflow
    low_moves, high_moves = changes[:ROWS], changes[ROWS:]
    legal_rows = (low_moves.astype(np.uint8) << 1) | (high_moves.astype(np.uint8) << 3)
    legal_columns = (low_moves.astype(np.uint8) << 2) | high_moves.astype(np.uint8)
    cells = rows.astype(np.uint16)
    transposed = np.zeros(ROWS, dtype=np.uint16)
    for cell in range(16):
        bit = (cells >> np.uint16(cell)) & np.uint16(1)
        transposed |= bit << np.uint16(4 * (cell % 4) + cell // 4)
    members = (cells[:, None] >> np.arange(16, dtype=np.uint16)) & np.uint16(1)
    popcount = members.sum(axis=1).astype(np.uint64)
    # Set cells first, in increasing order: a stable sort on "not a member".
    nth = np.argsort(1 - members.astype(np.int8), axis=1, kind="stable")
    nth_cell = nth.astype(np.uint8).reshape(-1)
    transposed_cells = transposed.astype(np.uint64)
    highest = np.zeros(ROWS, dtype=np.uint8)
    for shift in (0, 4, 8, 12):
        np.maximum(highest, (rows >> np.uint64(shift)) & np.uint64(0xF), out=highest)
    row_exponents = (
        (rows[:, None] >> np.arange(0, 16, 4, dtype=np.uint64)) & np.uint64(0xF)
    ).astype(np.uint8)
    slid16 = slid.astype(np.uint16)
    arrays = (
        slid16,
        meta,
        legal_rows,
        legal_columns,
        transposed_cells,
        highest,
        row_exponents,
        popcount,
        nth_cell,
    )
    for array in arrays:
        _readonly(array)
    return Tables(
        slid=slid16,
        meta=meta,
        legal_rows=legal_rows,
        legal_columns=legal_columns,
        transposed_cells=transposed_cells,
        highest=highest,
        row_exponents=row_exponents,
        popcount=popcount,
        nth_cell=nth_cell,
        seconds=time.perf_counter() - start,
    )
