"""gamestate.forty_thieves.moves: moves as values over the MIS routines.

legal_moves must list exactly the moves the board's is_valid routines
accept, in its documented order; apply must be the MIS routine; the words
of describe and why_invalid are what players read.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate.forty_thieves import BoardT, CategoryT, deal
from gamestate.forty_thieves.moves import (
    DeckMove,
    Move,
    TabMove,
    WasteMove,
    apply,
    describe,
    foundation_move,
    is_valid,
    legal_moves,
    safe_move,
    why_invalid,
    why_no_foundation,
)

from .forty_thieves_helpers import all_cards, played, position

T, F, D, W = CategoryT.Tableau, CategoryT.Foundation, CategoryT.Deck, CategoryT.Waste


def every_candidate() -> list[Move]:
    """Every move value with pile numbers in range, in legal_moves' order."""
    return [
        *(TabMove(F, n0, n1) for n0 in range(10) for n1 in range(8)),
        *(WasteMove(F, n) for n in range(8)),
        *(TabMove(T, n0, n1) for n0 in range(10) for n1 in range(10)),
        *(WasteMove(T, n) for n in range(10)),
        DeckMove(),
    ]


def by_the_board(board: BoardT, move: Move) -> bool:
    """The MIS routine's own verdict, asked directly."""
    if isinstance(move, TabMove):
        return board.is_valid_tab_mv(move.c, move.n0, move.n1)
    if isinstance(move, WasteMove):
        return board.get_waste().size() > 0 and board.is_valid_waste_mv(move.c, move.n)
    return board.is_valid_deck_mv()


boards = st.builds(
    played,
    st.integers(min_value=0, max_value=10_000),
    st.integers(min_value=0, max_value=120),
    st.integers(min_value=0, max_value=1000),
)


@settings(max_examples=40)
@given(boards)
def test_legal_moves_are_exactly_the_valid_ones_in_order(board: BoardT) -> None:
    expected = [move for move in every_candidate() if by_the_board(board, move)]
    assert legal_moves(board) == expected
    assert [m for m in every_candidate() if is_valid(board, m)] == expected
    assert (expected != []) == board.valid_mv_exists()


@settings(max_examples=30)
@given(boards, st.data())
def test_apply_makes_the_mis_move_and_keeps_two_decks(
    board: BoardT, data: st.DataObject
) -> None:
    moves = legal_moves(board)
    if not moves:
        return
    move = data.draw(st.sampled_from(moves))
    expected = board.copy()
    if isinstance(move, TabMove):
        expected.tab_mv(move.c, move.n0, move.n1)
    elif isinstance(move, WasteMove):
        expected.waste_mv(move.c, move.n)
    else:
        expected.deck_mv()
    before = all_cards(board)
    apply(board, move)
    assert board == expected
    assert all_cards(board) == before


@pytest.mark.parametrize(
    "move",
    [
        TabMove(T, 0, 10),
        TabMove(F, 10, 0),
        TabMove(F, 0, 8),
        TabMove(T, -1, 0),
        WasteMove(T, 0),
        WasteMove(F, 9),
        TabMove(D, 0, 1),
        TabMove(W, 0, 1),
    ],
)
def test_is_valid_answers_false_where_the_mis_routines_raise(move: Move) -> None:
    board = BoardT(deal(1))  # the waste is empty
    assert is_valid(board, move) is False
    before = board.copy()
    with pytest.raises(ValueError):
        apply(board, move)
    assert board == before


def test_an_empty_deck_has_no_deck_move() -> None:
    board = position(rest=0)
    assert board.get_deck().size() == 0
    assert not is_valid(board, DeckMove())
    assert DeckMove() not in legal_moves(board)


def test_moves_are_hashable_values() -> None:
    assert TabMove(T, 1, 2) == TabMove(c=T, n0=1, n1=2)
    assert len({TabMove(T, 1, 2), TabMove(T, 1, 2), WasteMove(F, 0), DeckMove()}) == 3
    with pytest.raises(AttributeError):
        TabMove(T, 1, 2).n0 = 3  # type: ignore[misc]


def test_describe_numbers_piles_from_one() -> None:
    assert describe(TabMove(T, 2, 6)) == "tableau 3 to tableau 7"
    assert describe(TabMove(F, 0, 7)) == "tableau 1 to foundation 8"
    assert describe(WasteMove(T, 9)) == "waste to tableau 10"
    assert describe(WasteMove(F, 0)) == "waste to foundation 1"
    assert describe(DeckMove()) == "deal a card"


def test_describe_names_the_card_when_given_the_board() -> None:
    board = position(tableau={2: "9H 7S"}, waste="KC", deck="5D")
    assert describe(TabMove(F, 2, 0), board) == "7S from tableau 3 to foundation 1"
    assert describe(WasteMove(T, 0), board) == "KC from waste to tableau 1"
    assert describe(DeckMove(), board) == "dealt 5D"
    symbols = {"S": "\u2660"}
    assert (
        describe(
            TabMove(T, 2, 0),
            board,
            lambda c: str(c)[:-1] + symbols.get(str(c)[-1], "?"),
        )
        == "7\u2660 from tableau 3 to tableau 1"
    )


def test_why_invalid_is_none_for_a_valid_move() -> None:
    board = position(tableau={0: "7S", 1: "8S"})
    assert why_invalid(board, TabMove(T, 0, 1)) is None


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (TabMove(T, 0, 1), "7S cannot go on 9H: tableau piles build down in suit"),
        (TabMove(T, 0, 2), "7S cannot go on 8H: tableau piles build down in suit"),
        (TabMove(T, 0, 0), "7S is already on tableau 1"),
        (TabMove(T, 3, 1), "tableau 4 is empty"),
        (TabMove(T, 10, 1), "there is no tableau 11 (tableau piles are 1-10)"),
        (TabMove(T, 0, 10), "there is no tableau 11 (tableau piles are 1-10)"),
        (TabMove(F, 0, 8), "there is no foundation 9 (foundation piles are 1-8)"),
        (TabMove(F, 0, 1), "7S cannot start a foundation: only an Ace can"),
        (
            TabMove(F, 0, 0),
            "7S cannot go on 5S: foundations build up in suit from the Ace",
        ),
        (TabMove(F, 4, 2), "foundation 3 is complete (Ace to King)"),
        (TabMove(D, 0, 0), "cards never go to the deck"),
        (WasteMove(W, 0), "cards never go to the waste"),
        (WasteMove(T, 1), "2D cannot go on 9H: tableau piles build down in suit"),
        (
            WasteMove(F, 0),
            "2D cannot go on 5S: foundations build up in suit from the Ace",
        ),
    ],
)
def test_why_invalid_says_why_in_one_line(move: Move, reason: str) -> None:
    board = position(
        tableau={0: "7S", 1: "9H", 2: "8H", 3: "", 4: "AC"},
        foundation={0: "AS 2S 3S 4S 5S", 2: "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"},
        waste="2D",
    )
    assert why_invalid(board, move) == reason


def test_why_invalid_on_empty_waste_and_deck() -> None:
    board = position(rest=0)
    assert why_invalid(board, WasteMove(T, 1)) == "the waste is empty"
    assert why_invalid(board, DeckMove()) == (
        "the deck is empty (Forty Thieves deals the deck only once)"
    )


def test_foundation_move_picks_the_first_foundation_that_takes_the_card() -> None:
    board = position(
        tableau={0: "AH", 1: "3S", 2: "KH"},
        foundation={0: "AD", 3: "AS 2S", 5: "AS 2S"},
        waste="2D",
    )
    assert foundation_move(board, 0) == TabMove(F, 0, 1)  # first empty one
    assert foundation_move(board, 1) == TabMove(F, 1, 3)
    assert foundation_move(board, None) == WasteMove(F, 0)
    assert foundation_move(board, 2) is None
    assert foundation_move(board, 9) is None  # tableau 10 is empty


def test_safe_move_plays_aces_and_twos_at_once() -> None:
    board = position(tableau={4: "AS"}, foundation={0: "AH"}, waste="2H")
    assert safe_move(board) == TabMove(F, 4, 1)
    apply(board, TabMove(F, 4, 1))
    assert safe_move(board) == WasteMove(F, 0)


def test_a_card_is_safe_only_once_both_cards_below_it_are_on_foundations() -> None:
    # 3H could still take the 2H that is in the tableau: not safe.
    board = position(tableau={0: "3H", 1: "2H 9C"}, foundation={0: "AH 2H", 1: "AH"})
    assert foundation_move(board, 0) == TabMove(F, 0, 0)
    assert safe_move(board) is None
    board = position(tableau={0: "3H"}, foundation={0: "AH 2H", 1: "AH 2H"})
    assert safe_move(board) == TabMove(F, 0, 0)


def test_why_no_foundation_names_the_reason() -> None:
    board = position(tableau={0: "7S", 1: ""}, foundation={0: "AS 2S 3S"}, rest=9)
    assert foundation_move(board, 0) is None
    assert why_no_foundation(board, 0) == (
        "no foundation takes 7S: foundations build up in suit from the Ace"
    )
    assert why_no_foundation(board, 1) == "tableau 2 is empty"
    assert why_no_foundation(board, None) == "the waste is empty"
    assert (
        why_no_foundation(board, 10)
        == "there is no tableau 11 (tableau piles are 1-10)"
    )
