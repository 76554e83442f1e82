"""Hints and autoplay: an expectimax search over a game's real spawn rules.

:func:`best_move` looks at a copy of the board and returns the direction
with the best expected evaluation, averaging over every tile the game
could add next: a 2 with the state's ``two_prob`` percent, else a 4 (the
values of ``Config.TWO_TILE`` and ``Config.FOUR_TILE``, read at call time),
in every empty cell alike. It never draws from the game's random generator
and never changes the game.

Two board engines share one search:

* 4x4 boards with tiles up to 2**14 are packed in one int and moved by
  ``_bitboard.slide``, whose line tables are computed from the one
  slide rule, ``_kernels.slide_line`` (built at the first search);
* every other shape uses ``_kernels.move_board`` on tuples: slower, same
  rule, same evaluation.

The evaluation is nneonneo/2048-ai's per-line heuristic, scored on every
row and column: empty cells, merges waiting to happen, monotonicity, and a
small penalty on big tiles (so they are merged rather than spread). Strong
monotonicity along both rows and columns is what keeps the largest tile in
a corner. For packed boards each 16-bit row's score is computed once and
kept. This module never prints.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Final, Generic, TypeVar

from . import _bitboard, _kernels
from . import config as Config
from .direction import Direction
from .game_state import GameState

# nneonneo/2048-ai's weights (2048.cpp, init_tables): a known-good start.
_LOST_PENALTY: Final = 200_000.0
_MONOTONICITY_POWER: Final = 4.0
_MONOTONICITY_WEIGHT: Final = 47.0
_SUM_POWER: Final = 3.5
_SUM_WEIGHT: Final = 11.0
_MERGES_WEIGHT: Final = 700.0
_EMPTY_WEIGHT: Final = 270.0

PROBABILITY_CUTOFF: Final = 1e-4
"""Chance nodes reached with a smaller probability are evaluated, not searched."""

MAX_DEPTH: Final = 8
"""The deepest a time budget (``ms``) lets the search go, in player moves."""

_LARGEST_PACKED_EXPONENT: Final = 14
"""Packed boards keep tiles up to 2**14 so a root move cannot overflow 4 bits."""


def line_heuristic(exponents: Sequence[int]) -> float:
    """Score one row or column of tile exponents (0 = empty); higher is better.

    Rewards empty cells and adjacent equal tiles, and penalises lines that
    are not monotonic and large tiles in general (so the search keeps
    them few and merged). Every line starts at a large positive constant so
    that a lost position, scored 0, ranks below live ones (nneonneo's
    choice; a badly disordered board of big tiles can still score below 0).
    """
    total = sum(math.pow(e, _SUM_POWER) for e in exponents)
    empty = sum(1 for e in exponents if e == 0)
    merges = _merge_count(exponents)
    toward_start = toward_end = 0.0
    for previous, current in pairwise(exponents):
        rise = math.pow(current, _MONOTONICITY_POWER)
        fall = math.pow(previous, _MONOTONICITY_POWER)
        if previous > current:
            toward_start += fall - rise
        else:
            toward_end += rise - fall
    return (
        _LOST_PENALTY
        + _EMPTY_WEIGHT * empty
        + _MERGES_WEIGHT * merges
        - _MONOTONICITY_WEIGHT * min(toward_start, toward_end)
        - _SUM_WEIGHT * total
    )


def _merge_count(exponents: Sequence[int]) -> int:
    """Count tiles that have an equal neighbour once empty cells are skipped.

    A run of k equal tiles counts k (nneonneo's "1 + counter").
    """
    merges = 0
    run = 0
    previous = 0
    for exponent in exponents:
        if exponent == 0:
            continue
        if exponent == previous:
            run += 1
        else:
            merges += run + 1 if run else 0
            run = 0
        previous = exponent
    return merges + (run + 1 if run else 0)


# ------------------------------------------------------------- engines
B = TypeVar("B", int, tuple[tuple[int, ...], ...])


@dataclass(frozen=True)
class _Engine(Generic[B]):
    """What the search needs to know about one board representation."""

    moves: Callable[[B], list[tuple[int, B]]]
    """(rotation count, new board) for every move that changes the board."""
    spawns: Callable[[B], tuple[list[B], list[B]]]
    """The boards with a TWO_TILE, and with a FOUR_TILE, in each empty cell."""
    evaluate: Callable[[B], float]


class _LazyTable(dict[int, float]):
    """A dict from a 16-bit row to a value computed on first use."""

    def __init__(self, compute: Callable[[int], float]) -> None:
        super().__init__()
        self._compute = compute

    def __missing__(self, row: int) -> float:
        value = self[row] = self._compute(row)
        return value


def _row_exponents(row: int) -> list[int]:
    return [(row >> shift) & 0xF for shift in (0, 4, 8, 12)]


_ROW_SCORE: Final = _LazyTable(lambda row: line_heuristic(_row_exponents(row)))
_M: Final = _bitboard.ROW_MASK
_BOARD_MASK: Final = _bitboard.BOARD_MASK
_TURNS: Final = tuple(direction.getRotationCount() for direction in Direction)


def _packed_moves(board: int) -> list[tuple[int, int]]:
    """Every changing move of a packed board."""
    result = []
    slide = _bitboard.slide
    for turns in _TURNS:
        try:
            moved = slide(board, turns) & _BOARD_MASK
        except _bitboard.TileOverflowError:
            # Only two 32768s overflow, and no root board holds one (see
            # _LARGEST_PACKED_EXPONENT); deep in a search, skipping such a
            # move only makes the estimate a little cautious.
            continue
        if moved != board:
            result.append((turns, moved))
    return result


def _packed_spawns(board: int) -> tuple[list[int], list[int]]:
    twos = []
    fours = []
    mask = _bitboard.empty_mask(board)
    while mask:
        cell = mask & -mask  # exponent 1 in the lowest empty cell
        mask ^= cell
        twos.append(board | cell)
        fours.append(board | cell << 1)
    return twos, fours


def _packed_evaluate(board: int) -> float:
    score = _ROW_SCORE
    columns = _bitboard.transpose(board)
    return (
        score[board & _M]
        + score[(board >> 16) & _M]
        + score[(board >> 32) & _M]
        + score[board >> 48]
        + score[columns & _M]
        + score[(columns >> 16) & _M]
        + score[(columns >> 32) & _M]
        + score[columns >> 48]
    )


_PACKED: Final = _Engine[int](_packed_moves, _packed_spawns, _packed_evaluate)

Grid = tuple[tuple[int, ...], ...]


def _grid_moves(board: Grid) -> list[tuple[int, Grid]]:
    result = []
    for direction in Direction:
        turns = direction.getRotationCount()
        moved, _gain = _kernels.move_board(board, turns)
        grid = tuple(tuple(row) for row in moved)
        if grid != board:
            result.append((turns, grid))
    return result


def _with_tile(board: Grid, row: int, col: int, tile: int) -> Grid:
    cells = list(board[row])
    cells[col] = tile
    return board[:row] + (tuple(cells),) + board[row + 1 :]


def _grid_spawns(board: Grid) -> tuple[list[Grid], list[Grid]]:
    empty = [
        (r, c)
        for r, row in enumerate(board)
        for c, value in enumerate(row)
        if value == 0
    ]
    twos = [_with_tile(board, r, c, Config.TWO_TILE) for r, c in empty]
    fours = [_with_tile(board, r, c, Config.FOUR_TILE) for r, c in empty]
    return twos, fours


def _exponent(value: int) -> int:
    # Boards set by hand may hold any int; treat anything below 2 as empty.
    return max(value, 1).bit_length() - 1


def _grid_evaluate(board: Grid) -> float:
    lines = list(board) + list(zip(*board, strict=True))
    return sum(line_heuristic([_exponent(v) for v in line]) for line in lines)


_GRID: Final = _Engine[Grid](_grid_moves, _grid_spawns, _grid_evaluate)


# -------------------------------------------------------------- search
class _OutOfTimeError(Exception):
    """Raised inside a search when its time budget is spent."""


class _Expectimax(Generic[B]):
    """One expectimax search: its engine, spawn odds, cache and deadline."""

    def __init__(
        self, engine: _Engine[B], two_prob: int, deadline: float | None
    ) -> None:
        self.engine: _Engine[B] = engine
        self.p_two = two_prob / 100.0
        self.p_four = 1.0 - self.p_two
        self.deadline = deadline
        # board -> (depth searched, value) of chance nodes already scored.
        self.cache: dict[B, tuple[int, float]] = {}
        self.scores: dict[B, float] = {}

    def rate(self, board: B, depth: int) -> dict[int, float]:
        """Rotation count -> expected value, for every move that changes ``board``."""
        return {
            turns: self.chance(moved, depth - 1, 1.0)
            for turns, moved in self.engine.moves(board)
        }

    def best(self, board: B, depth: int) -> int | None:
        """The rotation count of the best move (the first of equals), or None."""
        values = self.rate(board, depth)
        return max(values, key=values.__getitem__) if values else None

    def chance(self, board: B, depth: int, probability: float) -> float:
        """Expected value of ``board`` before the game adds a tile."""
        if depth <= 0 or probability < PROBABILITY_CUTOFF:
            return self.evaluate(board)
        cached = self.cache.get(board)
        if cached is not None and cached[0] >= depth:
            return cached[1]
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _OutOfTimeError
        twos, fours = self.engine.spawns(board)
        if not twos:  # a full board cannot happen after a move; be safe
            return self.player(board, depth, probability)
        share = probability / len(twos)
        total = 0.0
        for chance, boards in ((self.p_two, twos), (self.p_four, fours)):
            if chance > 0.0:
                total += chance * self.sum_player(boards, depth, share * chance)
        value = total / len(twos)
        self.cache[board] = (depth, value)
        return value

    def sum_player(self, boards: list[B], depth: int, probability: float) -> float:
        """The sum of :meth:`player` over ``boards``."""
        player = self.player
        total = 0.0
        for board in boards:
            total += player(board, depth, probability)
        return total

    def player(self, board: B, depth: int, probability: float) -> float:
        """Value of ``board`` with the player to move: its best move, 0 if lost."""
        moves = self.engine.moves(board)
        if depth == 1:  # the last move: score where it leads, no tiles after
            evaluate = self.evaluate
            return max([evaluate(moved) for _turns, moved in moves], default=0.0)
        chance = self.chance
        best = 0.0
        for _turns, moved in moves:
            value = chance(moved, depth - 1, probability)
            best = max(best, value)
        return best

    def evaluate(self, board: B) -> float:
        """The engine's evaluation, kept: a search meets many boards twice."""
        value = self.scores.get(board)
        if value is None:
            value = self.scores[board] = self.engine.evaluate(board)
        return value


def _packed_root(board: list[list[int]]) -> int | None:
    """The packed board to search, or None when the 4x4 engine cannot hold it."""
    if (Config.TWO_TILE, Config.FOUR_TILE) != (2, 4):
        return None  # packed boards spawn exponents 1 and 2
    packed = _bitboard.pack(board)
    if packed is None or max(map(max, board)) > 1 << _LARGEST_PACKED_EXPONENT:
        return None
    return packed


def default_depth(state: GameState) -> int:
    """The search depth (player moves) used when none is given.

    4x4 boards: 3, or 4 when at most one cell is empty. A crowded board is
    where one more move of lookahead saves games, and it is cheap there:
    few cells for a new tile means few chance branches; depth 4 everywhere
    costs about ten times as much. Other shapes: 2, since the list engine
    is slower and big boards have many empty cells (depth 3 on a 6x6 board
    takes over a second a move).
    """
    if _packed_root(state.getBoard()) is None:
        return 2
    return 4 if state.countEmptyTiles() <= 1 else 3


def best_move(
    state: GameState, *, depth: int | None = None, ms: float | None = None
) -> Direction | None:
    """Return the move the search rates best, or None when no move is possible.

    ``depth`` counts player moves searched (1 = just this move and the tile
    after it); None picks :func:`default_depth`. With ``ms``, the search
    deepens one move at a time until the budget is spent (up to ``depth`` or
    MAX_DEPTH) and returns the deepest finished answer; depth 1 always
    finishes. ``state`` is only read.
    """
    if depth is not None and depth < 1:
        raise ValueError(f"depth must be at least 1, got {depth!r}")
    if ms is not None and not ms > 0:
        raise ValueError(f"ms must be positive, got {ms!r}")
    if ms is None and depth is None:
        depth = default_depth(state)
    board = state.getBoard()
    packed = _packed_root(board)
    if packed is not None:
        turns = _search(_PACKED, packed, state.two_prob, depth, ms)
    else:
        grid = tuple(tuple(row) for row in board)
        turns = _search(_GRID, grid, state.two_prob, depth, ms)
    return None if turns is None else Direction(turns)


def rate_moves(state: GameState, *, depth: int) -> dict[Direction, float]:
    """Direction -> expected evaluation ``depth`` moves deep, for every legal move.

    A value of 0 means the game is lost whatever the tiles; ``state`` is only
    read. Empty when no move is possible.
    """
    if depth < 1:
        raise ValueError(f"depth must be at least 1, got {depth!r}")
    board = state.getBoard()
    packed = _packed_root(board)
    if packed is not None:
        values = _Expectimax(_PACKED, state.two_prob, None).rate(packed, depth)
    else:
        grid = tuple(tuple(row) for row in board)
        values = _Expectimax(_GRID, state.two_prob, None).rate(grid, depth)
    return {Direction(turns): value for turns, value in values.items()}


def _search(
    engine: _Engine[B], board: B, two_prob: int, depth: int | None, ms: float | None
) -> int | None:
    """Search ``depth`` moves deep, or deepen until ``ms`` milliseconds pass."""
    if ms is None:
        assert depth is not None  # best_move picks a depth when there is no budget
        return _Expectimax(engine, two_prob, None).best(board, depth)
    deadline = time.perf_counter() + ms / 1000.0
    answer = _Expectimax(engine, two_prob, None).best(board, 1)
    for deeper in range(2, (depth or MAX_DEPTH) + 1):
        try:
            answer = _Expectimax(engine, two_prob, deadline).best(board, deeper)
        except _OutOfTimeError:
            break
    return answer
