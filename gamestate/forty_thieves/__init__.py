"""gamestate.forty_thieves: Forty Thieves solitaire, the SFWR ENG 2AA4 MIS.

    from gamestate.forty_thieves import (
        BoardT, CardT, SuitT, CategoryT, Stack, CardStackT,
        TOTAL_CARDS, ACE, JACK, QUEEN, KING, deal,
    )
    board = BoardT(deal(7))

The MIS's modules with its names: Card Types (:mod:`.card_types`), the
Generic Stack (:mod:`.stack`), the Game Board ADT (:mod:`.board`, with the
MIS's slips and what we chose), and beyond the MIS the deal of a seed
(:mod:`.deal`) and moves as values (:mod:`.moves`). Nothing here prints,
reads input or touches files.
"""

from .board import BoardT, CardStackT
from .card_types import ACE, JACK, KING, QUEEN, TOTAL_CARDS, CardT, CategoryT, SuitT
from .deal import deal
from .stack import Stack

__all__ = [
    "ACE",
    "JACK",
    "KING",
    "QUEEN",
    "TOTAL_CARDS",
    "BoardT",
    "CardStackT",
    "CardT",
    "CategoryT",
    "Stack",
    "SuitT",
    "deal",
]
