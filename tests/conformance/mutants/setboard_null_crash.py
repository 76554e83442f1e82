"""Bug: setBoard(None) is not checked and crashes (R06)."""

from __future__ import annotations

from collections.abc import Sequence

from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState"]


class GameState(WriteupGameState):
    def setBoard(self, newBoard: Sequence[Sequence[int]] | None) -> None:
        # BUG: no "if newBoard is None: return"
        self.board = [list(row) for row in newBoard]  # type: ignore[union-attr]
