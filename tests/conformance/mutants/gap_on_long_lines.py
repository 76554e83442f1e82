"""Bug: on lines of five cells or more, tiles after a merge move down one
cell only: 4 2 2 8 8 -> 0 4 0 4 16, right 0 0 4 4 16 (R21). Shorter lines
are right, so only boards of 5+ rows show it."""

from __future__ import annotations

from collections.abc import Sequence

from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState"]


class GameState(WriteupGameState):
    def slideColumn(self, column: Sequence[int]) -> tuple[list[int], int]:
        if len(column) < 5:
            return super().slideColumn(column)
        tiles = [value for value in column if value]
        cells = [0] * (len(column) - len(tiles)) + tiles
        gain = 0
        row = len(cells) - 1
        while row > 0:  # merge bottom up, in place
            if cells[row] and cells[row] == cells[row - 1]:
                cells[row] *= 2
                gain += cells[row]
                cells[row - 1] = 0
                row -= 2
            else:
                row -= 1
        for row in range(len(cells) - 2, -1, -1):  # BUG: one step down only
            if cells[row] and not cells[row + 1]:
                cells[row + 1], cells[row] = cells[row], 0
        return cells, gain
