"""Playing with a trained network: greedy 1-ply moves, one game or many.

:class:`GreedyAgent` picks, for a Gymnasium observation, the legal move
whose ``gain + V(afterstate)`` is largest. :func:`evaluate` plays N
seeded games at once on :class:`gamestate.batch.Batch` (4x4) or
:class:`gamestate.batch.GridBatch` (any other size) the same way and
returns what they reached. :func:`lookahead_actions` is the network as
an expectimax's evaluation: each move rated by the average, over every
tile the game could add, of the best next move's ``gain + V``. Never
prints.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ..batch.grid import batch_for
from .moves import afterstates, packed
from .network import NTupleNetwork

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]
Mask = npt.NDArray[np.bool_]


def greedy_actions(
    network: NTupleNetwork, boards: npt.NDArray[Any]
) -> npt.NDArray[np.intp]:
    """Per board (packed 4x4, or exponents (N, rows, columns)), the legal
    action with the largest ``gain + V(afterstate)`` (action 0 for a board
    with no legal move)."""
    after, gains, legal = afterstates(boards)
    values = network.values(after.reshape(-1, *after.shape[2:]))
    values = values.reshape(after.shape[:2])
    actions: npt.NDArray[np.intp] = np.where(legal, gains + values, -np.inf).argmax(
        axis=1
    )
    return actions


_CELL_SHIFTS = np.arange(0, 64, 4, dtype=np.uint64)
_CHILDREN_AT_ONCE: Final = 16384
"""Boards valued in one go by the lookahead: all of a large board's
spawns at once would take gigabytes (a 10x10 board has some 800)."""


def best_values(
    network: NTupleNetwork, boards: npt.NDArray[Any]
) -> npt.NDArray[np.float64]:
    """Per board (packed 4x4, or exponents (N, rows, columns)), the largest
    ``gain + V(afterstate)`` of its legal moves: what the greedy player
    expects to add; 0 where none is legal."""
    after, gains, legal = afterstates(boards)
    values = network.values(after.reshape(-1, *after.shape[2:]))
    q = np.where(legal, gains + values.reshape(legal.shape).astype(np.float64), -np.inf)
    best: npt.NDArray[np.float64] = np.where(legal.any(axis=1), q.max(axis=1), 0.0)
    return best


def lookahead_actions(
    network: NTupleNetwork, boards: npt.NDArray[Any], *, two_prob: int = 70
) -> npt.NDArray[np.intp]:
    """Per board (packed 4x4, or exponents (N, rows, columns) of any size),
    the legal action with the largest :func:`lookahead_values` (action 0
    for a board with no legal move)."""
    actions: npt.NDArray[np.intp] = lookahead_values(
        network, boards, two_prob=two_prob
    ).argmax(axis=1)
    return actions


def lookahead_values(
    network: NTupleNetwork, boards: npt.NDArray[Any], *, two_prob: int = 70
) -> npt.NDArray[np.float64]:
    """(N, 4): per board and action, ``gain + E[best next value]``, the
    expectation over every empty cell (equally likely) and tile (a 2 with
    ``two_prob`` percent), -inf for an illegal action: a depth-2
    expectimax with the network at its leaves."""
    after, gains, legal = afterstates(boards)
    moved = after.reshape(-1, *after.shape[2:])  # (N * 4, ...): every move
    empty = _empty_cells(moved) & legal.reshape(-1, 1)  # illegal: never needed
    which, cell = np.nonzero(empty)
    # Every spawn: each empty cell with a 2 (tile 0, exponent 1), then a 4.
    tile = np.repeat(np.arange(2), len(which))
    which, cell = np.tile(which, 2), np.tile(cell, 2)
    best = np.zeros((*empty.shape, 2), dtype=np.float64)
    for first in range(0, len(which), _CHILDREN_AT_ONCE):
        part = slice(first, first + _CHILDREN_AT_ONCE)
        children = _with_tile(moved[which[part]], cell[part], tile[part] + 1)
        best[which[part], cell[part], tile[part]] = best_values(network, children)
    p_two = two_prob / 100
    per_cell = p_two * best[:, :, 0] + (1 - p_two) * best[:, :, 1]
    expected = per_cell.sum(axis=1) / np.maximum(empty.sum(axis=1), 1)
    q: npt.NDArray[np.float64] = np.where(
        legal, gains + expected.reshape(legal.shape), -np.inf
    )
    return q


def _empty_cells(boards: npt.NDArray[Any]) -> Mask:
    """(N, cells): which cells of each board are empty, row by row."""
    empty: Mask
    if boards.dtype == np.uint64:
        empty = ((boards.reshape(-1, 1) >> _CELL_SHIFTS) & np.uint64(15)) == 0
    else:
        empty = boards.reshape(len(boards), -1) == 0
    return empty


def _with_tile(
    boards: npt.NDArray[Any], cells: npt.NDArray[np.intp], exponents: I64
) -> npt.NDArray[Any]:
    """Each board with the tile ``2**exponent`` in its cell (row by row)."""
    if boards.dtype == np.uint64:
        shifted: U64 = boards | (exponents.astype(np.uint64) << _CELL_SHIFTS[cells])
        return shifted
    flat = boards.reshape(len(boards), -1).copy()
    flat[np.arange(len(flat)), cells] = exponents
    return flat.reshape(boards.shape)


class GreedyAgent:
    """Plays ``gamestate2048/TwentyFortyEight-v0`` (exponent observations).

    The env draws its tiles by its own ``two_prob``: make it
    ``agent.network.two_prob`` to play by the rules the network learned."""

    def __init__(self, network: NTupleNetwork | None = None) -> None:
        """Playing by ``network``, by default the one the package ships."""
        self.network = network if network is not None else NTupleNetwork.shipped()

    def act(self, observation: npt.ArrayLike) -> int:
        """The move for an observation of tile exponents, (4, 4) or the
        network's board size."""
        board: npt.NDArray[Any]
        if self.network.size == (4, 4):
            board = np.array([packed(observation)], dtype=np.uint64)
        else:
            board = np.asarray(observation, dtype=np.int8)[None]
        return int(greedy_actions(self.network, board)[0])


@dataclass(frozen=True)
class Evaluation:
    """N games played to their end: per game score, highest tile, moves."""

    scores: I64
    highest: I64
    moves: I64
    seconds: float

    def rate(self, tile: int) -> float:
        """The share of games whose highest tile reached ``tile``."""
        return float((self.highest >= tile).mean())

    @property
    def microseconds_per_move(self) -> float:
        """Wall time per move, the games being played side by side."""
        return 1e6 * self.seconds / max(1, int(self.moves.sum()))


def evaluate(
    network: NTupleNetwork,
    seeds: list[int],
    *,
    two_prob: int | None = None,
    lookahead: bool = False,
) -> Evaluation:
    """Play ``GameState(rows, cols, seed=s, two_prob=two_prob)`` for every
    seed, the board the network's size, ``two_prob`` by default the one it
    was trained under, greedily (or by :func:`lookahead_actions`), to game over (or a refused merge past 32768)."""
    start = time.perf_counter()
    rows, cols = network.size
    if two_prob is None:
        two_prob = network.two_prob
    batch = batch_for(seeds, rows=rows, cols=cols, two_prob=two_prob)
    playing = np.ones(len(seeds), dtype=np.bool_)
    moves = np.zeros(len(seeds), dtype=np.int64)
    while playing.any():
        boards = batch.boards
        actions = (
            lookahead_actions(network, boards, two_prob=two_prob)
            if lookahead
            else greedy_actions(network, boards)
        )
        result = batch.step(actions, playing=playing)
        moves += result.moved
        playing &= ~result.finished & result.moved
    highest = np.int64(1) << batch.highest_exponents().astype(np.int64)
    return Evaluation(batch.scores.copy(), highest, moves, time.perf_counter() - start)
