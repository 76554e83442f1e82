"""Bug (a real student's off-by-one): the slide's compaction loop stops
one row short, so a tile in the top row never moves down into an empty
cell; it still merges with the tile right under it: 2 0 0 -> 2 0 0, right
0 0 2 (R21, and the writeup's examples E1 and E2). canSlideDown is right,
and move adds its tile whenever its own slide changed the board: R18 and
R28 must not be charged for the slide."""

from __future__ import annotations

from collections.abc import Sequence

from gamestate._kernels import slide_line
from tests.conformance.mutants.writeup_style import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState

__all__ = ["Direction", "GameState"]


def compact(cells: list[int]) -> None:
    """Tiles down as far as they go, but never out of the top row."""
    for _ in range(len(cells)):
        for row in range(len(cells) - 1, 1, -1):  # BUG: stops above row 1
            if cells[row] == 0 and cells[row - 1]:
                cells[row], cells[row - 1] = cells[row - 1], 0


class GameState(WriteupGameState):
    def canSlideDown(self) -> bool:
        """Right, as the student's was: it looks at the board itself."""
        return any(list(slide_line(column)[0]) != list(column) for column in zip(*self.board, strict=True))

    def slideColumn(self, column: Sequence[int]) -> tuple[list[int], int]:
        cells = list(column)
        compact(cells)
        gain = 0
        for row in range(len(cells) - 1, 0, -1):
            if cells[row] and cells[row] == cells[row - 1]:
                cells[row] *= 2
                gain += cells[row]
                cells[row - 1] = 0
        compact(cells)
        return cells, gain
