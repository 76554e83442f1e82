"""A naive port of the writeup's algorithm: the baseline the benchmark beats.

This is what a careful student writes from the PA4 writeup, and what the
issue's "naive port" figures measure: the board is a list of lists; every
move turns the board ``getRotationCount()`` quarters counter-clockwise,
slides each column down, and turns it back; ``isGameOver`` turns the board
four times asking ``canSlideDown``; tiles are drawn from java.util.Random
(position first, then value). It shares no code with the fast engine
except the random generator and the Direction enum, so a speed ratio
between the two compares algorithms, not libraries.
"""

from __future__ import annotations

from gamestate import Config, Direction, JavaRandom

Board = list[list[int]]


def _wrap_int32(value: int) -> int:
    return ((value + (1 << 31)) & 0xFFFFFFFF) - (1 << 31)


class NaiveGame:
    """GameState's API, written the slow and obvious way."""

    def __init__(self, num_rows: int, num_cols: int, seed: int = 118) -> None:
        self.board: Board = [[0] * num_cols for _ in range(num_rows)]
        self.score = 0
        self.rng = JavaRandom(seed)

    def rollRNG(self, bound: int) -> int:
        return self.rng.nextInt(bound)

    def randomTile(self) -> int:
        if self.rollRNG(100) < Config.TWO_PROB:
            return Config.TWO_TILE
        return Config.FOUR_TILE

    def countEmptyTiles(self) -> int:
        count = 0
        for row in self.board:
            for value in row:
                if value == 0:
                    count += 1
        return count

    def addTile(self) -> int:
        empty = self.countEmptyTiles()
        if empty == 0:
            return 0
        target = self.rollRNG(empty)
        seen = 0
        for r, row in enumerate(self.board):
            for c, value in enumerate(row):
                if value == 0:
                    if seen == target:
                        tile = self.randomTile()
                        self.board[r][c] = tile
                        return tile
                    seen += 1
        return 0

    def rotateCounterClockwise(self) -> None:
        rows = len(self.board)
        cols = len(self.board[0])
        turned = [[0] * rows for _ in range(cols)]
        for r in range(rows):
            for c in range(cols):
                turned[cols - 1 - c][r] = self.board[r][c]
        self.board = turned

    def _slid_column(self, c: int) -> tuple[list[int], int]:
        """Column ``c`` slid down (bottom first) and the points it made."""
        tiles = [row[c] for row in reversed(self.board) if row[c] != 0]
        result: list[int] = []
        points = 0
        i = 0
        while i < len(tiles):
            if i + 1 < len(tiles) and tiles[i] == tiles[i + 1]:
                merged = _wrap_int32(tiles[i] * 2)
                result.append(merged)
                points += merged
                i += 2
            else:
                result.append(tiles[i])
                i += 1
        result += [0] * (len(self.board) - len(result))
        return result, points

    def canSlideDown(self) -> bool:
        for c in range(len(self.board[0])):
            slid, _ = self._slid_column(c)
            for i, row in enumerate(reversed(self.board)):
                if row[c] != slid[i]:
                    return True
        return False

    def slideDown(self) -> bool:
        changed = False
        for c in range(len(self.board[0])):
            slid, points = self._slid_column(c)
            self.score = _wrap_int32(self.score + points)
            for i, row in enumerate(reversed(self.board)):
                if row[c] != slid[i]:
                    row[c] = slid[i]
                    changed = True
        return changed

    def isGameOver(self) -> bool:
        over = True
        for _ in range(4):
            if self.canSlideDown():
                over = False
            self.rotateCounterClockwise()
        return over

    def move(self, direction: Direction | None) -> bool:
        if direction is None:
            return False
        turns = direction.getRotationCount()
        for _ in range(turns):
            self.rotateCounterClockwise()
        moved = self.slideDown()
        for _ in range((4 - turns) % 4):
            self.rotateCounterClockwise()
        if moved:
            self.addTile()
        return moved
