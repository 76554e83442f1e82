"""The MIS's View and Controller (playmanager.dots), and typed paths.

The View's text is compared with grids written out by hand from the MIS;
the Controller is checked routine by routine (docstrings quote the MIS).
"""

from __future__ import annotations

import io

import pytest

from gamestate.dots import (
    CellT,
    GameBoardT,
    GameEndedError,
    InvalidPathError,
    OffBoardError,
    WrongColourError,
)
from playmanager.dots.controller import Controller
from playmanager.dots.paths import PathTextError, format_path, parse_path
from playmanager.dots.view import BASIC, RICH, View, palette_for
from playmanager.terminal import detect

MIS_GRID_TEXT = (
    "    0 1 2 3 4 5\n"
    " 0  R R R B R R\n"
    " 1  O R R R B O\n"
    " 2  B B O G G G\n"
    " 3  G R R G O B\n"
    " 4  B B R O G B\n"
    " 5  B B R O G B\n"
)


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


# ------------------------------------------------------------ View
def test_print_boardt_prints_the_grid_row_by_row_with_labels() -> None:
    """MIS: "print_boardT(): out := Prints the grid to the console row by row"."""
    out = io.StringIO()
    View(out).print_boardT(GameBoardT().get_boardT())
    assert out.getvalue() == MIS_GRID_TEXT


def test_print_boardt_colours_each_letter_with_a_palette() -> None:
    out = io.StringIO()
    View(out, BASIC).print_boardT(GameBoardT().get_boardT())
    first_row = out.getvalue().splitlines()[1]
    red, blue = "\x1b[1;31mR\x1b[0m", "\x1b[1;34mB\x1b[0m"
    assert first_row == " 0  " + f"{red} {red} {red} {blue} {red} {red}"


def test_print_info_prints_objective_score_and_moves() -> None:
    """MIS: "print_info(): out := Prints the state variables objective CellT,
    objective target, score, moves"."""
    out = io.StringIO()
    View(out).print_info(CellT.G, 7, 12, 3)
    assert out.getvalue() == (
        "Objective: clear 7 more G (green)   Score: 12   Moves left: 3\n"
    )


def test_print_info_says_when_the_objective_is_reached() -> None:
    out = io.StringIO()
    View(out).print_info(CellT.R, -2, 14, 1)
    assert out.getvalue().startswith("Objective: R (red) cleared ")


@pytest.mark.parametrize(
    ("environ", "tty", "palette"),
    [
        ({"TERM": "xterm-256color"}, True, RICH),
        ({"TERM": "xterm"}, True, BASIC),
        ({"TERM": "xterm-256color", "NO_COLOR": "1"}, True, None),
        ({"TERM": "xterm-256color", "NO_COLOR": ""}, True, RICH),
        ({"TERM": "dumb"}, True, None),
        ({}, True, None),
        ({"TERM": "xterm-256color"}, False, None),
    ],
)
def test_colours_only_on_a_terminal_that_has_them(
    environ: dict[str, str], tty: bool, palette: object
) -> None:
    stream = Terminal() if tty else io.StringIO()
    assert palette_for(detect(environ, stream)) == palette


# ------------------------------------------------------------ Controller
def controller(game: GameBoardT | None = None) -> tuple[Controller, io.StringIO]:
    out = io.StringIO()
    return Controller(game or GameBoardT(), View(out)), out


def test_execute_move_moves_the_model_and_shows_the_view() -> None:
    """MIS: "execute_move(path): transition: gameboard.move(path)"; the
    controller then updates the view."""
    game = GameBoardT()
    control, out = controller(game)
    control.execute_move([(2, 3), (2, 4), (2, 5)])
    assert game.get_score() == 3
    text = out.getvalue()
    assert text.startswith("    0 1 2 3 4 5\n")
    assert text.endswith("Objective: clear 6 more R (red)   Score: 3   Moves left: 3\n")


def refused(
    path: list[tuple[int, int]] | None,
    error: type[Exception],
    game: GameBoardT | None = None,
) -> Exception:
    """Play ``path`` through a controller, which must raise ``error`` (the
    model's, let through) with nothing printed and the game unchanged."""
    control, out = controller(game)
    before = control.gameboard.copy()
    with pytest.raises(error) as caught:
        control.execute_move(path)
    assert out.getvalue() == ""
    assert control.gameboard == before
    return caught.value


def test_execute_move_refuses_a_null_path_and_prints_nothing() -> None:
    """MIS: "exception: These exceptions propagate from GameBoardT module";
    "exc: ((path = null) v (|path| = 0)) -> NullPointerException"."""
    raised = refused(None, InvalidPathError)
    assert str(raised) == "please enter a valid path"


def test_execute_move_refuses_an_empty_path_and_prints_nothing() -> None:
    """MIS: "exc: ((path = null) v (|path| = 0)) -> NullPointerException"."""
    raised = refused([], InvalidPathError)
    assert str(raised) == "please enter a valid path"


def test_execute_move_refuses_a_first_dot_off_the_board() -> None:
    """MIS: "| not valid_coordinate(path[0][0], path[0][1]) ->
    IndexOutOfBoundsException"."""
    refused([(6, 0), (5, 0)], OffBoardError)


def test_execute_move_refuses_a_path_that_is_not_valid_path() -> None:
    """MIS: "| not (valid_path(path[0][0], path[0][1], path) = null) ->
    IndexOutOfBoundsException"."""
    refused([(0, 2), (0, 3)], WrongColourError)


def test_execute_move_refuses_a_path_that_is_not_one_direction() -> None:
    """MIS: "| not one_direction(path) -> IllegalArgumentException"."""
    refused([(0, 0), (1, 1)], InvalidPathError)


def test_execute_move_refuses_a_move_when_the_game_is_over() -> None:
    """MIS: "| game_over() -> IllegalArgumentException"."""
    over = GameBoardT(moves=1)
    over.move([(2, 4), (2, 5)])  # columns 0 to 3 stay as the MIS has them
    refused([(4, 0), (4, 1)], GameEndedError, over)


def test_the_constructor_keeps_the_gameboard_and_the_view() -> None:
    """MIS: "Controller(gameboard, view): transition: gameboard :=
    gameboard, view := view"."""
    game = GameBoardT(seed=3)
    out = io.StringIO()
    control = Controller(game, View(out))
    assert control.gameboard is game
    assert out.getvalue() == ""  # making it shows nothing
    control.execute_move([(4, 0), (4, 1)])
    assert game.get_score() == 2  # the gameboard it was given moves
    assert out.getvalue().startswith("    0 1 2 3 4 5\n")  # on the view given


def played(game: GameBoardT | None = None) -> GameBoardT:
    """A game with B as the objective after one move of 2 B: 6 moves left,
    7 B to clear, score 2."""
    game = game or GameBoardT(moves=7, objective=(CellT.B, 9))
    game.move([(4, 0), (5, 0)])
    return game


def test_get_game_moves_is_the_gameboards() -> None:
    """MIS: "get_game_moves(): output: out := gameboard.get_moves()"."""
    control, _ = controller(played())
    assert control.get_game_moves() == 6


def test_get_game_obj_is_the_gameboards() -> None:
    """MIS: "get_game_obj(): output: out := gameboard.get_obj()"."""
    control, _ = controller(played())
    assert control.get_game_obj() == (CellT.B, 7)


def test_get_game_score_is_the_gameboards() -> None:
    """MIS: "get_game_score(): output: out := gameboard.get_score()"."""
    control, _ = controller(played())
    assert control.get_game_score() == 2


def test_get_game_boardt_is_the_gameboards() -> None:
    """MIS: "get_game_boardT(): output: out := gameboard.get_boardT()"."""
    game = played()
    control, _ = controller(game)
    assert control.get_game_boardT() == game.get_boardT()


def test_is_win_is_whether_the_objective_is_reached() -> None:
    """MIS: "is_win(): output: out := get_game_obj()[1] <= 0"."""
    won = GameBoardT(objective=(CellT.R, 2))
    won.move([(0, 4), (0, 5)])
    assert controller(won)[0].is_win()
    assert not controller(played())[0].is_win()


def test_game_over_is_whether_no_moves_are_left() -> None:
    """MIS: "game_over(): output: out := get_game_moves() <= 0"."""
    over = GameBoardT(moves=1)
    over.move([(4, 0), (4, 1)])
    assert controller(over)[0].game_over()
    assert not controller(played())[0].game_over()


# ------------------------------------------------------------ typed paths
@pytest.mark.parametrize(
    "text",
    [
        "0,0 0,1 0,2",
        "(0,0) (0,1) (0,2)",
        "[[0,0],[0,1],[0,2]]",
        "00 01 02",
        "0 0 0 1 0 2",
        "00 0,1 (0,2)",
        "  0,0;0,1; 0,2  ",
        "0,0\t0,1\t0,2",
    ],
)
def test_every_documented_form_is_the_same_path(text: str) -> None:
    assert parse_path(text) == [(0, 0), (0, 1), (0, 2)]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("0,0 0,", "row 0 has no column"),
        ("0 01", "row 0 has no column"),
        ("100 101", "'100' is not a row and a column"),
        ("-1,0 0,0", "unexpected '-'"),
        ("0.0 0.1", "unexpected '.'"),
        ("0,0 ٠,١", "unexpected '٠'"),
    ],
)
def test_text_that_is_not_a_path_says_why(text: str, problem: str) -> None:
    with pytest.raises(PathTextError, match=problem):
        parse_path(text)


def test_a_path_is_written_as_it_can_be_typed() -> None:
    path = [(1, 3), (1, 2), (0, 2)]
    assert format_path(path) == "1,3 1,2 0,2"
    assert parse_path(format_path(path)) == path
