"""cProfile of W1's steady state: where one move with its spawn goes.

    python bench/profile_move.py

Builds the tables (``warm_up``), plays 300 random games, then profiles
``move`` on fresh boards from the same kind of games, and prints the top
functions. A move is ``move`` itself (the argument checks, the score),
``_bitboard.slide_parts`` (the table lookups) and ``_spawn_packed`` (the
check that no spawn method is overridden, the empty cells, both
java.util.Random steps written out, the tile). ``bench/ceiling.py`` says
what the same work costs with every call and check taken out.
"""

from __future__ import annotations

import cProfile
import pstats
import random

from engine import DIRECTIONS, mid_game_boards, our_game, play_ours

from gamestate import warm_up


def main() -> None:
    warm_up()
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
