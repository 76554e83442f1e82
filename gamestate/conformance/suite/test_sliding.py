"""Writeup requirements of canSlideDown, isGameOver and slideDown.

Columns are written top to bottom, as the writeup lists them ("Suppose
for the following examples that the listed tiles are from top to bottom").
The hand-written cases here; every requirement is also checked on 3195
seeded boards against the package's model (test_differential.py).
"""

from __future__ import annotations

import itertools

import pytest

from gamestate.conformance.fixtures import NewGame
from gamestate.conformance.support import (
    Snapshot,
    assert_unchanged,
    column,
    frozen,
    param_id,
    requirement,
    show,
    snapshot,
)


def slide_column(new_game: NewGame, *top_to_bottom: int) -> tuple[int, ...]:
    """The column after slideDown(), top to bottom."""
    game = new_game(column(*top_to_bottom))
    game.slideDown()
    return tuple(row[0] for row in game.getBoard())


def assert_column_slides(
    new_game: NewGame, before: tuple[int, ...], after: tuple[int, ...]
) -> None:
    result = slide_column(new_game, *before)
    assert result == after, (
        f"slideDown() must turn the column {param_id(before)} (top to bottom) "
        f"into {param_id(after)}, got {param_id(result)}"
    )


def assert_merges(
    new_game: NewGame, before: tuple[int, ...], after: tuple[int, ...], why: str
) -> None:
    """R22 and R23: the column slid as ``after``, judged only where the
    class's slide left no gap (a tile above an empty cell is R21's: the
    tiles may never have touched, so no merge could be judged)."""
    result = slide_column(new_game, *before)
    if has_gap(result):
        return
    assert result == after, (
        f"slideDown() of the column {param_id(before)} (top to bottom) must give "
        f"{param_id(after)} ({why}); got {param_id(result)}"
    )


def has_gap(column: tuple[int, ...]) -> bool:
    return any(top and not below for top, below in itertools.pairwise(column))


def tiles(column: tuple[int, ...]) -> int:
    return sum(1 for value in column if value)


def can_slide_down(new_game: NewGame, board: Snapshot) -> bool:
    game = new_game(board, score=8)
    answer = game.canSlideDown()
    assert_unchanged(game, board, 8, "canSlideDown()")
    return bool(answer)


# ----------------------------------------------------------- canSlideDown
@requirement("R16")
@pytest.mark.parametrize(
    ("board", "expected"),
    [
        (((2,), (2,)), True),
        (((4, 2), (4, 8)), True),
        (((2,), (0,), (2,)), True),
        (((2,), (4,), (2,)), False),
        (((2, 2), (4, 8)), False),
    ],
    ids=[
        "adjacent pair",
        "pair in one column",
        "pair across a gap",
        "another tile between",
        "side by side only",
    ],
)
def test_can_slide_down_when_tiles_can_combine(
    new_game: NewGame, board: Snapshot, expected: bool
) -> None:
    """canSlideDown: "1. If two tiles can be combined. Two tiles can be
    combined if they share the same value and there are no other tiles
    between them (empty tiles can be between them)."
    """
    answer = can_slide_down(new_game, board)
    assert answer == expected, f"canSlideDown() of {show(board)} must be {expected}"


@requirement("R17")
@pytest.mark.parametrize(
    ("board", "expected"),
    [
        (((2,), (0,)), True),
        (((0, 4), (2, 0)), True),
        (((0,), (2,)), False),
        (((0, 0), (0, 0)), False),
        (((2, 4), (8, 16)), False),
    ],
    ids=[
        "tile above a gap",
        "one column can",
        "tile at the bottom",
        "empty",
        "full, no pair",
    ],
)
def test_can_slide_down_when_a_gap_is_below_a_tile(
    new_game: NewGame, board: Snapshot, expected: bool
) -> None:
    """canSlideDown: "2. If there is an empty tile below a non-empty tile." """
    answer = can_slide_down(new_game, board)
    assert answer == expected, f"canSlideDown() of {show(board)} must be {expected}"


# ------------------------------------------------------------- isGameOver
@requirement("R20")
@pytest.mark.parametrize(
    "board",
    [
        ((0, 0, 0), (2, 4, 8)),
        ((2, 0), (4, 0)),
        ((2, 4), (4, 2)),
        ((2, 0, 4), (0, 8, 0)),
    ],
    ids=["only UP moves", "only RIGHT moves", "game over", "DOWN moves"],
)
def test_game_over_changes_nothing(new_game: NewGame, board: Snapshot) -> None:
    """isGameOver: "use rotateCounterClockwise() and canSlideDown() to see if
    movement in any direction is possible. ... This method should not make
    any changes to the game state." (So the board must be turned back.)"""
    game = new_game(board, score=24)
    game.isGameOver()
    assert_unchanged(game, board, 24, "isGameOver()")


# -------------------------------------------------------------- slideDown
@requirement("R21")
@pytest.mark.parametrize(
    ("before", "after"),
    [
        ((2, 0, 0), (0, 0, 2)),
        ((4, 0, 2, 0), (0, 0, 4, 2)),
        ((0, 8, 0, 0), (0, 0, 0, 8)),
        ((2, 4, 8), (2, 4, 8)),
    ],
    ids=param_id,
)
def test_tiles_slide_as_far_as_they_can(
    new_game: NewGame, before: tuple[int, ...], after: tuple[int, ...]
) -> None:
    """slideDown: "Tiles slide downward as far as they can. ... Tiles should
    stop sliding if they encounter another tile or if they encounter the edge
    of the board."
    """
    assert_column_slides(new_game, before, after)


@requirement("R21")
def test_every_column_slides(new_game: NewGame) -> None:
    """slideDown: "Here is what you should implement for each column of the
    board to slide down."
    """
    game = new_game([[2, 0, 0], [0, 0, 4], [0, 8, 0]])
    game.slideDown()
    expected = ((0, 0, 0), (0, 0, 0), (2, 8, 4))
    assert snapshot(game) == expected, (
        f"slideDown() must give {show(expected)}, got {show(snapshot(game))}"
    )


@requirement("R22")
@pytest.mark.parametrize(
    ("before", "after"),
    [
        ((2, 2), (0, 4)),
        ((8, 0, 8), (0, 0, 16)),
        ((2, 2, 0), (0, 0, 4)),
        ((16, 16, 2), (0, 32, 2)),
    ],
    ids=param_id,
)
def test_equal_tiles_merge_where_the_bottom_tile_was(
    new_game: NewGame, before: tuple[int, ...], after: tuple[int, ...]
) -> None:
    """slideDown: "Merge two tiles with the same number. ... The combined
    tile's number is the sum of the two tiles. ... The combined tile should
    be where the bottom tile was and the top tile will become 0."
    """
    assert_merges(new_game, before, after, "equal tiles merge where the bottom tile was")


@requirement("R23")
@pytest.mark.parametrize(
    ("before", "after"),
    [
        ((4, 4, 4), (0, 4, 8)),
        ((4, 4, 4, 4), (0, 0, 8, 8)),
        ((2, 2, 2, 0), (0, 0, 2, 4)),
    ],
    ids=param_id,
)
def test_farthest_down_tiles_merge_first(
    new_game: NewGame, before: tuple[int, ...], after: tuple[int, ...]
) -> None:
    """slideDown: "Suppose we had 4 4 4. This would combine to be 0 4 8 (note
    that it is not 0 8 4, in other words, the farthest down tiles combine
    first). If we had 4 4 4 4, this would combine to be 0 0 8 8."
    """
    assert_merges(new_game, before, after, "the farthest down tiles combine first")


@requirement("R24")
@pytest.mark.parametrize(
    ("before", "after"),
    [
        ((4, 2, 2), (0, 4, 4)),
        ((2, 2, 4), (0, 4, 4)),
        ((8, 4, 2, 2), (0, 8, 4, 4)),
        ((4, 4, 8), (0, 8, 8)),
    ],
    ids=param_id,
)
def test_a_merged_tile_does_not_merge_again(
    new_game: NewGame, before: tuple[int, ...], after: tuple[int, ...]
) -> None:
    """slideDown: "This combined tile cannot merge with any other tile in the
    same move." Background: "The resulting tile cannot merge with another
    tile again in the same move." Judged by counting tiles: a merged tile
    merging again leaves fewer tiles than the right slide; a gap or a merge
    in the wrong place (R21, R22) leaves as many.
    """
    result = slide_column(new_game, *before)
    assert tiles(result) >= tiles(after), (
        f"slideDown() must turn the column {param_id(before)} (top to bottom) into "
        f"{param_id(after)} ({tiles(after)} tiles: a combined tile cannot merge again), "
        f"got {param_id(result)} ({tiles(result)} tiles)"
    )


@requirement("R25")
@pytest.mark.parametrize(
    ("board", "gain"),
    [
        (((2,), (2,)), 4),
        (((4,), (4,), (4,), (4,)), 16),
        (((2, 8), (2, 8)), 20),
        (((4,), (4,), (4,)), 8),
        (((2,), (0,)), 0),
        (((2,), (4,)), 0),
    ],
    ids=param_id,
)
def test_score_rises_by_each_combined_tile(
    new_game: NewGame, board: Snapshot, gain: int
) -> None:
    """slideDown: "Increase the score by the combined tile's number." and "if
    two tiles of value 8 are merged together, the resulting tile will have a
    value of 16 and the user's score will be increased by 16."
    """
    game = new_game(board, score=10)
    game.slideDown()
    assert game.getScore() == 10 + gain, (
        f"slideDown() of {show(board)} from score 10 must give score {10 + gain}, "
        f"got {game.getScore()!r}"
    )


# ----------------------------------------------------- the writeup examples
@requirement("E1")
@pytest.mark.parametrize(
    ("before", "after", "returned"),
    [
        (((0, 0, 2), (0, 0, 0), (0, 0, 0)), ((0, 0, 0), (0, 0, 0), (0, 0, 2)), True),
        (((0, 0, 0), (0, 0, 2), (0, 0, 2)), ((0, 0, 0), (0, 0, 0), (0, 0, 4)), True),
        (((0, 0, 2), (0, 0, 2), (0, 0, 2)), ((0, 0, 0), (0, 0, 2), (0, 0, 4)), True),
        (((0, 0, 0), (0, 0, 4), (0, 0, 8)), ((0, 0, 0), (0, 0, 4), (0, 0, 8)), False),
    ],
    ids=["Example 1", "Example 2", "Example 3", "Example 4"],
)
def test_writeup_slide_down_examples(
    new_game: NewGame, before: Snapshot, after: Snapshot, returned: bool
) -> None:
    """slideDown: "Here are some examples for you to visualize the basic
    movements of our 2048." Examples 1-3 "Should return true", Example 4
    "Should return false"."""
    game = new_game(before)
    result = game.slideDown()
    assert (frozen(game.getBoard()), result) == (after, returned), (
        f"slideDown() of {show(before)} must give {show(after)} and return "
        f"{returned}, got {show(snapshot(game))} and {result!r}"
    )
