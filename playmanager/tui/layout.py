"""Where everything goes on a terminal of a given size, without curses.

:func:`render` turns a :class:`~playmanager.tui.controller.Screen` and a
terminal size into :class:`Span` s: a text at a row and column with a
role (a tile value, the board, a title...). The curses view only maps
roles to colours and writes the spans, so the whole picture is testable
as plain data. Tiles grow with the terminal (about twice as wide as tall,
as terminal cells are tall) and the board is centred. A terminal too small
for the smallest board gets a clear message instead.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Final

from .controller import Overlay, Screen

HEADER_LINES: Final = 3
"""Title and score, seed and rules, a blank line."""
FOOTER_LINES: Final = 3
"""A blank line, the status line, the key line."""
GAP_X: Final = 2
GAP_Y: Final = 1
MAX_TILE_HEIGHT: Final = 7


@dataclass(frozen=True)
class Span:
    """Text to draw at (row, col), styled by its role.

    Roles: "title", "text", "status", "board" (the grid behind the tiles),
    "tile" (``value`` says which; 0 is an empty cell), "overlay".
    """

    row: int
    col: int
    text: str
    role: str
    value: int = 0


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


def render(screen: Screen, width: int, height: int, *, colour: bool) -> list[Span]:
    """Lay out ``screen`` on a ``width`` x ``height`` terminal.

    Without ``colour`` tiles get ASCII borders so that the board stays
    readable in plain text.
    """
    size = tile_size(screen, width, height)
    if size is None:
        return _too_small(screen, width, height)
    board_width = len(screen.board[0]) * (size.width + GAP_X) + GAP_X
    left = (width - board_width) // 2
    spans = _header(screen, left, board_width)
    spans += _board(screen, size, HEADER_LINES, left, colour=colour)
    board_bottom = HEADER_LINES + len(screen.board) * (size.height + GAP_Y) + GAP_Y
    spans += _footer(screen, board_bottom + 1, left, width)
    if screen.overlay is not None:
        spans += _overlay(screen.overlay, width, height)
    return _clip(spans, width, height)


def _header(screen: Screen, left: int, board_width: int) -> list[Span]:
    score = f"Score {screen.score}   Best {'-' if screen.best is None else screen.best}"
    goal = "no goal" if screen.goal is None else f"goal {screen.goal}"
    about = f"seed {screen.seed}   {screen.rules_name} rules, {goal}"
    return [
        Span(0, left, "2048", "title"),
        Span(0, left + max(board_width - len(score), 6), score, "title"),
        Span(1, left, about, "text"),
    ]


def _footer(screen: Screen, top: int, left: int, width: int) -> list[Span]:
    """The status and key lines, under the board, moved left if they are long."""
    return [
        Span(top + i, min(left, max(width - len(text), 0)), text, role)
        for i, (text, role) in enumerate(
            ((screen.status, "status"), (screen.footer, "text"))
        )
    ]


def _board(
    screen: Screen, size: TileSize, top: int, left: int, *, colour: bool
) -> list[Span]:
    board_width = len(screen.board[0]) * (size.width + GAP_X) + GAP_X
    board_height = len(screen.board) * (size.height + GAP_Y) + GAP_Y
    spans = []
    if colour:
        spans = [
            Span(top + r, left, " " * board_width, "board") for r in range(board_height)
        ]
    for r, row in enumerate(screen.board):
        for c, value in enumerate(row):
            tile_top = top + GAP_Y + r * (size.height + GAP_Y)
            tile_left = left + GAP_X + c * (size.width + GAP_X)
            lines = _tile_lines(value, size, colour=colour)
            spans += [
                Span(tile_top + i, tile_left, line, "tile", value)
                for i, line in enumerate(lines)
            ]
    return spans


def _tile_lines(value: int, size: TileSize, *, colour: bool) -> list[str]:
    """The text rows of one tile: the number centred, borders when plain."""
    label = str(value) if value else ("" if colour else ".")
    inner = size.width - 2
    middle = (size.height - 1) // 2
    if colour:
        lines = [" " * size.width] * size.height
        lines[middle] = f" {label:^{inner}} "
        return lines
    if size.height < 3:
        lines = [" " * size.width] * size.height
        lines[middle] = f"[{label:^{inner}}]"
        return lines
    edge = "+" + "-" * inner + "+"
    lines = [edge] + [f"|{'':^{inner}}|"] * (size.height - 2) + [edge]
    lines[max(middle, 1)] = f"|{label:^{inner}}|"
    return lines


def _overlay(overlay: Overlay, width: int, height: int) -> list[Span]:
    """A bordered box in the middle of the terminal; long lines wrap."""
    widest = max(len(overlay.title) + 4, *(len(line) for line in overlay.lines))
    inner = max(min(widest, width - 4), 1)
    body = ["", *_wrap(overlay.lines, inner), ""]
    box_width = inner + 4
    top = max((height - len(body) - 2) // 2, 0)
    left = max((width - box_width) // 2, 0)
    title = f" {overlay.title} "[: box_width - 2]
    edge = "+" + "-" * (box_width - 2) + "+"
    title_at = max((box_width - len(title)) // 2, 1)
    rows = [edge[:title_at] + title + edge[title_at + len(title) :]]
    rows += [f"| {line:<{inner}} |" for line in body]
    rows.append(edge)
    return [Span(top + i, left, text, "overlay") for i, text in enumerate(rows)]


def _wrap(lines: tuple[str, ...], width: int) -> list[str]:
    """Wrap each line to ``width``, keeping blank lines and key columns."""
    wrapped: list[str] = []
    for line in lines:
        wrapped += textwrap.wrap(line, width, break_on_hyphens=False) or [""]
    return wrapped


def _too_small(screen: Screen, width: int, height: int) -> list[Span]:
    need_width, need_height = minimum_size(screen)
    lines = [
        "Terminal too small",
        f"({width}x{height}, need {need_width}x{need_height}).",
        "Please enlarge it;",
        "q quits.",
    ]
    if screen.overlay is not None:
        lines += ["", screen.overlay.title, *screen.overlay.lines]
    spans = [Span(i, 0, line, "text") for i, line in enumerate(lines)]
    return _clip(spans, width, height)


def _clip(spans: list[Span], width: int, height: int) -> list[Span]:
    """Drop what falls outside the terminal; curses errors on the last cell."""
    kept = []
    for span in spans:
        if not 0 <= span.row < height or span.col >= width:
            continue
        room = width - span.col
        if span.row == height - 1:
            room -= 1  # writing the bottom-right cell makes curses raise
        if room > 0:
            kept.append(
                Span(span.row, span.col, span.text[:room], span.role, span.value)
            )
    return kept
