"""Rules of Dots that hold for every level and every path (hypothesis).

A valid move removes exactly the path's dots (or, closing a square with
squares on, every dot of its colour); the dots that stay only fall, in
order, down their own columns; the grid stays 6x6 of CellT; the score and
the objective count what was cleared. A refused path changes nothing. The
same level and the same paths give the same game.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate.dots import SIZE, CellT, GameBoardT, Level, RefusedMoveError
from tests.dots_helpers import levels, neighbours_of, valid_paths

Cell = tuple[int, int]


def start(level: Level) -> GameBoardT:
    return GameBoardT(**level._asdict())


def columns(grid: list[list[CellT]]) -> list[list[CellT]]:
    return [[grid[r][c] for r in range(SIZE)] for c in range(SIZE)]


def closes_loop(path: list[Cell]) -> bool:
    first, last = path[0], path[-1]
    return len(path) >= 4 and abs(first[0] - last[0]) + abs(first[1] - last[1]) == 1


@settings(max_examples=150)
@given(level=levels(), data=st.data())
def test_a_valid_move_clears_its_dots_and_the_rest_falls(
    level: Level, data: st.DataObject
) -> None:
    game = start(level)
    path = data.draw(valid_paths(game))
    if path is None:
        return
    before = game.get_boardT()
    colour = before[path[0][0]][path[0][1]]
    square = level.squares and closes_loop(path)
    cleared = (
        {(r, c) for r in range(SIZE) for c in range(SIZE) if before[r][c] == colour}
        if square
        else set(path)
    )
    game.move(path)
    after = game.get_boardT()
    assert len(after) == SIZE
    assert all(
        len(row) == SIZE and all(isinstance(x, CellT) for x in row) for row in after
    )
    for c, (old, new) in enumerate(zip(columns(before), columns(after), strict=True)):
        kept = [cell for r, cell in enumerate(old) if (r, c) not in cleared]
        removed = SIZE - len(kept)
        # The dots that stay keep their order at the bottom: they only fall.
        assert new[removed:] == kept
    assert game.get_score() == len(cleared)
    counted = len(cleared) if colour == level.objective[0] else 0
    assert game.get_obj() == (level.objective[0], level.objective[1] - counted)
    assert game.get_moves() == level.moves - 1


def is_valid(grid: list[list[CellT]], path: list[Cell]) -> bool:
    """A path as the MIS's assumptions describe a valid one, checked alone."""
    if len(path) < 2 or len(set(path)) != len(path):
        return False
    if not all(0 <= r < SIZE and 0 <= c < SIZE for r, c in path):
        return False
    colour = grid[path[0][0]][path[0][1]]
    if any(grid[r][c] != colour for r, c in path):
        return False
    return all(b in neighbours_of(a) for a, b in itertools.pairwise(path))


coordinates = st.tuples(st.integers(-2, 7), st.integers(-2, 7))


@settings(max_examples=200)
@given(level=levels(), path=st.lists(coordinates, max_size=7))
def test_a_refused_path_changes_nothing_and_only_invalid_paths_are_refused(
    level: Level, path: list[Cell]
) -> None:
    game = start(level)
    before = game.copy()
    try:
        game.move(path)
    except RefusedMoveError:
        assert game == before
        assert not is_valid(before.get_boardT(), path)
    else:
        assert is_valid(before.get_boardT(), path)


@settings(max_examples=40)
@given(level=levels(), data=st.data())
def test_the_same_level_and_paths_give_the_same_game(
    level: Level, data: st.DataObject
) -> None:
    one, two = start(level), start(level)
    assert one == two
    while not (one.game_over() or one.is_win()):
        path = data.draw(valid_paths(one))
        if path is None:
            break
        one.move(path)
        two.move(list(path))
        assert one == two
        assert one.get_boardT() == two.get_boardT()


@settings(max_examples=40)
@given(level=levels(squares=True), data=st.data())
def test_refused_moves_after_the_end_change_nothing(
    level: Level, data: st.DataObject
) -> None:
    game = start(level)
    while not (game.game_over() or game.is_win()):
        path = data.draw(valid_paths(game))
        if path is None:
            return
        game.move(path)
    path = data.draw(valid_paths(game))
    if path is not None:
        before = game.copy()
        try:
            game.move(path)
        except RefusedMoveError:
            assert game == before
        else:
            raise AssertionError("a move after the end was played")
