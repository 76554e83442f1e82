"""GameState: the CSE 8B PA4 2048 model, method for method as in Java.

The public methods keep the Java names (camelCase) so that a test written
against the writeup's API runs unchanged. The rules themselves live in
:mod:`gamestate._kernels`; this class owns the board, the score and the
random generator, and checks its arguments. It never prints and never
reads input.

Randomness follows the Java reference exactly: one ``JavaRandom`` seeded
in the constructor; ``addTile`` draws the position first (the k-th empty
cell, row by row from the top left), then the value through
``randomTile``; nothing is drawn on a full board, by ``move(None)``, or by
a move that changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import _kernels
from . import config as Config
from .direction import Direction
from .java_random import JavaRandom, to_int32

_INT32_MIN = -(1 << 31)
_INT32_MAX = (1 << 31) - 1


def _check_int(name: str, value: object) -> int:
    """Return ``value`` if it is a Java int (not a bool), else raise."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {value!r}")
    if not _INT32_MIN <= value <= _INT32_MAX:
        raise ValueError(f"{name} must fit a 32-bit Java int, got {value!r}")
    return value


def _check_size(name: str, value: object) -> int:
    size = _check_int(name, value)
    if size <= 0:
        raise ValueError(f"{name} must be positive, got {size!r}")
    return size


def _copy_board(name: str, board: object) -> list[list[int]]:
    """Deep-copy a rectangular, non-empty board of ints, or raise."""
    if not isinstance(board, Sequence) or isinstance(board, (str, bytes)):
        raise TypeError(f"{name} must be a list of rows, got {board!r}")
    if len(board) == 0:
        raise ValueError(f"{name} must have at least one row, got {board!r}")
    rows: list[list[int]] = []
    for r, row in enumerate(board):
        if not isinstance(row, Sequence) or isinstance(row, (str, bytes)):
            raise TypeError(f"{name}[{r}] must be a list of ints, got {row!r}")
        rows.append([_check_int(f"{name}[{r}][{c}]", v) for c, v in enumerate(row)])
    width = len(rows[0])
    if width == 0:
        raise ValueError(f"{name} rows must not be empty, got {board!r}")
    for r, row_values in enumerate(rows):
        if len(row_values) != width:
            raise ValueError(
                f"{name} must be rectangular: row 0 has {width} cells, "
                f"row {r} has {len(row_values)}"
            )
    return rows


class GameState:
    """The state of one 2048 game: board, score and random generator."""

    def __init__(
        self,
        numRows: int,
        numCols: int,
        *,
        seed: int | None = None,
        two_prob: int | None = None,
    ) -> None:
        """Create an empty numRows x numCols board with score 0.

        ``seed`` defaults to Config.RANDOM_SEED (read now, as the Java
        constructor does); ``two_prob`` (percent of 2s) defaults to
        Config.TWO_PROB, read each time a tile is drawn.
        """
        rows = _check_size("numRows", numRows)
        cols = _check_size("numCols", numCols)
        if seed is None:
            seed = Config.RANDOM_SEED
        elif not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, got {seed!r}")
        if two_prob is not None:
            _check_int("two_prob", two_prob)
            if not 0 <= two_prob <= 100:
                raise ValueError(f"two_prob must be 0 to 100, got {two_prob!r}")
        self._board: list[list[int]] = [[0] * cols for _ in range(rows)]
        self._score = 0
        self._rng = JavaRandom(seed)
        self._two_prob = two_prob

    # ----------------------------------------------------------- extras
    @property
    def rng(self) -> JavaRandom:
        """The game's random generator (for saving and restoring its state)."""
        return self._rng

    @property
    def two_prob(self) -> int:
        """The percent chance of a 2 that the next drawn tile will use."""
        return Config.TWO_PROB if self._two_prob is None else self._two_prob

    def copy(self) -> GameState:
        """Return an independent copy: board, score and generator state."""
        clone = GameState.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone._board = [row[:] for row in self._board]
        clone._rng = JavaRandom(0)
        clone._rng.setstate(self._rng.getstate())
        return clone

    # ------------------------------------------------ getters and setters
    def getBoard(self) -> list[list[int]]:
        """Return a deep copy of the board, ``board[row][col]``, 0 = empty."""
        return [row[:] for row in self._board]

    def setBoard(self, newBoard: Sequence[Sequence[int]] | None) -> None:
        """Replace the board with a deep copy of ``newBoard``.

        None changes nothing. The new board may have another shape; it must
        be non-empty, rectangular and hold ints in Java's int range.
        """
        if newBoard is None:
            return
        self._board = _copy_board("newBoard", newBoard)

    def getScore(self) -> int:
        """Return the current score."""
        return self._score

    def setScore(self, newScore: int) -> None:
        """Set the score; negative scores are allowed, as in the writeup."""
        self._score = _check_int("newScore", newScore)

    # ------------------------------------------------------ random tiles
    def rollRNG(self, bound: int) -> int:
        """Return ``nextInt(bound)`` of the game's generator: 0 <= n < bound."""
        return self._rng.nextInt(bound)

    def randomTile(self) -> int:
        """Draw one number; return 2 if it is below TWO_PROB, else 4."""
        if self.rollRNG(100) < self.two_prob:
            return Config.TWO_TILE
        return Config.FOUR_TILE

    def countEmptyTiles(self) -> int:
        """Return the number of cells holding 0."""
        return sum(row.count(0) for row in self._board)

    def addTile(self) -> int:
        """Put a random tile in a random empty cell; return it, or 0.

        On a full board nothing is drawn and 0 is returned. Otherwise the
        position is drawn first, ``k = rollRNG(countEmptyTiles())``, the
        k-th empty cell counting row by row from the top left, then the
        value with ``randomTile()``.
        """
        empty = self.countEmptyTiles()
        if empty == 0:
            return 0
        k = self.rollRNG(empty)
        for row in self._board:
            for col, value in enumerate(row):
                if value == 0:
                    if k == 0:
                        tile = self.randomTile()
                        row[col] = tile
                        return tile
                    k -= 1
        raise AssertionError("unreachable: k is below the empty count")

    # ------------------------------------------------------------ moving
    def rotateCounterClockwise(self) -> None:
        """Turn the board a quarter counter-clockwise (R x C becomes C x R)."""
        self._board = _kernels.rotate_counter_clockwise(self._board)

    def canSlideDown(self) -> bool:
        """Return True exactly when slideDown() would change the board."""
        return _kernels.can_slide_down(self._board)

    def isGameOver(self) -> bool:
        """Return True when no direction can move; changes nothing."""
        return not any(
            _kernels.can_move(self._board, direction.getRotationCount())
            for direction in Direction
        )

    def slideDown(self) -> bool:
        """Slide every column down, merging; add the merges to the score.

        Returns True when the board changed. Adds no tile.
        """
        slid, gain = _kernels.slide_board_down(self._board)
        if slid == self._board:
            return False
        self._board = slid
        self._score = to_int32(self._score + gain)
        return True

    def move(self, dir: Direction | None) -> bool:
        """Slide toward ``dir``; if the board changed, add a tile.

        Returns whether the board changed. ``None`` returns False and draws
        nothing; so does a move that changes nothing.
        """
        if dir is None:
            return False
        if not isinstance(dir, Direction):
            raise TypeError(f"dir must be a Direction or None, got {dir!r}")
        turns = dir.getRotationCount()
        moved, gain = _kernels.move_board(self._board, turns)
        if moved == self._board:
            return False
        self._board = moved
        self._score = to_int32(self._score + gain)
        self.addTile()
        return True

    # ----------------------------------------------------------- display
    def toString(self) -> str:
        """Return the writeup's REQUIRED toString text, byte for byte."""
        lines = [f"Score: {self.getScore()}\n"]
        for row in self.getBoard():
            cells = ("    -" if value == 0 else f"{value:5d}" for value in row)
            lines.append("".join(cells) + "\n")
        return "".join(lines)

    def __str__(self) -> str:
        return self.toString()

    def __repr__(self) -> str:
        rows = len(self._board)
        cols = len(self._board[0])
        return (
            f"{type(self).__name__}({rows}, {cols}, score={self._score}, "
            f"board={self._board!r})"
        )
