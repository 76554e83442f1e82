"""Where everything of the Dots screen goes, on a terminal of a given size.

:func:`render` turns a :class:`~.controller.Screen` into spans (text at a
row and column with a role) with the shared pieces of
:mod:`playmanager.screen.widgets`; the shell maps roles to colours. No
curses here, so a whole screen is testable as plain data.

The board is a dark rectangle with the same gap around every dot. With
colours a dot is a round blob of its colour with its letter in the middle,
the path is drawn as bars of its colour joining its dots through the gaps
(the last to the first too when it closes a square), the cursor is a
white ring, and for a moment after a move grey rings mark the new dots
(rings in each dot's own half of the gaps, see
:func:`playmanager.screen.widgets.rings`). Without colours (NO_COLOR) a dot
is its letter, the bars are
``--`` and ``|`` and the cursor is ``[R]``. Dots grow with the terminal,
about twice as wide as tall (terminal cells are tall); a terminal too
small for the smallest board gets a clear message instead. A box over
the board (help, the end of a game, the quit question) opens below the
header, which keeps the objective, score and moves in view.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Final

from gamestate.dots import SIZE, CellT
from gamestate.dots.cell import COLOURS

from ...screen.marks import score_text
from ...screen.modal import Overlay
from ...screen.shell import Span, clip
from ...screen.text_layout import elide
from ...screen.widgets import (
    Grid,
    above_banner,
    board_background,
    box_fits,
    box_spans,
    checkered,
    footer_lines,
    rings,
    title_line,
    too_small,
)
from ..view import objective_text
from .controller import Cell, Screen

HEADER_LINES: Final = 2
"""The title and figures; the objective and the level."""
FOOTER_LINES: Final = 2
"""The status line and the key line."""
MIN_BOX_ROWS: Final = 8
"""The fewest rows under the header a box opens in (else over it)."""
GAP_X: Final = 2
GAP_Y: Final = 1
ROUND_SHAPES: Final = (
    (" ▄███▄ ", "███████", " ▀███▀ "),
    ("▄███▄", "▀███▀"),
    ("▐█▌",),
)
"""A dot's shape, biggest first: "█" is its colour, the half blocks its
rim (half its colour, half the board's), so that it looks round."""
BLOCK_SHAPES: Final = (
    (" █████ ", "███████", " █████ "),
    ("█████", "█████"),
    ("███",),
)
"""The same sizes without half blocks, for terminals that are not UTF-8."""
SHAPES: Final = ROUND_SHAPES
FILL: Final = "█"


def role_value(colour: CellT) -> int:
    """The span value of a colour (1 to 4: 0 would mean no value)."""
    return COLOURS.index(colour) + 1


def _grid(shape: tuple[str, ...]) -> Grid:
    """The board of dots of ``shape``, under the header."""
    width = max(len(row) for row in shape)
    return Grid(SIZE, SIZE, width, len(shape), GAP_X, GAP_Y, HEADER_LINES)


def grid_for(width: int, height: int) -> Grid | None:
    """The biggest board that fits, centred left to right and in the rows
    between the header and the footer (which is at the screen's foot, as
    every game's: no empty rows under the key line); None if none fits."""
    for shape in SHAPES:
        grid = _grid(shape)
        spare = height - (grid.bottom + FOOTER_LINES)
        if grid.width <= width and spare >= 0:
            return grid._replace(left=(width - grid.width) // 2, top=grid.top + spare // 2)
    return None


def minimum_size() -> tuple[int, int]:
    """The smallest (width, height) that shows the board and the key line."""
    grid = _grid(SHAPES[-1])
    return grid.width, grid.bottom + FOOTER_LINES


def render(
    screen: Screen, width: int, height: int, *, colour: bool, round_dots: bool = False
) -> list[Span]:
    """Lay out ``screen`` on a ``width`` x ``height`` terminal; ``round_dots``
    (a UTF-8 terminal) draws the dots' rims with half blocks."""
    box = screen.overlay
    if box is not None and box.low:  # the end: the board stays in view
        plain = dataclasses.replace(screen, overlay=None, footer="")

        def game(rows: int) -> list[Span] | None:
            if grid_for(width, rows) is None:
                return None
            return render(plain, width, rows, colour=colour, round_dots=round_dots)

        found = above_banner(
            box,
            width,
            height,
            game,
            footer=FOOTER_LINES,
            drawn=round_dots,
        )
        if found is not None:
            return clip(found, width, height)
    grid = grid_for(width, height)
    if grid is None:
        spans = too_small(width, height, minimum_size(), box, drawn=round_dots)
        return clip(spans, width, height)
    spans = _header(screen, grid, width)
    spans += _board(screen, grid, colour=colour, round_dots=round_dots)
    footer = height - FOOTER_LINES
    spans += footer_lines(footer, grid.left, width, screen.status, screen.footer)
    if box is not None:
        spans += _overlay(box, width, height, footer=footer, drawn=round_dots)
    return clip(spans, width, height)


def _overlay(
    overlay: Overlay, width: int, height: int, *, footer: int, drawn: bool
) -> list[Span]:
    """A box (help, statistics, the quit question) centred below the
    header, so that the objective, score and moves stay in view, and
    above the status line (row ``footer``) when it fits there (its margin
    would cut that line in pieces), else scrolled under the header when
    taller (the help). The smallest terminals, without room for a box
    under the header, get it over the whole screen."""
    above_footer, below = footer - HEADER_LINES, height - HEADER_LINES
    if box_fits(overlay.title, overlay.lines, width, above_footer):
        top, room = HEADER_LINES, above_footer
    elif below >= MIN_BOX_ROWS:
        top, room = HEADER_LINES, below
    else:
        top, room = 0, height
    box = box_spans(overlay, width, room, drawn=drawn)
    return [span._replace(row=span.row + top) for span in box]


def _header(screen: Screen, grid: Grid, width: int) -> list[Span]:
    """The title and figures, then the objective and the level, over the
    board; lines longer than the board widen their region about the
    board's middle (never past the screen), so they stay centred on it."""
    colour, count = screen.objective
    figures = f"{score_text(screen.score, screen.gained)}   Moves left {screen.moves}"
    level = f"seed {screen.seed}" + ("   squares on" if screen.squares else "")
    objective = f" Objective: {objective_text(colour, count)}"
    chip = f" {colour.value} "
    needed = max(len("Dots" + figures) + 2, len(chip + objective + level) + 2)
    left, room = _around(grid, needed, width)
    objective = elide(objective, max(room - len(chip + level) - 2, 1))
    return [
        *title_line(0, left, room, "Dots", figures),
        Span(1, left, chip, "dot", role_value(colour)),
        Span(1, left + len(chip), objective, "text"),
        Span(
            1,
            left + max(room - len(level), len(chip + objective) + 2),
            level,
            "text",
        ),
    ]


def _around(grid: Grid, needed: int, width: int) -> tuple[int, int]:
    """(left, width) of a region ``needed`` wide (at least the board's, at
    most the screen's) with the board's middle as its middle."""
    room = min(max(needed, grid.width), width)
    left = grid.left - (room - grid.width) // 2
    return min(max(left, 0), width - room), room


def _board(screen: Screen, grid: Grid, *, colour: bool, round_dots: bool) -> list[Span]:
    """The board: background, rings (new dots, the cursor), the path's
    bars, then the dots."""
    spans = board_background(grid) if colour else []
    if colour:
        marks = [(cell, checkered("fresh", cell)) for cell in sorted(screen.fresh)]
        marks.append((screen.cursor, "cursor"))
        spans += rings(grid, marks, blocks=round_dots)
    spans += _path_bars(screen, grid, colour=colour)
    for r, row in enumerate(screen.grid):
        for c, cell in enumerate(row):
            spans += _dot(grid, (r, c), cell, colour=colour, round_dots=round_dots)
    if not colour:
        spans += _plain_cursor(screen, grid)
    return spans


def _dot(
    grid: Grid, cell: Cell, colour_of: CellT, *, colour: bool, round_dots: bool
) -> list[Span]:
    """One dot: a blob of its colour with its letter, or the letter alone."""
    level = next(i for i, s in enumerate(SHAPES) if len(s) == grid.cell_height)
    shape = (ROUND_SHAPES if round_dots else BLOCK_SHAPES)[level]
    top, left = grid.cell_top(cell[0]), grid.cell_left(cell[1])
    middle = (len(shape) - 1) // 2
    value = role_value(colour_of)
    if not colour:
        return [
            Span(
                top + middle, left + grid.cell_width // 2, colour_of.value, "dot", value
            )
        ]
    spans = []
    for i, row in enumerate(shape):
        if i == middle:
            centre = grid.cell_width // 2
            row = row[:centre] + colour_of.value + row[centre + 1 :]
        for start, text in _runs(row):
            if text[0] == FILL or text[0] == colour_of.value:
                spans.append(
                    Span(top + i, left + start, text.replace(FILL, " "), "dot", value)
                )
            elif text[0] != " ":
                spans.append(Span(top + i, left + start, text, "rim", value))
    return spans


def _runs(row: str) -> list[tuple[int, str]]:
    """``row`` cut where it changes between board, fill and rim:
    (start, text) pairs; the letter counts as fill."""

    def kind(char: str) -> str:
        return (
            " " if char == " " else ("fill" if char.isalpha() or char == FILL else char)
        )

    runs: list[tuple[int, str]] = []
    for index, char in enumerate(row):
        if runs and kind(runs[-1][1][-1]) == kind(char):
            runs[-1] = (runs[-1][0], runs[-1][1] + char)
        else:
            runs.append((index, char))
    return runs


def _path_bars(screen: Screen, grid: Grid, *, colour: bool) -> list[Span]:
    """Bars joining each dot of the path to the next, through the gap."""
    path = list(screen.path)
    if not path:
        return []
    pairs = list(itertools.pairwise(path))
    if screen.square:
        pairs.append((path[-1], path[0]))
    first = path[0]
    value = role_value(screen.grid[first[0]][first[1]])
    spans = []
    for a, b in pairs:
        spans += _bar(grid, a, b, value, colour=colour)
    return spans


def _bar(grid: Grid, a: Cell, b: Cell, value: int, *, colour: bool) -> list[Span]:
    """The bar between neighbouring cells ``a`` and ``b``: with colours a
    block across the gap; without, a line of ``-`` or ``|`` from letter to
    letter."""
    if not colour:
        return _plain_bar(grid, a, b, value)
    middle = (grid.cell_height - 1) // 2
    if a[0] == b[0]:  # side by side: across the gap, on the middle row
        x = grid.cell_left(max(a[1], b[1])) - grid.gap_x
        return [Span(grid.cell_top(a[0]) + middle, x, " " * grid.gap_x, "dot", value)]
    row = max(a[0], b[0])  # one above the other: down the gap
    thick = 1 if grid.cell_width <= 3 else (3 if grid.cell_width >= 7 else 2)
    x = grid.cell_left(a[1]) + (grid.cell_width - thick) // 2
    return [
        Span(grid.cell_top(row) - 1 - i, x, " " * thick, "dot", value)
        for i in range(grid.gap_y)
    ]


def _letter_at(grid: Grid, cell: Cell) -> tuple[int, int]:
    """The screen (row, col) of a dot's letter."""
    row = grid.cell_top(cell[0]) + (grid.cell_height - 1) // 2
    return row, grid.cell_left(cell[1]) + grid.cell_width // 2


def _plain_bar(grid: Grid, a: Cell, b: Cell, value: int) -> list[Span]:
    (row_a, col_a), (row_b, col_b) = sorted((_letter_at(grid, a), _letter_at(grid, b)))
    if row_a == row_b:
        return [Span(row_a, col_a + 1, "-" * (col_b - col_a - 1), "dot", value)]
    return [Span(row, col_a, "|", "dot", value) for row in range(row_a + 1, row_b)]


def _plain_cursor(screen: Screen, grid: Grid) -> list[Span]:
    """Brackets either side of the cursor's letter: ``[R]``."""
    row, centre = _letter_at(grid, screen.cursor)
    return [Span(row, centre - 1, "[", "cursor"), Span(row, centre + 1, "]", "cursor")]
