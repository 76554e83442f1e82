"""GameBoardT, the MIS's game of Dots: a 6x6 grid, moves, an objective, a score.

The public surface is the MIS's (``move``, ``get_moves``, ``get_obj``,
``get_score``, ``get_boardT``, ``game_over``, ``is_win``), with its names
and its argument order; its local functions are the private methods of
the same names. Where the MIS has a slip, the docstring quotes it and
says what is done instead. Beyond the MIS: keywords for other levels
(:class:`Level`), opt-in squares, copies and comparison, and the
generator's state for saves (:meth:`GameBoardT.from_state`).

Randomness: each game owns one :class:`~gamestate.java_random.JavaRandom`
seeded with its level's seed, and every new dot is
``CellT.getRandomCell`` of it, in the order that
:meth:`GameBoardT._drop_down_cells` documents, so a Java program seeded
alike can replay a level. This module never prints, reads input or
touches files.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from ..java_random import JavaRandom, to_int64
from .cell import CellT

SIZE: Final = 6
"""The MIS: "SIZE = 6 //Size of board in each direction"."""

Cell = tuple[int, int]
"""A dot's (row, col); row 0 is the top row, col 0 the left column."""
Grid = list[list[CellT]]

DEFAULT_GRID: Final = (
    "RRRBRR",
    "ORRRBO",
    "BBOGGG",
    "GRRGOB",
    "BBROGB",
    "BBROGB",
)
"""The MIS constructor's boardT, row 0 (the top) first."""
DEFAULT_MOVES: Final = 4
"""The MIS: "moves := 4"."""
DEFAULT_OBJECTIVE: Final = (CellT.R, 6)
"""The MIS: "objectives := CellT.Red, 6"."""
DEFAULT_SEED: Final = 0
"""The seed of the refills when none is given, so that ``GameBoardT()`` is
the same game on every machine (the command line draws a random one)."""
MAX_MOVES: Final = 999
"""The most moves a level has: what a save file holds (the command line's
limit too)."""
MAX_OBJECTIVE: Final = 999
"""The most dots an objective asks for: what a save file holds (the
command line's limit too)."""
MOST_CLEARED: Final = SIZE * SIZE
"""The most dots one move clears (a square can clear a whole board of one
colour), so a game's score is at most this per move used and its
objective's count never falls below minus this."""
SQUARE_LENGTH: Final = 4
"""The fewest dots of a closed loop (a 2x2 square)."""
_GENERATOR_STATES: Final = 1 << 48
"""java.util.Random keeps 48 bits."""

INVALID_PATH: Final = "please enter a valid path"
"""The MIS's message for a null or empty path."""


class Level(NamedTuple):
    """What a new game starts from: :class:`GameBoardT`'s keywords.

    ``GameBoardT(**level._asdict())`` starts the level again; "play again"
    starts it with the next seed.
    """

    seed: int = DEFAULT_SEED
    """Seeds the game's JavaRandom: the refills, and a random starting grid.
    A Java long: a game keeps any int wrapped to it, as ``(long)`` would."""
    random_board: bool = False
    """True: the starting grid is drawn from the seed; False: the MIS's grid."""
    moves: int = DEFAULT_MOVES
    objective: tuple[CellT, int] = DEFAULT_OBJECTIVE
    """The colour to clear and how many of its dots."""
    squares: bool = False
    """True: a closed loop clears every dot of its colour (not in the MIS)."""


# ------------------------------------------------------------ refusals
class RefusedMoveError(Exception):
    """A path that :meth:`GameBoardT.move` refuses; the game is unchanged.

    Each subclass is also the built-in exception the MIS's Java exception
    maps to (IndexOutOfBoundsException -> IndexError,
    IllegalArgumentException and NullPointerException -> ValueError), so
    ``except IndexError`` works as the MIS reads; a front end catches this
    class to tell a player's refused path from a bug. The message names
    the problem in one line: "(1,3) is B, the path is R".
    """


class InvalidPathError(RefusedMoveError, ValueError):
    """No path, or not a path: empty, one dot, a repeated dot, a step that
    is not to a neighbour (the MIS's NullPointerException and the
    IllegalArgumentException of one_direction)."""


class OffBoardError(RefusedMoveError, IndexError):
    """A coordinate off the board (the MIS's IndexOutOfBoundsException)."""


class WrongColourError(RefusedMoveError, IndexError):
    """A dot of another colour than the path's first (the MIS's valid_path
    fails, an IndexOutOfBoundsException)."""


class GameEndedError(RefusedMoveError, ValueError):
    """A move after the game is over or won (IllegalArgumentException)."""


def describe(cell: Cell) -> str:
    """A cell as the messages and the line mode write it: ``(1,3)``."""
    return f"({cell[0]},{cell[1]})"


def neighbours(a: Cell, b: Cell) -> bool:
    """True when ``b`` is one step up, down, left or right of ``a``."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def closes_square(path: Sequence[Cell]) -> bool:
    """True when a path closes a loop: at least 4 dots, the last next to
    the first (on a grid such a simple path always has an even length)."""
    return len(path) >= SQUARE_LENGTH and neighbours(path[0], path[-1])


def has_path(grid: Sequence[Sequence[CellT]]) -> bool:
    """True when some two neighbouring dots have the same colour, so that
    at least one move is possible."""
    for r in range(SIZE):
        for c in range(SIZE):
            colour = grid[r][c]
            if c + 1 < SIZE and grid[r][c + 1] == colour:
                return True
            if r + 1 < SIZE and grid[r + 1][c] == colour:
                return True
    return False


# ------------------------------------------------------------ the game
class GameBoardT:
    """One game of Dots: the MIS's state variables boardT, moves,
    objectives and score, plus its level and its random generator."""

    __slots__ = ("_grid", "_level", "_moves", "_objective", "_rng", "_score")
    __hash__ = None  # type: ignore[assignment]  # mutable, compared by value

    def __init__(
        self,
        *,
        seed: int = DEFAULT_SEED,
        random_board: bool = False,
        moves: int = DEFAULT_MOVES,
        objective: tuple[CellT, int] = DEFAULT_OBJECTIVE,
        squares: bool = False,
    ) -> None:
        """Start a game; without keywords, exactly the MIS's constructor.

        The MIS: "boardT := <the grid of DEFAULT_GRID>, moves := 4,
        objectives := CellT.Red, 6, score := 0". Its initialize_board()
        ("called only once ... right after the constructor") is this
        constructor itself: a Python object is ready when it is made.

        ``seed`` seeds the game's JavaRandom; it is a Java long, so any
        int is kept wrapped to one (``level.seed``), as Java's ``new
        Random(seed)`` would take it: the same game, and one a save file
        holds. ``random_board`` draws the starting grid from it (see
        :meth:`_random_grid`) instead of the MIS's. ``moves`` (1 to
        :data:`MAX_MOVES`) and ``objective`` (a colour and 1 to
        :data:`MAX_OBJECTIVE` dots) set the level; ``squares`` turns on
        closed loops (:meth:`move`). Raises TypeError or ValueError,
        naming the keyword, for a value of the wrong type or out of range.
        """
        self._level = _checked_level(
            Level(seed, random_board, moves, objective, squares)
        )
        self._rng = JavaRandom(self._level.seed)
        self._grid = self._random_grid() if random_board else _default_grid()
        self._moves = moves
        self._objective = objective[1]
        self._score = 0

    @classmethod
    def from_state(
        cls,
        level: Level,
        grid: Sequence[Sequence[CellT]],
        *,
        moves: int,
        objective_count: int,
        score: int,
        generator_state: int,
    ) -> GameBoardT:
        """A game in the middle of ``level``, as a save file describes it.

        ``grid`` is 6 rows of 6 colours, ``moves`` the moves left (0 to
        the level's), ``objective_count`` the dots of the objective's
        colour still to clear (at most the level's; below 0 once a path
        cleared more than were left, down to ``-MOST_CLEARED``),
        ``score`` 0 to ``MOST_CLEARED`` per move used and
        ``generator_state`` a state of :meth:`generator_state`, so the
        game goes on exactly as it would have; and together, the counters
        must be ones that play reaches (:func:`unreachable`). Those are
        the states a game can reach, and the ones a save file holds.
        Raises TypeError or ValueError naming what is wrong.
        """
        game = cls.__new__(cls)
        game._level = level = _checked_level(level)
        game._grid = _checked_grid(grid)
        game._moves = _whole(moves, "moves", low=0, high=level.moves)
        game._objective = _whole(
            objective_count,
            "objective_count",
            low=-MOST_CLEARED,
            high=level.objective[1],
        )
        most = MOST_CLEARED * (level.moves - game._moves)
        game._score = _whole(score, "score", low=0, high=most)
        problem = unreachable(level, game._moves, game._objective, game._score)
        if problem is not None:
            raise ValueError(problem)
        state = _whole(generator_state, "generator_state", low=0)
        if state >= _GENERATOR_STATES:
            raise ValueError(f"generator_state must be below 2**48, got {state}")
        game._rng = JavaRandom(0)
        game._rng.setstate(state)
        return game

    # ------------------------------------------------------------ the MIS
    def move(self, path: Sequence[Sequence[int]] | None) -> None:
        """Connect the dots of ``path``, a sequence of (row, col) pairs.

        The MIS's checks, in its order; the first that fails raises, and a
        refused move changes nothing at all (the generator included):

        1. "(path = null) v (|path| = 0) -> NullPointerException":
           :class:`InvalidPathError` (a ValueError), "please enter a valid
           path". A path that is not a sequence of pairs of ints is a
           TypeError or ValueError that says so (a caller's bug, not a
           player's move).
        2. "``not valid_coordinate(path[0][0], path[0][1])`` ->
           IndexOutOfBoundsException": :class:`OffBoardError`.
        3. "not valid_path(...) -> IndexOutOfBoundsException": a later dot
           off the board (:class:`OffBoardError`) or of another colour
           than the first (:class:`WrongColourError`), both IndexErrors.
        4. "not one_direction(path) -> IllegalArgumentException":
           :class:`InvalidPathError` for one dot alone, a step that is not
           to a neighbour, or a dot twice.
        5. "game_over() -> IllegalArgumentException", and likewise once
           the game is won (the MIS's transition requires
           "not(is_win())"): :class:`GameEndedError`.

        A valid move, the MIS's "drop_down_cells(path) ∧ dec_moves() ∧
        update_score(|path|) ∧ update_obj(|path|)": the path's dots go,
        the dots above them fall and new ones fill the top
        (:meth:`_drop_down_cells`); one move is used; the score grows by
        the dots cleared; the objective's count falls by them when they
        have the objective's colour (the transition's "``get_obj[0] =
        get_boardT[path[0][0]][path[0][1]]``").

        Beyond the MIS, with ``squares=True``: a path that closes a loop
        (:func:`closes_square`) clears every dot of its colour on the
        board, as in the game the MIS comes from, and all of them count.
        """
        cells = _checked_path(path)
        self._valid_coordinate_or_raise(cells[0])
        self._valid_path(cells[0][0], cells[0][1], cells)
        self._one_direction(cells)
        if self.game_over():
            raise GameEndedError("no moves are left: the game is over")
        if self.is_win():
            raise GameEndedError("the objective is reached: the game is won")
        colour = self._grid[cells[0][0]][cells[0][1]]
        cleared = self.cleared_by(cells)
        self._drop_down_cells(cleared)
        self._dec_moves(1)
        self._set_score(len(cleared))
        if colour is self._level.objective[0]:
            self._set_obj(len(cleared))

    def get_moves(self) -> int:
        """The moves left (the MIS: "out := moves")."""
        return self._moves

    def get_obj(self) -> tuple[CellT, int]:
        """(objective colour, dots of it still to clear); the MIS: "out :=
        objectives". The count is below 0 once a path cleared more than
        were left (the MIS's set_obj subtracts the whole path)."""
        return self._level.objective[0], self._objective

    def get_score(self) -> int:
        """The dots cleared so far (the MIS: "out := score")."""
        return self._score

    def get_boardT(self) -> Grid:
        """A copy of the grid, row 0 (the top) first: changing it changes
        nothing in the game (the MIS: "out := boardT")."""
        return [list(row) for row in self._grid]

    def game_over(self) -> bool:
        """True when no moves are left (the MIS: "out := get_moves() <= 0")."""
        return self._moves <= 0

    def is_win(self) -> bool:
        """True when the objective is reached (the MIS: "out := get_obj()[1]
        <= 0")."""
        return self._objective <= 0

    # ------------------------------------------------------------ beyond the MIS
    @property
    def level(self) -> Level:
        """What this game started from (its seed, moves, objective...)."""
        return self._level

    @property
    def squares(self) -> bool:
        """True when a closed loop clears every dot of its colour."""
        return self._level.squares

    def generator_state(self) -> int:
        """The 48-bit state of the game's JavaRandom, for saves."""
        return self._rng.getstate()

    def cleared_by(self, path: Sequence[Cell]) -> frozenset[Cell]:
        """The dots that the valid ``path`` clears (nothing is checked or
        changed): its own; with squares on and a closed loop
        (:func:`closes_square`), every dot of its colour."""
        if self._level.squares and closes_square(path):
            colour = self._grid[path[0][0]][path[0][1]]
            return frozenset(
                (r, c)
                for r in range(SIZE)
                for c in range(SIZE)
                if self._grid[r][c] is colour
            )
        return frozenset(path)

    def has_path(self) -> bool:
        """True when at least one move is possible (two neighbouring dots
        of one colour). Almost always; a front end calls a game with none
        lost rather than leave the player stuck."""
        return has_path(self._grid)

    def copy(self) -> GameBoardT:
        """An independent game in the same state (for undo): its own grid
        and a generator that draws what this one would."""
        return GameBoardT.from_state(
            self._level,
            self._grid,
            moves=self._moves,
            objective_count=self._objective,
            score=self._score,
            generator_state=self.generator_state(),
        )

    def __eq__(self, other: object) -> bool:
        """Games are equal when every part of their state is: the level,
        grid, moves, objective, score and generator state."""
        if not isinstance(other, GameBoardT):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> tuple[object, ...]:
        return (
            self._level,
            self._grid,
            self._moves,
            self._objective,
            self._score,
            self.generator_state(),
        )

    def __repr__(self) -> str:
        rows = "/".join("".join(cell.value for cell in row) for row in self._grid)
        colour, count = self.get_obj()
        return (
            f"<GameBoardT {rows} moves={self._moves} objective={colour.value}:"
            f"{count} score={self._score}>"
        )

    # ------------------------------------------------------------ the MIS's local functions
    def _set_obj(self, i: int) -> None:
        """The MIS: "set_obj(i) ≡ boardT.objective[1] := get_obj()[1] - i"
        (called update_obj in move's transition)."""
        self._objective -= i

    def _set_score(self, i: int) -> None:
        """The MIS: "set_obj(i) ≡ boardT.score := get_score() + i" under the
        heading set_score, and update_score in move: one function, named
        three ways by a copy-and-paste slip; this is it."""
        self._score += i

    def _dec_moves(self, i: int) -> None:
        """The MIS: "set_obj(i) ≡ boardT.moves := get_moves() - i" under the
        heading dec_moves (the same slip); move calls it with 1."""
        self._moves -= i

    def _same_cell_data(
        self, start_row: int, start_col: int, row: int, col: int
    ) -> bool:
        """The MIS: "boardT[start_row][start_col] = boardT[row][col]"."""
        return self._grid[start_row][start_col] is self._grid[row][col]

    @staticmethod
    def _valid_coordinate(row: int, col: int) -> bool:
        """True for a cell on the board: 0 <= row, col < SIZE.

        The MIS: "(row >= 0) ∧ (row <= 6) ∧ (col >= 0) ∧ (col <= 6)", which
        lets 6 through on a board whose rows and columns are 0 to 5 (SIZE
        is 6): an off-by-one slip; 6 is off the board here.
        """
        return 0 <= row < SIZE and 0 <= col < SIZE

    def _valid_coordinate_or_raise(self, cell: Cell) -> None:
        if not self._valid_coordinate(*cell):
            raise OffBoardError(
                f"{describe(cell)} is off the board: rows and columns go "
                f"from 0 to {SIZE - 1}"
            )

    def _valid_path(self, start_row: int, start_col: int, path: Sequence[Cell]) -> None:
        """Raise at the first dot off the board or not of the first's colour.

        The MIS: "valid_path(start_row, start_col, path) ≡ (i | i in [0 ..
        |path| - 1] ∧ valid_coordinates(path[i][0], path[i][1]) ∧
        same_cell_data(path[0][0], path[0][1], path[i][0], path[i][1]))
        Otherwise returns the coordinate that it failed at"; move raises
        IndexOutOfBoundsException then. Here the failing coordinate is in
        the exception's message instead of a return value.
        """
        colour = self._grid[start_row][start_col]
        for cell in path:
            self._valid_coordinate_or_raise(cell)
            if not self._same_cell_data(start_row, start_col, *cell):
                found = self._grid[cell[0]][cell[1]]
                raise WrongColourError(
                    f"{describe(cell)} is {found.value}, the path is {colour.value}"
                )

    @staticmethod
    def _one_direction(path: Sequence[Cell]) -> None:
        """Raise unless ``path`` is at least 2 distinct dots, each one step
        up, down, left or right of the one before.

        The MIS's one_direction only asks that each step keep its row or
        its column ("Returns false if moving Diagonally"), so (0,0) to
        (0,5) would pass; its assumptions are what it means: "a valid move,
        atleast 2 or more distinct adjacent cell coordinates", "there
        CANNOT be duplicate coordinates", "each are adjacent to its
        successor and predecessor cells". All of them are checked here.
        """
        if len(path) < 2:
            raise InvalidPathError("a path needs at least 2 dots")
        seen = {path[0]}
        for before, cell in itertools.pairwise(path):
            if cell in seen:
                raise InvalidPathError(f"{describe(cell)} is in the path twice")
            if not neighbours(before, cell):
                raise InvalidPathError(
                    f"{describe(before)} to {describe(cell)} is not a step up, "
                    "down, left or right"
                )
            seen.add(cell)

    def _drop_down_cells(self, cleared: Iterable[Cell]) -> None:
        """Remove the ``cleared`` dots; the dots above them fall; refill.

        The MIS: "drop_down_cells(seq) := (... boardT[i][j] :=
        boardT[i-1][j]) ∧ (boardT[i-1][j] := CellT.random())": each
        removed dot takes the one above it, and a random one takes that
        place. Read literally it moves one dot one row (and reads row -1
        for row 0); what it means is the game's gravity, done here:

        1. In each column, the dots that stay fall to the bottom, keeping
           their order.
        2. The empty cells left at the top are filled in row-major order,
           row 0 (the top) first and left to right within a row, each with
           ``CellT.getRandomCell(rng)`` from the game's JavaRandom.

        That draw order is part of the game: a Java program that clears
        the same dots and fills the same cells in this order from
        ``new Random(seed)`` builds the same grid.
        """
        removed = set(cleared)
        empty: list[Cell] = []
        for c in range(SIZE):
            kept = [self._grid[r][c] for r in range(SIZE) if (r, c) not in removed]
            missing = SIZE - len(kept)
            for r, colour in enumerate(kept, start=missing):
                self._grid[r][c] = colour
            empty += [(r, c) for r in range(missing)]
        for r, c in sorted(empty):
            self._grid[r][c] = CellT.getRandomCell(self._rng)

    def _random_grid(self) -> Grid:
        """A starting grid drawn from the game's generator.

        36 colours are drawn in row-major order (row 0 first, left to
        right), each ``CellT.getRandomCell(rng)``. The MIS avoids random
        grids because one "can cause the off chance that there are no
        available paths": if no two neighbours match, the whole grid is
        drawn again, from where the generator is.
        """
        while True:
            grid = [
                [CellT.getRandomCell(self._rng) for _ in range(SIZE)]
                for _ in range(SIZE)
            ]
            if has_path(grid):
                return grid


# ------------------------------------------------------------ checks of arguments
def _default_grid() -> Grid:
    return [[CellT(letter) for letter in row] for row in DEFAULT_GRID]


def _whole(
    value: object, name: str, low: int | None = None, high: int | None = None
) -> int:
    """``value`` as an int (bool refused); ValueError outside ``low``..``high``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            span = f"{low} or more"
        elif low is None:
            span = f"{high} or less"
        else:
            span = f"from {low} to {high}"
        raise ValueError(f"{name} must be {span}, got {value}")
    return int(value)


def unreachable(
    level: Level, moves: int, objective_count: int, score: int
) -> str | None:
    """Why no play of ``level`` ends with these counters, or None when one
    can (each counter already within its own range).

    What :meth:`GameBoardT.move` does to them: each move uses one move,
    clears from 2 dots (a path has 2 at least, :meth:`_one_direction`) to
    :data:`MOST_CLEARED`, adds them all to the score, and takes them off
    the objective's count when they are of its colour; once the count is
    0 or below the game is won and no move follows. So, with ``used``
    moves made of which ``a`` were of the objective's colour and ``b``
    the rest: the objective's dots cleared, ``X = target - count``, are
    the sum of ``a`` moves and the other dots, ``Y = score - X``, the sum
    of ``b``; each sum lies from 2 to 36 a move (0 for no move); and when
    the game is won, its last move took the count from above 0 to
    ``count``, so it cleared ``1 - count`` dots at least.
    """
    colour, target = level.objective
    used = level.moves - moves
    cleared = target - objective_count
    others = score - cleared
    if others < 0:
        return (
            f"score {score} is less than the {cleared} {colour.value} dots the "
            "objective shows cleared (the score counts every dot cleared)"
        )
    if score < 2 * used:
        return f"score {score} is less than {used} moves clear (2 dots a move at least)"
    last_least = max(2, 1 - objective_count)
    for a in range(used + 1):
        b = used - a
        objective_fits = (
            cleared == 0 if a == 0 else 2 * (a - 1) + last_least <= cleared
        ) and cleared <= MOST_CLEARED * a
        if objective_fits and 2 * b <= others <= MOST_CLEARED * b:
            return None
    return (
        f"no play of {used} moves clears {cleared} {colour.value} dots of the "
        f"objective and {others} others (a move clears 2 to {MOST_CLEARED} dots "
        "of one colour; the game ends once the objective is reached)"
    )


def _checked_level(level: Level) -> Level:
    """``level`` with its seed wrapped to a Java long, if every field has
    its type and range; else raise."""
    level = level._replace(seed=to_int64(_whole(level.seed, "seed")))
    if not isinstance(level.random_board, bool):
        raise TypeError(f"random_board must be a bool, got {level.random_board!r}")
    if not isinstance(level.squares, bool):
        raise TypeError(f"squares must be a bool, got {level.squares!r}")
    _whole(level.moves, "moves", low=1, high=MAX_MOVES)
    objective = level.objective
    if not isinstance(objective, tuple) or len(objective) != 2:
        raise TypeError(f"objective must be (CellT, count), got {objective!r}")
    if not isinstance(objective[0], CellT):
        raise TypeError(f"the objective's colour must be a CellT, got {objective[0]!r}")
    _whole(objective[1], "the objective's count", low=1, high=MAX_OBJECTIVE)
    return level


def _checked_grid(grid: Sequence[Sequence[CellT]]) -> Grid:
    """A copy of ``grid`` if it is SIZE rows of SIZE CellTs; else raise."""
    if len(grid) != SIZE or any(len(row) != SIZE for row in grid):
        raise ValueError(f"the grid must be {SIZE} rows of {SIZE} dots")
    for row in grid:
        for cell in row:
            if not isinstance(cell, CellT):
                raise TypeError(f"the grid's dots must be CellT, got {cell!r}")
    return [list(row) for row in grid]


def _checked_path(path: object) -> tuple[Cell, ...]:
    """``path`` as a tuple of (row, col) ints, or raise.

    None and an empty sequence are the MIS's "please enter a valid path";
    anything that is not a sequence of pairs of ints is a TypeError (the
    wrong type) or ValueError (a pair of another length).
    """
    if path is None:
        raise InvalidPathError(INVALID_PATH)
    if isinstance(path, str | bytes) or not isinstance(path, Sequence):
        raise TypeError(f"path must be a sequence of (row, col) pairs, got {path!r}")
    if len(path) == 0:
        raise InvalidPathError(INVALID_PATH)
    return tuple(_checked_pair(pair, index) for index, pair in enumerate(path))


def _checked_pair(pair: object, index: int) -> Cell:
    if isinstance(pair, str | bytes) or not isinstance(pair, Sequence):
        raise TypeError(f"path[{index}] must be a (row, col) pair, got {pair!r}")
    if len(pair) != 2:
        raise ValueError(f"path[{index}] must be a (row, col) pair, got {pair!r}")
    row, col = pair
    for value in (row, col):
        if isinstance(value, bool):
            raise TypeError(f"path[{index}] must hold ints, got {pair!r}")
        try:
            operator.index(value)
        except TypeError:
            raise TypeError(f"path[{index}] must hold ints, got {pair!r}") from None
    return operator.index(row), operator.index(col)
