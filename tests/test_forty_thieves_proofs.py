"""The Forty Thieves solver's proofs of loss (gamestate.forty_thieves.solver).

The dead-card rule (:func:`has_dead_card`) and the deal made first where
the waste waits for it (:func:`waits_for_deal`) on positions built by hand
where they must and must not apply, and the whole search (safe moves,
canonical keys, run moves, the dead-card rule, the deal first) against an
exhaustive search with no pruning at all, written here from the rules, on
small deals: two suits, a few ranks, a few short piles and a short stock.
A rule that is NOT sound is shown too, so that nobody adds it: a card
never moved onto the twin of the card it sits on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate.forty_thieves.solver import (
    _WEIGHTS,
    _Kind,
    _Node,
    _Position,
    _Search,
    has_dead_card,
    waits_for_deal,
)

NO_FOUNDATIONS = bytes(8)


def card(suit: int, rank: int) -> int:
    """A card as the solver codes it (suit index, then 4 bits of rank)."""
    return suit << 4 | rank


SPADES = {rank: card(0, rank) for rank in range(1, 14)}
HEARTS = {rank: card(1, rank) for rank in range(1, 14)}


def at_start(
    piles: list[list[int]], waste: Sequence[int] = (), stock: Sequence[int] = ()
) -> tuple[_Position, bytes]:
    """A position with empty foundations, and its stock in dealing order."""
    return (
        _Position(tuple(map(bytes, piles)), NO_FOUNDATIONS, 0, bytes(waste)),
        bytes(stock),
    )


# --- the dead-card rule on positions built by hand -------------------------------


def test_two_threes_over_the_aces_they_need_are_dead() -> None:
    """Each 3 needs an Ace on a foundation first, and both Aces lie under
    the 3s: the 2s of the waste can go on the 3s, nothing else ever moves."""
    position, stock = at_start(
        [[SPADES[1], SPADES[3]], [SPADES[1], SPADES[3]]],
        waste=[SPADES[2], SPADES[2]],
    )
    assert has_dead_card(position, stock)
    assert search(position, stock) == "lost"


def test_an_ace_on_top_frees_the_pile_so_nothing_is_dead() -> None:
    """The same cards with one Ace on top: it goes home, the 2s follow and
    every card can come out: no card is dead (and the deal is won)."""
    position, stock = at_start(
        [[SPADES[1], SPADES[3]], [SPADES[3], SPADES[1]]],
        waste=[SPADES[2], SPADES[2]],
    )
    assert not has_dead_card(position, stock)
    assert search(position, stock) == "won"


def test_a_card_buried_in_the_waste_under_a_card_that_never_moves() -> None:
    """The 2 of hearts is in the waste under the King of spades, which has
    no parent and needs the Queen of spades home first, and the Queens are
    under Kings too; the piles never empty."""
    position, stock = at_start(
        [[SPADES[12], SPADES[13]], [SPADES[12], HEARTS[13]]],
        waste=[HEARTS[2], SPADES[13]],
    )
    assert has_dead_card(position, stock)


def test_an_empty_pile_lets_every_card_move() -> None:
    """The position above with one more pile, empty: any card can go there,
    so the rule proves nothing."""
    position, stock = at_start(
        [[SPADES[12], SPADES[13]], [SPADES[12], HEARTS[13]], []],
        waste=[HEARTS[2], SPADES[13]],
    )
    assert not has_dead_card(position, stock)


def test_a_stock_card_with_nowhere_to_go_is_dead() -> None:
    """The stock holds the 3s; the Aces and 2s are under Kings that never
    move (no parent, nothing of their suit goes home): once dealt a 3 has
    no parent on a top and no 2 can reach a foundation."""
    position, stock = at_start(
        [[SPADES[1], HEARTS[13]], [SPADES[2], HEARTS[13]]],
        stock=[SPADES[3]],
    )
    assert has_dead_card(position, stock)


def test_a_parent_on_a_top_lets_a_card_move() -> None:
    """The King of spades can go on nothing, but the Queen of hearts on top
    of a pile can take the Jack: a card that has somewhere to go is not
    dead, and what it uncovers is looked at in turn."""
    position, stock = at_start(
        [[SPADES[1], HEARTS[11]], [SPADES[1], HEARTS[12]]],
    )
    assert not has_dead_card(position, stock)


def test_a_waste_card_waiting_under_a_stock_card_that_needs_it_is_dead() -> None:
    """The 2 of spades of the waste needs the Ace of spades, the second card
    of the stock; the 3 of spades, dealt first, covers it and needs a 2 of
    spades home: the waste's, under it, or the pile's, under the 2 of
    hearts, which needs the Ace of hearts, under the waste's 2. Each card
    could move if the stock's cards were free (the rule without the
    deal's order proves nothing here); dealt in this order none ever can."""
    position, stock = at_start(
        [[SPADES[2], HEARTS[2]]],
        waste=[HEARTS[1], SPADES[2]],
        stock=[SPADES[3], SPADES[1], SPADES[1]],
    )
    assert has_dead_card(position, stock)
    assert search(position, stock) == exhaustive(as_state(position), stock) == "lost"


def test_the_same_cards_dealt_ace_first_are_not_dead() -> None:
    """The same position with the stock's first two cards swapped: the Ace
    goes home before the 3 is dealt, the waste's 2 follows it, and every
    card comes out (the deal is won)."""
    position, stock = at_start(
        [[SPADES[2], HEARTS[2]]],
        waste=[HEARTS[1], SPADES[2]],
        stock=[SPADES[1], SPADES[3], SPADES[1]],
    )
    assert not has_dead_card(position, stock)
    assert search(position, stock) == exhaustive(as_state(position), stock) == "won"


def test_a_stock_card_dealt_onto_a_waiting_card_may_leave_first() -> None:
    """The stock's 3 of spades covers the waste's 2, which waits for the
    Ace dealt after it, but the 3 can go on the 4 on top of the pile:
    it leaves the waste first, so nothing is dead (the deal is won)."""
    position, stock = at_start(
        [[SPADES[2], SPADES[4]]],
        waste=[SPADES[2]],
        stock=[SPADES[3], SPADES[1], SPADES[1]],
    )
    assert not has_dead_card(position, stock)
    assert search(position, stock) == exhaustive(as_state(position), stock) == "won"


# --- against an exhaustive search without pruning --------------------------------

State = tuple[tuple[bytes, ...], tuple[int, ...], int, bytes]
"""Piles, foundation tops per foundation (0 empty), cards dealt, waste."""


def naive_moves(state: State, stock: bytes) -> Iterator[State]:
    """Every single-card move of the rules, from nothing but the rules: the
    top of a pile or of the waste onto a foundation of its suit one rank
    below it (an Ace on an empty one), onto a pile whose top is its suit
    one rank up or onto an empty pile; and the deal of one card."""
    piles, foundations, dealt, waste = state
    sources = [(n, pile[-1]) for n, pile in enumerate(piles) if pile]
    if waste:
        sources.append((-1, waste[-1]))
    for source, moving in sources:
        new_waste = waste[:-1] if source < 0 else waste
        taken = tuple(p[:-1] if n == source else p for n, p in enumerate(piles))
        for f, top in enumerate(foundations):
            if (top == 0 and moving & 15 == 1) or (top and moving == top + 1):
                tops = list(foundations)
                tops[f] = moving
                yield taken, tuple(tops), dealt, new_waste
        for target, pile in enumerate(piles):
            if target != source and (not pile or pile[-1] == moving + 1):
                new_piles = list(taken)
                new_piles[target] = pile + bytes((moving,))
                yield tuple(new_piles), foundations, dealt, new_waste
    if dealt < len(stock):
        yield piles, foundations, dealt + 1, waste + stock[dealt : dealt + 1]


def exhaustive(
    start: State,
    stock: bytes,
    moves: Callable[[State, bytes], Iterator[State]] = naive_moves,
) -> str:
    """Whether ``start`` can be won, trying every line (no pruning) of
    ``moves``."""
    seen = {start}
    todo = [start]
    while todo:
        state = todo.pop()
        if not any(state[0]) and not state[3] and state[2] == len(stock):
            return "won"
        for after in moves(state, stock):
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return "lost"


def as_position(state: State) -> _Position:
    """The solver's form of ``state``: per suit, its two foundations'
    heights, the lower first."""
    piles, tops, dealt, waste = state
    heights = [[0, 0] for _ in range(4)]
    for top in tops:
        if top:
            pair = heights[top >> 4]
            pair[pair.index(0)] = top & 15
    return _Position(
        piles, bytes(h for pair in heights for h in sorted(pair)), dealt, waste
    )


def as_state(position: _Position) -> State:
    """``position`` (empty foundations) as the exhaustive search's state."""
    assert not any(position.foundations)
    return position.piles, (0,) * 4, position.dealt, position.waste


def search(position: _Position, stock: bytes, deal_first: bool = True) -> str:
    """The solver's verdict with no budget: won, or lost by an exhausted
    search with all its pruning (without the deal first if told)."""
    solver = _Search(stock, _WEIGHTS[0])
    solver.deal_first = deal_first
    steps, root = solver.start(position)
    status, _ = solver.run(_Node(None, steps, root), None, None)
    return status


@st.composite
def small_deals(draw: st.DrawFn) -> tuple[State, bytes]:
    """Two suits of 4 ranks, two copies of each card, shuffled; 2 piles of 3
    or 4 cards, the rest the stock (about one such deal in nine is lost)."""
    cards = [card(suit, rank) for suit in (0, 1) for rank in range(1, 5)] * 2
    order = draw(st.permutations(cards))
    height = draw(st.integers(3, 4))
    piles = (bytes(order[:height]), bytes(order[height : 2 * height]))
    return (piles, (0,) * 4, 0, b""), bytes(order[2 * height :])


@settings(max_examples=200)
@given(small_deals())
def test_every_verdict_equals_the_exhaustive_search(
    deal: tuple[State, bytes],
) -> None:
    start, stock = deal
    assert search(as_position(start), stock) == exhaustive(start, stock)


@st.composite
def played_deals(draw: st.DrawFn) -> tuple[State, bytes]:
    """Positions a few random moves (of the rules) into a small deal."""
    state, stock = draw(small_deals())
    for choice in draw(st.lists(st.integers(0, 30), max_size=12)):
        moves = list(naive_moves(state, stock))
        if not moves:
            break
        state = moves[choice % len(moves)]
    return state, stock


@settings(max_examples=200)
@given(played_deals())
def test_a_dead_card_is_only_found_where_no_line_wins(
    deal: tuple[State, bytes],
) -> None:
    """In positions a few random moves into a small deal."""
    state, stock = deal
    if has_dead_card(as_position(state), stock):
        assert exhaustive(state, stock) == "lost"


@st.composite
def small_positions(draw: st.DrawFn) -> tuple[State, bytes]:
    """The cards of :func:`small_deals` in 2 piles of 3 and a waste of at
    least half the rest, the others the stock: positions where the order
    of the stock against the waste decides (about one in a hundred is
    dead only by it)."""
    cards = [card(suit, rank) for suit in (0, 1) for rank in range(1, 5)] * 2
    order = draw(st.permutations(cards))
    piles = (bytes(order[:3]), bytes(order[3:6]))
    rest = order[6:]
    waste = draw(st.integers(len(rest) // 2, len(rest)))
    return (piles, (0,) * 4, 0, bytes(rest[:waste])), bytes(rest[waste:])


@settings(max_examples=300)
@given(small_positions())
def test_a_dead_card_beside_a_waste_is_only_found_where_no_line_wins(
    deal: tuple[State, bytes],
) -> None:
    state, stock = deal
    if has_dead_card(as_position(state), stock):
        assert exhaustive(state, stock) == "lost"


@settings(max_examples=150)
@given(small_positions())
def test_every_verdict_beside_a_waste_equals_the_exhaustive_search(
    deal: tuple[State, bytes],
) -> None:
    start, stock = deal
    assert search(as_position(start), stock) == exhaustive(start, stock)


# --- the deal first, where the waste waits for it ---------------------------------


def children_kinds(position: _Position, stock: bytes) -> list[int]:
    """What the first step of each move the search tries from ``position``
    does (a :class:`_Kind`)."""
    return [steps[0][0] for steps, _ in _Search(stock, _WEIGHTS[0]).children(position)]


def test_a_waste_card_with_no_parent_and_no_way_home_waits_for_the_deal() -> None:
    """The 3 of spades of the waste needs the 4 of spades or the Ace and 2
    of spades home: all are in the stock. The 9 of hearts can go on the
    10, but then the 5 of hearts stays (its parent is under the 10) and no
    pile ever empties. So the deal is the only move tried, though the 9
    could move first: it can as well after the deal."""
    position, stock = at_start(
        [[HEARTS[5], HEARTS[9]], [HEARTS[6], HEARTS[10]]],
        waste=[SPADES[3]],
        stock=[SPADES[1], SPADES[2], SPADES[4]],
    )
    assert waits_for_deal(position, stock)
    assert children_kinds(position, stock) == [_Kind.DEAL]


def test_a_pile_that_may_empty_lets_the_waste_card_move_first() -> None:
    """The same but the 9 of hearts alone on its pile: once it is on the
    10, the 3 of spades can go to the empty pile before any deal."""
    position, stock = at_start(
        [[HEARTS[9]], [HEARTS[6], HEARTS[10]]],
        waste=[SPADES[3]],
        stock=[SPADES[1], SPADES[2], SPADES[4]],
    )
    assert not waits_for_deal(position, stock)
    assert sorted(children_kinds(position, stock)) == [
        _Kind.TABLEAU_TO_TABLEAU,
        _Kind.DEAL,
    ]


def test_a_parent_that_can_be_uncovered_lets_the_waste_card_move_first() -> None:
    """The 4 of spades under the 9 of hearts, which can go on the 10: the
    3 of spades can go on the 4 before any deal; under the 5 of hearts
    (which never moves) it cannot, and the waste waits."""
    stock = bytes([SPADES[1], SPADES[2], SPADES[4]])
    free, _ = at_start(
        [[SPADES[4], HEARTS[9]], [HEARTS[6], HEARTS[10]]], waste=[SPADES[3]]
    )
    buried, _ = at_start(
        [[SPADES[4], HEARTS[5]], [HEARTS[6], HEARTS[10]]], waste=[SPADES[3]]
    )
    assert not waits_for_deal(free, stock)
    assert waits_for_deal(buried, stock)


def test_an_empty_waste_waits_for_the_deal() -> None:
    """Nothing in the waste: no line moves a waste card before a deal."""
    position, stock = at_start(
        [[HEARTS[9]], [HEARTS[6], HEARTS[10]]], stock=[SPADES[1]]
    )
    assert waits_for_deal(position, stock)
    assert children_kinds(position, stock) == [_Kind.DEAL]


@settings(max_examples=200)
@given(played_deals())
def test_where_the_waste_waits_dealing_first_loses_no_win(
    deal: tuple[State, bytes],
) -> None:
    """In positions a few random moves into a small deal: where the rule
    says the waste waits, the position after the deal is won exactly when
    the position is."""
    state, stock = deal
    piles, foundations, dealt, waste = state
    if dealt < len(stock) and waits_for_deal(as_position(state), stock):
        after = (piles, foundations, dealt + 1, waste + stock[dealt : dealt + 1])
        assert exhaustive(after, stock) == exhaustive(state, stock)


@settings(max_examples=150)
@given(st.one_of(small_deals(), small_positions()))
def test_every_verdict_equals_the_search_without_the_deal_first(
    deal: tuple[State, bytes],
) -> None:
    start, stock = deal
    position = as_position(start)
    assert search(position, stock) == search(position, stock, deal_first=False)


# --- a rule that is not sound: never onto the twin of the card below -----------


def without_twin_moves(state: State, stock: bytes) -> Iterator[State]:
    """:func:`naive_moves` less the moves of a pile's top card that sits on
    its parent onto another pile topped by the parent's twin (the same
    card, the other copy)."""
    piles = state[0]
    for after in naive_moves(state, stock):
        grown = [n for n, pile in enumerate(after[0]) if len(pile) > len(piles[n])]
        shrunk = [n for n, pile in enumerate(after[0]) if len(pile) < len(piles[n])]
        if grown and shrunk and piles[grown[0]]:  # onto a card, not an empty pile
            source = piles[shrunk[0]]
            if len(source) > 1 and source[-2] == source[-1] + 1:
                continue
        yield after


def test_a_card_must_sometimes_move_onto_the_twin_of_its_parent() -> None:
    """The two copies of a card are one code to the solver, so positions
    that differ by swapping them are one position already; but moving a
    card from its parent onto the parent's twin is a real move (it
    uncovers the one parent and covers the other) and this deal (found by
    trying random small deals) is won only with such a move: a search that
    left those moves out would call it lost."""
    piles = (
        bytes([HEARTS[4], SPADES[1], SPADES[3], SPADES[2], SPADES[3]]),
        bytes([HEARTS[2], SPADES[1], HEARTS[3], HEARTS[1], SPADES[4]]),
        bytes([SPADES[2], SPADES[4]]),
    )
    stock = bytes([HEARTS[4], HEARTS[3], HEARTS[1], HEARTS[2]])
    start: State = (piles, (0,) * 4, 0, b"")
    assert exhaustive(start, stock) == "won"
    assert exhaustive(start, stock, without_twin_moves) == "lost"
    assert search(as_position(start), stock) == "won"
