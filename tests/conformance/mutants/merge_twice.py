"""Bug: a merged tile merges again in the same move: 4 2 2 -> 0 0 8 (R24)."""

from __future__ import annotations

from collections.abc import Sequence

from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState"]


class GameState(WriteupGameState):
    def slideColumn(self, column: Sequence[int]) -> tuple[list[int], int]:
        stack: list[int] = []  # the slid tiles, bottom first
        gain = 0
        for value in reversed(column):
            if value == 0:
                continue
            if stack and stack[-1] == value:  # BUG: stack[-1] may be a merged tile
                stack[-1] *= 2
                gain += stack[-1]
            else:
                stack.append(value)
        return [0] * (len(column) - len(stack)) + stack[::-1], gain
