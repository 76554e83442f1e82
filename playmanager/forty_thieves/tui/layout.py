"""Where the Forty Thieves full screen puts everything, without curses.

:func:`render` turns a :class:`~.controller.Screen` and a terminal size
into :class:`~playmanager.screen.shell.Span` s; :func:`pile_at` answers which
pile a screen cell shows (for the mouse) from the same geometry. From the
top: the title line; the top row (the eight foundations, the deck and the
waste) with its labels; the ten tableau piles with theirs, each card one
line high so every card shows; the status line and the key line at the
bottom. The cards sit on a green felt and the piles are spread to the
terminal's width. A pile too tall for the terminal shows its top cards
under a ``+N`` line.

Roles (see :mod:`.view` for the colours): ``card`` (value 1 red, 2 black),
``selected`` and ``hint`` (the same values; 0 for an empty pile),
``slot`` (an empty pile), ``back`` (the deck), ``felt``, ``label``,
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
    board_background,
    footer_lines,
    overlay_box,
    title_line,
    too_small,
)
from .controller import DECK, TABLEAU_ROW, TOP_ROW, WASTE, Pile, Screen

CARD_WIDTH: Final = 5
"""`` 10♥ `` and a space."""
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
    """Ten columns one line high; its cell_left(i) is column i's left edge."""
    tableau_rows: int
    """Lines the tableau may take."""

    @property
    def tableau_bottom(self) -> int:
        return TABLEAU_TOP + self.tableau_rows


def minimum_size() -> tuple[int, int]:
    """The smallest terminal (width, height) the screen fits."""
    width = 10 * (CARD_WIDTH + NARROW_GAP) + NARROW_GAP
    return width, TABLEAU_TOP + MIN_TABLEAU_ROWS + FOOTER_LINES


def geometry(width: int, height: int) -> Geometry | None:
    """The layout for a ``width`` x ``height`` terminal; None if too small."""
    min_width, min_height = minimum_size()
    if width < min_width or height < min_height:
        return None
    for gap in (WIDE_GAP, NARROW_GAP):
        columns = Grid(1, 10, CARD_WIDTH, 1, gap, 0)
        if columns.width <= width:
            break
    columns = columns._replace(left=(width - columns.width) // 2)
    return Geometry(columns, height - TABLEAU_TOP - FOOTER_LINES)


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
    if row in (TOP_LABELS, TOP_CARDS):
        return TOP_ROW[column]
    if TABLEAU_LABELS <= row < found.tableau_bottom:
        return TABLEAU_ROW[column]
    return None


def render(
    screen: Screen, width: int, height: int, *, colour: bool, card_text: CardText
) -> list[Span]:
    """Lay out ``screen`` on a ``width`` x ``height`` terminal."""
    found = geometry(width, height)
    if found is None:
        overlay = screen.overlay
        question = None if overlay is None else (overlay.title, overlay.lines)
        spans = too_small(width, height, minimum_size(), question)
        return clip(spans, width, height)
    columns = found.columns
    figures = f"deal {screen.seed}   home {screen.home}/104   moves {screen.steps}"
    spans = title_line(TITLE_ROW, columns.left, columns.width, "Forty Thieves", figures)
    if colour:
        felt = Grid(1, 1, columns.width, found.tableau_bottom - TOP_LABELS, 0, 0)
        spans += board_background(
            felt._replace(top=TOP_LABELS, left=columns.left), "felt"
        )
    painter = _Painter(screen, columns, colour=colour, card_text=card_text)
    spans += painter.top_row()
    spans += painter.tableau(found.tableau_rows)
    spans += footer_lines(height - 2, columns.left, width, screen.status, screen.footer)
    if screen.overlay is not None:
        spans += _overlay(screen.overlay, width, height)
    return clip(spans, width, height)


def _overlay(overlay: Overlay, width: int, height: int) -> list[Span]:
    """The box in the middle; a ``low`` one just above the status line."""
    box = overlay_box(overlay.title, overlay.lines, width, height)
    if not overlay.low:
        return box
    shift = height - FOOTER_LINES - 1 - box[-1].row
    return [span._replace(row=span.row + shift) for span in box]


class _Painter:
    """The spans of the piles, their labels and their marks."""

    def __init__(
        self, screen: Screen, columns: Grid, *, colour: bool, card_text: CardText
    ) -> None:
        self.screen = screen
        self.columns = columns
        self.colour = colour
        self.card_text = card_text

    def top_row(self) -> list[Span]:
        screen = self.screen
        labels = [f"f{n + 1}" for n in range(8)] + ["deck", "waste"]
        spans = self.labels(TOP_LABELS, TOP_ROW, labels)
        for column, pile in enumerate(TOP_ROW):
            if pile == DECK:
                spans.append(self.deck(column))
                continue
            cards = screen.waste if pile == WASTE else screen.foundations[column]
            spans.append(
                self.cell(TOP_CARDS, column, pile, cards[-1] if cards else None)
            )
        return spans

    def tableau(self, rows: int) -> list[Span]:
        spans = self.labels(
            TABLEAU_LABELS, TABLEAU_ROW, [str(n + 1) for n in range(10)]
        )
        for column, pile in enumerate(TABLEAU_ROW):
            cards = self.screen.tableau[column]
            if not cards:
                spans.append(self.cell(TABLEAU_TOP, column, pile, None))
                continue
            shown = cards if len(cards) <= rows else cards[-(rows - 1) :]
            row = TABLEAU_TOP
            if len(shown) < len(cards):
                hidden = f"+{len(cards) - len(shown)}"
                spans.append(self.text(row, column, f" {hidden:<4}", "label"))
                row += 1
            for depth, card in enumerate(shown):
                top = depth == len(shown) - 1
                spans.append(
                    self.cell(row + depth, column, pile if top else None, card)
                )
        return spans

    def labels(self, row: int, piles: tuple[Pile, ...], texts: list[str]) -> list[Span]:
        spans = []
        for column, (pile, label) in enumerate(zip(piles, texts, strict=True)):
            under_cursor = pile == self.screen.cursor
            if under_cursor and not self.colour:
                label = f"[{label}]"
            role = "cursor" if under_cursor else "label"
            spans.append(self.text(row, column, f"{label:^{CARD_WIDTH}}", role))
        return spans

    def deck(self, column: int) -> Span:
        size = self.screen.deck_size
        if size == 0:
            return self.cell(TOP_CARDS, column, DECK, None)
        mark = self._mark(DECK)
        if not self.colour:
            return self.text(TOP_CARDS, column, _plain(str(size), mark), "text")
        role = "back" if mark is None else mark
        return self.text(TOP_CARDS, column, f"{size:^{CARD_WIDTH}}", role)

    def cell(
        self, row: int, column: int, pile: Pile | None, card: CardT | None
    ) -> Span:
        """One card (None: an empty pile); ``pile`` when it is that pile's top,
        so that it shows the pile's marks."""
        mark = None if pile is None else self._mark(pile)
        label = "--" if card is None else self.card_text(card)
        if not self.colour:
            return self.text(row, column, _plain(label, mark), "text")
        value = 0 if card is None else (RED if card.s.is_red else BLACK)
        role = mark or ("slot" if card is None else "card")
        return self.text(
            row, column, f" {'' if card is None else label:<3} ", role, value
        )

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


def _plain(label: str, mark: str | None) -> str:
    """A cell without colour: ``>7S<`` chosen, ``*7S*`` hinted, ``(7S)``
    just moved, `` 7S `` else."""
    left, right = PLAIN_MARKS.get(mark or "", (" ", " "))
    return f"{left}{label}{right}".ljust(CARD_WIDTH)
