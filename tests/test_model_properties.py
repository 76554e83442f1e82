"""Rules that hold on every board, checked by hypothesis on random boards.

Boards are 1..6 x 1..6 (4x4 half of the time) with empty cells and powers
of two up to 2**20, so no sum ever leaves Java's int range (the wrap is
pinned in test_game_state.py). Small tiles are drawn often so that merges
are common.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gamestate import Direction, GameState
from tests.model_helpers import Board, game_with

TILES = st.one_of(
    st.sampled_from([0, 0, 2, 2, 4, 8]),
    st.integers(min_value=1, max_value=20).map(lambda e: 1 << e),
)


SIZES = st.integers(min_value=1, max_value=6)
# Half the boards are the default 4x4, the shape games are mostly played on
# (and the one a faster representation may treat specially).
SHAPES = st.one_of(st.just((4, 4)), st.tuples(SIZES, SIZES))


@st.composite
def boards(draw: st.DrawFn) -> Board:
    rows, cols = draw(SHAPES)
    row = st.lists(TILES, min_size=cols, max_size=cols)
    return draw(st.lists(row, min_size=rows, max_size=rows))


SEEDS = st.integers(min_value=-(1 << 63), max_value=(1 << 63) - 1)
SCORES = st.integers(min_value=0, max_value=1 << 24)
DIRECTIONS = st.sampled_from(list(Direction))


def clone(game: GameState) -> GameState:
    """An independent game with the same board, score and generator state,
    built through the public API only."""
    board = game.getBoard()
    twin = game_with(board, game.getScore())
    twin.rng.setstate(game.rng.getstate())
    return twin


def columns(board: Board) -> list[list[int]]:
    """The board's columns, each listed from the bottom cell up."""
    return [[row[c] for row in reversed(board)] for c in range(len(board[0]))]


def merged_tiles(before: list[int], after: list[int]) -> list[int]:
    """Explain a slid column (bottom first) as kept tiles and merged pairs.

    Walks the tiles of both columns from the bottom: each tile after the
    slide is either the next tile before it, unchanged, or the sum of the
    next two, which must be equal. Returns the merged tiles; fails if the
    column after is not such a sequence of keeps and merges.
    """
    old = [v for v in before if v != 0]
    new = [v for v in after if v != 0]
    assert after == new + [0] * (len(after) - len(new)), "tiles not at the bottom"
    merged = []
    i = 0
    for tile in new:
        if tile == old[i]:
            i += 1
        else:
            assert old[i] == old[i + 1] and tile == 2 * old[i], (before, after)
            merged.append(tile)
            i += 2
    assert i == len(old), "tiles lost"
    return merged


def rotated(board: Board, turns: int) -> Board:
    game = game_with(board)
    for _ in range(turns):
        game.rotateCounterClockwise()
    return game.getBoard()


@given(boards())
def test_slideDown_keeps_the_sum_of_the_tiles(board: Board) -> None:
    game = game_with(board)
    game.slideDown()
    assert sum(map(sum, game.getBoard())) == sum(map(sum, board))


@given(boards(), SCORES)
def test_score_gain_is_the_sum_of_the_merged_tiles(board: Board, score: int) -> None:
    game = game_with(board, score)
    game.slideDown()
    pairs = zip(columns(board), columns(game.getBoard()), strict=True)
    merged = [tile for old, new in pairs for tile in merged_tiles(old, new)]
    assert game.getScore() - score == sum(merged)


@given(boards())
def test_canSlideDown_exactly_when_slideDown_changes_the_board(board: Board) -> None:
    game = game_with(board)
    can = game.canSlideDown()
    assert game.getBoard() == board
    assert game.slideDown() is can
    assert (game.getBoard() != board) is can


@given(boards(), SCORES, SEEDS, DIRECTIONS)
def test_move_is_rotate_slideDown_rotate_back_then_one_new_tile(
    board: Board, score: int, seed: int, direction: Direction
) -> None:
    game = game_with(board, score, seed=seed)
    expected = clone(game)
    turns = direction.getRotationCount()
    for _ in range(turns):
        expected.rotateCounterClockwise()
    changed = expected.slideDown()
    for _ in range(4 - turns):
        expected.rotateCounterClockwise()
    state = game.rng.getstate()

    assert game.move(direction) is changed
    assert game.getScore() == expected.getScore()
    after, slid = game.getBoard(), expected.getBoard()
    diffs = [
        (r, c)
        for r, row in enumerate(slid)
        for c, value in enumerate(row)
        if after[r][c] != value
    ]
    if not changed:
        assert diffs == []
        assert game.rng.getstate() == state
        return
    # The new tile is the one the game's generator draws for that board:
    # the position first, then the value, as addTile does on `expected`.
    assert expected.addTile() in (2, 4)
    assert after == expected.getBoard()
    assert game.rng.getstate() == expected.rng.getstate()
    assert len(diffs) == 1
    r, c = diffs[0]
    assert slid[r][c] == 0


@given(boards())
def test_four_rotations_are_the_identity(board: Board) -> None:
    assert rotated(board, 4) == board


@given(boards())
def test_one_rotation_turns_R_by_C_into_C_by_R_counter_clockwise(
    board: Board,
) -> None:
    rows, cols = len(board), len(board[0])
    turned = rotated(board, 1)
    assert (len(turned), len(turned[0])) == (cols, rows)
    for i in range(cols):
        for j in range(rows):
            assert turned[i][j] == board[j][cols - 1 - i]


@given(boards(), SCORES)
def test_isGameOver_exactly_when_no_direction_can_move(
    board: Board, score: int
) -> None:
    game = game_with(board, score)
    state = game.rng.getstate()
    over = game.isGameOver()
    assert (game.getBoard(), game.getScore()) == (board, score)
    assert game.rng.getstate() == state
    assert over is not any(clone(game).move(d) for d in Direction)


@given(boards(), SEEDS)
def test_addTile_fills_one_empty_cell_or_returns_0_on_a_full_board(
    board: Board, seed: int
) -> None:
    game = game_with(board, seed=seed)
    empty = game.countEmptyTiles()
    assert empty == sum(row.count(0) for row in board)
    tile = game.addTile()
    if empty == 0:
        assert (tile, game.getBoard()) == (0, board)
        return
    assert tile in (2, 4)
    assert game.countEmptyTiles() == empty - 1
    assert sum(map(sum, game.getBoard())) == sum(map(sum, board)) + tile
