"""Where everything goes on a terminal of a given size, without curses.

:func:`render` turns a :class:`~playmanager.twenty48.tui.controller.Screen` and a
terminal size into :class:`~.shell.Span` s: a text at a row and column
with a role (a tile value, the board, a title...), built from the shared
pieces of :mod:`.widgets`. The shell only maps roles to colours and
writes the spans, so the whole picture is testable as plain data. Tiles grow with the terminal (about twice as wide as tall,
as terminal cells are tall) and the board is centred. A terminal too small
for the smallest board gets a clear message instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...screen.marks import score_text
from ...screen.shell import Span, clip
from ...screen.widgets import (
    Grid,
    board_background,
    footer_lines,
    overlay_box,
    rings,
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


@dataclass(frozen=True)
class TileSize:
    """The size of one tile in terminal cells."""

    width: int
    height: int


def tile_size(screen: Screen, width: int, height: int) -> TileSize | None:
    """Return the biggest tile that fits the board on screen, or None."""
    rows, cols = len(screen.board), len(screen.board[0])
    digits = max(len(str(value)) for row in screen.board for value in row)
    free_height = height - HEADER_LINES - FOOTER_LINES
    for tile_height in range(MAX_TILE_HEIGHT, 0, -1):
        tile_width = max(2 * tile_height + 2, digits + 2)
        board_width = cols * (tile_width + GAP_X) + GAP_X
        board_height = rows * (tile_height + GAP_Y) + GAP_Y
        if board_width <= width and board_height <= free_height:
            return TileSize(tile_width, tile_height)
    return None


def minimum_size(screen: Screen) -> tuple[int, int]:
    """Return the smallest (width, height) that shows this board."""
    rows, cols = len(screen.board), len(screen.board[0])
    digits = max(len(str(value)) for row in screen.board for value in row)
    tile_width = max(4, digits + 2)
    board_width = cols * (tile_width + GAP_X) + GAP_X
    board_height = rows * (1 + GAP_Y) + GAP_Y
    return board_width, board_height + HEADER_LINES + FOOTER_LINES


def render(
    screen: Screen, width: int, height: int, *, colour: bool, blocks: bool = True
) -> list[Span]:
    """Lay out ``screen`` on a ``width`` x ``height`` terminal.

    The board is one rectangle of the board colour with the same gap
    around every tile. Marks after a move: a ring around each merged tile
    (role ``merged``) and around the new tile (``new``), each in its
    tile's own half of the gaps (:func:`~.widgets.rings`; half blocks
    when ``blocks``, else characters); without ``colour`` tiles get ASCII
    borders, ``*`` for a merged tile and ``#`` for the new one.
    """
    size = tile_size(screen, width, height)
    if size is None:
        return _too_small(screen, width, height)
    rows, cols = len(screen.board), len(screen.board[0])
    grid = Grid(rows, cols, size.width, size.height, GAP_X, GAP_Y, HEADER_LINES, 0)
    grid = grid._replace(left=(width - grid.width) // 2)
    spans = _header(screen, grid.left, grid.width)
    spans += _board(screen, grid, colour=colour, blocks=blocks)
    spans += footer_lines(
        grid.bottom + 1, grid.left, width, screen.status, screen.footer
    )
    if screen.overlay is not None:
        spans += overlay_box(screen.overlay.title, screen.overlay.lines, width, height)
    return clip(spans, width, height)


def _header(screen: Screen, left: int, board_width: int) -> list[Span]:
    best = "-" if screen.best is None else screen.best
    score = f"{score_text(screen.score, screen.gained)}   Best {best}"
    goal = "no goal" if screen.goal is None else f"goal {screen.goal}"
    about = f"seed {screen.seed}   {screen.rules_name} rules, {goal}"
    return [
        *title_line(0, left, board_width, "2048", score),
        Span(1, left, about, "text"),
    ]


def _board(screen: Screen, grid: Grid, *, colour: bool, blocks: bool) -> list[Span]:
    """The board: its background, the marks, then the tiles."""
    spans = board_background(grid) if colour else []
    if colour:
        marks = [(cell, "merged") for cell in sorted(screen.merged)]
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


def _too_small(screen: Screen, width: int, height: int) -> list[Span]:
    overlay = None
    if screen.overlay is not None:
        overlay = (screen.overlay.title, screen.overlay.lines)
    return clip(too_small(width, height, minimum_size(screen), overlay), width, height)
