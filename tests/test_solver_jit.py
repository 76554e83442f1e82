"""Issue 38: the compiled search (``_solver_jit``) is the Python one, faster.

The plain-Python search is the reference: at equal depth the compiled one
must rate every move of every board exactly alike, expand the same chance
nodes, and its answers must stay legal moves of the Java-exact model.
Its strength and speed are measured by bench/solver.py, not here.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate import GameState, solver
from gamestate._kernels import can_move

pytest.importorskip("numba", reason="the jit extra: pip install -e '.[jit]'")


@pytest.fixture(autouse=True, scope="module")
def python_search_after() -> Iterator[None]:
    """Other tests expect the Python default: turn the switch back off."""
    yield
    solver._compiled = False


@st.composite
def packed_boards(draw: st.DrawFn) -> int:
    """A packed 4x4 board: each cell empty or a tile up to 2**13."""
    board = 0
    for at in range(0, 64, 4):
        board |= draw(st.integers(0, 13)) << at
    return board


@settings(max_examples=150, deadline=None)
@given(packed_boards(), st.integers(1, 3), st.integers(0, 100))
def test_the_compiled_search_rates_moves_as_the_python_one(
    board: int, depth: int, two_prob: int
) -> None:
    python = solver._PackedSearch(two_prob)
    compiled = solver._JitSearch(two_prob)
    assert compiled.rate(board, depth) == python.rate(board, depth)
    assert compiled.nodes == python.nodes


def test_the_compiled_search_reuses_its_table_as_the_python_one() -> None:
    # Deepening within one search reuses chance nodes of the shallower
    # depths; both searches must reuse the same ones to give the same values.
    board = 0x1234_0012_0001_0000
    python = solver._PackedSearch(70)
    compiled = solver._JitSearch(70)
    for depth in (2, 3, 4, 4):
        assert compiled.rate(board, depth) == python.rate(board, depth)
        assert compiled.nodes == python.nodes


def test_merges_past_32768_are_left_out_as_the_python_search_does() -> None:
    board = [[16384] * 4, [2, 4, 8, 16], [4, 8, 16, 32], [8, 16, 32, 64]]
    packed = solver._packed_root(board)
    assert packed is not None
    compiled = solver._JitSearch(70).rate(packed, 3)
    assert compiled == solver._PackedSearch(70).rate(packed, 3)


@settings(max_examples=60, deadline=None)
@given(packed_boards(), st.integers(0, 2**48))
def test_the_compiled_default_search_returns_a_legal_move_of_the_java_model(
    board: int, seed: int
) -> None:
    solver.compile_search()  # the switch is turned off after this module
    game = GameState(4, 4, seed=seed, two_prob=70)
    game.setBoard([[1 << e if e else 0 for e in row] for row in exponents(board)])
    move = solver.best_move(game)
    rows = game.getBoard()
    if move is None:
        assert not any(can_move(rows, turns) for turns in range(4))
    else:
        assert can_move(rows, move.getRotationCount())
        assert game.move(move)


def test_the_default_search_is_compiled_and_deeper_once_built() -> None:
    solver._compiled = False
    assert not isinstance(solver._packed_search(70, None), solver._JitSearch)
    assert solver.compile_search()
    assert isinstance(solver._packed_search(70, None), solver._JitSearch)
    assert not isinstance(solver._packed_search(70, 50.0), solver._JitSearch)
    assert solver.JIT_NODE_BUDGET > solver.NODE_BUDGET


# Positions of a seeded game (packed): the compiled default searched the
# first to its adaptive depth, 5; the second stopped short of it (6) when
# the next depth would not fit JIT_NODE_BUDGET.
LATE_BOARDS = [0x31224211A332B510, 0x10012123A542B842]


@pytest.mark.parametrize("packed", LATE_BOARDS)
def test_the_compiled_default_searches_as_deep_as_the_tiles_and_budget_allow(
    packed: int,
) -> None:
    solver.compile_search()
    deepest = solver.adaptive_depth(packed)
    answer, depth = solver._deepen_within_budget(
        solver._JitSearch(70), packed, deepest, solver.JIT_NODE_BUDGET
    )
    assert solver.FIRST_DEPTH < depth <= deepest
    assert (depth == deepest) == (packed == LATE_BOARDS[0])
    game = GameState(4, 4, seed=1, two_prob=70)
    game.setBoard([[1 << e if e else 0 for e in row] for row in exponents(packed)])
    move = solver.best_move(game)
    assert move is not None and move.getRotationCount() == answer
    # The Python search, the fallback, gives the same move at that depth.
    assert solver._PackedSearch(70).best(packed, depth) == answer


def exponents(board: int) -> list[list[int]]:
    return [[(board >> (16 * r + 4 * c)) & 0xF for c in range(4)] for r in range(4)]


def test_the_kernels_uncompiled_are_the_same_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The kernel's Python source, run as plain Python (numba.njit made a
    no-op), rates as the Python search does: the code numba compiles is
    itself checked, line by line, where coverage can see it."""
    import numba
    import numpy

    from gamestate import _solver_jit

    monkeypatch.setattr(numba, "njit", lambda *args, **options: lambda f: f)
    monkeypatch.setattr(_solver_jit, "_TABLES", None)
    board = 0x1234_0012_0001_0000
    for depth in (1, 2):
        python = solver._PackedSearch(70)
        plain = solver._JitSearch(70)
        with numpy.errstate(over="ignore"):  # the table's hash wraps, as compiled
            assert plain.rate(board, depth) == python.rate(board, depth)
        assert plain.nodes == python.nodes
