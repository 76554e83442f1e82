"""Issue 5: the fast engine is tile for tile the writeup's algorithm.

Every test plays the same thing twice, once with GameState (packed 4x4
boards, cached lines, inline spawns) and once with tests/oracle.py (the
writeup's rotate-slide-rotate algorithm, written plainly), and compares
boards, scores, return values and the random generator's state after
every step. Boards come in every shape, and with tiles the packed form
cannot hold (3, -2, 2**30, 65536, 32768 + 32768 merges), which must take
the general path with the same results.
"""

from __future__ import annotations

import marshal
import random
import subprocess
import sys
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamestate
from gamestate import (
    Config,
    Direction,
    GameState,
    JavaRandom,
    _bitboard,
    _kernels,
)
from tests.oracle import OracleGame, turned_counter_clockwise

Board = list[list[int]]
STEPS = st.sampled_from([*Direction, None])

PACKABLE = st.sampled_from([0, 0, 0, 2, 2, 4, 8, 16, 256, 2048, 16384, 32768])
WILD = st.sampled_from(
    [3, -2, 1, 6, 65536, 32768, 1 << 30, -(1 << 31), (1 << 31) - 1, -(1 << 30)]
)
TILES = st.one_of(PACKABLE, PACKABLE, PACKABLE, WILD)
SEEDS = st.integers(min_value=-(1 << 63), max_value=(1 << 63) - 1)
SCORES = st.integers(min_value=-(1 << 31), max_value=(1 << 31) - 1)


@st.composite
def boards(draw: st.DrawFn, tiles: st.SearchStrategy[int] = TILES) -> Board:
    """Mostly 4x4 (the packed path), else any shape up to 7x7."""
    square = draw(st.booleans())
    rows = 4 if square else draw(st.integers(min_value=1, max_value=7))
    cols = 4 if square else draw(st.integers(min_value=1, max_value=7))
    row = st.lists(tiles, min_size=cols, max_size=cols)
    return draw(st.lists(row, min_size=rows, max_size=rows))


def pair(board: Board, score: int = 0, seed: int = 118) -> tuple[GameState, OracleGame]:
    game = GameState(len(board), len(board[0]), seed=seed)
    game.setBoard(board)
    game.setScore(score)
    return game, OracleGame(board, score, game.rng.getstate())


def assert_same(game: GameState, oracle: OracleGame) -> None:
    assert game.getBoard() == oracle.board
    assert game.getScore() == oracle.score
    assert game.rng.getstate() == oracle.rng.getstate()


@given(boards(), SCORES, SEEDS, st.lists(STEPS, max_size=12))
def test_moves_match_the_oracle_on_any_board(
    board: Board, score: int, seed: int, steps: list[Direction | None]
) -> None:
    game, oracle = pair(board, score, seed)
    for step in steps:
        assert game.move(step) == oracle.move(step, Config.TWO_PROB)
        assert_same(game, oracle)
        assert game.isGameOver() == oracle.isGameOver()


@given(boards(), SCORES)
def test_slide_and_its_questions_match_the_oracle(board: Board, score: int) -> None:
    game, oracle = pair(board, score)
    assert game.countEmptyTiles() == sum(row.count(0) for row in oracle.board)
    assert game.canSlideDown() == oracle.canSlideDown()
    assert game.isGameOver() == oracle.isGameOver()
    assert game.slideDown() == oracle.slideDown()
    assert_same(game, oracle)
    game.rotateCounterClockwise()
    oracle.rotateCounterClockwise()
    assert_same(game, oracle)
    assert game.addTile() == oracle.addTile(Config.TWO_PROB)
    assert_same(game, oracle)


@given(SEEDS, st.integers(0, 100), st.lists(st.sampled_from(list(Direction))))
def test_whole_seeded_4x4_games_match_the_oracle(
    seed: int, two_prob: int, keys: list[Direction]
) -> None:
    game = GameState(4, 4, seed=seed, two_prob=two_prob)
    oracle = OracleGame(game.getBoard(), 0, game.rng.getstate())
    for _ in range(2):
        assert game.addTile() == oracle.addTile(two_prob)
    for direction in _forever(keys):
        if game.isGameOver():
            break
        assert game.move(direction) == oracle.move(direction, two_prob)
        assert_same(game, oracle)
    assert oracle.isGameOver()


def _forever(keys: list[Direction]) -> Iterator[Direction]:
    """The keys, then all four directions in turn, so every game ends."""
    yield from keys
    while True:
        yield from Direction


@given(st.integers(1, 6), st.integers(1, 6), SEEDS, st.lists(STEPS, max_size=60))
def test_seeded_games_of_any_shape_match_the_oracle(
    rows: int, cols: int, seed: int, steps: list[Direction | None]
) -> None:
    game, oracle = pair([[0] * cols for _ in range(rows)], 0, seed)
    for _ in range(2):
        assert game.addTile() == oracle.addTile(Config.TWO_PROB)
    for step in steps:
        assert game.move(step) == oracle.move(step, Config.TWO_PROB)
        assert_same(game, oracle)
        assert game.isGameOver() == oracle.isGameOver()


def test_a_game_played_to_the_end_matches_the_oracle_every_move() -> None:
    game = GameState(4, 4, seed=2048)
    oracle = OracleGame(game.getBoard(), 0, game.rng.getstate())
    game.addTile()
    oracle.addTile(Config.TWO_PROB)
    moves = 0
    while not game.isGameOver():
        direction = list(Direction)[moves * 7 % 11 % 4]
        assert game.move(direction) == oracle.move(direction, Config.TWO_PROB)
        assert_same(game, oracle)
        moves += 1
    assert oracle.isGameOver()
    assert moves > 50


@pytest.mark.parametrize(("rows", "cols"), [(40, 40), (1, 300), (300, 1), (3, 7)])
def test_big_and_thin_boards_match_the_oracle(rows: int, cols: int) -> None:
    rnd = random.Random(rows * 1000 + cols)
    board = [
        [rnd.choice([0, 0, 2, 2, 4, 8, 16, 3, 1 << 30]) for _ in range(cols)]
        for _ in range(rows)
    ]
    game, oracle = pair(board, seed=rows + cols)
    for step in [*Direction, *Direction]:
        assert game.move(step) == oracle.move(step, Config.TWO_PROB)
        assert_same(game, oracle)
    assert game.isGameOver() == oracle.isGameOver()


@pytest.mark.parametrize(
    ("board", "direction"),
    [
        ([[32768, 32768, 0, 0]] + [[0] * 4] * 3, Direction.LEFT),
        ([[32768, 0, 0, 0], [32768, 0, 0, 0]] + [[0] * 4] * 2, Direction.DOWN),
        ([[1 << 30, 1 << 30, 2, 2]] + [[0] * 4] * 3, Direction.RIGHT),
        ([[3, 3, 0, 0]] + [[0] * 4] * 3, Direction.LEFT),
        ([[-2, -2, 4, 4]] + [[0] * 4] * 3, Direction.UP),
    ],
)
def test_boards_the_packed_form_cannot_hold_move_as_the_oracle_says(
    board: Board, direction: Direction
) -> None:
    game, oracle = pair(board, score=(1 << 31) - 10)
    for step in [direction, *Direction, *Direction]:
        assert game.move(step) == oracle.move(step, Config.TWO_PROB)
        assert_same(game, oracle)
        assert game.isGameOver() == oracle.isGameOver()


def test_two_32768s_side_by_side_are_not_game_over() -> None:
    full = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 32768, 32768]]
    game, oracle = pair(full)
    assert not game.isGameOver()
    assert game.canSlideDown() == oracle.canSlideDown()
    game.rotateCounterClockwise()
    oracle.rotateCounterClockwise()
    assert game.canSlideDown() and oracle.canSlideDown()
    assert game.slideDown() and oracle.slideDown()
    assert_same(game, oracle)
    assert [row[3] for row in game.getBoard()] == [0, 65536, 2, 4]


@pytest.mark.parametrize("tiles", [(3, 5), (2, 65536), (0, 4), (-4, 2)])
def test_config_tiles_the_packed_form_cannot_hold_are_placed_exactly(
    monkeypatch: pytest.MonkeyPatch, tiles: tuple[int, int]
) -> None:
    monkeypatch.setattr(Config, "TWO_TILE", tiles[0])
    monkeypatch.setattr(Config, "FOUR_TILE", tiles[1])
    game, oracle = pair([[2, 0, 0, 0]] + [[0] * 4] * 3, seed=5)
    for step in [*Direction, *Direction, *Direction]:
        assert game.move(step) == oracle.move(step, Config.TWO_PROB)
        assert_same(game, oracle)


def test_config_two_prob_is_read_at_every_spawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game, oracle = pair([[2, 0, 0, 0]] + [[0] * 4] * 3, seed=9)
    for two_prob in (0, 100, 0, 100, 50):
        monkeypatch.setattr(Config, "TWO_PROB", two_prob)
        for step in Direction:
            assert game.move(step) == oracle.move(step, two_prob)
            assert_same(game, oracle)


# ---------------------------------------------------------- overridability
START = [[2, 2, 0, 0], [0, 0, 0, 0], [0, 4, 0, 0], [0, 0, 0, 8]]


def test_a_scripted_rollRNG_on_the_instance_is_used_by_move() -> None:
    game = GameState(4, 4)
    game.setBoard(START)
    calls: list[int] = []

    def scripted(bound: int) -> int:
        calls.append(bound)
        return bound - 1

    game.rollRNG = scripted  # type: ignore[method-assign]  # the suite does this
    state = game.rng.getstate()
    assert game.move(Direction.LEFT)
    assert calls == [13, 100]  # the last empty cell, then a 4 (99 >= 70)
    assert game.getBoard()[3][3] == 4
    assert game.rng.getstate() == state  # nothing drawn behind its back


@pytest.mark.parametrize(
    "hook", ["addTile", "countEmptyTiles", "rollRNG", "randomTile"]
)
def test_every_spawn_hook_set_on_the_instance_is_called_by_move(hook: str) -> None:
    game = GameState(4, 4)
    game.setBoard(START)
    plain = getattr(game, hook)
    calls: list[str] = []

    def spy(*args: int) -> int:
        calls.append(hook)
        return int(plain(*args))

    setattr(game, hook, spy)
    _plain_game, oracle = pair(START)
    assert game.move(Direction.UP) == oracle.move(Direction.UP, 70)
    assert calls
    assert_same(game, oracle)


class Recording(GameState):
    """Every spawn hook overridden and recorded, each deferring to the plain one."""

    def __init__(self) -> None:
        super().__init__(4, 4)
        self.calls: list[str] = []

    def addTile(self) -> int:
        self.calls.append("addTile")
        return super().addTile()

    def countEmptyTiles(self) -> int:
        self.calls.append("countEmptyTiles")
        return super().countEmptyTiles()

    def rollRNG(self, bound: int) -> int:
        self.calls.append(f"rollRNG({bound})")
        return super().rollRNG(bound)

    def randomTile(self) -> int:
        self.calls.append("randomTile")
        return super().randomTile()


def test_a_subclass_sees_every_hook_called_in_the_plain_order() -> None:
    game = Recording()
    game.setBoard(START)
    plain, oracle = pair(START)
    assert game.move(Direction.LEFT)
    assert plain.move(Direction.LEFT) and oracle.move(Direction.LEFT, 70)
    assert game.calls == [
        "addTile",
        "countEmptyTiles",
        "rollRNG(13)",
        "randomTile",
        "rollRNG(100)",
    ]
    assert game.getBoard() == plain.getBoard() == oracle.board
    assert game.rng.getstate() == plain.rng.getstate()


def test_a_patched_class_method_is_used_by_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(GameState, "randomTile", lambda self: 64)
    game = GameState(4, 4)
    game.setBoard(START)
    assert game.move(Direction.RIGHT)
    assert sum(row.count(64) for row in game.getBoard()) == 1


def test_a_class_patch_reaches_the_games_built_under_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with monkeypatch.context() as patch:
        patch.setattr(GameState, "rollRNG", lambda self, bound: bound - 1)
        game, oracle = pair(START)
        assert game.move(Direction.LEFT)
        assert game.getBoard()[3][3] == 4  # the last empty cell, a 4
        assert game.rng.getstate() == oracle.rng.getstate()  # nothing drawn
    # Undone: a game built now moves and draws exactly as the writeup says.
    game, oracle = pair(game.getBoard(), game.getScore())
    for step in Direction:
        assert game.move(step) == oracle.move(step, Config.TWO_PROB)
        assert_same(game, oracle)


def test_a_hook_deleted_from_the_class_is_noticed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delattr(GameState, "randomTile")
    game, _oracle = pair(START)
    # The inline spawn never calls randomTile; addTile does, and must.
    with pytest.raises(AttributeError, match="randomTile"):
        game.move(Direction.LEFT)


def test_a_two_prob_property_patched_on_the_class_is_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(GameState, "two_prob", property(lambda self: 0))
    game, oracle = pair(START)
    for step in [*Direction, *Direction]:
        assert game.move(step) == oracle.move(step, 0)
        assert_same(game, oracle)


def test_a_subclass_two_prob_is_used_by_move() -> None:
    class AllFours(GameState):
        @property
        def two_prob(self) -> int:
            return 0

    game = AllFours(4, 4)
    game.setBoard(START)
    oracle = OracleGame(START, 0, game.rng.getstate())
    for step in [*Direction, *Direction]:
        assert game.move(step) == oracle.move(step, 0)
        assert_same(game, oracle)
    assert Config.TWO_PROB == 70  # so the 4s came from the subclass


def test_an_addTile_that_sets_another_board_keeps_that_board() -> None:
    class Replacing(GameState):
        def randomTile(self) -> int:
            self.setBoard([[8] * 4] * 4)
            return 2

    game = Replacing(4, 4)
    game.setBoard(START)
    assert game.addTile() == 2
    assert game.getBoard() == [[8] * 4] * 4


@pytest.mark.parametrize("k", [50, -1])
def test_a_countEmptyTiles_that_lies_is_caught(k: int) -> None:
    class Lying(GameState):
        def countEmptyTiles(self) -> int:
            return 100

    game = Lying(4, 4)
    game.setBoard(START)
    game.rollRNG = lambda bound: k  # type: ignore[method-assign]  # no such cell
    with pytest.raises(AssertionError, match="unreachable"):
        game.addTile()


# ------------------------------------------------------------ boundaries
@given(boards())
def test_getBoard_is_fresh_and_setBoard_copies(board: Board) -> None:
    expected = [row[:] for row in board]
    game, _ = pair(board)
    first = game.getBoard()
    first[0][0] = 12345
    board[0][0] = 777
    assert game.getBoard() == expected
    assert game.getBoard() is not game.getBoard()


@given(boards(), SEEDS)
def test_copy_is_independent_and_plays_the_same_game(board: Board, seed: int) -> None:
    game, _ = pair(board, 7, seed)
    clone = game.copy()
    for step in Direction:
        assert game.move(step) == clone.move(step)
        assert game.getBoard() == clone.getBoard()
        assert game.getScore() == clone.getScore()
        assert game.rng.getstate() == clone.rng.getstate()
    before = (game.getBoard(), game.getScore(), game.rng.getstate())
    clone.setBoard([[2]])
    clone.setScore(-1)
    clone.addTile()
    clone.rng.nextInt()
    assert (game.getBoard(), game.getScore(), game.rng.getstate()) == before


@given(boards())
def test_repr_and_toString_do_not_depend_on_the_form(board: Board) -> None:
    game, _ = pair(board, 42)
    rows = len(board)
    cols = len(board[0])
    assert repr(game) == f"GameState({rows}, {cols}, score=42, board={board!r})"
    expected = "Score: 42\n" + "".join(
        "".join("    -" if v == 0 else f"{v:5d}" for v in row) + "\n" for row in board
    )
    assert game.toString() == expected == str(game)


# --------------------------------------------------------- the kernels
@given(boards(), st.integers(-8, 8))
def test_kernel_moves_equal_rotate_slide_rotate(board: Board, turns: int) -> None:
    oracle = OracleGame(board, 0, 0)
    for _ in range(turns % 4):
        oracle.rotateCounterClockwise()
    moved = oracle.canSlideDown()
    oracle.slideDown()
    for _ in range(-turns % 4):
        oracle.rotateCounterClockwise()
    assert _kernels.can_move(board, turns) == moved
    assert _kernels.move_board(board, turns) == (oracle.board, oracle.score)
    assert _kernels.rotate_counter_clockwise(board) == turned_counter_clockwise(board)
    turned = board
    for _ in range(turns % 4):
        turned = turned_counter_clockwise(turned)
    assert _kernels.can_slide_down(turned) == moved
    _down, gain = _kernels.slide_board_down(turned)
    assert gain == oracle.score


@given(st.lists(st.lists(PACKABLE, min_size=4, max_size=4), min_size=4, max_size=4))
def test_packed_rotation_equals_the_list_rotation(board: Board) -> None:
    packed = _bitboard.pack(board)
    assert packed is not None
    turned = _bitboard.rotate_counter_clockwise(packed)
    assert _bitboard.unpack(turned) == turned_counter_clockwise(board)


def test_the_line_cache_is_bounded_and_stays_right(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_kernels, "_CACHE_LIMIT", 3)
    monkeypatch.setattr(_kernels, "_LINE_CACHE", {})
    for value in (2, 4, 8, 16, 32):
        line = (value, value, 0)
        assert _kernels.move_board([list(line)], 3) == (
            [[0, 0, 2 * value]],
            2 * value,
        )
        assert len(_kernels._LINE_CACHE) <= 3


def test_long_lines_slide_as_the_oracle_says() -> None:
    line = [2, 2, 0, 4, 4, 4, 0, 8, 16, 16, 1 << 30, 1 << 30, 0, 2]
    oracle = OracleGame([line], 0, 0)
    oracle.rotateCounterClockwise()
    oracle.rotateCounterClockwise()
    oracle.rotateCounterClockwise()
    oracle.slideDown()
    oracle.rotateCounterClockwise()
    assert _kernels.move_board([line], 3) == (oracle.board, oracle.score)


def test_import_builds_no_table() -> None:
    # Start-up must stay instant, and a person's game never waits: the
    # tables are built by warm_up or after UNTABLED_MOVES packed moves; a
    # game's first screen (getBoard, isGameOver, setBoard) and its first
    # moves build nothing.
    script = (
        "import gamestate, gamestate._bitboard as b, gamestate._kernels as k, sys;"
        "g = gamestate.GameState(4, 4); g.setBoard([[2, 2, 0, 0]] + [[0] * 4] * 3);"
        "g.getBoard(); g.isGameOver(); g.addTile();"
        "tables = [b.LINES, b.SLID, b.SPREAD, b.CAN_MOVE, b.CELLS, b.ROW_VALUES, b.ROW_CODES];"
        "print(sum(map(len, tables)), 'struct' in sys.modules);"
        "g.move(gamestate.Direction.LEFT); print(b.tables_built())"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["0", "False", "False"]


def test_a_process_builds_the_tables_after_enough_untabled_moves() -> None:
    """Ski rental: moves made without tables agree with the oracle (board,
    score, generator), and the one after UNTABLED_MOVES of them builds them."""
    script = """
import random, sys
sys.path.insert(0, "tests")
import gamestate, gamestate._bitboard as b
from oracle import OracleGame
rnd, directions, moves, seed = random.Random(5), list(gamestate.Direction), 0, 0
game = gamestate.GameState(4, 4, seed=seed)
while not b.tables_built():
    if game.isGameOver():
        seed += 1
        game = gamestate.GameState(4, 4, seed=seed)
        game.addTile()
    oracle = OracleGame(game.getBoard(), game.getScore(), game.rng.getstate())
    direction = rnd.choice(directions)
    assert game.move(direction) == oracle.move(direction, 70)
    assert game.getBoard() == oracle.board and game.getScore() == oracle.score
    assert game.rng.getstate() == oracle.rng.getstate()
    moves += 1
print(moves, b.UNTABLED_MOVES)
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    moves, limit = map(int, done.stdout.split())
    assert moves > limit


def test_warm_up_builds_the_tables_once() -> None:
    gamestate.warm_up()
    assert _bitboard.tables_built()
    lines = list(_bitboard.LINES)
    gamestate.warm_up()
    assert all(a is b for a, b in zip(lines, _bitboard.LINES, strict=True))


def _values(row: int) -> list[int]:
    return [0 if e == 0 else 1 << e for e in ((row >> s) & 0xF for s in (0, 4, 8, 12))]


def _exponents(values: Sequence[int]) -> int | None:
    """The 16-bit row of these four values, None past 2**15."""
    row = 0
    for place, value in enumerate(values):
        if value > 1 << 15:
            return None
        row |= (value.bit_length() - 1 if value else 0) << (4 * place)
    return row


def test_every_row_of_the_line_tables_is_slide_line_s() -> None:
    # All 65536 rows, both ways, rows and columns: the tables say exactly
    # what slide_line says (the overflow marks included).
    _bitboard.build()
    down, left, up, right = _bitboard.LINES
    for row in range(1 << 16):
        values = _values(row)
        for (slid, *infos), (col_slid, *col_infos), line in (
            (right, down, values),
            (left, up, values[::-1]),
        ):
            moved, gain = _kernels.slide_line(line)
            in_place = list(moved) if line is values else list(moved)[::-1]
            expected = _exponents(in_place)
            if expected is None:
                assert slid[row] == col_slid[row] == _bitboard.OVERFLOW_LINE
                for info in infos + col_infos:
                    assert info[row] >> 16 == _bitboard.OVERFLOW_GAIN
                continue
            assert slid[row] == expected
            assert col_slid[row] == _bitboard.transpose(expected)
            holes = [i for i, value in enumerate(in_place) if value == 0]
            for place, (info, col_info) in enumerate(
                zip(infos, col_infos, strict=True)
            ):
                in_row = sum(1 << (4 * place + i) for i in holes)
                in_column = sum(1 << (4 * i + place) for i in holes)
                assert info[row] == gain << 16 | in_row
                assert col_info[row] == gain << 16 | in_column
        assert _bitboard.SPREAD[row] == _bitboard.transpose(row)
        assert _bitboard.CAN_MOVE[row] == (left[0][row] != row or right[0][row] != row)
        assert list(_bitboard.ROW_VALUES[row]) == values


def test_slid_holds_the_slid_lines_of_lines() -> None:
    _bitboard.build()
    assert len(_bitboard.SLID) == 4
    for turns, slid in enumerate(_bitboard.SLID):
        assert slid is _bitboard.LINES[turns][0]


def test_the_cells_table_lists_every_set_of_cells_in_order() -> None:
    _bitboard.build()
    for mask in range(1 << 16):
        expected = [4 * i for i in range(16) if mask >> i & 1]
        assert list(_bitboard.CELLS[mask]) == expected


def test_the_row_codes_are_exactly_the_valid_rows() -> None:
    _bitboard.build()
    codes = _bitboard.ROW_CODES
    assert len(codes) == 1 << 16
    for row in range(1 << 16):
        assert codes[marshal.dumps(_values(row), 2)] == row


class Tile(int):
    """An int subclass: accepted by setBoard, never by the packed fast path."""


ODD_CELLS = [False, True, 2.0, 0.0, Tile(2), "2", None, 3, -2, 65536, 1 << 40]


@given(
    st.lists(
        st.lists(
            st.one_of(PACKABLE, st.sampled_from(ODD_CELLS)), min_size=3, max_size=5
        ),
        min_size=3,
        max_size=5,
    ),
    st.booleans(),
)
def test_pack_exact_packs_exactly_the_plain_4x4_lists(
    board: list[list[object]], as_tuples: bool
) -> None:
    _bitboard.build()
    shaped: object = tuple(map(tuple, board)) if as_tuples else board
    plain = (
        not as_tuples
        and len(board) == 4
        and all(len(row) == 4 for row in board)
        and all(type(v) is int for row in board for v in row)
    )
    # plain: every value is an int, which a type checker cannot see in object
    expected = _bitboard.pack(board) if plain else None  # type: ignore[arg-type]
    assert _bitboard.pack_exact(shaped) == expected


@pytest.mark.parametrize("odd", [False, 2.0, None, "0"])
def test_setBoard_refuses_odd_cells_with_the_tables_built(odd: object) -> None:
    _bitboard.build()
    game = GameState(4, 4)
    game.setBoard(START)
    with pytest.raises(TypeError, match=r"newBoard\[3\]\[3\]"):
        game.setBoard([[0] * 4] * 3 + [[0, 0, 0, odd]])
    assert game.getBoard() == START


@pytest.mark.parametrize(
    "board",
    [
        [[0] * 4] * 3 + [(0, 0, 2, 0)],  # a tuple row
        [[Tile(2), 0, 0, 0]] + [[0] * 4] * 3,  # an int subclass
        [[1 << 16, 0, 0, 0]] + [[0] * 4] * 3,  # past the packed form
    ],
)
def test_setBoard_takes_what_it_took_before_with_the_tables_built(
    board: Board,
) -> None:
    _bitboard.build()
    game = GameState(4, 4)
    game.setBoard(board)
    assert game.getBoard() == [list(row) for row in board]


@given(st.lists(st.lists(PACKABLE, min_size=4, max_size=4), min_size=4, max_size=4))
def test_has_move_answers_alike_before_and_after_the_tables(board: Board) -> None:
    packed = _bitboard.pack(board)
    assert packed is not None
    _bitboard.build()
    assert _bitboard.has_move(packed) == _bitboard._has_move_untabled(packed)


# ------------------------------------------------- the inline Java draws
_MULTIPLIER = 0x5DEECE66D
_STATE_MASK = (1 << 48) - 1


def state_before(draw: int, steps_before: int = 0) -> int:
    """A generator state whose ``next(31)`` returns ``draw`` after
    ``steps_before`` other steps (whose draws are whatever they are)."""
    inverse = pow(_MULTIPLIER, -1, 1 << 48)
    state = draw << 17  # the state right after the step that draws it
    for _ in range(steps_before + 1):
        state = ((state - 0xB) * inverse) & _STATE_MASK
    return state


# LEFT leaves three empty cells: the merge in row 0 frees one, and rows 2
# and 3 keep theirs; three is no power of two, so nextInt(3) may reject.
THREE_EMPTY = [[2, 2, 4, 8], [4, 8, 16, 32], [2, 4, 8, 0], [4, 8, 16, 0]]


@pytest.mark.parametrize(
    "state",
    [
        state_before((1 << 31) - 1),  # nextInt(3) rejects the position's draw
        state_before((1 << 31) - 1, steps_before=1),  # nextInt(100) the value's
        state_before(2147483600, steps_before=1),  # the least it rejects
    ],
)
def test_a_draw_java_rejects_is_drawn_again_as_java_does(state: int) -> None:
    game, oracle = pair(THREE_EMPTY)
    game.rng.setstate(state)
    oracle.rng.setstate(state)
    assert game.move(Direction.LEFT) == oracle.move(Direction.LEFT, Config.TWO_PROB)
    assert_same(game, oracle)
    assert game.countEmptyTiles() == 2


def test_a_generator_subclass_is_asked_through_nextInt() -> None:
    class Counting(JavaRandom):
        def __init__(self, seed: int) -> None:
            super().__init__(seed)
            self.bounds: list[int | None] = []

        def nextInt(self, bound: int | None = None) -> int:
            self.bounds.append(bound)
            return super().nextInt(bound)

    game, oracle = pair(THREE_EMPTY)
    rng = Counting(0)
    rng.setstate(game.rng.getstate())
    game._rng = rng
    assert game.move(Direction.LEFT) == oracle.move(Direction.LEFT, Config.TWO_PROB)
    assert rng.bounds == [3, 100]
    assert_same(game, oracle)


def test_has_move_before_the_tables_asks_the_kernels(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_bitboard, "CAN_MOVE", [])  # as before build()
    stuck = _bitboard.pack([[2, 4, 2, 4], [4, 2, 4, 2]] * 2)
    assert stuck is not None
    assert not _bitboard.has_move(stuck)
    assert _bitboard.has_move(stuck & ~0xF)  # an empty corner
