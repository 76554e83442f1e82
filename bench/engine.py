"""Speed of the GameState engine against a naive port and a published peer.

Run from the repository root (``pip install -e .[bench]`` adds term2048):

    python bench/engine.py            # the full run, under a minute
    python bench/engine.py --quick    # a few seconds, for development
    python bench/engine.py --baseline main --only w1 --only w2 --cpu-time
                                      # today's engine against main's, one run

Every workload runs its engines in one process, in interleaved rounds
(each round times every engine once, in a rotating order, so a burst of
load elsewhere hits them alike), and prints min / median / max per engine
and the ratios of medians against the naive port (bench/naive.py) and
against term2048, the published peer, measured in the same run:

* tables: ``gamestate.warm_up()`` in a fresh process, its time and the
  memory the tables hold (tracemalloc, and the growth of resident memory);
* W1 (pool): ``setBoard(b)`` then ``move(d)`` on a pool of 600 mid-game
  4x4 boards, tables warm, setBoard timed with the move (issue 14's W1);
  term2048 and the naive port set their board with a deep copy;
* W1 (fresh): ``move`` with its spawn on mid-game 4x4 boards no round has
  seen, the game set up untimed (issue 5's W1);
* setBoard / getBoard on the pool's boards against a deep copy of the rows;
* W2: whole random games through the public API, ``move`` until
  ``isGameOver`` from a new game (moves/s and games/s);
* scale: time per move and per cell on N x N boards, N = 4 .. 256;
* start-up: ``python -m playmanager`` answering ``q`` against
  ``python -c pass`` (wall time, and peak memory by /usr/bin/time).

Every round gets boards or games no earlier round saw (except the pool),
after one untimed warm-up round; our tables are built before any of it
(``warm_up``), as a simulation would. W2's games are checked after timing: ours and the naive
port must have played them identically (moves, boards, scores, generator
states; the baseline's too, with ``--baseline``), or the run stops.
term2048 has its own rules and random
generator, so only its speed is comparable.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import load as load_baseline  # bench/ is not a package either
from naive import NaiveGame  # bench/ is not a package: found through sys.path

from gamestate import Direction, GameState, warm_up

try:
    from term2048.board import Board as Term2048Board
except ImportError:  # the peer is optional: pip install -e .[bench]
    Term2048Board = None

Board = list[list[int]]
DIRECTIONS = list(Direction)
TERM2048_KEYS = {"DOWN": 2, "LEFT": 3, "UP": 1, "RIGHT": 4}
"""term2048.board.Board's direction constants, by our direction names."""


# ------------------------------------------------------------------ timing
@dataclass
class Series:
    """One engine's timings in one workload: ``work`` units per round."""

    name: str
    seconds: list[float]

    def rates(self, work: float) -> list[float]:
        return sorted(work / s for s in self.seconds)


clock: Callable[[], float] = time.perf_counter
"""What times a round in this process: the wall clock, or with --cpu-time
the process's CPU time, which leaves out the time other jobs hold the
core (on a shared machine the wall clock's rounds vary by 2x)."""

Engine = Callable[[int], float]
"""Runs one round (its number; -1 for the warm-up) and returns its seconds."""


def interleave(rounds: int, engines: dict[str, Engine]) -> dict[str, Series]:
    """Time every engine once per round, rotating the order each round.

    An untimed warm-up round comes first (Python's own caches, and the
    peers' first calls). Each round gets fresh boards or games, the same
    for every engine, so cached results of one round do not flatter the
    next.
    """
    series = {name: Series(name, []) for name in engines}
    names = list(engines)
    for r in range(-1, rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            seconds = engines[name](r)
            if r >= 0:
                series[name].seconds.append(seconds)
    return series


BASES = ("naive", "baseline", "term2048")
"""The engines every rate is compared with, where the run has them."""


def ratios(median: float, bases: dict[str, float]) -> str:
    """``median`` against each base present: "  3.10x naive  2.05x term2048"."""
    return "".join(f"  {median / base:6.2f}x {name}" for name, base in bases.items())


def load() -> str:
    """The 1-minute load average, printed with every figure: 2 shared cores."""
    return f"(load {os.getloadavg()[0]:.2f})"


def print_rates(title: str, unit: str, work: float, series: dict[str, Series]) -> None:
    print(f"\n{title} {load()}")
    print(f"  {'engine':<10} {'min':>12} {'median':>12} {'max':>12}  {unit}  ratios")
    bases = {
        name: statistics.median(series[name].rates(work))
        for name in BASES
        if name in series
    }
    for s in series.values():
        rates = s.rates(work)
        median = statistics.median(rates)
        print(
            f"  {s.name:<10} {rates[0]:>12,.0f} {median:>12,.0f} {rates[-1]:>12,.0f}"
            f"  {' ' * len(unit)}{ratios(median, bases)}"
        )


# ----------------------------------------------------------------- engines
def naive_game(board: Board, seed: int) -> NaiveGame:
    naive = NaiveGame(len(board), len(board[0]), seed=seed)
    naive.board = [row[:] for row in board]
    return naive


def our_game(board: Board, seed: int) -> GameState:
    game = GameState(len(board), len(board[0]), seed=seed)
    game.setBoard(board)
    return game


def base_game(baseline: ModuleType, board: Board, seed: int) -> Any:
    """The baseline revision's GameState (see --baseline) on ``board``."""
    game = baseline.GameState(len(board), len(board[0]), seed=seed)
    game.setBoard(board)
    return game


def term2048_game(board: Board) -> Any:
    peer = Term2048Board(size=len(board))
    peer.cells = [row[:] for row in board]
    return peer


def mid_game_boards(count: int, seed: int) -> list[Board]:
    """Boards from seeded random 4x4 games, every 10th move, none over.

    Played with the naive port, so that making them fills none of our
    tables ahead of the timing.
    """
    rnd = random.Random(seed)
    boards: list[Board] = []
    while len(boards) < count:
        game = NaiveGame(4, 4, seed=rnd.randrange(1 << 48))
        game.addTile()
        game.addTile()
        for moves in range(1, 10_000):
            if game.isGameOver():
                break
            game.move(rnd.choice(DIRECTIONS))
            if moves % 10 == 0:
                boards.append([row[:] for row in game.board])
    return boards[:count]


# ---------------------------------------------------------------------- W1
def w1(rounds: int, count: int, warm: int, baseline: ModuleType | None) -> None:
    boards = mid_game_boards(warm + count * rounds, seed=1)
    rnd = random.Random(2)
    keys = [rnd.choice(DIRECTIONS) for _ in boards]

    def batch(r: int) -> range:
        if r < 0:
            return range(warm)
        return range(warm + r * count, warm + (r + 1) * count)

    def one_move_each(setup: Callable[[int], tuple[Any, Any]]) -> Engine:
        """Set up round r's games untimed (``setup(i)`` gives a game and its
        key), then time one move on each."""

        def run(r: int) -> float:
            games = [setup(i) for i in batch(r)]
            start = clock()
            for game, key in games:
                game.move(key)
            return clock() - start

        return run

    engines = {
        "ours": one_move_each(lambda i: (our_game(boards[i], i), keys[i])),
        "naive": one_move_each(lambda i: (naive_game(boards[i], i), keys[i])),
    }
    if baseline is not None:
        base_keys = [baseline.Direction[key.name] for key in keys]
        engines["baseline"] = one_move_each(
            lambda i: (base_game(baseline, boards[i], i), base_keys[i])
        )
    if Term2048Board is not None:
        engines["term2048"] = one_move_each(
            lambda i: (term2048_game(boards[i]), TERM2048_KEYS[keys[i].name])
        )
    title = (
        f"W1 (fresh): move + spawn, {count} mid-game 4x4 boards per round that"
        f" no round saw, after a warm-up on {warm} others"
    )
    print_rates(title, "moves/s", count, interleave(rounds, engines))


# --------------------------------------------------------------- W1, pool
POOL_SIZE = 600


def pool() -> tuple[list[Board], list[Direction]]:
    """Issue 14's pool: 600 mid-game 4x4 boards and a random direction each."""
    boards = mid_game_boards(POOL_SIZE, seed=11)
    rnd = random.Random(12)
    return boards, [rnd.choice(DIRECTIONS) for _ in boards]


def w1_pool(rounds: int) -> None:
    boards, keys = pool()
    ours = GameState(4, 4, seed=5)
    naive = NaiveGame(4, 4, seed=5)

    def run_ours(_r: int) -> float:
        game = ours
        start = clock()
        for board, key in zip(boards, keys, strict=True):
            game.setBoard(board)
            game.move(key)
        return clock() - start

    def run_naive(_r: int) -> float:
        game = naive
        start = clock()
        for board, key in zip(boards, keys, strict=True):
            game.board = [row[:] for row in board]
            game.move(key)
        return clock() - start

    engines: dict[str, Engine] = {"ours": run_ours, "naive": run_naive}
    if Term2048Board is not None:
        peer = Term2048Board()
        peer_keys = [TERM2048_KEYS[key.name] for key in keys]

        def run_peer(_r: int) -> float:
            start = clock()
            for board, key in zip(boards, peer_keys, strict=True):
                peer.cells = [row[:] for row in board]
                peer.move(key)
            return clock() - start

        engines["term2048"] = run_peer
    title = (
        f"W1 (pool): setBoard(b) then move(d), the same {POOL_SIZE} mid-game"
        " 4x4 boards every round, tables warm"
    )
    print_rates(title, "moves/s", POOL_SIZE, interleave(rounds, engines))


def board_copies(rounds: int) -> None:
    """setBoard and getBoard on the pool's boards against a deep copy."""
    boards, _keys = pool()
    game = GameState(4, 4)
    packed = []
    for board in boards:
        game.setBoard(board)
        packed.append(game.copy())

    def run_set(_r: int) -> float:
        start = clock()
        for board in boards:
            game.setBoard(board)
        return clock() - start

    def run_get(_r: int) -> float:
        start = clock()
        for state in packed:
            state.getBoard()
        return clock() - start

    def run_copy(_r: int) -> float:
        start = clock()
        for board in boards:
            [row[:] for row in board]
        return clock() - start

    series = interleave(
        rounds, {"setBoard": run_set, "getBoard": run_get, "deep copy": run_copy}
    )
    ns = {
        name: statistics.median(s.seconds) / POOL_SIZE * 1e9
        for name, s in series.items()
    }
    print(
        f"\nsetBoard / getBoard on the pool's {POOL_SIZE} 4x4 boards (ns each, median)"
    )
    for name, value in ns.items():
        print(
            f"  {name:<10} {value:8.0f} ns   {value / ns['deep copy']:5.2f}x deep copy"
        )


# ------------------------------------------------------------------ tables
TABLE_PROBE = """
import os, sys, time, tracemalloc
import gamestate
def rss():
    return int(open("/proc/self/statm").read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
if sys.argv[1] == "time":
    before = rss()
    start = time.perf_counter()
    gamestate.warm_up()
    print(time.perf_counter() - start, rss() - before)
else:
    tracemalloc.start()
    gamestate.warm_up()
    print(tracemalloc.get_traced_memory()[0])
"""


def tables(runs: int) -> None:
    """warm_up() in fresh processes: build time (median), memory held."""
    seconds = []
    rss = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", TABLE_PROBE, "time"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        seconds.append(float(out[0]))
        rss.append(int(out[1]))
    traced = subprocess.run(
        [sys.executable, "-c", TABLE_PROBE, "memory"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    print(
        f"\ntables: gamestate.warm_up() in {runs} fresh processes: build"
        f" {statistics.median(seconds) * 1000:.0f} ms median"
        f" (min {min(seconds) * 1000:.0f}, max {max(seconds) * 1000:.0f});"
        f" memory held {int(traced) / 2**20:.1f} MiB (tracemalloc),"
        f" resident growth {statistics.median(rss) / 2**20:.1f} MiB {load()}"
    )


# ---------------------------------------------------------------------- W2
Outcome = tuple[int, Board, int, int]
"""A finished game: moves played, final board, score, generator state."""


def play(game: Any, keys: Sequence[Any]) -> int:
    """A new game's two tiles, then keys in turn until the game is over."""
    game.addTile()
    game.addTile()
    moves = 0
    while not game.isGameOver():
        game.move(keys[moves % len(keys)])
        moves += 1
    return moves


def play_ours(seed: int, keys: Sequence[Direction]) -> Outcome:
    game = GameState(4, 4, seed=seed)
    moves = play(game, keys)
    return moves, game.getBoard(), game.getScore(), game.rng.getstate()


def play_baseline(baseline: ModuleType, seed: int, keys: Sequence[Any]) -> Outcome:
    game = baseline.GameState(4, 4, seed=seed)
    moves = play(game, keys)
    return moves, game.getBoard(), game.getScore(), game.rng.getstate()


def play_naive(seed: int, keys: Sequence[Direction]) -> Outcome:
    game = NaiveGame(4, 4, seed=seed)
    moves = play(game, keys)
    return moves, game.board, game.score, game.rng.getstate()


def play_term2048(seed: int, keys: Sequence[int]) -> int:
    random.seed(seed)  # term2048 draws from the global generator
    game = Term2048Board()
    moves = 0
    while game.canMove():
        game.move(keys[moves % len(keys)])
        moves += 1
    return moves


def w2(rounds: int, games: int, warm: int, baseline: ModuleType | None) -> None:
    rnd = random.Random(3)
    keys = [rnd.choice(DIRECTIONS) for _ in range(997)]
    peer_keys = [TERM2048_KEYS[k.name] for k in keys]
    played: dict[str, dict[int, list[Any]]] = {
        "ours": {},
        "naive": {},
        "baseline": {},
        "term2048": {},
    }

    def seeds(r: int) -> range:
        if r < 0:
            return range(1000, 1000 + warm)
        return range(1000 + warm + r * games, 1000 + warm + (r + 1) * games)

    def timed(name: str, play: Callable[[int], Any]) -> Engine:
        """Play round r's games with ``play``; keep what they returned."""

        def run(r: int) -> float:
            start = clock()
            results = [play(seed) for seed in seeds(r)]
            seconds = clock() - start
            played[name][r] = results
            return seconds

        return run

    engines = {
        "ours": timed("ours", lambda seed: play_ours(seed, keys)),
        "naive": timed("naive", lambda seed: play_naive(seed, keys)),
    }
    if baseline is not None:
        base_keys = [baseline.Direction[key.name] for key in keys]
        engines["baseline"] = timed(
            "baseline", lambda seed: play_baseline(baseline, seed, base_keys)
        )
    if Term2048Board is not None:
        engines["term2048"] = timed(
            "term2048", lambda seed: play_term2048(seed, peer_keys)
        )
    series = interleave(rounds, engines)
    # The same games, tile for tile, or the ratio means nothing.
    if played["ours"] != played["naive"]:
        raise SystemExit("W2: ours and the naive port played different games")
    if baseline is not None and played["ours"] != played["baseline"]:
        raise SystemExit("W2: ours and the baseline played different games")
    moves = [sum(o[0] for o in played["ours"][r]) for r in range(rounds)]
    same_games: tuple[str, ...] = ("ours", "naive", "baseline")
    rates = {
        name: sorted(m / s for m, s in zip(moves, series[name].seconds, strict=True))
        for name in same_games
        if name in series
    }
    if "term2048" in series:  # its own games: its own rules and generator
        rates["term2048"] = sorted(
            sum(played["term2048"][r]) / s
            for r, s in enumerate(series["term2048"].seconds)
        )
    print(
        f"\nW2: {games} fresh whole random 4x4 games per round, after a warm-up"
        f" of {warm} others\n  ({sum(moves) / rounds:,.0f} moves a round;"
        f" ours and the naive port play the same games, checked tile for tile)"
        f" {load()}"
    )
    print(f"  {'engine':<10} {'min':>12} {'median':>12} {'max':>12}  moves/s  ratios")
    bases = {name: statistics.median(rates[name]) for name in BASES if name in rates}
    for name, values in rates.items():
        median = statistics.median(values)
        print(
            f"  {name:<10} {values[0]:>12,.0f} {median:>12,.0f} {values[-1]:>12,.0f}"
            f"         {ratios(median, bases)}"
        )
    print(
        "  games/s (median): "
        + ", ".join(
            f"{name} {statistics.median(s.rates(games)):,.1f}"
            for name, s in series.items()
        )
    )


# ------------------------------------------------------------------- scale
def random_board(size: int, rnd: random.Random) -> Board:
    """Half the cells empty, the rest 2..64: a board in the middle of a game."""
    return [
        [0 if rnd.random() < 0.5 else 2 ** rnd.randint(1, 6) for _ in range(size)]
        for _ in range(size)
    ]


def scale(rounds: int, sizes: Sequence[int]) -> None:
    print(f"\nscale: one move + spawn on N x N boards, half full (medians) {load()}")
    print(
        f"  {'N':>4} {'ours us/move':>14} {'naive us/move':>14}"
        f" {'ours ns/cell':>13} {'naive ns/cell':>14} {'speed-up':>9}"
    )
    rnd = random.Random(4)
    for size in sizes:
        board = random_board(size, rnd)
        moves = max(4, 4096 // (size * size)) // 4 * 4

        def ours(_r: int, board: Board = board, moves: int = moves) -> float:
            game = GameState(len(board), len(board), seed=7)
            game.setBoard(board)
            start = clock()
            for i in range(moves):
                game.move(DIRECTIONS[i % 4])
            return clock() - start

        def naive(_r: int, board: Board = board, moves: int = moves) -> float:
            game = NaiveGame(len(board), len(board), seed=7)
            game.board = [row[:] for row in board]
            start = clock()
            for i in range(moves):
                game.move(DIRECTIONS[i % 4])
            return clock() - start

        series = interleave(rounds, {"ours": ours, "naive": naive})
        per_move = {
            name: statistics.median(s.seconds) / moves * 1e6
            for name, s in series.items()
        }
        cells = size * size
        print(
            f"  {size:>4} {per_move['ours']:>14,.1f} {per_move['naive']:>14,.1f}"
            f" {per_move['ours'] * 1000 / cells:>13,.1f}"
            f" {per_move['naive'] * 1000 / cells:>14,.1f}"
            f" {per_move['naive'] / per_move['ours']:>8.2f}x"
        )


# ---------------------------------------------------------------- start-up
def wall_seconds(argv: list[str], cwd: str) -> float:
    """Wall time of one child process fed ``q`` on its standard input."""
    start = time.perf_counter()
    subprocess.run(argv, input=b"q\n", stdout=subprocess.DEVNULL, cwd=cwd, check=True)
    return time.perf_counter() - start


def peak_kib(argv: list[str], cwd: str) -> int | None:
    """Peak resident memory (KiB) of one child, by GNU time; None without it.

    Not from ``os.wait4``: a child forked from this process inherits this
    process's peak, which would hide the child's own.
    """
    if not Path("/usr/bin/time").exists():
        return None
    with tempfile.NamedTemporaryFile("r") as out:
        subprocess.run(
            ["/usr/bin/time", "-f", "%M", "-o", out.name, *argv],
            input=b"q\n",
            stdout=subprocess.DEVNULL,
            cwd=cwd,
            check=True,
        )
        return int(out.read().split()[-1])


def startup(rounds: int) -> None:
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "python -m playmanager, q": [sys.executable, "-m", "playmanager"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    memory: dict[str, list[int]] = {name: [] for name in commands}
    names = list(commands)
    # Bytecode up to date first, as pip install leaves it: with
    # PYTHONDONTWRITEBYTECODE set, every run would compile the sources.
    root = Path(__file__).resolve().parent.parent
    packages = [str(root / "gamestate"), str(root / "playmanager")]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *packages], check=True)
    with tempfile.TemporaryDirectory() as cwd:  # no save file is read
        for r in range(rounds):
            for name in names[r % 2 :] + names[: r % 2]:
                times[name].append(wall_seconds(commands[name], cwd))
                peak = peak_kib(commands[name], cwd)
                if peak is not None:
                    memory[name].append(peak)
    print(
        f"\nstart-up: {rounds} interleaved runs each (wall ms, peak RSS MiB) {load()}"
    )
    for name in names:
        ms = sorted(t * 1000 for t in times[name])
        mib = statistics.median(memory[name]) / 1024 if memory[name] else float("nan")
        print(
            f"  {name:<26} min {ms[0]:6.1f}  median {statistics.median(ms):6.1f}"
            f"  max {ms[-1]:6.1f}   peak {mib:5.1f} MiB"
        )
    base, ours = (statistics.median(times[n]) for n in names)
    print(f"  playmanager / python -c pass: {ours / base:.2f}x time", end="")
    if memory[names[0]]:
        extra = statistics.median(memory[names[1]]) - statistics.median(
            memory[names[0]]
        )
        print(f", {extra / 1024:+.1f} MiB peak memory")
    else:
        print(" (peak memory needs /usr/bin/time)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds")
    parser.add_argument(
        "--baseline",
        metavar="REV",
        help="also time the gamestate package of this git revision in W1"
        " (fresh) and W2, under the name baseline (see bench/baseline.py)",
    )
    parser.add_argument(
        "--only",
        choices=["w1", "w2"],
        action="append",
        help="run only these workloads (repeatable); default all",
    )
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="time each round by the process's CPU time, not the wall clock"
        " (start-up and table builds in other processes stay wall time)",
    )
    args = parser.parse_args()
    if args.cpu_time:
        global clock
        clock = time.process_time
    baseline = None if args.baseline is None else load_baseline(args.baseline)
    quick = args.quick
    print(
        f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs,"
        f" load average {os.getloadavg()[0]:.2f} at the start"
    )
    only = set(args.only or ())
    if not only:
        tables(runs=3 if quick else 5)
    warm_up()
    if baseline is not None:
        baseline.warm_up()
    if not only:
        w1_pool(rounds=5 if quick else 15)
        board_copies(rounds=5 if quick else 15)
    if not only or "w1" in only:
        w1(
            rounds=5 if quick else 21,
            count=200 if quick else 400,
            warm=600 if quick else 8000,
            baseline=baseline,
        )
    if not only or "w2" in only:
        w2(
            rounds=3 if quick else 9,
            games=4 if quick else 12,
            warm=10 if quick else 200,
            baseline=baseline,
        )
    if not only:
        sizes = (4, 16, 64) if quick else (4, 8, 16, 32, 64, 128, 256)
        scale(rounds=3 if quick else 5, sizes=sizes)
        startup(rounds=5 if quick else 21)
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
