"""Deals of gamestate.forty_thieves against a real Java 17 run.

tests/data/forty_thieves/deals.txt was printed by Deals.java beside it
(``java Deals.java > deals.txt``): the documented starting order shuffled
by ``Collections.shuffle(list, new Random(seed))``. These tests do not
need Java.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamestate.forty_thieves import ACE, KING, TOTAL_CARDS, BoardT, CardT, SuitT, deal
from gamestate.forty_thieves.card_types import full_deck

from .forty_thieves_helpers import cards

DATA = Path(__file__).parent / "data" / "forty_thieves"


def java_deals() -> list[tuple[int, str]]:
    lines = (DATA / "deals.txt").read_text(encoding="ascii").splitlines()
    return [
        (int(seed), text) for seed, _, text in (line.partition(": ") for line in lines)
    ]


def test_the_java_data_covers_the_seeds_the_brief_names() -> None:
    seeds = [seed for seed, _ in java_deals()]
    assert {0, 1, 118, -5, 2**40} <= set(seeds)
    assert all(len(text.split()) == TOTAL_CARDS for _, text in java_deals())


@pytest.mark.parametrize(("seed", "text"), java_deals())
def test_deal_is_the_java_shuffle(seed: int, text: str) -> None:
    assert deal(seed) == cards(text)


def test_the_starting_order_is_hearts_to_spades_ace_to_king_twice() -> None:
    order = full_deck()
    one_deck = [CardT(suit, rank) for suit in SuitT for rank in range(ACE, KING + 1)]
    assert order == one_deck + one_deck
    assert order[0] == CardT(SuitT.Heart, ACE)
    assert order[51] == order[103] == CardT(SuitT.Spade, KING)


@given(st.integers(min_value=-(2**63), max_value=2**63 - 1))
def test_every_deal_is_two_decks_and_replayable(seed: int) -> None:
    drawn = deal(seed)
    assert Counter(drawn) == Counter(full_deck())
    assert deal(seed) == drawn
    BoardT(drawn)  # a valid deck for the MIS's constructor


def test_a_seed_past_a_java_long_wraps_as_java_overflows() -> None:
    assert deal(2**64 + 5) == deal(5)
    assert deal(-(2**63)) == deal(0)  # Java: new Random(Long.MIN_VALUE) too


def test_different_seeds_give_different_deals() -> None:
    assert len({tuple(deal(seed)) for seed in range(50)}) == 50
