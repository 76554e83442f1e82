"""gamestate.effects: which cells a move merges and where its tile lands (issue 16)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate import Direction, GameState
from gamestate.effects import added_tile, slide_effects

tiles = st.sampled_from([0, 0, 0, 2, 2, 4, 4, 8, 16])


@st.composite
def boards(draw: st.DrawFn) -> list[list[int]]:
    rows = draw(st.integers(1, 6))
    cols = draw(st.integers(1, 6))
    return [[draw(tiles) for _ in range(cols)] for _ in range(rows)]


def test_the_writeup_row_4_4_4_merges_at_the_far_end() -> None:
    effects = slide_effects([[4, 4, 4, 0]], Direction.RIGHT)
    assert effects.board == [[0, 0, 4, 8]]
    assert effects.merged == {(0, 3)}
    assert effects.gained == 8


def test_a_column_moving_up_merges_at_the_top() -> None:
    effects = slide_effects([[2], [2], [4], [4]], Direction.UP)
    assert effects.board == [[4], [8], [0], [0]]
    assert effects.merged == {(0, 0), (1, 0)}
    assert effects.gained == 12


def test_a_moved_tile_equal_to_a_merge_is_not_a_merge() -> None:
    # 2 2 4 moving left: the 2s merge into a 4 at column 0; the old 4 only moves.
    effects = slide_effects([[2, 2, 4]], Direction.LEFT)
    assert effects.board == [[4, 4, 0]]
    assert effects.merged == {(0, 0)}


@settings(max_examples=150, deadline=None)
@given(boards(), st.sampled_from(list(Direction)), st.integers(0, 1000))
def test_effects_agree_with_game_state_move(
    board: list[list[int]], direction: Direction, seed: int
) -> None:
    game = GameState(len(board), len(board[0]), seed=seed)
    game.setBoard(board)
    effects = slide_effects(board, direction)
    moved = game.move(direction)
    after = game.getBoard()
    assert moved == (effects.board != board)
    assert game.getScore() == effects.gained
    new = added_tile(effects.board, after)
    if not moved:
        assert new is None and after == board
        return
    assert new is not None
    r, c = new
    assert effects.board[r][c] == 0 and after[r][c] in (2, 4)
    assert after == [
        [value if (i, j) == new else effects.board[i][j] for j, value in enumerate(row)]
        for i, row in enumerate(after)
    ]
    assert effects.merged == merged_cells(board, direction)


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
