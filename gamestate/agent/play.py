"""Playing with a trained network: greedy 1-ply moves, one game or many.

:class:`GreedyAgent` picks, for a Gymnasium observation, the legal move
whose ``gain + V(afterstate)`` is largest. :func:`evaluate` plays N
seeded games at once on :class:`gamestate.batch.Batch` the same way and
returns what they reached. Never prints.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..batch import Batch
from .moves import afterstates, packed
from .network import NTupleNetwork

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]


def greedy_actions(network: NTupleNetwork, boards: U64) -> npt.NDArray[np.intp]:
    """Per packed board, the legal action with the largest ``gain +
    V(afterstate)`` (action 0 for a board with no legal move)."""
    after, gains, legal = afterstates(boards)
    values = network.values(after.reshape(-1)).reshape(after.shape)
    actions: npt.NDArray[np.intp] = np.where(legal, gains + values, -np.inf).argmax(
        axis=1
    )
    return actions


class GreedyAgent:
    """Plays ``gamestate2048/TwentyFortyEight-v0`` (exponent observations)."""

    def __init__(self, network: NTupleNetwork | None = None) -> None:
        """Playing by ``network``, by default the one the package ships."""
        self.network = network if network is not None else NTupleNetwork.shipped()

    def act(self, observation: npt.ArrayLike) -> int:
        """The move for a (4, 4) observation of tile exponents."""
        board = np.array([packed(observation)], dtype=np.uint64)
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
    network: NTupleNetwork, seeds: list[int], *, two_prob: int = 70
) -> Evaluation:
    """Play ``GameState(4, 4, seed=s, two_prob=two_prob)`` for every seed,
    greedily, to game over (or a refused merge past 32768)."""
    start = time.perf_counter()
    batch = Batch(seeds, two_prob=two_prob)
    playing = np.ones(len(seeds), dtype=np.bool_)
    moves = np.zeros(len(seeds), dtype=np.int64)
    while playing.any():
        result = batch.step(greedy_actions(network, batch.boards), playing=playing)
        moves += result.moved
        playing &= ~result.finished & result.moved
    highest = np.int64(1) << batch.highest_exponents().astype(np.int64)
    return Evaluation(batch.scores.copy(), highest, moves, time.perf_counter() - start)
