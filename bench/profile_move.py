"""cProfile of W1's steady state: where one move with its spawn goes.

    python bench/profile_move.py

Plays 300 random games to fill the line tables, then profiles ``move`` on
fresh boards from the same kind of games, and prints the top functions.
A move is ``move`` itself (the argument checks, the score), ``slide``
(four table lookups), and ``_spawn_packed`` (the check that no spawn
method is overridden, the empty cells, the tile), which makes its two
draws through one ``JavaRandom.next_int_pair`` call; ``_learn`` is the
cost of lines met for the first time. ``bench/ceiling.py`` says what the
same work costs with every call and check taken out.
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
