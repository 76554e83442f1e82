"""Writeup requirements of move(), and the writeup's example game."""

from __future__ import annotations

import re
from typing import Any

import pytest

from gamestate.conformance.fixtures import NewGame
from gamestate.conformance.support import (
    AddTileSpy,
    Rolls,
    Snapshot,
    assert_unchanged,
    requirement,
    show,
    snapshot,
)

SQUARE = ((2, 0, 2, 4), (0, 4, 4, 0), (2, 2, 0, 2), (0, 0, 0, 2))
WIDE = ((2, 2, 0), (0, 2, 4))

# (board, direction, board after the slide, score gained), worked by hand.
MOVES = [
    (SQUARE, "LEFT", ((4, 4, 0, 0), (8, 0, 0, 0), (4, 2, 0, 0), (2, 0, 0, 0)), 16),
    (SQUARE, "RIGHT", ((0, 0, 4, 4), (0, 0, 0, 8), (0, 0, 2, 4), (0, 0, 0, 2)), 16),
    (SQUARE, "UP", ((4, 4, 2, 4), (0, 2, 4, 4), (0, 0, 0, 0), (0, 0, 0, 0)), 8),
    (SQUARE, "DOWN", ((0, 0, 0, 0), (0, 0, 0, 0), (0, 4, 2, 4), (4, 2, 4, 4)), 8),
    (WIDE, "LEFT", ((4, 0, 0), (2, 4, 0)), 4),
    (WIDE, "RIGHT", ((0, 0, 4), (0, 2, 4)), 4),
    (WIDE, "UP", ((2, 4, 4), (0, 0, 0)), 4),
    (WIDE, "DOWN", ((0, 0, 0), (2, 4, 4)), 4),
]

# For each direction, a board that cannot move that way.
BLOCKED = {
    "UP": ((2, 4), (0, 0)),
    "DOWN": ((0, 0), (2, 4)),
    "LEFT": ((2, 0), (4, 0)),
    "RIGHT": ((0, 2), (0, 4)),
}


@requirement("R27")
@pytest.mark.parametrize(
    ("board", "name", "expected", "gain"),
    MOVES,
    ids=[f"{len(move[0])}x{len(move[0][0])}-{move[1]}" for move in MOVES],
)
def test_move_slides_toward_the_direction(
    new_game: NewGame,
    Direction: Any,
    board: Snapshot,
    name: str,
    expected: Snapshot,
    gain: int,
) -> None:
    """move: "This method should slide the board in the specified direction."
    Rows and columns may differ: "Create a board with numRows rows and
    numCols columns." (addTile is replaced by a stub here, so the board
    after the move is the slide alone.)"""
    game = new_game(board, score=2)
    game.addTile = AddTileSpy()
    game.move(getattr(Direction, name))
    assert snapshot(game) == expected, (
        f"move({name}) of {show(board)} must give {show(expected)}, "
        f"got {show(snapshot(game))}"
    )
    assert game.getScore() == 2 + gain, (
        f"move({name}) of {show(board)} must raise the score from 2 to "
        f"{2 + gain}, got {game.getScore()!r}"
    )


@requirement("R28")
@pytest.mark.parametrize("name", ["UP", "DOWN", "LEFT", "RIGHT"])
def test_a_successful_move_calls_add_tile_once(
    new_game: NewGame, Direction: Any, name: str
) -> None:
    """move: "If the sliding is done successfully, then a new random tile must
    be added to the board using your addTile() method. This method should
    return whether the move was successful or not.\""""
    spy = AddTileSpy()
    game = new_game(SQUARE)
    game.addTile = spy
    moved = game.move(getattr(Direction, name))
    assert moved is True, (
        f"move({name}) of {show(SQUARE)} changes it but returned {moved!r}"
    )
    assert spy.calls == 1, f"move({name}) called addTile() {spy.calls} times, not once"


@requirement("R28")
def test_a_successful_move_adds_the_tile_to_the_slid_board(
    new_game: NewGame, Direction: Any
) -> None:
    """move: "a new random tile must be added to the board" after the slide:
    the board is the slid board plus one new tile in one of its empty cells."""
    rolls = Rolls(0, 0)
    game = new_game(WIDE, rolls=rolls)
    game.move(Direction.DOWN)
    slid = ((0, 0, 0), (2, 4, 4))
    after = snapshot(game)
    assert [len(row) for row in after] == [3, 3], (
        f"move(DOWN) of the 2 x 3 board {show(WIDE)} gave {show(after)}"
    )
    new_tiles = [
        (old, new)
        for old_row, new_row in zip(slid, after, strict=True)
        for old, new in zip(old_row, new_row, strict=True)
        if old != new
    ]
    assert new_tiles == [(0, 2)], (
        f"move(DOWN) of {show(WIDE)} must give {show(slid)} plus one new 2 "
        f"in an empty cell, got {show(after)}"
    )
    assert rolls.unused == 0, f"the tile was not drawn with rollRNG: {rolls.bounds}"


@requirement("R29")
@pytest.mark.parametrize("name", list(BLOCKED))
def test_a_move_that_changes_nothing_adds_no_tile(
    new_game: NewGame, Direction: Any, name: str
) -> None:
    """move: "If the sliding is done successfully, then a new random tile must
    be added" and "return whether the move was successful": a slide that
    changes nothing returns false, adds no tile and draws no number."""
    board = BLOCKED[name]
    game = new_game(board, score=6)
    moved = game.move(getattr(Direction, name))
    assert moved is False, (
        f"move({name}) cannot change {show(board)}, returned {moved!r}"
    )
    assert_unchanged(game, board, 6, f"move({name})")
    spy = AddTileSpy()
    spied = new_game(board)
    spied.addTile = spy
    spied.move(getattr(Direction, name))
    assert spy.calls == 0, f"move({name}) changed nothing but called addTile()"


@requirement("R30")
def test_move_null_does_nothing(new_game: NewGame) -> None:
    """move: "If dir is null, return false without doing anything.\""""
    spy = AddTileSpy()
    game = new_game(SQUARE, score=6)
    game.addTile = spy
    moved = game.move(None)
    assert moved is False, f"move(None) must return False, got {moved!r}"
    assert_unchanged(game, SQUARE, 6, "move(None)")
    assert spy.calls == 0, "move(None) called addTile()"


# The numbers java.util.Random(Config.RANDOM_SEED = 118) gives the reference
# game's rollRNG calls, bounds (16, 100, 15, 100, 15, 100, ...): the cell,
# then the tile, for each of the 9 tiles of the example game.
JAVA_ROLLS = (11, 6, 8, 12, 13, 53, 12, 55, 10, 87, 12, 0, 4, 67, 4, 3, 10, 93)

# The writeup's transcript, verbatim from "> d" to the last board: the board
# after the two starting tiles, then "> key" and the board after each key.
TRANSCRIPT = """\
Score: 0
    -    -    -    -
    -    -    -    -
    2    -    -    2
    -    -    -    -
> d
Score: 4
    -    -    -    -
    -    -    -    -
    -    -    -    4
    -    -    2    -
> s
Score: 4
    -    -    -    -
    -    -    -    -
    -    -    -    -
    2    -    2    4
> a
Score: 8
    -    -    -    -
    -    -    -    -
    -    -    4    -
    4    4    -    -
> w
Score: 8
    4    4    4    -
    -    -    -    -
    -    -    -    -
    -    -    -    2
> a
Score: 16
    8    4    -    -
    -    -    2    -
    -    -    -    -
    2    -    -    -
> a
Score: 16
    8    4    -    -
    2    -    -    2
    -    -    -    -
    2    -    -    -
> s
Score: 20
    -    -    -    -
    -    -    -    -
    8    -    -    4
    4    4    -    2
"""
KEYS = {"w": "UP", "a": "LEFT", "s": "DOWN", "d": "RIGHT"}


@requirement("E2")
def test_writeup_example_game(GameState: Any, Direction: Any) -> None:
    """The writeup's "An example game may be" transcript: a 4 x 4 game, two
    addTile() calls, then the keys d s a w a a s, with rollRNG returning what
    java.util.Random(118) returns, gives exactly the printed boards."""
    first_board, *keys_and_boards = re.split(
        r"^> (.)\n", TRANSCRIPT, flags=re.MULTILINE
    )
    game = GameState(4, 4)
    game.rollRNG = Rolls(*JAVA_ROLLS)
    game.addTile()
    game.addTile()
    assert_shows(game, first_board, "after the two starting tiles")
    keys, boards = keys_and_boards[0::2], keys_and_boards[1::2]
    for done, (key, expected) in enumerate(zip(keys, boards, strict=True), 1):
        game.move(getattr(Direction, KEYS[key]))
        assert_shows(game, expected, f"after keys {' '.join(keys[:done])}")


def assert_shows(game: Any, expected: str, when: str) -> None:
    """Fail with the first toString() line that differs from the transcript."""
    text = game.toString()
    pairs = zip(text.splitlines(), expected.splitlines(), strict=False)
    for number, (line, wanted) in enumerate(pairs, 1):
        assert line == wanted, (
            f"{when}, line {number} of toString() is {line!r}, the writeup "
            f"shows {wanted!r}"
        )
    assert text == expected, f"{when}, toString() must be {expected!r}"
