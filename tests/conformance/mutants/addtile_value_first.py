"""Bug: addTile draws the tile before looking for a free cell.

On a full board it then draws a number and returns 2 or 4 (R13), and it
draws the value before the cell (R15, and the example game E2).
"""

from __future__ import annotations

from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState"]


class GameState(WriteupGameState):
    def addTile(self) -> int:
        tile = self.randomTile()  # BUG: drawn even when no cell is free
        empty = self.emptyCells()
        if empty:
            row, col = empty[self.rollRNG(len(empty))]
            self.board[row][col] = tile
        return tile
