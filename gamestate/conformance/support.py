"""Helpers of the conformance tests: scripted randomness and board snapshots.

Randomness is controlled only through the writeup's own hook: each game's
``rollRNG`` is replaced on the instance by a :class:`Rolls` script. Any
draw the script did not expect fails the test, which also checks that
randomTile and addTile draw through rollRNG.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from gamestate.conformance.requirements import REQUIREMENTS

Board = list[list[int]]
Snapshot = tuple[tuple[int, ...], ...]
Roll = int | Callable[[int], int]

# The settings of every property test: the same examples on every run (so
# every submission of a class is graded on the same boards), no example
# database left in the grader's folder, and no deadline (a student's class
# may be slow; the grader's time limits catch the ones that never finish).
PROPERTY = settings(
    report_multiple_bugs=False, deadline=None, database=None, derandomize=True
)


def requirement(requirement_id: str) -> pytest.MarkDecorator:
    """Mark a test as checking one catalogue requirement (a typo fails here)."""
    if requirement_id not in REQUIREMENTS:
        raise KeyError(f"unknown requirement id {requirement_id!r}")
    return pytest.mark.requirement(requirement_id)


def last(bound: int) -> int:
    """A roll: the largest number rollRNG(bound) can return."""
    return bound - 1


class Rolls:
    """A scripted rollRNG: returns the scripted numbers in order.

    A scripted entry is a number or a function of the bound (:func:`last`).
    Every call's bound is recorded in ``bounds``. A call past the end of the
    script fails: the rule under test draws no further number there.
    """

    def __init__(self, *script: Roll) -> None:
        self._pending: deque[Roll] = deque(script)
        self.bounds: list[int] = []

    def __call__(self, bound: int) -> int:
        self.bounds.append(bound)
        if not self._pending:
            raise AssertionError(
                f"unexpected draw rollRNG({bound}): the writeup draws no "
                f"random number here (draws so far: bounds {self.bounds})"
            )
        entry = self._pending.popleft()
        value = entry(bound) if callable(entry) else entry
        if not 0 <= value < bound:
            raise AssertionError(
                f"rollRNG({bound}) was called where the test scripted the "
                f"roll {value}: the bound is not the writeup's"
            )
        return value

    @property
    def unused(self) -> int:
        """How many scripted numbers were never drawn."""
        return len(self._pending)


class AddTileSpy:
    """Replaces addTile on an instance: counts calls, adds nothing, returns 0."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> int:
        self.calls += 1
        return 0


def snapshot(game: Any) -> Snapshot:
    """The board as nested tuples: immune to later changes of any list."""
    return tuple(tuple(row) for row in game.getBoard())


def frozen(board: Sequence[Sequence[int]]) -> Snapshot:
    return tuple(tuple(row) for row in board)


def column(*top_to_bottom: int) -> Board:
    """A one-column board from its values listed top to bottom."""
    return [[value] for value in top_to_bottom]


def show(board: Sequence[Sequence[int]]) -> str:
    """A board on one line, rows separated by '/', for failure messages."""
    return " / ".join(" ".join(str(value) for value in row) for row in board)


@st.composite
def boards(draw: st.DrawFn) -> Snapshot:
    """Boards of 1 to 4 rows and columns, with many empty cells and merges."""
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, 4))
    tiles = st.sampled_from([0, 0, 2, 2, 4, 8, 16])
    return tuple(tuple(draw(tiles) for _ in range(cols)) for _ in range(rows))


def param_id(value: object) -> str | None:
    """A readable test id for a board or a column; None for anything else."""
    if not isinstance(value, tuple):
        return None
    if all(isinstance(row, tuple) for row in value):
        return show(value)
    return " ".join(str(tile) for tile in value)


def assert_unchanged(game: Any, board: Snapshot, score: int, action: str) -> None:
    """Fail unless ``game`` still holds ``board`` and ``score`` after ``action``."""
    after = snapshot(game)
    assert after == board, f"{action} changed the board {show(board)} to {show(after)}"
    assert game.getScore() == score, (
        f"{action} changed the score from {score} to {game.getScore()!r}"
    )
