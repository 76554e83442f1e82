"""Deals: the 104 cards in an order drawn from a seed, as Java would draw it.

The MIS promises "a function ... to create a double deck of cards that
consists of a random permutation of two regular decks of cards". Here it
is :func:`deal`, replayable on every machine: the cards in a documented
starting order (:func:`gamestate.forty_thieves.card_types.full_deck`),
shuffled exactly as Java's ``Collections.shuffle(list, new Random(seed))``
shuffles them, with the package's bit-exact ``java.util.Random``. A Java
program that builds the same list gets the same deal (see
``tests/data/forty_thieves/Deals.java``). This module never prints.
"""

from __future__ import annotations

from ..java_random import JavaRandom
from .card_types import CardT, full_deck


def deal(seed: int) -> list[CardT]:
    """The 104 cards of the deal numbered ``seed`` (any int, taken as the
    Java long it wraps to), ready for ``BoardT(deal(seed))``.

    Java's Collections.shuffle (:func:`java_shuffle`).
    """
    cards = full_deck()
    java_shuffle(cards, JavaRandom(seed))
    return cards


def java_shuffle(cards: list[CardT], random: JavaRandom) -> None:
    """Shuffle ``cards`` in place as Java's ``Collections.shuffle(cards,
    random)`` does: ``for (int i = size; i > 1; i--) swap(list, i - 1,
    rnd.nextInt(i))``."""
    for i in range(len(cards), 1, -1):
        j = random.nextInt(i)
        cards[i - 1], cards[j] = cards[j], cards[i - 1]
