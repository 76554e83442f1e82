"""Bug: rotateCounterClockwise assumes a square board (R27 on 2 x 3 boards)."""

from __future__ import annotations

from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState"]


class GameState(WriteupGameState):
    def rotateCounterClockwise(self) -> None:
        size = len(self.board)  # BUG: the number of columns may differ
        self.board = [
            [self.board[row][size - 1 - col] for row in range(size)]
            for col in range(size)
        ]
