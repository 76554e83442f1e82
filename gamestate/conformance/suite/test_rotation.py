"""The writeup's one optional movement method: rotateCounterClockwise.

The writeup lists ``protected void rotateCounterClockwise (); // optional``.
A class without it is not checked here (the plugin skips these tests and
the table reports O1 ABSENT); a class with it must turn the board the way
its name says, whether or not its move() uses it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given

from gamestate.conformance.fixtures import NewGame
from gamestate.conformance.support import (
    PROPERTY,
    Snapshot,
    assert_unchanged,
    boards,
    frozen,
    requirement,
    show,
    snapshot,
)

# (board, the board turned a quarter counter-clockwise), worked by hand:
# the new top row is the old rightmost column read top to bottom.
TURNS = [
    (((2, 4, 8), (16, 0, 64), (128, 256, 512)),
     ((8, 64, 512), (4, 0, 256), (2, 16, 128))),
    (((2, 4, 8), (16, 32, 64)), ((8, 64), (4, 32), (2, 16))),
    (((2, 4, 8),), ((8,), (4,), (2,))),
    (((2,), (4,), (8,), (16,)), ((2, 4, 8, 16),)),
]  # fmt: skip


def counter_clockwise(board: Sequence[Sequence[int]]) -> Snapshot:
    """Row i of the result is column C - 1 - i of ``board``, top to bottom."""
    return frozen(list(zip(*board, strict=True))[::-1])


def clockwise(board: Sequence[Sequence[int]]) -> Snapshot:
    return frozen(list(zip(*board[::-1], strict=True)))


def assert_turns_counter_clockwise(new_game: NewGame, board: Snapshot) -> None:
    """One call turns ``board`` counter-clockwise, keeps the score, draws nothing."""
    game = new_game(board, score=36)
    game.rotateCounterClockwise()
    expected = counter_clockwise(board)
    after = snapshot(game)
    hint = " (a clockwise turn)" if after == clockwise(board) != expected else ""
    assert after == expected, (
        f"rotateCounterClockwise() must turn {show(board)} into {show(expected)}, "
        f"got {show(after)}{hint}"
    )
    assert_unchanged(game, expected, 36, "rotateCounterClockwise()")


@requirement("O1")
@pytest.mark.parametrize(
    ("board", "expected"),
    TURNS,
    ids=[f"{len(board)}x{len(board[0])}" for board, _ in TURNS],
)
def test_rotate_counter_clockwise_turns_the_board(
    new_game: NewGame, board: Snapshot, expected: Snapshot
) -> None:
    """OPTIONAL rotateCounterClockwise: "Rotate the board counter-clockwise
    once. ... This should be very similar to how you did the transposition
    for PA3. You are not required to implement this method." The writeup
    says nothing more about the shape; its boards have "numRows rows and
    numCols columns" and, as with a transposition, a quarter turn of an
    R x C board is C x R (so move() can slide a 2 x 3 board sideways)."""
    assert counter_clockwise(board) == expected  # the worked example itself
    assert_turns_counter_clockwise(new_game, board)


@requirement("O1")
@PROPERTY
@given(board=boards())
def test_rotate_counter_clockwise_turns_any_board(
    new_game: NewGame, board: Snapshot
) -> None:
    """OPTIONAL rotateCounterClockwise: "Rotate the board counter-clockwise
    once." Any shape from 1 x 1 to 4 x 4, R x C becoming C x R; the score
    is not part of the board, and a turn draws no random number."""
    assert_turns_counter_clockwise(new_game, board)
