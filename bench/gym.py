"""Issue 15's targets: the batch engine and the Gymnasium environments.

Run from the repository root (``pip install -e .[gym,bench]`` adds numpy,
gymnasium and the peer gymnasium-2048):

    python bench/gym.py            # the full run, under half a minute
    python bench/gym.py --quick    # a few seconds, for development
    python bench/gym.py --profile  # where a batch step and an env step go
    python bench/gym.py --only env # one part (tables, games, env, vector)

One process, interleaved rounds (bench/engine.py's ``interleave``: every
round times every engine once, in a rotating order), medians:

* games: whole random 4x4 games, moves per second (every move counted,
  no-ops included, as bench/engine.py's W2 counts them): the batch at
  N = 4096 (finished games restarted from new seeds in the same step),
  scalar GameState and the naive port (bench/naive.py), each playing
  whole games from new seeds. Targets: batch >= 3M moves/s, >= 60x the
  naive port, >= 8x GameState. After timing, some of the batch's games
  are replayed in GameState and must match tile for tile.
* env: ``step`` of the single environment against gymnasium-2048's, both
  made by ``gymnasium.make`` (the same wrappers), random actions,
  reset at episode end. Target: >= 4x.
* vector: the vector environment at N = 1024, steps per second (N per
  call). Target: >= 1M.
* tables: build seconds in fresh processes (target < 1 s) and memory of
  the tables, of a batch's state and of one step's temporaries.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine import Engine, interleave, play  # bench/ is not a package
from naive import NaiveGame

import gamestate.gym
from gamestate import Direction, GameState
from gamestate.batch import Batch, tables

try:
    import gymnasium_2048
except ImportError:  # the peer is optional: pip install -e .[bench]
    gymnasium_2048 = None

DIRECTIONS = list(Direction)
KEYS = 997
"""Length of the cycled action tables (as W2's key list)."""


@dataclass
class Record:
    """One engine's rounds: work done, wall seconds and CPU seconds of each."""

    work: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def rates(self, cpu: bool = False) -> list[float]:
        seconds = self.cpu if cpu else self.wall
        return sorted(w / s for w, s in zip(self.work, seconds, strict=True))


def measured(
    records: dict[str, Record], name: str, work: Callable[[], float]
) -> Engine:
    """An engine for ``interleave``: runs ``work`` (which returns how much
    it did), records wall and CPU time (``time.process_time``: this
    process alone, on one core) and returns the wall time."""
    records[name] = Record()

    def run(r: int) -> float:
        wall, cpu = time.perf_counter(), time.process_time()
        done = work()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        if r >= 0:
            records[name].work.append(done)
            records[name].wall.append(wall)
            records[name].cpu.append(cpu)
        return wall

    return run


def report(title: str, unit: str, records: dict[str, Record], base: str) -> None:
    """Medians per wall second and per CPU second, with ratios to ``base``."""
    for cpu in (False, True):
        clock = "CPU second (this process)" if cpu else "wall second"
        print(f"\n{title} per {clock}")
        print(f"  {'engine':<16} {'min':>12} {'median':>12} {'max':>12}  vs {base}")
        reference = statistics.median(records[base].rates(cpu))
        for name, record in records.items():
            values = record.rates(cpu)
            median = statistics.median(values)
            print(
                f"  {name:<16} {values[0]:>12,.0f} {median:>12,.0f} {values[-1]:>12,.0f}"
                f"  {median / reference:7.2f}x"
            )


# ------------------------------------------------------------------ games
class BatchRun:
    """The batch playing whole random games: N games, restarted when over."""

    def __init__(self, count: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.actions = rng.integers(0, 4, (KEYS, count))
        self.next_seed = 10**9
        self.batch = Batch(range(self.next_seed, self.next_seed + count))
        self.started = [(s, 0) for s in range(self.next_seed, self.next_seed + count)]
        self.next_seed += count
        self.turn = 0

    def run(self, steps: int, track: bool = False) -> int:
        count = len(self.batch)
        for _ in range(steps):
            seeds = np.arange(self.next_seed, self.next_seed + count)
            self.next_seed += count
            result = self.batch.step(self.actions[self.turn % KEYS], reset_seeds=seeds)
            self.turn += 1
            if track:
                for i in np.flatnonzero(result.finished[:16]):
                    self.started[i] = (int(seeds[i]), self.turn)
        return steps * count

    def check(self, steps: int) -> None:
        """Play 16 games' histories in GameState: the same games, or stop."""
        self.run(steps, track=True)
        for i in range(16):
            seed, first = self.started[i]
            game = GameState(4, 4, seed=seed)
            game.addTile()
            game.addTile()
            for turn in range(first, self.turn):
                game.move(DIRECTIONS[self.actions[turn % KEYS, i]])
            mine = self.batch.game(i)
            if (mine.getBoard(), mine.getScore(), mine.rng.getstate()) != (
                game.getBoard(),
                game.getScore(),
                game.rng.getstate(),
            ):
                raise SystemExit(f"games: batch game {i} differs from GameState")


def games(rounds: int, count: int, steps: int, scalar_games: int) -> None:
    rnd = random.Random(3)
    keys = [rnd.choice(DIRECTIONS) for _ in range(KEYS)]
    batch = BatchRun(count, seed=5)
    seeds = iter(range(1000, 10**9))
    gamestate.warm_up()  # GameState's tables, as the batch's are built first

    def whole_games(make: Callable[[int], Any]) -> Callable[[], float]:
        return lambda: sum(play(make(next(seeds)), keys) for _ in range(scalar_games))

    records: dict[str, Record] = {}
    interleave(
        rounds,
        {
            "batch": measured(records, "batch", lambda: batch.run(steps)),
            "GameState": measured(
                records, "GameState", whole_games(lambda s: GameState(4, 4, seed=s))
            ),
            "naive": measured(
                records, "naive", whole_games(lambda s: NaiveGame(4, 4, seed=s))
            ),
        },
    )
    batch.check(steps=300)
    print(
        f"\ngames: whole random 4x4 games; batch N = {count} ({steps} steps a round,"
        f" games restarted in the step), scalar {scalar_games} games a round"
    )
    report("  moves", "moves/s", records, "naive")
    for cpu in (False, True):
        ratio = statistics.median(records["batch"].rates(cpu)) / statistics.median(
            records["GameState"].rates(cpu)
        )
        print(
            f"  batch vs GameState per {'CPU' if cpu else 'wall'} second: {ratio:.2f}x"
        )
    print("  (16 of the batch's games replayed in GameState after timing: identical)")


# -------------------------------------------------------------------- env
def env_runner(env: gym.Env[Any, Any], steps: int) -> Callable[[], float]:
    actions = np.random.default_rng(11).integers(0, 4, steps).tolist()
    env.reset(seed=1)

    def run() -> float:
        for action in actions:
            _obs, _reward, terminated, truncated, _info = env.step(action)
            if terminated or truncated:
                env.reset()
        return steps

    return run


def envs(rounds: int, steps: int) -> None:
    made = {
        "ours": gym.make(gamestate.gym.ENV_ID),
        "ours onehot": gym.make(gamestate.gym.ENV_ID, observation="onehot"),
    }
    if gymnasium_2048 is not None:
        made["gymnasium-2048"] = gym.make("gymnasium_2048/TwentyFortyEight-v0")
    records: dict[str, Record] = {}
    engines = {
        name: measured(records, name, env_runner(env, steps))
        for name, env in made.items()
    }
    interleave(rounds, engines)
    base = "gymnasium-2048" if gymnasium_2048 is not None else "ours"
    print(
        f"\nenv: single environment step, {steps} random actions a round, via gymnasium.make"
    )
    if gymnasium_2048 is None:
        print("  gymnasium-2048 is not installed (pip install -e .[bench]): no ratio")
    print("  (gymnasium-2048 observes a one-hot (4, 4, 16); ours exponents or one-hot)")
    report("  steps", "steps/s", records, base)


def vector(rounds: int, count: int, steps: int) -> None:
    envs = gym.make_vec(
        gamestate.gym.ENV_ID, num_envs=count, vectorization_mode="vector_entry_point"
    )
    envs.reset(seed=3)
    actions = iter(
        np.random.default_rng(12).integers(0, 4, (KEYS, count)).tolist() * 1000
    )

    def run() -> float:
        for _ in range(steps):
            envs.step(np.array(next(actions)))
        return steps * count

    records: dict[str, Record] = {}
    interleave(rounds, {"vector env": measured(records, "vector env", run)})
    print(f"\nvector: N = {count}, {steps} steps a round (next-step autoreset)")
    report("  sub-environment steps", "steps/s", records, "vector env")


# ----------------------------------------------------------------- tables
def table_costs(count: int) -> None:
    code = (
        "import time; t = time.perf_counter(); import gamestate.batch as b;"
        " i = time.perf_counter() - t; s = b.tables().seconds; print(i, s)"
    )
    runs = [
        [
            float(x)
            for x in subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            ).stdout.split()
        ]
        for _ in range(3)
    ]
    imports = statistics.median(r[0] for r in runs)
    builds = statistics.median(r[1] for r in runs)
    batch = Batch(range(count))
    state = sum(
        a.nbytes
        for a in (
            batch.boards,
            batch._columns,
            batch.scores,
            batch.states,
            batch.two_prob,
            batch.legal,
        )
    )
    actions = np.zeros(count, dtype=np.int64)
    tracemalloc.start()
    batch.step(actions, reset_seeds=np.arange(count))
    _now, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print("\ntables and memory")
    print(
        f"  table build (fresh process, median of 3): {builds:.3f} s"
        f" (import of gamestate.batch with numpy: {imports:.3f} s)"
    )
    print(f"  tables: {tables().nbytes / 2**20:.2f} MiB, once per process")
    print(
        f"  batch state at N = {count}: {state / 1024:.0f} KiB ({state / count:.0f} bytes a game)"
    )
    print(f"  one step's temporaries at N = {count}: peak {peak / 2**20:.2f} MiB")


def profile() -> None:
    """Where a batch step and a single-env step spend their time (cProfile:
    numpy's own calls are inside the Python functions that make them)."""
    batch = BatchRun(4096, seed=5)
    batch.run(50)
    single = env_runner(gym.make(gamestate.gym.ENV_ID), 20000)
    for title, work in (
        ("batch, N = 4096, 300 steps", lambda: batch.run(300)),
        ("single env, 20000 steps", single),
    ):
        profiler = cProfile.Profile()
        profiler.runcall(work)
        print(f"\nprofile: {title}")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)


PARTS = ("tables", "games", "env", "vector")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds")
    parser.add_argument("--profile", action="store_true", help="profiles only")
    parser.add_argument("--only", choices=PARTS, action="append", help="these parts")
    arguments = parser.parse_args()
    if arguments.profile:
        profile()
        return
    quick = arguments.quick
    parts = arguments.only or PARTS
    print(
        f"Python {sys.version.split()[0]}, numpy {np.__version__}, gymnasium"
        f" {gym.__version__}, {os.cpu_count()} CPUs, load average"
        f" {os.getloadavg()[0]:.2f} at the start"
    )
    if "tables" in parts:
        table_costs(4096)
    if "games" in parts:
        games(
            rounds=3 if quick else 9,
            count=4096,
            steps=20 if quick else 100,
            scalar_games=3 if quick else 15,
        )
    if "env" in parts:
        envs(rounds=3 if quick else 9, steps=500 if quick else 3000)
    if "vector" in parts:
        vector(rounds=3 if quick else 9, count=1024, steps=30 if quick else 200)
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
