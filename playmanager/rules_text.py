"""How each game is played, in a few lines: the one text of the rules.

The full screen's ``?`` starts with these lines, the line modes' help
shows them (Dots, Forty Thieves; 2048's line mode keeps the Java
reference's help), and the docs pages (docs/play/) quote them word for
word (tests/test_fit.py checks that they do). Each line is a sentence
short enough for an 80-column terminal. Forty Thieves' rules name cards
as the screen showing them writes cards (``7♠`` on a UTF-8 terminal, else
``7S``): :func:`forty_thieves_rules`.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    from typing import Final

    from gamestate.forty_thieves.moves import CardText

GOAL_OPTION: Final = " unless --goal says"
"""The part of 2048's goal line that only a command line has."""
TWENTY48: Final = (
    "Each move slides every tile as far as it goes: up, down, left or right.",
    "Two tiles of one number that meet merge into their sum, added to the score.",
    "After each move a new tile (a 2 or a 4) appears in an empty cell.",
    f"Goal: make the goal tile (2048{GOAL_OPTION}) to win; then keep going.",
    "The game is over when the board is full and no two neighbours match.",
)
DOTS: Final = (
    "Join 2 or more dots of one colour, each next to the last (no diagonals).",
    "Playing the path clears its dots; the dots above fall, new ones drop in.",
    "Goal: clear the objective's count of its colour before the moves run out.",
    "Each path played is one move.",
)
DOTS_SQUARES: Final = "Squares are on: a closed loop clears every dot of its colour."
"""Added to :data:`DOTS` when the level plays squares."""


FULL_SCREEN_ONLY: Final = (
    "On the full screen, +N over a long pile: N more cards lie under those shown."
)
"""Forty Thieves' line about the terminal's full screen alone."""


def browser_rules(lines: tuple[str, ...]) -> tuple[str, ...]:
    """``lines`` as a browser shows them: without what only the terminal
    has (the full screen's +N, the ``--goal`` option)."""
    return tuple(
        line.replace(GOAL_OPTION, "") for line in lines if line != FULL_SCREEN_ONLY
    )


def forty_thieves_rules(card_text: CardText = str) -> tuple[str, ...]:
    """Forty Thieves' rules, with cards written by ``card_text``: the
    board's own (letters, ``7S``, by default; the front ends pass the one
    their board is drawn with, so the help reads ``7♠`` beside ``7♠``)."""
    from gamestate.forty_thieves import CardT, SuitT

    seven, eight, eight_hearts = (
        card_text(CardT(suit, rank))
        for suit, rank in ((SuitT.Spade, 7), (SuitT.Spade, 8), (SuitT.Heart, 8))
    )
    builds = f"{seven} goes on {eight}, never on {eight_hearts}"
    return (
        "Goal: all 104 cards (two decks) home on 8 foundations, Ace to King by suit.",
        f"The 10 tableau piles build down in suit: {builds}.",
        "One card moves at a time: the top card of a pile, or of the waste.",
        "An empty tableau pile takes any card.",
        "The deck deals one card at a time to the waste, once: no second pass.",
        "You win when all 104 cards are home; no move left and no deck: lost.",
        FULL_SCREEN_ONLY,
    )


def dots_rules(*, squares: bool) -> tuple[str, ...]:
    """The rules of a Dots level: with its square rule when it has one."""
    return (*DOTS, DOTS_SQUARES) if squares else DOTS
