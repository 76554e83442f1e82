"""The Forty Thieves MIS (spec 002), one test per access routine and per
exception case, each docstring quoting the MIS; then the slips, each with
what the MIS wrote and what we implement.

out_of_range is IndexError, invalid_argument is ValueError.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from gamestate.forty_thieves import (
    ACE,
    JACK,
    KING,
    QUEEN,
    TOTAL_CARDS,
    BoardT,
    CardStackT,
    CardT,
    CategoryT,
    Stack,
    SuitT,
    deal,
)
from gamestate.forty_thieves.card_types import card_from_text, full_deck

from .forty_thieves_helpers import all_cards, cards, position

T, F, D, W = CategoryT.Tableau, CategoryT.Foundation, CategoryT.Deck, CategoryT.Waste
H, S = SuitT.Heart, SuitT.Spade
SUIT_RUNS = [
    " ".join(str(CardT(suit, rank)) for rank in range(ACE, KING + 1)) for suit in SuitT
]


def tops(text: str) -> dict[int, str]:
    """Tableau piles 0, 1, ... with one card each, as ``position`` takes them."""
    return dict(enumerate(text.split()))


def won() -> BoardT:
    """Every card on a foundation."""
    return position(foundation={n: SUIT_RUNS[n % 4] for n in range(8)})


def stuck() -> BoardT:
    """No move at all: an empty deck, no Ace on top, no top that takes another."""
    return position(
        tableau=tops("KH KD KC KS KH KD KC KS 10H 10D"),
        waste="10C",
        rest=0,
    )


def unchanged(board: BoardT, call: Any, error: type[Exception]) -> None:
    """``call(board)`` raises ``error`` and leaves the board as it was."""
    before = board.copy()
    with pytest.raises(error):
        call(board)
    assert board == before


# --- Card Types module ---------------------------------------------------


def test_exported_constants() -> None:
    """TOTAL_CARDS = 104, ACE = 1, JACK = 11, QUEEN = 12, KING = 13."""
    assert (TOTAL_CARDS, ACE, JACK, QUEEN, KING) == (104, 1, 11, 12, 13)


def test_suit_t_and_category_t() -> None:
    """SuitT = {Heart, Diamond, Club, Spade}; CategoryT = {Tableau, Foundation,
    Deck, Waste}."""
    assert [suit.name for suit in SuitT] == ["Heart", "Diamond", "Club", "Spade"]
    assert [c.name for c in CategoryT] == ["Tableau", "Foundation", "Deck", "Waste"]


def test_card_t_is_an_immutable_tuple_of_suit_and_rank() -> None:
    """CardT = tuple of (s: SuitT, r: RankT), RankT = [1..13]."""
    card = CardT(S, 7)
    assert card == CardT(s=S, r=7) == (S, 7)
    assert (card.s, card.r) == (S, 7)
    assert hash(card) == hash(CardT(S, 7))
    with pytest.raises(AttributeError):
        card.r = 8  # type: ignore[misc]
    assert str(card) == "7S"
    assert [str(CardT(H, r)) for r in (ACE, 10, JACK, QUEEN, KING)] == [
        "AH",
        "10H",
        "JH",
        "QH",
        "KH",
    ]


@pytest.mark.parametrize(
    ("s", "r", "error"),
    [
        (S, 0, ValueError),
        (S, 14, ValueError),
        (S, 7.0, TypeError),
        (S, True, TypeError),
        ("Spade", 7, TypeError),
        (None, 7, TypeError),
    ],
)
def test_a_card_outside_suit_t_and_rank_t_is_refused(
    s: Any, r: Any, error: type
) -> None:
    """RankT = [1..13]; s is a SuitT."""
    with pytest.raises(error, match="card's"):
        CardT(s, r)


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: CardT(S, 7)._replace(r=99), ValueError),
        (lambda: CardT(S, 7)._replace(r=0), ValueError),
        (lambda: CardT(S, 7)._replace(s="Spade"), TypeError),  # type: ignore[arg-type]
        (lambda: CardT._make(["x", 0]), TypeError),
        (lambda: CardT._make([S, 14]), ValueError),
        (lambda: CardT._make([S, 7, 1]), TypeError),
        (lambda: CardT._make([S]), TypeError),
    ],
)
def test_the_named_tuple_helpers_check_suit_and_rank_too(
    make: Callable[[], CardT], error: type
) -> None:
    """RankT = [1..13]; s is a SuitT: ``_replace`` and ``_make`` are no way
    around the checks, so every CardT is a real card."""
    with pytest.raises(error):
        make()


def test_the_named_tuple_helpers_make_good_cards() -> None:
    card = CardT(S, 7)
    assert card._replace(r=KING) == CardT(S, KING)
    assert type(card._replace(s=H)) is CardT and card._replace(s=H) == CardT(H, 7)
    assert CardT._make([H, ACE]) == CardT(H, ACE)
    assert CardT._make(iter((H, ACE))) == CardT(H, ACE)
    assert card._replace() == card
    with pytest.raises(ValueError, match="unexpected field"):
        card._replace(x=1)  # type: ignore[call-arg]


def test_hearts_and_diamonds_are_red() -> None:
    assert [suit.is_red for suit in SuitT] == [True, True, False, False]
    assert [suit.letter for suit in SuitT] == ["H", "D", "C", "S"]


def test_card_text_reads_what_str_writes() -> None:
    for card in full_deck()[:52]:
        assert card_from_text(str(card)) == card
        assert card_from_text(str(card).lower()) == card
    for bad in ["", "S", "7", "1S", "11S", "7X", "AS ", "0S", "7SS"]:
        with pytest.raises(ValueError, match="is not a card"):
            card_from_text(bad)


# --- Generic Stack module -------------------------------------------------


def test_new_stack() -> None:
    """new Stack(s): transition S := s; output out := self."""
    stack = Stack([1, 2, 3])
    assert stack.toSeq() == [1, 2, 3]
    assert Stack().toSeq() == []


def test_push() -> None:
    """push(e): out := new Stack(S || <e>) (the stack itself is unchanged)."""
    stack = Stack([1, 2])
    assert stack.push(3).toSeq() == [1, 2, 3]
    assert stack.toSeq() == [1, 2]


def test_pop() -> None:
    """pop(): S - S[|S| - 1], a new stack without the top."""
    stack = Stack("abc")
    assert stack.pop().toSeq() == ["a", "b"]
    assert stack.toSeq() == ["a", "b", "c"]


def test_pop_of_an_empty_stack() -> None:
    """pop(): exception (|S| = 0 => out_of_range)."""
    with pytest.raises(IndexError):
        Stack().pop()


def test_top() -> None:
    """top(): out := S[|S| - 1]."""
    assert Stack([4, 5, 6]).top() == 6


def test_top_of_an_empty_stack() -> None:
    """top(): exception (|S| = 0 => out_of_range)."""
    with pytest.raises(IndexError):
        Stack([]).top()


def test_size() -> None:
    """size(): out := |S|."""
    assert Stack().size() == 0
    assert Stack([7, 7, 7]).size() == 3


def test_to_seq() -> None:
    """toSeq(): out := S (bottom first; a copy the caller may change)."""
    stack = Stack([1, 2])
    seq = stack.toSeq()
    seq.append(3)
    assert stack.toSeq() == [1, 2]


def test_a_stack_is_an_immutable_value() -> None:
    """Stack(T) is a sequence of T: equal stacks hold equal sequences."""
    assert Stack([1, 2]) == Stack((1, 2)) != Stack([2, 1])
    assert Stack([1]) != [1]
    assert len({Stack([1, 2]), Stack([1, 2])}) == 1
    assert len(Stack("ab")) == 2 and list(Stack("ab")) == ["a", "b"]
    assert repr(Stack([1, 2])) == "Stack([1, 2])"
    with pytest.raises(AttributeError, match="immutable"):
        Stack([1])._items = (2,)  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        del Stack([1])._items


def test_card_stack_t_is_stack_of_card_t() -> None:
    """CardStackT is Stack(CardT)."""
    pile = CardStackT([CardT(H, ACE)])
    assert isinstance(pile, Stack)
    assert pile.top() == CardT(H, ACE)


# --- Game Board ADT: the constructor ------------------------------------------


def test_new_board_t() -> None:
    """GameBoard(deck): T, F, D, W := tab_deck(deck[0..39]), init_seq(8),
    CardStackT(deck[40..103]), CardStackT(<>); tab_deck: T[i].toSeq() =
    deck[i * 4 .. 4 * (i + 1) - 1]."""
    deck = deal(11)
    board = BoardT(deck)
    for i in range(10):
        assert board.get_tab(i).toSeq() == deck[4 * i : 4 * i + 4]
    assert [board.get_foundation(i).size() for i in range(8)] == [0] * 8
    assert board.get_deck().toSeq() == deck[40:]
    assert board.get_deck().top() == deck[103]
    assert board.get_waste().toSeq() == []


def test_new_board_t_takes_any_sequence_and_keeps_no_reference() -> None:
    deck = deal(12)
    board = BoardT(iter(deck))
    deck.reverse()
    assert board.get_tab(0).toSeq() == deal(12)[:4]


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (full_deck()[:-1], "there are 103 cards, not 104"),
        (full_deck() + [CardT(H, ACE)], "there are 105 cards, not 104"),
        (full_deck()[:-1] + [CardT(H, ACE)], "AH is there 3 times, not 2"),
        (full_deck()[1:] + [CardT(H, 2)], "AH is there 1 times, not 2"),
        ([], "there are 0 cards, not 104"),
        ([(H, ACE)] + full_deck()[1:], "item 0 is (SuitT.Heart, 1), not a CardT"),
    ],
)
def test_new_board_t_refuses_a_deck_that_is_not_two_decks(
    deck: list[Any], message: str
) -> None:
    """GameBoard(deck): exception exc := (not two_decks(init_seq(10),
    init_seq(8), CardStackT(deck), CardStackT(<>))) => invalid_argument."""
    with pytest.raises(ValueError, match=re.escape(f"two of each card: {message}")):
        BoardT(deck)


# --- is_valid_tab_mv ------------------------------------------------------


def test_is_valid_tab_mv_to_the_tableau() -> None:
    """is_valid_tab_mv(c, n0, n1): c = Tableau => valid_tab_tab(n0, n1):
    same suit, one rank lower; any card on an empty pile; nothing from an
    empty pile."""
    board = position(tableau={0: "7S", 1: "8S", 2: "8H", 3: "", 4: "6S"}, rest=9)
    assert board.is_valid_tab_mv(T, 0, 1)  # 7S on 8S
    assert not board.is_valid_tab_mv(T, 0, 2)  # 7S on 8H: another suit
    assert not board.is_valid_tab_mv(T, 1, 0)  # 8S on 7S: builds down
    assert not board.is_valid_tab_mv(T, 4, 1)  # 6S on 8S: two ranks
    assert board.is_valid_tab_mv(T, 0, 3)  # T[n1].size() = 0 => True
    assert not board.is_valid_tab_mv(T, 3, 0)  # T[n0].size() = 0 => False
    assert not board.is_valid_tab_mv(T, 3, 3)
    assert not board.is_valid_tab_mv(T, 0, 0)


def test_is_valid_tab_mv_to_a_foundation() -> None:
    """is_valid_tab_mv(c, n0, n1): c = Foundation => valid_tab_foundation(n0,
    n1): F[n1].size() = 0 => T[n0].top().r = ACE; else one rank up in suit."""
    board = position(
        tableau={0: "AS", 1: "2S", 2: "3S", 3: "2H", 4: ""}, foundation={0: "AS"}
    )
    assert board.is_valid_tab_mv(F, 0, 1)  # an Ace on an empty foundation
    assert not board.is_valid_tab_mv(F, 1, 1)  # a 2 on an empty one
    assert board.is_valid_tab_mv(F, 1, 0)  # 2S on AS
    assert not board.is_valid_tab_mv(F, 2, 0)  # 3S on AS
    assert not board.is_valid_tab_mv(F, 3, 0)  # 2H on AS
    assert not board.is_valid_tab_mv(F, 0, 0)  # AS on AS
    assert not board.is_valid_tab_mv(F, 4, 1)  # T[n0].size() = 0 => False


@pytest.mark.parametrize("c", [D, W])
def test_is_valid_tab_mv_to_the_deck_or_waste_is_false(c: CategoryT) -> None:
    """is_valid_tab_mv(c, n0, n1): c = Deck => False; c = Waste => False
    (for any numbers: the MIS raises out_of_range only for Tableau and
    Foundation)."""
    board = BoardT(deal(3))
    assert board.is_valid_tab_mv(c, 0, 0) is False
    assert board.is_valid_tab_mv(c, 99, -1) is False


@pytest.mark.parametrize(("n0", "n1"), [(10, 0), (0, 10), (-1, 0), (0, -1), (99, 99)])
def test_is_valid_tab_mv_to_the_tableau_out_of_range(n0: int, n1: int) -> None:
    """exc := c = Tableau and not (is_valid_pos(Tableau, n0) and
    is_valid_pos(Tableau, n1)) => out_of_range."""
    unchanged(BoardT(deal(3)), lambda b: b.is_valid_tab_mv(T, n0, n1), IndexError)
    assert position(tableau={9: "AS", 0: "2S"}).is_valid_tab_mv(T, 9, 0)  # the ends


@pytest.mark.parametrize(("n0", "n1"), [(10, 0), (0, 8), (-1, 0), (0, -1), (9, 9)])
def test_is_valid_tab_mv_to_a_foundation_out_of_range(n0: int, n1: int) -> None:
    """exc := c = Foundation and not (is_valid_pos(Tableau, n0) and
    is_valid_pos(Foundation, n1)) => out_of_range."""
    unchanged(BoardT(deal(3)), lambda b: b.is_valid_tab_mv(F, n0, n1), IndexError)
    assert position(tableau={9: "AS"}).is_valid_tab_mv(F, 9, 7)  # the last ones


# --- is_valid_waste_mv ----------------------------------------------------


def test_is_valid_waste_mv_to_the_tableau() -> None:
    """is_valid_waste_mv(c, n): c = Tableau => valid_waste_tab(n):
    T[n].size() > 0 => tab_placeable(W.top(), T[n].top()); T[n].size() = 0
    => True."""
    board = position(tableau={0: "8S", 1: "8H", 2: "", 3: "6S"}, waste="7S", rest=9)
    assert board.is_valid_waste_mv(T, 0)
    assert not board.is_valid_waste_mv(T, 1)
    assert board.is_valid_waste_mv(T, 2)
    assert not board.is_valid_waste_mv(T, 3)


def test_is_valid_waste_mv_to_a_foundation() -> None:
    """is_valid_waste_mv(c, n): c = Foundation => valid_waste_foundation(n):
    F[n].size() > 0 => foundation_placeable(W.top(), F[n].top());
    F[n].size() = 0 => W.top().r = ACE."""
    board = position(foundation={0: "AH 2H", 1: "AS"}, waste="3H")
    assert board.is_valid_waste_mv(F, 0)
    assert not board.is_valid_waste_mv(F, 1)
    assert not board.is_valid_waste_mv(F, 2)
    ace = position(foundation={0: "AH"}, waste="AH")
    assert ace.is_valid_waste_mv(F, 1)
    assert not ace.is_valid_waste_mv(F, 0)


@pytest.mark.parametrize("c", [D, W])
def test_is_valid_waste_mv_to_the_deck_or_waste_is_false(c: CategoryT) -> None:
    """is_valid_waste_mv(c, n): c = Deck => False; c = Waste => False."""
    board = position(waste="AH")
    assert board.is_valid_waste_mv(c, 0) is False
    assert board.is_valid_waste_mv(c, 42) is False


@pytest.mark.parametrize(("c", "n"), [(T, 0), (F, 0), (D, 0), (W, 0), (T, 10), (F, -1)])
def test_is_valid_waste_mv_with_an_empty_waste(c: CategoryT, n: int) -> None:
    """exc := W.size() = 0 => invalid_argument, listed first: it comes
    before any position check."""
    unchanged(BoardT(deal(4)), lambda b: b.is_valid_waste_mv(c, n), ValueError)


@pytest.mark.parametrize("n", [10, -1, 100])
def test_is_valid_waste_mv_to_the_tableau_out_of_range(n: int) -> None:
    """exc := c = Tableau and not is_valid_pos(Tableau, n) => out_of_range."""
    unchanged(position(waste="5C"), lambda b: b.is_valid_waste_mv(T, n), IndexError)


@pytest.mark.parametrize("n", [8, 9, -1])
def test_is_valid_waste_mv_to_a_foundation_out_of_range(n: int) -> None:
    """exc := c = Foundation and not is_valid_pos(Foundation, n) =>
    out_of_range."""
    unchanged(position(waste="5C"), lambda b: b.is_valid_waste_mv(F, n), IndexError)


# --- is_valid_deck_mv -----------------------------------------------------------


def test_is_valid_deck_mv() -> None:
    """is_valid_deck_mv(): "The deck moves involves moving a card from the
    deck stack to the waste stack": |D| > 0. Exception: none."""
    assert BoardT(deal(5)).is_valid_deck_mv()
    assert position(deck="KH", rest=0).is_valid_deck_mv()
    assert not position(rest=0).is_valid_deck_mv()


# --- tab_mv, waste_mv, deck_mv ------------------------------------------------


def test_tab_mv_to_the_tableau() -> None:
    """tab_mv(c, n0, n1): c = Tableau => T[n0], T[n1] := T[n0].pop(),
    T[n1].push(T[n0].top())."""
    board = position(tableau={0: "2C 7S", 1: "9H 8S"})
    board.tab_mv(T, 0, 1)
    assert board.get_tab(0).toSeq() == cards("2C")
    assert board.get_tab(1).toSeq() == cards("9H 8S 7S")


def test_tab_mv_to_a_foundation() -> None:
    """tab_mv(c, n0, n1): c = Foundation => T[n0], F[n1] := T[n0].pop(),
    F[n1].push(T[n0].top())."""
    board = position(tableau={0: "2C 3H"}, foundation={5: "AH 2H"})
    board.tab_mv(F, 0, 5)
    assert board.get_tab(0).toSeq() == cards("2C")
    assert board.get_foundation(5).toSeq() == cards("AH 2H 3H")


@pytest.mark.parametrize(
    ("c", "n0", "n1"),
    [
        (T, 0, 2),
        (F, 0, 0),
        (T, 3, 1),
        (D, 0, 1),
        (W, 0, 1),
        (T, 10, 1),
        (F, 0, 8),
        (T, -1, 0),
    ],
)
def test_tab_mv_refuses_an_invalid_move(c: CategoryT, n0: int, n1: int) -> None:
    """tab_mv: exc := (not is_valid_tab_mv(c, n0, n1) => invalid_argument).
    The MIS lists only invalid_argument for tab_mv, so numbers out of
    range are refused with it too."""
    board = position(tableau={0: "7S", 1: "8S", 2: "8H", 3: ""}, rest=9)
    unchanged(board, lambda b: b.tab_mv(c, n0, n1), ValueError)


def test_waste_mv_to_the_tableau() -> None:
    """waste_mv(c, n): c = Tableau => W, T[n] := W.pop(), T[n].push(W.top())."""
    board = position(tableau={4: "QD"}, waste="5C JD")
    board.waste_mv(T, 4)
    assert board.get_waste().toSeq() == cards("5C")
    assert board.get_tab(4).toSeq() == cards("QD JD")


def test_waste_mv_to_a_foundation() -> None:
    """waste_mv(c, n): c = Foundation => W, F[n] := W.pop(),
    F[n].push(W.top())."""
    board = position(waste="5C AD")
    board.waste_mv(F, 7)
    assert board.get_waste().toSeq() == cards("5C")
    assert board.get_foundation(7).toSeq() == cards("AD")


@pytest.mark.parametrize(("c", "n"), [(T, 1), (F, 0), (D, 0), (W, 0), (T, 10), (F, 8)])
def test_waste_mv_refuses_an_invalid_move(c: CategoryT, n: int) -> None:
    """waste_mv: exc := (not is_valid_waste_mv(c, n) => invalid_argument)."""
    board = position(tableau={0: "8S", 1: "8H"}, waste="7S")
    unchanged(board, lambda b: b.waste_mv(c, n), ValueError)


def test_waste_mv_from_an_empty_waste() -> None:
    """waste_mv: is_valid_waste_mv raises invalid_argument for W.size() = 0."""
    unchanged(BoardT(deal(6)), lambda b: b.waste_mv(T, 0), ValueError)


def test_deck_mv() -> None:
    """deck_mv(): D, W := D.pop(), W.push(D.top())."""
    deck = deal(7)
    board = BoardT(deck)
    board.deck_mv()
    board.deck_mv()
    assert board.get_deck().toSeq() == deck[40:102]
    assert board.get_waste().toSeq() == [deck[103], deck[102]]


def test_deck_mv_with_an_empty_deck() -> None:
    """deck_mv(): exc := (not is_valid_deck_mv() => invalid_argument)."""
    unchanged(position(rest=0), lambda b: b.deck_mv(), ValueError)


# --- getters ----------------------------------------------------------------


def test_get_tab() -> None:
    """get_tab(i): out := T[i]."""
    board = position(tableau={9: "KS QS"})
    assert board.get_tab(9) == CardStackT(cards("KS QS"))


@pytest.mark.parametrize("i", [10, -1, 11])
def test_get_tab_out_of_range(i: int) -> None:
    """get_tab(i): exc : (not is_valid_pos(Tableau, i) => out_of_range)."""
    with pytest.raises(IndexError):
        BoardT(deal(1)).get_tab(i)


def test_get_foundation() -> None:
    """get_foundation(i): out := F[i]."""
    board = position(foundation={7: "AC 2C"})
    assert board.get_foundation(7) == CardStackT(cards("AC 2C"))


@pytest.mark.parametrize("i", [8, -1, 10])
def test_get_foundation_out_of_range(i: int) -> None:
    """get_foundation(i): exc : (not is_valid_pos(Foundation, i) =>
    out_of_range)."""
    with pytest.raises(IndexError):
        BoardT(deal(1)).get_foundation(i)


def test_get_deck() -> None:
    """get_deck(): out := D. Exception: none."""
    board = position(deck="3H 4H", rest=0)
    assert board.get_deck() == CardStackT(cards("3H 4H"))


def test_get_waste() -> None:
    """get_waste(): out := W. Exception: none."""
    assert position(waste="JD 2S").get_waste() == CardStackT(cards("JD 2S"))


def test_a_getter_hands_out_a_value_not_the_board() -> None:
    """The piles are immutable: what a getter returns cannot change the board."""
    board = BoardT(deal(2))
    pile = board.get_tab(0)
    pile.push(CardT(H, ACE))
    assert board.get_tab(0) == pile


# --- valid_mv_exists and is_win_state ---------------------------------------------


def test_valid_mv_exists_with_a_deck() -> None:
    """valid_mv_exists(): out := valid_tab_mv or valid_waste_mv or
    is_valid_deck_mv(); a card left in the deck is a move."""
    board = stuck()
    assert not board.valid_mv_exists()
    with_deck = position(
        tableau=tops("KH KD KC KS KH KD KC KS 10H 10D"),
        waste="10C",
        deck="9S",
        rest=0,
    )
    assert with_deck.valid_mv_exists()


def test_valid_mv_exists_by_a_tableau_move_only() -> None:
    """valid_tab_mv: some c, n0, n1 with is_valid_tab_mv(c, n0, n1)."""
    board = position(
        tableau=tops("KH KD KC KS KH KD KC KS 10H JH"),
        waste="10C",
        rest=0,
    )
    assert board.valid_mv_exists()


def test_valid_mv_exists_by_a_waste_move_only() -> None:
    """valid_waste_mv: some c, n with is_valid_waste_mv(c, n)."""
    board = position(
        tableau=tops("KH KD KC KS KH KD KC KS 10H 10D"),
        waste="QS",
        rest=0,
    )
    assert board.valid_mv_exists()


def test_valid_mv_exists_is_false_with_an_empty_waste_and_nothing_else() -> None:
    """With W empty, is_valid_waste_mv raises instead of answering: no waste
    move exists, and valid_mv_exists answers (False) without raising."""
    board = position(
        tableau=tops("KH KD KC KS KH KD KC KS 10H 10D"),
        rest=0,
    )
    assert not board.valid_mv_exists()


def test_is_win_state() -> None:
    """is_win_state(): cnt_cards_seq(F, lambda t -> True) = TOTAL_CARDS."""
    assert won().is_win_state()
    assert not BoardT(deal(1)).is_win_state()
    last = position(
        foundation={n: SUIT_RUNS[n % 4] for n in range(7)} | {7: SUIT_RUNS[3][:-3]},
        rest=0,
    )
    assert not last.is_win_state()
    last.tab_mv(F, 0, 7)
    assert last.is_win_state()
    assert not last.valid_mv_exists()


# --- the slips: what the MIS wrote, what we do -----------------------------------


def test_slip_valid_tab_foundation_compares_with_the_foundation() -> None:
    """The MIS writes T[n0].top().s = T[n1].top().s for a non-empty F[n1]:
    the intent is F[n1].top(), whatever tableau n1 holds."""
    board = position(tableau={0: "2S", 1: "3S"}, foundation={1: "AS"})
    assert board.is_valid_tab_mv(F, 0, 1)  # by T[1] (3S) it would be True too
    board = position(tableau={0: "2S", 1: "9D"}, foundation={1: "AS"})
    assert board.is_valid_tab_mv(F, 0, 1)  # by T[1] (9D) it would be False
    board = position(tableau={0: "2S", 1: "3S"}, foundation={1: "AH"})
    assert not board.is_valid_tab_mv(F, 0, 1)  # by T[1] (3S) it would be True


def test_slip_foundations_build_up_from_the_ace() -> None:
    """foundation_placeable(a, b): the MIS writes a.r = b.r - 1; a
    foundation "must start with an ace", so it builds up: a.r = b.r + 1."""
    board = position(tableau={0: "2H", 1: "KH"}, foundation={0: "AH", 1: "AH 2H 3H"})
    assert board.is_valid_tab_mv(F, 0, 0)
    assert not board.is_valid_tab_mv(F, 1, 0)
    board.tab_mv(F, 0, 0)
    assert board.get_foundation(0).toSeq() == cards("AH 2H")


def test_slip_tableau_builds_down_in_suit() -> None:
    """tab_placeable(a, b) = a.s = b.s and a.r = b.r - 1 => True, and False
    otherwise (the MIS leaves the else case to complete)."""
    board = position(tableau={0: "9H", 1: "8H", 2: "8D", 3: "10H"})
    assert board.is_valid_tab_mv(T, 1, 0)
    assert not board.is_valid_tab_mv(T, 2, 0)
    assert not board.is_valid_tab_mv(T, 3, 0)


def test_slip_any_card_may_go_to_an_empty_tableau_pile() -> None:
    """valid_tab_tab: T[n1].size() = 0 => True; valid_waste_tab: T[n].size()
    = 0 => True: any card, not only a King."""
    board = position(tableau={0: "5C", 1: "", 2: "KD"}, waste="3H")
    assert board.is_valid_tab_mv(T, 0, 1)
    assert board.is_valid_tab_mv(T, 2, 1)
    assert board.is_valid_waste_mv(T, 1)


def test_slip_a_card_on_a_foundation_never_moves_again() -> None:
    """ "Once a card has been moved to a Foundation stack, it cannot be moved
    again": no routine takes a foundation as a source, and Deck and Waste
    are never targets."""
    board = position(tableau={0: "AS"}, waste="AH")
    board.tab_mv(F, 0, 0)
    assert all(board.is_valid_tab_mv(c, 0, 0) is False for c in (D, W))
    assert not any(board.is_valid_tab_mv(T, n0, 0) for n0 in range(10))
    assert board.get_foundation(0).toSeq() == cards("AS")


def test_slip_two_decks_means_two_of_each_card() -> None:
    """two_decks as written (some a, b with a.st = b.st and a.rk = b.rk)
    holds for any deck; its comment "returns True if there is two of each
    card in the game" is checked: a deck of 104 Aces of Hearts is refused."""
    with pytest.raises(ValueError, match="two of each card"):
        BoardT([CardT(H, ACE)] * 104)


def test_slip_is_valid_deck_mv_takes_no_category() -> None:
    """The MIS's table reads c = Waste => |D| > 0 for a routine without c."""
    with pytest.raises(TypeError):
        BoardT(deal(1)).is_valid_deck_mv(W)  # type: ignore[call-arg]


# --- beyond the MIS -------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda b: b.is_valid_tab_mv("Tableau", 0, 1),
        lambda b: b.is_valid_tab_mv(T, True, 1),
        lambda b: b.is_valid_tab_mv(T, 0, 1.0),
        lambda b: b.is_valid_waste_mv(None, 0),
        lambda b: b.tab_mv(T, "0", 1),
        lambda b: b.get_tab(1.0),
        lambda b: b.get_foundation(False),
    ],
)
def test_arguments_of_the_wrong_type_raise_type_error(call: Any) -> None:
    unchanged(position(waste="2C"), call, TypeError)


def test_copy_is_independent_and_equal() -> None:
    board = BoardT(deal(9))
    twin = board.copy()
    assert twin == board and twin is not board
    twin.deck_mv()
    assert twin != board
    assert board.get_waste().size() == 0
    assert board != "a board"


def test_boards_are_not_hashable() -> None:
    with pytest.raises(TypeError):
        hash(BoardT(deal(9)))


def test_repr_shows_every_pile() -> None:
    board = position(tableau={0: "7S 6S"}, foundation={0: "AH"}, waste="KC", rest=1)
    text = repr(board)
    assert text.startswith("<BoardT tableau: 7S 6S | ")
    assert "foundations: AH | - |" in text
    assert text.endswith("deck: -; waste: KC>")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"tableau": 9}, "there must be 10 tableau piles"),
        ({"foundation": 7}, "there must be 8 foundations"),
        ({"drop": "KS"}, "two of each card: there are 103 cards, not 104"),
        (
            {"foundation_text": "2H"},
            "foundation 0: a foundation starts with an Ace, not 2H",
        ),
        ({"foundation_text": "AH 3H"}, "foundation 0: 3H cannot go on AH"),
        ({"foundation_text": "AH 2S"}, "foundation 0: 2S cannot go on AH"),
    ],
)
def test_from_piles_checks_the_position(change: dict[str, Any], message: str) -> None:
    rest = full_deck()
    foundation: list[list[CardT]] = [[] for _ in range(8)]
    foundation[0] = cards(change.get("foundation_text", ""))
    for card in foundation[0]:
        rest.remove(card)
    if "drop" in change:
        rest.remove(card_from_text(change["drop"]))
    tableau: list[list[CardT]] = [rest] + [[] for _ in range(9)]
    tableau = tableau[: change.get("tableau", 10)]
    foundation = foundation[: change.get("foundation", 8)]
    with pytest.raises(ValueError, match=message):
        BoardT.from_piles(tableau, foundation, [], [])


def test_from_piles_rebuilds_a_board() -> None:
    board = BoardT(deal(21))
    for _ in range(5):
        board.deck_mv()
    rebuilt = BoardT.from_piles(
        [board.get_tab(n) for n in range(10)],
        [board.get_foundation(n) for n in range(8)],
        board.get_deck(),
        board.get_waste(),
    )
    assert rebuilt == board
    assert all_cards(rebuilt) == all_cards(BoardT(deal(0)))
