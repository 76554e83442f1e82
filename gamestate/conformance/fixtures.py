"""Fixtures of the conformance suite: the class under test and game factories.

The class and Direction come from ``--impl``/``--direction`` (see
plugin.py); tests reach them only through these fixtures and use only the
writeup's API: ``GameState(numRows, numCols)`` and the camelCase methods.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from gamestate.conformance.implementation import IMPLEMENTATION
from gamestate.conformance.support import Rolls, Seeded

NewGame = Callable[..., Any]


@pytest.fixture(scope="session")
def GameState(pytestconfig: pytest.Config) -> Any:
    """The GameState class under test."""
    return pytestconfig.stash[IMPLEMENTATION].game_class


@pytest.fixture(scope="session")
def Direction(pytestconfig: pytest.Config) -> Any:
    """The Direction enum of the class under test."""
    return pytestconfig.stash[IMPLEMENTATION].direction


@pytest.fixture(scope="session")
def new_game(GameState: Any) -> NewGame:
    """Factory: a game holding ``board`` (and ``score``) whose rollRNG is
    ``rolls`` (see :func:`game_factory`)."""
    return game_factory(GameState)


def game_factory(GameState: Any) -> NewGame:
    """Factory: a game holding ``board`` (and ``score``) whose rollRNG is ``rolls``.

    The board is passed to setBoard as a fresh copy. With no ``rolls``
    rollRNG answers from a seeded generator (support.Seeded); with
    ``own_random`` it is left alone: the class draws as it does in a game.
    """

    def make(
        board: Sequence[Sequence[int]],
        *,
        score: int | None = None,
        rolls: Rolls | Seeded | None = None,
        own_random: bool = False,
    ) -> Any:
        game = GameState(len(board), len(board[0]))
        game.setBoard([list(row) for row in board])
        if score is not None:
            game.setScore(score)
        if not own_random:
            game.rollRNG = Seeded() if rolls is None else rolls
        return game

    return make
