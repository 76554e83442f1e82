"""Bug (a real student's): move(LEFT) slides right and move(RIGHT) left,
honestly returning true for the slide it made (R27, and the writeup's
example game E2). A move that cannot go LEFT but slides right returned
true for a change it made: R29 must not be charged."""

from __future__ import annotations

from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState"]

SWAPPED = {Direction.LEFT: Direction.RIGHT, Direction.RIGHT: Direction.LEFT}


class GameState(WriteupGameState):
    def slideToward(self, direction: Direction) -> bool:
        return super().slideToward(SWAPPED.get(direction, direction))  # BUG
