"""Hints and autoplay: an expectimax search over a game's real spawn rules.

:func:`best_move` looks at a copy of the board and returns the direction
with the best expected evaluation, averaging over every tile the game
could add next: a 2 with the state's ``two_prob`` percent, else a 4 (the
values of ``Config.TWO_TILE`` and ``Config.FOUR_TILE``, read at call time),
in every empty cell alike. It never draws from the game's random generator
and never changes the game.

One search (:class:`_Search`) runs on two board engines:

* 4x4 boards with tiles up to 2**14 are packed in one int and moved by
  ``_bitboard.successors`` (all four moves of a board at once) and
  ``_bitboard.moved_boards`` (the last move, only scored), whose tables
  are computed from the one slide rule, ``_kernels.slide_line`` (built at
  the first search). This is the hot path;
* every other shape uses ``_kernels.move_board`` on tuples: slower, same
  rule, same evaluation (a test checks the two agree on 4x4 boards).

By default a 4x4 search deepens while the next depth fits NODE_BUDGET,
so crowded boards are searched deeper than open ones (see NODE_BUDGET).
When numba is installed (the ``jit`` extra) and :func:`compile_search`
has been called, the 4x4 search runs compiled (``_solver_jit``: the same
values at equal depth, many times faster) and by default as deep as the
board's number of distinct tiles asks (:func:`adaptive_depth`).

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
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Final, Generic, TypeVar

from . import _bitboard, _kernels, _solver_jit
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
    choice; a badly disordered board of big tiles can still score below 0,
    and the search counts such a board as lost).
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


def _row_score(row: int) -> float:
    """The heuristic of one packed 16-bit row."""
    return line_heuristic(_row_exponents(row))


_ROW_SCORE: Final = _LazyTable(_row_score)
_BOARD_MASK: Final = _bitboard.BOARD_MASK
_CELLS: Final = _bitboard.CELLS


def _packed_evaluate(board: int) -> float:
    """The heuristic of every row and column of a packed board."""
    score = _ROW_SCORE
    r0, r1, r2, r3, c0, c1, c2, c3 = _bitboard.line_keys(board)
    return (
        score[r0]
        + score[r1]
        + score[r2]
        + score[r3]
        + score[c0]
        + score[c1]
        + score[c2]
        + score[c3]
    )


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


GRID_DEPTH: Final = 2
"""The depth of the default search on shapes other than 4x4: the list engine
is slower and big boards have many empty cells (depth 3 on a 6x6 board
is too slow for a hint)."""

FIRST_DEPTH: Final = 3
"""The depth the default 4x4 search always finishes."""

NODE_BUDGET: Final = 1500
"""Chance nodes the default 4x4 search may expect one more depth to expand.

After each depth from FIRST_DEPTH on, the next one is searched when the
nodes it should take (the last depth's, times how much the last depth grew
on the one before) fit this budget. Crowded boards, where one more move
of lookahead saves games, have few cells for a tile and so few chance
branches: they go deeper, while open boards stay at FIRST_DEPTH. Counting
nodes, not milliseconds, keeps a seeded game the same on any machine; the
budget bounds the deepest search a move makes, and bench/solver.py prints
the median time a move takes."""


DISTINCT_OFFSET: Final = 2
"""The compiled search's default depth is at most the number of distinct
tiles on the board less this, and at least FIRST_DEPTH (see
:func:`adaptive_depth`)."""

JIT_MAX_DEPTH: Final = 12
"""The deepest the compiled default search goes; in practice the node
budget and the probability cutoff end it sooner."""

JIT_NODE_BUDGET: Final = 50_000
"""NODE_BUDGET of the compiled search (``_solver_jit``, the ``jit`` extra):
it expands chance nodes many times faster, so the same wait buys more
lookahead; the budget bounds the slowest moves of a game, where many
distinct tiles ask for a deep search (bench/solver.py measures both)."""


def distinct_tiles(board: int) -> int:
    """How many different tiles a packed board holds."""
    return len({(board >> at) & 0xF for at in range(0, 64, 4)} - {0})


def adaptive_depth(board: int) -> int:
    """The deepest the compiled default search goes on a packed board.

    A board of many different tiles is a late, fragile one: its tiles
    must be merged in a strict order and one wrong move loses the game,
    so it may be searched deeper; an early board of few tiles, where any
    sensible move will do, stays at FIRST_DEPTH and costs little. The
    search deepens toward this depth while the next one fits
    JIT_NODE_BUDGET (bench/solver.py measures the time a move takes)."""
    return min(JIT_MAX_DEPTH, max(FIRST_DEPTH, distinct_tiles(board) - DISTINCT_OFFSET))


# -------------------------------------------------------------- search
class _OutOfTimeError(Exception):
    """Raised inside a search when its time budget is spent."""


class _Search(ABC, Generic[B]):
    """One expectimax search: spawn odds, caches, deadline, nodes expanded.

    The rule lives here (:meth:`chance` averages over every tile the game
    could add, :meth:`player` takes the best move); subclasses say how
    their boards move, get tiles and are scored.
    """

    def __init__(self, two_prob: int, deadline: float | None = None) -> None:
        self.p_two = two_prob / 100.0
        self.p_four = 1.0 - self.p_two
        self.deadline = deadline
        # board -> (depth searched, value) of chance nodes already scored.
        self.cache: dict[B, tuple[int, float]] = {}
        self.scores: dict[B, float] = {}
        self.nodes = 0
        """Chance nodes expanded: the search's cost, in a unit no clock sways."""

    # ------------------------------------------------ the board engine
    @abstractmethod
    def moves(self, board: B) -> list[tuple[int, B, int]]:
        """(rotation count, new board, its empty cells) for every move that
        changes ``board``; the cells are the engine's own token."""

    @abstractmethod
    def spawns(self, board: B, cells: int) -> tuple[list[B], list[B]]:
        """The boards with a TWO_TILE, and with a FOUR_TILE, in each empty cell."""

    @abstractmethod
    def last_ply(self, board: B) -> float:
        """The best evaluation one move from ``board`` leads to, at least 0
        (see :meth:`player`)."""

    @abstractmethod
    def score(self, board: B) -> float:
        """The heuristic value of ``board`` (see :meth:`evaluate`)."""

    # ----------------------------------------------------- the search
    def rate(self, board: B, depth: int) -> dict[int, float]:
        """Rotation count -> expected value, for every move that changes ``board``."""
        return {
            turns: self.chance(moved, cells, depth - 1, 1.0)
            for turns, moved, cells in self.moves(board)
        }

    def best(self, board: B, depth: int) -> int | None:
        """The rotation count of the best move (the first of equals), or None."""
        values = self.rate(board, depth)
        return max(values, key=values.__getitem__) if values else None

    def chance(self, board: B, cells: int, depth: int, probability: float) -> float:
        """Expected value of ``board`` (empty ``cells``) before a tile is added."""
        if depth <= 0 or probability < PROBABILITY_CUTOFF:
            return self.evaluate(board)
        cached = self.cache.get(board)
        if cached is not None and cached[0] >= depth:
            return cached[1]
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _OutOfTimeError
        twos, fours = self.spawns(board, cells)
        if not twos:  # a full board cannot happen after a move; be safe
            return self.player(board, depth, probability)
        self.nodes += 1
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
        if depth == 1:  # the last move: score where it leads, no tiles after
            last_ply = self.last_ply
            return sum([last_ply(board) for board in boards])
        player = self.player
        total = 0.0
        for board in boards:
            total += player(board, depth, probability)
        return total

    def player(self, board: B, depth: int, probability: float) -> float:
        """Value of ``board`` with the player to move: its best move, 0 if lost.

        A move's value counts from 0, the lost value, as nneonneo's does: a
        live board that scores below 0 is worth no more than a lost one."""
        if depth == 1:
            return self.last_ply(board)
        chance = self.chance
        best = 0.0
        for _turns, moved, cells in self.moves(board):
            best = max(best, chance(moved, cells, depth - 1, probability))
        return best

    def default_best(self, board: B) -> int | None:
        """The answer of the default search (neither depth nor time given):
        deepen while the next depth fits NODE_BUDGET."""
        return _deepen_within_budget(self, board, MAX_DEPTH, NODE_BUDGET)[0]

    def evaluate(self, board: B) -> float:
        """:meth:`score`, kept: a search meets many boards twice."""
        value = self.scores.get(board)
        if value is None:
            value = self.scores[board] = self.score(board)
        return value


class _PackedSearch(_Search[int]):
    """The search on packed 4x4 boards, from ``_bitboard``'s tables.

    This is the hot path (hints, autoplay, bench/solver.py): a move's
    board and empty cells come from one call for all four directions,
    and the last ply only scores the moved boards.
    """

    def __init__(self, two_prob: int, deadline: float | None = None) -> None:
        super().__init__(two_prob, deadline)
        _bitboard.build()  # once per process: a search wants the tables

    def moves(self, board: int) -> list[tuple[int, int, int]]:
        # A merge past 2**15 is left out: only two 32768s make one, no root
        # holds one (see _LARGEST_PACKED_EXPONENT), and deep in a search
        # skipping it only makes the estimate a little cautious.
        return _bitboard.successors(board)

    def spawns(self, board: int, cells: int) -> tuple[list[int], list[int]]:
        offsets = _CELLS[cells]  # exponent 1 is a 2, exponent 2 a 4
        return [board | 1 << at for at in offsets], [board | 2 << at for at in offsets]

    def last_ply(self, board: int) -> float:
        # The evaluation cache read inline: this is the search's innermost loop.
        scores = self.scores
        best = 0.0
        for moved in _bitboard.moved_boards(board):
            if moved != board and moved <= _BOARD_MASK:
                value = scores.get(moved)
                if value is None:
                    value = scores[moved] = _packed_evaluate(moved)
                if value > best:  # noqa: PLR1730 (max() is a call: slower here)
                    best = value
        return best

    score = staticmethod(_packed_evaluate)  # one call less than a method


class _JitSearch(_PackedSearch):
    """The packed search with :meth:`rate` compiled by numba (``_solver_jit``):
    the same values at equal depth, many times faster. No deadline: the
    kernel cannot be stopped part-way, so ``ms`` searches use the Python one.
    """

    def __init__(self, two_prob: int) -> None:
        super().__init__(two_prob)
        self.kernel = _solver_jit.tables(_row_score)
        self.table = self.kernel.new_cache()  # one per search, as self.cache
        self.counts = _solver_jit.new_counts()

    def rate(self, board: int, depth: int) -> dict[int, float]:
        values = _solver_jit.rate(
            self.kernel,
            self.table,
            self.counts,
            board,
            depth,
            self.p_two,
            PROBABILITY_CUTOFF,
        )
        self.nodes = int(self.counts[0])
        return values

    def default_best(self, board: int) -> int | None:
        return _deepen_within_budget(
            self, board, adaptive_depth(board), JIT_NODE_BUDGET
        )[0]


class _GridSearch(_Search[Grid]):
    """The search on any other board, as tuples moved by ``_kernels``."""

    def moves(self, board: Grid) -> list[tuple[int, Grid, int]]:
        return [(turns, moved, 0) for turns, moved in _grid_moves(board)]

    def spawns(self, board: Grid, cells: int) -> tuple[list[Grid], list[Grid]]:
        return _grid_spawns(board)

    def last_ply(self, board: Grid) -> float:
        evaluate = self.evaluate
        return max([0.0] + [evaluate(moved) for _turns, moved in _grid_moves(board)])

    def score(self, board: Grid) -> float:
        return _grid_evaluate(board)


def _packed_root(board: list[list[int]]) -> int | None:
    """The packed board to search, or None when the 4x4 engine cannot hold it."""
    if (Config.TWO_TILE, Config.FOUR_TILE) != (2, 4):
        return None  # packed boards spawn exponents 1 and 2
    packed = _bitboard.pack(board)
    if packed is None or max(map(max, board)) > 1 << _LARGEST_PACKED_EXPONENT:
        return None
    return packed


def best_move(
    state: GameState, *, depth: int | None = None, ms: float | None = None
) -> Direction | None:
    """Return the move the search rates best, or None when no move is possible.

    ``depth`` counts player moves searched (1 = just this move and the tile
    after it). With ``ms``, the search deepens one move at a time until the
    budget is spent (up to ``depth`` or MAX_DEPTH) and returns the deepest
    finished answer; depth 1 always finishes. With neither, a 4x4 board is
    searched as deep as NODE_BUDGET allows (at least FIRST_DEPTH), or
    :func:`adaptive_depth` deep once :func:`compile_search` has built the
    compiled search, and any other shape GRID_DEPTH deep. ``state`` is only
    read.
    """
    return search_move(state, depth=depth, ms=ms)[0]


def search_move(
    state: GameState, *, depth: int | None = None, ms: float | None = None
) -> tuple[Direction | None, int]:
    """:func:`best_move` and the chance nodes its search expanded (what
    bench/solver.py divides by the time to report nodes per second)."""
    if depth is not None and depth < 1:
        raise ValueError(f"depth must be at least 1, got {depth!r}")
    if ms is not None and not ms > 0:
        raise ValueError(f"ms must be positive, got {ms!r}")
    board = state.getBoard()
    packed = _packed_root(board)
    search: _Search[int] | _Search[Grid]
    if packed is not None:
        search = _packed_search(state.two_prob, ms)
        turns = _search(search, packed, depth, ms)
    else:
        grid = tuple(tuple(row) for row in board)
        search = _GridSearch(state.two_prob)
        turns = _search(search, grid, depth or GRID_DEPTH, ms)
    return (None if turns is None else Direction(turns)), search.nodes


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
        values = _packed_search(state.two_prob, None).rate(packed, depth)
    else:
        grid = tuple(tuple(row) for row in board)
        values = _GridSearch(state.two_prob).rate(grid, depth)
    return {Direction(turns): value for turns, value in values.items()}


def compile_search() -> bool:
    """Build the compiled search in this process when numba is installed
    (seconds: numba's import, the tables, the kernel); return whether it
    is there. From then on the default 4x4 search runs compiled. A process
    that never calls this (a hint in the terminal or the web server's pool,
    which must answer at once) keeps the Python search."""
    global _compiled  # one switch per process, turned on once
    if _solver_jit.available():
        _solver_jit.tables(_row_score)
        _compiled = True
    return _compiled


_compiled = False
"""True once :func:`compile_search` has built the compiled search."""


def _packed_search(two_prob: int, ms: float | None) -> _PackedSearch:
    """The compiled search once :func:`compile_search` has built it and when
    no deadline is set, else the Python one."""
    if ms is None and _compiled:
        return _JitSearch(two_prob)
    return _PackedSearch(two_prob)


def _search(
    search: _Search[B], board: B, depth: int | None, ms: float | None
) -> int | None:
    """Search ``depth`` moves deep, deepen until ``ms`` milliseconds pass,
    or, with neither, deepen within NODE_BUDGET."""
    if ms is not None:
        return _deepen_until(search, board, depth or MAX_DEPTH, ms)
    if depth is not None:
        return search.best(board, depth)
    return search.default_best(board)


def _deepen_until(search: _Search[B], board: B, depth: int, ms: float) -> int | None:
    """The deepest answer (up to ``depth``) found before ``ms`` pass; depth 1
    always finishes. Each depth reuses the caches of the ones before."""
    deadline = time.perf_counter() + ms / 1000.0
    answer = search.best(board, 1)
    search.deadline = deadline
    for deeper in range(2, depth + 1):
        try:
            answer = search.best(board, deeper)
        except _OutOfTimeError:
            break
    return answer


def _deepen_within_budget(
    search: _Search[B], board: B, deepest: int, budget: int
) -> tuple[int | None, int]:
    """(answer, depth): FIRST_DEPTH's answer, or a deeper one (up to
    ``deepest``) while the next depth's expected nodes fit ``budget``. Each
    depth reuses the caches of the ones before, so its nodes are the ones
    it added."""
    search.best(board, FIRST_DEPTH - 1)
    last = search.nodes  # the nodes of the depth before
    depth = FIRST_DEPTH
    while True:
        mark = search.nodes
        answer = search.best(board, depth)
        spent = search.nodes - mark
        expected = spent * spent / max(last, 1)  # as much growth again
        if depth >= deepest or expected > budget:
            return answer, depth
        last = spent
        depth += 1
