"""Bug: the constructor makes numCols rows of numRows cells (R01)."""

from __future__ import annotations

import random

from gamestate import Config
from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState"]


class GameState(WriteupGameState):
    def __init__(self, numRows: int, numCols: int) -> None:
        self.board = [[0] * numRows for _ in range(numCols)]  # BUG: swapped
        self.score = 0
        self.rng = random.Random(Config.RANDOM_SEED)
