"""Forty Thieves' cards grow with the terminal, and two cards of a pile are
told apart (issue 23: one line per card, no line between them, and at
100x32 two thirds of the felt empty)."""

from __future__ import annotations

from pathlib import Path

import pytest

from playmanager.forty_thieves.adapter import FortyThieves
from playmanager.forty_thieves.text import symbol_text
from playmanager.forty_thieves.tui.controller import TABLEAU_ROW, TOP_ROW, Controller
from playmanager.forty_thieves.tui.layout import geometry, pile_at, render
from playmanager.forty_thieves.tui.view import styles
from playmanager.screen.shell import Span
from playmanager.session import Session


def controller(tmp_path: Path) -> Controller:
    adapter = FortyThieves()
    session = Session(
        adapter, adapter.new_model(5), 5, str(tmp_path / "save"), loaded=False
    )
    return Controller(session, rescue_folder=str(tmp_path / "data"))


def pile_spans(spans: list[Span], col: int, top: int) -> list[Span]:
    return sorted(
        (s for s in spans if s.col == col and s.row >= top and s.role != "felt"),
        key=lambda s: s.row,
    )


@pytest.mark.parametrize(
    ("size", "card"), [((80, 24), (5, 1)), ((100, 32), (7, 2)), ((120, 40), (9, 4))]
)
def test_cards_grow_with_the_terminal(
    tmp_path: Path, size: tuple[int, int], card: tuple[int, int]
) -> None:
    found = geometry(*size)
    assert found is not None
    assert (found.columns.cell_width, found.card_height) == card
    assert found.columns.left + found.columns.width <= size[0]
    spans = render(controller(tmp_path).screen(), *size, colour=True, card_text=str)
    pile = pile_spans(spans, found.columns.cell_left(0), found.tableau_top)
    roles = [span.role for span in pile]
    assert roles == ["covered"] * 3 + ["card"] * card[1]  # four cards dealt
    first, last = pile[3].text, pile[-1].text
    assert len(first) == card[0] and first.split() == last.split()
    if card[1] > 1:  # the index again at the bottom right, as on a card
        assert first.startswith(" 5D") and last.endswith("5D ")


def test_a_covered_card_is_underlined_so_two_cards_never_merge() -> None:
    found = styles()
    for value in (1, 2):
        covered, card = found[f"covered:{value}"], found[f"card:{value}"]
        assert covered.underline and not card.underline
        assert (covered.fg, covered.bg) == (card.fg, card.bg)


def test_clicks_find_the_piles_of_tall_cards() -> None:
    found = geometry(120, 40)
    assert found is not None
    left = found.columns.cell_left(0) + 1
    for line in range(found.card_height):
        assert pile_at(120, 40, 3 + line, left) == TOP_ROW[0]
    assert pile_at(120, 40, found.tableau_labels, left) == TABLEAU_ROW[0]
    assert pile_at(120, 40, found.tableau_top + 5, left) == TABLEAU_ROW[0]


def test_a_long_pile_keeps_its_top_card_whole_under_a_count(tmp_path: Path) -> None:
    screen = controller(tmp_path).screen()
    long = tuple(screen.tableau[1]) * 10  # 40 cards
    screen = screen._replace(tableau=(screen.tableau[0], long, *screen.tableau[2:]))
    spans = render(screen, 120, 40, colour=True, card_text=symbol_text)
    found = geometry(120, 40)
    assert found is not None
    pile = pile_spans(spans, found.columns.cell_left(1), found.tableau_top)
    assert pile[0].text.strip().startswith("+")
    assert pile[-1].row < found.tableau_bottom
    assert len(pile) == found.tableau_rows
