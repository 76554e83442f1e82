"""Bug: on a board that is not square, an odd drawn index puts the new tile
one cell left of the chosen empty cell (R27, R28), and it draws unseeded.

Right on square boards (every hand-written case of addTile and move is
square) and wherever the draw is even; elsewhere the tile may land on a
tile (R27: not one new tile in an empty cell; R28: a 2 on a 2 shows no new
tile). Which boards fail is the draw's choice, and its rollRNG is unseeded
(a new game on every run): only the grader's seeding of rollRNG makes its
failing board and message the same on every run (differential.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState", "add_tile_odd_draw_misplaced"]


def add_tile_odd_draw_misplaced(game: Any, draw: Callable[[int], int]) -> int:
    """addTile with the bug, drawing the chosen empty cell with ``draw``."""
    empty = game.countEmptyTiles()
    if empty == 0:
        return 0
    chosen = draw(empty)
    row, col = game.emptyCells()[chosen]
    if chosen % 2 and len(game.board) != len(game.board[0]):
        col -= 1  # BUG: the cell to its left (-1: the row's last)
    tile: int = game.randomTile()
    game.board[row][col] = tile
    return tile


class GameState(WriteupGameState):
    def rollRNG(self, bound: int) -> int:
        return random.randrange(bound)

    def addTile(self) -> int:
        return add_tile_odd_draw_misplaced(self, self.rollRNG)
