"""What W1 can reach in this interpreter: the cost of a 4x4 move, piece by piece.

    python bench/ceiling.py            # about half a minute
    python bench/ceiling.py --quick

Issue 5 asks for W1 (one ``move`` with its spawn on fresh mid-game 4x4
boards) at 10x the naive port. This script shows what stands in the way.
On W1's own boards, in interleaved rounds, it times:

* ``naive``: the naive port's move (bench/naive.py), the baseline;
* ``ours``: ``GameState.move``, with every line table already filled;
* ``ours, fresh``: the same moves on boards whose lines the tables have
  not all seen yet, as W1 meets them (each round plays the next unseen
  batch; the difference from ``ours`` is the cost of learning lines);
* ``ceiling``: the least a packed move with its spawn can do in pure
  Python: one function, everything written out (the four table lookups,
  the score, both java.util.Random steps, the tile), with none of the
  API's checks and none of its fallbacks (overflow, subclasses, patched
  hooks, Config tiles). It is not a usable engine; the script checks that
  it leaves the same boards, scores and generator states as ``ours``, so
  the time is that of the real work;
* its two halves alone, as the engine calls them: ``lookups``
  (``_bitboard.slide_parts``: the table lookups of a move) and ``draws``
  (``JavaRandom.next_int_pair``: two steps of the 48-bit generator,
  reduced to a position and a value).

The last line compares the ceiling with the 10x budget (naive / 10).
Then :func:`table_design_pool` and :func:`table_design_w2` time issue
14's W1 (pool) and W2 for the issue's "table design", built here,
against ``GameState`` and term2048.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine import (
    DIRECTIONS,
    TERM2048_KEYS,
    Outcome,
    Term2048Board,
    interleave,
    mid_game_boards,
    naive_game,
    our_game,
    play_ours,
    play_term2048,
    pool,
)

from gamestate import GameState, _bitboard

Job = list[tuple[Any, Any]]
LINES = _bitboard.LINES
SPREAD = _bitboard.SPREAD
CELLS = _bitboard.CELLS
MULTIPLIER, ADDEND, STATE_MASK = 0x5DEECE66D, 0xB, (1 << 48) - 1


def ceiling_move(game: GameState, turns: int) -> bool:
    """The move and its spawn in one frame: the least the work can cost."""
    board = game._position.cells
    assert isinstance(board, int)
    slid, info0, info1, info2, info3 = LINES[turns]
    if turns & 1:
        k0, k1, k2, k3 = (
            board & 0xFFFF,
            board >> 16 & 0xFFFF,
            board >> 32 & 0xFFFF,
            board >> 48,
        )
        moved = slid[k0] | slid[k1] << 16 | slid[k2] << 32 | slid[k3] << 48
        if moved == board:
            return False
    else:
        sp = SPREAD
        t = (
            sp[board & 0xFFFF]
            | sp[board >> 16 & 0xFFFF] << 4
            | sp[board >> 32 & 0xFFFF] << 8
            | sp[board >> 48] << 12
        )
        k0, k1, k2, k3 = t & 0xFFFF, t >> 16 & 0xFFFF, t >> 32 & 0xFFFF, t >> 48
        moved = slid[k0] | slid[k1] << 4 | slid[k2] << 8 | slid[k3] << 12
        if moved == board:
            return False
    info = info0[k0] + info1[k1] + info2[k2] + info3[k3]
    game._position.score += info >> 16
    offsets = CELLS[info & 0xFFFF]
    rng = game._rng
    state = (rng._seed * MULTIPLIER + ADDEND) & STATE_MASK
    u = state >> 17
    count = len(offsets)
    position = (count * u) >> 31 if count & (count - 1) == 0 else u % count
    state = (state * MULTIPLIER + ADDEND) & STATE_MASK
    rng._seed = state
    exponent = 1 if (state >> 17) % 100 < 70 else 2
    game._position.cells = moved | exponent << offsets[position]
    return True


def run_moves(job: Job) -> None:
    for game, key in job:
        game.move(key)


def run_ceiling(job: Job) -> None:
    for game, turns in job:
        ceiling_move(game, turns)


def run_lookups(job: Job) -> None:
    slide_parts = _bitboard.slide_parts
    for game, turns in job:
        slide_parts(game._position.cells, turns)


def run_draws(job: Job) -> None:
    for game, _turns in job:
        game._rng.next_int_pair(9, 100)


def outcome(job: Job) -> list[tuple[object, ...]]:
    return [(g.getBoard(), g.getScore(), g.rng.getstate()) for g, _key in job]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds")
    args = parser.parse_args()
    rounds, count = (5, 1000) if args.quick else (15, 3000)
    warm = 8000
    _bitboard.build()
    boards = mid_game_boards(warm + count * (rounds + 1), seed=1)
    rnd = random.Random(2)
    keys = [rnd.choice(DIRECTIONS) for _ in boards]
    warm_set = range(warm)
    for i in warm_set:  # fill the tables with the warm-up boards' lines
        our_game(boards[i], i).move(keys[i])

    def ours(indices: range) -> Job:
        return [(our_game(boards[i], i), keys[i]) for i in indices]

    def packed(indices: range) -> Job:
        return [(our_game(boards[i], i), keys[i].getRotationCount()) for i in indices]

    steady = range(warm, warm + count)  # learned below, then timed again
    run_moves(ours(steady))
    reference = ours(steady)
    run_moves(reference)
    check = packed(steady)
    run_ceiling(check)
    if outcome(check) != outcome(reference):
        raise SystemExit("the ceiling move does not do what GameState.move does")

    fresh_round = iter(range(1, rounds + 2))

    def fresh(_r: int) -> Job:
        start = warm + count * next(fresh_round)
        return ours(range(start, start + count))

    workloads: dict[str, tuple[Callable[[int], Job], Callable[[Job], None]]] = {
        "naive": (
            lambda _r: [(naive_game(boards[i], i), keys[i]) for i in steady],
            run_moves,
        ),
        "ours": (lambda _r: ours(steady), run_moves),
        "ours, fresh": (fresh, run_moves),
        "ceiling": (lambda _r: packed(steady), run_ceiling),
        "lookups": (lambda _r: packed(steady), run_lookups),
        "draws": (lambda _r: packed(steady), run_draws),
    }
    seconds: dict[str, list[float]] = {name: [] for name in workloads}
    names = list(workloads)
    for r in range(rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            make, run = workloads[name]
            job = make(r)
            start = time.perf_counter()
            run(job)
            seconds[name].append(time.perf_counter() - start)
    us = {name: statistics.median(s) / count * 1e6 for name, s in seconds.items()}
    print(f"{count} W1 moves per round, {rounds} rounds, medians (us per move)")
    for name, value in us.items():
        print(f"  {name:<12} {value:6.2f} us   {us['naive'] / value:5.2f}x naive")
    budget = us["naive"] / 10
    print(
        f"10x budget: {budget:.2f} us per move; the ceiling needs"
        f" {us['ceiling']:.2f} ({us['ceiling'] / budget:.0%} of it) before any"
        f" check or fallback, and fresh boards add {us['ours, fresh'] - us['ours']:.2f}"
    )
    table_design_pool(rounds=5 if args.quick else 21)
    table_design_w2(rounds=3 if args.quick else 9, games=4 if args.quick else 12)


def table_design_pool(rounds: int) -> None:
    """Issue 14's W1 (pool) for the issue's "table design", built here.

    The design the issue measured at 1.36M moves/s (11x term2048): full
    list tables, the spawn's cell from a table, the Java LCG written out.
    Here it is :func:`ceiling_move` (this module's one-function move on
    our tables) after a setBoard that packs each row with one lookup of
    ``tuple(row)`` in a dict of the 65536 valid rows and checks nothing
    else (a float 2.0 or a bool would pass), against ``GameState``'s
    setBoard + move and term2048 in the same interleaved rounds.
    """
    boards, keys = pool()
    turns = [key.getRotationCount() for key in keys]
    rows = {values: row for row, values in enumerate(_bitboard.ROW_VALUES)}
    ours = GameState(4, 4, seed=5)
    design = GameState(4, 4, seed=5)

    def run_ours() -> None:
        for board, key in zip(boards, keys, strict=True):
            ours.setBoard(board)
            ours.move(key)

    def run_design() -> None:
        for (b0, b1, b2, b3), turn in zip(boards, turns, strict=True):
            design._position.cells = (
                rows[tuple(b0)]
                | rows[tuple(b1)] << 16
                | rows[tuple(b2)] << 32
                | rows[tuple(b3)] << 48
            )
            ceiling_move(design, turn)

    def run_design_move() -> None:
        for board, turn in zip(packed, turns, strict=True):
            design._position.cells = board
            ceiling_move(design, turn)

    def run_our_set() -> None:
        for board in boards:
            ours.setBoard(board)

    def run_our_move() -> None:
        for board, key in zip(packed, keys, strict=True):
            ours._position.cells = board
            ours.move(key)

    packed = [_bitboard.pack(board) for board in boards]
    runs: dict[str, Callable[[], None]] = {
        "GameState": run_ours,
        "  its setBoard": run_our_set,
        "  its move": run_our_move,
        "table design": run_design,
        "  the design's move": run_design_move,
    }
    if Term2048Board is not None:
        peer = Term2048Board()
        peer_keys = [TERM2048_KEYS[key.name] for key in keys]

        def run_peer() -> None:
            for board, key in zip(boards, peer_keys, strict=True):
                peer.cells = [row[:] for row in board]
                peer.move(key)

        runs["term2048"] = run_peer
    series = interleave(rounds, {name: seconds_of(run) for name, run in runs.items()})
    rates = {
        name: len(boards) / statistics.median(s.seconds) for name, s in series.items()
    }
    print_against_term2048(
        f"W1 (pool), {len(boards)} boards, {rounds} rounds, medians;"
        " the issue: table design 1.36M/s, 11x term2048",
        rates,
        "/s",
    )


def packed_board(game: GameState) -> int:
    board = game._position.cells
    assert isinstance(board, int)
    return board


def seconds_of(run: Callable[[], None]) -> Callable[[int], float]:
    """An engine for :func:`engine.interleave`: one timed call of ``run``."""

    def timed(_round: int) -> float:
        start = time.perf_counter()
        run()
        return time.perf_counter() - start

    return timed


def print_against_term2048(title: str, rates: dict[str, float], unit: str) -> None:
    """Each rate, and its ratio to term2048's when term2048 ran."""
    print(f"\n{title} (load {os.getloadavg()[0]:.2f})")
    peer_rate = rates.get("term2048")
    for name, value in rates.items():
        versus = f"  {value / peer_rate:5.2f}x term2048" if peer_rate else ""
        print(f"  {name:<20} {value:>12,.0f} {unit}{versus}")


def table_design_w2(rounds: int, games: int) -> None:
    """Issue 14's W2 (whole random games) for the table design, built here.

    The same games as ``GameState`` plays through the API (``play_ours``
    of bench/engine.py: two ``addTile`` calls, then ``move`` until
    ``isGameOver``), played by :func:`ceiling_move` with the game-over
    test asked of ``_bitboard.has_move`` directly; the script checks both leave
    the same boards, scores and generator states, and times term2048's
    own games beside them. The issue measured the design at 635k moves/s,
    7x term2048.
    """
    rnd = random.Random(3)
    keys = [rnd.choice(DIRECTIONS) for _ in range(997)]
    turns = [key.getRotationCount() for key in keys]
    peer_keys = [TERM2048_KEYS[key.name] for key in keys]

    def play_design(seed: int) -> Outcome:
        game = GameState(4, 4, seed=seed)
        game.addTile()
        game.addTile()
        moves = 0
        count = len(turns)
        while _bitboard.has_move(packed_board(game)):
            ceiling_move(game, turns[moves % count])
            moves += 1
        return moves, game.getBoard(), game.getScore(), game.rng.getstate()

    played: dict[str, list[Any]] = {"GameState": [], "table design": []}
    plays: dict[str, Callable[[int], Any]] = {
        "GameState": lambda seed: play_ours(seed, keys),
        "table design": play_design,
    }
    if Term2048Board is not None:
        played["term2048"] = []
        plays["term2048"] = lambda seed: play_term2048(seed, peer_keys)

    def games_of(name: str) -> Callable[[int], float]:
        """An engine that plays round r's games with ``name`` and keeps them."""

        def timed(r: int) -> float:
            seeds = range(5000 + (r + 1) * games, 5000 + (r + 2) * games)
            start = time.perf_counter()
            results = [plays[name](seed) for seed in seeds]
            seconds = time.perf_counter() - start
            if r >= 0:
                played[name].append(results)
            return seconds

        return timed

    series = interleave(rounds, {name: games_of(name) for name in plays})
    if played["GameState"] != played["table design"]:
        raise SystemExit("W2: the table design played other games than GameState")
    rates = {}
    for name, rounds_played in played.items():
        moves = [
            sum(result if isinstance(result, int) else result[0] for result in done)
            for done in rounds_played
        ]
        rates[name] = statistics.median(
            m / s for m, s in zip(moves, series[name].seconds, strict=True)
        )
    print_against_term2048(
        f"W2, {games} whole random games a round, {rounds} rounds, medians;"
        " the issue: table design 635k/s, 7x term2048",
        rates,
        "moves/s",
    )


if __name__ == "__main__":
    main()
