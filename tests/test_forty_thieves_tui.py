"""The Forty Thieves full screen without a terminal: the controller (keys
and clicks in, moves and a screen out) and the layout (spans, and which
pile a click hits)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from gamestate.forty_thieves import BoardT, CardT, CategoryT, SuitT, deal
from gamestate.forty_thieves.moves import DeckMove, Move, TabMove, WasteMove
from playmanager.forty_thieves import text
from playmanager.forty_thieves.adapter import FortyThieves
from playmanager.forty_thieves.savefile import load
from playmanager.forty_thieves.text import symbol_text
from playmanager.forty_thieves.tui.controller import (
    DECK,
    PLAYING_KEYS,
    TABLEAU_ROW,
    TOP_ROW,
    WASTE,
    Controller,
    Pile,
    help_lines,
    key_text,
)
from playmanager.forty_thieves.tui.layout import (
    covered_lines,
    geometry,
    minimum_size,
    pile_at,
    render,
)
from playmanager.forty_thieves.tui.view import App, styles
from playmanager.rules_text import forty_thieves_rules
from playmanager.screen.input import MouseEvent
from playmanager.screen.marks import MARK_SECONDS
from playmanager.screen.modal import ENDED
from playmanager.screen.shell import Span
from playmanager.session import Session

from .forty_thieves_helpers import cards, position

T, F = CategoryT.Tableau, CategoryT.Foundation
SAVES = Path(__file__).parent.parent / "saves"


class Hinted(FortyThieves):
    """Forty Thieves whose hint is a function's answer."""

    def __init__(self, hinter: Callable[[BoardT], Move | None]) -> None:
        super().__init__()
        self.hinter = hinter

    def hint_onward(self, model: BoardT, earlier: Sequence[BoardT]) -> Move | None:
        return self.hinter(model)


def controller(
    board: BoardT | None = None,
    *,
    save_target: str = "unused",
    hinter: Callable[[BoardT], Move | None] = lambda board: None,
    rescue_folder: Path = Path("/nonexistent"),
    clock: Callable[[], float] = time.monotonic,
) -> Controller:
    session = Session(
        Hinted(hinter), board or BoardT(deal(118)), 118, save_target, loaded=False
    )
    return Controller(
        session,
        rescue_folder=str(rescue_folder),
        greeting="hi",
        clock=clock,
    )


def press(control: Controller, *keys: str) -> Controller:
    for key in keys:
        control.press(key)
    return control


def tops(control: Controller) -> list[str]:
    return [str(pile[-1]) if pile else "--" for pile in control.screen().tableau]


# --- the controller: picking and moving --------------------------------------


def test_a_source_then_a_target_moves_the_card() -> None:
    control = press(controller(), "3")
    assert control.screen().selected == TABLEAU_ROW[2]
    assert control.screen().status == (
        "3S chosen: now where it goes (1-0, f or F1-F8, or click)"
    )
    press(control, "7")
    assert tops(control)[6] == "3S" and control.screen().selected is None
    assert control.screen().status == "3S from tableau 3 to tableau 7"
    assert control.screen().steps == 1


def test_a_refused_move_says_why_and_forgets_the_choice() -> None:
    control = press(controller(), "1", "2")
    assert (
        control.screen().status
        == "7C cannot go on 3C: tableau piles build down in suit"
    )
    assert control.screen().selected is None and control.screen().steps == 0


def test_zero_is_the_tenth_pile_and_a_card_that_cannot_move_says_so() -> None:
    control = press(controller(), "0")
    assert control.screen().selected == TABLEAU_ROW[9]
    press(control, "0")  # picked again: QD has nowhere to go (no JD, KD on top)
    assert control.screen().status == "QD cannot move now"
    assert control.screen().selected is None


def test_picking_twice_prefers_a_foundation() -> None:
    board = position(tableau={0: "AS", 1: "2S", 2: ""}, rest=9)
    control = press(controller(board), "1", "1")
    assert control.session.model.get_foundation(0).toSeq() == cards("AS")
    press(control, "2", "2")  # 2S: the foundation before the empty tableau 3
    assert control.session.model.get_foundation(0).toSeq() == cards("AS 2S")


def test_the_waste_is_a_source_and_w_twice_sends_its_card() -> None:
    board = position(tableau={4: "QD"}, waste="JD AC")
    control = press(controller(board), "w")
    assert control.screen().selected == WASTE
    press(control, "w")
    assert control.session.model.get_foundation(0).toSeq() == cards("AC")
    press(control, "w", "5")
    assert control.session.model.get_tab(4).toSeq() == cards("QD JD")


def test_f_sends_the_chosen_card_to_a_foundation() -> None:
    board = position(tableau={0: "AH", 1: "7C"}, foundation={2: "AD"}, waste="2D")
    control = press(controller(board), "f")
    assert control.screen().status == "Choose a card first (1-0 or w), then f"
    press(control, "1", "f")
    assert control.session.model.get_foundation(0).toSeq() == cards("AH")
    assert control.screen().status == "AH from tableau 1 to foundation 1"
    press(control, "w", "f")
    assert control.session.model.get_foundation(2).toSeq() == cards("AD 2D")
    press(control, "2", "f")
    assert control.screen().status == (
        "No foundation takes 7C: foundations build up in suit from the Ace"
    )


def test_shift_f_then_a_digit_sends_the_chosen_card_to_that_foundation() -> None:
    board = position(tableau={0: "AH", 1: "AS", 2: "2H"}, foundation={2: "AD"})
    control = press(controller(board), "1", "F")
    assert control.screen().selected == TABLEAU_ROW[0]
    assert control.screen().status == (
        "AH to which foundation? 1-8 (f: the one that takes it)"
    )
    press(control, "5")  # foundation 5, not tableau 5
    assert control.session.model.get_foundation(4).toSeq() == cards("AH")
    assert control.screen().status == "AH from tableau 1 to foundation 5"
    assert control.screen().cursor == TOP_ROW[4]
    press(control, "3", "F", "3")  # a foundation that refuses says why
    assert control.screen().status == (
        "2H cannot go on AD: foundations build up in suit from the Ace"
    )
    assert control.session.model.get_tab(2).toSeq() == cards("2H")
    press(control, "3", "F", "5")
    assert control.session.model.get_foundation(4).toSeq() == cards("AH 2H")


def test_after_shift_f_any_other_key_does_what_it_always_does() -> None:
    board = position(tableau={0: "AH", 1: "AS"})
    control = press(controller(board), "1", "F", "f")  # f: the one that takes it
    assert control.session.model.get_foundation(0).toSeq() == cards("AH")
    press(control, "2", "F", "9")  # there is no foundation 9: the card stays chosen
    assert control.screen().status == "There are 8 foundations: F, then 1-8"
    assert control.screen().selected == TABLEAU_ROW[1]
    press(control, "F", "^[")  # Esc: the choice is forgotten
    assert control.screen().selected is None
    press(control, "2", "F", "3")  # digits name tableau piles again after Esc
    assert control.session.model.get_foundation(2).toSeq() == cards("AS")
    press(control, "F")
    assert control.screen().status == "Choose a card first (1-0 or w), then F and 1-8"
    press(control, "1")  # no naming was pending: tableau 1 (now empty)
    assert control.screen().status == "Tableau 1 is empty"


def test_function_keys_f1_to_f8_name_a_foundation_too() -> None:
    board = position(tableau={0: "AH"}, waste="AS")
    control = press(controller(board), "KEY_F(8)")
    assert control.screen().status == "Choose a card first (1-0 or w), then F and 1-8"
    press(control, "1", "KEY_F(8)", "w", "KEY_F(2)")
    assert control.session.model.get_foundation(7).toSeq() == cards("AH")
    assert control.session.model.get_foundation(1).toSeq() == cards("AS")


def test_a_chosen_card_names_every_kind_of_target() -> None:
    control = press(controller(), "3")
    assert "F1-F8" in control.screen().status
    assert any(line.startswith("F1-F8") for line in help_lines())


def test_d_deals_and_an_empty_deck_says_so() -> None:
    control = press(controller(), "d")
    assert control.screen().deck_size == 63
    assert control.screen().status == "Dealt 8H"  # not a command
    stuck = press(controller(position(tableau={0: "KS"}, rest=1)), "d")
    assert stuck.screen().status == (
        "The deck is empty (Forty Thieves deals the deck only once)"
    )


def test_empty_piles_and_foundations_are_not_sources() -> None:
    board = position(tableau={0: ""}, foundation={0: "AS"}, rest=9)
    control = press(controller(board), "1")
    assert control.screen().status == "Tableau 1 is empty"
    control.pick(TOP_ROW[0])
    assert control.screen().status == text.FOUNDATION_STAYS  # as the line mode says
    control.pick(WASTE)
    assert control.screen().status == "The waste is empty"
    assert control.screen().selected is None


def test_esc_forgets_the_choice() -> None:
    control = press(controller(), "3", "^[")
    assert control.screen().selected is None


def test_the_cursor_moves_over_two_rows_and_enter_picks() -> None:
    control = controller()
    assert control.screen().cursor == TABLEAU_ROW[0]
    press(control, "KEY_LEFT")
    assert control.screen().cursor == TABLEAU_ROW[9]  # it wraps
    press(control, "KEY_UP")
    assert control.screen().cursor == TOP_ROW[9] == WASTE
    press(control, "KEY_UP", "KEY_LEFT")
    assert control.screen().cursor == DECK
    press(control, "\n")
    assert control.screen().deck_size == 63
    press(control, "KEY_DOWN", "KEY_LEFT", "KEY_LEFT", "KEY_LEFT", "KEY_LEFT", " ")
    assert control.screen().selected == TABLEAU_ROW[4]


def test_a_digit_moves_the_cursor_to_its_pile() -> None:
    control = press(controller(), "5", "^[")
    assert control.screen().cursor == TABLEAU_ROW[4]


# --- the controller: undo, safe cards, hints, new deals -----------------------


def test_undo_takes_back_moves_one_by_one() -> None:
    control = press(controller(), "d", "3", "7")
    press(control, "u")
    assert control.screen().status == "Undone; 1 more step to undo"
    press(control, "u", "u")
    assert control.screen().status == "Nothing to undo"
    assert control.session.model == BoardT(deal(118))


def test_a_plays_safe_cards_and_one_undo_takes_them_back() -> None:
    board = position(tableau={0: "AH", 1: "2H", 2: "AS"}, rest=9)
    control = press(controller(board.copy()), "a")
    assert control.screen().status == "3 cards to the foundations"
    assert control.screen().home == 3
    press(control, "a")
    assert control.screen().status == "No card is safe to play to the foundations now"
    press(control, "u")
    assert control.session.model == board


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def moved_cards(control: Controller, *, colour: bool = True) -> list[str]:
    """The cards drawn with the mark of a move, as their text."""
    return [s.text.strip() for s in frame(control, colour=colour) if s.role == "moved"]


def test_a_move_marks_the_card_where_it_landed_for_a_moment() -> None:
    clock = Clock()
    control = controller(clock=clock)
    assert control.wake_at() is None and control.screen().moved == frozenset()
    press(control, "3", "7")
    assert control.screen().moved == {TABLEAU_ROW[6]}
    assert moved_cards(control) == ["3S"]  # on pile 7; pile 3's new top is not
    assert control.wake_at() == clock.now + MARK_SECONDS
    clock.now += MARK_SECONDS / 2
    control.tick()
    assert moved_cards(control) == ["3S"]
    clock.now += MARK_SECONDS / 2
    assert moved_cards(control) == []  # over, even before the tick
    control.tick()
    assert control.wake_at() is None


def test_a_deal_marks_the_new_waste_card() -> None:
    control = press(controller(clock=Clock()), "d")
    assert control.screen().moved == {WASTE}
    assert moved_cards(control) == ["8H"]


def test_the_safe_cards_key_marks_every_card_it_sent() -> None:
    board = position(tableau={0: "AH", 1: "2H", 2: "AS", 3: "9C"}, rest=9)
    control = press(controller(board, clock=Clock()), "a")
    homes = control.screen().foundations
    used = {TOP_ROW[n] for n, pile in enumerate(homes) if pile}
    assert len(used) == 2 and control.screen().moved == used
    assert sorted(moved_cards(control)) == ["2H", "AS"]  # the tops: AH is under 2H
    press(control, "a")  # nothing is safe now: the marks stay as they were
    assert control.screen().moved == used


def test_a_key_during_the_mark_is_played_at_once() -> None:
    clock = Clock()
    control = press(controller(clock=clock), "3", "7")
    press(control, "d")  # at the same instant: dealt, and the mark moves on
    assert control.screen().deck_size == 63 and control.screen().moved == {WASTE}
    assert control.wake_at() == clock.now + MARK_SECONDS
    press(control, "u")
    assert control.screen().moved == frozenset() and control.wake_at() is None


def test_without_colour_a_moved_card_is_in_brackets() -> None:
    control = press(controller(clock=Clock()), "3", "7")
    assert "(3S)" in text_at(frame(control, colour=False), card_row(4))


def hint_of(move: Move | None) -> Callable[[BoardT], Move | None]:
    return lambda board: move


def test_the_hint_marks_its_two_piles_until_the_next_key() -> None:
    control = press(controller(hinter=hint_of(TabMove(T, 2, 6))), "H")
    screen = control.screen()
    assert screen.hint == (TABLEAU_ROW[2], TABLEAU_ROW[6])
    assert screen.status == "Hint: 3S from tableau 3 to tableau 7 (keys 3 7)"
    press(control, "KEY_LEFT")
    assert control.screen().hint is None


@pytest.mark.parametrize(
    ("move", "piles"),
    [
        (DeckMove(), (DECK, WASTE)),
        (WasteMove(F, 3), (WASTE, TOP_ROW[3])),
        (TabMove(F, 0, 7), (TABLEAU_ROW[0], TOP_ROW[7])),
    ],
)
def test_every_kind_of_hint_has_its_piles(move: Move, piles: tuple[Pile, Pile]) -> None:
    control = press(controller(hinter=hint_of(move)), "d", "H")
    assert control.screen().hint == piles


@pytest.mark.parametrize(
    ("move", "keys"),
    [
        (TabMove(T, 2, 6), "3 7"),
        (TabMove(T, 9, 0), "0 1"),  # tableau 10 is the key 0
        (TabMove(F, 2, 0), "3 F1"),  # not "3 f1": f then 1 is tableau 1
        (WasteMove(T, 9), "w 0"),
        (WasteMove(F, 7), "w F8"),
        (DeckMove(), "d"),
    ],
)
def test_the_hint_names_this_screen_s_keys(move: Move, keys: str) -> None:
    assert key_text(move) == keys
    control = press(controller(hinter=hint_of(move)), "H")
    assert control.screen().status.endswith(f"(keys {keys})")


def test_no_hint_where_moves_are_left_says_none_leads_to_progress() -> None:
    control = press(controller(hinter=hint_of(None)), "H")  # a deal: moves exist
    assert control.screen().status == (
        "Hint: no move brings a card home or opens the stock"
    )


def test_a_new_deal_takes_the_next_seed_and_can_be_undone() -> None:
    control = press(controller(), "d", "n")
    assert control.session.model == BoardT(deal(119))
    assert control.screen().seed == 119
    press(control, "u")
    assert control.screen().seed == 118 and control.screen().deck_size == 63


# --- the controller: end screens, help, save, quit ---------------------------------


def test_the_win_screen() -> None:
    control = controller(
        load(str(SAVES / "two_moves_from_winning.forty-thieves")).board
    )
    press(control, "w", "f", "1", "f")
    overlay = control.screen().overlay
    assert overlay is not None and overlay.title == "You win!" and overlay.low
    press(control, "3")  # only the end keys work now
    assert control.screen().overlay == overlay
    press(control, "u")
    assert control.screen().overlay is None


def test_the_no_move_left_screen_offers_undo_and_a_new_deal() -> None:
    control = controller(load(str(SAVES / "no_move_left.forty-thieves")).board)
    overlay = control.screen().overlay
    assert overlay is not None and overlay.title == "No move left"
    assert overlay.lines[1:] == control.ended_help()
    press(control, "n")
    assert control.screen().overlay is None
    assert control.session.model == BoardT(deal(119))


def test_the_end_summary_names_every_end_key() -> None:
    keys = controller().ended_help()[0].replace("\u00a0", " ")
    for control in ENDED:
        assert f"{control.value} {control.word}" in keys


def test_help_lists_every_key_and_any_key_closes_it() -> None:
    control = press(controller(), "?")
    overlay = control.screen().overlay
    assert overlay is not None
    rules = forty_thieves_rules()  # the controller writes cards with letters
    keys = overlay.lines[len(rules) + 1 :]
    assert overlay.lines[: len(rules)] == rules
    assert keys[: len(PLAYING_KEYS)] == help_lines()
    assert any(line.startswith("o\t") and "save" in line for line in overlay.lines)
    assert any(line.startswith("1-9, 0") for line in help_lines())
    press(control, "3")
    assert control.screen().overlay is None and control.screen().selected is None


def test_save_then_quit_without_a_question(tmp_path: Path) -> None:
    path = tmp_path / "game.forty-thieves"
    control = press(controller(save_target=str(path)), "d", "o")
    assert control.screen().status == f"Saved to {path}"
    assert load(str(path)).board == control.session.model
    press(control, "q")
    assert control.finished


def test_a_failed_save_says_why_and_quit_offers_to_keep_the_game(tmp_path: Path) -> None:
    target = str(tmp_path / "no" / "g")
    rescued = tmp_path / "rescued"
    control = press(controller(save_target=target, rescue_folder=rescued), "d", "o")
    assert control.screen().status.startswith(f"Not saved to {target}: ")
    press(control, "q")  # issue 36: no save offered that could only fail
    overlay = control.screen().overlay
    assert overlay is not None and "Keep this game to resume?" in " ".join(overlay.lines)
    press(control, "c")
    assert not control.finished and control.screen().overlay is None
    press(control, "q", "y")
    assert control.finished
    assert not (tmp_path / "no").exists()
    (kept,) = rescued.iterdir()
    assert kept.read_text() == control.session.rescue_text()


def test_quit_with_unsaved_moves_asks(tmp_path: Path) -> None:
    path = tmp_path / "game.forty-thieves"
    control = press(controller(save_target=str(path)), "d", "q")
    overlay = control.screen().overlay
    assert overlay is not None and f"Save to {path} before quitting?" in overlay.lines
    press(control, "c")
    assert control.screen().overlay is None and not control.finished
    press(control, "^C", "y")
    assert control.finished and load(str(path)).board == control.session.model
    control = press(controller(), "d", "q", "n")
    assert control.finished


def test_hang_up_rescues_unsaved_moves_and_touches_no_save(tmp_path: Path) -> None:
    """Issue 21: the hang-up wrote the new deal over ./save.forty-thieves."""
    path = tmp_path / "save.forty-thieves"
    path.write_bytes((SAVES / "in_progress.forty-thieves").read_bytes())
    before = path.read_bytes()
    folder = tmp_path / "data"
    assert controller(save_target=str(path), rescue_folder=folder).hang_up("Gone") == (
        "Gone; nothing to save."
    )
    control = press(controller(save_target=str(path), rescue_folder=folder), "d")
    rescue = folder / "rescued.forty-thieves"
    assert (
        control.hang_up("Gone")
        == f"Gone; game rescued to {rescue} (no save was touched)"
    )
    assert load(str(rescue)).board == control.session.model
    assert path.read_bytes() == before


def test_o_asks_before_replacing_a_save_it_did_not_load(tmp_path: Path) -> None:
    """Issue 21: s (now o) replaced a default save holding another game."""
    path = tmp_path / "save.forty-thieves"
    path.write_bytes((SAVES / "in_progress.forty-thieves").read_bytes())
    before = path.read_bytes()
    control = press(controller(save_target=str(path)), "d", "o")
    overlay = control.screen().overlay
    assert overlay is not None and overlay.title == "Replace a file?"
    press(control, "n")
    assert path.read_bytes() == before
    press(control, "o", "y")
    assert load(str(path)).board == control.session.model


# --- mouse ------------------------------------------------------------------


def test_a_click_on_the_source_then_the_target() -> None:
    control = controller()
    for pile in (TABLEAU_ROW[2], TABLEAU_ROW[6]):
        control.mouse_press(pile)
        control.mouse_release(pile)
    assert tops(control)[6] == "3S"


def test_a_drag_from_the_source_to_the_target() -> None:
    control = press(controller(), "5")  # a choice made before is dropped
    control.mouse_press(TABLEAU_ROW[2])
    control.mouse_release(TABLEAU_ROW[6])
    assert tops(control)[6] == "3S"


def test_a_click_off_the_piles_forgets_the_choice_and_a_drag_from_the_deck_deals() -> (
    None
):
    control = press(controller(), "3")
    control.mouse_press(None)
    control.mouse_release(None)
    assert control.screen().selected is None
    control.mouse_press(DECK)
    control.mouse_release(TABLEAU_ROW[0])
    assert control.screen().deck_size == 63 and control.screen().selected is None


# --- layout -------------------------------------------------------------------


def frame(
    control: Controller, width: int = 80, height: int = 24, colour: bool = True
) -> list[Span]:
    return render(control.screen(), width, height, colour=colour, card_text=str)


def card_row(depth: int) -> int:
    """The row of the card ``depth`` deep in a pile at 80x24 (0: the bottom
    card), while the longest pile holds 5 cards at most, as in these tests."""
    found = geometry(80, 24)
    assert found is not None
    five = ((CardT(SuitT.Spade, 1),) * 5,)
    return found.tableau_top + depth * covered_lines(
        found.tableau_rows, found.card_height, five
    )


def text_at(spans: list[Span], row: int) -> str:
    line = [" "] * 200
    for span in sorted(spans, key=lambda s: s.role != "felt"):
        if span.row == row:
            line[span.col : span.col + len(span.text)] = span.text
    return "".join(line).rstrip()


def test_the_screen_shows_the_deal_in_columns() -> None:
    spans = frame(controller())
    assert "Forty Thieves" in text_at(spans, 0)
    assert text_at(spans, 0).endswith("deal 118   home 0/104   moves 0")
    assert text_at(spans, 2).split() == [f"f{n}" for n in range(1, 9)] + [
        "deck",
        "waste",
    ]
    assert text_at(spans, 3).split() == ["64"]
    assert text_at(spans, 5).split() == [str(n) for n in range(1, 11)]
    deal_118 = [str(card) for card in deal(118)]
    for depth in range(4):
        assert text_at(spans, card_row(depth)).split() == deal_118[depth::4][:10]
    assert text_at(spans, 23).strip().startswith("1-0 pile  w waste  d deal  f home")


def test_cards_are_red_or_black_and_marks_have_their_roles() -> None:
    control = press(controller(hinter=hint_of(TabMove(T, 2, 6))), "H")
    spans = frame(control)
    six_of_hearts = next(s for s in spans if s.text.strip() == "6H")
    assert (six_of_hearts.role, six_of_hearts.value) == ("card", 1)  # under 9S
    edge = next(
        s
        for s in spans
        if s.row == six_of_hearts.row + 2 and s.col == six_of_hearts.col
    )
    assert (edge.role, edge.value) == ("covered", 1)  # its lower edge, underlined
    seven_of_clubs = next(s for s in spans if s.text.strip() == "7C")
    assert seven_of_clubs.value == 2
    hinted = [s for s in spans if s.role == "hint"]
    assert sorted(s.text.strip() for s in hinted) == ["3S", "4S"]
    press(control, "1")
    assert [s.text.strip() for s in frame(control) if s.role == "selected"] == ["7C"]
    assert [s.text.strip() for s in frame(control) if s.role == "cursor"] == ["1"]
    known = styles()
    for role in {s.role for s in frame(control)} - {"text"}:
        assert role in known
    for span in frame(control):
        if span.value:
            assert f"{span.role}:{span.value}" in known


def test_without_colour_marks_are_characters() -> None:
    control = press(controller(hinter=hint_of(TabMove(T, 2, 6))), "H")
    spans = frame(control, colour=False)
    assert "*3S*" in text_at(spans, card_row(3)) and "*4S*" in text_at(
        spans, card_row(3)
    )
    assert "[1]" in text_at(spans, 5)
    press(control, "1")
    assert ">7C<" in text_at(frame(control, colour=False), card_row(3))
    assert not any(s.role in ("felt", "card") for s in frame(control, colour=False))


def test_every_card_cell_is_clickable_and_gaps_are_not() -> None:
    spans = frame(controller())
    for span in spans:
        if span.role in ("card", "slot", "back", "label", "cursor"):
            pile = pile_at(80, 24, span.row, span.col)
            assert pile is not None
            row = TOP_ROW if span.row <= 3 else TABLEAU_ROW
            assert pile in row
            assert pile_at(80, 24, span.row, span.col + len(span.text) - 1) == pile
    assert pile_at(80, 24, 6, 0) is None  # left of the piles
    assert pile_at(80, 24, 0, 10) is None  # the title
    assert pile_at(80, 24, 4, 10) is None  # between the rows
    assert pile_at(80, 24, 19, 8) == TABLEAU_ROW[0]  # under a pile: still the pile
    assert pile_at(20, 10, 3, 3) is None  # too small


def test_a_tall_pile_shows_its_top_under_a_count() -> None:
    spades = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"
    board = position(tableau={0: spades + " KH QH JH 10H 9H"}, rest=9)  # 18 cards
    spans = frame(controller(board), height=16)  # room for 7 tableau rows
    column = [text_at(spans, row)[:10].split() for row in range(6, 14)]
    assert column == [["+12"], ["AS"], ["KH"], ["QH"], ["JH"], ["10H"], ["9H"], []]


def test_a_small_terminal_gets_a_message() -> None:
    width, height = minimum_size()
    spans = frame(controller(), width - 1, height)
    text = " ".join(" ".join(s.text for s in spans).replace("│", " ").split())
    assert "Too small" in text
    assert (
        f"This terminal is {width - 1} columns wide; the game needs {width}."
        in text
    )
    assert frame(controller(), width, height)[0].text == "Forty Thieves"


def test_end_boxes_sit_above_the_status_line() -> None:
    control = controller(load(str(SAVES / "no_move_left.forty-thieves")).board)
    boxes = [s for s in frame(control) if s.role == "overlay"]
    assert max(s.row for s in boxes) == 24 - 4


@pytest.mark.parametrize(
    ("card_text", "rule"),
    [
        (symbol_text, "7\u2660 goes on 8\u2660, never on 8\u2665."),
        (str, "7S goes on 8S, never on 8H."),
    ],
)
def test_the_help_names_cards_as_the_board_draws_them(
    card_text: Callable[[CardT], str], rule: str
) -> None:
    """The ? said "7S goes on 8S" over a board of 7\u2660s."""
    control = controller()
    control.card_text = card_text
    app = App(control)
    drawn = {span.text.strip() for span in app.frame(80, 24, colour=True)}
    assert card_text(CardT(SuitT.Heart, 6)) in drawn  # deal 118 shows a 6 of hearts
    press(control, "?")
    overlay = control.screen().overlay
    assert overlay is not None
    assert any(line.endswith(f": {rule}") for line in overlay.lines)


def test_the_app_draws_cards_as_the_controller_writes_them_and_routes_the_mouse() -> (
    None
):
    """Symbols with and without colour (NO_COLOR used to take them away);
    the app no longer writes into the controller to stay in step."""
    with_symbols = controller()
    with_symbols.card_text = symbol_text
    app = App(with_symbols)
    assert any(s.text.strip() == "6\u2665" for s in app.frame(80, 24, colour=True))
    assert any(s.text.strip() == "6\u2665" for s in app.frame(80, 24, colour=False))
    assert not any(
        "\u2665" in s.text for s in App(controller()).frame(80, 24, colour=True)
    )
    spans = app.frame(80, 24, colour=True)
    three = next(s for s in spans if s.text.strip() == "3\u2660")
    app.mouse(MouseEvent(three.row, three.col, "press", 1))
    app.mouse(MouseEvent(three.row, three.col, "release", 1))
    assert app.controller.screen().selected == TABLEAU_ROW[2]
