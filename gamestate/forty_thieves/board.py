"""The MIS's Game Board ADT Module: BoardT, the state of one game.

Owns the rules of Forty Thieves as the MIS states them: where a card may
go (the ``is_valid_*`` routines and their local functions), what a move
does (``tab_mv``, ``waste_mv``, ``deck_mv``) and when the game is won or
stuck. It never prints, never reads input and never draws random cards
(a deal comes from :func:`gamestate.forty_thieves.deal`).

State (the MIS's state variables): ``T``, the 10 tableau piles; ``F``, the
8 foundations; ``D``, the deck; ``W``, the waste; each a CardStackT whose
top is its last card. Stacks are immutable, so a move replaces piles and a
copy of a board shares them.

Exceptions, as the MIS names them: out_of_range is IndexError and
invalid_argument is ValueError, raised in the order the MIS lists them;
arguments of the wrong type (a category that is not a CategoryT, a pile
number that is not an int) raise TypeError. A call that raises changes
nothing.

The MIS has evident slips; each routine below implements the evident
intent and quotes what the MIS wrote:

* ``valid_tab_foundation`` compares with the foundation's top ``F[n1]``
  (the MIS writes ``T[n0].top().s = T[n1].top().s``);
* foundations build UP in suit from the Ace: ``foundation_placeable(a, b)``
  is ``a.s = b.s and a.r = b.r + 1`` (the MIS writes ``a.r = b.r - 1``,
  which would build down from the Ace, where nothing is below it);
* the MIS's ``is_valid_deck_mv`` table tests a category ``c`` that the
  routine does not take; its intent, "moving a card from the deck stack to
  the waste stack", is ``|D| > 0``;
* ``two_decks`` as written (some a, b with equal suit and rank) holds for
  any deck; its comment, "True if there is two of each card", is what is
  checked: exactly two of each of the 52 cards.

Two more choices where the MIS is silent or unclear are documented where
they are made: ``tab_mv`` and ``waste_mv`` raise ValueError (their only
listed exception) for pile numbers out of range, and ``valid_mv_exists``
counts no waste move while the waste is empty.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final, TypeAlias

from .card_types import ACE, TOTAL_CARDS, CardT, CategoryT, full_deck
from .stack import Stack

CardStackT: TypeAlias = Stack[CardT]
"""The MIS's CardStack Module: ``CardStackT is Stack(CardT)``."""

TABLEAU_PILES: Final = 10
FOUNDATION_PILES: Final = 8
DEALT_PER_PILE: Final = 4
"""Cards dealt face up to each tableau pile: ``deck[4i .. 4(i+1) - 1]``."""
COPIES: Final = 2
"""Each of the 52 cards is in the game twice (two decks)."""

_EMPTY: Final[CardStackT] = Stack()
_PILES: Final = {
    CategoryT.Tableau: TABLEAU_PILES,
    CategoryT.Foundation: FOUNDATION_PILES,
}


def is_valid_pos(c: CategoryT, n: int) -> bool:
    """is_valid_pos(c, n): ``c = Tableau => n in [0..9] | c = Foundation =>
    n in [0..7] | True => True``."""
    piles = _PILES.get(c)
    return piles is None or 0 <= n < piles


def tab_placeable(a: CardT, b: CardT) -> bool:
    """tab_placeable(a, b): card ``a`` may go on tableau top ``b``.

    MIS: ``a.s = b.s and a.r = b.r - 1 => True``, completed with "else
    False": tableau piles build down in suit.
    """
    return a.s is b.s and a.r == b.r - 1


def foundation_placeable(a: CardT, b: CardT) -> bool:
    """foundation_placeable(a, b): card ``a`` may go on foundation top ``b``.

    Slip: the MIS writes ``a.s = b.s and a.r = b.r - 1 => True``, but a
    foundation "must start with an ace" and grows from it, so the intent
    is ``a.r = b.r + 1``: foundations build up in suit.
    """
    return a.s is b.s and a.r == b.r + 1


def tab_accepts(pile: CardStackT, card: CardT) -> bool:
    """Whether tableau ``pile`` takes ``card``: the rule of valid_tab_tab and
    valid_waste_tab once there is a card to move.

    MIS: ``T[n1].size() = 0 => True`` (any card may go on an empty tableau
    pile), else ``tab_placeable(card, T[n1].top())``.
    """
    return pile.size() == 0 or tab_placeable(card, pile.top())


def foundation_accepts(pile: CardStackT, card: CardT) -> bool:
    """Whether foundation ``pile`` takes ``card``: the rule of
    valid_tab_foundation and valid_waste_foundation once there is a card.

    MIS: ``F[n].size() = 0 => card.r = ACE``, else
    ``foundation_placeable(card, F[n].top())``.
    """
    if pile.size() == 0:
        return card.r == ACE
    return foundation_placeable(card, pile.top())


def two_decks_problem(cards: Sequence[object]) -> str | None:
    """Why ``cards`` is not exactly two of each of the 52 cards, or None.

    The MIS's ``two_decks`` as its comment states it ("True if there is
    two of each card in the game"). The message names the first problem:
    something that is not a CardT, or a card that is missing or extra.
    """
    for position, card in enumerate(cards):
        if not isinstance(card, CardT):
            return f"item {position} is {card!r}, not a CardT"
    if len(cards) != TOTAL_CARDS:
        return f"there are {len(cards)} cards, not {TOTAL_CARDS}"
    counts = Counter(cards)
    for card in full_deck()[: TOTAL_CARDS // COPIES]:
        if counts[card] != COPIES:
            return f"{card} is there {counts[card]} times, not {COPIES}"
    return None


def foundation_problem(cards: Sequence[CardT]) -> str | None:
    """Why ``cards`` (bottom to top) cannot be a foundation, or None.

    A foundation "must start with an ace" and then holds that suit, each
    card one rank up (foundation_placeable).
    """
    if cards and cards[0].r != ACE:
        return f"a foundation starts with an Ace, not {cards[0]}"
    for below, card in itertools.pairwise(cards):
        if not foundation_placeable(card, below):
            return f"{card} cannot go on {below}: foundations build up in suit"
    return None


def _check_two_decks(cards: Sequence[object]) -> None:
    """invalid_argument (ValueError) unless two_decks holds for ``cards``."""
    problem = two_decks_problem(cards)
    if problem is not None:
        raise ValueError(f"a game needs two of each card: {problem}")


def _check_category(c: object) -> None:
    if not isinstance(c, CategoryT):
        raise TypeError(f"the category must be a CategoryT, got {c!r}")


def _check_number(n: object) -> int:
    """``n`` if it is a pile number (an int; True is an int in Python, but
    not a pile number); else TypeError."""
    if type(n) is not int:
        raise TypeError(f"a pile number must be an int, got {n!r}")
    return n


def _out_of_range(c: CategoryT, n: int) -> IndexError:
    return IndexError(f"{c.name} {n} is out of range (0..{_PILES[c] - 1})")


class BoardT:
    """A game of Forty Thieves: ``BoardT(deck)`` deals the 104 cards of ``deck``.

    Tableau pile i is ``deck[4i .. 4i+3]`` (its top is the last of the
    four), the deck pile is ``deck[40 .. 103]`` (its top is the last), the
    8 foundations and the waste start empty. Beyond the MIS: ``copy()``,
    ``==`` (same piles), ``repr``, and :meth:`from_piles` to rebuild a
    position (for saves and tests).
    """

    __slots__ = ("_deck", "_foundation", "_tableau", "_waste")

    def __init__(self, deck: Iterable[CardT]) -> None:
        """new BoardT(deck).

        MIS transition: ``T, F, D, W := tab_deck(deck[0..39]), init_seq(8),
        CardStackT(deck[40..103]), CardStackT(<>)``. Exception:
        ``not two_decks(...) => invalid_argument``: ValueError naming the
        first missing or extra card.
        """
        cards = tuple(deck)
        _check_two_decks(cards)
        dealt = TABLEAU_PILES * DEALT_PER_PILE
        self._tableau: list[CardStackT] = [
            Stack._of(cards[i * DEALT_PER_PILE : (i + 1) * DEALT_PER_PILE])
            for i in range(TABLEAU_PILES)
        ]
        self._foundation: list[CardStackT] = [_EMPTY] * FOUNDATION_PILES
        self._deck: CardStackT = Stack._of(cards[dealt:])
        self._waste: CardStackT = _EMPTY

    @classmethod
    def from_piles(
        cls,
        tableau: Sequence[Iterable[CardT]],
        foundation: Sequence[Iterable[CardT]],
        deck: Iterable[CardT],
        waste: Iterable[CardT],
    ) -> BoardT:
        """A board with these piles, each bottom to top; checked.

        ValueError unless there are 10 tableau piles and 8 foundations,
        every foundation is an Ace-up run of one suit and the piles hold
        exactly two of each card.
        """
        board: BoardT = object.__new__(cls)
        board._tableau = [Stack(pile) for pile in tableau]
        board._foundation = [Stack(pile) for pile in foundation]
        board._deck = Stack(deck)
        board._waste = Stack(waste)
        board._check_position()
        return board

    def _check_position(self) -> None:
        """ValueError unless the board satisfies the MIS's state invariant."""
        if len(self._tableau) != TABLEAU_PILES:
            raise ValueError(f"there must be {TABLEAU_PILES} tableau piles")
        if len(self._foundation) != FOUNDATION_PILES:
            raise ValueError(f"there must be {FOUNDATION_PILES} foundations")
        _check_two_decks([card for pile in self._piles() for card in pile])
        for number, pile in enumerate(self._foundation):
            problem = foundation_problem(pile.toSeq())
            if problem is not None:
                raise ValueError(f"foundation {number}: {problem}")

    def _piles(self) -> list[CardStackT]:
        return [*self._tableau, *self._foundation, self._deck, self._waste]

    # --- the MIS's access routines -------------------------------------

    def is_valid_tab_mv(self, c: CategoryT, n0: int, n1: int) -> bool:
        """is_valid_tab_mv(c, n0, n1): may the top of tableau n0 go to (c, n1)?

        MIS output: ``c = Tableau: valid_tab_tab(n0, n1)``; ``c =
        Foundation: valid_tab_foundation(n0, n1)``; ``c = Deck: False``;
        ``c = Waste: False`` (the deck and the waste are never targets).
        MIS exceptions: ``c = Tableau and not (is_valid_pos(Tableau, n0)
        and is_valid_pos(Tableau, n1)) => out_of_range``; ``c = Foundation
        and not (is_valid_pos(Tableau, n0) and is_valid_pos(Foundation,
        n1)) => out_of_range``: IndexError.
        """
        _check_category(c)
        _check_number(n0)
        _check_number(n1)
        if c is CategoryT.Tableau or c is CategoryT.Foundation:
            for category, n in ((CategoryT.Tableau, n0), (c, n1)):
                if not is_valid_pos(category, n):
                    raise _out_of_range(category, n)
        if c is CategoryT.Tableau:
            return self._valid_tab_tab(n0, n1)
        if c is CategoryT.Foundation:
            return self._valid_tab_foundation(n0, n1)
        return False

    def is_valid_waste_mv(self, c: CategoryT, n: int) -> bool:
        """is_valid_waste_mv(c, n): may the top of the waste go to (c, n)?

        MIS output: ``c = Tableau: valid_waste_tab(n)``; ``c = Foundation:
        valid_waste_foundation(n)``; ``c = Deck: False``; ``c = Waste:
        False``. MIS exceptions, in this order: ``W.size() = 0 =>
        invalid_argument`` (ValueError, whatever ``c`` and ``n`` are);
        ``c = Tableau and not is_valid_pos(Tableau, n) => out_of_range``;
        ``c = Foundation and not is_valid_pos(Foundation, n) =>
        out_of_range`` (IndexError).
        """
        _check_category(c)
        _check_number(n)
        if self._waste.size() == 0:
            raise ValueError("the waste is empty")
        if not is_valid_pos(c, n):
            raise _out_of_range(c, n)
        if c is CategoryT.Tableau:
            return self._valid_waste_tab(n)
        if c is CategoryT.Foundation:
            return self._valid_waste_foundation(n)
        return False

    def is_valid_deck_mv(self) -> bool:
        """is_valid_deck_mv(): may a card go from the deck to the waste?

        Slip: the MIS's table tests a ``c`` the routine does not take
        (``c = Waste: |D| > 0``, else False); its note says "The deck moves
        involves moving a card from the deck stack to the waste stack", so
        the output is ``|D| > 0``.
        """
        return self._deck.size() > 0

    def tab_mv(self, c: CategoryT, n0: int, n1: int) -> None:
        """tab_mv(c, n0, n1): move the top of tableau n0 to (c, n1).

        MIS transition: ``c = Tableau: T[n0], T[n1] := T[n0].pop(),
        T[n1].push(T[n0].top())``; ``c = Foundation: T[n0], F[n1] :=
        T[n0].pop(), F[n1].push(T[n0].top())``. MIS exception: ``not
        is_valid_tab_mv(c, n0, n1) => invalid_argument``: ValueError. The
        MIS lists no other exception for tab_mv, so pile numbers out of
        range (where is_valid_tab_mv raises out_of_range) are an invalid
        argument too: ValueError.
        """
        if not self._checked(self.is_valid_tab_mv, c, n0, n1):
            raise ValueError(f"tab_mv({c!r}, {n0}, {n1}) is not a valid move")
        card = self._tableau[n0].top()
        self._tableau[n0] = self._tableau[n0].pop()
        self._push(c, n1, card)

    def waste_mv(self, c: CategoryT, n: int) -> None:
        """waste_mv(c, n): move the top of the waste to (c, n).

        MIS transition: ``c = Tableau: W, T[n] := W.pop(), T[n].push(
        W.top())``; ``c = Foundation: W, F[n] := W.pop(), F[n].push(
        W.top())``. MIS exception: ``not is_valid_waste_mv(c, n) =>
        invalid_argument``: ValueError, also for an empty waste and (as in
        tab_mv) for a pile number out of range.
        """
        if not self._checked(self.is_valid_waste_mv, c, n):
            raise ValueError(f"waste_mv({c!r}, {n}) is not a valid move")
        card = self._waste.top()
        self._waste = self._waste.pop()
        self._push(c, n, card)

    def deck_mv(self) -> None:
        """deck_mv(): turn the top card of the deck onto the waste.

        MIS transition: ``D, W := D.pop(), W.push(D.top())``. MIS
        exception: ``not is_valid_deck_mv() => invalid_argument``:
        ValueError (the deck is empty; there is no redeal).
        """
        if not self.is_valid_deck_mv():
            raise ValueError("deck_mv(): the deck is empty")
        card = self._deck.top()
        self._deck = self._deck.pop()
        self._waste = self._waste.push(card)

    def get_tab(self, i: int) -> CardStackT:
        """get_tab(i): ``out := T[i]``.

        MIS exception: ``not is_valid_pos(Tableau, i) => out_of_range``:
        IndexError (a negative i too: piles are numbered 0..9).
        """
        return self._tableau[self._index(CategoryT.Tableau, i)]

    def get_foundation(self, i: int) -> CardStackT:
        """get_foundation(i): ``out := F[i]``.

        MIS exception: ``not is_valid_pos(Foundation, i) => out_of_range``:
        IndexError (0..7 only).
        """
        return self._foundation[self._index(CategoryT.Foundation, i)]

    def get_deck(self) -> CardStackT:
        """get_deck(): ``out := D``. No exception."""
        return self._deck

    def get_waste(self) -> CardStackT:
        """get_waste(): ``out := W``. No exception."""
        return self._waste

    def valid_mv_exists(self) -> bool:
        """valid_mv_exists(): is any move valid?

        MIS: ``out := valid_tab_mv or valid_waste_mv or
        is_valid_deck_mv()``, where valid_tab_mv is some is_valid_tab_mv(c,
        n0, n1) over valid positions and valid_waste_mv some
        is_valid_waste_mv(c, n) over valid positions. While the waste is
        empty is_valid_waste_mv raises instead of answering; no waste move
        exists then, so valid_waste_mv is False.
        """
        if self.is_valid_deck_mv():
            return True
        targets = [(CategoryT.Tableau, n) for n in range(TABLEAU_PILES)] + [
            (CategoryT.Foundation, n) for n in range(FOUNDATION_PILES)
        ]
        if any(
            self.is_valid_tab_mv(c, n0, n1)
            for n0 in range(TABLEAU_PILES)
            for c, n1 in targets
        ):
            return True
        return self._waste.size() > 0 and any(
            self.is_valid_waste_mv(c, n) for c, n in targets
        )

    def is_win_state(self) -> bool:
        """is_win_state(): every card is on a foundation.

        MIS: ``cnt_cards_seq(F, lambda t -> True) = TOTAL_CARDS``.
        """
        return sum(pile.size() for pile in self._foundation) == TOTAL_CARDS

    # --- beyond the MIS ---------------------------------------------------

    def copy(self) -> BoardT:
        """An independent board in the same position (the piles are shared:
        they are immutable)."""
        board: BoardT = object.__new__(BoardT)
        board._tableau = list(self._tableau)
        board._foundation = list(self._foundation)
        board._deck = self._deck
        board._waste = self._waste
        return board

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BoardT):
            return NotImplemented
        return self._piles() == other._piles()

    __hash__ = None  # type: ignore[assignment]  # a BoardT changes: not hashable

    def __repr__(self) -> str:
        def cards(pile: CardStackT) -> str:
            return " ".join(map(str, pile)) or "-"

        tableau = " | ".join(map(cards, self._tableau))
        foundation = " | ".join(map(cards, self._foundation))
        return (
            f"<BoardT tableau: {tableau}; foundations: {foundation}; "
            f"deck: {cards(self._deck)}; waste: {cards(self._waste)}>"
        )

    # --- the MIS's local functions -----------------------------------------

    def _valid_tab_tab(self, n0: int, n1: int) -> bool:
        """valid_tab_tab(n0, n1): False from an empty pile (MIS: ``T[n0].size()
        = 0 => False``), else tab_accepts."""
        source = self._tableau[n0]
        return source.size() > 0 and tab_accepts(self._tableau[n1], source.top())

    def _valid_tab_foundation(self, n0: int, n1: int) -> bool:
        """valid_tab_foundation(n0, n1): False from an empty pile, else
        foundation_accepts.

        Slip: for a non-empty foundation the MIS writes ``T[n0].top().s =
        T[n1].top().s and T[n0].top().r = T[n1].top().r - 1``, comparing
        with tableau n1; the intent is the foundation's top ``F[n1]``, by
        foundation_placeable.
        """
        source = self._tableau[n0]
        return source.size() > 0 and foundation_accepts(
            self._foundation[n1], source.top()
        )

    def _valid_waste_tab(self, n: int) -> bool:
        """valid_waste_tab(n): tab_accepts for the top of the waste."""
        return tab_accepts(self._tableau[n], self._waste.top())

    def _valid_waste_foundation(self, n: int) -> bool:
        """valid_waste_foundation(n): foundation_accepts for the waste's top."""
        return foundation_accepts(self._foundation[n], self._waste.top())

    # --- helpers --------------------------------------------------------

    @staticmethod
    def _index(c: CategoryT, i: object) -> int:
        """``i`` if it is a valid position of ``c``; else IndexError."""
        n = _check_number(i)
        if not is_valid_pos(c, n):
            raise _out_of_range(c, n)
        return n

    @staticmethod
    def _checked(is_valid: Callable[..., bool], *arguments: object) -> bool:
        """``is_valid(*arguments)``, with out_of_range as invalid_argument."""
        try:
            return is_valid(*arguments)
        except IndexError as error:
            raise ValueError(f"not a valid move: {error}") from error

    def _push(self, c: CategoryT, n: int, card: CardT) -> None:
        piles = self._tableau if c is CategoryT.Tableau else self._foundation
        piles[n] = piles[n].push(card)
