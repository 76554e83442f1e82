"""gamestate.batch.GridBatch plays GameState's games on any R x C board
(issue 38): move for move and tile for tile, from seeded starts and from
random boards, and on 4x4 exactly the packed engine's games.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate import Direction, GameState
from gamestate.batch import Batch, GridBatch
from gamestate.batch.grid import batch_for, slide_lines

SIZES = [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 3), (2, 5), (5, 5), (6, 6)]
sizes = st.sampled_from(SIZES)


def new_game(rows: int, cols: int, seed: int, two_prob: int) -> GameState:
    """What the batch starts: GameState(rows, cols, seed) and two tiles."""
    game = GameState(rows, cols, seed=seed, two_prob=two_prob)
    game.addTile()
    game.addTile()
    return game


def play_alongside(
    batch: GridBatch, games: list[GameState], actions: list[int]
) -> None:
    """Step the batch and the games with the same actions, comparing all."""
    count = len(games)
    for turn, first in enumerate(actions):
        moves = [(first + i * (turn % 3 + 1)) % 4 for i in range(count)]
        scores = [game.getScore() for game in games]
        result = batch.step(np.array(moves))
        for i, game in enumerate(games):
            moved = game.move(Direction(moves[i]))
            assert bool(result.moved[i]) == moved
            assert result.gains[i] == game.getScore() - scores[i]
            assert bool(result.over[i]) == game.isGameOver()
            assert not result.overflow[i]
        assert_same(batch, games)


def assert_same(batch: GridBatch, games: list[GameState]) -> None:
    for index, game in enumerate(games):
        mine = batch.game(index)
        assert mine.getBoard() == game.getBoard(), index
        assert mine.getScore() == game.getScore(), index
        assert mine.rng.getstate() == game.rng.getstate(), index


@settings(max_examples=30, deadline=None)
@given(
    sizes,
    st.lists(
        st.tuples(st.integers(-(2**63), 2**63 - 1), st.integers(0, 100)),
        min_size=1,
        max_size=6,
    ),
    st.lists(st.integers(0, 3), min_size=1, max_size=120),
)
def test_seeded_games_are_gamestates_move_for_move(
    size: tuple[int, int], setup: list[tuple[int, int]], actions: list[int]
) -> None:
    rows, cols = size
    batch = GridBatch(
        [s for s, _ in setup], rows=rows, cols=cols, two_prob=[p for _, p in setup]
    )
    games = [new_game(rows, cols, s, p) for s, p in setup]
    assert_same(batch, games)
    play_alongside(batch, games, actions)


@st.composite
def random_boards(draw: st.DrawFn) -> tuple[np.ndarray, list[int]]:
    """Random boards of one size (exponents up to 14, so no merge passes
    32768), and a generator state per board."""
    rows, cols = draw(sizes)
    count = draw(st.integers(1, 5))
    cells = draw(
        st.lists(
            st.integers(0, 14),
            min_size=count * rows * cols,
            max_size=count * rows * cols,
        )
    )
    states = draw(st.lists(st.integers(0, 2**48 - 1), min_size=count, max_size=count))
    return np.array(cells, dtype=np.int8).reshape(count, rows, cols), states


@settings(max_examples=40, deadline=None)
@given(random_boards(), st.integers(0, 100), st.lists(st.integers(0, 3), max_size=30))
def test_random_boards_move_as_gamestate_moves_them(
    boards_and_states: tuple[np.ndarray, list[int]], two_prob: int, actions: list[int]
) -> None:
    boards, states = boards_and_states
    count, rows, cols = boards.shape
    batch = GridBatch.restored(
        boards, np.zeros(count, np.int64), np.array(states, np.uint64), two_prob
    )
    games = []
    for board, state in zip(boards.tolist(), states, strict=True):
        game = GameState(rows, cols, two_prob=two_prob)
        game.setBoard([[1 << e if e else 0 for e in row] for row in board])
        game.rng.setstate(state)
        games.append(game)
    play_alongside(batch, games, [*actions, 0, 1, 2, 3])


@settings(max_examples=20, deadline=None)
@given(
    st.lists(st.integers(0, 2**40), min_size=1, max_size=8),
    st.integers(0, 100),
    st.lists(st.integers(0, 3), min_size=1, max_size=150),
)
def test_on_4x4_it_plays_the_packed_engines_games(
    seeds: list[int], two_prob: int, actions: list[int]
) -> None:
    grid = GridBatch(seeds, rows=4, cols=4, two_prob=two_prob)
    packed = Batch(seeds, two_prob=two_prob)
    assert isinstance(batch_for(seeds, rows=4, cols=4, two_prob=two_prob), Batch)
    for turn, action in enumerate(actions):
        moves = np.array([(action + i * turn) % 4 for i in range(len(seeds))])
        mine, theirs = grid.step(moves), packed.step(moves)
        for field in ("moved", "gains", "over", "overflow", "final_scores"):
            assert np.array_equal(getattr(mine, field), getattr(theirs, field)), field
        assert np.array_equal(grid.boards, packed.exponents())
        assert np.array_equal(grid.states, packed.states)
        assert np.array_equal(grid.legal, packed.legal)


@pytest.mark.parametrize(
    ("line", "slid", "gain"),
    [
        ([1, 1, 1], [0, 1, 2], 4),  # the tiles nearest the edge merge first
        ([1, 1, 1, 1], [0, 0, 2, 2], 8),  # a merged tile never merges again
        ([2, 0, 2, 3, 0], [0, 0, 0, 3, 3], 8),
        ([3, 0, 0, 0, 0, 2], [0, 0, 0, 0, 3, 2], 0),
    ],
)
def test_a_line_slides_by_the_java_rule(
    line: list[int], slid: list[int], gain: int
) -> None:
    out, gains, overflow = slide_lines(np.array([line], dtype=np.int8))
    assert out[0].tolist() == slid and gains[0] == gain and not overflow[0]


def test_a_merge_past_32768_is_refused_and_flagged() -> None:
    boards = np.zeros((1, 3, 3), dtype=np.int8)
    boards[0, 0, :2] = 15
    batch = GridBatch.restored(boards, np.array([7]), np.array([1], np.uint64), 70)
    result = batch.step(np.array([1]))  # LEFT
    assert result.overflow[0] and not result.moved[0]
    assert np.array_equal(batch.boards, boards) and batch.scores[0] == 7
    assert batch.states[0] == 1 and batch.legal_mask()[0, 1]


def test_games_not_playing_are_left_alone() -> None:
    batch = GridBatch([1, 2], rows=3, cols=5)
    before = batch.boards.copy(), batch.states.copy()
    result = batch.step(np.array([0, 0]), playing=np.array([False, True]))
    assert not result.moved[0]
    assert np.array_equal(batch.boards[0], before[0][0])
    assert batch.states[0] == before[1][0]


@pytest.mark.parametrize(
    ("rows", "cols", "message"),
    [
        (1, 4, "rows must be at least 2, got 1"),
        (3, 0, "cols must be at least 2, got 0"),
        (11, 10, "a 11x10 board has 110 cells; at most 100"),
    ],
)
def test_a_board_out_of_range_is_named(rows: int, cols: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        GridBatch([0], rows=rows, cols=cols)


def test_bad_actions_are_refused() -> None:
    batch = GridBatch([0, 1], rows=3, cols=3)
    with pytest.raises(ValueError, match="actions must be 0..3, got 0..4"):
        batch.step(np.array([0, 4]))
    with pytest.raises(ValueError, match="actions must be 2 integers"):
        batch.step(np.array([0]))
