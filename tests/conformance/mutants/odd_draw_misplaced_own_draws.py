"""Bug: odd_draw_misplaced's (R27, R28) in a class without rollRNG.

Its draws are its own (the unseeded module ``random``, as
unseeded_no_rollrng draws): the grader cannot seed them, so it judges the
moves on what they do alone and finds the board it shows in a fixed order,
never showing a board the class's draws made: the same report on every run.
"""

from __future__ import annotations

import random

from tests.conformance.mutants.odd_draw_misplaced import add_tile_odd_draw_misplaced
from tests.conformance.mutants.unseeded_no_rollrng import Direction
from tests.conformance.mutants.unseeded_no_rollrng import GameState as UnseededGameState

__all__ = ["Direction", "GameState"]


class GameState(UnseededGameState):
    def addTile(self) -> int:
        return add_tile_odd_draw_misplaced(self, random.randrange)
