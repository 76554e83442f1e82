"""Bad arguments get a clear error that names the argument and the value.

Java would crash later or silently misbehave on these; the Python model
refuses them at once and changes nothing.
"""

from __future__ import annotations

import re
from contextlib import AbstractContextManager
from typing import Any

import pytest

from gamestate import Direction, GameState

INT_MIN = -(1 << 31)
INT_MAX = (1 << 31) - 1


def raises_naming(
    error: type[Exception], *words: object
) -> AbstractContextManager[Any]:
    """Expect ``error`` whose message contains every word (reprs of values)."""
    pattern = "".join(f"(?=.*{re.escape(str(word))})" for word in words)
    return pytest.raises(error, match=pattern)


# --------------------------------------------------------------------- size
@pytest.mark.parametrize("argument", ["numRows", "numCols"])
@pytest.mark.parametrize("size", [0, -1, INT_MIN])
def test_non_positive_size_is_refused(argument: str, size: int) -> None:
    sizes = {"numRows": 4, "numCols": 4, argument: size}
    with raises_naming(ValueError, f"{argument} must be positive", size):
        GameState(sizes["numRows"], sizes["numCols"])


@pytest.mark.parametrize("argument", ["numRows", "numCols"])
@pytest.mark.parametrize("size", [True, 4.0, "4", None, [4]])
def test_non_int_size_is_refused(argument: str, size: object) -> None:
    sizes: dict[str, object] = {"numRows": 4, "numCols": 4, argument: size}
    with raises_naming(TypeError, f"{argument} must be an int", repr(size)):
        GameState(sizes["numRows"], sizes["numCols"])


def test_size_past_the_int_range_is_refused() -> None:
    with raises_naming(ValueError, "numCols", "32-bit", 1 << 31):
        GameState(1, 1 << 31)


# --------------------------------------------------------- seed and two_prob
@pytest.mark.parametrize("seed", ["118", 1.5, False])
def test_non_int_seed_is_refused(seed: object) -> None:
    with raises_naming(TypeError, "seed must be an int", repr(seed)):
        GameState(4, 4, seed=seed)


@pytest.mark.parametrize("two_prob", [-1, 101, INT_MAX])
def test_two_prob_outside_0_to_100_is_refused(two_prob: int) -> None:
    with raises_naming(ValueError, "two_prob must be 0 to 100", two_prob):
        GameState(4, 4, two_prob=two_prob)


@pytest.mark.parametrize("two_prob", [True, 50.0, "70"])
def test_non_int_two_prob_is_refused(two_prob: object) -> None:
    with raises_naming(TypeError, "two_prob must be an int", repr(two_prob)):
        GameState(4, 4, two_prob=two_prob)


# ------------------------------------------------------------------ setBoard
BAD_BOARDS = [
    pytest.param([], ValueError, ["newBoard", "at least one row", "[]"], id="empty"),
    pytest.param([[]], ValueError, ["newBoard", "rows must not be empty"], id="[[]]"),
    pytest.param(
        [[2, 0], [0]],
        ValueError,
        ["newBoard", "rectangular", "row 0 has 2", "row 1 has 1"],
        id="ragged",
    ),
    pytest.param(
        [[2], [0, 4]],
        ValueError,
        ["newBoard", "rectangular", "row 1 has 2"],
        id="ragged-longer",
    ),
    pytest.param(
        [[2, True]], TypeError, ["newBoard[0][1]", "an int", "True"], id="bool"
    ),
    pytest.param([[2.0]], TypeError, ["newBoard[0][0]", "2.0"], id="float"),
    pytest.param([[0], ["2"]], TypeError, ["newBoard[1][0]", "'2'"], id="str-tile"),
    pytest.param([[None]], TypeError, ["newBoard[0][0]", "None"], id="None-tile"),
    pytest.param(
        [[0, 1 << 31]],
        ValueError,
        ["newBoard[0][1]", "32-bit", str(1 << 31)],
        id="above-int",
    ),
    pytest.param(
        [[INT_MIN - 1]],
        ValueError,
        ["newBoard[0][0]", "32-bit", str(INT_MIN - 1)],
        id="below-int",
    ),
    pytest.param([2, 4], TypeError, ["newBoard[0]", "list of ints", "2"], id="flat"),
    pytest.param(["24"], TypeError, ["newBoard[0]", "'24'"], id="str-row"),
    pytest.param("2 4", TypeError, ["newBoard", "list of rows", "'2 4'"], id="str"),
    pytest.param(7, TypeError, ["newBoard", "list of rows", "7"], id="int"),
]


@pytest.mark.parametrize(("board", "error", "words"), BAD_BOARDS)
def test_bad_board_is_refused_and_the_old_board_kept(
    board: object, error: type[Exception], words: list[str]
) -> None:
    game = GameState(2, 2)
    game.setBoard([[2, 0], [0, 4]])
    with raises_naming(error, *words):
        game.setBoard(board)
    assert game.getBoard() == [[2, 0], [0, 4]]


def test_tuples_are_accepted_as_a_board() -> None:
    game = GameState(1, 1)
    game.setBoard(((2, 0), (0, 4)))
    assert game.getBoard() == [[2, 0], [0, 4]]


# --------------------------------------------------------------------- score
@pytest.mark.parametrize("score", [1.0, True, "5", None])
def test_non_int_score_is_refused(score: object) -> None:
    game = GameState(4, 4)
    with raises_naming(TypeError, "newScore must be an int", repr(score)):
        game.setScore(score)
    assert game.getScore() == 0


@pytest.mark.parametrize("score", [1 << 31, INT_MIN - 1])
def test_score_past_the_int_range_is_refused(score: int) -> None:
    with raises_naming(ValueError, "newScore", "32-bit", score):
        GameState(4, 4).setScore(score)


# ---------------------------------------------------------------------- move
@pytest.mark.parametrize("direction", ["DOWN", "s", 0, 3, Direction.DOWN.value])
def test_move_with_a_non_direction_is_refused_and_draws_nothing(
    direction: object,
) -> None:
    game = GameState(2, 2)
    game.setBoard([[2, 0], [0, 0]])
    state = game.rng.getstate()
    with raises_naming(TypeError, "dir must be a Direction or None", repr(direction)):
        game.move(direction)
    assert game.getBoard() == [[2, 0], [0, 0]]
    assert game.rng.getstate() == state


# ------------------------------------------------------------------- rollRNG
@pytest.mark.parametrize("bound", [0, -5])
def test_rollRNG_with_a_non_positive_bound_is_refused(bound: int) -> None:
    with raises_naming(ValueError, "bound must be positive", bound):
        GameState(4, 4).rollRNG(bound)
