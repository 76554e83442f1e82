"""Bug: merges from the top of the column down, so 4 4 4 -> 0 8 4 (R23)."""

from __future__ import annotations

from collections.abc import Sequence

from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState"]


class GameState(WriteupGameState):
    def slideColumn(self, column: Sequence[int]) -> tuple[list[int], int]:
        tiles = [value for value in column if value != 0]
        merged: list[int] = []
        gain = 0
        index = 0
        while index < len(tiles):  # BUG: walks top to bottom
            if index + 1 < len(tiles) and tiles[index] == tiles[index + 1]:
                merged.append(2 * tiles[index])
                gain += 2 * tiles[index]
                index += 2
            else:
                merged.append(tiles[index])
                index += 1
        return [0] * (len(column) - len(merged)) + merged, gain
