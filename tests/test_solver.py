"""Issue 7: the solver's contract (legal, read-only) and its judgement.

Searches here use tiny boards or low depths so the suite stays fast; the
solver's strength is measured by bench/solver.py, not here.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate import Config, Direction, GameState, solver
from gamestate._kernels import can_move


def tile_values(max_exponent: int) -> st.SearchStrategy[int]:
    """0 (empty) or a tile 2 .. 2**max_exponent."""
    return st.integers(0, max_exponent).map(lambda e: 0 if e == 0 else 1 << e)


@st.composite
def boards(
    draw: st.DrawFn, rows: int, cols: int, max_exponent: int = 11
) -> list[list[int]]:
    values = tile_values(max_exponent)
    return [[draw(values) for _ in range(cols)] for _ in range(rows)]


@st.composite
def games(draw: st.DrawFn) -> GameState:
    """A game of a small or 4x4 shape with a random board, seed and odds."""
    rows, cols = draw(st.sampled_from([(4, 4), (4, 4), (2, 2), (3, 5), (1, 4)]))
    game = GameState(
        rows, cols, seed=draw(st.integers(0, 2**48)), two_prob=draw(st.integers(0, 100))
    )
    game.setBoard(draw(boards(rows, cols)))
    game.setScore(draw(st.integers(0, 10**6)))
    return game


def legal(game: GameState, direction: Direction) -> bool:
    return can_move(game.getBoard(), direction.getRotationCount())


@settings(max_examples=60)
@given(games(), st.integers(1, 2))
def test_returns_a_legal_move_and_none_exactly_when_the_game_is_over(
    game: GameState, depth: int
) -> None:
    move = solver.best_move(game, depth=depth)
    if game.isGameOver():
        assert move is None
    else:
        assert move is not None
        assert legal(game, move)
        assert game.copy().move(move)


@settings(max_examples=40)
@given(games(), st.integers(1, 2))
def test_never_changes_the_game_or_draws_from_its_generator(
    game: GameState, depth: int
) -> None:
    board, score, rng_state = game.getBoard(), game.getScore(), game.rng.getstate()
    twin = game.copy()
    solver.best_move(game, depth=depth)
    assert game.getBoard() == board
    assert game.getScore() == score
    assert game.rng.getstate() == rng_state
    # The next tile drawn is still the one the game would have drawn anyway.
    assert [game.rollRNG(100) for _ in range(5)] == [
        twin.rollRNG(100) for _ in range(5)
    ]


def test_a_time_budget_also_leaves_the_game_alone() -> None:
    game = GameState(4, 4, seed=5)
    game.addTile()
    game.addTile()
    rng_state = game.rng.getstate()
    move = solver.best_move(game, ms=5)
    assert move is not None and legal(game, move)
    assert game.rng.getstate() == rng_state


def game_with(board: list[list[int]], two_prob: int = 70) -> GameState:
    game = GameState(len(board), len(board[0]), seed=1, two_prob=two_prob)
    game.setBoard(board)
    return game


# Only row 0 can move (the two 4s). LEFT leaves 8 16 32 _ : any new tile in
# the corner has 32 beside it and 256 below, so the game is over. RIGHT leaves
# _ 8 16 32 : a new 2 lands on a 2, so the game goes on 70% of the time.
CORNER_TRAP = [
    [4, 4, 16, 32],
    [2, 64, 128, 256],
    [8, 32, 512, 1024],
    [2, 4, 8, 16],
]


@pytest.mark.parametrize("depth", [2, 3])
def test_avoids_the_move_that_always_loses(depth: int) -> None:
    assert solver.best_move(game_with(CORNER_TRAP), depth=depth) is Direction.RIGHT


def test_the_trap_is_read_with_the_games_own_odds() -> None:
    # With only 4s, RIGHT loses too; both moves lose, the first of equals wins.
    rates = solver.rate_moves(game_with(CORNER_TRAP, two_prob=0), depth=2)
    assert rates == {Direction.LEFT: 0.0, Direction.RIGHT: 0.0}


def test_on_a_2x2_board_keeps_the_move_that_cannot_lose() -> None:
    # LEFT: 4 _ / 4 8, any tile leaves 4 over 4. RIGHT: _ 4 / 4 8, and a 2
    # in the corner ends the game.
    game = game_with([[2, 2], [4, 8]])
    assert solver.best_move(game, depth=2) is Direction.LEFT
    rates = solver.rate_moves(game, depth=2)
    assert rates[Direction.LEFT] > rates[Direction.RIGHT]


@settings(max_examples=30)
@given(boards(4, 4, max_exponent=12), st.integers(0, 100), st.integers(1, 2))
def test_packed_and_list_engines_rate_moves_alike(
    board: list[list[int]], two_prob: int, depth: int
) -> None:
    # The fast 4x4 engine must agree with the plain one built on move_board.
    packed = solver._packed_root(board)
    assert packed is not None
    grid = tuple(tuple(row) for row in board)
    fast = solver._PackedSearch(two_prob).rate(packed, depth)
    plain = solver._GridSearch(two_prob).rate(grid, depth)
    assert fast == pytest.approx(plain, rel=1e-9)


def test_big_tiles_and_changed_spawn_tiles_use_the_plain_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = [[32768, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    assert solver._packed_root(board) is None
    assert solver.best_move(game_with(board), depth=1) is not None
    monkeypatch.setattr(Config, "FOUR_TILE", 8)
    assert solver._packed_root([[2, 0, 0, 0]] * 4) is None


def test_spawns_follow_config_tiles_read_at_call_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 1x3 board 8 _ 4: with FOUR_TILE 8 and only "fours", RIGHT (_ 8 4) gets
    # an 8 beside the 8 and lives; LEFT (8 4 _) gets 8 after 4 and dies.
    monkeypatch.setattr(Config, "FOUR_TILE", 8)
    rates = solver.rate_moves(game_with([[8, 0, 4]], two_prob=0), depth=2)
    assert rates[Direction.LEFT] == 0.0
    assert rates[Direction.RIGHT] > 0.0


def test_rejects_a_depth_or_budget_that_cannot_search() -> None:
    game = game_with([[2, 0], [0, 0]])
    with pytest.raises(ValueError, match="depth must be at least 1, got 0"):
        solver.best_move(game, depth=0)
    with pytest.raises(ValueError, match="ms must be positive, got -1"):
        solver.best_move(game, ms=-1)


def test_line_heuristic_prefers_empty_monotonic_mergeable_lines() -> None:
    score = solver.line_heuristic
    assert score([1, 0, 0, 0]) > score([1, 2, 0, 0])  # more empty cells
    assert score([1, 2, 3, 4]) > score([1, 3, 2, 4])  # monotonic
    assert score([3, 3, 1, 2]) > score([3, 1, 3, 2])  # a merge waits
    assert score([5, 4, 3, 2]) == score([2, 3, 4, 5])  # either direction


def test_merge_count_counts_runs_across_gaps() -> None:
    assert solver._merge_count([1, 0, 1, 2]) == 2
    assert solver._merge_count([1, 1, 1, 0]) == 3
    assert solver._merge_count([1, 2, 3, 4]) == 0


CROWDED = [[2, 4, 8, 16], [4, 8, 16, 32], [8, 16, 32, 64], [0, 2, 4, 8]]
ROOMY = [[2, 0, 0, 0], [0, 0, 0, 0], [0, 4, 0, 0], [0, 0, 0, 8]]


def default_search_depth(board: list[list[int]]) -> int:
    packed = solver._packed_root(board)
    assert packed is not None
    return solver._deepen_within_budget(
        solver._PackedSearch(70), packed, solver.MAX_DEPTH, solver.NODE_BUDGET
    )[1]


def test_the_default_search_goes_deeper_on_crowded_boards() -> None:
    # One empty cell: few chance branches, so depths past FIRST_DEPTH fit the
    # node budget; an open board stays at FIRST_DEPTH.
    assert default_search_depth(CROWDED) > solver.FIRST_DEPTH
    assert default_search_depth(ROOMY) == solver.FIRST_DEPTH


def test_the_default_search_answers_as_a_search_of_the_depth_it_reached() -> None:
    for board in (CROWDED, ROOMY):
        depth = default_search_depth(board)
        game = game_with(board)
        assert solver.best_move(game) == solver.best_move(game, depth=depth)


@pytest.mark.parametrize("budget", [0, 10**9])
def test_the_node_budget_sets_how_deep_the_default_search_goes(
    monkeypatch: pytest.MonkeyPatch, budget: int
) -> None:
    monkeypatch.setattr(solver, "NODE_BUDGET", budget)
    monkeypatch.setattr(solver, "MAX_DEPTH", 5)
    expected = solver.FIRST_DEPTH if budget == 0 else 5
    assert default_search_depth(CROWDED) == expected


def test_the_default_search_counts_the_nodes_each_depth_adds() -> None:
    # Cached chance nodes are not expanded twice: a search repeated at the
    # same depth adds no nodes, a deeper one adds some.
    packed = solver._packed_root(CROWDED)
    assert packed is not None
    search = solver._PackedSearch(70)
    search.best(packed, 3)
    after_three = search.nodes
    assert after_three > 0
    search.best(packed, 3)
    assert search.nodes == after_three
    search.best(packed, 4)
    assert search.nodes > after_three


def test_other_shapes_search_grid_depth_by_default() -> None:
    big = GameState(6, 6, seed=1)
    big.addTile()
    big.addTile()
    assert solver.best_move(big) == solver.best_move(big, depth=solver.GRID_DEPTH)


def test_a_generous_budget_stops_at_the_depth_cap() -> None:
    game = game_with([[2, 2, 0], [4, 0, 8], [0, 16, 2]])
    assert solver.best_move(game, ms=60_000, depth=2) == solver.best_move(game, depth=2)


def test_a_budget_too_small_for_depth_two_still_answers_at_depth_one() -> None:
    game = GameState(4, 4, seed=9)
    for _ in range(6):
        game.addTile()
    assert solver.best_move(game, ms=1e-6) == solver.best_move(game, depth=1)


def test_merges_past_32768_deep_in_the_search_do_not_break_it() -> None:
    # LEFT makes two 32768s; merging those would not fit the packed board,
    # so the search skips that move two plies down instead of failing.
    board = [[16384] * 4, [2, 4, 8, 16], [4, 8, 16, 32], [8, 16, 32, 64]]
    game = game_with(board)
    assert solver._packed_root(board) is not None
    move = solver.best_move(game, depth=3)
    assert move is not None and legal(game, move)


def test_rate_moves_refuses_depth_zero() -> None:
    with pytest.raises(ValueError, match="depth must be at least 1, got 0"):
        solver.rate_moves(game_with([[2, 0], [0, 0]]), depth=0)


def empty_cells(board: int) -> int:
    """Bit i set when cell i of a packed board is empty."""
    return sum(1 << i for i in range(16) if (board >> (4 * i)) & 0xF == 0)


def test_the_transposition_cache_returns_what_a_fresh_search_computes() -> None:
    board = solver._packed_root(
        [[2, 2, 4, 8], [0, 4, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0]]
    )
    assert board is not None
    cells = empty_cells(board)
    search = solver._PackedSearch(70)
    first = search.chance(board, cells, 2, 1.0)
    assert search.cache[board] == (2, first)
    assert search.chance(board, cells, 2, 1.0) == first  # answered from the cache
    assert search.chance(board, cells, 1, 1.0) == first  # a deeper answer serves too
    fresh = solver._PackedSearch(70).chance(board, cells, 2, 1.0)
    assert fresh == first


def test_a_chance_node_on_a_full_board_is_the_players_turn() -> None:
    full = solver._packed_root([[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 8, 8]])
    assert full is not None
    search = solver._PackedSearch(70)
    assert search.chance(full, 0, 2, 1.0) == search.player(full, 2, 1.0) > 0.0


def test_a_players_last_move_is_scored_not_searched() -> None:
    full = solver._packed_root([[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 8, 8]])
    assert full is not None
    search = solver._PackedSearch(70)
    assert search.chance(full, 0, 1, 1.0) == search.last_ply(full) > 0.0
    assert search.nodes == 0  # no tile could be added: nothing expanded


def pack(rows: list[list[int]]) -> int:
    packed = solver._packed_root(rows)
    assert packed is not None
    return packed


def test_distinct_tiles_counts_each_tile_value_once_and_not_the_empty_cells() -> None:
    assert solver.distinct_tiles(pack(ROOMY)) == 3  # 2, 4, 8
    assert solver.distinct_tiles(pack(CROWDED)) == 6  # 2 .. 64
    assert solver.distinct_tiles(0) == 0


@given(st.lists(st.integers(0, 14), min_size=16, max_size=16))
def test_adaptive_depth_grows_with_distinct_tiles_between_its_bounds(
    exponents: list[int],
) -> None:
    board = sum(e << (4 * at) for at, e in enumerate(exponents))
    distinct = len(set(exponents) - {0})
    depth = solver.adaptive_depth(board)
    assert solver.FIRST_DEPTH <= depth <= solver.JIT_MAX_DEPTH
    if solver.FIRST_DEPTH <= distinct - solver.DISTINCT_OFFSET <= solver.JIT_MAX_DEPTH:
        assert depth == distinct - solver.DISTINCT_OFFSET
