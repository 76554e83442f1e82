"""What the package's own Java-exact model answers: the grader's oracle.

The differential checks (suite/test_differential.py) and the replay of
the writeup's example game compare a student's class with these answers.
They come from the model's own line kernel (``gamestate._kernels.
slide_line``, the one GameState slides every line with), turned as the
writeup turns a board for each direction; tests/test_grader.py checks
that they agree with GameState's own move and isGameOver. Answers are
kept: the same fixed boards are asked about by several requirements.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

from gamestate._kernels import can_move, slide_line

Snapshot = tuple[tuple[int, ...], ...]
# Quarter turns counter-clockwise after which a slide down makes the move.
TURNS: Final = {"DOWN": 0, "LEFT": 1, "UP": 2, "RIGHT": 3}


@dataclass(frozen=True)
class Slide:
    """A board after a slide (no new tile), the score gained, whether it moved."""

    board: Snapshot
    gain: int
    moved: bool


def clockwise(board: Snapshot, turns: int = 1) -> Snapshot:
    """``board`` turned a quarter clockwise ``turns`` times."""
    for _ in range(turns % 4):
        board = tuple(zip(*board[::-1], strict=True))
    return board


@functools.cache
def slide_down(board: Snapshot) -> Slide:
    columns = [slide_line(column) for column in zip(*board, strict=True)]
    slid = tuple(zip(*(line for line, _ in columns), strict=True))
    return Slide(slid, sum(gain for _, gain in columns), slid != board)


@functools.cache
def move(board: Snapshot, direction: str) -> Slide:
    """``move(Direction.<direction>)`` of ``board``, without its new tile:
    turned counter-clockwise, slid down, turned back."""
    turns = TURNS[direction]
    slid = slide_down(clockwise(board, 4 - turns))
    return Slide(clockwise(slid.board, turns), slid.gain, slid.moved)


def can_slide_down(board: Snapshot) -> bool:
    return slide_down(board).moved


@functools.cache
def is_game_over(board: Snapshot) -> bool:
    """No move changes the board (the model's own test, on its cached lines)."""
    return not any(can_move(board, turns) for turns in TURNS.values())
