"""Where everything goes on a terminal of a given size, without curses.

:func:`render` turns a :class:`~playmanager.twenty48.tui.controller.Screen` and a
terminal size into :class:`~.shell.Span` s: a text at a row and column
with a role (a tile value, the board, a title...), built from the shared
pieces of :mod:`.widgets`. The shell only maps roles to colours and
writes the spans, so the whole picture is testable as plain data. Tiles grow with the terminal (about twice as wide as tall,
as terminal cells are tall) and the board is centred. A board that does
not fit is drawn denser (:data:`DENSITIES`): fewer lines around it, then
narrower gaps, then no gap between rows, so that a 10 x 10 board is whole
at 80 x 24. A terminal too small for the densest drawing gets a clear
message instead, with the size it needs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ...screen.marks import score_text
from ...screen.shell import Span, clip
from ...screen.widgets import (
    Grid,
    above_banner,
    board_background,
    box_spans,
    checkered,
    footer_lines,
    rings,
    text_line,
    title_line,
    too_small,
)
from .controller import Screen

HEADER_LINES: Final = 3
"""Title and score, seed and rules, a blank line."""
FOOTER_LINES: Final = 3
"""A blank line, the status line, the key line."""
GAP_X: Final = 2
GAP_Y: Final = 1
MAX_TILE_HEIGHT: Final = 7


Board = Sequence[Sequence[int]]


@dataclass(frozen=True)
class Density:
    """How tightly the screen is drawn: lines above and below the board
    (3: with a blank line; 2: none; 1: the title and the seed on one line)
    and the gaps between tiles."""

    header: int
    footer: int
    gap_x: int
    gap_y: int


ROOMY: Final = Density(HEADER_LINES, FOOTER_LINES, GAP_X, GAP_Y)
DENSITIES: Final = (
    ROOMY,
    Density(2, 2, 1, 1),
    Density(1, 2, 1, 1),
    Density(1, 2, 1, 0),  # rows touch: the marks are bars at the tiles' sides
)
"""Tried in order until the board fits; the last is the smallest drawing."""


@dataclass(frozen=True)
class TileSize:
    """The size of one tile in terminal cells, and the density it is drawn at."""

    width: int
    height: int
    density: Density = ROOMY


def tile_size(screen: Screen, width: int, height: int) -> TileSize | None:
    """Return the biggest tile that fits the board on screen at the roomiest
    density that has one, or None."""
    rows, cols = len(screen.board), len(screen.board[0])
    digits = _digits(screen)
    for density in DENSITIES:
        free_height = height - density.header - density.footer
        for tile_height in range(MAX_TILE_HEIGHT, 0, -1):
            tile_width = max(2 * tile_height + 2, digits + 2)
            board_width = cols * (tile_width + density.gap_x) + density.gap_x
            board_height = rows * (tile_height + density.gap_y) + density.gap_y
            if board_width <= width and board_height <= free_height:
                return TileSize(tile_width, tile_height, density)
    return None


def minimum_size(screen: Screen) -> tuple[int, int]:
    """Return the smallest (width, height) that shows this board: its
    densest drawing, with tiles one line high."""
    return board_minimum(screen.board)


def board_minimum(board: Board) -> tuple[int, int]:
    """:func:`minimum_size` of a board (rows of tile values)."""
    rows, cols = len(board), len(board[0])
    densest = DENSITIES[-1]
    digits = max(len(str(value)) for row in board for value in row)
    tile_width = max(4, digits + 2)
    board_width = cols * (tile_width + densest.gap_x) + densest.gap_x
    board_height = rows * (1 + densest.gap_y) + densest.gap_y
    return board_width, board_height + densest.header + densest.footer


GUARANTEED: Final = (80, 24)
"""Every board that fits this terminal is played in it, whatever the terminal
at launch (the player can enlarge it)."""


def refusal(board: Board, width: int, height: int) -> str | None:
    """Why the board cannot be drawn at all, for a refusal at launch: its
    densest drawing needs more than this terminal and more than
    :data:`GUARANTEED`; None when it can be drawn."""
    need_width, need_height = board_minimum(board)
    if need_width <= max(width, GUARANTEED[0]) and need_height <= max(
        height, GUARANTEED[1]
    ):
        return None
    rows, cols = len(board), len(board[0])
    return (
        f"a {rows}x{cols} board needs a terminal of at least "
        f"{need_width}x{need_height} (this one is {width}x{height})"
    )


def _digits(screen: Screen) -> int:
    return max(len(str(value)) for row in screen.board for value in row)


def render(
    screen: Screen, width: int, height: int, *, colour: bool, blocks: bool = True
) -> list[Span]:
    """Lay out ``screen`` on a ``width`` x ``height`` terminal.

    The board is one rectangle of the board colour with the same gap
    around every tile. Marks after a move: a ring around each merged tile
    (role ``merged``) and around the new tile (``new``), each in its
    tile's own half of the gaps (:func:`~.widgets.rings`; half blocks
    when ``blocks``, else characters; bars at its sides where rows touch); without ``colour`` tiles get ASCII
    borders, ``*`` for a merged tile and ``#`` for the new one.
    """
    overlay = screen.overlay
    if overlay is not None and overlay.low:  # the end: the board stays in view
        plain = dataclasses.replace(screen, overlay=None, footer="")

        def game(rows: int) -> list[Span] | None:
            if tile_size(screen, width, rows) is None:
                return None
            return render(plain, width, rows, colour=colour, blocks=blocks)

        found = above_banner(overlay, width, height, game, footer=2, drawn=blocks)
        if found is not None:
            return clip(found, width, height)
    size = tile_size(screen, width, height)
    if size is None:
        return _too_small(screen, width, height, drawn=blocks)
    rows, cols = len(screen.board), len(screen.board[0])
    density = size.density
    grid = Grid(
        rows,
        cols,
        size.width,
        size.height,
        density.gap_x,
        density.gap_y,
        density.header,
        (width - (cols * (size.width + density.gap_x) + density.gap_x)) // 2,
    )
    spans = _header(screen, grid, density.header, width)
    spans += _board(screen, grid, colour=colour, blocks=blocks)
    spans += footer_lines(
        grid.bottom + density.footer - 2, grid.left, width, screen.status, screen.footer
    )
    if overlay is not None:
        spans += box_spans(overlay, width, height, drawn=blocks)
    return clip(spans, width, height)


def _header(screen: Screen, grid: Grid, lines: int, width: int) -> list[Span]:
    """The title and figures over the board; the seed and rules under them,
    or beside the title when the header has one line."""
    best = "-" if screen.best is None else screen.best
    score = f"{score_text(screen.score, screen.gained)}   Best {best}"
    goal = "no goal" if screen.goal is None else f"goal {screen.goal}"
    about = f"seed {screen.seed}   {screen.rules_name} rules, {goal}"
    room = max(grid.width, min(width, len(score) + 8))
    left = max(min(grid.left, width - room), 0)
    if lines == 1:  # the seed stays whole (it replays the game); rules may go
        title = f"2048   seed {screen.seed}"
        rules = f"   {screen.rules_name} rules, {goal}"
        if len(title + rules + score) + 2 <= room:
            title += rules
        return title_line(0, left, room, title, score)
    return [
        *title_line(0, left, room, "2048", score),
        text_line(1, left, width, about, "text"),  # moves left before it cuts
    ]


def _board(screen: Screen, grid: Grid, *, colour: bool, blocks: bool) -> list[Span]:
    """The board: its background, the marks, then the tiles."""
    spans = board_background(grid) if colour else []
    if colour:
        marks = [(cell, checkered("merged", cell)) for cell in sorted(screen.merged)]
        if screen.new_tile is not None:
            marks.append((screen.new_tile, "new"))
        spans += rings(grid, marks, blocks=blocks)
    size = TileSize(grid.cell_width, grid.cell_height)
    for r, row in enumerate(screen.board):
        for c, value in enumerate(row):
            mark = _plain_mark(screen, (r, c)) if not colour else None
            lines = _tile_lines(value, size, colour=colour, mark=mark)
            spans += grid.cell(r, c, lines, "tile", value)
    return spans


def _plain_mark(screen: Screen, cell: tuple[int, int]) -> str | None:
    """The border character of a marked tile without colours, or None."""
    if cell == screen.new_tile:
        return "#"
    return "*" if cell in screen.merged else None


def _tile_lines(
    value: int, size: TileSize, *, colour: bool, mark: str | None = None
) -> list[str]:
    """The text rows of one tile: the number centred, borders when plain."""
    label = str(value) if value else ("" if colour else ".")
    inner = size.width - 2
    middle = (size.height - 1) // 2
    if colour:
        lines = [" " * size.width] * size.height
        lines[middle] = f" {label:^{inner}} "
        return lines
    if size.height < 3:
        left, right = (mark, mark) if mark else ("[", "]")
        lines = [" " * size.width] * size.height
        lines[middle] = f"{left}{label:^{inner}}{right}"
        return lines
    corner, side = (mark, mark) if mark else ("+", "|")
    edge = corner + "-" * inner + corner
    lines = [edge] + [f"{side}{'':^{inner}}{side}"] * (size.height - 2) + [edge]
    lines[max(middle, 1)] = f"{side}{label:^{inner}}{side}"
    return lines


def _too_small(screen: Screen, width: int, height: int, *, drawn: bool) -> list[Span]:
    spans = too_small(width, height, minimum_size(screen), screen.overlay, drawn=drawn)
    return clip(spans, width, height)
