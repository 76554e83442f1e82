"""GridBatch: N Java-exact games of 2048 on any R x C board, with numpy.

The 4x4 :class:`gamestate.batch.Batch` packs a board into one uint64 and
slides through tables; a board of another size does not fit those, so
this engine keeps every board as int8 tile exponents, shape (N, R, C)
(0 = empty, e = tile 2**e), and slides lines with a few vectorised passes.
The rules are those of :class:`gamestate.GameState` (proven against it
in tests/test_batch_grid.py), and its semantics are Batch's:

* Actions are Direction values: 0 DOWN, 1 LEFT, 2 UP, 3 RIGHT; an action
  that changes nothing is a no-op (no tile, no draw).
* Merges: tiles slide toward the move's edge; the tiles nearest that edge
  merge first (4 4 4 -> _ 4 8), a merged tile never merges again in
  the move: :func:`gamestate._kernels.slide_line`'s rule, vectorised.
* The new tile: ``nextInt(empty cells)`` counted row by row from the top
  left, then a 2 when ``nextInt(100) < two_prob``, else a 4, from each
  game's ``java.util.Random`` state (:mod:`gamestate.batch._random`).
* A merge past 32768 (exponent 15) is refused and flagged ``overflow``,
  so that exponents fit the n-tuple network's 16 values and the engine
  never silently differs from GameState.

This module never prints and never touches files.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from .. import config as Config
from ..game_state import GameState
from . import _random
from ._tables import MAX_EXPONENT
from .engine import (
    ACTION_COUNT,
    DOWN,
    LEFT,
    UP,
    Batch,
    Seeds,
    StepResult,
    check_actions,
    check_tiles,
    two_probs,
)

I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]
U8 = npt.NDArray[np.uint8]
Mask = npt.NDArray[np.bool_]

MIN_SIDE: Final = 2
MAX_CELLS: Final = _random.MAX_BOUND
"""A board holds at most this many cells: the spawn draws nextInt(empty
cells), which the batched generator does for bounds up to 100."""
_ACTION_BITS: Final = np.uint8(1) << np.arange(ACTION_COUNT, dtype=np.uint8)


def check_size(rows: int, cols: int) -> None:
    """ValueError naming the side when ``rows`` x ``cols`` is not a board
    this engine plays (sides from 2, at most 100 cells)."""
    for name, side in (("rows", rows), ("cols", cols)):
        if side < MIN_SIDE:
            raise ValueError(f"{name} must be at least {MIN_SIDE}, got {side}")
    if rows * cols > MAX_CELLS:
        raise ValueError(
            f"a {rows}x{cols} board has {rows * cols} cells; at most {MAX_CELLS}"
        )


def _lines(boards: I8, action: int) -> I8:
    """(N, lines, length): each line read toward the edge the move slides to."""
    if action in (DOWN, UP):
        boards = boards.transpose(0, 2, 1)
    if action in (LEFT, UP):
        boards = boards[:, :, ::-1]
    return boards


def _board(lines: I8, action: int) -> I8:
    """Undo :func:`_lines`: the boards whose lines these are."""
    if action in (LEFT, UP):
        lines = lines[:, :, ::-1]
    if action in (DOWN, UP):
        lines = lines.transpose(0, 2, 1)
    return np.ascontiguousarray(lines)


def slide_lines(lines: I8) -> tuple[I8, I64, Mask]:
    """Slide (M, L) lines toward index L-1 and merge: (slid, gains, overflow).

    One pass per cell: a read and a write position walk from the end;
    the tile read merges with the next one when they are equal, so the
    tiles nearest the end merge first and a merged tile is written once.
    """
    count, length = lines.shape
    # Tiles to the end in their order, empty cells first (a stable sort).
    order = np.argsort(lines != 0, axis=1, kind="stable")
    tiles = np.take_along_axis(lines, order, axis=1)
    slid = np.zeros_like(tiles)
    gains = np.zeros(count, dtype=np.int64)
    overflow = np.zeros(count, dtype=np.bool_)
    read = np.full(count, length - 1)
    write = np.full(count, length - 1)
    every = np.arange(count)
    for _cell in range(length):
        here = tiles[every, np.maximum(read, 0)]
        active = (read >= 0) & (here != 0)
        if not active.any():
            break
        before = tiles[every, np.maximum(read - 1, 0)]
        merge = active & (read > 0) & (before == here)
        value = (here + merge).astype(np.int8)
        slid[every[active], write[active]] = value[active]
        gains += np.where(merge, np.int64(1) << value.astype(np.int64), 0)
        overflow |= merge & (value > MAX_EXPONENT)
        read -= active * (1 + merge)
        write -= active
    return slid, gains, overflow


def slide(boards: I8, action: int) -> tuple[I8, I64, Mask]:
    """Every board (N, R, C) moved by ``action`` without a new tile:
    (boards, gains, overflow)."""
    lines = _lines(boards, action)
    count, many, length = lines.shape
    slid, line_gains, line_overflow = slide_lines(lines.reshape(-1, length))
    gains: I64 = line_gains.reshape(count, many).sum(axis=1)
    overflow: Mask = line_overflow.reshape(count, many).sum(axis=1) > 0
    return _board(slid.reshape(count, many, length), action), gains, overflow


def afterstates(boards: I8) -> tuple[I8, I64, Mask]:
    """For N boards (N, R, C): ``(after, gains, legal)``, shaped (N, 4, R, C),
    (N, 4) and (N, 4), as :func:`gamestate.agent.afterstates` for packed
    boards: a move past 32768 counts as not legal."""
    count, rows, cols = boards.shape
    after = np.empty((count, ACTION_COUNT, rows, cols), dtype=np.int8)
    gains = np.empty((count, ACTION_COUNT), dtype=np.int64)
    legal = np.empty((count, ACTION_COUNT), dtype=np.bool_)
    for action in range(ACTION_COUNT):
        moved, gained, overflow = slide(boards, action)
        after[:, action] = moved
        gains[:, action] = gained
        legal[:, action] = (moved != boards).any(axis=(1, 2)) & ~overflow
    return after, gains, legal


def legal_bits(boards: I8) -> U8:
    """Per board, bit ``1 << action`` when that action would change it (an
    overflowing merge counts, as in Batch: GameState would make the tile)."""
    bits = np.zeros(len(boards), dtype=np.uint8)
    for action in range(ACTION_COUNT):
        lines = _lines(boards, action)
        far, near = lines[:, :, :-1], lines[:, :, 1:]
        moves = ((far != 0) & ((near == 0) | (near == far))).any(axis=(1, 2))
        bits |= moves.astype(np.uint8) << np.uint8(action)
    return bits


class GridBatch:
    """N independent R x C games; see the module docstring for the rules.

    ``boards`` (N, R, C) int8 exponents, ``scores`` int64, ``states`` (the
    48-bit generator states), ``two_prob`` and ``legal`` (action bits) are
    numpy arrays to read; change the games only through :meth:`step` and
    :meth:`reset`.
    """

    def __init__(
        self,
        seeds: Seeds,
        *,
        rows: int,
        cols: int,
        two_prob: int | Sequence[int] | None = None,
    ) -> None:
        """New games, one per seed: ``GameState(rows, cols, seed=s)`` plus
        the start-up's tiles. ValueError for an empty batch, a board size
        out of range, a bad two_prob, or Config tiles other than 2 and 4."""
        count = len(seeds)
        if count == 0:
            raise ValueError("a batch needs at least one game (seeds is empty)")
        check_size(rows, cols)
        check_tiles()
        self.rows, self.cols = rows, cols
        self.two_prob: U64 = two_probs(two_prob, count)
        self.boards: I8 = np.zeros((count, rows, cols), dtype=np.int8)
        self.scores: I64 = np.zeros(count, dtype=np.int64)
        self.states: U64 = np.zeros(count, dtype=np.uint64)
        self.legal: U8 = np.zeros(count, dtype=np.uint8)
        self.reset(np.arange(count), seeds)

    @classmethod
    def restored(
        cls, boards: I8, scores: I64, states: U64, two_prob: int | Sequence[int]
    ) -> GridBatch:
        """A batch going on from saved arrays (a training checkpoint)."""
        count, rows, cols = boards.shape
        batch = cls([0] * count, rows=rows, cols=cols, two_prob=two_prob)
        batch.boards = boards.astype(np.int8)
        batch.scores = scores.astype(np.int64)
        batch.states = states.astype(np.uint64)
        batch.legal = legal_bits(batch.boards)
        return batch

    def __len__(self) -> int:
        return len(self.boards)

    def reset(self, which: npt.ArrayLike, seeds: Seeds) -> None:
        """Start new games at the indices ``which``, seeded with ``seeds``."""
        index = np.asarray(which, dtype=np.intp).reshape(-1)
        if len(index) != len(seeds):
            raise ValueError(f"{len(index)} games to reset but {len(seeds)} seeds")
        boards = np.zeros((len(index), self.rows, self.cols), dtype=np.int8)
        states = _random.seeded([int(seed) for seed in seeds])
        for _tile in range(Config.INITIAL_TILE_COUNT):
            states = _spawn(boards, states, self.two_prob[index], None)
        self.boards = self.boards.copy()  # a StepResult keeps the old array
        self.boards[index] = boards
        self.states[index] = states
        self.scores = self.scores.copy()
        self.scores[index] = 0
        self.legal[index] = legal_bits(boards)

    def game(self, index: int) -> GameState:
        """Game ``index`` as a GameState: same board, score and generator."""
        game = GameState(self.rows, self.cols, two_prob=int(self.two_prob[index]))
        cells = self.boards[index].tolist()
        game.setBoard([[0 if e == 0 else 1 << e for e in row] for row in cells])
        game.setScore(int(self.scores[index]))
        game.rng.setstate(int(self.states[index]))
        return game

    def step(
        self, actions: npt.ArrayLike, *, playing: Mask | None = None
    ) -> StepResult:
        """Move every game (``actions[i]`` for game i) and add its tile;
        games where ``playing`` is False are left alone. ValueError for an
        action outside 0..3."""
        moves = check_actions(actions, len(self))
        boards = self.boards.copy()
        gains = np.zeros(len(self), dtype=np.int64)
        overflow = np.zeros(len(self), dtype=np.bool_)
        for action in range(ACTION_COUNT):
            which = np.flatnonzero(moves == action)
            if len(which):
                boards[which], gains[which], overflow[which] = slide(
                    self.boards[which], action
                )
        moved = (boards != self.boards).any(axis=(1, 2)) & ~overflow
        if playing is not None:
            moved &= playing
            overflow &= playing
        gains = np.where(moved, gains, 0)
        boards[~moved] = self.boards[~moved]
        self.states = _spawn(boards, self.states, self.two_prob, moved)
        self.boards = boards
        self.scores = self.scores + gains
        self.legal = legal_bits(boards)
        return StepResult(
            moved=moved,
            gains=gains,
            over=self.legal == 0,
            overflow=overflow,
            final_boards=boards,
            final_scores=self.scores,
        )

    def highest_exponents(self) -> U8:
        """Every board's largest tile exponent."""
        highest: U8 = self.boards.max(axis=(1, 2)).astype(np.uint8)
        return highest

    def legal_mask(self) -> Mask:
        """(N, 4) bool: ``[i, a]`` when action a would move game i."""
        mask: Mask = (self.legal[:, None] & _ACTION_BITS) != 0
        return mask


def _spawn(boards: I8, states: U64, two_prob: U64, spawning: Mask | None) -> U64:
    """Add a tile, in place, to the boards in ``spawning`` (None: all), as
    GameState.addTile: the k-th empty cell row by row, then its value.
    Returns the generator states after (unchanged where nothing spawned)."""
    cells = boards.reshape(len(boards), -1)  # a view: writes reach boards
    empty = cells == 0
    count = empty.sum(axis=1).astype(np.uint64)
    if spawning is not None:
        count = np.where(spawning, count, np.uint64(0))
    k, drawn = _random.next_int(states, count)
    # The k-th empty cell: the first whose running count of empties passes k.
    cell = (empty.cumsum(axis=1) > k[:, None].astype(np.int64)).argmax(axis=1)
    draw, drawn = _random.next_int(drawn, 100)
    exponent = np.where(draw < two_prob, 1, 2).astype(np.int8)
    if spawning is None:
        cells[np.arange(len(cells)), cell] = exponent
        return drawn
    which = np.flatnonzero(spawning)
    cells[which, cell[which]] = exponent[which]
    return np.where(spawning, drawn, states)


def batch_for(
    seeds: Seeds, *, rows: int, cols: int, two_prob: int | Sequence[int] | None
) -> Batch | GridBatch:
    """New games of rows x cols: the packed engine (Batch) for 4x4, the
    fastest, else GridBatch; the same games either way."""
    if (rows, cols) == (4, 4):
        return Batch(seeds, two_prob=two_prob)
    return GridBatch(seeds, rows=rows, cols=cols, two_prob=two_prob)
