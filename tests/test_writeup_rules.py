"""Every rule and example of the PA4 writeup's GameState section, one test each.

The writeup is shared/spec/001_8c56057509aa4f7a.txt; each test is named
after the rule it pins, and the docstring or a comment quotes the writeup
where the wording matters. Boards are written top row first, as printed.
"""

from __future__ import annotations

import pytest

from gamestate import Config, Direction, GameState, JavaRandom
from tests.model_helpers import Board, game_with


def column(values: list[int]) -> Board:
    """A one-column board from values listed top to bottom."""
    return [[value] for value in values]


# ---------------------------------------------------------------- constructor
def test_constructor_makes_an_empty_board_of_the_given_size() -> None:
    game = GameState(3, 5)
    assert game.getBoard() == [[0] * 5 for _ in range(3)]


def test_constructor_sets_the_score_to_zero() -> None:
    assert GameState(4, 4).getScore() == 0


def test_constructor_seeds_the_generator_with_config_random_seed() -> None:
    game = GameState(4, 4)
    expected = JavaRandom(Config.RANDOM_SEED)
    assert [game.rollRNG(16) for _ in range(4)] == [
        expected.nextInt(16) for _ in range(4)
    ]


# ------------------------------------------------------ getters and setters
def test_getBoard_returns_a_deep_copy() -> None:
    game = game_with([[2, 0], [0, 4]])
    board = game.getBoard()
    board[0][0] = 64
    board.append([8, 8])
    assert game.getBoard() == [[2, 0], [0, 4]]
    assert game.getBoard() is not game.getBoard()
    assert game.getBoard()[0] is not game.getBoard()[0]


def test_setBoard_stores_a_deep_copy() -> None:
    board = [[2, 0], [0, 4]]
    game = game_with(board)
    board[0][0] = 64
    board[1] = [8, 8]
    assert game.getBoard() == [[2, 0], [0, 4]]


def test_setBoard_None_changes_nothing() -> None:
    game = game_with([[2, 0], [0, 4]], score=12)
    state = game.rng.getstate()
    game.setBoard(None)
    assert game.getBoard() == [[2, 0], [0, 4]]
    assert game.getScore() == 12
    assert game.rng.getstate() == state


def test_setBoard_may_change_the_shape_of_the_board() -> None:
    game = GameState(4, 4)
    game.setBoard([[2, 0, 0], [0, 0, 4]])
    assert game.getBoard() == [[2, 0, 0], [0, 0, 4]]
    assert game.countEmptyTiles() == 4


def test_setBoard_changes_nothing_but_the_board() -> None:
    game = game_with([[2, 0], [0, 4]], score=7)
    state = game.rng.getstate()
    game.setBoard([[8, 8], [8, 8]])
    assert game.getScore() == 7
    assert game.rng.getstate() == state


def test_setScore_sets_the_score() -> None:
    game = GameState(4, 4)
    game.setScore(1234)
    assert game.getScore() == 1234


def test_setScore_allows_a_negative_score() -> None:
    """Writeup: "this should also allow us to set a negative score"."""
    game = GameState(4, 4)
    game.setScore(-50)
    assert game.getScore() == -50


# ------------------------------------------------------------- random tiles
def test_rollRNG_is_nextInt_of_the_game_generator() -> None:
    game = GameState(4, 4, seed=7)
    expected = JavaRandom(7)
    bounds = [1, 2, 3, 16, 100, 1000]
    assert [game.rollRNG(b) for b in bounds] == [expected.nextInt(b) for b in bounds]


def test_randomTile_is_2_exactly_when_the_draw_is_below_two_prob() -> None:
    game = GameState(4, 4, seed=3)
    draws = JavaRandom(3)
    for _ in range(200):
        expected = 2 if draws.nextInt(100) < Config.TWO_PROB else 4
        assert game.randomTile() == expected


def test_randomTile_does_not_change_the_board_or_score() -> None:
    game = game_with([[2, 0], [0, 4]], score=3)
    game.randomTile()
    assert game.getBoard() == [[2, 0], [0, 4]]
    assert game.getScore() == 3


def test_countEmptyTiles_counts_the_zero_cells() -> None:
    game = game_with([[2, 0, 0], [0, 4, 8]])
    assert game.countEmptyTiles() == 3
    assert game.getBoard() == [[2, 0, 0], [0, 4, 8]]


def test_addTile_puts_one_tile_in_an_empty_cell_and_returns_it() -> None:
    board = [[2, 0, 4], [0, 8, 0]]
    game = game_with(board, score=5)
    tile = game.addTile()
    after = game.getBoard()
    changed = [(r, c) for r in range(2) for c in range(3) if after[r][c] != board[r][c]]
    assert len(changed) == 1
    (r, c) = changed[0]
    assert board[r][c] == 0
    assert after[r][c] == tile
    assert tile in (2, 4)
    assert game.getScore() == 5


def test_addTile_returns_whatever_randomTile_returns() -> None:
    class SixteenTiles(GameState):
        def randomTile(self) -> int:
            return 16

    game = SixteenTiles(2, 2)
    assert game.addTile() == 16
    assert sorted(v for row in game.getBoard() for v in row) == [0, 0, 0, 16]


def test_addTile_on_a_full_board_returns_0_and_draws_nothing() -> None:
    full = [[2, 4], [8, 16]]
    game = game_with(full)
    state = game.rng.getstate()
    assert game.addTile() == 0
    assert game.getBoard() == full
    assert game.rng.getstate() == state


# ------------------------------------------------------------------- moving
def test_rotateCounterClockwise_turns_a_square_board_a_quarter_left() -> None:
    game = game_with([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    game.rotateCounterClockwise()
    assert game.getBoard() == [[3, 6, 9], [2, 5, 8], [1, 4, 7]]


def test_rotateCounterClockwise_turns_an_R_by_C_board_into_C_by_R() -> None:
    game = game_with([[1, 2, 3], [4, 5, 6]])
    game.rotateCounterClockwise()
    assert game.getBoard() == [[3, 6], [2, 5], [1, 4]]
    game.rotateCounterClockwise()
    assert game.getBoard() == [[6, 5, 4], [3, 2, 1]]


def test_rotateCounterClockwise_turns_a_row_into_a_column() -> None:
    game = game_with([[2, 4, 8, 16]])
    game.rotateCounterClockwise()
    assert game.getBoard() == [[16], [8], [4], [2]]


def test_canSlideDown_when_two_equal_tiles_have_only_empty_cells_between() -> None:
    """Writeup case 1: same value, no other tile between (empty cells may be)."""
    assert game_with(column([0, 2, 0, 2])).canSlideDown()
    assert game_with(column([2, 4, 8, 8])).canSlideDown()


def test_canSlideDown_when_an_empty_cell_is_below_a_tile() -> None:
    """Writeup case 2: an empty tile below a non-empty tile."""
    assert game_with(column([0, 2, 0])).canSlideDown()


def test_canSlideDown_is_false_when_nothing_can_slide() -> None:
    assert not game_with(column([0, 2, 4, 2])).canSlideDown()
    assert not game_with([[0, 0], [0, 0]]).canSlideDown()
    assert not game_with([[2, 4], [4, 2]]).canSlideDown()


def test_canSlideDown_changes_nothing() -> None:
    game = game_with(column([2, 2, 0]), score=9)
    state = game.rng.getstate()
    assert game.canSlideDown()
    assert game.getBoard() == column([2, 2, 0])
    assert game.getScore() == 9
    assert game.rng.getstate() == state


def test_isGameOver_is_true_when_no_direction_can_move() -> None:
    assert game_with([[2, 4], [4, 2]]).isGameOver()


def test_isGameOver_is_false_when_only_a_sideways_move_is_possible() -> None:
    # Down and up are blocked; left and right can merge the two 2s.
    assert not game_with([[2, 2], [4, 8]]).isGameOver()


def test_isGameOver_leaves_the_board_and_the_generator_as_they_were() -> None:
    board = [[2, 4, 2], [4, 8, 4]]
    game = game_with(board, score=30)
    state = game.rng.getstate()
    game.isGameOver()
    assert game.getBoard() == board
    assert game.getScore() == 30
    assert game.rng.getstate() == state


@pytest.mark.parametrize(
    ("before", "after", "returned"),
    [
        pytest.param(
            [[0, 0, 2], [0, 0, 0], [0, 0, 0]],
            [[0, 0, 0], [0, 0, 0], [0, 0, 2]],
            True,
            id="example1_tile_slides_to_the_bottom",
        ),
        pytest.param(
            [[0, 0, 0], [0, 0, 2], [0, 0, 2]],
            [[0, 0, 0], [0, 0, 0], [0, 0, 4]],
            True,
            id="example2_two_tiles_merge",
        ),
        pytest.param(
            [[0, 0, 2], [0, 0, 2], [0, 0, 2]],
            [[0, 0, 0], [0, 0, 2], [0, 0, 4]],
            True,
            id="example3_bottom_pair_merges_first",
        ),
        pytest.param(
            [[0, 0, 0], [0, 0, 4], [0, 0, 8]],
            [[0, 0, 0], [0, 0, 4], [0, 0, 8]],
            False,
            id="example4_nothing_moves",
        ),
    ],
)
def test_slideDown_writeup_examples(
    before: Board, after: Board, returned: bool
) -> None:
    game = game_with(before)
    assert game.slideDown() is returned
    assert game.getBoard() == after


def test_slideDown_4_4_4_gives_0_4_8() -> None:
    """Writeup: "not 0 8 4, in other words, the farthest down tiles combine
    first"."""
    game = game_with(column([4, 4, 4]))
    game.slideDown()
    assert game.getBoard() == column([0, 4, 8])


def test_slideDown_4_4_4_4_gives_0_0_8_8() -> None:
    game = game_with(column([4, 4, 4, 4]))
    game.slideDown()
    assert game.getBoard() == column([0, 0, 8, 8])


def test_slideDown_a_merged_tile_never_merges_again() -> None:
    """2 2 4 -> 0 4 4: the new 4 may not join the 4 below it."""
    game = game_with(column([2, 2, 4]))
    assert game.slideDown()
    assert game.getBoard() == column([0, 4, 4])
    assert game.getScore() == 4


def test_slideDown_tiles_slide_past_empty_cells_and_merge() -> None:
    game = game_with(column([2, 0, 2, 0]))
    game.slideDown()
    assert game.getBoard() == column([0, 0, 0, 4])


def test_slideDown_different_tiles_stop_on_each_other() -> None:
    game = game_with(column([2, 0, 4, 0]))
    game.slideDown()
    assert game.getBoard() == column([0, 0, 2, 4])


def test_slideDown_increases_the_score_by_each_merged_tile() -> None:
    """Two 8s make a 16 and the score rises by 16 (writeup background)."""
    game = game_with([[8, 2], [8, 2]], score=100)
    game.slideDown()
    assert game.getBoard() == [[0, 0], [16, 4]]
    assert game.getScore() == 100 + 16 + 4


def test_slideDown_adds_no_tile() -> None:
    game = game_with(column([2, 0, 0]))
    state = game.rng.getstate()
    game.slideDown()
    assert game.countEmptyTiles() == 2
    assert game.rng.getstate() == state


def test_slideDown_that_changes_nothing_leaves_the_score() -> None:
    game = game_with(column([0, 2, 4]), score=6)
    assert not game.slideDown()
    assert game.getScore() == 6


def test_move_slides_and_adds_the_drawn_tile() -> None:
    game = game_with([[2, 2, 0], [0, 0, 0]])
    draws = JavaRandom(Config.RANDOM_SEED)
    assert game.move(Direction.LEFT) is True
    # After the slide: [[4, 0, 0], [0, 0, 0]], five empty cells.
    k = draws.nextInt(5)
    tile = 2 if draws.nextInt(100) < Config.TWO_PROB else 4
    expected = [[4, 0, 0], [0, 0, 0]]
    empties = [(r, c) for r in range(2) for c in range(3) if expected[r][c] == 0]
    r, c = empties[k]
    expected[r][c] = tile
    assert game.getBoard() == expected
    assert game.getScore() == 4


@pytest.mark.parametrize(
    ("direction", "slid"),
    [
        (Direction.DOWN, [[0, 0, 0], [0, 0, 0], [4, 4, 2]]),
        (Direction.UP, [[4, 4, 2], [0, 0, 0], [0, 0, 0]]),
        (Direction.LEFT, [[4, 0, 0], [4, 0, 0], [2, 0, 0]]),
        (Direction.RIGHT, [[0, 0, 4], [0, 0, 4], [0, 0, 2]]),
    ],
)
def test_move_slides_in_the_given_direction(direction: Direction, slid: Board) -> None:
    class NoNewTile(GameState):
        def addTile(self) -> int:
            return 0

    game = game_with([[2, 2, 0], [0, 2, 2], [2, 0, 0]], cls=NoNewTile)
    assert game.move(direction)
    assert game.getBoard() == slid


def test_move_None_returns_false_and_draws_nothing() -> None:
    game = game_with([[2, 2], [0, 0]])
    state = game.rng.getstate()
    assert game.move(None) is False
    assert game.getBoard() == [[2, 2], [0, 0]]
    assert game.rng.getstate() == state


def test_move_that_changes_nothing_returns_false_and_draws_nothing() -> None:
    board = [[0, 0], [2, 4]]
    game = game_with(board, score=8)
    state = game.rng.getstate()
    assert game.move(Direction.DOWN) is False
    assert game.getBoard() == board
    assert game.getScore() == 8
    assert game.rng.getstate() == state


# ----------------------------------------------------------------- toString
def test_toString_is_the_required_format_byte_for_byte() -> None:
    game = game_with([[0, 2, 0, 0], [0, 0, 0, 2048]], score=2052)
    assert game.toString() == (
        "Score: 2052\n    -    2    -    -\n    -    -    - 2048\n"
    )


# ------------------------------------------------ the writeup's example game
# The transcript under "An example game may be": the board after the two
# starting tiles and after each key, with the score above it.
EXAMPLE_GAME: list[tuple[str, int, Board]] = [
    ("start", 0, [[0, 0, 0, 0], [0, 0, 0, 0], [2, 0, 0, 2], [0, 0, 0, 0]]),
    ("d", 4, [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 4], [0, 0, 2, 0]]),
    ("s", 4, [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [2, 0, 2, 4]]),
    ("a", 8, [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 4, 0], [4, 4, 0, 0]]),
    ("w", 8, [[4, 4, 4, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]]),
    ("a", 16, [[8, 4, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0], [2, 0, 0, 0]]),
    ("a", 16, [[8, 4, 0, 0], [2, 0, 0, 2], [0, 0, 0, 0], [2, 0, 0, 0]]),
    ("s", 20, [[0, 0, 0, 0], [0, 0, 0, 0], [8, 0, 0, 4], [4, 4, 0, 2]]),
]

KEYS = {
    "w": Direction.UP,
    "a": Direction.LEFT,
    "s": Direction.DOWN,
    "d": Direction.RIGHT,
}


def test_writeup_example_game_seed_118_two_prob_70(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Config, "RANDOM_SEED", 118)
    monkeypatch.setattr(Config, "TWO_PROB", 70)
    game = GameState(4, 4)
    assert [game.addTile(), game.addTile()] == [2, 2]
    _, score, board = EXAMPLE_GAME[0]
    assert (game.getScore(), game.getBoard()) == (score, board)
    for key, score, board in EXAMPLE_GAME[1:]:
        assert game.move(KEYS[key]) is True, key
        assert (game.getScore(), game.getBoard()) == (score, board), key
    assert str(game) == (
        "Score: 20\n"
        "    -    -    -    -\n"
        "    -    -    -    -\n"
        "    8    -    -    4\n"
        "    4    4    -    2\n"
    )
