"""Moves as values: what the line mode, the full screen and the solver pass.

The MIS has three move routines; each is a small immutable, hashable value
here, so that a move can be listed, compared, stored in an undo history or
returned as a hint:

* ``TabMove(c, n0, n1)``: ``board.tab_mv(c, n0, n1)``, the top of tableau
  ``n0`` to tableau or foundation ``n1``;
* ``WasteMove(c, n)``: ``board.waste_mv(c, n)``, the top of the waste to
  tableau or foundation ``n``;
* ``DeckMove()``: ``board.deck_mv()``, the top of the deck onto the waste.

Pile numbers are the MIS's, from 0. :func:`describe` and
:func:`why_invalid`, written for people, number piles from 1.

This module owns no rule: every answer comes from :class:`BoardT`'s
routines and the MIS's local functions in :mod:`.board`. It never prints.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, TypeAlias

from .board import (
    COPIES,
    FOUNDATION_PILES,
    TABLEAU_PILES,
    BoardT,
    CardStackT,
    foundation_accepts,
    is_valid_pos,
    tab_accepts,
)
from .card_types import ACE, KING, CardT, CategoryT

CardText: TypeAlias = Callable[[CardT], str]
"""How a message writes a card: ``str`` gives ``7S``; a screen may use ``7♠``."""


class TabMove(NamedTuple):
    """``tab_mv(c, n0, n1)``: the top card of tableau n0 to (c, n1)."""

    c: CategoryT
    n0: int
    n1: int


class WasteMove(NamedTuple):
    """``waste_mv(c, n)``: the top card of the waste to (c, n)."""

    c: CategoryT
    n: int


class DeckMove(NamedTuple):
    """``deck_mv()``: the top card of the deck onto the waste."""


Move: TypeAlias = TabMove | WasteMove | DeckMove


def apply(board: BoardT, move: Move) -> None:
    """Make ``move`` on ``board`` with the MIS routine it names.

    Raises what that routine raises (ValueError for a move the rules
    refuse) and then changes nothing.
    """
    if isinstance(move, TabMove):
        board.tab_mv(move.c, move.n0, move.n1)
    elif isinstance(move, WasteMove):
        board.waste_mv(move.c, move.n)
    else:
        board.deck_mv()


def is_valid(board: BoardT, move: Move) -> bool:
    """Whether the rules allow ``move`` now, by the MIS's ``is_valid_*``.

    Never raises for a move value: a pile number out of range or a waste
    move while the waste is empty (where the MIS routines raise) is simply
    not valid.
    """
    try:
        if isinstance(move, TabMove):
            return board.is_valid_tab_mv(move.c, move.n0, move.n1)
        if isinstance(move, WasteMove):
            return board.is_valid_waste_mv(move.c, move.n)
    except (IndexError, ValueError):
        return False
    return board.is_valid_deck_mv()


def legal_moves(board: BoardT) -> list[Move]:
    """Every valid move, in this order.

    1. tableau to foundation, by tableau pile then foundation;
    2. waste to foundation, by foundation;
    3. tableau to tableau, by source pile then target pile;
    4. waste to tableau, by pile;
    5. the deck move.

    A card that several piles accept is listed once per pile (an Ace once
    per empty foundation, any card once per empty tableau pile). The
    verdicts are the board's rules (tab_accepts and foundation_accepts,
    which its is_valid routines use), asked once per source and target.
    """
    tableau = [board.get_tab(n) for n in range(TABLEAU_PILES)]
    foundations = [board.get_foundation(n) for n in range(FOUNDATION_PILES)]
    tops = [(n0, pile.top()) for n0, pile in enumerate(tableau) if pile.size()]
    waste = board.get_waste()
    waste_top = waste.top() if waste.size() else None
    moves: list[Move] = []
    for c, piles, accepts in (
        (CategoryT.Foundation, foundations, foundation_accepts),
        (CategoryT.Tableau, tableau, tab_accepts),
    ):
        moves += [
            TabMove(c, n0, n1)
            for n0, card in tops
            for n1, pile in enumerate(piles)
            if accepts(pile, card)
        ]
        if waste_top is not None:
            moves += [
                WasteMove(c, n)
                for n, pile in enumerate(piles)
                if accepts(pile, waste_top)
            ]
    if board.is_valid_deck_mv():
        moves.append(DeckMove())
    return moves


def foundation_move(board: BoardT, n0: int | None) -> Move | None:
    """The top card of tableau ``n0`` (None: the waste) to the first
    foundation that takes it, or None when none does."""
    for n in range(FOUNDATION_PILES):
        move: Move = (
            WasteMove(CategoryT.Foundation, n)
            if n0 is None
            else TabMove(CategoryT.Foundation, n0, n)
        )
        if is_valid(board, move):
            return move
    return None


def _pile_name(c: CategoryT, n: int) -> str:
    """A pile as people number it, from 1: ``tableau 3``, ``foundation 1``."""
    return f"{c.value} {n + 1}"


def source_pile(board: BoardT, move: Move) -> CardStackT:
    """The pile ``move`` takes its card from (tableau n0, the waste or the
    deck); IndexError for a tableau number out of range."""
    if isinstance(move, TabMove):
        return board.get_tab(move.n0)
    return board.get_waste() if isinstance(move, WasteMove) else board.get_deck()


def describe(move: Move, board: BoardT | None = None, card_text: CardText = str) -> str:
    """The move in words, piles numbered from 1.

    ``tableau 3 to foundation 1``, ``waste to tableau 7``, ``deal a card``;
    with the board before the move, the card too: ``7S from tableau 3 to
    foundation 1``, ``dealt 9H`` (a move done: "Deal 9H" read as a command
    or a deal's number).
    """
    card = _moving_card(board, move) if board is not None else None
    if isinstance(move, DeckMove):
        return "deal a card" if card is None else f"dealt {card_text(card)}"
    if isinstance(move, TabMove):
        source, (c, n) = _pile_name(CategoryT.Tableau, move.n0), (move.c, move.n1)
    else:
        source, (c, n) = "waste", (move.c, move.n)
    words = f"{source} to {_pile_name(c, n)}"
    return words if card is None else f"{card_text(card)} from {words}"


def _moving_card(board: BoardT, move: Move) -> CardT | None:
    """The card ``move`` would take, or None when there is none."""
    try:
        return source_pile(board, move).top()
    except IndexError:
        return None


def why_invalid(board: BoardT, move: Move, card_text: CardText = str) -> str | None:
    """None when the rules allow ``move``; else one line saying why not.

    ``7S cannot go on 9H: tableau piles build down in suit``. The verdict
    is the board's (:func:`is_valid`); this only finds words for it.
    """
    if is_valid(board, move):
        return None
    card = _moving_card(board, move)
    if card is None or isinstance(move, DeckMove):
        return _no_card(move)
    c, n = (move.c, move.n) if isinstance(move, WasteMove) else (move.c, move.n1)
    if c not in (CategoryT.Tableau, CategoryT.Foundation):
        return f"cards never go to the {c.value}"
    if not is_valid_pos(c, n):
        last = TABLEAU_PILES if c is CategoryT.Tableau else FOUNDATION_PILES
        return f"there is no {c.value} {n + 1} ({c.value} piles are 1-{last})"
    if isinstance(move, TabMove) and c is CategoryT.Tableau and move.n0 == n:
        return f"{card_text(card)} is already on {_pile_name(c, n)}"
    return _refusal(board, card, c, n, card_text)


def _no_card(move: Move) -> str:
    """Why ``move`` has no card to take: its source pile is empty or none."""
    if isinstance(move, DeckMove):
        return "the deck is empty (Forty Thieves deals the deck only once)"
    if isinstance(move, WasteMove):
        return "the waste is empty"
    if not is_valid_pos(CategoryT.Tableau, move.n0):
        return (
            f"there is no tableau {move.n0 + 1} (tableau piles are 1-{TABLEAU_PILES})"
        )
    return f"{_pile_name(CategoryT.Tableau, move.n0)} is empty"


def why_no_foundation(board: BoardT, n0: int | None, card_text: CardText = str) -> str:
    """Why no foundation takes the top of tableau ``n0`` (None: the waste),
    in one line, for when :func:`foundation_move` finds none."""
    move: Move = (
        WasteMove(CategoryT.Foundation, 0)
        if n0 is None
        else TabMove(CategoryT.Foundation, n0, 0)
    )
    card = _moving_card(board, move)
    if card is None:
        return _no_card(move)
    # Not an Ace: an Ace off the foundations leaves one of the 8 empty.
    return (
        f"no foundation takes {card_text(card)}: foundations build up in suit "
        "from the Ace"
    )


def _refusal(
    board: BoardT, card: CardT, c: CategoryT, n: int, card_text: CardText
) -> str:
    """Why ``card`` may not go on pile (c, n), which exists."""
    if c is CategoryT.Tableau:
        # An empty tableau pile takes any card, so this one has a top.
        return (
            f"{card_text(card)} cannot go on {card_text(board.get_tab(n).top())}: "
            "tableau piles build down in suit"
        )
    foundation = board.get_foundation(n)
    if foundation.size() == 0:
        return f"{card_text(card)} cannot start a foundation: only an Ace can"
    if foundation.top().r == KING:
        return f"{_pile_name(c, n)} is complete (Ace to King)"
    return (
        f"{card_text(card)} cannot go on {card_text(foundation.top())}: "
        "foundations build up in suit from the Ace"
    )


def safe_move(board: BoardT) -> Move | None:
    """A move of a card to a foundation that can never cost the game, or None.

    A card is *safe* to put on a foundation when no card could ever be
    played on it in the tableau: only the card one rank lower of its suit
    can go on it (tab_placeable), so once both copies of that card are on
    foundations, the card is of no more use in the tableau or the waste.
    An Ace and a 2 are always safe: an Ace can start a foundation
    whenever it is on top (there are 8 foundations for 8 Aces), so it
    never needs a 2 to rest on. Tops of the tableau come first, then the
    waste.
    """
    for n0 in [*range(TABLEAU_PILES), None]:
        move = foundation_move(board, n0)
        if move is not None and _is_safe(board, _moving_card(board, move)):
            return move
    return None


def _is_safe(board: BoardT, card: CardT | None) -> bool:
    """Whether ``card`` is safe to put on a foundation (see safe_move)."""
    if card is None or card.r <= ACE + 1:
        return card is not None
    below = CardT(card.s, card.r - 1)
    on_foundations = sum(
        board.get_foundation(n).toSeq().count(below) for n in range(FOUNDATION_PILES)
    )
    return on_foundations == COPIES


def auto_finish(board: BoardT) -> tuple[Move, ...]:
    """The moves that play the game out, once every card left can go home
    without a choice; else ().

    That is when the deck is empty (no card is hidden: a finish found while
    cards are face down would tell the player what they cannot see) and
    sending any top card that a foundation takes home, again and again,
    puts all 104 cards there. Such moves never compete: a card on a
    foundation only lets more cards follow it, and the two copies of a
    card can take either of their suit's foundations alike. So if this
    greedy order wins, the game is won whatever order the player would
    choose; if it sticks, some card must first move within the tableau,
    which is a choice. Tableau tops come first (pile by pile), then the
    waste. An empty tuple for a game already won. Never changes ``board``.
    """
    if board.get_deck().size() or board.is_win_state():
        return ()
    copy = board.copy()
    moves: list[Move] = []
    while not copy.is_win_state():
        move = next(
            (
                found
                for n0 in [*range(TABLEAU_PILES), None]
                if (found := foundation_move(copy, n0)) is not None
            ),
            None,
        )
        if move is None:
            return ()
        apply(copy, move)
        moves.append(move)
    return tuple(moves)


def undone(board: BoardT, move: Move) -> BoardT:
    """The position ``move`` was made from, if it led to ``board``: its
    card taken back from where it went (a new board; ``board`` is left
    alone). For a history read back (a save keeps the moves, not every
    position).

    Raises ValueError, saying why, when ``move`` cannot have led to
    ``board``: its target is empty, or the move is not valid in the
    position it would come from.
    """
    tableau = [board.get_tab(n).toSeq() for n in range(TABLEAU_PILES)]
    foundations = [board.get_foundation(n).toSeq() for n in range(FOUNDATION_PILES)]
    deck, waste = board.get_deck().toSeq(), board.get_waste().toSeq()
    if isinstance(move, DeckMove):
        target, source = waste, deck
    else:
        c, n = (move.c, move.n1) if isinstance(move, TabMove) else (move.c, move.n)
        if not is_valid_pos(c, n) or c not in (CategoryT.Tableau, CategoryT.Foundation):
            raise ValueError(f"there is no {c.value} {n + 1}")
        target = (tableau if c is CategoryT.Tableau else foundations)[n]
        if isinstance(move, WasteMove):
            source = waste
        elif is_valid_pos(CategoryT.Tableau, move.n0):
            source = tableau[move.n0]
        else:
            raise ValueError(f"there is no tableau {move.n0 + 1}")
    if not target:
        raise ValueError("the pile it went to is empty")
    source.append(target.pop())
    before = BoardT.from_piles(tableau, foundations, deck, waste)
    reason = why_invalid(before, move)
    if reason is not None:
        raise ValueError(reason)
    return before
