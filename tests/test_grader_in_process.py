"""The conformance suite's differential checks and its example game (E2),
run in this process on the Python mutants.

tests/test_conformance_meta.py runs the whole suite on each mutant in a
child process (the way an instructor runs it); here the same checks are
called directly, so that what decides each verdict (the observations, the
shrinking, the replay of the writeup's game) is tested and measured here.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

from gamestate.conformance.differential import (
    PROPERTIES,
    draws_repeat,
    first_failure,
    observe_board_set,
    problem_on,
)
from gamestate.conformance.fixtures import game_factory
from gamestate.conformance.implementation import load_implementation
from gamestate.conformance.suite.test_moves import (
    test_a_successful_move_adds_the_tile_to_the_slid_board,
    test_writeup_example_game,
)
from gamestate.conformance.support import NOT_APPLICABLE
from tests.test_conformance_meta import EXPECTED_FAILURES


@functools.cache
def implementation(mutant: str) -> tuple[Any, Any]:
    loaded = load_implementation(f"tests.conformance.mutants.{mutant}:GameState", None)
    return loaded.game_class, loaded.direction


def differential_messages(mutant: str) -> dict[str, str]:
    game_class, direction = implementation(mutant)
    slides, moves = observe_board_set(game_class, direction)
    messages = {}
    for ident, prop in PROPERTIES.items():
        problem = problem_on(prop, slides, moves, game_class, direction)
        message = str(problem) if problem else first_failure(
            prop, game_class, direction, slides, moves
        )
        if message:
            messages[ident] = message
    return messages


@pytest.mark.parametrize("mutant", sorted(EXPECTED_FAILURES))
def test_the_differential_checks_fail_exactly_the_mutants_requirements(
    mutant: str,
) -> None:
    """One bug costs the requirements it breaks: of the requirements the
    differential checks judge, a mutant fails exactly those it is expected
    to fail, each with a message that shows a board."""
    messages = differential_messages(mutant)
    assert set(messages) == EXPECTED_FAILURES[mutant] & set(PROPERTIES)
    for message in messages.values():
        assert "board" in message or " of " in message, message


def test_the_model_passes_every_differential_check() -> None:
    from gamestate import Direction, GameState

    slides, moves = observe_board_set(GameState, Direction)
    for prop in PROPERTIES.values():
        assert problem_on(prop, slides, moves) is None
        assert first_failure(prop, GameState, Direction, slides, moves) is None


def test_a_gap_on_long_lines_is_shown_on_a_shrunk_board() -> None:
    """The gap appears only on lines of five cells or more: the message
    shows a five-cell line, shrunk to small tiles."""
    message = differential_messages("gap_on_long_lines")["R21"]
    assert "2 2 2 2 2" in message or "4 2 2 8 8" in message, message


@pytest.mark.parametrize("mutant", ["writeup_style", "unseeded_no_rollrng"])
def test_the_example_game_passes_a_correct_class(mutant: str) -> None:
    """A seeded class plays the writeup's game exactly; an unseeded one
    (legal draws of its own) is replayed with the writeup's tiles placed."""
    test_writeup_example_game(*implementation(mutant))


@pytest.mark.parametrize("mutant", ["merge_twice", "gameover_leaves_rotated"])
def test_the_example_game_fails_a_class_whose_game_goes_wrong(mutant: str) -> None:
    with pytest.raises(AssertionError, match="must give"):
        test_writeup_example_game(*implementation(mutant))


def test_the_example_game_is_not_applicable_where_tiles_cannot_be_placed() -> None:
    """An unseeded class whose setBoard stores nothing cannot be replayed:
    E2 is not applicable (a skip with the reason), never a failure."""
    game_class, direction = implementation("unseeded_no_rollrng")

    class KeepsNoBoard(game_class):  # type: ignore[misc, valid-type]  # a class loaded at run time
        def setBoard(self, board: Any) -> None:
            pass

    with pytest.raises(pytest.skip.Exception, match=NOT_APPLICABLE):
        test_writeup_example_game(KeepsNoBoard, direction)


@pytest.mark.parametrize(
    ("mutant", "repeats"),
    [
        ("writeup_style", True),  # its own Random(Config.RANDOM_SEED), and rollRNG
        ("odd_draw_misplaced", True),  # an unseeded rollRNG, seeded by the grader
        ("unseeded_no_rollrng", False),
        ("odd_draw_misplaced_own_draws", False),
    ],
)
def test_moves_repeat_where_the_grader_can_seed_the_draws(mutant: str, repeats: bool) -> None:
    """The probe that decides whether R27-R29 may show the board a move
    gave: a class drawing through rollRNG makes the same moves in two games
    the grader seeds alike; one drawing unseeded numbers of its own does
    not (its messages then show no board its draws made)."""
    assert draws_repeat(*implementation(mutant)) is repeats


def test_r28_fails_a_tile_wrong_for_some_of_the_class_s_own_draws_with_one_message() -> None:
    """R28's case with the class's own (unseeded) draws: a new tile that
    lands on the bottom-left cell (a tile there) for half the draws fails on
    every run (60 moves), with a message that shows no board the draws
    made."""
    game_class, direction = implementation("odd_draw_misplaced")

    class MisplacedOnSquares(game_class):  # type: ignore[misc, valid-type]  # loaded at run time
        def addTile(self) -> int:
            if self.rollRNG(2):  # the class's own rollRNG: unseeded
                tile: int = self.randomTile()
                self.board[-1][0] = tile
                return tile
            return int(super().addTile())

    said = set()
    for _ in range(3):
        with pytest.raises(AssertionError) as failure:
            test_a_successful_move_adds_the_tile_to_the_slid_board(
                game_factory(MisplacedOnSquares), direction, scripted=False
            )
        said.add(str(failure.value))
    assert said == {
        (
            "move(DOWN) of 2 2 0 / 0 2 4 / 0 0 4 must give 0 0 0 / 0 0 0 / 2 4 8 plus one new "
            "2 or 4 in an empty cell; with the class's own draws some of 60 such moves gave "
            "another board"
        )
    }
