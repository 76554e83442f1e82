"""The hint: the best path for the objective, checked against a brute force.

The oracle below lists every simple path of a grid breadth first (no
bounds, no cleverness), so it is only used on boards whose regions are
small, as random boards' are; the hint must find a path exactly as good
(objective dots, then dots, then a loop), and a path the model accepts.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate.dots import SIZE, CellT, GameBoardT, Level
from gamestate.dots.hint import MAX_STEPS, best_path, hint
from tests.dots_helpers import game_with, levels, neighbours_of

Cell = tuple[int, int]
Key = tuple[int, int, bool]

ALL_R = "/".join(["RRRRRR"] * 6)
# 33 R dots: a path through all 33 exists, but from most starts none does,
# and proving that took 6021 steps before the probes found it in 356.
ALMOST_ALL_R = "RRRRRR/RRRRRR/RRRRRR/RBRRRR/RRBBRR/RRRRRR"
# 32 R dots, the longest path 29: proving no path of 30 takes about 20000
# steps (found by hill climbing on the steps; bench/dots_hint.py).
HARD = "RRRRRR/RRBORR/ROBRRR/RRRRRR/RRRRRR/RRRRRG"


def every_path(grid: list[list[CellT]]) -> list[list[Cell]]:
    """Every simple path of 2 dots or more through neighbours of one colour."""
    layer = [[(r, c)] for r in range(SIZE) for c in range(SIZE)]
    paths = []
    while layer:
        longer = []
        for path in layer:
            r, c = path[-1]
            for cell in neighbours_of(path[-1]):
                if cell not in path and grid[cell[0]][cell[1]] == grid[r][c]:
                    longer.append([*path, cell])
        paths += longer
        layer = longer
    return paths


def key(game: GameBoardT, path: list[Cell]) -> Key:
    """How good ``path`` is, from what the game does when it is played."""
    played = game.copy()
    played.move(path)
    cleared = played.get_score() - game.get_score()
    objective = game.get_obj()[1] - played.get_obj()[1]
    loop = game.squares and len(path) >= 4 and path[-1] in neighbours_of(path[0])
    return objective, cleared, loop


def oracle_best(game: GameBoardT) -> Key | None:
    paths = every_path(game.get_boardT())
    return max((key(game, path) for path in paths), default=None)


@settings(max_examples=60, deadline=None)
@given(level=levels())
def test_the_hint_is_as_good_as_every_path_tried(level: Level) -> None:
    game = GameBoardT(**level._asdict())
    before = game.copy()
    found = best_path(game)
    assert game == before  # the hint never changes the game
    assert found.proven
    best = oracle_best(game)
    if best is None:
        assert found.path is None
        return
    assert found.path is not None
    assert key(game, found.path) == best


def test_the_objective_colour_beats_a_longer_path() -> None:
    # Two R dots (the objective) against a row of six G.
    game = game_with("ROBOBO/ROBOBO/GGGGGG/OBOBOB/BOBOBO/OBOBOB")
    assert hint(game) == [(0, 0), (1, 0)]


def test_without_the_objective_colour_the_longest_path() -> None:
    game = game_with("GOBOBO/GOBOBO/GGGGGG/OBOBOB/BOBOBO/OBOBOB")
    path = hint(game)
    assert path is not None and len(path) == 8  # (0,0) down, then the row
    assert key(game, path) == (0, 8, False)


def test_with_squares_a_loop_clears_the_most() -> None:
    # A 2x2 square of R, and a longer open path of R elsewhere.
    text = "RRBOBO/RROBOB/BOBOBO/RRRRRR/BOBOBO/OBOBOB"
    game = game_with(text, squares=True)
    path = hint(game)
    assert path is not None and sorted(path) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert key(game, path) == (10, 10, True)
    plain = hint(game_with(text))
    assert plain is not None and len(plain) == 6  # the row: no squares


def test_no_hint_without_a_move() -> None:
    checker = "/".join(("ROGBRO" if r % 2 == 0 else "GBROGB") for r in range(6))
    assert best_path(game_with(checker)) == (None, True, 0)
    over = GameBoardT(moves=1)
    over.move([(4, 0), (4, 1)])
    assert hint(over) is None
    won = GameBoardT(objective=(CellT.R, 2))
    won.move([(0, 4), (0, 5)])
    assert hint(won) is None


def test_a_board_of_one_colour_is_crossed_whole() -> None:
    found = best_path(game_with(ALL_R))
    assert found.proven
    assert found.path is not None and len(found.path) == SIZE * SIZE
    game_with(ALL_R).move(found.path)  # a valid path


def test_a_path_through_a_whole_big_region_is_found_by_the_probes() -> None:
    """A path through all 33 R exists from only a few starts: the probes
    find it, and the bound ends the search, well within MAX_STEPS."""
    found = best_path(game_with(ALMOST_ALL_R))
    assert found.proven and found.steps < MAX_STEPS // 4
    assert found.path is not None and len(found.path) == 33
    game_with(ALMOST_ALL_R).move(found.path)  # a valid path


def test_a_board_too_hard_to_prove_still_gets_a_valid_path() -> None:
    """A long search is cut after MAX_STEPS: the path found is kept, and
    best_path says it is not proven."""
    game = game_with(HARD)
    found = best_path(game)
    assert not found.proven and found.steps == MAX_STEPS
    assert found.path is not None and len(found.path) >= 28
    game.move(found.path)
    assert MAX_STEPS >= 1000  # random boards need far fewer (bench/dots_hint.py)


@settings(max_examples=30, deadline=None)
@given(level=levels(), data=st.data())
def test_hints_play_whole_games_and_are_the_same_every_time(
    level: Level, data: st.DataObject
) -> None:
    game = GameBoardT(**level._asdict())
    while (path := hint(game)) is not None:
        assert hint(game) == path
        game.move(path)
    assert game.game_over() or game.is_win() or not game.has_path()
