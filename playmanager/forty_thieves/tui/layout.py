"""Where the Forty Thieves full screen puts everything, without curses.

:func:`render` turns a :class:`~.controller.Screen` and a terminal size
into :class:`~playmanager.screen.shell.Span` s; :func:`pile_at` answers which
pile a screen cell shows (for the mouse) from the same geometry. From the
top: the title line; the top row (the eight foundations, the deck and the
waste) with its labels; the ten tableau piles with theirs, each covered
card up to three lines high while the longest pile fits (then one), its
lower edge underlined so that two cards of a pile are told apart; the status line and the key line at
the bottom. The cards sit on a green felt and the piles are spread to the
terminal's width. Cards grow with the terminal: wider with its width, and
the top cards taller with its height (their index again at the bottom
right, as on a real card). A pile too tall for the terminal shows its top
cards under a ``+N`` line.

Roles (see :mod:`.view` for the colours): ``card`` (value 1 red, 2 black),
``selected`` and ``hint`` (the same values; 0 for an empty pile),
``slot`` (an empty pile), ``back`` (the deck), ``felt``, ``label``,
``covered`` (a card under another: values as ``card``, underlined),
``edge`` (the rule between two cards of a fanned pile),
``cursor`` (the label of the pile under the cursor), ``moved`` (for a
moment, the cards the last move put where they are), ``title``,
``status``, ``text``, ``overlay``. Without colour, marks are characters:
``>7S<`` the chosen card, ``*7S*`` the hint, ``(7S)`` a moved card,
``[3]`` the cursor.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from gamestate.forty_thieves import CardT
from gamestate.forty_thieves.moves import CardText

from ...screen.modal import Overlay
from ...screen.shell import Span, clip
from ...screen.widgets import (
    Grid,
    banner_box,
    board_background,
    box_spans,
    footer_lines,
    title_line,
    too_small,
)
from .controller import DECK, TABLEAU_ROW, TOP_ROW, WASTE, Pile, Screen

CARD_WIDTH: Final = 5
"""`` 10♥ `` and a space: the narrowest card."""
MAX_CARD_WIDTH: Final = 9
MAX_CARD_HEIGHT: Final = 5
TALL_FROM: Final = 24
"""Terminal lines above which the top cards grow a line every 4 lines."""
EDGE: Final = "\u2500"
"""The rule between two cards of a pile (box drawing light horizontal)."""
MAX_COVERED_LINES: Final = 3
"""The most lines a covered card of the tableau shows (its index and face)."""
WIDE_GAP: Final = 2
NARROW_GAP: Final = 1
TITLE_ROW: Final = 0
TOP_LABELS: Final = 2
TOP_CARDS: Final = 3
TABLEAU_LABELS: Final = 5
TABLEAU_TOP: Final = 6
FOOTER_LINES: Final = 3
"""A blank line, the status line, the key line."""
MIN_TABLEAU_ROWS: Final = 4
RED: Final = 1
BLACK: Final = 2


class Geometry(NamedTuple):
    """Where the columns and the tableau go on a terminal of one size."""

    columns: Grid
    """Ten columns one line high; its cell_left(i) is column i's left edge,
    its cell_width the cards' width."""
    tableau_rows: int
    """Lines the tableau may take."""
    card_height: int = 1
    """Lines of a card on top of its pile (a covered card has one)."""

    @property
    def tableau_labels(self) -> int:
        return TOP_CARDS + self.card_height + 1

    @property
    def tableau_top(self) -> int:
        return self.tableau_labels + 1

    @property
    def tableau_bottom(self) -> int:
        return self.tableau_top + self.tableau_rows


def minimum_size() -> tuple[int, int]:
    """The smallest terminal (width, height) the screen fits: the narrowest
    cards a column apart, without the felt's edge outside the first and
    last piles."""
    width = 10 * (CARD_WIDTH + NARROW_GAP) - NARROW_GAP
    return width, TABLEAU_TOP + MIN_TABLEAU_ROWS + FOOTER_LINES


def geometry(width: int, height: int) -> Geometry | None:
    """The layout for a ``width`` x ``height`` terminal; None if too small."""
    min_width, min_height = minimum_size()
    if width < min_width or height < min_height:
        return None
    card_width = min(
        max((width - WIDE_GAP) // 10 - WIDE_GAP, CARD_WIDTH), MAX_CARD_WIDTH
    )
    for gap in (WIDE_GAP, NARROW_GAP):
        columns = Grid(1, 10, card_width, 1, gap, 0)
        if columns.width <= width:
            break
    # a felt one column too wide for the screen loses its two edges
    columns = columns._replace(left=(width - columns.width) // 2)
    card_height = min(1 + max(height - TALL_FROM, 0) // 4, MAX_CARD_HEIGHT)
    tableau_top = TABLEAU_TOP + card_height - 1
    return Geometry(columns, height - tableau_top - FOOTER_LINES, card_height)


def covered_lines(
    rows: int, card_height: int, piles: tuple[tuple[CardT, ...], ...]
) -> int:
    """Lines a covered card takes in the tableau's ``rows``: as many as let
    the longest pile fit whole (up to :data:`MAX_COVERED_LINES`), so the
    piles close up as they grow, as a real fan of cards does; at least 1."""
    longest = max((len(pile) for pile in piles), default=0)
    if longest <= 1:
        return MAX_COVERED_LINES
    return max(1, min(MAX_COVERED_LINES, (rows - card_height) // (longest - 1)))


def pile_at(width: int, height: int, row: int, col: int) -> Pile | None:
    """The pile drawn at screen cell (row, col), or None: a click on a
    card, a label or the empty space under a tableau pile picks that pile."""
    found = geometry(width, height)
    if found is None:
        return None
    hit = found.columns._replace(top=row).cell_at(row, col)
    if hit is None:
        return None
    column = hit[1]
    if TOP_LABELS <= row < TOP_CARDS + found.card_height:
        return TOP_ROW[column]
    if found.tableau_labels <= row < found.tableau_bottom:
        return TABLEAU_ROW[column]
    return None


def render(
    screen: Screen,
    width: int,
    height: int,
    *,
    colour: bool,
    card_text: CardText,
    drawn: bool = False,
) -> list[Span]:
    """Lay out ``screen`` on a ``width`` x ``height`` terminal; ``drawn``: a
    UTF-8 terminal, whose boxes are drawn with line-drawing characters."""
    found = geometry(width, height)
    if found is None:
        spans = too_small(width, height, minimum_size(), screen.overlay, drawn=drawn)
        return clip(spans, width, height)
    columns = found.columns
    left, room = max(columns.left, 0), min(columns.width, width)
    figures = f"deal {screen.seed}   home {screen.home}/104   moves {screen.steps}"
    spans = title_line(TITLE_ROW, left, room, "Forty Thieves", figures)
    if colour:
        felt = Grid(1, 1, room, found.tableau_bottom - TOP_LABELS, 0, 0)
        spans += board_background(felt._replace(top=TOP_LABELS, left=left), "felt")
    painter = _Painter(screen, found, colour=colour, card_text=card_text, drawn=drawn)
    spans += painter.top_row()
    overlay = screen.overlay
    box = [] if overlay is None else _overlay(overlay, width, height, drawn=drawn)
    rows = found.tableau_rows
    if overlay is not None and overlay.low:
        # the piles close up above a low box, so the last position stays in view
        room = box[0].row - found.tableau_top
        if room >= MIN_TABLEAU_ROWS // 2:
            rows = min(rows, room)
        else:  # no room above it: a box in the middle, as any other
            box = _overlay(overlay._replace(low=False), width, height, drawn=drawn)
    spans += painter.tableau(rows)
    ended = overlay is not None and overlay.low  # its box lists the keys it takes
    keys = "" if ended else screen.footer
    spans += footer_lines(height - 2, left, width, screen.status, keys)
    return clip(spans + box, width, height)


def _overlay(overlay: Overlay, width: int, height: int, *, drawn: bool) -> list[Span]:
    """The box in the middle; a ``low`` one just above the status line."""
    if not overlay.low:
        return box_spans(overlay, width, height, drawn=drawn)
    box = banner_box(overlay, width, height - FOOTER_LINES, drawn=drawn)
    shift = height - FOOTER_LINES - 1 - box[-1].row
    return [span._replace(row=span.row + shift) for span in box]


class _Painter:
    """The spans of the piles, their labels and their marks."""

    def __init__(
        self,
        screen: Screen,
        found: Geometry,
        *,
        colour: bool,
        card_text: CardText,
        drawn: bool = False,
    ) -> None:
        self.screen = screen
        self.drawn = drawn
        self.columns = found.columns
        self.found = found
        self.width = found.columns.cell_width
        self.colour = colour
        self.card_text = card_text

    def top_row(self) -> list[Span]:
        screen = self.screen
        labels = [f"f{n + 1}" for n in range(8)] + ["deck", "waste"]
        spans = self.labels(TOP_LABELS, TOP_ROW, labels)
        for column, pile in enumerate(TOP_ROW):
            if pile == DECK:
                spans += self.deck(column)
                continue
            cards = screen.waste if pile == WASTE else screen.foundations[column]
            spans += self.card(TOP_CARDS, column, pile, cards[-1] if cards else None)
        return spans

    def tableau(self, rows: int) -> list[Span]:
        top_row = self.found.tableau_top
        spans = self.labels(
            self.found.tableau_labels, TABLEAU_ROW, [str(n + 1) for n in range(10)]
        )
        step = covered_lines(rows, self.found.card_height, self.screen.tableau)
        for column, pile in enumerate(TABLEAU_ROW):
            cards = self.screen.tableau[column]
            if not cards:
                spans += self.card(top_row, column, pile, None)
            elif (len(cards) - 1) * step + self.found.card_height <= rows:
                spans += self.fanned(top_row, column, pile, cards, step)
            else:
                spans += self.closed_up(rows, column, pile, cards)
        return spans

    def closed_up(
        self, rows: int, column: int, pile: Pile, cards: tuple[CardT, ...]
    ) -> list[Span]:
        """A pile too long to fan: a line a card, the top one shorter if it
        must be, and its bottom cards under a ``+N`` line if still too long."""
        height = min(self.found.card_height, max(rows - len(cards) + 1, 1))
        room = rows - height + 1  # lines for the covered cards and the top
        shown = cards if len(cards) <= room else cards[-(room - 1) :]
        row, spans = self.found.tableau_top, []
        if len(shown) < len(cards):
            hidden = f"+{len(cards) - len(shown)}"
            spans.append(
                self.text(row, column, f" {hidden:<{self.width - 1}}", "label")
            )
            row += 1
        return spans + self.fanned(row, column, pile, shown, 1, height)

    def fanned(
        self,
        row: int,
        column: int,
        pile: Pile,
        cards: tuple[CardT, ...],
        step: int,
        height: int | None = None,
    ) -> list[Span]:
        """``cards`` from ``row`` down, each covered one ``step`` lines, the
        top one ``height`` (default the geometry's)."""
        spans = []
        for card in cards[:-1]:
            spans += self.covered(row, column, card, step)
            row += step
        return spans + self.card(row, column, pile, cards[-1], height)

    def labels(self, row: int, piles: tuple[Pile, ...], texts: list[str]) -> list[Span]:
        spans = []
        for column, (pile, label) in enumerate(zip(piles, texts, strict=True)):
            under_cursor = pile == self.screen.cursor
            if under_cursor and not self.colour:
                label = f"[{label}]"
            role = "cursor" if under_cursor else "label"
            spans.append(self.text(row, column, f"{label:^{self.width}}", role))
        return spans

    def deck(self, column: int) -> list[Span]:
        size = self.screen.deck_size
        if size == 0:
            return self.card(TOP_CARDS, column, DECK, None)
        mark = self._mark(DECK)
        height = self.found.card_height
        if not self.colour:
            first = _plain(str(size), mark, self.width)
            return self._block(TOP_CARDS, column, height, first, "", "text")
        role = "back" if mark is None else mark
        return self._block(TOP_CARDS, column, height, f"{size:^{self.width}}", "", role)

    def card(
        self,
        row: int,
        column: int,
        pile: Pile | None,
        card: CardT | None,
        height: int | None = None,
    ) -> list[Span]:
        """The card on top of a pile (None: an empty pile), ``height`` lines
        (default the geometry's) with its index again at the bottom right;
        ``pile`` is whose top it is, for the pile's marks."""
        height = self.found.card_height if height is None else height
        mark = None if pile is None else self._mark(pile)
        label = "--" if card is None else self.card_text(card)
        inner = self.width - 2
        if not self.colour:
            first, last = _plain(label, mark, self.width), f" {label:>{inner}} "
            return self._block(row, column, height, first, last, "text")
        value = 0 if card is None else (RED if card.s.is_red else BLACK)
        role = mark or ("slot" if card is None else "card")
        shown = "" if card is None else label
        first, last = f" {shown:<{inner}} ", f" {shown:>{inner}} "
        return self._block(row, column, height, first, last, role, value)

    def covered(self, row: int, column: int, card: CardT, lines: int = 1) -> list[Span]:
        """A card under another: its index on the first of ``lines`` lines;
        the line between it and the next card is its last line drawn as a
        rule (where line drawing shows; else its lower edge underlined)."""
        label = self.card_text(card)
        value = RED if card.s.is_red else BLACK
        text = _plain(label, None, self.width) if not self.colour else label
        first = f" {text.strip():<{self.width - 1}}"
        if lines == 1:
            return [self.text(row, column, first, "covered", value)]
        face = "card" if self.colour else "text"
        blank = " " * self.width
        return [
            self.text(row, column, first, face, value),
            *(
                self.text(row + i, column, blank, face, value)
                for i in range(1, lines - 1)
            ),
            self.edge(row + lines - 1, column, value),
        ]

    def edge(self, row: int, column: int, value: int) -> Span:
        if self.drawn:
            return self.text(
                row, column, EDGE * self.width, "edge" if self.colour else "text"
            )
        return self.text(row, column, " " * self.width, "covered", value)

    def _block(
        self,
        row: int,
        column: int,
        height: int,
        first: str,
        last: str,
        role: str,
        value: int = 0,
    ) -> list[Span]:
        """A card ``height`` lines tall: ``first``, blank lines, ``last``."""
        blank = " " * self.width
        lines = [first] + [blank] * (height - 2) + [last or blank]
        lines = lines[:1] if height == 1 else lines
        return [
            self.text(row + i, column, line, role, value)
            for i, line in enumerate(lines)
        ]

    def text(self, row: int, column: int, text: str, role: str, value: int = 0) -> Span:
        return Span(row, self.columns.cell_left(column), text, role, value)

    def _mark(self, pile: Pile) -> str | None:
        """ "selected" for the chosen pile, "hint" for the hint's two piles,
        "moved" for a pile whose top card the last move put there."""
        if pile == self.screen.selected:
            return "selected"
        if self.screen.hint is not None and pile in self.screen.hint:
            return "hint"
        if pile in self.screen.moved:
            return "moved"
        return None


PLAIN_MARKS: Final = {"selected": (">", "<"), "hint": ("*", "*"), "moved": ("(", ")")}


def _plain(label: str, mark: str | None, width: int = CARD_WIDTH) -> str:
    """A cell without colour: ``>7S<`` chosen, ``*7S*`` hinted, ``(7S)``
    just moved, `` 7S `` else."""
    left, right = PLAIN_MARKS.get(mark or "", (" ", " "))
    return f"{left}{label}{right}".ljust(width)
