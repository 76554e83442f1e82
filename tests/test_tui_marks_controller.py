"""The 2048 controller's marks and timing, on a clock the tests turn (issue 16).

After a move the screen names the new tile and the merged tiles and the
points earned, until MARK_SECONDS have passed; the controller asks to be
woken then (wake_at) and tick() clears them. Autoplay moves through the
same tick, every AUTOPLAY_PAUSE_SECONDS. Also the shared widgets' board
geometry (Grid) that every full screen uses.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamestate import Direction, GameState
from gamestate.solver import best_move
from playmanager import terminal
from playmanager.screen.marks import MARK_SECONDS, Marks, earliest, score_text
from playmanager.screen.widgets import Grid, board_background, ring, rings
from playmanager.twenty48.play2048 import start_game
from playmanager.twenty48.rules import JAVA
from playmanager.twenty48.tui.controller import (
    AUTOPLAY_PAUSE_SECONDS,
    Controller,
    Screen,
    new_controller,
)
from playmanager.twenty48.tui.layout import render, tile_size


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def make(tmp_path: Path, board: list[list[int]], clock: Clock) -> Controller:
    game = GameState(4, 4, seed=7)
    game.setBoard(board)
    return new_controller(
        game,
        rules=JAVA._replace(goal=2048),
        seed=7,
        new_game=lambda seed: start_game(4, 4, seed, None),
        save_target=str(tmp_path / "save.2048"),
        statistics_path=tmp_path / "statistics.json",
        solver=lambda g: best_move(g, depth=1),
        clock=clock,
    )


BOARD = [[2, 2, 4, 4], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 8]]


def test_a_move_marks_its_merges_its_new_tile_and_its_points(tmp_path: Path) -> None:
    clock = Clock()
    controller = make(tmp_path, BOARD, clock)
    screen = controller.screen()
    assert (screen.new_tile, screen.merged, screen.gained) == (None, frozenset(), 0)
    assert controller.wake_at() is None
    expected = GameState(4, 4, seed=7)
    expected.setBoard(BOARD)
    expected.move(Direction.LEFT)
    controller.press("a")
    screen = controller.screen()
    assert screen.merged == {(0, 0), (0, 1)}  # 2 2 4 4 -> 4 8 . .
    assert screen.gained == 12
    assert screen.new_tile is not None
    row, col = screen.new_tile
    assert expected.getBoard()[row][col] in (2, 4)
    assert [[0, 0, 0, 0], *BOARD[1:3], [8, 0, 0, 0]][row][col] == 0
    assert controller.wake_at() == clock.now + MARK_SECONDS


def test_the_marks_last_their_moment_then_tick_clears_them(tmp_path: Path) -> None:
    clock = Clock()
    controller = make(tmp_path, BOARD, clock)
    controller.press("a")
    clock.now += MARK_SECONDS / 2
    controller.tick()
    assert controller.screen().gained == 12
    clock.now += MARK_SECONDS / 2
    assert controller.screen().gained == 0  # over, even before the tick
    controller.tick()
    assert controller.wake_at() is None
    assert controller.screen().merged == frozenset()


def test_a_move_during_the_marks_replaces_them(tmp_path: Path) -> None:
    clock = Clock()
    controller = make(tmp_path, BOARD, clock)
    controller.press("a")
    clock.now += 0.1
    controller.press("s")
    screen = controller.screen()
    assert controller.wake_at() == clock.now + MARK_SECONDS
    assert screen.gained == controller.game.getScore() - 12


def test_a_move_that_changes_nothing_marks_nothing(tmp_path: Path) -> None:
    clock = Clock()
    controller = make(tmp_path, [[2, 4, 0, 0], [0] * 4, [0] * 4, [8, 0, 0, 0]], clock)
    controller.press("a")
    screen = controller.screen()
    assert (screen.new_tile, screen.merged, screen.gained) == (None, frozenset(), 0)
    assert controller.wake_at() is None


def test_undo_and_a_new_game_drop_the_marks(tmp_path: Path) -> None:
    clock = Clock()
    controller = make(tmp_path, BOARD, clock)
    controller.press("a")
    controller.press("u")
    assert controller.screen().gained == 0 and controller.wake_at() is None
    controller.press("a")
    controller.press("n")
    assert controller.screen().new_tile is None


def test_autoplay_moves_when_its_pause_is_over_and_marks_each_move(
    tmp_path: Path,
) -> None:
    clock = Clock()
    controller = make(tmp_path, BOARD, clock)
    controller.press("A")
    assert controller.autoplaying
    assert controller.wake_at() == clock.now + AUTOPLAY_PAUSE_SECONDS
    score = controller.game.getScore()
    controller.tick()  # too early: nothing moves
    assert controller.game.getScore() == score and controller.screen().new_tile is None
    clock.now += AUTOPLAY_PAUSE_SECONDS
    controller.tick()
    assert controller.screen().new_tile is not None
    assert controller.wake_at() == clock.now + AUTOPLAY_PAUSE_SECONDS
    controller.press("x")
    assert not controller.autoplaying
    assert controller.wake_at() == clock.now + MARK_SECONDS


# ---------------------------------------------------------------- widgets
@given(
    st.integers(1, 5),
    st.integers(1, 5),
    st.integers(1, 6),
    st.integers(1, 3),
    st.integers(1, 3),
    st.integers(0, 1),
)
def test_grid_cell_at_finds_every_cell_and_no_gap(
    rows: int, cols: int, width: int, height: int, gap_x: int, gap_y: int
) -> None:
    grid = Grid(rows, cols, width, height, gap_x, gap_y, top=3, left=5)
    found = {}
    for screen_row in range(grid.top - 2, grid.bottom + 2):
        for screen_col in range(grid.left - 2, grid.left + grid.width + 2):
            cell = grid.cell_at(screen_row, screen_col)
            if cell is not None:
                found.setdefault(cell, set()).add((screen_row, screen_col))
    assert set(found) == {(r, c) for r in range(rows) for c in range(cols)}
    for (r, c), places in found.items():
        top, left = grid.cell_top(r), grid.cell_left(c)
        assert places == {
            (top + i, left + j) for i in range(height) for j in range(width)
        }


def test_the_board_background_covers_the_whole_grid() -> None:
    grid = Grid(2, 3, 4, 2, 2, 1, top=1, left=1)
    background = board_background(grid)
    assert [(s.row, s.col, len(s.text)) for s in background] == [
        (row, 1, grid.width) for row in range(1, 1 + grid.height)
    ]


def test_a_ring_takes_only_its_cells_half_of_the_gap_around_it() -> None:
    grid = Grid(2, 3, 4, 2, 2, 1, top=1, left=1)
    top, left = grid.cell_top(1), grid.cell_left(2)
    spans = rings(grid, [((1, 2), "new")], blocks=True)
    drawn = {(s.row, s.col): s.text for s in spans}
    assert {s.role for s in spans} == {"new/board"}  # the ring on the board
    assert all(len(s.text) == 1 for s in spans)
    # the lower half of the gap row above, the upper half of the one below
    assert "".join(drawn[top - 1, c] for c in range(left - 1, left + 5)) == "▗▄▄▄▄▖"
    assert "".join(drawn[top + 2, c] for c in range(left - 1, left + 5)) == "▝▀▀▀▀▘"
    # the half of each side column next to the cell; the other gap column
    # (the neighbour's, or the frame's) is left alone
    for r in (top, top + 1):
        assert (drawn[r, left - 1], drawn[r, left + 4]) == ("▐", "▌")
        assert (r, left - 2) not in drawn and (r, left + 5) not in drawn
    assert all(grid.cell_at(r, c) is None for r, c in drawn)  # only the gap
    assert set(ring(grid, 1, 2)) == set(drawn)


def test_where_rows_touch_a_mark_is_a_bar_at_each_side() -> None:
    grid = Grid(3, 3, 4, 1, 1, 0, top=1, left=1)
    top, left = grid.cell_top(1), grid.cell_left(1)
    spans = rings(grid, [((1, 1), "merged")], blocks=True)
    drawn = {(s.row, s.col): s.text for s in spans}
    assert drawn == {(top, left - 1): "▐", (top, left + 4): "▌"}  # no tile covered
    plain = rings(grid, [((1, 1), "merged")], blocks=False)
    assert [s.text for s in plain] == ["|", "|"]


def test_the_tightest_2048_drawing_marks_merged_and_new_tiles() -> None:
    board = [[0] * 14 for _ in range(14)]
    board[0][0], board[5][7] = 8, 2
    screen = Screen(
        board=tuple(map(tuple, board)), score=8, best=None, seed=3, goal=2048,
        rules_name="java", save_target="save.2048", status="", overlay=None,
        footer="", new_tile=(5, 7), merged=frozenset({(0, 0)}),
    )
    size = tile_size(screen, 80, 24)
    assert size is not None and size.density.gap_y == 0  # rows touch
    roles = {span.role.split("/")[0] for span in render(screen, 80, 24, colour=True)}
    assert {"merged", "new"} <= roles


def test_two_rings_across_one_gap_row_share_it_half_and_half() -> None:
    grid = Grid(2, 1, 4, 1, 2, 1)
    spans = rings(grid, [((0, 0), "merged"), ((1, 0), "new")], blocks=True)
    gap_row = grid.cell_top(1) - 1
    left = grid.cell_left(0)
    shared = {s.col: (s.text, s.role) for s in spans if s.row == gap_row}
    # over the cells: the upper one's ring in the top half (the glyph's
    # colour), the lower one's in the bottom half (its background)
    assert [shared[c] for c in range(left, left + 4)] == [("▀", "merged/new")] * 4
    # the corners: each ring's quarter, the lower ring's colour behind
    assert shared[left - 1] == ("▝", "merged/new")
    assert shared[left + 4] == ("▘", "merged/new")


def test_without_block_characters_a_ring_is_drawn_with_characters() -> None:
    grid = Grid(1, 1, 4, 1, 2, 1)
    spans = rings(grid, [((0, 0), "new")], blocks=False)
    rows: dict[int, str] = {}
    for s in sorted(spans, key=lambda s: (s.row, s.col)):
        rows[s.row] = rows.get(s.row, "") + s.text
    assert list(rows.values()) == [".----.", "||", "'----'"]
    assert {s.role for s in spans} == {"new/board"}


def stream(encoding: str) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding=encoding)


def test_block_characters_only_on_a_terminal_that_takes_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(terminal, "locale_encoding", lambda: "UTF-8")
    assert terminal.can_show(terminal.SHOWN_CHARACTERS, stream("utf-8"))
    assert not terminal.can_show(terminal.SHOWN_CHARACTERS, stream("ascii"))
    assert not terminal.can_show(terminal.SHOWN_CHARACTERS, stream("latin-1"))
    monkeypatch.setattr(terminal, "locale_encoding", lambda: "ANSI_X3.4-1968")
    assert terminal.can_show("7S", stream("ascii"))  # ASCII shows anywhere


@pytest.mark.parametrize(
    ("stream_encoding", "locale_encoding", "shows"),
    [
        ("utf-8", "UTF-8", True),
        ("utf-8", "utf8", True),
        # LC_ALL=C: Python's UTF-8 mode writes UTF-8; curses draws ASCII
        ("utf-8", "ANSI_X3.4-1968", False),
        ("utf-8", "ISO-8859-1", False),
        ("ascii", "UTF-8", False),
        ("utf-8", "no-such-codec", False),
    ],
)
def test_non_ascii_only_where_the_stream_and_the_locale_take_it(
    stream_encoding: str,
    locale_encoding: str,
    shows: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(terminal, "locale_encoding", lambda: locale_encoding)
    assert terminal.can_show("\u2660\u2584", stream(stream_encoding)) is shows
    assert terminal.can_show(terminal.SHOWN_CHARACTERS, stream(stream_encoding)) is shows


@pytest.mark.parametrize(("lc_all", "shows"), [("C", False), ("C.UTF-8", True)])
def test_the_locale_encoding_is_the_one_curses_draws_in(
    lc_all: str, shows: bool
) -> None:
    """In a fresh Python, as the games start: LC_ALL=C turns Python's UTF-8
    mode on (stdout writes UTF-8), yet the terminal gets no block characters."""
    code = (
        "import sys; from playmanager.terminal import SHOWN_CHARACTERS, can_show;"
        "print(sys.stdout.encoding, can_show(SHOWN_CHARACTERS, sys.stdout))"
    )
    env = {**os.environ, "LC_ALL": lc_all, "LANG": lc_all}
    env.pop("PYTHONIOENCODING", None)
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split() == ["utf-8", str(shows)]


def test_the_shared_marks_and_score_text() -> None:
    clock = Clock()
    marks = Marks(frozenset[int](), clock)
    assert marks.shown == frozenset() and marks.wake_at() is None
    marks.show(frozenset({1}))
    assert marks.shown == {1} and marks.wake_at() == clock.now + MARK_SECONDS
    clock.now += MARK_SECONDS
    assert marks.shown == frozenset()
    marks.tick()
    assert marks.wake_at() is None
    assert earliest(None, 3.0, 2.0) == 2.0 and earliest(None) is None
    assert score_text(1344, 8) == "Score 1344 +8"
    assert score_text(1344, 0) == "Score 1344"
