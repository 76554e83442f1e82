"""Bug: getBoard returns the internal list, not a deep copy (R04)."""

from __future__ import annotations

from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState"]


class GameState(WriteupGameState):
    def getBoard(self) -> list[list[int]]:
        return self.board  # BUG: the caller can now change the game
