"""Bug: a merge scores one of the two tiles, not the combined tile (R25)."""

from __future__ import annotations

from collections.abc import Sequence

from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState"]


class GameState(WriteupGameState):
    def slideColumn(self, column: Sequence[int]) -> tuple[list[int], int]:
        slid, gain = super().slideColumn(column)
        return slid, gain // 2  # BUG: 8 + 8 scores 8, not 16
