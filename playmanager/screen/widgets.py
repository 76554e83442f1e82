"""Pieces every full screen draws: a board of cells, marks, status lines, boxes.

Plain data, no curses: each function returns :class:`~.shell.Span` s, so
a whole screen can be tested as a list. The games' layouts
(:mod:`.layout` for 2048, and the other games' own) put these together:

* :class:`Grid`: where each cell of a rows x cols board goes, with the
  same gap on all four sides of every cell (the frame around the board
  included), and which cell a screen position falls in (the mouse);
* :func:`board_background`: the board as one rectangle of the board
  colour, gaps and frame included (drawn first, cells on top);
* :func:`rings`: marks around cells, each in the cell's own half of the
  gap (half blocks), so the cells' colours stay as they are and the gap
  between two cells never disappears (2048's new and merged tiles, Dots'
  new dots and cursor); :func:`ring_styles` their colours;
* :func:`title_line`, :func:`footer_lines`: the header (a title left,
  figures right) and the status and key lines under the board;
* :func:`overlay_box`: a bordered box in the middle of the screen;
* :func:`too_small`: what to show when the terminal cannot fit the board.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Final, NamedTuple

from .shell import Span, Style


class Grid(NamedTuple):
    """A board of ``rows`` x ``cols`` cells, each ``cell_width`` x ``cell_height``,
    ``gap_x`` columns and ``gap_y`` rows apart and from the board's edge,
    whose top-left corner is at (``top``, ``left``)."""

    rows: int
    cols: int
    cell_width: int
    cell_height: int
    gap_x: int
    gap_y: int
    top: int = 0
    left: int = 0

    @property
    def width(self) -> int:
        """Columns the whole board takes, frame included."""
        return self.cols * (self.cell_width + self.gap_x) + self.gap_x

    @property
    def height(self) -> int:
        """Rows the whole board takes, frame included."""
        return self.rows * (self.cell_height + self.gap_y) + self.gap_y

    @property
    def bottom(self) -> int:
        """The first screen row under the board."""
        return self.top + self.height

    def cell_top(self, row: int) -> int:
        return self.top + self.gap_y + row * (self.cell_height + self.gap_y)

    def cell_left(self, col: int) -> int:
        return self.left + self.gap_x + col * (self.cell_width + self.gap_x)

    def cell_at(self, screen_row: int, screen_col: int) -> tuple[int, int] | None:
        """The (row, col) of the cell drawn at a screen position, or None
        (a gap, the frame, or off the board)."""
        row, row_offset = divmod(
            screen_row - self.top - self.gap_y, self.cell_height + self.gap_y
        )
        col, col_offset = divmod(
            screen_col - self.left - self.gap_x, self.cell_width + self.gap_x
        )
        inside = row_offset < self.cell_height and col_offset < self.cell_width
        if inside and 0 <= row < self.rows and 0 <= col < self.cols:
            return row, col
        return None

    def cell(
        self, row: int, col: int, lines: Sequence[str], role: str, value: int = 0
    ) -> list[Span]:
        """The spans of one cell: ``lines`` from its top-left corner."""
        top, left = self.cell_top(row), self.cell_left(col)
        return [Span(top + i, left, line, role, value) for i, line in enumerate(lines)]


def board_background(grid: Grid, role: str = "board") -> list[Span]:
    """The board as one rectangle: every row of it, gaps and frame included."""
    return [
        Span(grid.top + r, grid.left, " " * grid.width, role)
        for r in range(grid.height)
    ]


QUADRANT_GLYPHS: Final = " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"
"""The block character that fills the quadrants of a mask (1 upper left,
2 upper right, 4 lower left, 8 lower right) in its text colour, the rest
in its background."""
PLAIN_RING: Final = {3: "-", 12: "-", 5: "|", 10: "|", 8: ".", 4: ".", 2: "'", 1: "'"}
"""Without UTF-8 (no block characters): a ring's part as a character."""
_UL, _UR, _LL, _LR = 1, 2, 4, 8


def ring(grid: Grid, row: int, col: int) -> dict[tuple[int, int], int]:
    """The mark around cell (row, col): screen cell -> the quadrants it takes.

    A ring never leaves its cell's own half of the gap, so it can always
    be told whose it is, and the gap between two cells (the frame too)
    keeps some of the board's colour: in the gap row above the cell the
    lower half, below it the upper half, and half of the column on each
    side, next to the cell. Where rows touch (no gap row) only the sides
    are drawn, a bar on each; where columns touch, only the rows.
    """
    top, left = grid.cell_top(row), grid.cell_left(col)
    bottom, right = top + grid.cell_height, left + grid.cell_width
    taken: dict[tuple[int, int], int] = {}
    if grid.gap_y:
        for c in range(left, right):
            taken[top - 1, c] = _LL | _LR
            taken[bottom, c] = _UL | _UR
    if grid.gap_x:
        for r in range(top, bottom):
            taken[r, left - 1] = _UR | _LR
            taken[r, right] = _UL | _LL
    if grid.gap_x and grid.gap_y:
        taken |= {(top - 1, left - 1): _LR, (top - 1, right): _LL}
        taken |= {(bottom, left - 1): _UR, (bottom, right): _UL}
    return taken


def rings(
    grid: Grid,
    marks: Sequence[tuple[tuple[int, int], str]],
    *,
    blocks: bool,
    board: str = "board",
) -> list[Span]:
    """Rings (see :func:`ring`) around cells, each in its mark's role.

    ``marks`` holds (cell, role) pairs. Each screen cell of a ring is one
    span whose role is ``"FG/BG"``: a block character (``blocks``, a
    UTF-8 terminal) in the colour of the ring FG on the colour BG (the
    ``board``, or the ring of the neighbour that takes the other half of
    a gap); :func:`ring_styles` makes those styles. Without ``blocks``
    the ring is drawn with characters (``.--.``, ``|``, ``'--'``).
    """
    quadrants: dict[tuple[int, int], list[str]] = {}
    for cell, role in marks:
        for place, mask in ring(grid, *cell).items():
            owners = quadrants.setdefault(place, [board] * 4)
            for bit in range(4):
                if mask & (1 << bit):
                    owners[bit] = role
    spans = []
    for (r, c), owners in sorted(quadrants.items()):
        fg = next(owner for owner in owners if owner != board)
        others = [owner for owner in owners if owner not in (fg, board)]
        bg = others[0] if others else (board if board in owners else fg)
        mask = sum(1 << bit for bit, owner in enumerate(owners) if owner == fg)
        if blocks:
            spans.append(Span(r, c, QUADRANT_GLYPHS[mask], f"{fg}/{bg}"))
        else:
            text = PLAIN_RING.get(mask, PLAIN_RING.get(mask & 3 or mask & 12, "+"))
            spans.append(Span(r, c, text, f"{fg}/{board}"))
    return spans


def ring_styles(colours: Mapping[str, tuple[int, int]]) -> dict[str, Style]:
    """The ``"FG/BG"`` styles of :func:`rings` for every pair of ``colours``
    (role -> (xterm-256 colour, 8-colour number)), the board's included."""
    return {
        f"{fg}/{bg}": Style(rich_fg, rich_bg, fg8, bg8)
        for fg, (rich_fg, fg8) in colours.items()
        for bg, (rich_bg, bg8) in colours.items()
    }


def title_line(row: int, left: int, width: int, title: str, figures: str) -> list[Span]:
    """``title`` at the left of ``width`` columns, ``figures`` at their right."""
    return [
        Span(row, left, title, "title"),
        Span(row, left + max(width - len(figures), len(title) + 2), figures, "title"),
    ]


ELLIPSIS: Final = "..."
"""What stands for the part of a text left out (ASCII: every terminal)."""
KEY_SEPARATOR: Final = "  "
"""Between the entries of a key line (``u undo  o save``)."""


def elide(text: str, width: int) -> str:
    """``text`` in at most ``width`` columns, shortened with intent: a file
    path loses the middle of its folders first (its file name stays), else
    the end of the text goes."""
    if len(text) <= width:
        return text
    excess = len(text) - width
    paths = sorted((word for word in text.split() if "/" in word.rstrip("/")), key=len)
    for path in reversed(paths):
        head, _, name = path.rpartition("/")
        keep = len(head) - excess - len(ELLIPSIS)
        if keep >= 1:
            return text.replace(path, f"{head[:keep]}{ELLIPSIS}/{name}", 1)
    if width <= len(ELLIPSIS):
        return text[:width]
    return text[: width - len(ELLIPSIS)].rstrip() + ELLIPSIS


def fit_keys(keys: str, width: int) -> str:
    """A key line in ``width`` columns: whole entries are left out from the
    middle, so that the first (the moves) and the last (help, quit: which
    lists them all) stay."""
    entries = keys.split(KEY_SEPARATOR)
    while len(KEY_SEPARATOR.join(entries)) > width and len(entries) > 3:
        del entries[-3]
    return elide(KEY_SEPARATOR.join(entries), width)


def footer_lines(
    top: int, left: int, screen_width: int, status: str, keys: str
) -> list[Span]:
    """The status line and the key line, aligned with the board at ``left``
    and shortened to the columns left of the screen (:func:`elide`,
    :func:`fit_keys`), never past its edge. The key line leaves the last
    column free: on the bottom line curses cannot write it."""
    room = max(screen_width - left, 0)
    return [
        Span(top, left, elide(status, room), "status"),
        Span(top + 1, left, fit_keys(keys, max(room - 1, 0)), "text"),
    ]


PLAIN_BOX: Final = "+-+|++"
LINE_BOX: Final = "┌─┐│└┘"
"""Corners and edges of a box: top left, top, top right, side, bottom left,
bottom right."""


def overlay_box(
    title: str, lines: Sequence[str], width: int, height: int, *, drawn: bool = False
) -> list[Span]:
    """A bordered box in the middle of the screen; long lines wrap. A blank
    margin around it (where the screen has room) clears what is under it,
    so nothing of the board or of a line shows at its sides; ``drawn`` (a UTF-8 terminal) draws it with
    line-drawing characters, else with ``+-|``."""
    top_left, edge, top_right, side, bottom_left, bottom_right = (
        LINE_BOX if drawn else PLAIN_BOX
    )
    widest = max(len(title) + 4, *(len(line) for line in lines))
    inner = max(min(widest, width - 6), 1)
    body = ["", *wrap(lines, inner), ""]
    box_width = inner + 4
    label = f" {title} "[: box_width - 2]
    label_at = max((box_width - len(label)) // 2, 1)
    rule = edge * (box_width - 2)
    first = top_left + rule[: label_at - 1] + label + rule[label_at - 1 + len(label) :]
    rows = [first + top_right]
    rows += [f"{side} {elide(line, inner):<{inner}} {side}" for line in body]
    rows.append(bottom_left + rule + bottom_right)
    if box_width + 2 <= width:  # the margins, where they fit
        rows = [f" {row} " for row in rows]
    if len(rows) + 2 <= height:
        rows = [" " * len(rows[0]), *rows, " " * len(rows[0])]
    top = max((height - len(rows)) // 2, 0)
    left = max((width - len(rows[0])) // 2, 0)
    return [Span(top + i, left, text, "overlay") for i, text in enumerate(rows)]


def wrap(lines: Sequence[str], width: int) -> list[str]:
    """Wrap each line to ``width``, keeping blank lines."""
    wrapped: list[str] = []
    for line in lines:
        wrapped += textwrap.wrap(line, width, break_on_hyphens=False) or [""]
    return wrapped


def too_small(
    width: int,
    height: int,
    need: tuple[int, int],
    overlay: tuple[str, Sequence[str]] | None = None,
) -> list[Span]:
    """The message for a terminal smaller than ``need`` (width, height);
    an overlay's title and lines follow it, so a question is still seen."""
    lines = [
        "Terminal too small",
        f"({width}x{height}, need {need[0]}x{need[1]}).",
        "Please enlarge it;",
        "q quits.",
    ]
    if overlay is not None:
        lines += ["", overlay[0], *overlay[1]]
    return [Span(i, 0, line, "text") for i, line in enumerate(lines)]
