"""gamestate.agent: an n-tuple network that learns 2048 by TD(0).

Needs the ``agent`` extra (numpy, numba, gymnasium, matplotlib; numpy
alone runs it, slower). One command trains, another plays::

    python -m gamestate.agent train --games 20000 --out run
    python -m gamestate.agent evaluate run/network.npz --games 1000
    python -m gamestate.agent train --rows 3 --cols 5 --games 2000 --out run3x5

As an evaluation function elsewhere (a search's leaves, say)::

    from gamestate.agent import NTupleNetwork, afterstates
    network = NTupleNetwork.load("run/network.npz")
    network.value(board)        # a packed board (gamestate._bitboard layout)
    network.values(boards)      # many, as a uint64 numpy array, or as
                                # int8 exponents (N, rows, cols) for any size

The values are those of afterstates (a board after a move's slide,
before its new tile): the expected score still to come from there.
"""

from .moves import afterstates, packed
from .network import TUPLES, NTupleNetwork
from .play import (
    Evaluation,
    GreedyAgent,
    evaluate,
    greedy_actions,
    lookahead_actions,
    lookahead_values,
)
from .training import Settings, Trainer

__all__ = [
    "TUPLES",
    "Evaluation",
    "GreedyAgent",
    "NTupleNetwork",
    "Settings",
    "Trainer",
    "afterstates",
    "evaluate",
    "greedy_actions",
    "lookahead_actions",
    "lookahead_values",
    "packed",
]
