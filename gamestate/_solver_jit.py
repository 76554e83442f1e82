"""The solver's packed 4x4 search compiled by numba (the ``jit`` extra).

The same expectimax as :class:`gamestate.solver._Search` on packed boards,
step for step: the same moves in the same order, the same chance nodes
(a 2, then a 4, in each empty cell in bit order), the same probability
cutoff, the same transposition rule (a chance node's value is reused when
it was searched at least as deep) and the same sums in the same order, so
at equal depth it returns the same values (tests/test_solver_jit.py
compares the two on many boards). The plain-Python search is the
reference; this one is an optimisation of it, not a second definition.

No rule is written here: the move tables are ``_bitboard``'s slid lines
(from the one slide rule) and the row scores are ``solver.line_heuristic``
of every row, copied into numpy arrays once per process by :func:`tables`.
``available()`` is False when numpy or numba is not installed; callers
then use the Python search. This module never prints.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

# Bound by tables() at the first search, not at import: importing numba
# takes seconds, and a hint in the terminal should not wait for it.
if TYPE_CHECKING:
    import numba  # noqa: TC004 (bound at run time by tables())
    import numpy as np  # noqa: TC004 (bound at run time by tables())

_OVERFLOW: Final = (1 << 64) - 1
"""A slid line whose merge would pass 2**15 becomes all ones: OR'd into
any board it gives all ones, a board no move can produce (a board of
sixteen 32768s has no move), so the search can tell and skip it."""


_TABLE_SIZE: Final = 1 << 21
"""Transposition table slots; a search stores at most half as many chance
nodes (a fuller table would slow the probing), then stops caching."""


def available() -> bool:
    """True when numba and numpy are installed (without importing them)."""
    return all(importlib.util.find_spec(name) for name in ("numba", "numpy"))


class Tables:
    """The kernel's inputs built once per process: slid lines, spread rows
    and row scores as numpy arrays, and the compiled functions."""

    def __init__(self, row_score: Callable[[int], float]) -> None:
        from . import _bitboard

        _bitboard.build()
        self.slid = np.array(
            [[min(line, _OVERFLOW) for line in slid] for slid in _bitboard.SLID],
            dtype=np.uint64,
        )
        self.spread = np.array(_bitboard.SPREAD, dtype=np.uint64)
        self.score = np.array(
            [row_score(row) for row in range(1 << 16)], dtype=np.float64
        )
        self.rate = _compile()

        self.keys = np.zeros(_TABLE_SIZE, dtype=np.uint64)
        self.stamps = np.zeros(_TABLE_SIZE, dtype=np.int64)
        self.depths = np.zeros(_TABLE_SIZE, dtype=np.int64)
        self.values = np.zeros(_TABLE_SIZE, dtype=np.float64)
        self.stamp = 0

    def new_cache(self) -> tuple[Any, ...]:
        """An empty transposition table (board -> depth searched, value),
        made by a new stamp: entries of older stamps count as empty."""
        self.stamp += 1
        return (self.keys, self.stamps, self.depths, self.values, self.stamp)


_TABLES: Tables | None = None


def new_counts() -> Any:
    """A search's counters: chance nodes expanded, table entries stored."""
    return np.zeros(2, dtype=np.int64)


def rate(
    kernel: Tables,
    table: Any,
    counts: Any,
    board: int,
    depth: int,
    p_two: float,
    cutoff: float,
) -> dict[int, float]:
    """Rotation count -> expected value ``depth`` moves deep, for every move
    that changes ``board`` (as ``_Search.rate``); adds to ``counts``."""
    out = np.zeros(4, dtype=np.float64)
    kernel.rate(
        np.uint64(board),
        depth,
        p_two,
        cutoff,
        kernel.slid,
        kernel.spread,
        kernel.score,
        table,
        out,
        counts,
    )
    return {turns: float(out[turns]) for turns in range(4) if not np.isnan(out[turns])}


def tables(row_score: Callable[[int], float]) -> Tables:
    """The process's one :class:`Tables` (built, and compiled, at first use)."""
    global _TABLES, numba, np  # built once per process, on first use
    if _TABLES is None:
        import numba
        import numpy as np

        _TABLES = Tables(row_score)
    return _TABLES


def _compile() -> Callable[..., Any]:
    """Compile the search; returns ``rate(board, depth, p_two, cutoff,
    slid, spread, score, table, out, nodes)``, which writes each move's
    value to ``out[turns]`` (NaN where the move changes nothing) and adds
    the chance nodes expanded to ``nodes[0]``, the entries stored in the
    table to ``nodes[1]``."""
    njit = numba.njit(cache=True)

    @njit
    def columns(board: int, spread: Any) -> tuple[int, int, int, int]:
        t = (
            spread[board & 0xFFFF]
            | spread[(board >> 16) & 0xFFFF] << 4
            | spread[(board >> 32) & 0xFFFF] << 8
            | spread[board >> 48] << 12
        )
        return t & 0xFFFF, (t >> 16) & 0xFFFF, (t >> 32) & 0xFFFF, t >> 48

    @njit
    def moved(board: Any, turns: int, slid: Any, spread: Any) -> Any:
        line = slid[turns]
        if turns & 1:
            return (
                line[board & 0xFFFF]
                | line[(board >> 16) & 0xFFFF] << 16
                | line[(board >> 32) & 0xFFFF] << 32
                | line[board >> 48] << 48
            )
        c0, c1, c2, c3 = columns(board, spread)
        return line[c0] | line[c1] << 4 | line[c2] << 8 | line[c3] << 12

    @njit
    def evaluate(board: Any, spread: Any, score: Any) -> float:
        c0, c1, c2, c3 = columns(board, spread)
        return float(
            score[board & 0xFFFF]
            + score[(board >> 16) & 0xFFFF]
            + score[(board >> 32) & 0xFFFF]
            + score[board >> 48]
            + score[c0]
            + score[c1]
            + score[c2]
            + score[c3]
        )

    @njit
    def find(table: Any, board: Any) -> int:
        """The slot of ``board``: its own, or the empty one where it goes
        (open addressing, linear probing; the table is kept half empty)."""
        keys, stamps, _depths, _values, stamp = table
        mask = len(keys) - 1
        slot = int((board * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)) & mask
        while stamps[slot] == stamp and keys[slot] != board:
            slot = (slot + 1) & mask
        return slot

    @njit
    def player(board: Any, depth: int, prob: float, ctx: Any) -> float:
        # _Search.player: the best move's value, counted from 0 (lost).
        slid, spread, score = ctx[0], ctx[1], ctx[2]
        best = 0.0
        for turns in range(4):
            after = moved(board, turns, slid, spread)
            if after == board or after == np.uint64(_OVERFLOW):
                continue
            if depth == 1:
                value = evaluate(after, spread, score)
            else:
                value = chance(after, depth - 1, prob, ctx)
            if value > best:  # noqa: PLR1730 (as _Search.player's max keeps the first)
                best = value
        return best

    @njit
    def chance(board: Any, depth: int, prob: float, ctx: Any) -> float:
        # _Search.chance: the average over every tile the game could add.
        _slid, spread, score, table, p_two, cutoff, nodes = ctx
        if depth <= 0 or prob < cutoff:
            return evaluate(board, spread, score)
        slot = find(table, board)
        keys, stamps, depths, values, stamp = table
        if stamps[slot] == stamp and depths[slot] >= depth:
            return float(values[slot])
        empty = 0
        for at in range(0, 64, 4):
            if (board >> np.uint64(at)) & np.uint64(0xF) == 0:
                empty += 1
        if empty == 0:  # a moved board always has a cell; as _Search does
            return player(board, depth, prob, ctx)
        nodes[0] += 1
        share = prob / empty
        total = 0.0
        for exponent, odds in ((1, p_two), (2, 1.0 - p_two)):
            if odds > 0.0:
                part = 0.0
                for at in range(0, 64, 4):
                    if (board >> np.uint64(at)) & np.uint64(0xF) == 0:
                        tile = np.uint64(exponent) << np.uint64(at)
                        part += player(board | tile, depth, share * odds, ctx)
                total += odds * part
        value = total / empty
        slot = find(table, board)  # again: the search below filled slots
        if stamps[slot] == stamp or nodes[1] < len(keys) // 2:
            nodes[1] += stamps[slot] != stamp  # a new entry
            keys[slot], stamps[slot], depths[slot], values[slot] = (
                board,
                stamp,
                depth,
                value,
            )
        return value

    @njit
    def rate(
        board: Any,
        depth: int,
        p_two: float,
        cutoff: float,
        slid: Any,
        spread: Any,
        score: Any,
        table: Any,
        out: Any,
        nodes: Any,
    ) -> None:
        ctx = (slid, spread, score, table, p_two, cutoff, nodes)
        for turns in range(4):
            after = moved(board, turns, slid, spread)
            if after == board or after == np.uint64(_OVERFLOW):
                out[turns] = np.nan
            else:
                out[turns] = chance(after, depth - 1, 1.0, ctx)

    return rate
