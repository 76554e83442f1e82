"""The packed 4x4 board agrees with the one rule in _kernels on every board."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamestate import _bitboard, _kernels

TILES = st.sampled_from([0, 0, 0, 2, 4, 8, 16, 1024, 16384, 32768])
BOARDS = st.lists(st.lists(TILES, min_size=4, max_size=4), min_size=4, max_size=4)


@given(BOARDS)
def test_pack_unpack_round_trip(rows: list[list[int]]) -> None:
    board = _bitboard.pack(rows)
    assert board is not None
    assert _bitboard.unpack(board) == rows


@given(BOARDS)
def test_transpose_swaps_rows_and_columns(rows: list[list[int]]) -> None:
    board = _bitboard.pack(rows)
    assert board is not None
    assert _bitboard.unpack(_bitboard.transpose(board)) == [
        list(c) for c in zip(*rows, strict=True)
    ]


@given(BOARDS, st.integers(0, 3))
def test_move_matches_the_kernel_rule(rows: list[list[int]], turns: int) -> None:
    _bitboard.build()
    expected, expected_gain = _kernels.move_board(rows, turns)
    board = _bitboard.pack(rows)
    assert board is not None
    moved, _cells, gain = _bitboard.slide_parts(board, turns)
    if any(value > 32768 for row in expected for value in row):
        # A merge past 2**15 lands above the 64 bits, with a gain past any int.
        assert moved > _bitboard.BOARD_MASK
        assert gain >= _bitboard.OVERFLOW_GAIN
        return
    assert (_bitboard.unpack(moved), gain) == (expected, expected_gain)


def empty_indices(rows: list[list[int]]) -> list[int]:
    """Row-major indices of the empty cells, plainly."""
    return [i for i, value in enumerate(v for row in rows for v in row) if value == 0]


@given(BOARDS)
def test_empty_cells_are_counted(rows: list[list[int]]) -> None:
    board = _bitboard.pack(rows)
    assert board is not None
    assert _bitboard.count_empty(board) == len(empty_indices(rows))


@given(BOARDS, st.integers(0, 3))
def test_a_move_reports_the_moved_boards_empty_cells_in_row_major_order(
    rows: list[list[int]], turns: int
) -> None:
    _bitboard.build()
    board = _bitboard.pack(rows)
    assert board is not None
    moved, cells, _gain = _bitboard.slide_parts(board, turns)
    if moved == board or moved > _bitboard.BOARD_MASK:
        return  # no cells are reported for a board that stays or overflows
    assert list(_bitboard.cells_in(cells)) == empty_indices(_bitboard.unpack(moved))


@pytest.mark.parametrize(
    "rows",
    [
        [[0] * 4] * 3,
        [[0] * 5] * 4,
        [[3, 0, 0, 0]] + [[0] * 4] * 3,
        [[65536, 0, 0, 0]] + [[0] * 4] * 3,
        [[-2, 0, 0, 0]] + [[0] * 4] * 3,
    ],
)
def test_pack_refuses_what_four_bits_cannot_hold(rows: list[list[int]]) -> None:
    assert _bitboard.pack(rows) is None


@given(BOARDS, st.integers(0, 3))
def test_moves_without_tables_tell_what_the_tables_tell(
    rows: list[list[int]], turns: int
) -> None:
    """_slide_untabled (a process's moves before the tables exist) gives
    slide_parts' answer: moved board, empty cells, gain, or the overflow."""
    board = _bitboard.pack(rows)
    assert board is not None
    _bitboard.build()
    moved, cells, gain = _bitboard.slide_parts(board, turns)
    untabled = _bitboard._slide_untabled(board, turns)
    if moved > _bitboard.BOARD_MASK:  # a merge past 2**15
        assert untabled[0] > _bitboard.BOARD_MASK
        assert untabled[2] >= _bitboard.OVERFLOW_GAIN
    else:
        assert untabled == (moved, cells, gain)


def test_cell_offsets_match_the_table() -> None:
    _bitboard.build()
    for cells in (0, 1, 0x8000, 0xFFFF, 0b1010_0110_0001_1000):
        assert _bitboard.cell_offsets(cells) == _bitboard.CELLS[cells]


@given(BOARDS)
def test_successors_are_the_changing_moves_that_fit(rows: list[list[int]]) -> None:
    # The search's all-directions-at-once lookup agrees with the kernel rule:
    # every move that changes the board and makes no tile above 2**15, with
    # the moved board's empty cells (bit i for cell i), in turns order.
    _bitboard.build()
    board = _bitboard.pack(rows)
    assert board is not None
    expected = []
    for turns in range(4):
        slid, _gain = _kernels.move_board(rows, turns)
        moved = _bitboard.pack(slid)
        if moved is not None and slid != rows:
            cells = sum(
                1 << i for i, v in enumerate(v for r in slid for v in r) if v == 0
            )
            expected.append((turns, moved, cells))
    assert _bitboard.successors(board) == expected


@given(BOARDS)
def test_moved_boards_are_the_four_moves(rows: list[list[int]]) -> None:
    _bitboard.build()
    board = _bitboard.pack(rows)
    assert board is not None
    for turns, moved in enumerate(_bitboard.moved_boards(board)):
        slid, _gain = _kernels.move_board(rows, turns)
        fits = _bitboard.pack(slid)
        if fits is None:  # a merge past 2**15 lands above the 64 bits
            assert moved > _bitboard.BOARD_MASK
        else:
            assert moved == fits
