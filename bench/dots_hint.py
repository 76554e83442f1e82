"""How fast the Dots hint is: the 50 ms target of issue 13, on many boards.

    python bench/dots_hint.py [--boards 500] [--rounds 3] [--seed 0] [--dense 0]

Boards: random starting grids (``random_board=True``, seeds S, S+1, ...,
every other one with squares on) and as many mid-game grids (a seeded
game played by the hint for a few moves). Each board is timed in every
round, the hint and the baseline interleaved, and each board's median
over the rounds counts. The baseline is the naive search the hint must
equal: every simple path from every dot, no bounds. The script checks
that both find paths equally good, then prints the hint's median, 99th
percentile and max in ms, the baseline's, their ratio, and how many
boards the hint could not prove within its step limit. Then the worst
boards we know (one colour almost everywhere), hint only (the naive
search would run for hours), in wall-clock and CPU milliseconds, and
with ``--dense N`` the steps that N random boards of one colour almost
everywhere need with no step limit. The load
average is printed with the figures: the machine may be shared.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

from gamestate.dots import SIZE, CellT, GameBoardT, Level
from gamestate.dots.board import closes_square
from gamestate.dots.hint import MAX_STEPS, best_path

Cell = tuple[int, int]
Key = tuple[int, int, bool]

NO_LIMIT = 10**9
HARD_BOARDS = {
    "one colour": "/".join(["RRRRRR"] * 6),
    "33 R, a path through all": "RRRRRR/RRRRRR/RRRRRR/RBRRRR/RRBBRR/RRRRRR",
    "32 R, no proof in reach": "RRRRRR/RRBORR/ROBRRR/RRRRRR/RRRRRR/RRRRRG",
    "32 R, two dead ends": "RRRBBR/RRRRRR/RBRRRR/RRRRBR/RRRRRR/RRRRRR",
    "comb": "RRRRRR/RBRBRB/RBRBRB/RBRBRB/RBRBRB/RRRRRR",
}


# ------------------------------------------------------------ the baseline
def naive_best(game: GameBoardT) -> Key:
    """The best key of every simple path (the hint's order), no bounds."""
    grid = game.get_boardT()
    objective = game.get_obj()[0]
    counts = {colour: sum(row.count(colour) for row in grid) for colour in CellT}
    best: Key = (0, 0, False)

    def walk(path: list[Cell]) -> None:
        nonlocal best
        colour = grid[path[0][0]][path[0][1]]
        if len(path) >= 2:
            loop = game.squares and closes_square(path)
            cleared = counts[colour] if loop else len(path)
            best = max(best, (cleared if colour is objective else 0, cleared, loop))
        r, c = path[-1]
        for cell in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
            a, b = cell
            on_board = 0 <= a < SIZE and 0 <= b < SIZE
            if on_board and grid[a][b] is colour and cell not in path:
                walk([*path, cell])

    for r in range(SIZE):
        for c in range(SIZE):
            walk([(r, c)])
    return best


def hint_key(game: GameBoardT) -> Key:
    """The key of the hint's path, from what the model does with it."""
    path = best_path(game).path
    if path is None:
        return (0, 0, False)
    played = game.copy()
    played.move(path)
    cleared = played.get_score() - game.get_score()
    objective = game.get_obj()[1] - played.get_obj()[1]
    return objective, cleared, game.squares and closes_square(path)


# ------------------------------------------------------------ the boards
def boards(count: int, seed: int) -> list[GameBoardT]:
    """``count`` random starting grids and ``count`` mid-game grids."""
    found = []
    for i in range(count):
        level = Level(seed + i, True, 50, (CellT.R, 999), squares=i % 2 == 1)
        found.append(GameBoardT(**level._asdict()))
        game = GameBoardT(**level._replace(seed=seed + count + i)._asdict())
        for _ in range(1 + i % 8):
            path = best_path(game).path
            if path is None:
                break
            game.move(path)
        found.append(game)
    return found


def timed(function: Callable[[GameBoardT], object], game: GameBoardT) -> float:
    start = time.perf_counter()
    function(game)
    return (time.perf_counter() - start) * 1000.0


def cpu_timed(function: Callable[[GameBoardT], object], game: GameBoardT) -> float:
    """CPU milliseconds: what the search costs, whatever else the machine does."""
    start = time.process_time()
    function(game)
    return (time.process_time() - start) * 1000.0


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(fraction * len(ordered)), len(ordered) - 1)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--dense",
        type=int,
        default=0,
        help="also N boards of one colour almost everywhere",
    )
    args = parser.parse_args()

    games = boards(args.boards, args.seed)
    wrong = [g for g in games if hint_key(g) != naive_best(g)]
    if wrong:
        print(f"MISMATCH on {len(wrong)} boards, e.g. {wrong[0]!r}")
        return 1
    hint_ms: list[list[float]] = [[] for _ in games]
    naive_ms: list[list[float]] = [[] for _ in games]
    for round_number in range(args.rounds):
        for i, game in enumerate(games):
            pair = [(best_path, hint_ms[i]), (naive_best, naive_ms[i])]
            for function, times in pair if round_number % 2 == 0 else pair[::-1]:
                times.append(timed(function, game))
    hint = [statistics.median(t) for t in hint_ms]
    naive = [statistics.median(t) for t in naive_ms]
    found = [best_path(g) for g in games]
    unproven = sum(not f.proven for f in found)
    most_steps = max(f.steps for f in found)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{len(games)} boards x {args.rounds} rounds; load average {load}")
    print(f"{'':>10}  {'median':>8}  {'p99':>8}  {'max':>8}   (ms per hint)")
    for name, values in (("hint", hint), ("naive", naive)):
        print(
            f"{name:>10}  {statistics.median(values):8.3f}  "
            f"{percentile(values, 0.99):8.3f}  {max(values):8.3f}"
        )
    ratio = statistics.median(naive) / statistics.median(hint)
    print(f"naive / hint, medians: {ratio:.1f}x; equally good paths on every board")
    print(
        f"boards not proven within {MAX_STEPS} steps: {unproven}; "
        f"most steps one board took: {most_steps}"
    )
    print("worst boards known (hint only, median of the rounds):")
    for name, text in HARD_BOARDS.items():
        game = GameBoardT.from_state(
            Level(),
            [[CellT(letter) for letter in row] for row in text.split("/")],
            moves=4,
            objective_count=6,
            score=0,
            generator_state=0,
        )
        ms = statistics.median(timed(best_path, game) for _ in range(args.rounds))
        cpu_ms = statistics.median(
            cpu_timed(best_path, game) for _ in range(args.rounds)
        )
        found = best_path(game)
        size = 0 if found.path is None else len(found.path)
        needs = best_path(game, max_steps=NO_LIMIT).steps
        proven = "proven" if found.proven else f"cut; proving needs {needs} steps"
        print(
            f"  {name:<26} {ms:8.3f} ms ({cpu_ms:.3f} CPU)  {found.steps:5} steps  "
            f"path of {size} ({proven})"
        )
    if args.dense:
        dense_boards(args.dense, args.seed)
    return 0


def dense_boards(count: int, seed: int) -> None:
    """``count`` boards with one colour almost everywhere (each dot R with
    a chance of 70% to 95%, else O, G or B): the steps each needs to be
    proven with no step limit, and the CPU time."""
    rng = random.Random(seed)
    results = []
    for _ in range(count):
        share = rng.choice([0.7, 0.75, 0.8, 0.85, 0.9, 0.95])
        letters = [
            "R" if rng.random() < share else rng.choice("OGB") for _ in range(SIZE**2)
        ]
        grid = [
            [CellT(x) for x in letters[r * SIZE : (r + 1) * SIZE]] for r in range(SIZE)
        ]
        game = GameBoardT.from_state(
            Level(), grid, moves=4, objective_count=6, score=0, generator_state=0
        )
        start = time.process_time()
        steps = best_path(game, max_steps=NO_LIMIT).steps
        results.append((steps, (time.process_time() - start) * 1000.0))
    steps = [s for s, _ in results]
    print(
        f"{count} boards of 70% to 95% R, no step limit: steps median "
        f"{statistics.median(steps):.0f}, max {max(steps)}; "
        f"{sum(s > MAX_STEPS for s in steps)} need more than {MAX_STEPS}; "
        f"CPU ms median {statistics.median(ms for _, ms in results):.2f}, "
        f"max {max(ms for _, ms in results):.1f}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
