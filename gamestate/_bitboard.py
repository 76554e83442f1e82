"""A 4x4 board packed in one int, for speed: the same rule, in full tables.

Layout: cell (row, col) holds the tile's exponent (0 = empty, e = tile
2**e, 1 <= e <= 15) in the four bits at ``4 * (4 * row + col)``, so a row
is 16 bits and increasing bit order is row-major order.

There is no second copy of the game rule here: :func:`build` slides every
one of the 65536 rows with :func:`gamestate._kernels.slide_line` (toward
the high nibble; toward the low one is the same slide of the reversed
row) and derives every table from those results. A move is then four
list lookups per part (the slid lines, their gains, their empty cells):
rows directly for LEFT and RIGHT, and for DOWN and UP the columns, read
as the rows of the transposed board, which four lookups in ``SPREAD``
make. ``GameState.move`` goes through :func:`slide_parts`, the solver
through :func:`successors` and :func:`moved_boards` (all four moves of a
board at once).

Tables are lists, not dicts (a list lookup by a small int is the fastest
subscript CPython has), and they are full, built at once by
:func:`build`, not filled line by line as issue 5's dicts were. The
choice was measured (bench/README.md, "How GameState is fast"): lazily
filled lists would save most of the build once per process, since a
process playing random games meets only a few thousand distinct lines,
but every lookup site (move, the solver's, has_move) would need a miss
path, and setBoard's row codes cannot be lazy at all (a missing code
must mean "not a valid row"). We keep the one build: it runs at
``gamestate.warm_up()``, when the solver starts its first search, or
when a process has made :data:`UNTABLED_MOVES` packed moves without the
tables (moves that take _kernels' slower path), never at import, so
``python -m playmanager`` shows its first prompt at once and
a person playing never waits for the tables (:func:`has_move` also
answers from _kernels until they exist).
Entries share their int objects (one pool of the 65536 rows, one of
their spread forms, one per gain), which keeps their memory down;
``bench/engine.py`` prints the build's time and memory. This module
never prints and holds no game state beyond those tables.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Sequence

# typing costs a few ms of start-up (it imports re): only type checkers
# read these names, and the annotations are never evaluated.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

from ._kernels import can_move, move_board, slide_line

ROW_MASK: Final = 0xFFFF
MAX_EXPONENT: Final = 15
BOARD_MASK: Final = (1 << 64) - 1

OVERFLOW_LINE: Final = 1 << 64
"""The slid line of a row whose merge would pass 2**15: shifted into any
place, it lands above bit 63, so the moved board is never the old one and
``moved > BOARD_MASK`` tells the overflow."""
OVERFLOW_GAIN: Final = 1 << 40
"""Its gain: past any Java int, so the score check that every move makes
anyway sends the move to the slow path, where the overflow is seen."""
_NIBBLE_ONES: Final = 0x1111_1111_1111_1111

EXPONENTS: Final = {0: 0, **{1 << e: e for e in range(1, MAX_EXPONENT + 1)}}
"""Cell value -> its exponent (0 for empty), for the values a cell can hold."""
_VALUES: Final = (0, *(1 << e for e in range(1, MAX_EXPONENT + 1)))
"""Exponent -> cell value (0 for empty)."""


# ------------------------------------------------------------ the tables
# Empty until build() fills them in place, so that other modules may import
# the lists themselves. A row is the 16-bit key; "low" tables slide toward
# the low nibble (LEFT on rows, UP on the rows of the transposed board),
# "high" ones toward the high nibble (RIGHT, DOWN).
SPREAD: Final[list[int]] = []
"""row -> its four nibbles down a column: nibble j at bit 16 * j."""
CAN_MOVE: Final[list[bool]] = []
"""row -> True when sliding it one way or the other changes it."""
CELLS: Final[list[bytes]] = []
"""16-bit set of cells -> the bit offsets (4 * index) of its cells, in
order: bytes, half the memory of tuples, and indexing gives an int."""
ROW_VALUES: Final[list[tuple[int, int, int, int]]] = []
"""row -> its four tile values."""
ROW_CODES: Final[dict[bytes, int]] = {}
"""``marshal.dumps(row_values, 2)`` -> the row, for exactly the valid rows."""
LINES: Final[list[tuple[list[int], list[int], list[int], list[int], list[int]]]] = []
"""LINES[turns]: (slid line, info 0, info 1, info 2, info 3), per line.

For LEFT (1) and RIGHT (3) the line is a row, and the slid line comes in
row form (shift it by 16 * i for row i); for DOWN (0) and UP (2) the line
is a row of the transposed board, and the slid line comes back in column
form (shift by 4 * i for column i). Info table i holds the line's gain
and, already in place i, the empty cells of the slid line:
``gain << 16 | cells``, so the four lines' entries add up to the move's
``gain << 16 | cells`` (see :func:`slide_parts`)."""


SLID: Final[list[list[int]]] = []
"""SLID[turns]: the slid lines of LINES[turns] alone (see :func:`moved_boards`)."""


def tables_built() -> bool:
    """True once :func:`build` has filled the tables."""
    return bool(LINES)


def _reverse(row: int) -> int:
    """The row with its four nibbles in the opposite order."""
    return (row & 0xF) << 12 | (row & 0xF0) << 4 | (row >> 4) & 0xF0 | row >> 12


def _slid_high(row: int) -> tuple[int, int]:
    """(slid row, gain) of a row slid toward its high nibble by slide_line,
    or (OVERFLOW_LINE, OVERFLOW_GAIN) when a merge would pass 2**15."""
    line = [_VALUES[(row >> shift) & 0xF] for shift in (0, 4, 8, 12)]
    slid, gain = slide_line(line)
    exponents = [EXPONENTS.get(value) for value in slid]
    packed = 0
    for place, exponent in enumerate(exponents):
        if exponent is None:
            return OVERFLOW_LINE, OVERFLOW_GAIN
        packed |= exponent << (4 * place)
    return packed, gain


def _spread(row: int) -> int:
    """Put a row's four nibbles down a column: nibble i goes to bit 16 * i."""
    return (
        (row & 0xF)
        | ((row & 0xF0) << 12)
        | ((row & 0xF00) << 24)
        | ((row & 0xF000) << 36)
    )


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


def _sides(pool: list[int]) -> tuple[list[int], list[int], list[int], list[int]]:
    """(slid low, gain low, slid high, gain high) of every row.

    slide_line is called once per row, toward the high nibble; toward the
    low nibble is the same slide of the reversed row, reversed back. Slid
    rows are the pool's int objects, and equal gains one object.
    """
    high = [_slid_high(row) for row in pool]
    gains = {gain: gain for _slid, gain in high}
    slid_high = [pool[s] if s != OVERFLOW_LINE else s for s, _gain in high]
    gain_high = [gains[gain] for _slid, gain in high]
    reverse = [_reverse(row) for row in pool]
    slid_low = [
        OVERFLOW_LINE if s == OVERFLOW_LINE else reverse[s]
        for s in (slid_high[r] for r in reverse)
    ]
    gain_low = [gain_high[r] for r in reverse]
    return slid_low, gain_low, slid_high, gain_high


_Lines = tuple[list[int], list[int], list[int], list[int], list[int]]


def _placed_info(gain: list[int], empty: list[int], step: int) -> list[list[int]]:
    """The four "info" tables of one side and form: entry k of table i is
    ``gain << 16 | empty << step * i``, the line's gain and its empty
    cells put in place i, so that a move's four entries add up to its
    whole gain and set of empty cells. Equal values share one int object.
    """
    base = [g << 16 | e for g, e in zip(gain, empty, strict=True)]
    tables = []
    for place in range(4):
        shift = step * place
        shared = {b: (b >> 16) << 16 | (b & 0xFFFF) << shift for b in set(base)}
        tables.append([shared[b] for b in base])
    return tables


def _line_tables(
    slid: list[int], gain: list[int], empty: list[int]
) -> tuple[_Lines, _Lines]:
    """One side's LINES entries: (for rows, for columns)."""
    row_empty = [0 if s == OVERFLOW_LINE else empty[s] for s in slid]
    in_column = [_spread_bits(bits) for bits in range(16)]
    column_empty = [in_column[bits] for bits in row_empty]
    spread_slid = [s if s == OVERFLOW_LINE else SPREAD[s] for s in slid]
    r0, r1, r2, r3 = _placed_info(gain, row_empty, 4)
    c0, c1, c2, c3 = _placed_info(gain, column_empty, 1)
    return (slid, r0, r1, r2, r3), (spread_slid, c0, c1, c2, c3)


def cell_offsets(cells: int) -> bytes:
    """CELLS[cells] without the tables: the bit offsets of the set cells."""
    return bytes(4 * i for i in cells_in(cells))


def _cells() -> list[bytes]:
    """CELLS, each set from the one without its lowest cell."""
    cells = [b""]
    for mask in range(1, 1 << 16):
        low = mask & -mask
        cells.append(bytes((4 * low.bit_length() - 4,)) + cells[mask ^ low])
    return cells


def build() -> None:
    """Fill every table (once; later calls return at once)."""
    if LINES:
        return
    pool = list(range(1 << 16))
    SPREAD[:] = [_spread(row) for row in pool]
    slid_low, gain_low, slid_high, gain_high = _sides(pool)
    CAN_MOVE[:] = [slid_low[row] != row or slid_high[row] != row for row in pool]
    empty = [_empty_bits(row) for row in pool]
    low_rows, low_columns = _line_tables(slid_low, gain_low, empty)
    high_rows, high_columns = _line_tables(slid_high, gain_high, empty)
    CELLS[:] = _cells()
    values = _VALUES
    ROW_VALUES[:] = [
        (values[r & 0xF], values[r >> 4 & 0xF], values[r >> 8 & 0xF], values[r >> 12])
        for r in pool
    ]
    ROW_CODES.update(
        (marshal.dumps(list(cells), 2), row) for row, cells in enumerate(ROW_VALUES)
    )
    _SPLIT[:] = [_splitter()]
    lines = [high_columns, low_rows, low_columns, high_rows]
    SLID[:] = [line[0] for line in lines]
    # Filled last: tables_built() and the callers that wait for the tables
    # look at LINES.
    LINES[:] = lines


# -------------------------------------------------------- whole boards
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


_OUTER_CODE: Final = marshal.dumps([0, 0, 0, 0], 2)[:5]
"""The start of ``marshal.dumps(rows, 2)`` for a list of four rows."""
_ROW_CODE_SIZE: Final = len(marshal.dumps([0, 0, 0, 0], 2))
"""The size of a row's code: the same for every list of four Java ints."""
_BOARD_CODE_SIZE: Final = len(_OUTER_CODE) + 4 * _ROW_CODE_SIZE
_SPLIT: Final[list[Callable[[bytes], tuple[bytes, ...]]]] = []
"""Filled by :func:`build`: splits a 4x4 board's code into its header and
its four rows' codes."""


def _splitter() -> Callable[[bytes], tuple[bytes, ...]]:
    import struct  # here, not at import: start-up stays short

    row = f"{_ROW_CODE_SIZE}s"
    return struct.Struct(f"{len(_OUTER_CODE)}s{row * 4}").unpack


def pack_exact(rows: object) -> int | None:
    """Pack a list of four lists of four exact ints in 0, 2..2**15, else None.

    Validation costs no pass of its own: ``marshal.dumps(rows, 2)`` writes
    every value with its exact type in one C call (a bool, a float, an int
    subclass, a tuple or a numpy scalar writes differently or not at all),
    and each row's code either is a key of ROW_CODES, which holds exactly
    the valid rows, or is not. None before :func:`build`, too.
    """
    try:
        # Any object: marshal itself tells what it cannot write (typeshed wants
        # the marshallable types only, which is the very thing being checked).
        code = marshal.dumps(rows, 2)  # type: ignore[arg-type]
    except ValueError:  # an object marshal cannot write: not plain ints
        return None
    if len(code) != _BOARD_CODE_SIZE or not _SPLIT:
        return None
    head, r0, r1, r2, r3 = _SPLIT[0](code)
    codes = ROW_CODES
    try:
        packed = codes[r0] | codes[r1] << 16 | codes[r2] << 32 | codes[r3] << 48
    except KeyError:
        return None
    return packed if head == _OUTER_CODE else None


def unpack(board: int) -> list[list[int]]:
    """Return the board as four new lists of tile values (0 = empty)."""
    if ROW_VALUES:
        values = ROW_VALUES
        return [
            [*values[board & ROW_MASK]],
            [*values[(board >> 16) & ROW_MASK]],
            [*values[(board >> 32) & ROW_MASK]],
            [*values[board >> 48]],
        ]
    cells = [_VALUES[(board >> (4 * index)) & 0xF] for index in range(16)]
    return [cells[row * 4 : row * 4 + 4] for row in range(4)]


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


# ---------------------------------------------------------------- moves
def slide_parts(board: int, turns: int) -> tuple[int, int, int]:
    """(moved board, its empty cells, gain) of a move, from the tables.

    Builds them on first use. When a merge would pass 2**15 the moved
    board is above BOARD_MASK and the gain at least OVERFLOW_GAIN. The
    cells are bit i for cell i, found only when the board moved.
    """
    try:
        slid, info0, info1, info2, info3 = LINES[turns]
    except IndexError:  # no tables yet: rent, or buy (see UNTABLED_MOVES)
        global _untabled_moves
        _untabled_moves += 1
        if _untabled_moves <= UNTABLED_MOVES:
            return _slide_untabled(board, turns)
        build()
        slid, info0, info1, info2, info3 = LINES[turns]
    if turns & 1:  # LEFT, RIGHT: the rows, in place
        lines, place1, place2, place3 = board, 16, 32, 48
    else:  # DOWN, UP: the columns, as the rows of the transposed board
        spread = SPREAD
        lines = (
            spread[board & ROW_MASK]
            | spread[(board >> 16) & ROW_MASK] << 4
            | spread[(board >> 32) & ROW_MASK] << 8
            | spread[board >> 48] << 12
        )
        place1, place2, place3 = 4, 8, 12
    k0 = lines & ROW_MASK
    k1 = (lines >> 16) & ROW_MASK
    k2 = (lines >> 32) & ROW_MASK
    k3 = lines >> 48
    moved = slid[k0] | slid[k1] << place1 | slid[k2] << place2 | slid[k3] << place3
    if moved == board:
        return board, 0, 0
    info = info0[k0] + info1[k1] + info2[k2] + info3[k3]
    return moved, info & 0xFFFF, info >> 16


def line_keys(board: int) -> tuple[int, int, int, int, int, int, int, int]:
    """The table keys of the board's four rows, then of its four columns
    (the rows of the transposed board, made with SPREAD). The tables must
    exist."""
    r0, r1, r2, r3 = (
        board & ROW_MASK,
        (board >> 16) & ROW_MASK,
        (board >> 32) & ROW_MASK,
        board >> 48,
    )
    spread = SPREAD
    t = spread[r0] | spread[r1] << 4 | spread[r2] << 8 | spread[r3] << 12
    return (
        r0,
        r1,
        r2,
        r3,
        t & ROW_MASK,
        (t >> 16) & ROW_MASK,
        (t >> 32) & ROW_MASK,
        t >> 48,
    )


def successors(board: int) -> list[tuple[int, int, int]]:
    """(turns, moved board, its empty cells) of every move that changes
    ``board``, in turns order, leaving out merges past 2**15.

    The search's :func:`slide_parts` for all four directions at once: the
    line keys are read once for the four moves (a search calls this at
    every node). The tables must exist.
    """
    r0, r1, r2, r3, c0, c1, c2, c3 = line_keys(board)
    found = []
    for turns, (slid, info0, info1, info2, info3) in enumerate(LINES):
        if turns & 1:
            moved = slid[r0] | slid[r1] << 16 | slid[r2] << 32 | slid[r3] << 48
            info = info0[r0] + info1[r1] + info2[r2] + info3[r3]
        else:
            moved = slid[c0] | slid[c1] << 4 | slid[c2] << 8 | slid[c3] << 12
            info = info0[c0] + info1[c1] + info2[c2] + info3[c3]
        if moved != board and moved <= BOARD_MASK:
            found.append((turns, moved, info & 0xFFFF))
    return found


def moved_boards(board: int) -> tuple[int, int, int, int]:
    """The board after each move, by turns (0..3), without gains or cells:
    the board itself where nothing moves, above BOARD_MASK where a merge
    would pass 2**15. For the search's last ply, which only scores them.
    The tables must exist."""
    r0, r1, r2, r3, c0, c1, c2, c3 = line_keys(board)
    down, left, up, right = SLID
    return (
        down[c0] | down[c1] << 4 | down[c2] << 8 | down[c3] << 12,
        left[r0] | left[r1] << 16 | left[r2] << 32 | left[r3] << 48,
        up[c0] | up[c1] << 4 | up[c2] << 8 | up[c3] << 12,
        right[r0] | right[r1] << 16 | right[r2] << 32 | right[r3] << 48,
    )


UNTABLED_MOVES: Final = 20_000
"""Packed moves a process makes before it builds the tables by itself.

The rule of ski rental: this many moves without tables
(:func:`_slide_untabled`, through _kernels) cost about what building the
tables costs (bench/README.md, "How GameState is fast"); a process that
goes on moving then builds them, and so never pays more than twice the
least it could have.
A person playing in the terminal never waits for them; a simulation
that wants them at once calls ``gamestate.warm_up()``; the solver
builds them when it starts its first search."""
_untabled_moves = 0


def _slide_untabled(board: int, turns: int) -> tuple[int, int, int]:
    """:func:`slide_parts` before the tables exist, through _kernels."""
    slid, gain = move_board(unpack(board), turns)
    moved = pack(slid)
    if moved is None:  # a merge past 2**15, told as slide_parts tells it
        return OVERFLOW_LINE, 0, OVERFLOW_GAIN
    if moved == board:
        return board, 0, 0
    cells = _empty_bits(moved & ROW_MASK) | _empty_bits((moved >> 16) & ROW_MASK) << 4
    cells |= _empty_bits((moved >> 32) & ROW_MASK) << 8 | _empty_bits(moved >> 48) << 12
    return moved, cells, gain


def has_move(board: int) -> bool:
    """Return True when some direction changes the board.

    A merge that would overflow counts as a change: the general rule makes
    the bigger tile. Rows are asked first, so most boards need one lookup;
    columns are the rows of the transposed board. Before the tables exist
    (a game's first screen asks this) it asks _kernels, building nothing.
    """
    table = CAN_MOVE
    if not table:
        return _has_move_untabled(board)
    if (
        table[board & ROW_MASK]
        or table[(board >> 16) & ROW_MASK]
        or table[(board >> 32) & ROW_MASK]
        or table[board >> 48]
    ):
        return True
    t = transpose(board)
    return (
        table[t & ROW_MASK]
        or table[(t >> 16) & ROW_MASK]
        or table[(t >> 32) & ROW_MASK]
        or table[t >> 48]
    )


def _has_move_untabled(board: int) -> bool:
    rows = unpack(board)
    return any(can_move(rows, turns) for turns in range(4))


def empty_mask(board: int) -> int:
    """Return an int with bit 4*i set for every empty cell i."""
    folded = board | (board >> 2)
    folded |= folded >> 1
    return ~folded & _NIBBLE_ONES


def cells_in(cells: int) -> tuple[int, ...]:
    """Return the indices (4 * row + col) of the cells set in a 16-bit mask,
    in increasing order, that is row-major."""
    return tuple(i for i in range(16) if cells >> i & 1)


def count_empty(board: int) -> int:
    """Return the number of empty cells."""
    return empty_mask(board).bit_count()
