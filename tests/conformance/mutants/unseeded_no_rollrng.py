"""Not a bug: a correct class whose randomness the grader cannot script.

It has no rollRNG (OPTIONAL in the writeup: R09 is N/A), draws from the
unseeded module ``random`` (a different game on every run), and its
addTile retries a random row and column until the cell is empty, as many
students write it. Graded on what its calls do, it meets every
requirement, with the same report on every run (issue 28 items 1-3).
"""

from __future__ import annotations

import random

from gamestate import Config
from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState"]


class GameState(WriteupGameState):
    rollRNG = None  # type: ignore[assignment]  # noqa: N815 - the class has none

    def randomTile(self) -> int:
        return Config.TWO_TILE if random.random() * 100 < Config.TWO_PROB else Config.FOUR_TILE

    def addTile(self) -> int:
        if self.countEmptyTiles() == 0:
            return 0
        while True:
            row = random.randrange(len(self.board))
            col = random.randrange(len(self.board[0]))
            if self.board[row][col] == 0:
                tile = self.randomTile()
                self.board[row][col] = tile
                return tile
