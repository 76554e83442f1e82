"""Issue 38: the batched engine for any board size (GridBatch), how fast.

Run from the repository root (``pip install -e .[gym]``)::

    python bench/grid.py              # about a minute
    python bench/grid.py --seconds 1  # quicker, noisier

For each board size, N games at once take a fixed cycle of actions
(every move counted, no-ops included), finished games restarted from
new seeds; moves per second, the median of interleaved rounds. Baselines
measured in the same run: the packed 4x4 engine (Batch) at the same N,
and scalar GameState on the same size. After timing, the first game of
each size is replayed in GameState and must match tile for tile.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np

from gamestate import Direction, GameState
from gamestate.batch import Batch, GridBatch

SIZES = ((3, 3), (4, 4), (3, 5), (5, 5), (6, 6))


def batch_rate(
    make: Callable[[list[int]], Batch | GridBatch], count: int, seconds: float
) -> float:
    """Moves a second of ``count`` games at once, for about ``seconds``."""
    batch = make(list(range(count)))
    next_seed = count
    moves, start, turn = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        actions = (np.arange(count) + turn) % 4
        result = batch.step(actions)
        done = np.flatnonzero(result.finished)
        if len(done):
            batch.reset(done, list(range(next_seed, next_seed + len(done))))
            next_seed += len(done)
        moves += count
        turn += 1
    return moves / (time.perf_counter() - start)


def scalar_rate(rows: int, cols: int, seconds: float) -> float:
    """Moves a second of one GameState at a time, the same cycle of actions."""
    seed, moves, start = 0, 0, time.perf_counter()
    game = GameState(rows, cols, seed=seed)
    game.addTile()
    game.addTile()
    while time.perf_counter() - start < seconds:
        game.move(Direction(moves % 4))
        moves += 1
        if game.isGameOver():
            seed += 1
            game = GameState(rows, cols, seed=seed)
            game.addTile()
            game.addTile()
    return moves / (time.perf_counter() - start)


def replay_matches(rows: int, cols: int) -> bool:
    """The first game of a GridBatch, 200 cycled moves, against GameState."""
    batch = GridBatch([0], rows=rows, cols=cols)
    game = GameState(rows, cols, seed=0)
    game.addTile()
    game.addTile()
    for turn in range(200):
        batch.step(np.array([turn % 4]))
        game.move(Direction(turn % 4))
        mine = batch.game(0)
        if (mine.getBoard(), mine.rng.getstate()) != (
            game.getBoard(),
            game.rng.getstate(),
        ):
            return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1024, help="N at once")
    parser.add_argument("--seconds", type=float, default=2.0, help="per timing")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rates: dict[str, list[float]] = {}
    for _round in range(args.rounds):
        rates.setdefault("Batch 4x4", []).append(
            batch_rate(lambda s: Batch(s), args.games, args.seconds)
        )
        for rows, cols in SIZES:
            rates.setdefault(f"GridBatch {rows}x{cols}", []).append(
                batch_rate(
                    lambda s, r=rows, c=cols: GridBatch(s, rows=r, cols=c),
                    args.games,
                    args.seconds,
                )
            )
            rates.setdefault(f"GameState {rows}x{cols}", []).append(
                scalar_rate(rows, cols, args.seconds / 2)
            )
    packed = statistics.median(rates["Batch 4x4"])
    print(f"N = {args.games} games at once, median of {args.rounds} rounds")
    print(f"{'engine':<18}{'moves/s':>12}{'vs Batch 4x4':>14}")
    for name, values in rates.items():
        rate = statistics.median(values)
        print(f"{name:<18}{rate:>12,.0f}{rate / packed:>13.2f}x")
    for rows, cols in SIZES:
        same = replay_matches(rows, cols)
        print(f"{rows}x{cols}: GridBatch's game 0 is GameState's: {same}")


if __name__ == "__main__":
    main()
