"""Builders shared by the Forty Thieves tests: cards from text, positions
made by hand (the cards a test does not place fill a pile of its choice,
so every position holds two of each card), and random legal play."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from gamestate.forty_thieves import BoardT, CardT, deal
from gamestate.forty_thieves.card_types import card_from_text, full_deck
from gamestate.forty_thieves.moves import apply, legal_moves


def cards(text: str) -> list[CardT]:
    """``cards("7S 6S")``: the cards of a space-separated text, in order."""
    return [card_from_text(word) for word in text.split()]


def position(
    tableau: Mapping[int, str] | None = None,
    foundation: Mapping[int, str] | None = None,
    deck: str = "",
    waste: str = "",
    rest: str | int = "deck",
) -> BoardT:
    """A board with these piles (bottom to top); every card not placed goes
    under the deck (``rest="deck"``) or onto tableau pile ``rest``."""
    piles = {
        "tableau": [cards((tableau or {}).get(n, "")) for n in range(10)],
        "foundation": [cards((foundation or {}).get(n, "")) for n in range(8)],
        "deck": cards(deck),
        "waste": cards(waste),
    }
    placed = Counter(
        card for pile in [*piles["tableau"], *piles["foundation"]] for card in pile
    ) + Counter(piles["deck"] + piles["waste"])
    left = list((Counter(full_deck()) - placed).elements())
    if rest == "deck":
        piles["deck"] = left + piles["deck"]
    else:
        assert isinstance(rest, int)
        piles["tableau"][rest] = left + piles["tableau"][rest]
    return BoardT.from_piles(
        piles["tableau"], piles["foundation"], piles["deck"], piles["waste"]
    )


def played(seed: int, moves: int, choice_seed: int = 0) -> BoardT:
    """The deal of ``seed`` after up to ``moves`` random legal moves."""
    board = BoardT(deal(seed))
    chooser = random.Random(choice_seed)
    for _ in range(moves):
        options = legal_moves(board)
        if not options:
            break
        apply(board, chooser.choice(options))
    return board


def all_cards(board: BoardT) -> Counter[CardT]:
    """How many times each card is on the board, over every pile."""
    piles = [board.get_tab(n) for n in range(10)]
    piles += [board.get_foundation(n) for n in range(8)]
    piles += [board.get_deck(), board.get_waste()]
    return Counter(card for pile in piles for card in pile.toSeq())
