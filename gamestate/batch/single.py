"""PackedGame: one 4x4 game on the batch engine's tables, in plain Python.

The single Gymnasium environment steps one game at a time, where numpy's
cost per call (some sixty calls a step) would swamp the work. This class
does :class:`gamestate.batch.Batch`'s step for one game: the same tables
(read as Python buffers), the same layout (a packed board and its
transpose), the same semantics (an illegal move is a no-op; a merge past
32768 is refused and reported), and its draws from a
:class:`gamestate.JavaRandom`, position first, then value. Tests check
it against GameState move by move. It never prints.
"""

from __future__ import annotations

from typing import Final

from .. import config as Config
from .._bitboard import transpose
from ..game_state import GameState
from ..java_random import JavaRandom
from ._tables import GAIN_SHIFT, OVERFLOW_SHIFT, ROWS, tables
from .engine import packed_board

_TWO_SIDES: Final = 2 * ROWS
"""Offset between the position blocks of Tables.meta."""
_SIDE: Final = (ROWS, 0, 0, ROWS)
"""Per action (Direction value), the key offset of the side tiles slide to."""
_GAIN_MASK: Final = (1 << (OVERFLOW_SHIFT - GAIN_SHIFT)) - 1
_OVERFLOW: Final = 1 << OVERFLOW_SHIFT
_TRANSPOSED_CELL: Final = tuple(4 * (cell % 4) + cell // 4 for cell in range(16))


class PackedGame:
    """One game: ``board`` and ``columns`` (its transpose) packed, ``score``,
    ``rng`` (a JavaRandom) and ``two_prob``."""

    __slots__ = ("board", "columns", "rng", "score", "two_prob")

    def __init__(self, seed: int, two_prob: int) -> None:
        """``GameState(4, 4, seed=seed, two_prob=two_prob)`` and its two tiles."""
        self.board = self.columns = self.score = 0
        self.rng = JavaRandom(seed)
        self.two_prob = two_prob
        cells = 0xFFFF
        for _tile in range(Config.INITIAL_TILE_COUNT):
            cells ^= 1 << self._spawn(cells)

    @classmethod
    def from_game(cls, game: GameState) -> PackedGame:
        """Continue a 4x4 GameState whose tiles are 0 or 2..32768 (else
        ValueError): board, score, generator state and two_prob."""
        packed = cls(0, game.two_prob)
        packed.board = packed_board(0, game.getBoard())
        packed.columns = transpose(packed.board)
        packed.score = game.getScore()
        packed.rng.setstate(game.rng.getstate())
        return packed

    def game(self) -> GameState:
        """This game as a new GameState."""
        game = GameState(4, 4, two_prob=self.two_prob)
        cells = self.exponents()
        game.setBoard(
            [[0 if e == 0 else 1 << e for e in cells[r : r + 4]] for r in (0, 4, 8, 12)]
        )
        game.setScore(self.score)
        game.rng.setstate(self.rng.getstate())
        return game

    def move(self, action: int) -> tuple[bool, int, bool]:
        """Move (0 DOWN, 1 LEFT, 2 UP, 3 RIGHT) and add the tile:
        (moved, gain, refused because a merge would pass 32768)."""
        t = _scalar_tables()
        vertical = not action & 1
        lines = self.columns if vertical else self.board
        side = _SIDE[action]
        k0 = side + (lines & 0xFFFF)
        k1 = side + ((lines >> 16) & 0xFFFF)
        k2 = side + ((lines >> 32) & 0xFFFF)
        k3 = side + (lines >> 48)
        meta, slid = t.meta, t.slid
        info = (
            meta[k0]
            + meta[_TWO_SIDES + k1]
            + meta[2 * _TWO_SIDES + k2]
            + meta[3 * _TWO_SIDES + k3]
        )
        if info >= _OVERFLOW:
            return False, 0, True
        moved = slid[k0] | slid[k1] << 16 | slid[k2] << 32 | slid[k3] << 48
        if moved == lines:
            return False, 0, False
        across = transpose(moved)
        cells = info & 0xFFFF
        if vertical:
            self.board, self.columns = across, moved
            cells = t.transposed_cells[cells]
        else:
            self.board, self.columns = moved, across
        self._spawn(cells)
        gain = (info >> GAIN_SHIFT) & _GAIN_MASK
        self.score += gain
        return True, gain, False

    def _spawn(self, cells: int) -> int:
        """Add a tile in the empty ``cells`` (bit c for cell c) as addTile does:
        the k-th empty cell row by row, then 2 or 4. Returns the cell."""
        t = _scalar_tables()
        position, draw = self.rng.next_int_pair(t.popcount[cells], 100)
        cell = t.nth_cell[cells * 16 + position]
        exponent = 1 if draw < self.two_prob else 2
        self.board |= exponent << (4 * cell)
        self.columns |= exponent << (4 * _TRANSPOSED_CELL[cell])
        return cell

    def legal(self) -> int:
        """Action bits: ``1 << action`` for every action that would move."""
        t = _scalar_tables()
        rows, across = t.legal_rows, t.legal_columns
        board, columns = self.board, self.columns
        return (
            rows[board & 0xFFFF]
            | rows[(board >> 16) & 0xFFFF]
            | rows[(board >> 32) & 0xFFFF]
            | rows[board >> 48]
            | across[columns & 0xFFFF]
            | across[(columns >> 16) & 0xFFFF]
            | across[(columns >> 32) & 0xFFFF]
            | across[columns >> 48]
        )

    def exponents(self) -> bytes:
        """The 16 tile exponents, row-major."""
        row = _scalar_tables().row_exponents
        board = self.board
        k0 = (board & 0xFFFF) * 4  # written out: a step reads the board once,
        k1 = (board >> 16 & 0xFFFF) * 4  # and a generator here costs more
        k2 = (board >> 32 & 0xFFFF) * 4  # than these lookups
        k3 = (board >> 48) * 4
        return row[k0 : k0 + 4] + row[k1 : k1 + 4] + row[k2 : k2 + 4] + row[k3 : k3 + 4]


class _ScalarTables:
    """The batch tables as Python buffers: indexing gives a Python int."""

    def __init__(self) -> None:
        t = tables()
        self.slid = t.slid.data
        self.meta = t.meta.data
        self.legal_rows = t.legal_rows.data
        self.legal_columns = t.legal_columns.data
        self.transposed_cells = t.transposed_cells.data
        self.popcount = t.popcount.data
        self.nth_cell = t.nth_cell.data
        self.row_exponents = t.row_exponents.tobytes()


_built: list[_ScalarTables] = []


def _scalar_tables() -> _ScalarTables:
    if not _built:
        _built.append(_ScalarTables())
    return _built[0]
