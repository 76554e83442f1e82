"""How each game is played, in a few lines: the one text of the rules.

The full screen's ``?`` starts with these lines, the line modes' help
shows them (Dots, Forty Thieves; 2048's line mode keeps the Java
reference's help), and the docs pages (docs/play/) quote them word for
word (tests/test_fit.py checks that they do). Each line is a sentence
short enough for an 80-column terminal.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    from typing import Final

TWENTY48: Final = (
    "Each move slides every tile as far as it goes: up, down, left or right.",
    "Two tiles of one number that meet merge into their sum, added to the score.",
    "After each move a new tile (a 2 or a 4) appears in an empty cell.",
    "Goal: make the goal tile (2048 unless --goal says) to win; then keep going.",
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
FORTY_THIEVES: Final = (
    "Goal: all 104 cards (two decks) home on 8 foundations, Ace to King by suit.",
    "The 10 tableau piles build down in suit: 7S goes on 8S, never on 8H.",
    "One card moves at a time: the top card of a pile, or of the waste.",
    "An empty tableau pile takes any card.",
    "The deck deals one card at a time to the waste, once: no second pass.",
    "You win when all 104 cards are home; no move left and no deck: lost.",
    "On the full screen, +N over a long pile: N more cards lie under those shown.",
)


def dots_rules(*, squares: bool) -> tuple[str, ...]:
    """The rules of a Dots level: with its square rule when it has one."""
    return (*DOTS, DOTS_SQUARES) if squares else DOTS
