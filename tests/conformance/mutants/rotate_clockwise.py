"""Bug: rotateCounterClockwise turns the board clockwise (O1).

Its move and isGameOver never call it (they turn the board as the control
GameStateWithoutRotation does), so every required rule holds and only the
optional method's own requirement can catch the bug.
"""

from __future__ import annotations

from tests.conformance.mutants.writeup_style import (
    Direction,
    GameStateWithoutRotation,
)

__all__ = ["Direction", "GameState"]


class GameState(GameStateWithoutRotation):
    def rotateCounterClockwise(self) -> None:
        # BUG: the new row i is the old column i read bottom to top
        self.board = [
            list(column) for column in zip(*reversed(self.board), strict=True)
        ]
