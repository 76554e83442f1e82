"""A correct GameState written the way the writeup suggests: the control.

It shares no code with gamestate.GameState except the one slide-and-merge
rule (gamestate._kernels.slide_line): its own board list, Python's
``random.Random`` instead of java.util.Random, and move/isGameOver built
from rotateCounterClockwise, slideDown and canSlideDown as the writeup
advises. The suite must pass it (so it does not demand our internals), and
each mutant in this folder subclasses it to add one classic bug.

GameStateWithoutRotation is the same class without the optional
rotateCounterClockwise (its moves turn the board with a private method): a
student who skipped it. The suite must pass it too and report the optional
requirement ABSENT; rotate_clockwise.py subclasses it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gamestate import Config, Direction
from gamestate._kernels import slide_line

__all__ = ["Direction", "GameState", "GameStateWithoutRotation"]


def turned_counter_clockwise(board: Sequence[Sequence[int]]) -> list[list[int]]:
    """``board`` turned a quarter counter-clockwise (R x C becomes C x R)."""
    cols = len(board[0])
    return [[row[col] for row in board] for col in reversed(range(cols))]


class GameStateWithoutRotation:
    """The writeup's GameState, method for method, but for the optional
    rotateCounterClockwise: move and isGameOver turn the board with _turn."""

    def __init__(self, numRows: int, numCols: int) -> None:
        self.board = [[0] * numCols for _ in range(numRows)]
        self.score = 0
        self.rng = random.Random(Config.RANDOM_SEED)

    def getBoard(self) -> list[list[int]]:
        return [list(row) for row in self.board]

    def setBoard(self, newBoard: Sequence[Sequence[int]] | None) -> None:
        if newBoard is None:
            return
        self.board = [list(row) for row in newBoard]

    def getScore(self) -> int:
        return self.score

    def setScore(self, newScore: int) -> None:
        self.score = newScore

    def rollRNG(self, bound: int) -> int:
        return self.rng.randrange(bound)

    def randomTile(self) -> int:
        if self.rollRNG(100) < Config.TWO_PROB:
            return Config.TWO_TILE
        return Config.FOUR_TILE

    def countEmptyTiles(self) -> int:
        return sum(row.count(0) for row in self.board)

    def emptyCells(self) -> list[tuple[int, int]]:
        """The empty cells, row by row from the top left."""
        return [
            (row, col)
            for row, values in enumerate(self.board)
            for col, value in enumerate(values)
            if value == 0
        ]

    def addTile(self) -> int:
        empty = self.countEmptyTiles()
        if empty == 0:
            return 0
        row, col = self.emptyCells()[self.rollRNG(empty)]
        tile = self.randomTile()
        self.board[row][col] = tile
        return tile

    def _turn(self) -> None:
        """Turn the board a quarter counter-clockwise."""
        self.board = turned_counter_clockwise(self.board)

    def canSlideDown(self) -> bool:
        before = self.getBoard()
        score = self.score
        changed = self.slideDown()
        self.board, self.score = before, score
        return changed

    def slideColumn(self, column: Sequence[int]) -> tuple[list[int], int]:
        """Slide one column (top to bottom) down: (new column, score gained)."""
        slid, gain = slide_line(column)
        return list(slid), gain

    def slideDown(self) -> bool:
        before = self.getBoard()
        columns = []
        for column in zip(*self.board, strict=True):
            slid, gain = self.slideColumn(column)
            columns.append(slid)
            self.score += gain
        self.board = [list(row) for row in zip(*columns, strict=True)]
        return self.board != before

    def isGameOver(self) -> bool:
        over = True
        for _ in range(4):
            if self.canSlideDown():
                over = False
            self._turn()
        return over

    def slideToward(self, direction: Direction) -> bool:
        """Turn, slide down, turn back (the writeup's note on move)."""
        turns = direction.getRotationCount()
        for _ in range(turns):
            self._turn()
        moved = self.slideDown()
        for _ in range(4 - turns):
            self._turn()
        return moved

    def move(self, direction: Direction | None) -> bool:
        if direction is None:
            return False
        moved = self.slideToward(direction)
        if moved:
            self.addTile()
        return moved

    def toString(self) -> str:
        lines = [f"Score: {self.getScore()}\n"]
        for row in self.getBoard():
            cells = ("    -" if value == 0 else f"{value:5d}" for value in row)
            lines.append("".join(cells) + "\n")
        return "".join(lines)


class GameState(GameStateWithoutRotation):
    """The writeup's GameState with rotateCounterClockwise, which move and
    isGameOver use, as the writeup advises (so a mutant's rotation shows in
    its moves)."""

    def rotateCounterClockwise(self) -> None:
        self.board = turned_counter_clockwise(self.board)

    def _turn(self) -> None:
        self.rotateCounterClockwise()
