"""Helpers of the conformance tests: scripted randomness and board snapshots.

Randomness is controlled only through the writeup's own hook: each game's
``rollRNG`` is replaced on the instance by a :class:`Rolls` script. Any
draw the script did not expect fails the test, which also checks that
randomTile and addTile draw through rollRNG.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, Final

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from gamestate.conformance.limits import TargetError
from gamestate.conformance.requirements import REQUIREMENTS
from gamestate.java_random import JavaRandom

Board = list[list[int]]
Snapshot = tuple[tuple[int, ...], ...]
Roll = int | Callable[[int], int]

# The start of a skip's reason that makes a test NOT APPLICABLE (N/A) to
# the class, not skipped: see plugin.py.
NOT_APPLICABLE = "not applicable: "

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


class ScriptedTile:
    """Replaces addTile on an instance (the writeup makes it REQUIRED and
    ``protected``, so a subclass may override it): the first call places
    ``tile`` in the cell (``row``, ``col``) when that cell is empty, through
    getBoard() and setBoard(), and returns it; any further call adds nothing
    and returns 0. A class whose move adds its tile through addTile then
    shows the same board on every run, whatever its own draws."""

    # A Java game places the tile in its JVM (javac.py's PLACE_TILE decodes
    # -1 - ((row * CELLS + col) * 8 + tile)): no other request can reach the
    # JVM while its move waits for this answer.
    CELLS: Final = 4096

    def __init__(self, game: Any, row: int, col: int, tile: int) -> None:
        self.game = game
        self.row, self.col, self.tile = row, col, tile
        self.calls = 0

    def __call__(self) -> int:
        self.calls += 1
        if self.calls > 1:
            return 0
        board = [list(line) for line in self.game.getBoard()]
        if self.row >= len(board) or self.col >= len(board[self.row]):
            return 0
        if board[self.row][self.col] != 0:
            return 0
        board[self.row][self.col] = self.tile
        self.game.setBoard(board)
        return self.tile

    def in_jvm(self) -> int:
        """The answer a Java game's addTile receives: the JVM places it."""
        self.calls += 1
        if self.calls > 1:
            return 0
        return -1 - ((self.row * self.CELLS + self.col) * 8 + self.tile)


Call = tuple[str, Sequence[object]]


def call_all(game: Any, calls: Sequence[Call]) -> list[Any]:
    """What each call (method name, arguments) on ``game`` returned, in
    order; the first exception raised. A Java game makes them in few round
    trips (java.py), so thousands of calls cost little."""
    batched = getattr(game, "_conformance_calls", None)
    if batched is not None:
        return list(batched(calls))
    return [getattr(game, method)(*arguments) for method, arguments in calls]


def call_each(game: Any, calls: Sequence[Call]) -> list[Any]:
    """As :func:`call_all`, but a call that raised gives its TargetError in
    place of its result, and the calls after it still run (a JVM that
    stopped gives its error for every call left)."""
    batched = getattr(game, "_conformance_calls", None)
    if batched is not None:
        try:
            return list(batched(calls, each=True))
        except TargetError as stopped:
            return [stopped] * len(calls)
    results: list[Any] = []
    for method, arguments in calls:
        try:
            results.append(getattr(game, method)(*arguments))
        except TargetError as raised:
            results.append(raised)
    return results


def changed_cells(before: Snapshot, after: Snapshot) -> list[tuple[int, int]]:
    """The cells where two boards of one shape differ."""
    return [
        (row, col)
        for row, (old, new) in enumerate(zip(before, after, strict=True))
        for col, (a, b) in enumerate(zip(old, new, strict=True))
        if a != b
    ]


def assert_one_tile_added(
    before: Snapshot, after: Snapshot, action: str, returned: object = None
) -> None:
    """``after`` is ``before`` plus one new tile (2 or 4) in an empty cell,
    the tile ``returned`` when that is given."""
    changed = changed_cells(before, after) if shape_of(after) == shape_of(before) else []
    expected = f"{show(before)} plus one new 2 or 4 in an empty cell"
    assert len(changed) == 1, f"{action} must give {expected}; it gave {show(after)}"
    [(row, col)] = changed
    assert before[row][col] == 0, (
        f"{action} must give {expected}; it overwrote the tile at row {row}, col {col}: "
        f"{show(after)}"
    )
    assert after[row][col] in (2, 4), (
        f"{action} must give {expected}; it placed {after[row][col]}: {show(after)}"
    )
    assert returned is None or returned == after[row][col], (
        f"{action} placed {after[row][col]} (giving {show(after)}) but returned "
        f"{describe(returned)}"
    )


def snapshot(game: Any, shape: tuple[int, int] | None = None) -> Snapshot:
    """``game.getBoard()`` as nested tuples, immune to later changes of any
    list; a FAIL naming what came back when it is not a board of whole
    numbers (of ``shape`` rows x columns, when given)."""
    return board_of(game.getBoard(), "getBoard()", shape)


def board_of(value: object, what: str, shape: tuple[int, int] | None = None) -> Snapshot:
    """``value`` as a board (nested tuples of ints), or an AssertionError
    naming what ``what`` returned: null, not rows, a ragged or wrong-sized
    array, a cell that is not a whole number."""
    if value is None:
        raise AssertionError(f"{what} returned null, not a board")
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        # AssertionError, not TypeError: the class's answer is a FAIL, not an ERROR
        raise AssertionError(f"{what} returned {describe(value)}, not a board")  # noqa: TRY004
    rows = []
    for number, row in enumerate(value):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            message = f"{what} returned a board whose row {number} is {describe(row)}"
            raise AssertionError(message)  # noqa: TRY004 - the class's FAIL
        cells = tuple(row)
        bad = [cell for cell in cells if type(cell) is not int]
        if bad:
            raise AssertionError(
                f"{what} returned a board whose row {number} holds {describe(bad[0])}"
            )
        rows.append(cells)
    widths = sorted({len(row) for row in rows})
    if len(widths) > 1:
        raise AssertionError(
            f"{what} returned a ragged board (rows of {', '.join(map(str, widths))} cells): "
            f"{show(rows)}"
        )
    if shape is not None and (len(rows), widths[0] if widths else 0) != shape:
        raise AssertionError(
            f"{what} returned a {len(rows)} x {widths[0] if widths else 0} board "
            f"({show(rows) or 'no rows'}) where the game is {shape[0]} x {shape[1]}"
        )
    return tuple(rows)


def text_difference(action: str, got: object, expected: str) -> str:
    """Where a returned text first differs from the writeup's, line by line:
    "toString() of ...: line 1 is 'Score 0', the writeup's format gives
    'Score: 0' (whole text expected: ...)"."""
    if not isinstance(got, str):
        return f"{action} must return the text {expected!r}, got {describe(got)}"
    got_lines, want_lines = got.split("\n"), expected.split("\n")
    for number, (line, want) in enumerate(zip(got_lines, want_lines, strict=False), 1):
        if line != want:
            return (
                f"{action}: line {number} is {line!r}, the writeup's format gives {want!r} "
                f"(expected {expected!r})"
            )
    if len(got_lines) < len(want_lines):
        return f"{action} stops after {len(got_lines)} lines: expected {expected!r}, got {got!r}"
    return f"{action} goes on after the last row: expected {expected!r}, got {got!r}"


def describe(value: object) -> str:
    """A short, safe description of any value a class returned."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if type(value) is int:
        return str(value)
    if isinstance(value, str):
        return f"the text {value!r}"[:80]
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a student's __repr__ may raise anything
        text = f"a {type(value).__name__}"
    return f"{text[:60]}{'...' if len(text) > 60 else ''} ({type(value).__name__})"


def shape_of(board: Sequence[Sequence[int]]) -> tuple[int, int]:
    return (len(board), len(board[0]) if board else 0)


def frozen(board: Sequence[Sequence[int]]) -> Snapshot:
    return tuple(tuple(row) for row in board)


def column(*top_to_bottom: int) -> Board:
    """A one-column board from its values listed top to bottom."""
    return [[value] for value in top_to_bottom]


def show(board: Sequence[Sequence[int]]) -> str:
    """A board on one line, rows separated by '/', for failure messages."""
    if not board or not any(board):
        return f"an empty array ({len(board)} rows)"
    return " / ".join(" ".join(str(value) for value in row) for row in board)


class Seeded:
    """A rollRNG script answering every draw, from a seeded generator.

    A class that draws through rollRNG becomes as repeatable as the seed
    (its draws are ours), whatever bounds it asks for and however often;
    ``bounds`` records each call's bound.
    """

    def __init__(self, seed: int = 118) -> None:
        self.random = random.Random(seed)
        self.bounds: list[int] = []

    def __call__(self, bound: int) -> int:
        self.bounds.append(bound)
        if bound <= 0:
            raise AssertionError(
                f"rollRNG({bound}) was called: the bound must be positive "
                "(java.util.Random.nextInt throws)"
            )
        return self.random.randrange(bound)


def seed_draws(game: Any, seed: int) -> None:
    """``game``'s rollRNG answered as ``new java.util.Random(seed)`` answers
    (a Python class's replaced on the instance, a Java class's in its JVM,
    where its calls stay batched): a class that draws through rollRNG then
    places the same tiles on every run, the same in Python and in Java. A
    class without rollRNG (OPTIONAL in the writeup) is left as it is."""
    if not callable(getattr(type(game), "rollRNG", None)):
        return
    seeding = getattr(game, "_conformance_seed", None)
    if seeding is not None:
        seeding(seed)
    else:
        game.rollRNG = JavaRandom(seed).nextInt


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
    after = snapshot(game, shape_of(board))
    assert after == board, f"{action} changed the board {show(board)} into {show(after)}"
    assert game.getScore() == score, (
        f"{action} changed the score from {score} to {game.getScore()!r}"
    )
