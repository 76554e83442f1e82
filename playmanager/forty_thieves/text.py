"""Every string the Forty Thieves line mode prints, and how cards look.

Cards are written with suit symbols (``7♠``) only where they will show
(:attr:`playmanager.terminal.Terminal.unicode`: a terminal, not a pipe or
a file, whose encoding and locale can write them; ``NO_COLOR`` takes the
colours away, not the symbols). Everywhere else they are plain letters
(``7S``), as in the save files, so transcripts and scripts see ASCII. The line mode and its tests both use these strings, so
a message cannot drift between the code and its tests. This module never
prints; it only builds text.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from gamestate.forty_thieves import BoardT, CardStackT, CardT, SuitT
from gamestate.forty_thieves.board import FOUNDATION_PILES, TABLEAU_PILES
from gamestate.forty_thieves.card_types import rank_text
from gamestate.forty_thieves.moves import CardText, DeckMove, Move, describe

from .. import messages
from ..terminal import Terminal
from .commands import HELP_ROWS, command_text

SUIT_SYMBOLS: Final = {
    SuitT.Heart: "\u2665",
    SuitT.Diamond: "\u2666",
    SuitT.Club: "\u2663",
    SuitT.Spade: "\u2660",
}
COLUMN: Final = 6
"""Width of a column of the board (``10♥`` and a gap)."""
NONE: Final = "--"
"""An empty pile."""


def symbol_text(card: CardT) -> str:
    """A card with its suit symbol: ``7♠``, ``10♥``."""
    return rank_text(card.r) + SUIT_SYMBOLS[card.s]


def card_style(terminal: Terminal) -> CardText:
    """How to write cards on ``terminal``: symbols if they show, else letters."""
    return symbol_text if terminal.unicode else str


def _row(cells: Iterable[str]) -> str:
    """``cells`` right-aligned in columns, the first one column narrower:
    ten piles then fit in 59 columns, the text width of a 60-column
    terminal (its last column stays free), so no row wraps there."""
    first, *rest = cells
    return first.rjust(COLUMN - 1) + "".join(text.rjust(COLUMN) for text in rest)


def _top(pile: CardStackT, card_text: CardText) -> str:
    return card_text(pile.top()) if pile.size() else NONE


def board_text(board: BoardT, card_text: CardText) -> str:
    """The board, plainly: a row of the foundations' tops, the deck's count
    and the waste's top, then the ten tableau piles in columns, every card
    shown, the top card of each pile lowest."""
    foundations = [board.get_foundation(n) for n in range(FOUNDATION_PILES)]
    labels = [f"f{n + 1}" for n in range(FOUNDATION_PILES)] + ["deck", "waste"]
    tops = [_top(pile, card_text) for pile in foundations]
    tops += [str(board.get_deck().size()), _top(board.get_waste(), card_text)]
    tableau = [board.get_tab(n).toSeq() for n in range(TABLEAU_PILES)]
    rows = [
        _row(labels),
        _row(tops),
        "",
        _row(str(n + 1) for n in range(TABLEAU_PILES)),
    ]
    for depth in range(max(1, *map(len, tableau))):
        cells = [
            card_text(pile[depth])
            if depth < len(pile)
            else (NONE if depth == 0 else "")
            for pile in tableau
        ]
        rows.append(_row(cells).rstrip())
    return "\n".join(rows) + "\n"


PROMPT: Final = "> "
WON: Final = f"{messages.WIN} All 104 cards are on the foundations.\n"
NO_MOVE_LEFT: Final = "No move left: no card can move and the deck is empty.\n"
CAN_FINISH: Final = "Every card left can go home: a plays the game out.\n"
FOUNDATION_STAYS: Final = (
    "Cards on a foundation stay there: only tableau and waste cards move"
)
"""A foundation picked or typed as the source, in both modes."""


def help_lines() -> tuple[str, ...]:
    """The game's own commands, one a line (the shared ones follow them)."""
    width = max(len(example) for example, _ in HELP_ROWS)
    rows = (f"  {example.ljust(width)}  {what}" for example, what in HELP_ROWS)
    return ("Commands (type one, then Enter):", *rows)


def new_deal(seed: int) -> str:
    """The first line of a new game: the deal, and how to play it again."""
    return f"Forty Thieves, deal {seed} (--seed {seed} deals it again). {messages.HELP_HINT}.\n"


NO_WINNABLE_DEAL: Final = (
    "playmanager: no deal tried was proven winnable in time; try --winnable again\n"
)


def proven_winnable(seed: int) -> str:
    """What --winnable says before the game: which deal, and that it is won."""
    return f"Deal {seed}: the solver proved it can be won.\n"


def loaded(path: str, seed: int) -> str:
    return f"Loaded {path} (deal {seed}). {messages.HELP_HINT}.\n"


def new_file(path: str) -> str:
    return f"{path} does not exist yet: a new deal, o saves there.\n"


def step_words(moves: tuple[Move, ...], board: BoardT, card_text: CardText) -> str:
    """A step in words (``board``: the position before it): ``7♠ from
    tableau 3 to foundation 1``, ``4 cards to the foundations``, ``the new
    deal``."""
    if not moves:
        return "the new deal"
    if len(moves) == 1:
        return describe(moves[0], board, card_text)
    return f"{len(moves)} cards to the foundations"


def played_safe(moves: tuple[Move, ...]) -> str:
    """What ``a`` did: how many cards went home."""
    return f"{messages.count(len(moves), 'card')} to the foundations"


def hint_words(move: Move, board: BoardT, card_text: CardText) -> str:
    """A hinted move in words: ``7♠ from tableau 3 to foundation 1``; a deal
    is ``deal a card``, never naming the deck's top card, which a player
    cannot see."""
    return describe(move, None if isinstance(move, DeckMove) else board, card_text)


def hint(move: Move, board: BoardT, card_text: CardText) -> str:
    """``Hint: 3 f1 (7♠ from tableau 3 to foundation 1)``."""
    return f"Hint: {command_text(move)} ({hint_words(move, board, card_text)})"
