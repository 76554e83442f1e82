"""Bug: setBoard keeps a reference to its argument (R05)."""

from __future__ import annotations

from collections.abc import Sequence

from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState"]


class GameState(WriteupGameState):
    def setBoard(self, newBoard: Sequence[Sequence[int]] | None) -> None:
        if newBoard is None:
            return
        self.board = newBoard  # type: ignore[assignment]  # BUG on purpose: no copy
