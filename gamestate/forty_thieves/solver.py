"""A Forty Thieves solver that proves wins, and the hint built on it.

:func:`solve` searches the moves of a :class:`BoardT` position for a line
that puts all 104 cards on the foundations. It answers ``"won"`` with the
winning moves (replayed through a copy of the board to
``is_win_state()`` before they are returned), ``"lost"`` when it has
searched every position reachable from this one (a proof that the
position cannot be won), or ``"unknown"`` when a time or node budget
stopped it first. :func:`hint` is the first move of a solution found
within a short budget, else the first move towards the most promising
position the search saw; :func:`explore` says where a search leads.

The solver knows the order of the face-down deck: the game with every
card known is *thoughtful solitaire*. The game's hint must not know it,
so it is :func:`gamestate.forty_thieves.fair.fair_hint`, which runs this
solver on sampled deck orders.

The search reads the board through the MIS's getters and never changes
it; it never prints.

How it searches
---------------
A position is rebuilt in a compact form of ints and bytes (:class:`_Position`):
a card is one small int (suit << 4 | rank), a tableau pile the bytes of
its cards bottom to top, the foundations of each suit two heights, the
waste the bytes of its cards, and the deck the number of cards dealt from
it so far (the deck is dealt one card at a time with no redeal, and the
search knows its order: the MIS's board shows every pile).

The search is best-first: it always expands the position rated best by
:func:`_Search.rating` (cards on foundations, empty piles, cards not on
their tableau parent, the size of the waste, cards dealt), newest first
among equals. Every position reached is remembered in a transposition
table under a canonical key (:meth:`_Search.key`) so it is expanded once.
The rating's weights are those of :data:`_WEIGHTS`, which holds two
weightings: the code runs each in turn on an equal share of what is
left of the budget (they win different deals); each search is complete
on its own, so any one that runs out of positions proves the deal lost.

Nothing below may lose a win; why each shortcut is safe is said where it
is taken: the canonical key (:meth:`_Search.key`), the safe moves to the
foundations made without branching (:func:`_is_safe`), the moves
never tried (:meth:`_Search.children`; among them every move but the
deal where the waste cannot move before it, :func:`waits_for_deal`) and
the positions dropped because a card in them can never move again
(:func:`has_dead_card`), so that a search that runs out of positions is
a proof of loss
(tests/test_forty_thieves_proofs.py checks every verdict against a search
without any of these on small deals). Moves of a run of cards through
empty piles are added as single steps (a "macro"), on top of the
one-card moves of the MIS, which are all still tried: a macro only lets
the search reach sooner a position it could reach anyway.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, NamedTuple, TypeAlias

from .board import FOUNDATION_PILES, TABLEAU_PILES, BoardT
from .card_types import ACE, KING, CardT, CategoryT, SuitT
from .moves import (
    DeckMove,
    Move,
    TabMove,
    WasteMove,
    apply,
    foundation_move,
    legal_moves,
)

Status: TypeAlias = Literal["won", "lost", "unknown"]

DEFAULT_HINT_MS: Final = 300.0
"""How long :func:`hint` searches unless told otherwise."""


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found."""

    status: Status
    """"won" (``moves`` win), "lost" (proven: no line wins) or "unknown"
    (the budget ran out first)."""
    moves: tuple[Move, ...]
    """The winning moves from the position given, when won; else ()."""
    nodes: int
    """Positions expanded (their moves generated) by the search."""
    seconds: float
    """Time the search took, the replay of a win included."""


# --- the compact position ---------------------------------------------------

_RANK_BITS: Final = 4
_RANK_MASK: Final = (1 << _RANK_BITS) - 1
_SUITS: Final = tuple(SuitT)
_CODES: Final = {
    CardT(suit, rank): index << _RANK_BITS | rank
    for index, suit in enumerate(_SUITS)
    for rank in range(ACE, KING + 1)
}
"""A card as one int: its suit's index in SuitT, then 4 bits of rank. The
card a tableau card goes on (same suit, one rank up) is ``code + 1``, the
card a foundation card goes on ``code - 1``."""

_PILE_SEPARATOR: Final = b"\xff"  # no card code is this big
_PART_SEPARATOR: Final = b"\xfe"


class _Position(NamedTuple):
    """A position of the search (see the module docstring)."""

    piles: tuple[bytes, ...]
    """The 10 tableau piles in the board's order, each bottom to top."""
    foundations: bytes
    """Two heights per suit (index 2s and 2s + 1, the lower first): how
    many cards each of the suit's two foundations holds. Which of the 8
    foundations a suit occupies does not matter to the rules (any empty
    foundation takes any Ace), so it is not kept."""
    dealt: int
    """Cards dealt from the deck so far, in this search."""
    waste: bytes
    """The waste, bottom to top."""


class _Kind:
    """What a step of the search does (the first field of a :data:`_Step`)."""

    TABLEAU_TO_FOUNDATION: Final = 0  # (kind, pile, 0, 1)
    WASTE_TO_FOUNDATION: Final = 1  # (kind, 0, 0, 1)
    TABLEAU_TO_TABLEAU: Final = 2  # (kind, from pile, to pile, cards moved)
    WASTE_TO_TABLEAU: Final = 3  # (kind, 0, pile, 1)
    DEAL: Final = 4  # (kind, 0, 0, 1)


_Step: TypeAlias = tuple[int, int, int, int]
"""One step of the search: (kind, from, to, cards). A tableau to tableau
step of several cards is a run moved through empty piles; the replay
spells it out in one-card moves (:func:`_run_moves`)."""

_Edge: TypeAlias = tuple[list[_Step], _Position]
"""A move of the search and the position after it (safe moves included)."""


def _code(card: CardT) -> int:
    return _CODES[card]


def _pile_bytes(cards: Sequence[CardT]) -> bytes:
    return bytes(_CODES[card] for card in cards)


def _foundation_heights(board: BoardT) -> bytes:
    heights = [[0, 0] for _ in _SUITS]
    for n in range(FOUNDATION_PILES):
        pile = board.get_foundation(n)
        if pile.size():
            pair = heights[_SUITS.index(pile.top().s)]
            pair[pair.index(0)] = pile.size()  # at most two Aces per suit
    return bytes(height for pair in heights for height in sorted(pair))


def _fits(foundations: bytes, card: int) -> bool:
    """Whether a foundation takes ``card``: one of its suit's two
    foundations holds the rank below (an empty one, 0, for an Ace)."""
    below = (card & _RANK_MASK) - 1
    lower = (card >> _RANK_BITS) << 1
    return foundations[lower] == below or foundations[lower + 1] == below


def _is_safe(foundations: bytes, card: int) -> bool:
    """Whether ``card`` goes to a foundation for certain: playing it there
    now can never lose a win.

    True when it fits on the LOWER of its suit's two foundations (equal
    heights included). Then both copies of the card one rank below are on
    foundations already (the lower height is the rank below, the other at
    least that), and that card is the only one that can ever be put on
    this one in the tableau (tab_placeable: down in suit); so the card is
    of no use in the tableau or the waste. Any winning line from here
    still wins with the card on the foundation: drop its moves from the
    line; its play to the foundation was its last. If the other copy of
    the card would go to a foundation first in that line, it can: the two
    heights were equal (both copies are then interchangeable), or the
    other foundation is higher and already holds the other copy, so no
    other copy is left in play.

    (Playing a card on the HIGHER foundation is not safe in general: the
    other copy of the card below is still in play and may need it. Not
    even for a 2: two 2s may compete for one Ace on the foundations, and
    the one played blocks nothing while the other may.)
    """
    return foundations[(card >> _RANK_BITS) << 1] == (card & _RANK_MASK) - 1


def _play(foundations: bytes, card: int) -> bytes:
    """The foundations with ``card`` played (it fits): on the lower
    foundation when that one takes it, the pair kept in order."""
    rank = card & _RANK_MASK
    lower = (card >> _RANK_BITS) << 1
    heights = bytearray(foundations)
    if heights[lower] == rank - 1:
        heights[lower] = rank
        if rank > heights[lower + 1]:
            heights[lower], heights[lower + 1] = heights[lower + 1], rank
    else:
        heights[lower + 1] = rank
    return bytes(heights)


def _top_run(pile: bytes) -> int:
    """How many cards at the top of ``pile`` (not empty) form a run, each on
    the card it builds on (same suit, one rank up)."""
    length = 1
    while length < len(pile) and pile[-length - 1] == pile[-length] + 1:
        length += 1
    return length


def _play_safe_cards(
    piles: list[bytes], foundations: bytes, waste: bytes, steps: list[_Step]
) -> tuple[bytes, bytes]:
    """Play every safe card (:func:`_is_safe`) from the tops of ``piles``
    (changed in place) and the waste, until none is left; record each in
    ``steps``; return the foundations and the waste after."""
    played = True
    while played:
        played = False
        for n, pile in enumerate(piles):
            while pile and _is_safe(foundations, pile[-1]):
                foundations = _play(foundations, pile[-1])
                steps.append((_Kind.TABLEAU_TO_FOUNDATION, n, 0, 1))
                pile = pile[:-1]
                piles[n] = pile
                played = True
        while waste and _is_safe(foundations, waste[-1]):
            foundations = _play(foundations, waste[-1])
            steps.append((_Kind.WASTE_TO_FOUNDATION, 0, 0, 1))
            waste = waste[:-1]
            played = True
    return foundations, waste


# --- the dead-card proof -----------------------------------------------------


def _foundation_needs(foundations: bytes, card: int) -> range:
    """The cards (codes) that must still reach a foundation (one copy of
    each) before ``card`` can: those of its suit between the foundation it
    can go on and its own rank.

    A card above the higher of its suit's two foundations goes on that
    one; a card at or below it (the other copy is there already) can only
    go on the lower one.
    """
    rank = card & _RANK_MASK
    lower = (card >> _RANK_BITS) << 1
    high = foundations[lower + 1]
    return range(card - rank + (high if rank > high else foundations[lower]) + 1, card)


_NEVER: Final = 1 << 16
"""More cards than any stock holds: "never", for :meth:`_Frozen.wait`."""


class _Frozen:
    """The cards of a position assumed never to move again, shrunk to what a
    sound argument supports (:func:`has_dead_card`).

    Every stack (each tableau pile, then the waste) keeps its cards
    ``[:height]`` frozen, a bottom part: a card can only move once every
    card above it has, so a card is released only once it is the top
    frozen card of its stack. Each card still in the stock is frozen or
    not on its own, but the stock is dealt in a fixed order onto the
    waste, a stack: a card of the waste (or of the stock) that must wait
    for a later stock card before it can move is covered by every stock
    card dealt until then (:meth:`uncovered`).
    """

    def __init__(self, position: _Position, stock: bytes) -> None:
        self.stacks = [*position.piles, position.waste]
        self.heights = [len(stack) for stack in self.stacks]
        self.stock = stock[position.dealt :]
        """The cards still to deal, in dealing order (index 0 dealt next)."""
        self.stock_frozen = bytearray(b"\x01") * len(self.stock)
        """Per stock index: 1 while that stock card is frozen."""
        self.free = bytearray(256)
        """Per card code: how many of its copies are released."""
        self.placed = bytearray(256)
        """Per card code: how many of them are in the tableau or the waste."""
        self.first_dealt = [_NEVER] * 256
        """Per card code: the smallest stock index of a released copy."""
        self.tops = bytearray(256)
        """Per card code: the tableau piles whose top frozen card it is."""
        for pile in position.piles:
            if pile:
                self.tops[pile[-1]] += 1
        self.foundations = position.foundations

    def can_move(self, card: int) -> bool:
        """Whether ``card``, once uncovered, could ever move while the
        frozen cards stay where they are: onto a copy of its tableau parent
        (released, or the top frozen card of a tableau pile) or to a
        foundation (a released copy of each rank it needs). An empty pile
        is dealt with by :meth:`release_all`."""
        if self.free[card + 1] or self.tops[card + 1]:
            return True
        needs = _foundation_needs(self.foundations, card)
        return 0 not in self.free[needs.start : needs.stop]

    def wait(self, card: int) -> int:
        """How many more cards must be dealt, at the least, before ``card``
        could move as :meth:`can_move` says (it can): a released copy of
        what it needs in the stock is there only once dealt."""
        if self.tops[card + 1] or self.placed[card + 1]:
            return 0
        onto_parent = self.first_dealt[card + 1] + 1
        home = 0
        for need in _foundation_needs(self.foundations, card):
            if not self.placed[need]:
                home = max(home, self.first_dealt[need] + 1)
        return min(onto_parent, home)

    def uncovered(self, after: int, card: int) -> bool:
        """Whether ``card`` of the waste (``after`` 0), or of the stock at
        index ``after - 1``, which :meth:`can_move`, is left free to move
        by the stock cards dealt onto it.

        It must wait for :meth:`wait` more cards dealt; the stock cards
        from index ``after`` up to that point are dealt onto it while it is
        in the waste, so each of them must have left the waste before it
        moves: none may be frozen."""
        dealt = self.wait(card)
        return dealt <= after or 1 not in self.stock_frozen[after:dealt]

    def release_all(self) -> bool:
        """Release every card that can move, until none is left; whether
        some card stays frozen (the position is lost)."""
        released = True
        while released:
            emptied = self._release_piles()
            if emptied is None:
                return False  # an empty pile takes any card: all can move
            released = emptied | self._release_waste() | self._release_stock()
        return True

    def _release_piles(self) -> bool | None:
        """Release what moves from the tableau piles; whether any card was,
        or None when a pile empties."""
        free, placed, tops, heights = self.free, self.placed, self.tops, self.heights
        released = False
        for n, pile in enumerate(self.stacks[:-1]):
            height = heights[n]
            while height and self.can_move(pile[height - 1]):
                height -= 1
                free[pile[height]] += 1
                placed[pile[height]] += 1
                tops[pile[height]] -= 1
                if not height:
                    return None
                tops[pile[height - 1]] += 1
                released = True
            heights[n] = height
        return released

    def _release_waste(self) -> bool:
        """Release what moves from the waste, top first; whether any card was."""
        waste, height = self.stacks[-1], self.heights[-1]
        while (
            height
            and self.can_move(waste[height - 1])
            and self.uncovered(0, waste[height - 1])
        ):
            height -= 1
            self.free[waste[height]] += 1
            self.placed[waste[height]] += 1
        released = height < self.heights[-1]
        self.heights[-1] = height
        return released

    def _release_stock(self) -> bool:
        """Release the stock cards that move, the last dealt first (each may
        uncover those dealt before it); whether any card was."""
        frozen, first_dealt = self.stock_frozen, self.first_dealt
        released = False
        for index in range(len(self.stock) - 1, -1, -1):
            card = self.stock[index]
            if (
                frozen[index]
                and self.can_move(card)
                and self.uncovered(index + 1, card)
            ):
                frozen[index] = 0
                self.free[card] += 1
                first_dealt[card] = min(first_dealt[card], index)
                released = True
        return released


def has_dead_card(position: _Position, stock: bytes) -> bool:
    """Whether some card of ``position`` can never move again: then it never
    reaches a foundation and the position is lost.

    The cards proven frozen are the largest set F such that no card of F
    could move as long as every card of F stays where it is
    (:meth:`_Frozen.can_move`). Suppose a line wins: every card of F moves
    in it; at the first move of one, the others of F have not moved yet,
    so that move is one :meth:`_Frozen.can_move` allows: a contradiction.
    F is found by freezing every card and releasing, until none is left,
    each card that could move: releasing one only helps others, so what
    stays frozen is that largest set. Dealing is not a move here: a card
    in the stock can be dealt and is then on top of the waste.

    The deal's order adds to "could move" for a card x of the waste or the
    stock: if what x needs is, in the cards not in F, only in the stock,
    then at x's move at least :meth:`_Frozen.wait` more cards have been
    dealt, each onto x (x was in the waste before them), so each has left
    the waste before x moves: at the first move of a card of F, none of
    them is in F. So x is released only when none of those stock cards is
    frozen (:meth:`_Frozen.uncovered`), and the argument above still
    holds. That is "a waste card waits for a stock card, and a card dealt
    before it needs the waste card".

    This is what "a card buried in the waste under a card that can never
    move", "two cards of a suit each blocking the other" and "a needed
    card that can never be reached" have in common; an empty pile (or a
    pile that may empty) lets every card move, so the test says nothing
    then.
    """
    return analyse(position, stock)[0]


def waits_for_deal(position: _Position, stock: bytes) -> bool:
    """Whether no line from ``position`` moves a waste card before the next
    deal: the waste is empty, or its top card can move neither now nor
    after any number of tableau moves (moves between the piles and from
    them to the foundations).

    Then dealing at once loses nothing (:meth:`_Search.children` deals and
    tries nothing else): a winning line from here deals at some point (the
    stock is not empty, so it must), and before that deal it makes only
    tableau moves, which touch neither the stock nor the waste: the same
    moves made after the deal are legal and lead to the same position, so
    the line with its first deal moved to the front wins too, and is one
    move shorter from the position after the deal (so a chain of such
    steps ends in a win and never goes round a cycle).

    "Can move" is over-approximated with :class:`_Frozen` before any card
    of the waste or the stock is released (nothing is dealt, and the waste
    below its top waits for it): the tableau cards are released as in
    :func:`has_dead_card`, and a tableau card that is never released never
    moves before the top of the waste or the deal does (the argument given
    there). The top of the waste then waits when no pile may empty and
    :meth:`_Frozen.can_move` says it cannot move.
    """
    return analyse(position, stock)[1]


def analyse(position: _Position, stock: bytes) -> tuple[bool, bool]:
    """:func:`has_dead_card` and :func:`waits_for_deal` of ``position``, in
    one pass: the tableau's cards are released first, which is where the
    second stops and the first goes on."""
    waits = not position.waste
    if not all(position.piles):
        return False, waits  # an empty pile takes any card: all can move
    frozen = _Frozen(position, stock)
    released: bool | None = True
    while released:
        released = frozen._release_piles()
        if released is None:
            return False, waits  # a pile may empty
    waits = waits or not frozen.can_move(position.waste[-1])
    return frozen.release_all(), waits


# --- the search ---------------------------------------------------------------

_Weights: TypeAlias = tuple[float, float, float, float, float]
"""Of :meth:`_Search.rating`: per card on a foundation, per empty tableau
pile, per card not on its tableau parent (subtracted), per card in the
waste (subtracted), per card dealt."""

_WEIGHTS: Final[tuple[_Weights, ...]] = ((10, 8, 3, 12, 4), (10, 8, 2, 6, 2))
"""The weightings of the searches that share a budget, in turn, each on
half. A heavy cost per card in the waste is what wins: the waste is a
stack that only its top card leaves, and without that cost the search
wins almost nothing. The two differ in how much they fear the waste and
win different deals, so two half budgets win more deals than one whole
budget of either (measured with ``--solve --max-nodes`` on seeded deals;
docs/research/forty-thieves-solving.md)."""


class _Node(NamedTuple):
    """A position reached, and how: the search tree kept for the replay."""

    parent: _Node | None
    steps: list[_Step]
    position: _Position


def _is_cleared(position: _Position, stock: bytes) -> bool:
    """Whether every card is on a foundation: the tableau, the waste and
    the stock are empty (for a deal of any size)."""
    return (
        position.dealt == len(stock) and not position.waste and not any(position.piles)
    )


class _Search:
    """One best-first search from one position, with its own weights."""

    def __init__(self, stock: bytes, weights: _Weights) -> None:
        self.stock = stock
        """The deck in the order it is dealt (the board's top first)."""
        self.weights = weights
        self.disorder: dict[bytes, int] = {}
        """Per tableau pile met: its cards not on their parent (a cache)."""
        self.deal_first = True
        """Whether :meth:`children` only deals where :func:`waits_for_deal`
        (False: the search without that rule, for the tests and benches)."""
        self.nodes = 0
        self.dead = 0
        """Positions reached and dropped: :func:`has_dead_card` proves them lost."""

    # The rating and the key are asked for every position reached: kept flat.
    def rating(self, position: _Position) -> float:
        """How promising ``position`` is; higher is better."""
        on_foundations, empty, disorder, waste, dealt = self.weights
        empty_piles = 0
        out_of_order = 0
        for pile in position.piles:
            if pile:
                out_of_order += self._disorder(pile)
            else:
                empty_piles += 1
        return (
            on_foundations * sum(position.foundations)
            + empty * empty_piles
            - disorder * out_of_order
            - waste * len(position.waste)
            + dealt * position.dealt
        )

    def _disorder(self, pile: bytes) -> int:
        count = self.disorder.get(pile)
        if count is None:
            count = sum(pile[n] + 1 != pile[n - 1] for n in range(1, len(pile)))
            self.disorder[pile] = count
        return count

    @staticmethod
    def key(position: _Position) -> bytes:
        """The transposition table's key: equal for positions that win or
        lose alike.

        The tableau piles are sorted: the rules treat the 10 piles alike
        (any card may go to any empty pile, any card on its parent
        wherever that is), so swapping two piles changes no line but its
        pile numbers. The foundations are already per suit (see
        :class:`_Position`). The two copies of a card are one code, so two
        positions that differ only by where each copy lies are one key
        (the rules never tell the copies apart). Moving a card from its
        parent onto the parent's twin is a real move all the same: it
        uncovers one parent and covers the other, and some deals are won
        only with it (tests/test_forty_thieves_proofs.py).
        """
        return (
            _PILE_SEPARATOR.join(sorted(position.piles))
            + _PART_SEPARATOR
            + position.foundations
            + bytes((position.dealt,))
            + position.waste
        )

    def start(self, position: _Position) -> _Edge:
        """The position with its safe cards played, and those steps."""
        steps: list[_Step] = []
        piles = list(position.piles)
        foundations, waste = _play_safe_cards(
            piles, position.foundations, position.waste, steps
        )
        return steps, position._replace(
            piles=tuple(piles), foundations=foundations, waste=waste
        )

    def children(self, position: _Position, waits: bool | None = None) -> list[_Edge]:
        """Every move worth trying from ``position``, each with the position
        after it and its safe cards (:func:`_is_safe`).

        Moves never tried, because another move tried leads to the same
        canonical position (:meth:`key`): a card to a second or third empty
        pile (the first one is tried), and the only card of a pile to an
        empty pile (that swaps two piles). And where the waste waits for
        the deal (:func:`waits_for_deal`, or ``waits`` when the caller knows
        it), only the deal: the tableau moves are tried after it (they
        commute with it).
        """
        piles, foundations, dealt, waste = position
        if (
            self.deal_first
            and dealt < len(self.stock)
            and (waits_for_deal(position, self.stock) if waits is None else waits)
        ):
            return [self._deal(position)]
        edges: list[_Edge] = []
        parents: dict[int, list[int]] = {}  # top card -> piles it tops
        empties = [n for n, pile in enumerate(piles) if not pile]
        for n, pile in enumerate(piles):
            if pile:
                parents.setdefault(pile[-1], []).append(n)

        def add(
            step: _Step,
            new_piles: list[bytes],
            new_foundations: bytes = foundations,
            new_dealt: int = dealt,
            new_waste: bytes = waste,
        ) -> None:
            steps = [step]
            new_foundations, new_waste = _play_safe_cards(
                new_piles, new_foundations, new_waste, steps
            )
            after = _Position(tuple(new_piles), new_foundations, new_dealt, new_waste)
            edges.append((steps, after))

        def moved(source: int, target: int, cards: int) -> list[bytes]:
            new_piles = list(piles)
            new_piles[source] = piles[source][:-cards]
            new_piles[target] = piles[target] + piles[source][-cards:]
            return new_piles

        for n, pile in enumerate(piles):
            if not pile:
                continue
            card = pile[-1]
            if _fits(foundations, card):
                new_piles = list(piles)
                new_piles[n] = pile[:-1]
                add(
                    (_Kind.TABLEAU_TO_FOUNDATION, n, 0, 1),
                    new_piles,
                    _play(foundations, card),
                )
            run = _top_run(pile)
            # A run of `cards` cards moves through the empty piles, one card
            # at a time: 2**e cards with e empty piles to spare.
            room = 1 << len(empties)
            for cards in range(1, min(run, room) + 1):
                for target in parents.get(pile[-cards] + 1, ()):
                    add(
                        (_Kind.TABLEAU_TO_TABLEAU, n, target, cards),
                        moved(n, target, cards),
                    )
            if empties and len(pile) > 1:
                add(
                    (_Kind.TABLEAU_TO_TABLEAU, n, empties[0], 1),
                    moved(n, empties[0], 1),
                )
                if 1 < run < len(pile) and run <= room // 2:
                    add(
                        (_Kind.TABLEAU_TO_TABLEAU, n, empties[0], run),
                        moved(n, empties[0], run),
                    )
        if waste:
            card = waste[-1]
            if _fits(foundations, card):
                add(
                    (_Kind.WASTE_TO_FOUNDATION, 0, 0, 1),
                    list(piles),
                    _play(foundations, card),
                    new_waste=waste[:-1],
                )
            for target in parents.get(card + 1, []) + empties[:1]:
                new_piles = list(piles)
                new_piles[target] = piles[target] + waste[-1:]
                add(
                    (_Kind.WASTE_TO_TABLEAU, 0, target, 1),
                    new_piles,
                    new_waste=waste[:-1],
                )
        if dealt < len(self.stock):
            edges.append(self._deal(position))
        return edges

    def _deal(self, position: _Position) -> _Edge:
        """The deal of the next card from ``position``, and its safe cards."""
        steps: list[_Step] = [(_Kind.DEAL, 0, 0, 1)]
        piles = list(position.piles)
        dealt = position.dealt
        foundations, waste = _play_safe_cards(
            piles,
            position.foundations,
            position.waste + self.stock[dealt : dealt + 1],
            steps,
        )
        return steps, _Position(tuple(piles), foundations, dealt + 1, waste)

    def run(
        self, root: _Node, deadline: float | None, max_nodes: int | None
    ) -> tuple[Status, _Node]:
        """Search from ``root``; return the status and the winning node, or
        (not won) the best-rated node expanded."""
        seen = {self.key(root.position)}
        best = (self.rating(root.position), root)
        order = 0
        frontier = [(-best[0], order, root)]
        while frontier:
            rating, _, node = heapq.heappop(frontier)
            if _is_cleared(node.position, self.stock):
                return "won", node
            if -rating > best[0]:
                best = (-rating, node)
            if max_nodes is not None and self.nodes >= max_nodes:
                return "unknown", best[1]
            dead, waits = analyse(node.position, self.stock)
            if dead:
                self.dead += 1
                continue
            self.nodes += 1
            if (
                deadline is not None
                and not self.nodes & 127
                and time.perf_counter() > deadline
            ):
                return "unknown", best[1]
            for steps, child in self.children(node.position, waits):
                key = self.key(child)
                if key not in seen:
                    seen.add(key)
                    order -= 1  # the newest first among equal ratings
                    heapq.heappush(
                        frontier,
                        (-self.rating(child), order, _Node(node, steps, child)),
                    )
        return "lost", best[1]


# --- from the board and back ------------------------------------------------------


def _position(board: BoardT) -> tuple[_Position, bytes]:
    """The board as a search position, and the deck in dealing order."""
    piles = tuple(_pile_bytes(board.get_tab(n).toSeq()) for n in range(TABLEAU_PILES))
    stock = _pile_bytes(board.get_deck().toSeq())[::-1]
    return (
        _Position(
            piles, _foundation_heights(board), 0, _pile_bytes(board.get_waste().toSeq())
        ),
        stock,
    )


def _steps_to(node: _Node) -> list[_Step]:
    """The steps from the root to ``node``, first first."""
    chunks = []
    walk: _Node | None = node
    while walk is not None:
        chunks.append(walk.steps)
        walk = walk.parent
    return [step for chunk in reversed(chunks) for step in chunk]


def _run_moves(source: int, target: int, cards: int, spare: list[int]) -> list[Move]:
    """One-card moves that carry the top ``cards`` cards of tableau
    ``source`` (a run) onto ``target``, parking cards in the empty piles
    ``spare`` (``cards <= 2 ** len(spare)``).

    Half the run (the top half) goes to a spare pile through the other
    spares, the rest goes onto the target the same way, then the half
    follows it.
    """
    if cards == 1:
        return [TabMove(CategoryT.Tableau, source, target)]
    park, others = spare[0], spare[1:]
    half = cards // 2
    return (
        _run_moves(source, park, half, others)
        + _run_moves(source, target, cards - half, others)
        + _run_moves(park, target, half, others)
    )


def _board_moves(board: BoardT, step: _Step) -> list[Move]:
    """The MIS moves that make ``step`` on ``board`` (as it is before it)."""
    kind, source, target, cards = step
    if kind == _Kind.DEAL:
        return [DeckMove()]
    if kind == _Kind.WASTE_TO_TABLEAU:
        return [WasteMove(CategoryT.Tableau, target)]
    if kind == _Kind.TABLEAU_TO_TABLEAU:
        spare = [
            n
            for n in range(TABLEAU_PILES)
            if n != target and board.get_tab(n).size() == 0
        ]
        return _run_moves(source, target, cards, spare)
    # The foundation chosen is the first that takes the card: both of its
    # suit's foundations that would are alike (see _Position.foundations).
    move = foundation_move(
        board, source if kind == _Kind.TABLEAU_TO_FOUNDATION else None
    )
    if move is None:
        raise AssertionError(f"solver bug: no foundation takes the card of {step}")
    return [move]


def _line(board: BoardT, steps: list[_Step]) -> tuple[BoardT, tuple[Move, ...]]:
    """The MIS moves of ``steps``, each made on a copy of ``board``, and that
    copy after them. Raises AssertionError if a move is refused: the
    solver has a bug."""
    copy = board.copy()
    made: list[Move] = []
    for step in steps:
        for move in _board_moves(copy, step):
            try:
                apply(copy, move)
            except ValueError as refused:
                raise AssertionError(f"solver bug: {move} refused: {refused}") from None
            made.append(move)
    return copy, tuple(made)


def _replay(board: BoardT, steps: list[_Step]) -> tuple[Move, ...]:
    """The MIS moves of ``steps``, each made on a copy of ``board``.

    Raises AssertionError if a move is refused or the last position is not
    won: the solver has a bug, and no win is reported.
    """
    after, made = _line(board, steps)
    if not after.is_win_state():
        raise AssertionError("solver bug: the winning line does not win")
    return made


# --- the public functions ---------------------------------------------------------


def _search(
    board: BoardT,
    budget_ms: float | None,
    max_nodes: int | None,
    deal_first: bool = False,
) -> tuple[Status, _Node, int, float]:
    """Run a search per weighting of :data:`_WEIGHTS` on
    ``board``, in turn, each on an equal share of the budget left, until
    one wins or proves the deal lost; return the status, the winning node
    (else the best-rated node of the last search), the nodes and the start
    time. ``deal_first``: :attr:`_Search.deal_first`, which :func:`solve`
    uses; the hints do not (:func:`explore`, :func:`hint`): their lines are
    moves a player is shown, and the deal first would make every hint
    from an empty waste "deal a card", sound but a change to what the
    hints and the fair autoplay do, which is measured on its own."""
    started = time.perf_counter()
    position, stock = _position(board)
    shares = len(_WEIGHTS)
    nodes = 0
    status: Status = "unknown"
    best: _Node | None = None
    for number, weights in enumerate(_WEIGHTS):
        search = _Search(stock, weights)
        search.deal_first = deal_first
        steps, root = search.start(position)
        deadline = None
        if budget_ms is not None:
            left = started + budget_ms / 1000.0 - time.perf_counter()
            deadline = time.perf_counter() + left / (shares - number)
        node_budget = None
        if max_nodes is not None:
            node_budget = (max_nodes - nodes) // (shares - number)
        status, best = search.run(_Node(None, steps, root), deadline, node_budget)
        nodes += search.nodes
        if status != "unknown":
            break
    assert best is not None
    return status, best, nodes, started


def solve(
    board: BoardT, *, budget_ms: float | None = None, max_nodes: int | None = None
) -> Solution:
    """Search ``board``'s position for a win; never changes ``board``.

    ``budget_ms`` (milliseconds) and ``max_nodes`` (positions expanded)
    bound the search; without either it runs until it wins or proves the
    position lost, which may take very long. A win is replayed on a copy
    of the board before it is returned.
    """
    status, node, nodes, started = _search(board, budget_ms, max_nodes, True)
    moves = _replay(board, _steps_to(node)) if status == "won" else ()
    return Solution(status, moves, nodes, time.perf_counter() - started)


@dataclass(frozen=True)
class Exploration:
    """What :func:`explore` found: where the search would go from here."""

    status: Status
    line: tuple[Move, ...]
    """The winning moves when won; else the moves towards the best-rated
    position expanded (empty when that is the position itself)."""
    rating: float
    """The rating (:meth:`_Search.rating`) of the position ``line`` ends in."""


def explore(
    board: BoardT, *, budget_ms: float | None = None, max_nodes: int | None = None
) -> Exploration:
    """Search ``board`` as :func:`solve` does and say where it leads: the win,
    or the line to the best-rated position (what :func:`hint` follows and
    the fair hint compares across sampled decks). Never changes ``board``."""
    status, node, _, _ = _search(board, budget_ms, max_nodes)
    steps = _steps_to(node)
    line = _replay(board, steps) if status == "won" else _line(board, steps)[1]
    return Exploration(status, line, _Search(b"", _WEIGHTS[0]).rating(node.position))


def hint(board: BoardT, budget_ms: float = DEFAULT_HINT_MS) -> Move | None:
    """A good next move for ``board``, or None when no move is valid.

    The first move of a winning line found within ``budget_ms``; else the
    first move towards the best-rated position the search expanded (with
    the ratings of :meth:`_Search.rating`); else (the search saw nothing
    better than the position itself) the first valid move of
    :func:`legal_moves` that is not a deal, else the deal. Never changes
    ``board``.
    """
    moves = legal_moves(board)
    if not moves:
        return None
    _, node, _, _ = _search(board, budget_ms, None)
    steps = _steps_to(node)
    if steps:
        return _board_moves(board, steps[0])[0]
    return next((move for move in moves if not isinstance(move, DeckMove)), moves[0])
