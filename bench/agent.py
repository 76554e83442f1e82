"""Issue 38: what numba is worth to the n-tuple agent, and its pace of play.

Run from the repository root (``pip install -e ".[agent]"``):

    python bench/agent.py            # about a minute on an idle 2-core machine
    python bench/agent.py --quick    # a few seconds

One process; each part alternates numpy and numba rounds and takes the
median. Both learn from the same seeded games (the same weights when the
sums agree), so the ratio is the kernels' alone:

* train: moves per second of :class:`gamestate.agent.Trainer` (four
  6-tuples, 256 games at once), numba / numpy;
* play: one greedy move of :class:`gamestate.agent.GreedyAgent` for one
  board (what a Gymnasium loop pays), microseconds, numpy / numba.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np

from gamestate.agent import GreedyAgent, NTupleNetwork, Settings, Trainer, _kernels

KERNELS = ("numpy", "numba")


def train_rate(name: str, steps: int) -> float:
    """Moves per second of ``steps`` training steps after a warm-up one."""
    _kernels.select(name)
    trainer = Trainer(Settings(seed=1, parallel=256))
    trainer.step()  # numba compiles (or loads its cache) here
    moves = trainer.moves
    start = time.perf_counter()
    for _ in range(steps):
        trainer.step()
    return (trainer.moves - moves) / (time.perf_counter() - start)


def move_microseconds(name: str, network: NTupleNetwork, boards: np.ndarray) -> float:
    _kernels.select(name)
    agent = GreedyAgent(network)
    agent.act(boards[0])
    start = time.perf_counter()
    for board in boards:
        agent.act(board)
    return 1e6 * (time.perf_counter() - start) / len(boards)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    rounds, steps = (1, 20) if args.quick else (3, 100)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    rates: dict[str, list[float]] = {name: [] for name in KERNELS}
    for _round in range(rounds):
        for name in KERNELS:
            rates[name].append(train_rate(name, steps))
    train = {name: statistics.median(values) for name, values in rates.items()}
    for name in KERNELS:
        print(f"train, {name}: {train[name]:,.0f} moves/s (256 games at once)")
    print(f"train: numba is {train['numba'] / train['numpy']:.1f}x numpy")
    network = NTupleNetwork()
    rng = np.random.default_rng(0)
    boards = rng.integers(0, 12, size=(200, 4, 4))
    play = {name: move_microseconds(name, network, boards) for name in KERNELS}
    for name in KERNELS:
        print(f"play, {name}: {play[name]:.0f} us a greedy move (one board)")
    print(f"play: numba is {play['numpy'] / play['numba']:.1f}x numpy")


if __name__ == "__main__":
    main()
