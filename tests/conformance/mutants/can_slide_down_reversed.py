"""Bug: canSlideDown looks for an empty cell above a tile, not below (R17).

Built from the writeup's two cases with one comparison turned around.
isGameOver still works (over four turns, "a gap above" in one direction is
"a gap below" in the opposite one), so only canSlideDown's own rules fail.
"""

from __future__ import annotations

from itertools import pairwise

from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState"]


class GameState(WriteupGameState):
    def canSlideDown(self) -> bool:
        for col in range(len(self.board[0])):
            tiles = [row[col] for row in self.board if row[col] != 0]
            if any(a == b for a, b in pairwise(tiles)):
                return True
            for row in range(len(self.board) - 1):
                above, below = self.board[row][col], self.board[row + 1][col]
                if above == 0 and below != 0:  # BUG: the gap must be below
                    return True
        return False
