"""The Dots MIS (spec 003), routine by routine and exception by exception.

Each test's docstring quotes the MIS text it checks. Expected grids are
written out from the MIS's own constructor or drawn, independently of
the model, from a JavaRandom seeded alike in the documented order.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamestate import JavaRandom
from gamestate.dots import (
    SIZE,
    CellT,
    GameBoardT,
    GameEndedError,
    InvalidPathError,
    Level,
    OffBoardError,
    RefusedMoveError,
    WrongColourError,
)
from gamestate.dots.board import MAX_MOVES, MAX_OBJECTIVE
from gamestate.dots.cell import COLOURS
from tests.dots_helpers import game_with, grid_of, grid_text

R, O, G, B = CellT.R, CellT.O, CellT.G, CellT.B

# The MIS's GameboardT() transition, transcribed cell by cell.
MIS_GRID = [
    [R, R, R, B, R, R],
    [O, R, R, R, B, O],
    [B, B, O, G, G, G],
    [G, R, R, G, O, B],
    [B, B, R, O, G, B],
    [B, B, R, O, G, B],
]


def draws(seed: int, count: int) -> list[CellT]:
    """The first ``count`` colours a game seeded ``seed`` draws: Java's
    ``CellT.values()[rng.nextInt(4)]`` with values() = R, O, G, B."""
    rng = JavaRandom(seed)
    return [[R, O, G, B][rng.nextInt(4)] for _ in range(count)]


def unchanged(game: GameBoardT, path: object, error: type[Exception]) -> Exception:
    """Play a refused ``path``; check the error and that nothing changed."""
    before = game.copy()
    with pytest.raises(error) as raised:
        game.move(path)  # type: ignore[arg-type]
    assert game == before
    assert game.generator_state() == before.generator_state()
    return raised.value


# ------------------------------------------------------------ CellT
def test_cellt_has_the_four_colours_in_the_mis_order() -> None:
    """MIS: "CellT = {R, O, G, B}"."""
    assert [cell.name for cell in CellT] == ["R", "O", "G", "B"]
    assert COLOURS == (R, O, G, B)


def test_get_random_cell_draws_the_colour_numbered_next_int_4() -> None:
    """MIS: "getRandomCell(): out := CellT of any of the available 4 colors"."""

    class Numbers:
        def __init__(self) -> None:
            self.bounds: list[int] = []

        def nextInt(self, bound: int) -> int:
            self.bounds.append(bound)
            return len(self.bounds) - 1

    numbers = Numbers()
    assert [CellT.getRandomCell(numbers) for _ in range(4)] == [R, O, G, B]
    assert numbers.bounds == [4, 4, 4, 4]


def test_get_random_cell_draws_from_the_generator_it_is_given() -> None:
    """MIS: getRandomCell "is a static method so that it can be accessed
    from any class"; here it draws from the generator it is handed."""
    rng = JavaRandom(42)
    assert [CellT.getRandomCell(rng) for _ in range(20)] == draws(42, 20)


# ------------------------------------------------------------ constructor
def test_constructor_grid_is_the_mis_grid_row_0_at_the_top() -> None:
    """MIS: "GameboardT(): transition: boardT := <CellT.R, CellT.R, CellT.R,
    CellT.B, CellT.R, CellT.R> ..." (six rows, the first printed on top)."""
    assert GameBoardT().get_boardT() == MIS_GRID
    assert SIZE == 6


def test_constructor_state_is_the_mis_state() -> None:
    """MIS: "moves := 4, objectives := CellT.Red, 6, score := 0"."""
    game = GameBoardT()
    assert game.get_moves() == 4
    assert game.get_obj() == (R, 6)
    assert game.get_score() == 0
    assert not game.game_over()
    assert not game.is_win()


def test_constructor_keywords_make_other_levels() -> None:
    """Beyond the MIS: moves, objective and squares of another level."""
    game = GameBoardT(seed=9, moves=10, objective=(G, 15), squares=True)
    assert (game.get_moves(), game.get_obj(), game.get_score()) == (10, (G, 15), 0)
    assert game.get_boardT() == MIS_GRID
    assert game.squares
    assert game.level == Level(9, False, 10, (G, 15), True)


@pytest.mark.parametrize(
    ("seed", "java_long"),
    [(2**63, -(2**63)), (2**70, 0), (-(2**63) - 1, 2**63 - 1), (2**64 + 5, 5)],
)
def test_a_seed_is_kept_as_the_java_long_it_wraps_to(seed: int, java_long: int) -> None:
    """Beyond the MIS: the seed is a Java long, as ``new Random((long) seed)``
    takes it; the level holds the wrapped seed, which a save can hold."""
    game = GameBoardT(seed=seed, random_board=True)
    assert game.level.seed == java_long
    assert game == GameBoardT(seed=java_long, random_board=True)


def test_random_board_is_36_draws_row_major_from_the_seed() -> None:
    """A random starting grid: row 0 first, left to right."""
    expected = draws(2024, 36)
    game = GameBoardT(seed=2024, random_board=True)
    assert [cell for row in game.get_boardT() for cell in row] == expected


@pytest.mark.parametrize(
    ("keywords", "error", "names"),
    [
        ({"moves": 0}, ValueError, "moves"),
        ({"moves": MAX_MOVES + 1}, ValueError, "moves must be from 1 to 999"),
        ({"moves": True}, TypeError, "moves"),
        ({"moves": 2.0}, TypeError, "moves"),
        ({"objective": ("R", 6)}, TypeError, "colour"),
        ({"objective": (R, 0)}, ValueError, "count"),
        ({"objective": (R, MAX_OBJECTIVE + 1)}, ValueError, "count must be from 1"),
        ({"objective": [R, 6]}, TypeError, "objective"),
        ({"objective": (R,)}, TypeError, "objective"),
        ({"seed": "1"}, TypeError, "seed"),
        ({"random_board": 1}, TypeError, "random_board"),
        ({"squares": "yes"}, TypeError, "squares"),
    ],
)
def test_bad_keywords_are_refused_by_name(
    keywords: dict[str, object], error: type[Exception], names: str
) -> None:
    """MIS: "GameboardT()" takes no arguments; the keywords of other levels
    are beyond it, and a value of the wrong type or out of range (moves and
    objective from 1 to 999, what a save holds) is a TypeError or
    ValueError naming the keyword."""
    with pytest.raises(error, match=names):
        GameBoardT(**keywords)  # type: ignore[arg-type]


# ------------------------------------------------------------ getters
def test_get_moves_is_the_moves_left() -> None:
    """MIS: "get_moves(): output: out := moves"."""
    game = GameBoardT()
    game.move([(4, 0), (4, 1)])
    assert game.get_moves() == 3


def test_get_obj_is_the_colour_and_the_count_left() -> None:
    """MIS: "get_obj(): output: out := objectives"."""
    game = GameBoardT()
    game.move([(0, 0), (0, 1), (0, 2)])
    assert game.get_obj() == (R, 3)


def test_get_score_counts_the_dots_cleared() -> None:
    """MIS: "get_score(): output: out := score"; update_score(|path|)."""
    game = GameBoardT()
    game.move([(2, 3), (2, 4), (2, 5)])
    assert game.get_score() == 3


def test_get_boardt_is_a_copy() -> None:
    """MIS: "get_boardT(): output: out := boardT"; changing what it returns
    must not change the game."""
    game = GameBoardT()
    board = game.get_boardT()
    board[0][0] = B
    board.pop()
    assert game.get_boardT() == MIS_GRID


def test_game_over_when_no_moves_are_left() -> None:
    """MIS: "game_over(): output: out := get_moves() <= 0"."""
    game = GameBoardT(moves=1)
    assert not game.game_over()
    game.move([(4, 0), (4, 1)])
    assert game.game_over()
    assert not game.is_win()


def test_is_win_when_the_objective_count_reaches_0() -> None:
    """MIS: "is_win(): output: out := get_obj()[1] <= 0"."""
    game = GameBoardT(objective=(R, 5))
    game.move([(1, 3), (1, 2), (0, 2), (0, 1), (1, 1)])
    assert game.get_obj() == (R, 0)
    assert game.is_win()


def test_the_objective_count_goes_below_0_when_a_path_overshoots() -> None:
    """MIS: "set_obj(i) ≡ boardT.objective[1] := get_obj()[1] - i"."""
    game = GameBoardT(objective=(R, 2))
    game.move([(1, 3), (1, 2), (0, 2)])
    assert game.get_obj() == (R, -1)
    assert game.is_win()


# ------------------------------------------------------------ move: valid
def test_a_row_path_is_replaced_by_draws_in_row_major_order() -> None:
    """MIS: drop_down_cells: "boardT[i-1][j] := CellT.random()": the cleared
    top-row dots are new ones, drawn left to right."""
    game = GameBoardT(seed=5)
    game.move([(0, 0), (0, 1), (0, 2)])
    expected = [row[:] for row in MIS_GRID]
    expected[0][0:3] = draws(5, 3)
    assert game.get_boardT() == expected


def test_dots_above_a_path_fall_and_new_dots_fill_the_top() -> None:
    """MIS: drop_down_cells: "boardT[i][j] := boardT[i-1][j]": the dots above
    a cleared one fall into its place."""
    game = GameBoardT(seed=11)
    game.move([(3, 1), (3, 2)])  # R R in the middle of row 3
    expected = [row[:] for row in MIS_GRID]
    for col in (1, 2):
        for row in (3, 2, 1):
            expected[row][col] = MIS_GRID[row - 1][col]
    expected[0][1], expected[0][2] = draws(11, 2)
    assert game.get_boardT() == expected


def test_a_vertical_path_empties_the_top_of_its_column() -> None:
    """Two dots cleared in one column: the dots above fall two rows, and
    the two new dots are drawn top first (row-major)."""
    game = GameBoardT(seed=3)
    game.move([(4, 0), (5, 0)])  # B above B in column 0
    expected = [row[:] for row in MIS_GRID]
    for row in (5, 4, 3, 2):
        expected[row][0] = MIS_GRID[row - 2][0]
    expected[0][0], expected[1][0] = draws(3, 2)
    assert game.get_boardT() == expected


def test_a_move_uses_one_move_and_scores_its_length() -> None:
    """MIS: move: "dec_moves() ∧ update_score(|path|) ∧ update_obj(|path|)"."""
    game = GameBoardT()
    game.move([(1, 3), (1, 2), (0, 2), (0, 1), (1, 1)])
    assert (game.get_moves(), game.get_score(), game.get_obj()) == (3, 5, (R, 1))


def test_a_path_of_another_colour_leaves_the_objective() -> None:
    """MIS: move: "get_obj[0] = get_boardT[path[0][0]][path[0][1]]": only
    the objective's colour counts for it."""
    game = GameBoardT()
    game.move([(2, 3), (2, 4), (2, 5)])  # G
    assert game.get_obj() == (R, 6)
    assert game.get_score() == 3


def test_refills_match_java_util_random() -> None:
    """The documented draw order, replayed by a Java program
    (tests/data/dots/java/DotsGolden.java) with java.util.Random."""
    cases = json.loads(
        (Path(__file__).parent / "data" / "dots" / "java_refills.json").read_text()
    )
    for case in cases:
        game = GameBoardT(
            seed=case["seed"],
            random_board=case["random_board"],
            squares=case["squares"],
            moves=100,
            objective=(R, MAX_OBJECTIVE),  # never reached: no win ends it
        )
        assert grid_text(game.get_boardT()) == case["grids"][0]
        for step, expected in enumerate(case["grids"][1:]):
            game.move(java_pick(game.get_boardT(), game.squares, step))
            assert grid_text(game.get_boardT()) == expected, (case["seed"], step)


def java_pick(
    grid: list[list[CellT]], squares: bool, step: int
) -> list[tuple[int, int]]:
    """The path DotsGolden.java clears at ``step`` (see its class comment)."""
    if squares:
        for r in range(SIZE - 1):
            for c in range(SIZE - 1):
                block = [(r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c)]
                if len({grid[a][b] for a, b in block}) == 1:
                    return block
    order = [(1, 0), (0, 1)] if step % 2 == 0 else [(0, 1), (1, 0)]
    for r in range(SIZE):
        for c in range(SIZE):
            for dr, dc in order:
                if (
                    r + dr < SIZE
                    and c + dc < SIZE
                    and grid[r][c] == grid[r + dr][c + dc]
                ):
                    return [(r, c), (r + dr, c + dc)]
    raise AssertionError("the Java run found a pair")


# ------------------------------------------------------------ squares
SQUARE = [(0, 1), (0, 2), (1, 2), (1, 1)]  # four R dots, the last next to the first


def test_with_squares_a_closed_loop_clears_every_dot_of_its_colour() -> None:
    """Beyond the MIS (opt-in): a loop of at least 4 dots clears every dot
    of its colour; the default grid has 12 R."""
    game = GameBoardT(squares=True, seed=1)
    game.move(SQUARE)
    assert (game.get_score(), game.get_obj(), game.get_moves()) == (12, (R, -6), 3)
    assert game.is_win()
    old_columns = [[row[c] for row in MIS_GRID] for c in range(SIZE)]
    new_columns = [[row[c] for row in game.get_boardT()] for c in range(SIZE)]
    for old, new in zip(old_columns, new_columns, strict=True):
        kept = [cell for cell in old if cell is not R]
        assert new[len(new) - len(kept) :] == kept


def test_without_squares_a_loop_is_an_ordinary_path() -> None:
    """The MIS has no squares: its update_score(|path|) counts the path."""
    game = GameBoardT()
    game.move(SQUARE)
    assert (game.get_score(), game.get_obj()) == (4, (R, 2))


def test_cleared_by_names_the_dots_a_path_clears_and_changes_nothing() -> None:
    plain, squares = GameBoardT(), GameBoardT(squares=True)
    assert plain.cleared_by(SQUARE) == set(SQUARE)
    every_r = {(r, c) for r in range(SIZE) for c in range(SIZE) if MIS_GRID[r][c] is R}
    assert squares.cleared_by(SQUARE) == every_r and len(every_r) == 12
    assert squares == GameBoardT(squares=True)


def test_an_open_path_of_four_is_not_a_square() -> None:
    game = GameBoardT(squares=True)
    game.move([(0, 0), (0, 1), (0, 2), (1, 2)])
    assert game.get_score() == 4


# ------------------------------------------------------------ move: refused
def test_a_null_path_is_refused() -> None:
    """MIS: "exc := ((path = null) v ...) -> NullPointerException", whose
    message is "please enter a valid path"."""
    error = unchanged(GameBoardT(), None, ValueError)
    assert isinstance(error, InvalidPathError)
    assert str(error) == "please enter a valid path"


def test_an_empty_path_is_refused() -> None:
    """MIS: "exc := (... v (|path| = 0)) -> NullPointerException"."""
    error = unchanged(GameBoardT(), [], ValueError)
    assert str(error) == "please enter a valid path"


@pytest.mark.parametrize("first", [(6, 0), (0, 6), (-1, 0), (0, -1), (99, 99)])
def test_a_first_coordinate_off_the_board_is_an_index_error(
    first: tuple[int, int],
) -> None:
    """MIS: "¬(valid_coordinate(path[0][0], path[0][1])) ->
    IndexOutOfBoundsException"; -1 must not wrap round as a Python index."""
    error = unchanged(GameBoardT(), [first, (0, 0)], IndexError)
    assert isinstance(error, OffBoardError)
    assert f"({first[0]},{first[1]}) is off the board" in str(error)


def test_row_6_is_off_the_board_despite_the_mis_bound() -> None:
    """MIS slip: "valid_coordinate(row, col) ≡ ... (row <= 6) ... (col <= 6)"
    would let row 6 through on a board of rows 0 to 5."""
    unchanged(GameBoardT(), [(5, 0), (6, 0)], OffBoardError)
    unchanged(GameBoardT(), [(6, 6), (5, 5)], OffBoardError)


def test_a_later_coordinate_off_the_board_is_an_index_error() -> None:
    """MIS: "¬(valid_path(path[0][0], path[0][1], path) = null) ->
    IndexOutOfBoundsException": every coordinate must be valid."""
    error = unchanged(GameBoardT(), [(0, 5), (0, 6)], IndexError)
    assert str(error) == "(0,6) is off the board: rows and columns go from 0 to 5"


def test_a_dot_of_another_colour_is_an_index_error() -> None:
    """MIS: valid_path requires "same_cell_data(path[0][0], path[0][1],
    path[i][0], path[i][1])" -> IndexOutOfBoundsException."""
    error = unchanged(GameBoardT(), [(0, 2), (0, 3)], IndexError)
    assert isinstance(error, WrongColourError)
    assert str(error) == "(0,3) is B, the path is R"


def test_a_diagonal_step_is_a_value_error() -> None:
    """MIS: "¬(one_direction(path)) -> IllegalArgumentException";
    one_direction "Returns false if moving Diagonally"."""
    error = unchanged(GameBoardT(), [(0, 1), (1, 2)], ValueError)
    assert isinstance(error, InvalidPathError)
    assert str(error) == "(0,1) to (1,2) is not a step up, down, left or right"


def test_a_jump_along_a_row_is_a_value_error() -> None:
    """MIS slip: one_direction only asks that a step keep its row or its
    column; its assumptions ask for "adjacent cell coordinates"."""
    unchanged(GameBoardT(), [(0, 0), (0, 2)], InvalidPathError)
    unchanged(GameBoardT(), [(3, 1), (0, 1)], InvalidPathError)


def test_a_repeated_dot_is_a_value_error() -> None:
    """MIS: "there CANNOT be duplicate coordinates in the path arrays"."""
    error = unchanged(GameBoardT(), [(0, 0), (0, 1), (0, 0)], ValueError)
    assert str(error) == "(0,0) is in the path twice"


def test_a_single_dot_is_a_value_error() -> None:
    """MIS: "atleast 2 or more distinct adjacent cell coordinates have to be
    placed in the path array"."""
    error = unchanged(GameBoardT(), [(0, 0)], ValueError)
    assert str(error) == "a path needs at least 2 dots"


def test_a_move_when_the_game_is_over_is_a_value_error() -> None:
    """MIS: "game_over() -> IllegalArgumentException"."""
    game = GameBoardT(moves=1)
    game.move([(4, 0), (4, 1)])
    error = unchanged(game, [(2, 3), (2, 4)], ValueError)
    assert isinstance(error, GameEndedError)
    assert "over" in str(error)


def test_a_move_when_the_game_is_won_is_a_value_error() -> None:
    """MIS: move's transition requires "¬(is_win())"."""
    game = GameBoardT(objective=(R, 2))
    game.move([(0, 4), (0, 5)])
    error = unchanged(game, [(2, 3), (2, 4)], ValueError)
    assert isinstance(error, GameEndedError)
    assert "won" in str(error)


@pytest.mark.parametrize(
    ("path", "error"),
    [
        # The first coordinate is checked before the later ones and the steps.
        ([(7, 0), (9, 9)], OffBoardError),
        ([(7, 0), (0, 0), (0, 0)], OffBoardError),
        # valid_path (colour) before one_direction (steps).
        ([(0, 0), (0, 3)], WrongColourError),
        ([(0, 0), (0, 0), (0, 3)], WrongColourError),
        ([(0, 0), (1, 1), (9, 0)], OffBoardError),
        # one_direction before game_over.
        ([(0, 0), (1, 1)], InvalidPathError),
    ],
)
def test_the_checks_come_in_the_mis_order(
    path: list[tuple[int, int]], error: type[RefusedMoveError]
) -> None:
    """MIS: exc := null | ¬valid_coordinate | ¬valid_path | ¬one_direction |
    game_over, in that order; the game here is over, so the game-over
    check must come last."""
    game = GameBoardT(moves=1)
    game.move([(2, 4), (2, 5)])  # columns 0 to 3 stay as the MIS has them
    raised = unchanged(game, path, error)
    assert type(raised) is error


@pytest.mark.parametrize(
    ("path", "error"),
    [
        ("0001", TypeError),
        (b"\x00\x01", TypeError),
        (5, TypeError),
        ({(0, 0), (0, 1)}, TypeError),
        ([(0, 0), "01"], TypeError),
        ([(0, 0), 1], TypeError),
        ([(0,), (0, 1)], ValueError),
        ([(0, 0, 0), (0, 1)], ValueError),
        ([(0, "1"), (0, 0)], TypeError),
        ([(0.0, 1), (0, 0)], TypeError),
        ([(True, 0), (0, 0)], TypeError),
        ([(0, 0), (0, None)], TypeError),
    ],
)
def test_malformed_paths_are_clear_type_or_value_errors(
    path: object, error: type[Exception]
) -> None:
    """MIS: "move(Seq of seq(Z))": a path is a sequence of sequences of
    integers, and the MIS says nothing of anything else. The issue: such
    input is "a clear TypeError or ValueError" naming the path, not one of
    the MIS's refusals (RefusedMoveError), and it changes nothing."""
    raised = unchanged(GameBoardT(), path, error)
    assert not isinstance(raised, RefusedMoveError)
    assert "path" in str(raised)


def test_lists_tuples_and_index_ints_are_all_paths() -> None:
    class Index:
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    for path in ([[0, 4], [0, 5]], ((0, 4), (0, 5)), [(Index(0), Index(4)), (0, 5)]):
        game = GameBoardT()
        game.move(path)  # type: ignore[arg-type]
        assert game.get_score() == 2


# ------------------------------------------------------------ copy, compare, restore
def test_copy_is_equal_and_independent() -> None:
    game = GameBoardT(seed=8, random_board=True)
    twin = game.copy()
    assert twin == game and twin is not game
    path = next_pair(game)
    twin.move(path)
    assert twin != game
    game.move(path)
    assert twin == game  # the same generator draws the same dots


def next_pair(game: GameBoardT) -> list[tuple[int, int]]:
    grid = game.get_boardT()
    for r in range(SIZE):
        for c in range(SIZE - 1):
            if grid[r][c] == grid[r][c + 1]:
                return [(r, c), (r, c + 1)]
    for r in range(SIZE - 1):
        for c in range(SIZE):
            if grid[r][c] == grid[r + 1][c]:
                return [(r, c), (r + 1, c)]
    raise AssertionError("no pair")


def test_games_differing_anywhere_are_not_equal() -> None:
    base = GameBoardT()
    assert base == GameBoardT()
    assert base != GameBoardT(seed=1)  # the generator
    assert base != GameBoardT(moves=5)
    assert base != GameBoardT(squares=True)
    assert base != "a game"
    with pytest.raises(TypeError):
        hash(base)


def test_from_state_restores_a_game_that_goes_on_identically() -> None:
    game = GameBoardT(seed=77, random_board=True, moves=9)
    game.move(next_pair(game))
    _colour, count = game.get_obj()
    restored = GameBoardT.from_state(
        game.level,
        game.get_boardT(),
        moves=game.get_moves(),
        objective_count=count,
        score=game.get_score(),
        generator_state=game.generator_state(),
    )
    assert restored == game
    path = next_pair(game)
    game.move(path)
    restored.move(path)
    assert restored == game


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"grid": grid_of("RRRBRR/ORRRBO")}, ValueError),
        ({"grid": [["R"] * 6] * 6}, TypeError),
        ({"moves": -1}, ValueError),
        ({"score": -1}, ValueError),
        ({"objective_count": 1.5}, TypeError),
        ({"generator_state": 1 << 48}, ValueError),
        ({"generator_state": -1}, ValueError),
        ({"level": Level(moves=0)}, ValueError),
        ({"moves": 5}, ValueError),  # more than the level's 4
        ({"objective_count": 7}, ValueError),  # more than the level's 6
        ({"objective_count": -37}, ValueError),  # a move clears 36 at most
        ({"moves": 3, "score": 37}, ValueError),  # 36 a move used at most
        # Counters that no play reaches (the base is: 3 moves used, 5 R
        # dots of the objective cleared, 3 other dots).
        ({"score": 4}, ValueError),  # less than the objective's 5 cleared
        ({"score": 5}, ValueError),  # 3 moves, all R, clear 6 at least
        ({"score": 6}, ValueError),  # 1 other dot: a move clears 2 at least
        ({"moves": 3, "objective_count": -35, "score": 41}, ValueError),  # 1 move
        ({"moves": 4, "objective_count": 0, "score": 0}, ValueError),  # won unplayed
    ],
)
def test_from_state_refuses_bad_values(change: dict[str, object], error: type) -> None:
    arguments: dict[str, object] = {
        "level": Level(),
        "grid": MIS_GRID,
        "moves": 1,
        "objective_count": 1,
        "score": 8,
        "generator_state": 0,
    }
    arguments.update(change)
    with pytest.raises(error):
        GameBoardT.from_state(**arguments)  # type: ignore[arg-type]


def test_has_path_is_false_only_without_two_matching_neighbours() -> None:
    checker = "/".join(("ROGBRO" if r % 2 == 0 else "GBROGB") for r in range(6))
    assert not game_with(checker).has_path()
    assert game_with(checker.replace("ROGBRO", "RRGBRO", 1)).has_path()
    assert GameBoardT().has_path()


def test_repr_shows_the_grid_and_figures() -> None:
    assert repr(GameBoardT()) == (
        "<GameBoardT RRRBRR/ORRRBO/BBOGGG/GRRGOB/BBROGB/BBROGB moves=4 "
        "objective=R:6 score=0>"
    )
