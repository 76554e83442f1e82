"""What the package's own Java-exact model answers: the grader's oracle.

The differential checks (suite/test_differential.py) and the replay of
the writeup's example game compare a student's class with these answers.
The model is driven through the writeup's API, with its addTile replaced
so that a move's slide is seen without a new tile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gamestate import Direction, GameState

Snapshot = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Slide:
    """A board after a slide (no new tile), the score gained, whether it moved."""

    board: Snapshot
    gain: int
    moved: bool


def _game(board: Sequence[Sequence[int]]) -> GameState:
    game = GameState(len(board), len(board[0]))
    game.setBoard([list(row) for row in board])
    game.addTile = lambda: 0  # type: ignore[method-assign]
    return game


def _frozen(game: GameState) -> Snapshot:
    return tuple(tuple(row) for row in game.getBoard())


def slide_down(board: Sequence[Sequence[int]]) -> Slide:
    game = _game(board)
    moved = game.slideDown()
    return Slide(_frozen(game), game.getScore(), moved)


def move(board: Sequence[Sequence[int]], direction: str) -> Slide:
    """``move(Direction.<direction>)`` of ``board``, without its new tile."""
    game = _game(board)
    moved = game.move(Direction[direction])
    return Slide(_frozen(game), game.getScore(), moved)


def can_slide_down(board: Sequence[Sequence[int]]) -> bool:
    return _game(board).canSlideDown()


def is_game_over(board: Sequence[Sequence[int]]) -> bool:
    return _game(board).isGameOver()
