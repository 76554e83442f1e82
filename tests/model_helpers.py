"""Small builders shared by the model tests (test_writeup_rules.py,
test_game_state.py, test_model_properties.py)."""

from __future__ import annotations

from typing import TypeAlias

from gamestate import GameState

Board: TypeAlias = list[list[int]]


def game_with(
    board: Board,
    score: int = 0,
    *,
    seed: int | None = None,
    cls: type[GameState] = GameState,
) -> GameState:
    """A game of class ``cls`` holding a copy of ``board`` and ``score``.

    ``seed`` None means Config.RANDOM_SEED, as for GameState itself.
    """
    game = cls(len(board), len(board[0]), seed=seed)
    game.setBoard(board)
    game.setScore(score)
    return game


def tiles(game: GameState) -> list[int]:
    """The game's tiles (non-empty cells), row by row."""
    return [value for row in game.getBoard() for value in row if value != 0]
