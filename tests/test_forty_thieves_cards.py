"""Forty Thieves' cards grow with the terminal, and two cards of a pile are
told apart (issue 23: one line per card, no line between them, and at
100x32 two thirds of the felt empty): covered cards fan out while the
longest pile fits, and close up as it grows."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamestate.forty_thieves import CardT, SuitT
from playmanager.forty_thieves.adapter import FortyThieves
from playmanager.forty_thieves.text import symbol_text
from playmanager.forty_thieves.tui.controller import TABLEAU_ROW, TOP_ROW, Controller
from playmanager.forty_thieves.tui.layout import (
    MAX_COVERED_LINES,
    covered_lines,
    geometry,
    pile_at,
    render,
)
from playmanager.forty_thieves.tui.view import styles
from playmanager.screen.modal import Overlay
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
    ("size", "card"), [((80, 24), (5, 1)), ((100, 32), (7, 3)), ((120, 40), (9, 5))]
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
    # four cards dealt: three covered ones fanned three lines each, then the top
    assert roles == ["card", "card", "covered"] * 3 + ["card"] * card[1]
    assert pile[-1].row - pile[0].row + 1 == 9 + card[1]  # the felt is used
    first, last = pile[9].text, pile[-1].text
    assert len(first) == card[0] and first.split() == last.split()
    if card[1] > 1:  # the index again at the bottom right, as on a card
        assert first.startswith(" 5D") and last.endswith("5D ")


def test_a_rule_parts_two_cards_where_line_drawing_shows(tmp_path: Path) -> None:
    screen = controller(tmp_path).screen()
    found = geometry(100, 32)
    assert found is not None
    spans = render(screen, 100, 32, colour=True, card_text=str, drawn=True)
    pile = pile_spans(spans, found.columns.cell_left(0), found.tableau_top)
    edges = [span for span in pile if span.role == "edge"]
    assert [span.row - found.tableau_top for span in edges] == [2, 5, 8]
    assert all(span.text == "\u2500" * found.columns.cell_width for span in edges)
    plain = render(screen, 100, 32, colour=False, card_text=str, drawn=True)
    assert "\u2500" * 7 in {span.text for span in plain}


@given(longest=st.integers(0, 60), rows=st.integers(4, 60), height=st.integers(1, 5))
def test_covered_cards_close_up_as_the_longest_pile_grows(
    longest: int, rows: int, height: int
) -> None:
    piles = ((CardT(SuitT.Spade, 1),) * longest, ())
    lines = covered_lines(rows, height, piles)
    assert 1 <= lines <= MAX_COVERED_LINES
    if lines > 1 and longest > 1:  # fanned wider only while the pile fits whole
        assert (longest - 1) * lines + height <= rows
    if (longest - 1) * 2 + height <= rows:
        assert lines >= 2
    more = covered_lines(rows, height, ((CardT(SuitT.Spade, 1),) * (longest + 1),))
    assert more <= lines


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


@pytest.mark.parametrize("extra", [0, 4, 9])
def test_the_box_of_an_ended_game_leaves_every_top_card_in_view(
    tmp_path: Path, extra: int
) -> None:
    screen = controller(tmp_path).screen()
    longer = tuple(screen.tableau[2]) + tuple(screen.tableau[3])[:extra]
    box = Overlay("No move left", ("Game over: 0 of 104 home", "", "n  new deal"), low=True)
    screen = screen._replace(
        tableau=(*screen.tableau[:2], longer, *screen.tableau[3:]), overlay=box
    )
    found = geometry(80, 24)
    assert found is not None
    spans = render(screen, 80, 24, colour=True, card_text=str)
    box_top = min(span.row for span in spans if span.role == "overlay")
    for column, cards in enumerate(screen.tableau):
        pile = pile_spans(spans, found.columns.cell_left(column), found.tableau_top)
        tops = [s for s in pile if s.role == "card" and s.text.split() == [str(cards[-1])]]
        assert tops and tops[-1].row < box_top, f"pile {column + 1}'s top card"
