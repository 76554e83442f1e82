"""The writeup's algorithm, written plainly: the oracle for the fast paths.

Used only by tests. It shares no code with gamestate's rules (only the
random generator, which has its own golden-vector tests): the board is a
list of lists; every move literally turns the board ``getRotationCount()``
quarters counter-clockwise, slides each column down cell by cell the way
the writeup describes it, and turns the board back; ``isGameOver`` asks
``canSlideDown`` after each of four turns; ``addTile`` draws the position
(the k-th empty cell, row by row) and then the value. Everything is
Java-int arithmetic, as in the reference.
"""

from __future__ import annotations

from gamestate import Config, Direction, JavaRandom


def java_int(value: int) -> int:
    """Wrap to a signed 32-bit int, as Java's int arithmetic does."""
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


def turned_counter_clockwise(board: list[list[int]]) -> list[list[int]]:
    """A new board, turned a quarter counter-clockwise (R x C -> C x R)."""
    rows, cols = len(board), len(board[0])
    return [[board[r][cols - 1 - i] for r in range(rows)] for i in range(cols)]


def slid_column(column: list[int]) -> tuple[list[int], int]:
    """One column (top first) slid down, and the points its merges make.

    Walk up from the bottom, keeping the last tile seen that has not merged
    yet; an equal tile merges into it (so the lowest pair merges first and a
    merged tile never merges again); any other tile settles it in place.
    """
    out = [0] * len(column)
    points = 0
    write = len(column) - 1
    waiting: int | None = None
    for read in range(len(column) - 1, -1, -1):
        value = column[read]
        if value == 0:
            continue
        if waiting is not None and waiting == value:
            out[write] = java_int(value * 2)
            points = java_int(points + out[write])
            write -= 1
            waiting = None
        else:
            if waiting is not None:
                out[write] = waiting
                write -= 1
            waiting = value
    if waiting is not None:
        out[write] = waiting
    return out, points


class OracleGame:
    """A GameState written straight from the writeup (slow, obviously right)."""

    def __init__(self, board: list[list[int]], score: int, rng_state: int) -> None:
        self.board = [list(row) for row in board]
        self.score = score
        self.rng = JavaRandom(0)
        self.rng.setstate(rng_state)

    def randomTile(self, two_prob: int) -> int:
        if self.rng.nextInt(100) < two_prob:
            return Config.TWO_TILE
        return Config.FOUR_TILE

    def addTile(self, two_prob: int) -> int:
        empty = [
            (r, c)
            for r, row in enumerate(self.board)
            for c, value in enumerate(row)
            if value == 0
        ]
        if not empty:
            return 0
        r, c = empty[self.rng.nextInt(len(empty))]
        self.board[r][c] = self.randomTile(two_prob)
        return self.board[r][c]

    def rotateCounterClockwise(self) -> None:
        self.board = turned_counter_clockwise(self.board)

    def _columns(self) -> list[list[int]]:
        return [[row[c] for row in self.board] for c in range(len(self.board[0]))]

    def canSlideDown(self) -> bool:
        return any(slid_column(col)[0] != col for col in self._columns())

    def slideDown(self) -> bool:
        before = [row[:] for row in self.board]
        for c, column in enumerate(self._columns()):
            slid, points = slid_column(column)
            self.score = java_int(self.score + points)
            for r, value in enumerate(slid):
                self.board[r][c] = value
        return self.board != before

    def isGameOver(self) -> bool:
        over = True
        for _ in range(4):
            over = over and not self.canSlideDown()
            self.rotateCounterClockwise()
        return over

    def move(self, direction: Direction | None, two_prob: int) -> bool:
        if direction is None:
            return False
        turns = direction.getRotationCount()
        for _ in range(turns):
            self.rotateCounterClockwise()
        moved = self.slideDown()
        for _ in range((4 - turns) % 4):
            self.rotateCounterClockwise()
        if moved:
            self.addTile(two_prob)
        return moved
