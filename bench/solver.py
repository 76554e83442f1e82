"""How strong and how fast the solver is: a fixed set of seeded games.

    python bench/solver.py [--games 50] [--seed 1] [--jobs 1 | --ray [ADDRESS]]
        [--depth D | --ms T] [--journal FILE.jsonl] [--moves N]

Plays games seeded S, S+1, ... with the Java rules (a 4x4 board, two
starting tiles, Config.TWO_PROB = 70), the solver choosing every move, and
prints a line per game as it ends, then the rates of reaching 2048, 4096
and 8192 and the median milliseconds per move: wall-clock time (what a
player waits) and CPU time (what the search costs, whatever else the
machine is doing), with the load average, since the machine may be shared,
and the chance nodes the search expanded per CPU second. ``--ray`` plays
the games as Ray tasks (a local Ray, or the cluster at ADDRESS; see
playmanager.ray_pool), in the order they end.

With ``--moves N`` each game stops after N moves: the time and nodes a
move takes, measured in minutes where whole games take an hour (the rates
then say only how far N moves got).

With ``--journal``, each game's record (seed, max tile, score, moves, the
median ms and the nodes per second) is appended to the file as the game
ends, flushed, and games whose seed the journal already holds are not
played again: a long run that is stopped keeps its figures, and the same
command resumes it. The summary counts the journal's games of this run.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Iterator

from gamestate import Config, Direction, GameState
from gamestate.solver import compile_search, search_move
from playmanager import ray_pool
from playmanager.twenty48.autoplay import (
    GameResult,
    Report,
    format_table,
    new_game,
    play_game,
)

RATE_TILES = (2048, 4096, 8192, 16384)


def play_seed(
    task: tuple[int, int | None, float | None, int | None],
) -> tuple[GameResult, list[float], int]:
    """Play the game of one seed (to its end, or ``moves`` moves); return it,
    the CPU ms of each move and the chance nodes all its searches expanded."""
    seed, depth, ms, moves = task
    Config.TWO_PROB = 70  # the Java rules, in every worker process
    compile_search()  # when numba is installed; built here, untimed
    search_move(new_game(seed), depth=1)  # the Python tables too
    cpu_ms: list[float] = []
    nodes = 0

    def choose(game: GameState) -> Direction | None:
        nonlocal nodes
        if moves is not None and len(cpu_ms) >= moves:
            return None
        start = time.process_time()
        move, expanded = search_move(game, depth=depth, ms=ms)
        cpu_ms.append((time.process_time() - start) * 1000.0)
        nodes += expanded
        return move

    result = play_game(new_game(seed), seed, choose, lambda game: None)
    return result, cpu_ms[: result.moves], nodes  # the last call found no move


def game_record(
    result: GameResult, cpu_ms: list[float], nodes: int
) -> dict[str, float]:
    """One game's journal line."""
    cpu_seconds = sum(cpu_ms) / 1000.0
    return {
        "seed": result.seed,
        "max_tile": result.max_tile,
        "score": result.score,
        "moves": result.moves,
        "median_wall_ms": statistics.median(result.move_ms or (0.0,)),
        "median_cpu_ms": statistics.median(cpu_ms or (0.0,)),
        "nodes": nodes,
        "nodes_per_cpu_s": nodes / cpu_seconds if cpu_seconds else 0.0,
    }


def read_journal(path: str | None) -> dict[int, dict[str, float]]:
    """Seed -> record of the games a journal holds (none without one)."""
    if path is None or not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as journal:
        records = [json.loads(line) for line in journal if line.strip()]
    return {int(record["seed"]): record for record in records}


def append_record(path: str | None, record: dict[str, float]) -> None:
    """Add one game to the journal, flushed, so a stopped run keeps it."""
    if path is not None:
        with open(path, "a", encoding="utf-8") as journal:
            journal.write(json.dumps(record) + "\n")


def print_summary(records: list[dict[str, float]]) -> None:
    """The rates, medians and nodes per second of the finished games."""
    games = len(records)
    if not games:
        print("no game finished yet")
        return
    rates = "  ".join(
        f"{tile}: {sum(r['max_tile'] >= tile for r in records) / games:.0%}"
        for tile in RATE_TILES
    )
    print(f"{games} games  reached  {rates}")
    print(
        "median of the games' median ms per move: wall "
        f"{statistics.median(r['median_wall_ms'] for r in records):.1f}, cpu "
        f"{statistics.median(r['median_cpu_ms'] for r in records):.1f}; "
        f"nodes per cpu second {statistics.median(r['nodes_per_cpu_s'] for r in records):,.0f}"
    )


def play_all(
    args: argparse.Namespace,
    tasks: list[tuple[int, int | None, float | None, int | None]],
    report: Report,
    done: dict[int, dict[str, float]],
) -> None:
    """Play ``tasks`` on the process pool or Ray, journalling and printing
    each game as it ends. Raises ray_pool.RayError when --ray cannot be
    used (raised at the first result: the Ray is joined then)."""
    games: Iterator[tuple[GameResult, list[float], int]]
    with contextlib.ExitStack() as stack:
        if args.ray is not None:
            games = ray_pool.imap_unordered(play_seed, tasks, args.ray)
        else:
            games = stack.enter_context(multiprocessing.Pool(args.jobs)).imap_unordered(
                play_seed, tasks
            )
        for result, cpu, nodes in games:
            report.results.append(result)
            record = done[result.seed] = game_record(result, cpu, nodes)
            append_record(args.journal, record)
            print(
                f"seed {result.seed:>4}  max tile {result.max_tile:>5}  "
                f"score {result.score:>7}  moves {result.moves:>5}  "
                f"median ms {record['median_wall_ms']:.1f}  "
                f"nodes/s {record['nodes_per_cpu_s']:,.0f}",
                flush=True,
            )


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
    parser.add_argument("--moves", type=int, default=None, help="stop each game here")
    parser.add_argument("--journal", default=None, help="JSONL file of finished games")
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    done = read_journal(args.journal)

    report = Report(games=args.games, seed=args.seed, depth=args.depth, ms=args.ms)
    tasks = [
        (seed, args.depth, args.ms, args.moves) for seed in seeds if seed not in done
    ]
    started = time.perf_counter()
    try:
        play_all(args, tasks, report, done)
    except ray_pool.RayError as error:  # a bad --ray address, or no Ray
        print(f"solver.py: {error}", file=sys.stderr)
        return 2
    minutes = (time.perf_counter() - started) / 60.0
    if report.results:
        print()
        print(format_table(report), end="")
    print_summary([done[seed] for seed in seeds if seed in done])
    print(
        f"{minutes:.1f} minutes with "
        f"{f'Ray {args.ray}' if args.ray else f'{args.jobs} job(s)'}; "
        "load average at the end "
        f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
