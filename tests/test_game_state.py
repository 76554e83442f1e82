"""GameState beyond the writeup's examples: Config at call time, the draw
order, Direction, non-square boards, display, copies and packaging.
"""

from __future__ import annotations

import importlib
import importlib.resources

import pytest

import gamestate
from gamestate import Config, Direction, GameState, JavaRandom
from tests.model_helpers import game_with, tiles


class RecordingRolls(GameState):
    """A GameState that records every bound passed to rollRNG."""

    def __init__(self, numRows: int, numCols: int) -> None:
        super().__init__(numRows, numCols)
        self.bounds: list[int] = []

    def rollRNG(self, bound: int) -> int:
        self.bounds.append(bound)
        return super().rollRNG(bound)


# ------------------------------------------------------------------- Config
def test_config_constants_are_those_of_config_java() -> None:
    assert (Config.RANDOM_SEED, Config.TWO_PROB) == (118, 70)
    assert (Config.TWO_TILE, Config.FOUR_TILE) == (2, 4)
    assert (Config.DEFAULT_SIZE, Config.INITIAL_TILE_COUNT) == (4, 2)
    keys = (Config.UP_KEY, Config.LEFT_KEY, Config.DOWN_KEY, Config.RIGHT_KEY)
    assert keys == ("w", "a", "s", "d")
    assert (Config.SAVE_KEY, Config.QUIT_KEY) == ("o", "q")
    assert Config.DEFAULT_OUTFILE == "save.2048"


def test_two_prob_100_set_after_creation_makes_every_tile_a_2(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = GameState(5, 5)
    monkeypatch.setattr(Config, "TWO_PROB", 100)
    assert {game.addTile() for _ in range(25)} == {2}
    assert set(tiles(game)) == {2}


def test_two_prob_0_makes_every_tile_a_4(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Config, "TWO_PROB", 0)
    game = GameState(3, 3)
    assert {game.addTile() for _ in range(9)} == {4}


def test_tile_values_are_read_from_config_when_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = GameState(2, 2)
    monkeypatch.setattr(Config, "TWO_PROB", 100)
    monkeypatch.setattr(Config, "TWO_TILE", 8)
    assert game.randomTile() == 8


def test_random_seed_is_read_when_a_game_is_created(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = GameState(4, 4)
    monkeypatch.setattr(Config, "RANDOM_SEED", 5)
    after = GameState(4, 4)
    assert after.rng.getstate() == JavaRandom(5).getstate()
    assert before.rng.getstate() == JavaRandom(118).getstate()


def test_two_prob_argument_overrides_config(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Config, "TWO_PROB", 0)
    game = GameState(3, 3, two_prob=100)
    assert game.two_prob == 100
    assert {game.addTile() for _ in range(9)} == {2}


def test_two_prob_property_follows_config_when_not_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = GameState(3, 3)
    monkeypatch.setattr(Config, "TWO_PROB", 35)
    assert game.two_prob == 35


def test_seed_argument_seeds_the_generator_like_java() -> None:
    game = GameState(4, 4, seed=-118)
    expected = JavaRandom(-118)
    assert [game.rollRNG(100) for _ in range(5)] == [
        expected.nextInt(100) for _ in range(5)
    ]


# ---------------------------------------------------------------- Direction
def test_direction_members_in_java_order() -> None:
    assert [d.name for d in Direction] == ["DOWN", "LEFT", "UP", "RIGHT"]


@pytest.mark.parametrize(
    ("direction", "count"),
    [(Direction.DOWN, 0), (Direction.LEFT, 1), (Direction.UP, 2), (Direction.RIGHT, 3)],
)
def test_direction_getRotationCount(direction: Direction, count: int) -> None:
    assert direction.getRotationCount() == count


# --------------------------------------------------------------- draw order
def test_addTile_draws_the_position_first_then_the_value() -> None:
    game = RecordingRolls(3, 3)
    game.setBoard([[2, 0, 0], [0, 4, 0], [0, 0, 8]])
    game.addTile()
    assert game.bounds == [6, 100]


def test_move_draws_for_the_empty_cells_left_after_the_slide() -> None:
    game = RecordingRolls(2, 3)
    game.setBoard([[2, 2, 0], [0, 4, 0]])
    assert game.move(Direction.LEFT)
    assert game.bounds == [4, 100]


def test_move_on_the_default_4x4_board_draws_through_rollRNG_too() -> None:
    game = RecordingRolls(4, 4)
    game.setBoard([[2, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 4]])
    assert game.move(Direction.LEFT)
    assert game.move(Direction.UP)
    assert game.bounds == [14, 100, 13, 100]


def test_a_subclass_randomTile_is_used_by_move_on_a_4x4_board() -> None:
    class ThreeTiles(GameState):
        def randomTile(self) -> int:
            return 3

    game = ThreeTiles(4, 4)
    game.setBoard([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [2, 0, 0, 2]])
    assert game.move(Direction.RIGHT)
    assert sorted(tiles(game)) == [3, 4]


def test_full_board_and_unchanged_moves_call_rollRNG_never() -> None:
    game = RecordingRolls(2, 2)
    game.setBoard([[2, 4], [4, 2]])
    game.addTile()
    game.move(Direction.UP)
    game.move(None)
    game.isGameOver()
    assert game.bounds == []


def test_addTile_fills_the_kth_empty_cell_counting_row_by_row() -> None:
    # With seed 118 the first nextInt(6) is k; the empty cells in reading
    # order are (0,1) (0,2) (1,0) (1,2) (2,0) (2,1).
    board = [[2, 0, 0], [0, 4, 0], [0, 0, 8]]
    empties = [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
    draws = JavaRandom(118)
    k = draws.nextInt(6)
    tile = 2 if draws.nextInt(100) < 70 else 4
    game = game_with(board)
    assert game.addTile() == tile
    row, col = empties[k]
    board[row][col] = tile
    assert game.getBoard() == board


def test_move_calls_addTile_once_after_a_change() -> None:
    class CountingAdds(GameState):
        adds = 0

        def addTile(self) -> int:
            self.adds += 1
            return super().addTile()

    game = CountingAdds(2, 2)
    game.setBoard([[2, 0], [0, 0]])
    game.move(Direction.DOWN)
    game.move(None)
    assert game.adds == 1


# ------------------------------------------------------- non-square boards
def test_1x1_board_with_a_tile_is_game_over() -> None:
    game = GameState(1, 1)
    assert game.addTile() in (2, 4)
    assert game.isGameOver()
    assert not any(game.move(d) for d in Direction)


def test_empty_board_is_game_over() -> None:
    assert GameState(3, 2).isGameOver()


def test_1xN_board_moves_left_and_right_but_not_up_or_down() -> None:
    game = game_with([[2, 2, 0, 4]])
    assert not game.move(Direction.UP)
    assert not game.move(Direction.DOWN)
    assert game.move(Direction.LEFT)
    assert game.getBoard()[0][:2] == [4, 4]
    assert game.getScore() == 4


def test_Nx1_board_moves_up_and_down_but_not_sideways() -> None:
    game = game_with([[2], [2], [0], [4]])
    assert not game.move(Direction.LEFT)
    assert not game.move(Direction.RIGHT)
    assert game.move(Direction.UP)
    assert [row[0] for row in game.getBoard()][:2] == [4, 4]


def test_3x7_board_moves_right_row_by_row() -> None:
    game = game_with(
        [
            [2, 2, 2, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 4, 4],
            [8, 0, 8, 0, 8, 0, 8],
        ]
    )
    slid = [
        [0, 0, 0, 0, 0, 2, 4],
        [0, 0, 0, 0, 0, 0, 8],
        [0, 0, 0, 0, 0, 16, 16],
    ]
    assert game.move(Direction.RIGHT)
    after = game.getBoard()
    diffs = [(r, c) for r in range(3) for c in range(7) if after[r][c] != slid[r][c]]
    assert len(diffs) == 1
    r, c = diffs[0]
    assert slid[r][c] == 0
    assert after[r][c] in (2, 4)
    assert game.getScore() == 4 + 8 + 16 + 16


# ----------------------------------------------------- Java int arithmetic
def test_a_merge_past_the_int_range_wraps_like_java() -> None:
    # Java: 1073741824 + 1073741824 == Integer.MIN_VALUE, and score += it.
    game = game_with([[1 << 30], [1 << 30]], score=5)
    assert game.slideDown()
    assert game.getBoard() == [[0], [-(1 << 31)]]
    assert game.getScore() == 5 - (1 << 31)


def test_the_score_wraps_like_a_java_int() -> None:
    # Java: score += 4 on 2147483646 gives -2147483646.
    game = game_with([[2, 2, 0, 0]] + [[0] * 4] * 3, score=(1 << 31) - 2)
    assert game.move(Direction.LEFT)
    assert game.getScore() == -(1 << 31) + 2


def test_tiles_past_32768_merge_and_move_on_a_4x4_board() -> None:
    game = game_with(
        [[0, 0, 0, 1 << 15], [0, 0, 0, 1 << 15], [0, 0, 0, 1 << 16], [0, 0, 0, 2]],
        score=10,
    )
    assert game.slideDown()
    assert [row[3] for row in game.getBoard()] == [0, 1 << 16, 1 << 16, 2]
    assert game.getScore() == 10 + (1 << 16)
    assert game.slideDown()
    assert [row[3] for row in game.getBoard()] == [0, 0, 1 << 17, 2]
    assert game.move(Direction.LEFT)
    assert [row[0] for row in game.getBoard()][2:] == [1 << 17, 2]
    assert not game.isGameOver()


def test_two_32768_tiles_merge_on_a_4x4_board_of_small_tiles() -> None:
    big = 1 << 15
    board = [[2, 4, 2, big], [4, 2, 4, big], [2, 4, 2, 4], [4, 2, 4, 2]]
    game = game_with(board)
    assert game.canSlideDown()
    assert not game.isGameOver()
    assert game.move(Direction.DOWN)
    after = game.getBoard()
    assert [row[3] for row in after][1:] == [1 << 16, 4, 2]
    assert game.getScore() == 1 << 16
    assert [row[:3] for row in after] == [row[:3] for row in board]
    assert after[0][3] in (2, 4)


def test_a_4x4_board_with_no_move_is_game_over() -> None:
    game = game_with([[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 1 << 15]])
    assert game.isGameOver()
    assert not any(game.move(d) for d in Direction)


@pytest.mark.parametrize(("two_prob", "tile"), [(0, 4), (100, 2)])
def test_two_prob_argument_decides_the_tile_a_4x4_move_adds(
    two_prob: int, tile: int
) -> None:
    game = GameState(4, 4, two_prob=two_prob)
    game.setBoard([[2, 2, 0, 0]] + [[0] * 4] * 3)
    assert game.move(Direction.LEFT)
    assert sorted(tiles(game)) == sorted([4, tile])


def test_any_int_tiles_follow_the_same_rule_on_a_4x4_board() -> None:
    # setBoard takes any Java int, as in Java; equal tiles merge by the rule.
    game = game_with([[3, 3, 0, -4], [0, 0, 0, -4], [0, 0, 0, 0], [6, 0, 0, 0]])
    assert game.slideDown()
    assert game.getBoard() == [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [3, 0, 0, 0],
        [6, 3, 0, -8],
    ]
    assert game.getScore() == -8
    game.setBoard([[3, 3, 3, 0]] * 4)
    game.rotateCounterClockwise()
    assert game.getBoard() == [[0] * 4, [3] * 4, [3] * 4, [3] * 4]


def test_config_tile_that_is_not_a_power_of_two_is_placed_on_a_4x4_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Config, "TWO_PROB", 100)
    monkeypatch.setattr(Config, "TWO_TILE", 3)
    game = game_with([[2, 2, 0, 0], [0] * 4, [0] * 4, [0] * 4])
    assert game.move(Direction.LEFT)
    assert sorted(tiles(game)) == [3, 4]
    assert game.addTile() == 3
    assert sorted(tiles(game)) == [3, 3, 4]


# ------------------------------------------------------------------ display
def test_str_is_toString() -> None:
    game = game_with([[2, 0], [0, 4]], score=6)
    assert str(game) == game.toString() == "Score: 6\n    2    -\n    -    4\n"


def test_toString_negative_score_and_tiles_are_right_aligned() -> None:
    game = game_with([[-4, 0, -2048]], score=-50)
    assert game.toString() == "Score: -50\n   -4    --2048\n"


def test_toString_wide_numbers_push_the_row_wider_as_java_does() -> None:
    # %5d never truncates: 131072 takes six characters, with no space.
    game = game_with([[131072, 2], [0, 1 << 30]])
    assert game.toString() == "Score: 0\n131072    2\n    -1073741824\n"


def test_toString_of_a_non_square_board() -> None:
    game = game_with([[0], [8], [0]])
    assert game.toString() == "Score: 0\n    -\n    8\n    -\n"


def test_repr_names_the_shape_score_and_board() -> None:
    game = game_with([[2, 0, 0], [0, 0, 4]], score=12)
    assert repr(game) == "GameState(2, 3, score=12, board=[[2, 0, 0], [0, 0, 4]])"


# ------------------------------------------------------------------- extras
def test_copy_is_independent_and_replays_the_same_draws() -> None:
    game = game_with([[2, 0], [0, 0]], score=4)
    clone = game.copy()
    assert clone.move(Direction.UP) == game.move(Direction.UP)
    assert clone.getBoard() == game.getBoard()
    assert clone.getScore() == game.getScore()
    clone.setBoard([[64, 64], [64, 64]])
    clone.rollRNG(10)
    assert game.getBoard() != clone.getBoard()
    assert game.rng.getstate() != clone.rng.getstate()


def test_copy_of_a_4x4_game_is_independent() -> None:
    game = GameState(4, 4)
    game.addTile()
    clone = game.copy()
    assert clone.move(Direction.UP) == game.move(Direction.UP)
    assert clone.getBoard() == game.getBoard()
    clone.setBoard([[2] * 4] * 4)
    assert game.getBoard() != clone.getBoard()


def test_copy_keeps_the_subclass_and_two_prob() -> None:
    game = RecordingRolls(2, 2)
    clone = game.copy()
    assert type(clone) is RecordingRolls
    assert clone.two_prob == game.two_prob


def test_rng_is_the_generator_the_game_draws_from() -> None:
    game = GameState(4, 4)
    saved = game.rng.getstate()
    first = game.rollRNG(1000)
    game.rng.setstate(saved)
    assert game.rollRNG(1000) == first


# ---------------------------------------------------------------- packaging
def test_public_names_import_from_the_package() -> None:
    module = importlib.import_module("gamestate")
    assert module.GameState is GameState
    assert module.Direction is Direction
    assert module.JavaRandom is JavaRandom
    assert set(gamestate.__all__) >= {"GameState", "Direction", "Config", "JavaRandom"}


def test_Config_is_the_gamestate_config_module() -> None:
    assert Config is importlib.import_module("gamestate.config")


def test_package_is_typed() -> None:
    marker = importlib.resources.files("gamestate") / "py.typed"
    assert marker.is_file()
