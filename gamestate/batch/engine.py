"""Batch: N independent 4x4 games of 2048 advanced together with numpy.

Every game is exactly ``GameState(4, 4, seed=s, two_prob=p)`` with the
start-up's two ``addTile()`` calls, played move by move: same boards,
same scores, same ``java.util.Random`` state after every move (proven
against GameState in tests/test_batch.py). The batch owns three arrays,
one element per game:

* ``boards``: uint64, a packed board (cell (r, c) holds its tile's
  exponent in the four bits at ``4 * (4 * r + c)``, 0 = empty), the layout
  of :mod:`gamestate._bitboard`;
* ``scores``: int64 (a 4x4 game whose tiles stay below 2**16 scores far
  below 2**31, so Java's int wrap never happens);
* ``states``: uint64, the 48-bit generator state, ``game.rng.getstate()``.

A move goes through row tables (:mod:`gamestate.batch._tables`, built
from the one slide rule in :mod:`gamestate._kernels`): a game moving UP or
DOWN is transposed so that every game slides rows, four lookups per game.
The tile is added as ``GameState.move`` adds it: the position first,
``nextInt(empty cells)`` counted row by row from the top left, then the
value, 2 when ``nextInt(100) < two_prob``, else 4.

Semantics a caller needs:

* Actions are Direction values: 0 DOWN, 1 LEFT, 2 UP, 3 RIGHT.
* An illegal action (a move that changes nothing) is a no-op, as in
  GameState: no tile, no random draw, gain 0, ``moved`` False.
* Tiles above 32768 do not fit four bits. A move whose merge would make
  one (two 32768s meeting) is refused: that game's board, score and
  generator stay as they were and ``overflow`` is set for it. Every
  other action on it stays exact, so the batch never silently differs
  from GameState: it performs exactly GameState's move or flags it.
* ``over``: the game has no legal move left (GameState.isGameOver).
  ``finished`` is ``over | overflow``; with ``reset_seeds``, step starts
  new games in those places in the same call.

This module never prints and never touches files.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar

import numpy as np
import numpy.typing as npt

from .. import config as Config
from ..game_state import GameState
from . import _random
from ._tables import GAIN_SHIFT, OVERFLOW_SHIFT, TOWARD_HIGH, Tables, tables

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]
Mask = npt.NDArray[np.bool_]
Seeds = Sequence[int] | npt.NDArray[np.integer]
AnyArray = TypeVar("AnyArray", bound=npt.NDArray[Any])

DOWN, LEFT, UP, RIGHT = 0, 1, 2, 3
ACTION_COUNT: Final = 4

_CELLS: Final = np.uint64(0xFFFF)
_GAIN: Final = np.uint64((1 << (OVERFLOW_SHIFT - GAIN_SHIFT)) - 1)
_OVERFLOW: Final = np.uint64(1 << OVERFLOW_SHIFT)
_TWO_SIDES: Final = 2 << 16
_POSITIONS: Final = np.arange(4, dtype=np.uint32) * np.uint32(_TWO_SIDES)
"""Offsets of the four position blocks of Tables.meta."""
_LITTLE_ENDIAN: Final = np.dtype("<u8")
"""Boards viewed as bytes or 16-bit rows are read little-endian: row 0 first."""
_FOUR: Final = np.uint64(4)
_SIXTEEN: Final = np.uint64(16)
_ACTION_BITS: Final = np.uint8(1) << np.arange(4, dtype=np.uint8)

# Per action: is it a column move (DOWN, UP), and the table key offset of
# the side its tiles slide toward (DOWN, RIGHT: the high nibble).
_VERTICAL: Final = np.array([True, False, True, False])
_SIDE_OFFSET: Final = np.array(
    [[TOWARD_HIGH << 16], [0], [0], [TOWARD_HIGH << 16]], dtype=np.uint32
)
_TRANSPOSED_CELL: Final = np.array(
    [4 * (cell % 4) + cell // 4 for cell in range(16)], dtype=np.uint64
)
"""Cell index -> the index of the same cell in the transposed board."""


def transpose(boards: U64) -> U64:
    """Swap rows and columns of every packed board (as _bitboard.transpose)."""
    a = (
        (boards & np.uint64(0xF0F0_0F0F_F0F0_0F0F))
        | ((boards & np.uint64(0x0000_F0F0_0000_F0F0)) << np.uint64(12))
        | ((boards >> np.uint64(12)) & np.uint64(0x0000_F0F0_0000_F0F0))
    )
    transposed: U64 = (
        (a & np.uint64(0xFF00_FF00_00FF_00FF))
        | ((a & np.uint64(0x0000_0000_FF00_FF00)) << np.uint64(24))
        | ((a >> np.uint64(24)) & np.uint64(0x0000_0000_FF00_FF00))
    )
    return transposed


@dataclass(frozen=True)
class StepResult:
    """What one :meth:`Batch.step` did, one element per game."""

    moved: Mask
    """The board changed (and a tile was added)."""
    gains: I64
    """Points the move's merges made (0 when it did not move)."""
    over: Mask
    """No legal move is left (GameState.isGameOver), after the move."""
    overflow: Mask
    """The move was refused: a merge would have made a tile above 32768."""
    final_boards: npt.NDArray[Any]
    """Boards after the move, before any reset (not changed by later steps):
    packed uint64 from Batch, (N, R, C) exponents from GridBatch."""
    final_scores: I64
    """Scores after the move, before any reset (not changed by later steps)."""

    @property
    def finished(self) -> Mask:
        """Games that cannot go on here: over, or stopped by an overflow."""
        return self.over | self.overflow


class Batch:
    """N independent 4x4 games; see the module docstring for the rules.

    ``boards``, ``scores``, ``states``, ``two_prob`` and ``legal`` are
    numpy arrays, one element per game, to read; change the games only
    through :meth:`step` and :meth:`reset`.
    """

    def __init__(
        self, seeds: Seeds, *, two_prob: int | Sequence[int] | None = None
    ) -> None:
        """New games, one per seed: ``GameState(4, 4, seed=s)`` plus two tiles.

        ``two_prob`` (percent chance of a 2) is one value for every game
        or one per game; it defaults to Config.TWO_PROB, read now.
        Raises ValueError for an empty batch, a two_prob outside 0..100,
        or a Config whose TWO_TILE / FOUR_TILE are not 2 and 4 (the
        packed boards cannot hold other tiles).
        """
        count = len(seeds)
        if count == 0:
            raise ValueError("a batch needs at least one game (seeds is empty)")
        check_tiles()
        self._tables: Tables = tables()
        self.two_prob: U64 = two_probs(two_prob, count)
        self.boards: U64 = np.zeros(count, dtype=np.uint64)
        self._columns: U64 = np.zeros(count, dtype=np.uint64)
        """The boards transposed, kept alongside so no move transposes twice."""
        self.scores: I64 = np.zeros(count, dtype=np.int64)
        self.states: U64 = np.zeros(count, dtype=np.uint64)
        self.legal: U8 = np.zeros(count, dtype=np.uint8)
        """Per game, bit ``1 << action`` set when that action would move."""
        self.reset(np.arange(count), seeds)

    @classmethod
    def from_games(cls, games: Sequence[GameState]) -> Batch:
        """A batch continuing the given games: boards, scores, generators.

        Each must be 4x4 with tiles 0 or 2..32768. Raises ValueError
        naming the first game that does not fit.
        """
        boards = [
            packed_board(index, game.getBoard()) for index, game in enumerate(games)
        ]
        batch = cls([0] * len(games), two_prob=[game.two_prob for game in games])
        batch.boards = np.array(boards, dtype=np.uint64)
        batch._columns = transpose(batch.boards)
        batch.scores = np.array([game.getScore() for game in games], dtype=np.int64)
        batch.states = np.array([game.rng.getstate() for game in games], np.uint64)
        batch.legal = batch._legal_actions(batch.boards, batch._columns)
        return batch

    def __len__(self) -> int:
        return len(self.boards)

    # ------------------------------------------------------------ games
    def reset(self, which: npt.ArrayLike, seeds: Seeds) -> None:
        """Start new games at the indices ``which``, seeded with ``seeds``.

        Each is ``GameState(4, 4, seed=s)`` followed by two ``addTile()``.
        """
        index = np.asarray(which, dtype=np.intp).reshape(-1)
        if len(index) != len(seeds):
            raise ValueError(f"{len(index)} games to reset but {len(seeds)} seeds")
        boards = np.zeros(len(index), dtype=np.uint64)
        columns = np.zeros(len(index), dtype=np.uint64)
        states = _random.seeded([int(seed) for seed in seeds])
        cells = np.full(len(index), _CELLS)
        two_prob = self.two_prob[index]
        for _tile in range(Config.INITIAL_TILE_COUNT):
            boards, columns, states, cell = self._spawn(
                boards, columns, cells, states, two_prob, None
            )
            cells ^= np.uint64(1) << cell
        # New arrays, never changed in place: a StepResult keeps the old.
        self.boards = _replaced(self.boards, index, boards)
        self._columns[index] = columns
        self.states[index] = states
        self.scores = _replaced(self.scores, index, np.int64(0))
        self.legal[index] = self._legal_actions(boards, columns)

    def game(self, index: int) -> GameState:
        """Game ``index`` as a GameState: same board, score and generator."""
        game = GameState(4, 4, two_prob=int(self.two_prob[index]))
        rows = self.exponents()[index].tolist()
        game.setBoard([[0 if e == 0 else 1 << e for e in row] for row in rows])
        game.setScore(int(self.scores[index]))
        game.rng.setstate(int(self.states[index]))
        return game

    # ------------------------------------------------------------ moves
    def step(
        self,
        actions: npt.ArrayLike,
        *,
        playing: Mask | None = None,
        reset_seeds: Seeds | None = None,
    ) -> StepResult:
        """Move every game (``actions[i]`` for game i) and add its tile.

        Games where ``playing`` is False are left alone (not moved, no
        draw, never reset; ``over`` still says whether they could move).
        With ``reset_seeds`` (one per game), the playing games that
        finish in this step are started anew from their seed at once;
        the result's ``final_boards`` and ``final_scores`` keep how they
        ended. Raises ValueError for an action outside 0..3.
        """
        moves = check_actions(actions, len(self))
        vertical = _VERTICAL[moves]
        # Every game slides rows: its board's, or for UP and DOWN its
        # transpose's. "Lines" below are those rows; "across" is the
        # other layout of the same boards.
        lines = np.where(vertical, self._columns, self.boards)
        slid, meta = self._slide(lines, _SIDE_OFFSET[moves])
        across = transpose(slid)
        boards = np.where(vertical, across, slid)
        columns = np.where(vertical, slid, across)
        overflow = meta >= _OVERFLOW
        moved = (boards != self.boards) & ~overflow
        # Plain: no game is held back or refused, so a game that did not
        # move is unchanged and gained nothing; else mask those games.
        plain = playing is None and not overflow.any()
        if playing is not None:
            moved &= playing
            overflow &= playing
        cells = meta & _CELLS
        cells = np.where(vertical, self._tables.transposed_cells.take(cells), cells)
        boards, columns, self.states, _cell = self._spawn(
            boards, columns, cells, self.states, self.two_prob, moved
        )
        gains = ((meta >> np.uint64(GAIN_SHIFT)) & _GAIN).astype(np.int64)
        if not plain:
            gains = np.where(moved, gains, 0)
            boards = np.where(moved, boards, self.boards)
            columns = np.where(moved, columns, self._columns)
        self.boards, self._columns = boards, columns
        self.scores = self.scores + gains
        self.legal = self._legal_actions(boards, columns)
        result = StepResult(
            moved=moved,
            gains=gains,
            over=self.legal == 0,
            overflow=overflow,
            final_boards=boards,
            final_scores=self.scores,
        )
        if reset_seeds is not None:
            ended = result.finished if playing is None else result.finished & playing
            finished = np.flatnonzero(ended)
            if len(finished):
                self.reset(finished, np.asarray(reset_seeds)[finished].tolist())
        return result

    def _slide(self, lines: U64, side: npt.NDArray[np.uint32]) -> tuple[U64, U64]:
        """Slide the four rows of every board toward its side: (slid, meta).

        ``side`` is each game's table offset, shape (N, 1). A board's rows
        are its four 16-bit words (the layout is little-endian by
        construction: row i at bits 16 * i).
        """
        keys = _rows(lines) + side
        slid = self._tables.slid.take(keys).view(np.uint64).reshape(-1)
        parts = self._tables.meta.take(keys + _POSITIONS)
        meta = parts[:, 0] + parts[:, 1] + parts[:, 2] + parts[:, 3]
        return slid, meta

    def _spawn(
        self,
        boards: U64,
        columns: U64,
        cells: U64,
        states: U64,
        two_prob: U64,
        spawning: Mask | None,
    ) -> tuple[U64, U64, U64, U64]:
        """Add a tile to the boards in ``spawning`` (None: all): (boards,
        columns, states, cell indices).

        ``cells`` is each board's set of empty cells (bit c for cell c,
        row-major). As GameState.addTile: position first, then value.
        """
        t = self._tables
        count = t.popcount.take(cells)
        k, drawn = _random.next_int(states, count)
        cell = t.nth_cell[cells * _SIXTEEN + k].astype(np.uint64)
        draw, drawn = _random.next_int(drawn, 100)
        exponent = np.where(draw < two_prob, np.uint64(1), np.uint64(2))
        if spawning is None:
            states = drawn
        else:  # the others draw nothing: no tile, the old state
            exponent *= spawning
            states = np.where(spawning, drawn, states)
        boards = boards | exponent << (cell * _FOUR)
        columns = columns | exponent << (_TRANSPOSED_CELL[cell] * _FOUR)
        return boards, columns, states, cell

    def _legal_actions(self, boards: U64, columns: U64) -> U8:
        """Per board, bit ``1 << action`` for every action that moves it."""
        t = self._tables
        bits = t.legal_rows.take(_rows(boards)) | t.legal_columns.take(_rows(columns))
        # Four bytes per board: fold them into one.
        folded = bits.view(np.uint32).reshape(-1)
        folded = folded | folded >> np.uint32(16)
        folded = folded | folded >> np.uint32(8)
        return folded.astype(np.uint8)

    # ------------------------------------------------------------- views
    def exponents(self) -> U8:
        """Every board as (N, 4, 4) uint8 tile exponents (0 = empty)."""
        pairs = (
            self.boards.astype(_LITTLE_ENDIAN, copy=False).view(np.uint8).reshape(-1, 8)
        )
        cells = np.empty((len(self), 16), dtype=np.uint8)
        cells[:, 0::2] = pairs & 0xF
        cells[:, 1::2] = pairs >> 4
        return cells.reshape(-1, 4, 4)

    def highest_exponents(self) -> U8:
        """Every board's largest tile exponent (0 for an empty board)."""
        rows = self._tables.highest.take(_rows(self.boards))
        highest: U8 = np.maximum(
            np.maximum(rows[:, 0], rows[:, 1]), np.maximum(rows[:, 2], rows[:, 3])
        )
        return highest

    def legal_mask(self) -> Mask:
        """(N, 4) bool: ``[i, a]`` when action a would move game i."""
        mask: Mask = (self.legal[:, None] & _ACTION_BITS) != 0
        return mask


def _replaced(array: AnyArray, index: npt.NDArray[np.intp], values: Any) -> AnyArray:
    """A copy of ``array`` with ``values`` at ``index``."""
    changed = array.copy()
    changed[index] = values
    return changed


def _rows(boards: U64) -> npt.NDArray[np.uint16]:
    """(N, 4): the four 16-bit rows of each packed board, row 0 first."""
    return boards.astype(_LITTLE_ENDIAN, copy=False).view(np.uint16).reshape(-1, 4)


def check_tiles() -> None:
    """ValueError unless Config's new tiles are 2 and 4 (what the batched
    engines' exponent boards hold)."""
    if Config.TWO_TILE != 2 or Config.FOUR_TILE != 4:
        raise ValueError(
            "the batch engine adds 2s and 4s only; Config has TWO_TILE="
            f"{Config.TWO_TILE!r}, FOUR_TILE={Config.FOUR_TILE!r}"
        )


def check_actions(actions: npt.ArrayLike, count: int) -> npt.NDArray[np.intp]:
    """``actions`` as ``count`` intp actions 0..3, else ValueError."""
    moves = np.asarray(actions)
    if moves.shape != (count,) or moves.dtype.kind not in "iu":
        raise ValueError(
            f"actions must be {count} integers, got shape {moves.shape}"
            f" of {moves.dtype}"
        )
    if moves.min() < 0 or moves.max() >= ACTION_COUNT:
        raise ValueError(f"actions must be 0..3, got {moves.min()}..{moves.max()}")
    return moves.astype(np.intp, copy=False)


def two_probs(two_prob: int | Sequence[int] | None, count: int) -> U64:
    """One two_prob per game (Config.TWO_PROB when None), else ValueError."""
    if two_prob is None:
        two_prob = Config.TWO_PROB
    values = np.broadcast_to(np.asarray(two_prob), (count,))
    if values.dtype.kind not in "iu" or (values.min() < 0 or values.max() > 100):
        raise ValueError(f"two_prob must be whole percents 0 to 100, got {two_prob!r}")
    return values.astype(np.uint64)


def packed_board(index: int, board: list[list[int]]) -> int:
    """A 4x4 board of 0 and 2..32768 as a packed int, or ValueError."""
    if len(board) != 4 or any(len(row) != 4 for row in board):
        raise ValueError(f"game {index}: the batch plays 4x4 boards only")
    exponents = {0: 0, **{1 << e: e for e in range(1, 16)}}
    packed = 0
    for cell, value in enumerate(value for row in board for value in row):
        if value not in exponents:
            raise ValueError(
                f"game {index}: tile {value} does not fit (0 or 2..32768 only)"
            )
        packed |= exponents[value] << (4 * cell)
    return packed
