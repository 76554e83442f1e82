"""Writeup requirements of rollRNG, randomTile, countEmptyTiles and addTile.

Every draw is scripted through rollRNG (support.Rolls), the writeup's hook
for randomness; the rules hold for any bound an implementation draws with.
"""

from __future__ import annotations

from typing import Any

import pytest

from gamestate.conformance.fixtures import NewGame
from gamestate.conformance.support import (
    Rolls,
    assert_unchanged,
    last,
    requirement,
    show,
    snapshot,
)

# Config.java's value, which the writeup's tests assume: "TWO_PROB=70 means
# 70% chance" of a 2.
TWO_PROB = 70
SAMPLE = ((2, 0, 4), (0, 8, 0))
FULL = ((2, 4), (8, 16))
LARGEST_ENUMERATED_BOUND = 100_000


def empty_cells(board: tuple[tuple[int, ...], ...]) -> list[tuple[int, int]]:
    return [
        (row, col)
        for row, values in enumerate(board)
        for col, value in enumerate(values)
        if value == 0
    ]


def changed_cells(before: Any, after: Any) -> list[tuple[int, int]]:
    return [
        (row, col)
        for row, (old, new) in enumerate(zip(before, after, strict=True))
        for col, (a, b) in enumerate(zip(old, new, strict=True))
        if a != b
    ]


@requirement("R09")
@pytest.mark.parametrize("bound", [1, 2, 5, 16, 100])
def test_roll_rng_stays_below_the_bound(GameState: Any, bound: int) -> None:
    """rollRNG: "Return a random integer between 0(inclusive) and
    bound(exclusive)." (The suite scripts randomness through rollRNG, so it
    requires this optional method.)"""
    game = GameState(4, 4)
    draws = [game.rollRNG(bound) for _ in range(200)]
    outside = [value for value in draws if not 0 <= value < bound]
    assert not outside, f"rollRNG({bound}) returned {outside[:5]}"
    if bound > 1:
        assert len(set(draws)) > 1, (
            f"200 calls of rollRNG({bound}) all returned {draws[0]}: not random"
        )


@requirement("R10")
def test_random_tile_is_two_with_probability_two_prob(new_game: NewGame) -> None:
    """randomTile: "Return the int value 2 with probability TWO_PROB (from the
    Config.java file, where TWO_PROB=70 means 70% chance) and 4 with the
    remaining probabilty." Checked exactly: over every number rollRNG can
    return, 70% give a 2 and the rest a 4."""
    probe = Rolls(0)
    new_game(SAMPLE, rolls=probe).randomTile()
    assert probe.bounds, "randomTile() must draw its number with rollRNG()"
    bound = probe.bounds[0]
    assert bound <= LARGEST_ENUMERATED_BOUND, f"rollRNG({bound}) is too large to check"
    game = new_game(SAMPLE)
    tiles = []
    for roll in range(bound):
        game.rollRNG = Rolls(roll)
        tiles.append(game.randomTile())
    assert set(tiles) <= {2, 4}, f"randomTile() returned {set(tiles) - {2, 4}}"
    twos = tiles.count(2)
    assert twos * 100 == TWO_PROB * bound, (
        f"randomTile() gave 2 for {twos} of the {bound} numbers rollRNG({bound}) "
        f"can return, a {twos * 100 / bound:g}% chance; TWO_PROB is {TWO_PROB}%"
    )


@requirement("R11")
@pytest.mark.parametrize("roll", [0, last], ids=["two", "four"])
def test_random_tile_changes_nothing(new_game: NewGame, roll: Any) -> None:
    """randomTile: "This method should not make any changes to the game
    state."
    """
    game = new_game(SAMPLE, score=12, rolls=Rolls(roll))
    game.randomTile()
    assert_unchanged(game, SAMPLE, 12, "randomTile()")


@requirement("R12")
@pytest.mark.parametrize(
    ("board", "empty"),
    [(SAMPLE, 3), (FULL, 0), (((0, 0), (0, 0), (0, 0)), 6), (((0,), (2,), (0,)), 2)],
    ids=["sample", "full", "empty", "column"],
)
def test_count_empty_tiles(new_game: NewGame, board: Any, empty: int) -> None:
    """countEmptyTiles: "Return the number of empty tiles on the board. This
    method should not make any changes to the game state."
    """
    game = new_game(board, score=4)
    count = game.countEmptyTiles()
    assert count == empty, f"countEmptyTiles() of {show(board)} gave {count!r}"
    assert_unchanged(game, board, 4, "countEmptyTiles()")


@requirement("R13")
def test_add_tile_on_a_full_board(new_game: NewGame) -> None:
    """addTile: "If there is not empty tile, don't add any tiles to the board
    and return 0." (And draw nothing: there is nothing to choose.)"""
    rolls = Rolls()
    game = new_game(FULL, score=4, rolls=rolls)
    added = game.addTile()
    assert added == 0, f"addTile() on the full board {show(FULL)} returned {added!r}"
    assert rolls.bounds == [], f"addTile() on a full board drew rollRNG{rolls.bounds}"
    assert_unchanged(game, FULL, 4, "addTile() on a full board")


@requirement("R14")
@pytest.mark.parametrize(("rolls", "tile"), [((0, 0), 2), ((last, last), 4)])
def test_add_tile_places_the_random_tile(
    new_game: NewGame, rolls: tuple[Any, Any], tile: int
) -> None:
    """addTile: "Then, add the tile decided by randomTile(), and add it to
    the board. Return the type of the tile just added to the board ... This
    method should not make any changes to the game state other than adding
    the new tile."
    """
    game = new_game(SAMPLE, score=12, rolls=Rolls(*rolls))
    added = game.addTile()
    after = snapshot(game)
    changed = changed_cells(SAMPLE, after)
    assert added == tile, f"addTile() returned {added!r}; randomTile() gave {tile}"
    assert len(changed) == 1, (
        f"addTile() must change exactly one cell: {show(SAMPLE)} became {show(after)}"
    )
    [(row, col)] = changed
    assert SAMPLE[row][col] == 0, (
        f"addTile() overwrote the tile at row {row}, col {col}"
    )
    assert after[row][col] == tile, (
        f"addTile() placed {after[row][col]}, returned {tile}"
    )
    assert game.getScore() == 12, "addTile() changed the score"


@requirement("R15")
def test_add_tile_draws_the_cell_among_all_empty_cells(new_game: NewGame) -> None:
    """addTile: "Randomly choose a tile out of all the empty tiles (you can
    use rollRNG() to help you choose the spot to add the tile). Then, add the
    tile decided by randomTile()". The cell is drawn first, one rollRNG over
    the empty cells, and each possible number picks a different empty cell."""
    board = ((2, 0, 4), (0, 0, 8), (16, 0, 0))
    empty = empty_cells(board)
    picked = []
    for k in range(len(empty)):
        rolls = Rolls(k, 0)
        game = new_game(board, rolls=rolls)
        game.addTile()
        assert rolls.bounds[:1] == [len(empty)], (
            f"addTile() must first draw the cell with rollRNG({len(empty)}) (the "
            f"{len(empty)} empty cells), then the tile; it drew rollRNG{rolls.bounds}"
        )
        picked.extend(changed_cells(board, snapshot(game)))
    assert sorted(picked) == empty, (
        f"rolls 0..{len(empty) - 1} must pick each empty cell {empty} once; "
        f"addTile() picked {picked}"
    )
