"""Where the full-screen game draws things, and in which colours, as data.

No terminal needed: layout.render returns spans, and the colour and key
helpers of the view are pure functions.
"""

from __future__ import annotations

import curses
import dataclasses
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from playmanager.screen.shell import Span, _xterm_rgb, xterm_index
from playmanager.twenty48.play2048 import start_game
from playmanager.twenty48.rules import JAVA
from playmanager.twenty48.tui.controller import (
    Overlay,
    Screen,
    footer_text,
    new_controller,
)
from playmanager.twenty48.tui.layout import (
    ROOMY,
    minimum_size,
    render,
    tile_size,
)
from playmanager.twenty48.tui.view import (
    EIGHT_COLOURS,
    PALETTE,
    palette_key,
    styles,
    tile_colours,
)

BOARD = ((0, 2, 0, 0), (0, 0, 4, 0), (0, 0, 0, 2048), (16, 0, 0, 0))


def screen_of(
    board: tuple[tuple[int, ...], ...] = BOARD,
    *,
    overlay: Overlay | None = None,
    status: str = "Loaded save.2048",
) -> Screen:
    return Screen(
        board=board,
        score=2100,
        best=4000,
        seed=118,
        goal=2048,
        rules_name="java",
        save_target="save.2048",
        status=status,
        overlay=overlay,
        footer=footer_text(),
    )


def as_text(spans: list[Span], width: int, height: int) -> list[str]:
    """Paint the spans on a blank page, as curses would."""
    page = [[" "] * width for _ in range(height)]
    for span in spans:
        for i, char in enumerate(span.text):
            page[span.row][span.col + i] = char
    return ["".join(row).rstrip() for row in page]


def test_header_board_and_footer_on_an_80x24_terminal() -> None:
    spans = render(screen_of(), 80, 24, colour=True)
    page = as_text(spans, 80, 24)
    assert "Score 2100   Best 4000" in page[0]
    assert page[0].lstrip().startswith("2048")
    assert page[1].strip() == "seed 118   java rules, goal 2048"
    assert any("Loaded save.2048" in line for line in page)
    keys = next(line for line in page if "? help" in line)
    assert keys.endswith("? help  q quit") and "move  o save  u undo" in keys
    # whole: from the board's edge where it fits, else as far left as it must
    start = keys.index("arrows")
    assert start == min(page[0].index("2048"), 79 - len(keys.strip()))
    tile_numbers = [
        (span.value, span.text.strip())
        for span in spans
        if span.role == "tile" and span.text.strip()
    ]
    assert tile_numbers == [(2, "2"), (4, "4"), (2048, "2048"), (16, "16")]


def test_tiles_grow_with_the_terminal_and_the_board_is_centred() -> None:
    small = tile_size(screen_of(), 80, 24)
    big = tile_size(screen_of(), 200, 60)
    assert small is not None and big is not None
    assert big.height > small.height and big.width > small.width
    spans = render(screen_of(), 200, 60, colour=True)
    board = [span for span in spans if span.role == "board"]
    left = board[0].col
    right = 200 - (left + len(board[0].text))
    assert abs(left - right) <= 1


@given(st.integers(1, 250), st.integers(1, 90))
def test_tiles_fit_and_are_about_twice_as_wide_as_tall(width: int, height: int) -> None:
    size = tile_size(screen_of(), width, height)
    need_width, need_height = minimum_size(screen_of())
    assert (size is not None) == (width >= need_width and height >= need_height)
    if size is not None:
        density = size.density
        around = density.header + density.footer
        assert 4 * (size.width + density.gap_x) + density.gap_x <= width
        assert 4 * (size.height + density.gap_y) + density.gap_y + around <= height
        assert size.width >= len("2048") + 2
        if width >= 80 and height >= 24:
            assert density == ROOMY


board_values = st.sampled_from([0, 2, 4, 8, 64, 2048, 131072, 1 << 30])


@given(
    st.integers(1, 200),
    st.integers(1, 70),
    st.lists(
        st.lists(board_values, min_size=1, max_size=6), min_size=1, max_size=6
    ).filter(lambda rows: len({len(row) for row in rows}) == 1),
    st.booleans(),
    st.booleans(),
)
def test_nothing_is_drawn_outside_the_terminal(
    width: int, height: int, board: list[list[int]], colour: bool, overlay: bool
) -> None:
    shown = (
        Overlay("Game over!", ("No move is left.", "t  try again")) if overlay else None
    )
    screen = screen_of(
        tuple(tuple(row) for row in board), overlay=shown, status="x" * 300
    )
    for span in render(screen, width, height, colour=colour):
        assert 0 <= span.row < height
        assert span.col >= 0 and span.col + len(span.text) <= width
        # curses raises on writing the bottom-right cell
        assert not (span.row == height - 1 and span.col + len(span.text) == width)


def test_a_terminal_too_small_gets_a_message_with_the_size_it_needs() -> None:
    page = as_text(render(screen_of(), 28, 10, colour=True), 28, 10)
    text = " ".join(" ".join(page).replace("│", " ").split())
    assert "Too small" in page[0] or "Too small" in page[1]
    assert (
        "This terminal is 28 columns wide; the game needs 29. Please enlarge it "
        "(q quits)."
        in text
    )


def test_a_terminal_too_small_still_shows_the_question() -> None:
    overlay = Overlay("Unsaved game", ("Save to save.2048 before quitting?",))
    page = as_text(render(screen_of(overlay=overlay), 28, 12, colour=True), 28, 12)
    text = " ".join(" ".join(page).replace("│", " ").split())
    assert "Unsaved game: Save to save.2048 before quitting?" in text


def test_plain_text_tiles_have_borders_and_empty_cells_a_dot() -> None:
    page = as_text(render(screen_of(), 80, 30, colour=False), 80, 30)
    text = "\n".join(page)
    assert "+--------+" in text
    assert "|  2048  |" in text
    assert "|   .    |" in text
    spans = render(screen_of(), 80, 30, colour=False)
    assert not [span for span in spans if span.role == "board"]


def test_plain_text_on_a_small_board_uses_brackets() -> None:
    page = as_text(render(screen_of(), 34, 15, colour=False), 34, 15)
    assert "[2048]" in "\n".join(page)
    assert "[ 2  ]" in "\n".join(page)


def test_an_overlay_is_a_centred_box_with_its_title() -> None:
    overlay = Overlay("You win!", ("You reached the 2048 tile.", "", "k  keep going"))
    spans = [
        s
        for s in render(screen_of(overlay=overlay), 80, 24, colour=True, blocks=False)
        if s.role == "overlay"
    ]
    assert [s.text for s in spans] == [
        " " * 32,  # a blank margin clears what is under the box
        " +--------- You win! ---------+ ",
        " |                            | ",
        " | You reached the 2048 tile. | ",
        " |                            | ",
        " | k  keep going              | ",
        " |                            | ",
        " +----------------------------+ ",
        " " * 32,
    ]
    assert spans[0].col == (80 - 32) // 2
    assert spans[0].row == (24 - 9) // 2


def test_an_overlay_clears_the_board_beside_it_and_draws_lines_if_it_can() -> None:
    """Issue 23: tile numbers showed at the sides of the box ("| 16")."""
    board = ((16, 16, 16, 16),) * 4
    overlay = Overlay("You win!", ("k  keep going",))
    screen = screen_of(board=board, overlay=overlay)
    for blocks, corner in ((False, "+"), (True, "┌")):
        spans = render(screen, 80, 24, colour=False, blocks=blocks)
        rows = as_text(spans, 80, 24)
        box = [row for row in rows if corner in row or "│" in row or "| k" in row]
        for row in box:
            inside = row.strip()
            assert inside[0] in "+┌│|└" and inside[-1] in "+┐│|┘", row
            start = row.index(inside)
            end = start + len(inside)
            assert row[start - 1] == " " and row[end : end + 1] in ("", " ")


# ---------------------------------------------------------------- colours
def test_palette_keys_follow_the_original_tiles() -> None:
    assert [palette_key(v) for v in (0, 2, 4, 2048, 4096, 1 << 20)] == [
        0,
        2,
        4,
        2048,
        4096,
        4096,
    ]
    assert palette_key(6) == 4  # not a tile a game makes; the band below
    assert set(PALETTE) == set(EIGHT_COLOURS)


@pytest.mark.parametrize(
    ("colour", "index"),
    [
        ("#000000", 16),
        ("#ffffff", 231),
        ("#ff0000", 196),
        ("#00ff00", 46),
        ("#808080", 244),
        ("#eeeeee", 255),
        ("#3c3a32", 237),
    ],
)
def test_xterm_index_is_the_nearest_xterm_colour(colour: str, index: int) -> None:
    assert xterm_index(colour) == index


def test_every_tile_gets_a_distinct_colour_in_256_colours() -> None:
    colours = tile_colours(rich=True)
    backgrounds = [colours[v][1] for v in PALETTE]
    assert len(set(backgrounds)) == len(backgrounds)
    for text, background in colours.values():
        assert text != background


def test_256_colours_keep_the_originals_beige_board_and_pale_tiles() -> None:
    """Issue 23: the board and empty cells were grey, and the 2 and 4 tiles
    differed more than in the original (grey 254 against pink 224)."""
    colours = tile_colours(rich=True)
    board = _xterm_rgb(styles()["board"].bg or 0)
    empty, two, four = (_xterm_rgb(colours[value][1]) for value in (0, 2, 4))
    for red, green, blue in (board, empty, four):
        assert red >= green > blue, "warm (beige), not grey or pink"
    assert sum(board) < sum(empty) < min(sum(two), sum(four)), "lightness order"
    assert abs(sum(two) - sum(four)) <= 60 and max(four) - min(four) <= 40


def test_eight_colours_never_use_magenta() -> None:
    for text, background in tile_colours(rich=False).values():
        assert curses.COLOR_MAGENTA not in (text, background)
        assert text != background


def test_the_marks_rings_differ_from_every_tile_the_board_and_each_other() -> None:
    found = styles()
    for rich in (True, False):
        tiles = {bg for _fg, bg in tile_colours(rich=rich).values()}

        def background(role: str, rich: bool = rich) -> int:
            style = found[role]
            return style.bg if rich else style.bg8

        def ring(role: str, rich: bool = rich) -> int:
            style = found[f"{role}/board"]
            return style.fg if rich else style.fg8

        board = background("board")
        new, merged = ring("new"), ring("merged")
        assert len({board, new, merged}) == 3
        assert not {board, new, merged} & tiles
        assert background("new/board") == background("merged/board") == board


def test_with_eight_colours_empty_cells_2s_and_the_board_differ() -> None:
    found = styles()
    backgrounds = {found[role].bg8 for role in ("tile:0", "tile:2", "board")}
    assert len(backgrounds) == 3
    assert found["board"].bg8 != curses.COLOR_BLACK  # seen on a dark terminal


def test_the_readme_screen_is_what_the_game_draws(tmp_path: Path) -> None:
    guide = (Path(__file__).parent.parent / "docs/play/2048.md").read_text()
    section = guide.split("## 2048: the full screen (--tui)", 1)[1]
    command, *shown = (
        section.split("```console\n", 1)[1].split("```", 1)[0].splitlines()
    )
    assert command.startswith("$ NO_COLOR=1 python -m playmanager --tui --seed 118")
    game = start_game(4, 4, None, None)
    controller = new_controller(
        game,
        rules=JAVA._replace(goal=2048),
        seed=118,
        new_game=lambda seed: start_game(4, 4, seed, None),
        save_target="save.2048",
        statistics_path=tmp_path / "statistics.json",
        loaded=False,
    )
    for key in "dsawaas":
        controller.press(key)
    drawn = as_text(render(controller.screen(), 80, 24, colour=False), 80, 24)
    assert shown == drawn[: len(shown)]
    assert all(line == "" for line in drawn[len(shown) :])


def test_a_ten_by_ten_board_at_80x24_keeps_its_seed_whole() -> None:
    board = ((1024, 2, 0, 4, 8, 16, 32, 64, 128, 256),) * 10
    screen = dataclasses.replace(screen_of(board=board), seed=-(1 << 63))
    page = as_text(render(screen, 80, 24, colour=True), 80, 24)
    assert "seed -9223372036854775808" in page[0] and "Score 2100" in page[0]
    assert sum("1024" in line for line in page) == 10


def test_a_long_status_line_is_whole_and_keeps_its_file_name() -> None:
    """Issue 23: "No best score yet (kept in /tmp/.../gamestat" was cut;
    issue 29: a status line cut to the board's width lost its point. A line
    that fits the terminal is whole (moved left as far as it must); one
    longer loses the middle of its folders, never the file name."""
    status = "Not saved to /tmp/pytest-of-someone/pytest-101/popen-gw1/data/x.2048: disk full"
    spans = render(screen_of(status=status), 80, 24, colour=True)
    line = next(span for span in spans if span.role == "status")
    board = next(span for span in spans if span.role == "board")
    assert line.text == status and line.col + len(line.text) <= 80
    assert line.col < board.col
    short = render(screen_of(status="Saved to x.2048"), 80, 24, colour=True)
    assert next(s for s in short if s.role == "status").col == board.col
    longer = status.replace("/data/", "/a/much/deeper/data/folder/")
    spans = render(screen_of(status=longer), 80, 24, colour=True)
    line = next(span for span in spans if span.role == "status")
    assert line.col == 0 and len(line.text) == 80
    assert line.text.startswith("Not saved to /tmp/") and line.text.endswith(
        ".../x.2048: disk full"
    )
