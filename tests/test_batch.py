"""gamestate.batch plays exactly the games GameState plays (issue 15).

Every property compares the batch, game by game and move by move, with
independent scalar GameStates given the same seeds, two_prob values and
actions: boards, scores, generator states, what moved and what it
gained, game over, and the games started anew by ``reset_seeds``.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate import Config, Direction, GameState, JavaRandom
from gamestate.batch import Batch, tables, transpose
from gamestate.batch import _random as batch_random
from gamestate.batch.single import PackedGame

_MULTIPLIER = 0x5DEECE66D
_MASK = (1 << 48) - 1
_INVERSE = pow(_MULTIPLIER, -1, 1 << 48)

java_longs = st.integers(min_value=-(1 << 63), max_value=(1 << 63) - 1)
big_seeds = st.one_of(java_longs, st.integers(min_value=0, max_value=1 << 70))


def new_game(seed: int, two_prob: int) -> GameState:
    """What the batch starts: GameState(4, 4, seed) and the start-up's two tiles."""
    game = GameState(4, 4, seed=seed, two_prob=two_prob)
    game.addTile()
    game.addTile()
    return game


def assert_same(batch: Batch, games: list[GameState]) -> None:
    for index, game in enumerate(games):
        mine = batch.game(index)
        assert mine.getBoard() == game.getBoard(), index
        assert mine.getScore() == game.getScore(), index
        assert mine.rng.getstate() == game.rng.getstate(), index
        assert bool(batch.legal[index] == 0) == game.isGameOver(), index


def state_before(state: int) -> int:
    """The generator state whose next step is ``state`` (the LCG inverted)."""
    return ((state - 0xB) * _INVERSE) & _MASK


def seed_for(state: int) -> int:
    """A seed whose ``new Random(seed)`` has this state."""
    return state ^ _MULTIPLIER


@settings(max_examples=40)
@given(
    st.lists(st.tuples(big_seeds, st.integers(0, 100)), min_size=1, max_size=12),
    st.lists(st.integers(0, 3), min_size=40, max_size=400),
    st.integers(0, 1 << 40),
)
def test_batch_matches_gamestates_move_by_move_with_resets(
    setup: list[tuple[int, int]], actions: list[int], reset_base: int
) -> None:
    seeds = [seed for seed, _ in setup]
    two_probs = [p for _, p in setup]
    batch = Batch(seeds, two_prob=two_probs)
    games = [new_game(s, p) for s, p in setup]
    assert_same(batch, games)
    count = len(games)
    for turn, first in enumerate(actions):
        moves = [(first + i * (turn % 3 + 1)) % 4 for i in range(count)]
        reset_seeds = [reset_base + turn * count + i for i in range(count)]
        scores = [game.getScore() for game in games]
        result = batch.step(np.array(moves), reset_seeds=reset_seeds)
        for i, game in enumerate(games):
            moved = game.move(Direction(moves[i]))
            assert bool(result.moved[i]) == moved
            assert result.gains[i] == game.getScore() - scores[i]
            assert result.final_scores[i] == game.getScore()
            assert bool(result.over[i]) == game.isGameOver()
            assert not result.overflow[i]
            if game.isGameOver():
                games[i] = new_game(reset_seeds[i], two_probs[i])
        assert_same(batch, games)


@settings(max_examples=25)
@given(st.integers(0, 100), st.lists(st.integers(0, 3), min_size=1, max_size=200))
def test_one_two_prob_for_all_and_games_left_over(
    two_prob: int, actions: list[int]
) -> None:
    """Without reset_seeds a finished game stays finished: every move is a no-op."""
    batch = Batch([5, 6, 7], two_prob=two_prob)
    games = [new_game(s, two_prob) for s in (5, 6, 7)]
    for action in actions:
        result = batch.step(np.full(3, action))
        for i, game in enumerate(games):
            assert bool(result.moved[i]) == game.move(Direction(action))
    assert_same(batch, games)


def test_default_two_prob_is_config_read_at_construction(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Config, "TWO_PROB", 0)
    batch = Batch([1, 2, 3])
    monkeypatch.setattr(Config, "TWO_PROB", 70)
    assert list(batch.two_prob) == [0, 0, 0]
    assert all(batch.exponents()[i].max() == 2 for i in range(3))  # only 4s


def test_games_not_playing_are_left_alone() -> None:
    batch = Batch([10, 11, 12, 13])
    boards, states = batch.boards.copy(), batch.states.copy()
    games = [new_game(s, 70) for s in (10, 11, 12, 13)]
    playing = np.array([True, False, True, False])
    actions = np.array([0, 0, 1, 1])
    for _ in range(20):
        result = batch.step(actions, playing=playing)
        assert not result.moved[~playing].any()
        for i in (0, 2):
            games[i].move(Direction(int(actions[i])))
    assert list(batch.boards[~playing]) == list(boards[~playing])
    assert list(batch.states[~playing]) == list(states[~playing])
    assert_same(batch, games)


def test_a_held_game_that_is_over_is_not_reset() -> None:
    """reset_seeds restarts only the games that play: a held one stays as it is."""
    stuck = new_game(5, 70)
    stuck.setBoard([[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]])
    batch = Batch.from_games([stuck, new_game(6, 70)])
    board, state = batch.boards[0], batch.states[0]
    result = batch.step(
        np.array([0, 0]), playing=np.array([False, True]), reset_seeds=[7, 8]
    )
    assert bool(result.over[0]) and not result.moved[0]
    assert (batch.boards[0], batch.states[0]) == (board, state)


@settings(max_examples=30)
@given(
    st.lists(java_longs, min_size=1, max_size=8),
    st.lists(st.integers(0, 3), max_size=60),
)
def test_legal_mask_is_what_each_move_would_do(
    seeds: list[int], actions: list[int]
) -> None:
    batch = Batch(seeds)
    for action in actions:
        batch.step(np.full(len(seeds), action))
    mask = batch.legal_mask()
    for index in range(len(seeds)):
        for direction in Direction:
            trial = batch.game(index)
            assert bool(mask[index, direction.value]) == trial.move(direction)


# ------------------------------------------------- nextInt's rejection rule
@settings(max_examples=200)
@given(st.integers(1, 100), st.integers(0, 64), st.booleans())
def test_next_int_draws_again_exactly_as_java(
    bound: int, below: int, high: bool
) -> None:
    """Draws at and around Java's rejection threshold, for every bound."""
    limit = (1 << 31) // bound * bound
    u = (limit + below if high else limit - 1 - below) % (1 << 31)
    after = (u << 17) | 0x1FFFF  # a state whose next(31) is u
    state = state_before(after)
    java = JavaRandom(0)
    java.setstate(state)
    expected = java.nextInt(bound)
    states = np.array([state], dtype=np.uint64)
    for bounds in (bound, np.array([bound], dtype=np.uint64)):
        values, new_states = batch_random.next_int(states, bounds)
        assert int(values[0]) == expected
        assert int(new_states[0]) == java.getstate()


def rejected_state(bound: int) -> int:
    """A state whose next nextInt(bound) draws again (u at Java's limit)."""
    u = (1 << 31) // bound * bound
    return state_before((u << 17) | 0x1234)


def test_reset_draws_again_where_java_does() -> None:
    """nextInt(15) (the second tile's cell) and nextInt(100) draw again."""
    first_cell = state_before(state_before(rejected_state(15)))
    value = state_before(rejected_state(100))
    seeds = [seed_for(first_cell), seed_for(value), 118]
    batch = Batch(seeds, two_prob=[50, 50, 50])
    assert_same(batch, [new_game(s, 50) for s in seeds])


def test_move_draws_again_where_java_does() -> None:
    """A move whose spawn draws again, for the cell and for the value."""
    start = GameState(4, 4, seed=0)
    start.setBoard([[2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 4]])
    games = []
    for state in (rejected_state(14), state_before(rejected_state(100))):
        game = start.copy()
        game.rng.setstate(state)
        games.append(game)
    batch = Batch.from_games(games)
    batch.step(np.array([3, 3]))  # RIGHT: 14 empty cells after the move
    for game in games:
        assert game.move(Direction.RIGHT)
    assert_same(batch, games)


# ----------------------------------------------------- tiles past 32768
def overflowing_game() -> GameState:
    game = GameState(4, 4, seed=3)
    game.setBoard([[32768, 32768, 0, 0], [2, 4, 8, 16], [4, 2, 0, 0], [0, 0, 0, 2]])
    game.setScore(123456)
    return game


def test_a_merge_past_32768_is_refused_and_flagged() -> None:
    game = overflowing_game()
    batch = Batch.from_games([game])
    before = (batch.boards.copy(), batch.scores.copy(), batch.states.copy())
    result = batch.step(np.array([Direction.LEFT.value]))
    assert result.overflow[0] and result.finished[0]
    assert not result.moved[0] and result.gains[0] == 0
    assert (batch.boards, batch.scores, batch.states) == before
    # GameState does make the 65536 the batch cannot hold.
    game.move(Direction.LEFT)
    assert game.getBoard()[0][0] == 65536


def test_other_moves_of_an_overflowing_game_stay_exact() -> None:
    game = overflowing_game()
    batch = Batch.from_games([game])
    batch.step(np.array([Direction.DOWN.value]))
    assert game.move(Direction.DOWN)
    assert_same(batch, [game])


def test_an_overflowing_game_is_reset_when_asked() -> None:
    batch = Batch.from_games([overflowing_game()])
    ended = batch.boards.copy()
    result = batch.step(np.array([Direction.LEFT.value]), reset_seeds=[42])
    assert result.final_scores[0] == 123456 and result.final_boards[0] == ended[0]
    assert_same(batch, [new_game(42, Config.TWO_PROB)])


def test_a_refused_move_leaves_the_other_games_exact() -> None:
    games = [overflowing_game(), new_game(8, 70), new_game(9, 70)]
    batch = Batch.from_games(games)
    refusals = 0
    for action in (1, 1, 3, 0, 2, 1):
        result = batch.step(np.full(3, action))
        refused = [bool(flag) for flag in result.overflow]
        refusals += refused[0]
        assert refused[1:] == [False, False]
        for game, flagged in zip(games, refused, strict=True):
            if not flagged:  # the refused move is the one GameState would differ on
                game.move(Direction(action))
    assert refusals >= 3
    assert_same(batch, games)


# ------------------------------------------------------------ the edges
def test_bad_input_is_refused_with_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    batch = Batch([1, 2])
    with pytest.raises(ValueError, match="0..3"):
        batch.step(np.array([0, 4]))
    with pytest.raises(ValueError, match="0..3"):
        batch.step(np.array([-1, 0]))
    with pytest.raises(ValueError, match="2 integers"):
        batch.step(np.array([0, 1, 2]))
    with pytest.raises(ValueError, match="2 integers"):
        batch.step(np.array([0.0, 1.0]))
    with pytest.raises(ValueError, match="at least one game"):
        Batch([])
    with pytest.raises(ValueError, match="two_prob"):
        Batch([1], two_prob=101)
    with pytest.raises(ValueError, match="seeds"):
        batch.reset([0, 1], [5])
    wide = GameState(4, 5)
    with pytest.raises(ValueError, match="game 0: the batch plays 4x4"):
        Batch.from_games([wide])
    odd = GameState(4, 4)
    odd.setBoard([[3, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4])
    with pytest.raises(ValueError, match="game 1: tile 3 does not fit"):
        Batch.from_games([GameState(4, 4), odd])
    monkeypatch.setattr(Config, "FOUR_TILE", 8)
    with pytest.raises(ValueError, match="FOUR_TILE=8"):
        Batch([1])


def test_transpose_swaps_rows_and_columns() -> None:
    game = GameState(4, 4)
    rows = [[2 << ((r * 4 + c) % 14) for c in range(4)] for r in range(4)]
    game.setBoard(rows)
    batch = Batch.from_games([game])
    batch.boards = transpose(batch.boards)
    flipped = batch.game(0).getBoard()
    assert flipped == [list(column) for column in zip(*rows, strict=True)]


def test_the_tables_are_built_once_and_stay_small() -> None:
    built = tables()
    assert tables() is built
    assert built.nbytes < 8 << 20  # the memory bench/gym.py reports


def test_importing_gamestate_never_imports_numpy() -> None:
    code = "import sys, gamestate, gamestate.game_state; print('numpy' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"


@settings(max_examples=40)
@given(big_seeds, st.integers(0, 100), st.lists(st.integers(0, 3), max_size=300))
def test_packed_game_plays_gamestates_game(
    seed: int, two_prob: int, actions: list[int]
) -> None:
    """The single-game engine (the batch step in plain Python) is GameState too."""
    packed = PackedGame(seed, two_prob)
    game = new_game(seed, two_prob)
    for action in actions:
        before = game.getScore()
        moved, gain, refused = packed.move(action)
        assert moved == game.move(Direction(action)) and not refused
        assert gain == game.getScore() - before
        legal = [game.copy().move(d) for d in Direction]
        assert packed.legal() == sum(1 << d.value for d in Direction if legal[d.value])
    mine = packed.game()
    assert mine.getBoard() == game.getBoard() and mine.getScore() == game.getScore()
    assert mine.rng.getstate() == game.rng.getstate()


def test_packed_game_refuses_a_merge_past_32768() -> None:
    packed = PackedGame.from_game(overflowing_game())
    board, state = packed.board, packed.rng.getstate()
    assert packed.move(Direction.LEFT.value) == (False, 0, True)
    assert (packed.board, packed.rng.getstate()) == (board, state)
