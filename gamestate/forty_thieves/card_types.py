"""The MIS's Card Types module: constants, suits, categories and cards.

Owns what a card is (:class:`CardT`, a suit and a rank), the four pile
categories (:class:`CategoryT`) and the short text of a card that saves,
messages and the screens share (``7S``, ``10H``, ``AD``, ``KC``). It never
prints and never reads input.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Any, Final, NamedTuple, final

TOTAL_CARDS: Final = 104
ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13

RANKS: Final = range(ACE, KING + 1)
"""RankT = [1..13]."""


class SuitT(Enum):
    """SuitT = {Heart, Diamond, Club, Spade}, in the MIS's order."""

    Heart = "H"
    Diamond = "D"
    Club = "C"
    Spade = "S"

    @property
    def letter(self) -> str:
        """The suit's letter in card text: H, D, C or S."""
        return self.value

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red; clubs and spades are black."""
        return self in (SuitT.Heart, SuitT.Diamond)

    def __repr__(self) -> str:
        return f"SuitT.{self.name}"


class CategoryT(Enum):
    """CategoryT = {Tableau, Foundation, Deck, Waste}: the kinds of pile."""

    Tableau = "tableau"
    Foundation = "foundation"
    Deck = "deck"
    Waste = "waste"

    def __repr__(self) -> str:
        return f"CategoryT.{self.name}"


_RANK_TEXT: Final = {ACE: "A", JACK: "J", QUEEN: "Q", KING: "K"}
_TEXT_RANK: Final = {text: rank for rank, text in _RANK_TEXT.items()} | {
    str(rank): rank for rank in range(2, 11)
}
_LETTER_SUIT: Final = {suit.letter: suit for suit in SuitT}


def rank_text(rank: int) -> str:
    """A rank as players write it: A, 2..10, J, Q, K."""
    return _RANK_TEXT.get(rank, str(rank))


class _Card(NamedTuple):
    s: SuitT
    r: int


@final
class CardT(_Card):
    """CardT = tuple of (s: SuitT, r: RankT): an immutable, hashable card.

    ``CardT(SuitT.Spade, 7)`` or ``CardT(s=SuitT.Spade, r=7)``. A suit that
    is not a SuitT raises TypeError; a rank outside 1..13 (or not an int)
    raises ValueError / TypeError, so every CardT is a real card. The named
    tuple's ``_make`` and ``_replace`` check the same way (a named tuple's
    own would build the tuple without ``__new__``).
    ``str(card)`` is its short text, ``7S``.
    """

    __slots__ = ()

    def __new__(cls, s: SuitT, r: int) -> CardT:
        if not isinstance(s, SuitT):
            raise TypeError(f"a card's suit must be a SuitT, got {s!r}")
        if type(r) is not int:
            raise TypeError(f"a card's rank must be an int from 1 to 13, got {r!r}")
        if not ACE <= r <= KING:
            raise ValueError(f"a card's rank must be from 1 to 13, got {r}")
        return super().__new__(cls, s, r)

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> CardT:  # type: ignore[override]
        """A card from a suit and a rank in ``iterable``, checked as
        ``CardT(s, r)`` checks them; ``_replace`` builds through here.
        (mypy sees the named tuple's generic ``_make`` as another
        signature; on this final class it is the same one.)"""
        return cls(*iterable)

    def __str__(self) -> str:
        return rank_text(self.r) + self.s.letter


def card_from_text(text: str) -> CardT:
    """The card a short text names: ``7S``, ``10h``, ``AD``, ``kc``.

    The rank (A, 2..10, J, Q, K) then the suit letter (H, D, C, S), ASCII
    in either case (Python's Unicode case mapping would read ``ſ`` as S).
    Raises ValueError naming the text when it is not a card.
    """
    upper = text.upper() if text.isascii() else ""
    rank = _TEXT_RANK.get(upper[:-1])
    suit = _LETTER_SUIT.get(upper[-1:])
    if rank is None or suit is None:
        raise ValueError(
            f"{text!r} is not a card (write the rank A, 2-10, J, Q or K, "
            "then the suit H, D, C or S, e.g. 7S or 10H)"
        )
    return CardT(suit, rank)


def full_deck() -> list[CardT]:
    """The 104 cards in the documented starting order of a deal.

    Heart, Diamond, Club, Spade (the MIS's SuitT order), Ace to King in
    each suit: the first deck, then the second deck in the same order.
    """
    one_deck = [CardT(suit, rank) for suit in SuitT for rank in RANKS]
    return one_deck + one_deck
