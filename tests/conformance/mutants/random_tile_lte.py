"""Bug: randomTile compares with <= instead of <: 71% twos, not 70% (R10)."""

from __future__ import annotations

from gamestate import Config
from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState"]


class GameState(WriteupGameState):
    def randomTile(self) -> int:
        if self.rollRNG(100) <= Config.TWO_PROB:  # BUG: off by one
            return Config.TWO_TILE
        return Config.FOUR_TILE
