"""The movement requirements on a fixed set of boards, against our model.

Every shape from 1 x 1 to 6 x 6, 100 seeded boards drawn each (see
differential.py): the class's canSlideDown, isGameOver, slideDown and move
are compared with the package's Java-exact model, each requirement on its
own property, and the smallest board that differs is shown, shrunk.
"""

from __future__ import annotations

from typing import Any

import pytest

from gamestate.conformance.differential import (
    PROPERTIES,
    Moved,
    Observed,
    also_wrong,
    first_failure,
    observe_board_set,
    problem_on,
)
from gamestate.conformance.support import requirement

Observations = tuple[list[Observed], list[Moved]]


@pytest.fixture(scope="module")
def observed(GameState: Any, Direction: Any) -> Observations:
    """What the class answers on every board of the set (once per run)."""
    return observe_board_set(GameState, Direction)


@pytest.mark.parametrize(
    "ident",
    [pytest.param(ident, marks=requirement(ident)) for ident in PROPERTIES],
)
def test_agrees_with_the_model_on_every_board(
    GameState: Any,
    Direction: Any,
    observed: Observations,
    ident: str,
    request: pytest.FixtureRequest,
) -> None:
    """The requirement's property on 3195 seeded boards of every shape from
    1 x 1 to 6 x 6 (each compared with the package's Java-exact model);
    the smallest board where it fails, shrunk, is the message."""
    prop = PROPERTIES[ident]
    slides, moves = observed
    problem = problem_on(prop, slides, moves, GameState, Direction)
    if problem is not None:
        raise problem
    message = first_failure(prop, GameState, Direction, slides, moves)
    assert message is None, message
    detail = also_wrong(prop, slides, moves)
    if detail is not None:  # a PASS whose details say where and through what
        request.node.user_properties.append(("detail", detail))
