"""GameState.move_with_effects: what a move merges, the tile it adds, its points.

Issue 16 asked for the effects; issue 21 that they come from the one
slide that moves the board, not from a second slide and a diff of boards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate import Direction, GameState, _bitboard, _kernels
from gamestate.effects import MoveEffects

T = TypeVar("T")
tiles = st.sampled_from([0, 0, 0, 2, 2, 4, 4, 8, 16])


@st.composite
def boards(draw: st.DrawFn) -> list[list[int]]:
    """Any shape up to 6x6; half of them 4x4 (the packed form)."""
    square = draw(st.booleans())
    rows = 4 if square else draw(st.integers(1, 6))
    cols = 4 if square else draw(st.integers(1, 6))
    return [[draw(tiles) for _ in range(cols)] for _ in range(rows)]


def effects_of(board: list[list[int]], direction: Direction) -> MoveEffects | None:
    game = GameState(len(board), len(board[0]), seed=7)
    game.setBoard(board)
    return game.move_with_effects(direction)


def test_the_writeup_row_4_4_4_merges_at_the_far_end() -> None:
    effects = effects_of([[4, 4, 4, 0]], Direction.RIGHT)
    assert effects is not None
    assert effects.merged == {(0, 3)}
    assert effects.points == 8
    assert effects.new_tile in {(0, 0), (0, 1)}


def test_a_column_moving_up_merges_at_the_top() -> None:
    effects = effects_of([[2], [2], [4], [4]], Direction.UP)
    assert effects is not None
    assert effects.merged == {(0, 0), (1, 0)}
    assert effects.points == 12


def test_a_moved_tile_equal_to_a_merge_is_not_a_merge() -> None:
    # 2 2 4 moving left: the 2s merge into a 4 at column 0; the old 4 only moves.
    effects = effects_of([[2, 2, 4]], Direction.LEFT)
    assert effects is not None
    assert effects.merged == {(0, 0)}
    assert effects.new_tile == (0, 2)


def test_a_move_that_changes_nothing_has_no_effects_and_draws_nothing() -> None:
    game = GameState(1, 3, seed=3)
    game.setBoard([[2, 4, 8]])
    state = game.rng.getstate()
    assert game.move_with_effects(Direction.LEFT) is None
    assert game.move_with_effects(None) is None
    assert game.getBoard() == [[2, 4, 8]] and game.rng.getstate() == state


def test_a_direction_that_is_not_one_is_refused() -> None:
    with pytest.raises(TypeError, match="dir must be a Direction"):
        GameState(4, 4).move_with_effects("LEFT")  # type: ignore[arg-type]


@settings(max_examples=150, deadline=None)
@given(boards(), st.sampled_from(list(Direction)), st.integers(0, 1000))
def test_effects_agree_with_move(
    board: list[list[int]], direction: Direction, seed: int
) -> None:
    game = GameState(len(board), len(board[0]), seed=seed)
    game.setBoard(board)
    twin = game.copy()
    effects = game.move_with_effects(direction)
    moved = twin.move(direction)
    # The same game as move's: board, score and generator.
    assert game.getBoard() == twin.getBoard()
    assert game.getScore() == twin.getScore()
    assert game.rng.getstate() == twin.rng.getstate()
    if not moved:
        assert effects is None
        return
    assert effects is not None
    assert effects.points == game.getScore()
    assert effects.merged == merged_cells(board, direction)
    assert effects.new_tile is not None
    r, c = effects.new_tile
    assert effects.tile == game.getBoard()[r][c] and effects.tile in (2, 4)
    # Taking the new tile away leaves the slid board: what the merges say.
    slid = game.getBoard()
    slid[r][c] = 0
    assert sum(map(sum, slid)) == sum(map(sum, board))
    assert {(i, j) for i, row in enumerate(slid) for j, v in enumerate(row) if v} >= (
        effects.merged
    )


def test_the_board_moves_by_the_one_slide_that_tells_the_merges(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    slides: list[str] = []

    def counted(name: str, slide: Callable[..., T]) -> Callable[..., T]:
        def run(*args: Any) -> T:
            slides.append(name)
            return slide(*args)

        return run

    for module, name in (
        (_kernels, "move_with_merges"),
        (_kernels, "move_board"),
        (_bitboard, "slide_parts"),
    ):
        monkeypatch.setattr(module, name, counted(name, getattr(module, name)))
    game = GameState(4, 4, seed=1)
    game.setBoard([[2, 2, 0, 0]] + [[0] * 4] * 3)
    effects = game.move_with_effects(Direction.LEFT)
    assert slides == ["move_with_merges"]
    assert effects is not None and effects.merged == {(0, 0)}


def test_a_subclass_addTile_still_says_where_its_tile_went() -> None:
    class Cornered(GameState):
        def addTile(self) -> int:
            board = self.getBoard()
            board[0][0] = 64
            self.setBoard(board)
            return 64

    game = Cornered(2, 2)
    game.setBoard([[0, 2], [0, 2]])
    effects = game.move_with_effects(Direction.DOWN)
    assert effects == MoveEffects(frozenset({(1, 1)}), (0, 0), 64, 4)


def merged_cells(board: list[list[int]], direction: Direction) -> set[tuple[int, int]]:
    """An independent account of the writeup's rule, tile by tile: walk each
    line from the edge the tiles move to; a tile meeting an equal, unmerged
    one merges into it where that one landed."""
    rows, cols = len(board), len(board[0])
    lines = {
        Direction.DOWN: [[(r, c) for r in reversed(range(rows))] for c in range(cols)],
        Direction.UP: [[(r, c) for r in range(rows)] for c in range(cols)],
        Direction.RIGHT: [[(r, c) for c in reversed(range(cols))] for r in range(rows)],
        Direction.LEFT: [[(r, c) for c in range(cols)] for r in range(rows)],
    }[direction]
    merged = set()
    for cells in lines:
        landed: list[list[int]] = []  # [value, merged?] in landing order
        for r, c in cells:
            value = board[r][c]
            if not value:
                continue
            if landed and landed[-1] == [value, 0]:
                landed[-1] = [value * 2, 1]
            else:
                landed.append([value, 0])
        merged |= {
            cells[i] for i, (_value, was_merged) in enumerate(landed) if was_merged
        }
    return merged
