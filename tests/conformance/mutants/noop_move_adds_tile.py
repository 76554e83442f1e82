"""Bug: a move that changes nothing still adds a tile (R29)."""

from __future__ import annotations

from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState"]


class GameState(WriteupGameState):
    def move(self, direction: Direction | None) -> bool:
        if direction is None:
            return False
        moved = self.slideToward(direction)
        self.addTile()  # BUG: only a successful slide may add a tile
        return moved
