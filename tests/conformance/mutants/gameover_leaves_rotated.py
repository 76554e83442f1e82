"""Bug: isGameOver returns as soon as a move is found, board still rotated (R20)."""

from __future__ import annotations

from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState"]


class GameState(WriteupGameState):
    def isGameOver(self) -> bool:
        for _ in range(4):
            if self.canSlideDown():
                return False  # BUG: skips the rotations that turn the board back
            self.rotateCounterClockwise()
        return True
