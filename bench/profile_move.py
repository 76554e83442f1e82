"""cProfile of W1's steady state: where one move with its spawn goes.

    python bench/profile_move.py

Plays 300 random games to fill the line tables, then profiles ``move`` on
fresh boards from the same kind of games, and prints the top functions.
It shows what bounds W1: two ``JavaRandom.nextInt`` calls per spawn
(position, then value; the draw order is the spec and nextInt must keep
calling ``next`` so that subclasses of the generator behave as in Java),
the override check that keeps subclasses and patched instances exact, and
the table lookups themselves.
"""

from __future__ import annotations

import cProfile
import pstats
import random

from engine import DIRECTIONS, mid_game_boards, our_game, play_ours


def main() -> None:
    rnd = random.Random(3)
    keys = [rnd.choice(DIRECTIONS) for _ in range(997)]
    for seed in range(300):
        play_ours(seed, keys)
    boards = mid_game_boards(3000, seed=5)
    games = [
        (our_game(board, i), keys[i % len(keys)]) for i, board in enumerate(boards)
    ]
    profile = cProfile.Profile()
    profile.enable()
    for game, key in games:
        game.move(key)
    profile.disable()
    pstats.Stats(profile).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
