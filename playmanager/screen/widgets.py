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
  figures right) and the status and key lines under the board, in the
  whole width of the terminal when the board's is too narrow;
* :func:`overlay_box`, :func:`banner_box`: a box with its four borders,
  in the middle of the screen or at its bottom (under the last position
  of a game), scrolled when taller than the screen;
* :func:`too_small`: what to show when the terminal cannot fit the board.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final, NamedTuple, Protocol

from .shell import Span, Style
from .text_layout import KEY_SEPARATOR, elide, elide_status, wrap_lines


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


def checkered(role: str, cell: tuple[int, int]) -> str:
    """``role``, or ``role2`` on every other cell as a chessboard's squares
    alternate: two marked neighbours share the gap row between them (each
    half of it), so their rings are two colours there, never one bar."""
    return role if sum(cell) % 2 == 0 else f"{role}2"


def ring_styles(colours: Mapping[str, tuple[int, int]]) -> dict[str, Style]:
    """The ``"FG/BG"`` styles of :func:`rings` for every pair of ``colours``
    (role -> (xterm-256 colour, 8-colour number)), the board's included."""
    return {
        f"{fg}/{bg}": Style(rich_fg, rich_bg, fg8, bg8)
        for fg, (rich_fg, fg8) in colours.items()
        for bg, (rich_bg, bg8) in colours.items()
    }


def title_line(row: int, left: int, width: int, title: str, figures: str) -> list[Span]:
    """``title`` at the left of ``width`` columns, ``figures`` at their
    right; in too few columns the title is shortened first (the figures
    change as the game goes), then the figures; the title's first word (the
    game's name) is never cut: it is left out whole."""
    figures = elide(figures, width)
    title = _name_kept(title, max(width - len(figures) - 2, 0))
    spans = [Span(row, left + width - len(figures), figures, "title")]
    return [Span(row, left, title, "title"), *spans] if title else spans


def _name_kept(title: str, width: int) -> str:
    """``title`` shortened to ``width`` (:func:`elide`), its first word
    whole or left out."""
    name = title.split(" ", 1)[0]
    shortened = elide(title, width)
    if shortened == title or shortened.startswith(name + " "):
        return shortened
    return name if len(name) <= width else ""


DROP_FIRST: Final = ("A", "H", "S", "Esc", "n")
"""The entries of a key line left out first when it does not fit, by key,
the least used first; then the game's own after its first, from the end;
then :data:`DROP_LAST`. The game's moves (the first entry) and ``?``
(which lists every key) always stay."""
DROP_LAST: Final = ("o", "u", "q")
"""The keys a new player needs most after ``?`` (save, undo, quit): the
last entries of a key line left out."""
HELP_KEY: Final = "?"


def fit_keys(keys: str, width: int) -> str:
    """A key line in ``width`` columns: whole entries are left out in the
    order of :data:`DROP_FIRST`, then the game's own from the end, then
    :data:`DROP_LAST`; the first entry and ``?`` stay (the first shortened
    if it must be)."""
    entries = keys.split(KEY_SEPARATOR)

    def fits() -> bool:
        return len(KEY_SEPARATOR.join(entries)) <= width

    def key_of(entry: str) -> str:
        return entry.split(" ", 1)[0]

    def drop(key: str) -> None:
        entries[:] = [e for e in entries if key_of(e) != key]

    shared = {*DROP_FIRST, *DROP_LAST, HELP_KEY}
    for key in DROP_FIRST:
        if not fits():
            drop(key)
    while not fits() and (own := [e for e in entries[1:] if key_of(e) not in shared]):
        entries.remove(own[-1])
    for key in DROP_LAST:
        if not fits():
            drop(key)
    while not fits() and len(entries) > 2:
        last = max(i for i, e in enumerate(entries) if not e.startswith(HELP_KEY))
        del entries[max(last, 1)]
    if fits():
        return KEY_SEPARATOR.join(entries)
    rest = KEY_SEPARATOR.join(entries[1:])
    first = elide(entries[0], width - len(rest) - len(KEY_SEPARATOR))
    return elide(KEY_SEPARATOR.join([first, rest]) if rest else first, width)


def text_line(row: int, left: int, width: int, text: str, role: str) -> Span:
    """A line of text (the status line, the key line) that starts at
    ``left`` (the board's edge) when it fits there, else as far left as it
    must (the whole terminal width is its room), shortened only when
    longer than the terminal, its end kept (:func:`elide_status`)."""
    text = elide_status(text, width)
    return Span(row, max(min(left, width - len(text)), 0), text, role)


def footer_lines(
    top: int, left: int, screen_width: int, status: str, keys: str
) -> list[Span]:
    """The status line and the key line (:func:`text_line`), aligned with
    the board at ``left`` where they fit. The key line keeps its entries
    by priority (:func:`fit_keys`) and leaves the last column free: on the
    bottom line curses cannot write it."""
    key_room = max(screen_width - 1, 0)
    return [
        text_line(top, left, screen_width, status, "status"),
        text_line(top + 1, left, key_room, fit_keys(keys, key_room), "text"),
    ]


PLAIN_BOX: Final = "+-+|++"
LINE_BOX: Final = "┌─┐│└┘"
"""Corners and edges of a box: top left, top, top right, side, bottom left,
bottom right."""
Shown = Callable[[int, bool], None]
"""Told the first line a scrolled box shows, and whether lines are left
below what it shows (see :func:`box_rows`)."""
SCROLL_KEYS: Final = "Up/Down"
"""What scrolls a box taller than the screen (the help, the statistics)."""


def box_rows(
    title: str,
    lines: Sequence[str],
    width: int,
    height: int,
    *,
    drawn: bool = False,
    scroll: int = 0,
    shown: Shown | None = None,
    roomy: bool = True,
) -> list[str]:
    """A box of ``lines`` under ``title`` in at most ``width`` x ``height``:
    always its four borders (a terminal's last cell cannot be written, so
    a box as wide as the screen stops a column short); lines wrap
    (:func:`~.text_layout.wrap_lines`); a body taller than the room shows
    the part from line ``scroll`` and says so in its bottom border, with
    the keys that scroll it; ``shown`` is told the first line it shows
    (``scroll`` stopped at the box's end, which only the layout knows), so
    that the next Up moves it at once. A blank line inside the borders and a blank
    margin outside them (clearing what is under the box) where they fit
    and the box is ``roomy``."""
    top_left, edge, top_right, side, bottom_left, bottom_right = (
        LINE_BOX if drawn else PLAIN_BOX
    )
    inner, body = _box_body(title, lines, width)
    room = max(height - 2, 1)
    if roomy and len(body) + 2 <= room:
        body = ["", *body, ""]
    footnotes = [""]
    first = min(max(scroll, 0), max(len(body) - room, 0))
    if shown is not None:
        shown(first, first + room < len(body))
    if len(body) > room:
        last = first + room
        part = f"{first + 1}-{last} of {len(body)}"
        footnotes = [f" {part}: {SCROLL_KEYS} scrolls ", f" {part} ", ""]
        body = body[first:last]
    box_width = inner + 4
    footnote = next(note for note in footnotes if len(note) <= box_width - 4)

    def border(left: str, label: str, right: str) -> str:
        label = label[: box_width - 4]  # a corner and an edge stay at each end
        at = max((box_width - len(label)) // 2, 2)
        rule = edge * (box_width - 2)
        return left + rule[: at - 1] + label + rule[at - 1 + len(label) :] + right

    rows = [border(top_left, f" {title} " if title else "", top_right)]
    rows += [f"{side} {elide(line, inner):<{inner}} {side}" for line in body]
    rows.append(border(bottom_left, footnote, bottom_right))
    if roomy and box_width + 3 <= width:  # the margins, where they fit
        rows = [f" {row} " for row in rows]
    if roomy and len(rows) + 2 <= height:
        rows = [" " * len(rows[0]), *rows, " " * len(rows[0])]
    return rows


def _box_body(title: str, lines: Sequence[str], width: int) -> tuple[int, list[str]]:
    """The width inside a box's borders in ``width`` columns, and its
    lines wrapped to it."""
    room_width = max(width - 5, 1)
    widest = max(len(title) + 4, *(len(line) for line in wrap_lines(lines, room_width)))
    inner = min(widest, room_width)
    return inner, wrap_lines(lines, inner)


def box_fits(title: str, lines: Sequence[str], width: int, height: int) -> bool:
    """True when :func:`box_rows` shows every line in ``height`` rows
    (no scrolling)."""
    return len(_box_body(title, lines, width)[1]) + 2 <= height


def overlay_box(
    title: str,
    lines: Sequence[str],
    width: int,
    height: int,
    *,
    drawn: bool = False,
    scroll: int = 0,
    shown: Shown | None = None,
    bottom: bool = False,
) -> list[Span]:
    """A box (:func:`box_rows`) in the middle of the screen; ``drawn`` (a
    UTF-8 terminal) draws it with line-drawing characters, else ``+-|``.
    A ``bottom`` one (a banner) sits at the bottom, as short as it can be
    (no blank lines), so that the game above it stays in view (the end of
    a game: its last position)."""
    rows = box_rows(
        title,
        lines,
        width,
        height,
        drawn=drawn,
        scroll=scroll,
        shown=shown,
        roomy=not bottom,
    )
    if not bottom and width - len(rows[0]) <= 2:  # nearly the screen's width
        rows = [f"{row:<{width}}" for row in rows]
    top = height - len(rows) if bottom else (height - len(rows)) // 2
    left = max((width - len(rows[0])) // 2, 0)
    return _placed(rows, max(top, 0), left, width, height)


def box_spans(
    box: Box, width: int, height: int, *, drawn: bool = False, bottom: bool = False
) -> list[Span]:
    """:func:`overlay_box` of ``box`` (an overlay: its title, lines and scroll)."""
    return overlay_box(
        box.title,
        box.lines,
        width,
        height,
        drawn=drawn,
        scroll=box.scroll,
        shown=box.shown,
        bottom=bottom,
    )


def banner_box(box: Box, width: int, height: int, *, drawn: bool = False) -> list[Span]:
    """A ``bottom`` :func:`box_spans`."""
    return box_spans(box, width, height, drawn=drawn, bottom=True)


def _placed(
    rows: Sequence[str], top: int, left: int, width: int, height: int
) -> list[Span]:
    """A box's rows from (top, left); on the screen's last line its margin
    stops short of the last column, which curses cannot write."""
    spans = []
    for i, text in enumerate(rows):
        if top + i == height - 1:
            text = text[: width - 1 - left].rstrip() if text.strip() else ""
            text = text or " " * min(len(rows[0]), width - 1 - left)
        spans.append(Span(top + i, left, text, "overlay"))
    return spans


def above_banner(
    box: Box,
    width: int,
    height: int,
    draw: Callable[[int], list[Span] | None],
    *,
    footer: int,
    drawn: bool = False,
) -> list[Span] | None:
    """The game drawn in the rows above a :func:`banner_box` (``draw(rows)``:
    its spans in that many rows, None if it does not fit), the banner
    covering its ``footer`` lines (status, keys) only when the game does
    not fit above them; None when it fits neither way."""
    banner = banner_box(box, width, height, drawn=drawn)
    for covered in (0, footer):
        game = draw(height - box_height(banner) + covered)
        if game is not None:
            return game + banner
    return None


def box_height(spans: Sequence[Span]) -> int:
    """The rows a box takes (its margins included)."""
    return len({span.row for span in spans})


class Box(Protocol):
    """A box to show (:class:`~.modal.Overlay` is one)."""

    @property
    def title(self) -> str: ...

    @property
    def lines(self) -> tuple[str, ...]: ...

    @property
    def scroll(self) -> int: ...

    @property
    def shown(self) -> Shown | None: ...


def short_side(width: int, height: int, need: tuple[int, int]) -> str:
    """What is too small, the width, the height or both: "40x12 needs 32x17"
    left the player to find which."""
    narrow, low = width < need[0], height < need[1]
    if narrow and not low:
        return f"This terminal is {width} columns wide; the game needs {need[0]}."
    if low and not narrow:
        return f"This terminal is {height} rows high; the game needs {need[1]}."
    return (
        f"This terminal is {width}x{height}; the game needs {need[0]}x{need[1]}: "
        "wider and taller."
    )


def too_small(
    width: int,
    height: int,
    need: tuple[int, int],
    overlay: Box | None = None,
    *,
    drawn: bool = False,
) -> list[Span]:
    """The message for a terminal smaller than ``need`` (width, height),
    in a box like every other; an overlay's title and lines come first,
    so a question is still seen and answered (scrolled as it is)."""
    lines = [short_side(width, height, need), "Please enlarge it (q quits)."]
    if overlay is None:
        return overlay_box("Too small", lines, width, height, drawn=drawn)
    lines = [f"{overlay.title}:", *overlay.lines, "", *lines]  # the question first
    return overlay_box(
        "Too small",
        lines,
        width,
        height,
        drawn=drawn,
        scroll=overlay.scroll,
        shown=overlay.shown,
    )
