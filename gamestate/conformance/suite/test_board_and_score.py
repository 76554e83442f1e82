"""Writeup requirements of the constructor, toString, getters and setters."""

from __future__ import annotations

from typing import Any

import pytest

from gamestate.conformance.fixtures import NewGame
from gamestate.conformance.support import (
    assert_unchanged,
    requirement,
    show,
    snapshot,
    text_difference,
)

SAMPLE = ((2, 0, 4), (0, 8, 0))


@requirement("R01")
@pytest.mark.parametrize(("rows", "cols"), [(4, 4), (3, 5), (5, 2), (1, 1)])
def test_constructor_makes_an_empty_board(GameState: Any, rows: int, cols: int) -> None:
    """Constructor: "Create a board with numRows rows and numCols columns.
    This should be an empty board." getBoard: "a 2d-array with the
    appropriate number of rows and columns. Each element should either be the
    value of the tile or 0 if the tile does not exist."
    """
    board = GameState(rows, cols).getBoard()
    expected = [[0] * cols for _ in range(rows)]
    assert board == expected, (
        f"GameState({rows}, {cols}).getBoard() must be {rows} rows of {cols} "
        f"zeros, got {board!r}"
    )


@requirement("R02")
@pytest.mark.parametrize(("rows", "cols"), [(4, 4), (2, 3)])
def test_constructor_sets_the_score_to_zero(
    GameState: Any, rows: int, cols: int
) -> None:
    """Constructor: "Set your starting score to 0." """
    score = GameState(rows, cols).getScore()
    assert score == 0, f"a new game's getScore() must be 0, got {score!r}"


@requirement("R03")
def test_to_string_of_a_new_game(GameState: Any) -> None:
    """REQUIRED toString: "Score: %d\\n", then each row, an empty cell as
    "    -" and a tile as "%5d", each row ending with "\\n"."""
    text = GameState(2, 3).toString()
    expected = "Score: 0\n    -    -    -\n    -    -    -\n"
    assert text == expected, text_difference("toString() of a new 2 x 3 game", text, expected)


@requirement("R03")
def test_to_string_with_tiles_and_a_negative_score(new_game: NewGame) -> None:
    """REQUIRED toString: outputString.append(getBoard()[row][column] == 0 ?
    "    -" : String.format("%5d", ...)); a 6-digit tile widens its column."""
    game = new_game([[0, 2, 2048], [131072, 0, 4]], score=-12)
    expected = "Score: -12\n    -    2 2048\n131072    -    4\n"
    text = game.toString()
    assert text == expected, text_difference(
        "toString() of 0 2 2048 / 131072 0 4 with score -12", text, expected
    )


@requirement("R04")
def test_get_board_returns_a_deep_copy(new_game: NewGame) -> None:
    """getBoard: "you should return a deep copy of the board ... This method
    should not make any changes to the game state."
    """
    game = new_game(SAMPLE, score=6)
    copy = game.getBoard()
    assert snapshot(game) == SAMPLE, f"getBoard() must return {show(SAMPLE)}"
    copy[0][0] = 1024
    copy[1] = [64, 64, 64]
    assert snapshot(game) == SAMPLE, (
        "changing the list getBoard() returned changed the game: "
        f"got {show(snapshot(game))}, expected {show(SAMPLE)} (not a deep copy)"
    )
    assert game.getScore() == 6, "getBoard() changed the score"


@requirement("R05")
def test_set_board_stores_a_deep_copy(new_game: NewGame) -> None:
    """setBoard: "you should make a deep copy of the input board and set the
    board of GameState class to be the deep-copied board."
    """
    game = new_game([[0, 0, 0], [0, 0, 0]])
    argument = [list(row) for row in SAMPLE]
    game.setBoard(argument)
    argument[0][0] = 1024
    argument[1] = [64, 64, 64]
    assert snapshot(game) == SAMPLE, (
        "changing the list passed to setBoard() changed the game: got "
        f"{show(snapshot(game))}, expected {show(SAMPLE)} (not a deep copy)"
    )


@requirement("R06")
def test_set_board_null_changes_nothing(new_game: NewGame) -> None:
    """setBoard: "For null inputs, make no change and return immediately." """
    game = new_game(SAMPLE, score=6)
    game.setBoard(None)
    assert_unchanged(game, SAMPLE, 6, "setBoard(None)")


@requirement("R07")
def test_set_board_sets_the_board_and_nothing_else(new_game: NewGame) -> None:
    """setBoard: "This method should not make any changes to the game state
    other than setting the new board state."
    """
    game = new_game([[0, 0, 0], [0, 0, 0]], score=36)
    game.setBoard([list(row) for row in SAMPLE])
    assert snapshot(game) == SAMPLE, (
        f"after setBoard({show(SAMPLE)}), getBoard() gave {show(snapshot(game))}"
    )
    assert game.getScore() == 36, "setBoard() changed the score"


@requirement("R08")
@pytest.mark.parametrize("score", [20, -5, 0])
def test_set_score_then_get_score(new_game: NewGame, score: int) -> None:
    """setScore: "Sets the current score to be the input score. Note that this
    should also allow us to set a negative score. This method should not make
    any changes to the game state other than setting the score." getScore:
    "Return the current score."
    """
    game = new_game(SAMPLE, score=8)
    game.setScore(score)
    assert game.getScore() == score, (
        f"after setScore({score}), getScore() gave {game.getScore()!r}"
    )
    assert snapshot(game) == SAMPLE, "setScore() or getScore() changed the board"
