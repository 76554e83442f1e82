"""The statistical checks' sample sizes and thresholds, and their bound.

Where a class draws its randomness from a ``java.util.Random`` of its own
(not through an overridable ``rollRNG``), the grader cannot script the
draws, so randomTile and addTile are judged on what a fixed number of
calls return. Each threshold is set so that a correct class fails with a
probability below :data:`FALSE_FAILURE_BOUND` (checked exactly, from the
binomial distribution, by tests/test_grader.py), and so far from the
boundary that a class whose draws are wrong by much (a 2 half the time, a
cell never chosen) fails as surely: every run gives the same verdict.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

FALSE_FAILURE_BOUND: Final = 1e-9


@dataclass(frozen=True)
class Window:
    """Accept ``low <= count <= high`` successes of ``calls`` trials of
    probability ``probability``."""

    calls: int
    probability: float
    low: int
    high: int

    def false_failure(self) -> float:
        """The chance that a correct class's count falls outside."""
        return binomial_outside(self.calls, self.probability, self.low, self.high)

    def percent(self, count: int) -> str:
        return f"{100 * count / self.calls:g}%"


def binomial_outside(calls: int, probability: float, low: int, high: int) -> float:
    """P(X < low) + P(X > high) for X ~ Binomial(calls, probability)."""

    def mass(k: int) -> float:
        log = (
            math.lgamma(calls + 1) - math.lgamma(k + 1) - math.lgamma(calls - k + 1)
            + k * math.log(probability) + (calls - k) * math.log1p(-probability)
        )
        return math.exp(log)

    return sum(mass(k) for k in range(calls + 1) if k < low or k > high)


# randomTile: "2 with probability TWO_PROB" (70%): 2s in 6000 calls.
RANDOM_TILE: Final = Window(6000, 0.70, 3960, 4440)  # 66% to 74%
# addTile: each of the 3 empty cells of ADD_TILE_BOARD chosen with
# probability 1/3 over 900 calls (the bound holds for the 3 cells together).
ADD_TILE_BOARD: Final = ((2, 0, 4), (0, 8, 16), (32, 64, 0))
ADD_TILE: Final = Window(900, 1 / 3, 200, 400)
