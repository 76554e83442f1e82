"""Dots full screen laid out as spans, without curses."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from gamestate.dots import SIZE, CellT, GameBoardT
from playmanager.dots.adapter import Dots
from playmanager.dots.tui.app import styles
from playmanager.dots.tui.controller import Controller, Screen
from playmanager.dots.tui.layout import grid_for, minimum_size, render, role_value
from playmanager.screen.shell import Span
from playmanager.screen.widgets import Grid
from playmanager.session import Session


def screen_of(tmp_path: Path, game: GameBoardT | None = None, *keys: str) -> Screen:
    game = game or GameBoardT(seed=5)
    session = Session(
        Dots(game.level), game, game.level.seed, str(tmp_path / "s.dots"), loaded=False
    )
    controller = Controller(session, rescue_folder=str(tmp_path))
    for key in keys:
        controller.press(key)
    return controller.screen()


def painted(spans: list[Span], width: int, height: int) -> list[list[Span | None]]:
    """Which span shows at each cell (the last one drawn there)."""
    cells: list[list[Span | None]] = [[None] * width for _ in range(height)]
    for span in spans:
        for i in range(len(span.text)):
            cells[span.row][span.col + i] = span
    return cells


def text_at(spans: list[Span], width: int, height: int) -> list[str]:
    rows = [[" "] * width for _ in range(height)]
    for span in spans:
        for i, char in enumerate(span.text):
            rows[span.row][span.col + i] = char
    return ["".join(row) for row in rows]


@pytest.mark.parametrize(
    ("size", "dot"),
    [((100, 32), (7, 3)), ((80, 24), (5, 2)), ((60, 17), (3, 1))],
)
def test_the_biggest_dots_that_fit_are_chosen(
    size: tuple[int, int], dot: tuple[int, int]
) -> None:
    grid = grid_for(*size)
    assert grid is not None
    assert (grid.cell_width, grid.cell_height) == dot
    assert grid.left + grid.width <= size[0] and grid.bottom + 2 <= size[1]
    assert grid.left == (size[0] - grid.width) // 2  # centred


def test_a_terminal_too_small_says_so(tmp_path: Path) -> None:
    width, height = minimum_size()
    assert grid_for(width, height) is not None
    assert grid_for(width - 1, height) is None and grid_for(width, height - 1) is None
    spans = render(screen_of(tmp_path), width - 1, height, colour=True)
    assert any("Too small" in span.text for span in spans if span.role == "overlay")


@pytest.mark.parametrize("size", [(100, 32), (80, 24), (60, 17)])
def test_every_dot_is_drawn_in_its_colour_under_its_cell(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    screen = screen_of(tmp_path)
    spans = render(screen, *size, colour=True, round_dots=True)
    cells = painted(spans, *size)
    grid = grid_for(*size)
    assert grid is not None
    for r in range(SIZE):
        for c in range(SIZE):
            middle = grid.cell_top(r) + (grid.cell_height - 1) // 2
            centre = grid.cell_left(c) + grid.cell_width // 2
            span = cells[middle][centre]
            assert span is not None and span.role == "dot"
            assert span.value == role_value(screen.grid[r][c])
            assert grid.cell_at(middle, centre) == (r, c)  # where the mouse finds it


def test_the_dot_letter_sits_in_the_middle(tmp_path: Path) -> None:
    rows = text_at(render(screen_of(tmp_path), 100, 32, colour=True), 100, 32)
    grid = grid_for(100, 32)
    assert grid is not None
    letters = rows[grid.cell_top(0) + 1][grid.left : grid.left + grid.width].split()
    assert letters == ["R", "R", "R", "B", "R", "R"]


def bar_cells(spans: list[Span], grid: Grid) -> set[tuple[int, int]]:
    """Screen cells of dot colour that lie in the gaps (the path's bars)."""
    found = set()
    for row_index, row in enumerate(painted(spans, 100, 32)):
        for col, span in enumerate(row):
            in_a_gap = grid.top <= row_index < grid.bottom
            in_a_gap = in_a_gap and grid.cell_at(row_index, col) is None
            if span is not None and span.role == "dot" and in_a_gap:
                found.add((row_index, col))
    return found


def test_the_path_is_drawn_as_bars_between_its_dots(tmp_path: Path) -> None:
    keys = ["KEY_UP", "KEY_UP", " ", "KEY_LEFT", "KEY_UP"]  # (1,3) (1,2) (0,2)
    screen = screen_of(tmp_path, None, *keys)
    assert screen.path == ((1, 3), (1, 2), (0, 2))
    grid = grid_for(100, 32)
    assert grid is not None
    bars = bar_cells(render(screen, 100, 32, colour=True), grid)
    across = {(grid.cell_top(1) + 1, grid.cell_left(3) - 1 - i) for i in range(2)}
    down = {(grid.cell_top(1) - 1, grid.cell_left(2) + 2 + i) for i in range(3)}
    assert bars == across | down


def test_a_square_closes_its_bars(tmp_path: Path) -> None:
    game = GameBoardT(seed=5, squares=True)
    keys = [
        "KEY_UP",
        "KEY_UP",
        "KEY_UP",
        "KEY_LEFT",
        "KEY_LEFT",
        " ",
        "KEY_RIGHT",
        "KEY_DOWN",
        "KEY_LEFT",
    ]  # (0,1) (0,2) (1,2) (1,1)
    screen = screen_of(tmp_path, game, *keys)
    assert screen.square
    grid = grid_for(100, 32)
    assert grid is not None
    assert len(bar_cells(render(screen, 100, 32, colour=True), grid)) == 2 + 3 + 2 + 3


def test_without_colours_letters_brackets_and_dashes(tmp_path: Path) -> None:
    keys = ["KEY_UP", "KEY_UP", " ", "KEY_LEFT"]  # (1,3) (1,2), cursor on (1,2)
    rows = text_at(
        render(screen_of(tmp_path, None, *keys), 100, 32, colour=False), 100, 32
    )
    grid = grid_for(100, 32)
    assert grid is not None
    assert rows[grid.cell_top(1) + 1].split() == ["O", "R", "[R]-------R", "B", "O"]
    assert rows[grid.cell_top(0) + 1].split() == ["R", "R", "R", "B", "R", "R"]


def test_the_header_shows_figures_objective_and_level(tmp_path: Path) -> None:
    game = GameBoardT(seed=12, squares=True, moves=7, objective=(CellT.G, 9))
    rows = text_at(render(screen_of(tmp_path, game), 100, 32, colour=True), 100, 32)
    assert rows[0].split() == ["Dots", "Score", "0", "Moves", "left", "7"]
    assert "G  Objective: clear 9 more G (green)" in rows[1]
    assert rows[1].rstrip().endswith("seed 12   squares on")


def test_an_overlay_is_drawn_over_the_board(tmp_path: Path) -> None:
    rows = text_at(
        render(screen_of(tmp_path, None, "?"), 100, 32, colour=True), 100, 32
    )
    assert any(" How to play " in row for row in rows)
    assert any("Press any key to close this help." in row for row in rows)


@pytest.mark.parametrize("size", [(80, 24), (100, 32), (80, 40), (132, 50)])
def test_the_help_leaves_the_objective_score_and_moves_in_view(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """The issue: "the objective, score and moves always visible"; the help,
    the tallest box, opens below them, scrolled there when taller (issue 29:
    its four borders always drawn)."""
    game = GameBoardT(seed=5, moves=7, objective=(CellT.G, 9))
    screen = screen_of(tmp_path, game, "?")
    spans = render(screen, *size, colour=True)
    rows = text_at(spans, *size)
    overlay = [span for span in spans if span.role == "overlay"]
    assert min(span.row for span in overlay) >= 2  # below the two header lines
    assert rows[0].split() == ["Dots", "Score", "0", "Moves", "left", "7"]
    assert "G  Objective: clear 9 more G (green)" in rows[1]
    bottom = max(span.row for span in overlay if span.text.strip())
    assert bottom < size[1] and rows[bottom].strip().startswith("+-")
    for _ in range(30):
        rows = text_at(render(screen, *size, colour=True), *size)
        if any("Press any key to close this help." in row for row in rows):
            break
        assert screen.overlay is not None
        screen = dataclasses.replace(
            screen, overlay=screen.overlay._replace(scroll=screen.overlay.scroll + 1)
        )
    assert any("Press any key to close this help." in row for row in rows)


def test_a_terminal_too_short_for_a_box_under_the_header_gets_it_over_all(
    tmp_path: Path,
) -> None:
    spans = render(screen_of(tmp_path, None, "?"), 80, 9, colour=True)
    assert any("Too small" in s.text for s in spans)
    spans = render(screen_of(tmp_path, None, "?"), 80, 20, colour=True)
    assert min(span.row for span in spans if span.role == "overlay") == 2


def test_every_role_drawn_has_a_style(tmp_path: Path) -> None:
    known = styles()
    spans = render(
        screen_of(tmp_path, None, "H"), 100, 32, colour=True, round_dots=True
    )
    for span in spans:
        key = f"{span.role}:{span.value}" if span.value else span.role
        assert key in known or span.role == "text", key


def test_new_dots_get_a_ring_while_marked(tmp_path: Path) -> None:
    screen = dataclasses.replace(screen_of(tmp_path), fresh=frozenset({(0, 0)}))
    grid = grid_for(100, 32)
    assert grid is not None
    rings = [s for s in render(screen, 100, 32, colour=True) if s.role == "fresh/board"]
    assert {(s.row, s.col) for s in rings} >= {
        (grid.cell_top(0) - 1, grid.cell_left(0) - 1),
        (grid.cell_top(0) + grid.cell_height, grid.cell_left(0) - 1),
    }
    assert not [s for s in render(screen, 100, 32, colour=False) if "fresh" in s.role]


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
def test_the_objective_line_stays_whole_and_centred_on_the_board(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Issue 23: the objective line ran past the board's right edge (and a
    19-digit seed past the screen's)."""
    game = GameBoardT(seed=-9223372036854775808, objective=(CellT.G, 20), squares=True)
    spans = render(screen_of(tmp_path, game), *size, colour=True)
    line = [span for span in spans if span.row == 1]
    start = min(span.col for span in line)
    end = max(span.col + len(span.text) for span in line)
    assert end <= size[0]
    text = text_at(spans, *size)[1]
    assert "clear 20 more G (green)" in text
    assert text.rstrip().endswith("seed -9223372036854775808   squares on")
    board = [span for span in spans if span.role == "board"]
    middle = board[0].col + len(board[0].text) / 2
    assert abs((start + end) / 2 - middle) <= 1
