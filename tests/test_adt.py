"""Spec 004: gamestate.adt (the ADT, its rules and errors) and its console game.

The spec's own examples run verbatim in test_adt_spec_examples.py; here
every function is pinned down further: each error message, the reduction
rule (by the spec's Fig. 4 and by agreement with GameState.move on random
boards), the random tiles, and, in playmanager.twenty48.adt_game, the
prompt loop and whole games.
"""

from __future__ import annotations

import io
import itertools
import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import FrozenInstanceError
from typing import Any, TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamestate import Direction, GameState
from gamestate.adt import (
    Board,
    Coordinate,
    board_empty_positions,
    board_fill_position,
    board_finished,
    board_position,
    board_reduce,
    board_score,
    board_update_score,
    boards_equal,
    coordinate_col,
    coordinate_row,
    coordinates_equal,
    copy_board,
    create_board,
    create_coordinate,
    fill_random_position,
    is_board,
    is_coordinate,
)
from playmanager.twenty48.adt_game import game_2048, print_board, request_move

T = TypeVar("T")
PROMPT = "Pick a move (N, S, E, W): "
DIRECTIONS = {
    "N": Direction.UP,
    "S": Direction.DOWN,
    "W": Direction.LEFT,
    "E": Direction.RIGHT,
}
ALL_COORDINATES = [(r, c) for r in range(1, 5) for c in range(1, 5)]
OFF_THE_BOARD = [(-1, 1), (1, 5), (0, 0), (5, 1), (1, 0), (0, 4), (4, 5)]
NOT_INTS = [(True, 1), (1, True), (1.0, 1), (1, 2.0), ("1", 1), (None, 1)]
NOT_COORDINATES: list[tuple[Any, Any]] = OFF_THE_BOARD + NOT_INTS
LIST_OF_ROWS: Any = [[0] * 4 for _ in range(4)]  # the cells alone are no board


def board_of(rows: Sequence[Sequence[int]], score: int = 0) -> Board:
    """Build a board through the ADT's own modifiers."""
    board = create_board()
    for (row, col), value in zip(ALL_COORDINATES, itertools.chain(*rows), strict=True):
        board_fill_position(board, create_coordinate(row, col), value)
    return board_update_score(board, score)


def tiles(board: Board) -> list[list[int]]:
    """Read a board back through board_position only."""
    return [
        [board_position(board, create_coordinate(r, c)) for c in range(1, 5)]
        for r in range(1, 5)
    ]


# Tiles as they occur in play: mostly empty, small powers of two.
tile_values = st.sampled_from([0, 0, 0, 0, 2, 2, 4, 4, 8, 16, 32, 64, 2048])
grids = st.lists(st.lists(tile_values, min_size=4, max_size=4), min_size=4, max_size=4)
scores = st.integers(min_value=0, max_value=10**6).map(lambda n: 4 * n)
moves = st.sampled_from("NSWE")


# -------------------------------------------------------------- coordinate
@pytest.mark.parametrize(("row", "col"), ALL_COORDINATES)
def test_every_position_is_a_coordinate_with_its_row_and_column(
    row: int, col: int
) -> None:
    c = create_coordinate(row, col)
    assert is_coordinate(c)
    assert (coordinate_row(c), coordinate_col(c)) == (row, col)
    assert coordinates_equal(c, create_coordinate(row, col))


@pytest.mark.parametrize(("row", "col"), NOT_COORDINATES)
def test_create_coordinate_refuses_anything_off_the_board(row: Any, col: Any) -> None:
    with pytest.raises(ValueError, match=r"^create_coordinate: invalid arguments$"):
        create_coordinate(row, col)


def test_a_coordinate_is_immutable() -> None:
    c: Any = create_coordinate(1, 2)
    with pytest.raises(FrozenInstanceError):
        c.row = 3
    assert coordinate_row(c) == 1


def test_coordinates_differ_in_row_or_column() -> None:
    c = create_coordinate(2, 3)
    assert not coordinates_equal(c, create_coordinate(3, 2))
    assert not coordinates_equal(c, create_coordinate(2, 4))


@pytest.mark.parametrize("thing", [0, (1, 2), [1, 2], "(1, 2)", None, create_board()])
def test_other_things_are_not_coordinates(thing: Any) -> None:
    assert not is_coordinate(thing)


# --------------------------------------------------------- board accessors
def test_a_new_board_is_empty_with_score_zero() -> None:
    board = create_board()
    assert tiles(board) == [[0] * 4 for _ in range(4)]
    assert board_score(board) == 0
    assert board_empty_positions(board) == [
        create_coordinate(r, c) for r, c in ALL_COORDINATES
    ]
    assert boards_equal(create_board(0), board)


def test_fill_position_modifies_and_returns_the_same_board() -> None:
    board = create_board()
    result = board_fill_position(board, create_coordinate(3, 4), 8)
    assert result is board
    assert board_position(board, create_coordinate(3, 4)) == 8
    assert create_coordinate(3, 4) not in board_empty_positions(board)
    board_fill_position(board, create_coordinate(3, 4), 0)
    assert boards_equal(board, create_board())


def test_empty_positions_are_listed_row_by_row() -> None:
    board = board_of([[2, 0, 2, 2], [2, 2, 2, 0], [2, 2, 2, 2], [0, 2, 2, 2]])
    assert board_empty_positions(board) == [
        create_coordinate(1, 2),
        create_coordinate(2, 4),
        create_coordinate(4, 1),
    ]


def test_update_score_adds_and_returns_the_same_board() -> None:
    board = create_board()
    assert board_update_score(board, 4) is board
    board_update_score(board, 0)
    board_update_score(board, 2048)
    assert board_score(board) == 2052


@pytest.mark.parametrize("position", [0, (2, 2), None, "2,2"])
def test_board_position_needs_a_coordinate(position: Any) -> None:
    with pytest.raises(ValueError, match=r"^board_position: invalid arguments$"):
        board_position(create_board(), position)


def test_board_position_needs_a_board() -> None:
    with pytest.raises(ValueError, match=r"^board_position: invalid arguments$"):
        board_position(LIST_OF_ROWS, create_coordinate(1, 1))


@pytest.mark.parametrize(
    ("board", "position", "value"),
    [
        ("board", (1, 1), 2),
        ("board", "coordinate", 2.0),
        ("board", "coordinate", "2"),
        ("board", "coordinate", True),
        ("board", "coordinate", -2),
        ("board", "coordinate", None),
        ([[0] * 4] * 4, "coordinate", 2),
    ],
)
def test_fill_position_errors(board: Any, position: Any, value: Any) -> None:
    if board == "board":
        board = create_board()
    if position == "coordinate":
        position = create_coordinate(1, 1)
    with pytest.raises(ValueError, match=r"^board_fill_position: invalid arguments$"):
        board_fill_position(board, position, value)


@pytest.mark.parametrize("points", [-4, 2, 6, 4.0, "4", True, None])
def test_update_score_takes_only_non_negative_multiples_of_four(points: Any) -> None:
    board = create_board()
    with pytest.raises(ValueError, match=r"^board_update_score: invalid arguments$"):
        board_update_score(board, points)
    assert board_score(board) == 0


def test_update_score_needs_a_board() -> None:
    with pytest.raises(ValueError, match=r"^board_update_score: invalid arguments$"):
        board_update_score(LIST_OF_ROWS, 4)


# ----------------------------------------------------------------- reduce
def test_figure_4_a_merged_tile_does_not_merge_again() -> None:
    """Spec Fig. 4, row 4: the 4s merge into 8 at (4, 1); the old 8 stays."""
    board = board_of([[0] * 4, [0] * 4, [0, 4, 0, 4], [4, 4, 8, 0]])
    assert board_reduce(board, "W") is board
    assert tiles(board) == [[0] * 4, [0] * 4, [8, 0, 0, 0], [8, 8, 0, 0]]
    assert board_score(board) == 16


@pytest.mark.parametrize(
    ("move", "expected"),
    [
        ("W", [[4, 4, 0, 0], [4, 2, 0, 0], [8, 0, 0, 0], [2, 4, 2, 0]]),
        ("E", [[0, 0, 4, 4], [0, 0, 2, 4], [0, 0, 0, 8], [0, 2, 4, 2]]),
        ("N", [[4, 4, 4, 4], [4, 0, 8, 0], [2, 0, 0, 0], [0, 0, 0, 0]]),
        ("S", [[0, 0, 0, 0], [4, 0, 0, 0], [4, 0, 4, 0], [2, 4, 8, 4]]),
    ],
)
def test_each_action_slides_toward_its_side(
    move: str, expected: list[list[int]]
) -> None:
    """Worked by hand: tiles nearest the side merge first (2 2 2 -> 2 4)."""
    board = board_of([[2, 2, 2, 2], [2, 2, 2, 0], [4, 0, 4, 0], [2, 0, 4, 2]])
    board_reduce(board, move)
    assert tiles(board) == expected


@pytest.mark.parametrize(
    "move", ["n", "X", "", "NS", " N", None, 2, ["N"], Direction.UP]
)
def test_reduce_takes_only_the_four_actions(move: Any) -> None:
    board = board_of([[2, 2, 0, 0]] + [[0] * 4] * 3)
    with pytest.raises(ValueError, match=r"^board_reduce: invalid arguments$"):
        board_reduce(board, move)
    assert tiles(board)[0] == [2, 2, 0, 0]


def test_reduce_needs_a_board() -> None:
    with pytest.raises(ValueError, match=r"^board_reduce: invalid arguments$"):
        board_reduce(LIST_OF_ROWS, "N")


def mirrored(grid: list[list[int]]) -> list[list[int]]:
    return [row[::-1] for row in grid]


def transposed(grid: list[list[int]]) -> list[list[int]]:
    return [list(column) for column in zip(*grid, strict=True)]


def reduced(grid: list[list[int]], move: str) -> list[list[int]]:
    return tiles(board_reduce(board_of(grid), move))


@given(grids)
def test_the_four_actions_are_one_rule_seen_from_four_sides(
    grid: list[list[int]],
) -> None:
    west = reduced(grid, "W")
    assert reduced(mirrored(grid), "E") == mirrored(west)
    assert reduced(transposed(grid), "N") == transposed(west)
    assert reduced(transposed(mirrored(grid)), "S") == transposed(mirrored(west))


@given(grids, scores, moves)
def test_reduce_keeps_the_tile_sum_and_adds_the_merges_to_the_score(
    grid: list[list[int]], score: int, move: str
) -> None:
    board = board_reduce(board_of(grid, score), move)
    after = tiles(board)
    assert sum(map(sum, after)) == sum(map(sum, grid))
    gained = board_score(board) - score
    merges = sum(v != 0 for v in itertools.chain(*grid)) - sum(
        v != 0 for v in itertools.chain(*after)
    )
    assert gained >= 4 * merges  # every merge makes a tile of at least 4
    assert (gained == 0) == (merges == 0)


@given(grids, scores, moves)
def test_reduce_agrees_with_gamestate_move(
    grid: list[list[int]], score: int, move: str
) -> None:
    """Same slide as GameState.move, which then adds one tile if it moved."""
    game = GameState(4, 4)
    game.setBoard(grid)
    game.setScore(score)
    changed = game.move(DIRECTIONS[move])
    board = board_reduce(board_of(grid, score), move)
    assert board_score(board) == game.getScore()
    differences = [
        (mine, theirs)
        for mine, theirs in zip(
            itertools.chain(*tiles(board)),
            itertools.chain(*game.getBoard()),
            strict=True,
        )
        if mine != theirs
    ]
    if changed:
        assert len(differences) == 1 and differences[0][0] == 0
    else:
        assert differences == [] and tiles(board) == grid


# --------------------------------------------- recognisers, tests, copies
@given(grids, scores)
def test_copies_are_equal_boards_and_independent(
    grid: list[list[int]], score: int
) -> None:
    board = board_of(grid, score)
    copy = copy_board(board)
    assert is_board(copy) and boards_equal(copy, board) and copy is not board
    board_fill_position(copy, create_coordinate(1, 1), grid[0][0] + 2)
    board_update_score(copy, 4)
    assert tiles(board) == grid and board_score(board) == score
    assert not boards_equal(copy, board)


@given(grids)
def test_empty_positions_are_the_positions_holding_zero(grid: list[list[int]]) -> None:
    board = board_of(grid)
    expected = [
        create_coordinate(r, c) for r, c in ALL_COORDINATES if grid[r - 1][c - 1] == 0
    ]
    assert board_empty_positions(board) == expected


def test_boards_differing_only_in_score_are_not_equal() -> None:
    board = board_of([[2, 0, 0, 0]] + [[0] * 4] * 3)
    assert not boards_equal(board, board_update_score(copy_board(board), 4))


def test_boards_equal_is_false_for_non_boards() -> None:
    assert not boards_equal(create_board(), LIST_OF_ROWS)
    assert not boards_equal(LIST_OF_ROWS, create_board())


def broken_boards() -> Iterable[Board]:
    three_rows: list[Any] = [[0] * 4 for _ in range(3)]
    yield Board(three_rows)
    yield Board(three_rows + [[0] * 3])
    yield Board(three_rows + [[0, 0, 0, 2.0]])
    yield Board(three_rows + [[0, 0, 0, True]])
    yield Board(three_rows + [(0, 0, 0, 0)])
    rows_as_tuple: Any = tuple(three_rows + [[0] * 4])
    yield Board(rows_as_tuple)
    yield Board(score=-4)
    score_as_float: Any = 4.0
    yield Board(score=score_as_float)


@pytest.mark.parametrize("thing", ["a", None, 0, [[0] * 4] * 4, [[0] * 4] * 4 + [0]])
def test_other_things_are_not_boards(thing: Any) -> None:
    assert not is_board(thing)


@pytest.mark.parametrize("thing", list(broken_boards()), ids=repr)
def test_a_board_of_the_wrong_shape_is_not_a_board(thing: Any) -> None:
    assert not is_board(thing)
    with pytest.raises(ValueError, match=r"^print_board: invalid arguments$"):
        print_board(thing, io.StringIO())


@given(grids)
def test_any_4x4_board_of_tiles_is_a_board(grid: list[list[int]]) -> None:
    assert is_board(board_of(grid))


def test_tiles_need_not_be_powers_of_two() -> None:
    """As the spec says of is_board."""
    assert is_board(board_of([[3, 5, 0, 7]] * 4))


# ----------------------------------------------------------------- finished
CHECKERBOARD = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]]


def test_a_full_board_without_merges_is_finished() -> None:
    assert board_finished(board_of(CHECKERBOARD))


@pytest.mark.parametrize(("row", "col"), [(1, 1), (2, 3), (4, 4)])
def test_a_full_board_with_one_merge_is_not_finished(row: int, col: int) -> None:
    grid = [row_values[:] for row_values in CHECKERBOARD]
    grid[row - 1][col - 1] = grid[row - 1][col % 4]  # equal to a neighbour
    assert not board_finished(board_of(grid))


def test_an_empty_board_is_not_finished() -> None:
    """No action changes it, but it is not full."""
    assert not board_finished(create_board())


@given(grids)
def test_finished_means_full_and_no_action_changes_the_board(
    grid: list[list[int]],
) -> None:
    board = board_of(grid)
    unchanged = all(
        boards_equal(board_reduce(copy_board(board), move), board) for move in "NSWE"
    )
    full = not board_empty_positions(board)
    assert board_finished(board) == (full and unchanged)


# -------------------------------------------------------------- print_board
def test_print_board_writes_each_tile_in_brackets() -> None:
    board = board_of([[2048, 0, 0, 2], [0] * 4, [0, 16, 0, 0], [0] * 4], score=20)
    out = io.StringIO()
    print_board(board, out)
    assert out.getvalue() == (
        "[ 2048 ] [ 0 ] [ 0 ] [ 2 ]\n"
        "[ 0 ] [ 0 ] [ 0 ] [ 0 ]\n"
        "[ 0 ] [ 16 ] [ 0 ] [ 0 ]\n"
        "[ 0 ] [ 0 ] [ 0 ] [ 0 ]\n"
        "Score: 20\n"
    )


def test_print_board_writes_to_the_current_stdout(
    capsys: pytest.CaptureFixture[str],
) -> None:
    print_board(create_board())
    assert capsys.readouterr().out.endswith("[ 0 ] [ 0 ] [ 0 ] [ 0 ]\nScore: 0\n")


@pytest.mark.parametrize("thing", ["a", None, [[0] * 4] * 4])
def test_print_board_refuses_non_boards(thing: Any) -> None:
    with pytest.raises(ValueError, match=r"^print_board: invalid arguments$"):
        print_board(thing)


# ------------------------------------------------------------ random tiles
class ScriptedRandom:
    """choice() takes the first empty position; random() replays ``values``."""

    def __init__(self, values: Iterable[float]) -> None:
        self._values = itertools.cycle(values)
        self.draws = 0

    def choice(self, seq: Sequence[T]) -> T:
        self.draws += 1
        return seq[0]

    def random(self) -> float:
        self.draws += 1
        return next(self._values)


@pytest.mark.parametrize(
    ("draw", "tile"), [(0.0, 2), (0.7999, 2), (0.8, 4), (0.9999, 4)]
)
def test_a_new_tile_is_a_2_below_0_8_else_a_4(draw: float, tile: int) -> None:
    board = board_of([[0, 2, 0, 0]] + [[0] * 4] * 3)
    rng = ScriptedRandom([draw])
    assert fill_random_position(board, rng) is board
    assert tiles(board)[0] == [tile, 2, 0, 0]
    assert rng.draws == 2


def test_a_full_board_gets_no_tile_and_draws_nothing() -> None:
    board = board_of(CHECKERBOARD)
    rng = ScriptedRandom([0.0])
    assert tiles(fill_random_position(board, rng)) == CHECKERBOARD
    assert rng.draws == 0


@given(grids, st.integers(min_value=0, max_value=2**32))
def test_a_random_tile_fills_exactly_one_empty_position(
    grid: list[list[int]], seed: int
) -> None:
    board = fill_random_position(board_of(grid), random.Random(seed))
    changed = [
        (old, new)
        for old, new in zip(
            itertools.chain(*grid), itertools.chain(*tiles(board)), strict=True
        )
        if old != new
    ]
    if any(0 in row for row in grid):
        assert len(changed) == 1 and changed[0][0] == 0 and changed[0][1] in (2, 4)
    else:
        assert changed == []


def test_the_same_seed_gives_the_same_tiles() -> None:
    first, second = random.Random(2014), random.Random(2014)
    assert [tiles(fill_random_position(create_board(), first)) for _ in range(20)] == [
        tiles(fill_random_position(create_board(), second)) for _ in range(20)
    ]


def test_tiles_are_2s_about_80_percent_of_the_time() -> None:
    rng = random.Random(8)
    counts = {2: 0, 4: 0}
    for _ in range(2000):
        board = fill_random_position(create_board(), rng)
        (tile,) = [v for v in itertools.chain(*tiles(board)) if v]
        counts[tile] += 1
    assert 1500 < counts[2] < 1700  # 1600 expected; 5 standard deviations wide


# ------------------------------------------------------------- request_move
@pytest.mark.parametrize("move", ["N", "S", "E", "W"])
def test_request_move_returns_a_valid_move_at_once(move: str) -> None:
    out = io.StringIO()
    assert request_move(io.StringIO(move + "\n"), out) == move
    assert out.getvalue() == PROMPT


def test_request_move_asks_again_after_anything_else() -> None:
    typed = io.StringIO("n\n\n N\nNorth\nw\n1\nE\r\nS\n")
    out = io.StringIO()
    assert request_move(typed, out) == "E"
    assert out.getvalue() == (PROMPT + "Invalid move.\n") * 6 + PROMPT
    assert typed.read() == "S\n"


def test_request_move_accepts_a_last_line_without_newline() -> None:
    assert request_move(io.StringIO("x\nW"), io.StringIO()) == "W"


def test_request_move_raises_eoferror_when_input_ends() -> None:
    out = io.StringIO()
    with pytest.raises(EOFError, match="request_move"):
        request_move(io.StringIO("a\n"), out)
    assert out.getvalue() == PROMPT + "Invalid move.\n" + PROMPT


def test_request_move_uses_the_current_stdin_and_stdout(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("S\n"))
    assert request_move() == "S"
    assert capsys.readouterr().out == PROMPT


# ---------------------------------------------------------------- game_2048
EMPTY_ROW = "[ 0 ] [ 0 ] [ 0 ] [ 0 ]\n"


def play(typed: str, rng: ScriptedRandom) -> tuple[str, str]:
    """Play game_2048; return (everything printed, input left unread)."""
    stdin = io.StringIO(typed)
    out = io.StringIO()
    game_2048(stdin, out, rng)
    return out.getvalue(), stdin.read()


def test_a_game_prints_asks_moves_and_adds_a_tile_after_a_change() -> None:
    # Tiles go to the first empty position and are all 2s: (1,1) and (1,2)
    # to start; E merges them into a 4 at (1,4) and a 2 appears at (1,1).
    printed, _ = play("x\nE\n", ScriptedRandom([0.0]))
    assert printed == (
        "[ 2 ] [ 2 ] [ 0 ] [ 0 ]\n" + EMPTY_ROW * 3 + "Score: 0\n"
        + PROMPT + "Invalid move.\n" + PROMPT
        + "[ 2 ] [ 0 ] [ 0 ] [ 4 ]\n" + EMPTY_ROW * 3 + "Score: 4\n"
        + PROMPT + "\n"
    )  # fmt: skip


def test_a_move_that_changes_nothing_adds_no_tile() -> None:
    rng = ScriptedRandom([0.0])
    printed, _ = play("N\nN\n", rng)  # the tiles are already at the top
    assert rng.draws == 4  # two starting tiles, position and value each
    start = "[ 2 ] [ 2 ] [ 0 ] [ 0 ]\n" + EMPTY_ROW * 3 + "Score: 0\n"
    assert printed == (start + PROMPT) * 3 + "\n"


def parse_board(lines: list[str]) -> Board:
    """Read print_board's five lines back into a board."""
    grid = [
        [int(cell.strip("[ ]")) for cell in line.split("] [")] for line in lines[:4]
    ]
    return board_of(grid, int(lines[4].removeprefix("Score: ")))


def test_a_game_ends_when_the_board_is_finished() -> None:
    typed = "W\nS\nE\nN\n" * 300
    printed, unread = play(typed, ScriptedRandom([0.0, 0.9]))
    assert unread, "the game should end long before the moves do"
    moves_read = typed.count("\n") - unread.count("\n")
    assert printed.count(PROMPT) == moves_read
    last_board = printed.rsplit(PROMPT, 1)[1].splitlines()
    assert len(last_board) == 5
    final = parse_board(last_board)
    assert board_finished(final)
    assert board_score(final) > 0


def test_a_game_reads_stdin_and_writes_stdout_by_default(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    state = random.getstate()
    game_2048()
    assert random.getstate() == state  # its own generator, not the global one
    printed = capsys.readouterr().out
    board = parse_board(printed.splitlines()[:5])
    assert len(board_empty_positions(board)) == 14
    assert printed.endswith("Score: 0\n" + PROMPT + "\n")


def test_coordinate_and_board_types_are_exported() -> None:
    assert isinstance(create_coordinate(1, 1), Coordinate)
    assert isinstance(create_board(), Board)
