"""How strong and how fast the solver is: a fixed set of seeded games.

    python bench/solver.py [--games 50] [--seed 1] [--jobs 1 | --ray [ADDRESS]]
        [--depth D | --ms T]

Plays games seeded S, S+1, ... with the Java rules (a 4x4 board, two
starting tiles, Config.TWO_PROB = 70), the solver choosing every move, and
prints a line per game as it ends, then the rates of reaching 2048, 4096
and 8192 and the median milliseconds per move: wall-clock time (what a
player waits) and CPU time (what the search costs, whatever else the
machine is doing), with the load average, since the machine may be shared. ``--ray`` plays the games as Ray tasks
(a local Ray, or the cluster at ADDRESS; see playmanager.ray_pool), in
the order they end.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import statistics
import sys
import time

from gamestate import Config, Direction, GameState
from gamestate.solver import best_move
from playmanager import ray_pool
from playmanager.twenty48.autoplay import (
    GameResult,
    Report,
    format_table,
    new_game,
    play_game,
)

RATE_TILES = (2048, 4096, 8192)


def play_seed(
    task: tuple[int, int | None, float | None],
) -> tuple[GameResult, list[float]]:
    """Play the game of one seed; return it and the CPU ms of each move."""
    seed, depth, ms = task
    Config.TWO_PROB = 70  # the Java rules, in every worker process
    cpu_ms: list[float] = []

    def choose(game: GameState) -> Direction | None:
        start = time.process_time()
        move = best_move(game, depth=depth, ms=ms)
        cpu_ms.append((time.process_time() - start) * 1000.0)
        return move

    result = play_game(new_game(seed), seed, choose, lambda game: None)
    return result, cpu_ms[: result.moves]  # the last call found no move


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    workers = parser.add_mutually_exclusive_group()
    workers.add_argument(
        "--jobs", type=int, default=1, help="games played at once (processes)"
    )
    workers.add_argument(
        "--ray", nargs="?", const=ray_pool.LOCAL, metavar="ADDRESS",
        help="play the games as Ray tasks (a local Ray without ADDRESS)",
    )
    search = parser.add_mutually_exclusive_group()
    search.add_argument("--depth", type=int, default=None)
    search.add_argument("--ms", type=float, default=None)
    args = parser.parse_args()

    report = Report(games=args.games, seed=args.seed, depth=args.depth, ms=args.ms)
    tasks = [(args.seed + i, args.depth, args.ms) for i in range(args.games)]
    cpu_ms: list[float] = []
    started = time.perf_counter()
    with contextlib.ExitStack() as stack:
        if args.ray is not None:
            games = ray_pool.imap_unordered(play_seed, tasks, args.ray)
        else:
            games = stack.enter_context(multiprocessing.Pool(args.jobs)).imap(
                play_seed, tasks
            )
        for index, (result, cpu) in enumerate(games):
            report.results.append(result)
            cpu_ms.extend(cpu)
            print(
                f"game {index + 1:>3}  seed {result.seed:>4}  "
                f"max tile {result.max_tile:>5}  score {result.score:>7}  "
                f"moves {result.moves:>5}  "
                f"median ms {statistics.median(result.move_ms or (0.0,)):.1f}",
                flush=True,
            )
    minutes = (time.perf_counter() - started) / 60.0

    print()
    print(format_table(report), end="")
    reached = report.reached()
    rates = "  ".join(
        f"{tile}: {reached.get(tile, 0) / args.games:.0%}" for tile in RATE_TILES
    )
    print(f"reached  {rates}")
    print(
        f"median ms per move: wall {report.median_ms() or 0:.1f}, "
        f"cpu {statistics.median(cpu_ms) if cpu_ms else 0:.1f}"
    )
    print(
        f"{minutes:.1f} minutes with "
        f"{f'Ray {args.ray}' if args.ray else f'{args.jobs} job(s)'}; "
        "load average at the end "
        f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
