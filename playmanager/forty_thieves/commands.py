"""The line mode's commands: what a typed line asks for, and back.

A move is ``FROM TO``: FROM is a tableau pile ``1``-``10`` or ``w`` (the
waste); TO is a tableau pile, ``f`` (the first foundation that takes the
card) or ``f1``-``f8``. A space between them may be left out where a
letter separates them (``wf``, ``3f``, ``w7``). Single letters do the
rest (:data:`ACTIONS`). Letters may be upper or lower case. Pile numbers
out of range still parse, so that the rules can say which pile does not
exist; so does a foundation as FROM (``f1 2``: :class:`FromFoundation`),
so that the player hears why not. This module never prints.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Final, NamedTuple, TypeAlias

from gamestate.forty_thieves import CategoryT
from gamestate.forty_thieves.moves import DeckMove, Move, TabMove, WasteMove


class Action(Enum):
    """A command of Forty Thieves' that is not a move of one card (the shared
    ones, save, undo, hint..., are :class:`playmanager.controls.Control`)."""

    SAFE = "a"


class FromFoundation(NamedTuple):
    """A move whose source is foundation ``n`` (None: ``f`` without a
    number): clear enough to refuse with a reason, not with the help."""

    n: int | None


class ToFoundation(NamedTuple):
    """Move the top of tableau ``n0`` (None: the waste) to the first
    foundation that takes it."""

    n0: int | None


Command: TypeAlias = Move | ToFoundation | FromFoundation | Action

DEAL_KEY: Final = "d"
WASTE_KEY: Final = "w"
FOUNDATION_KEY: Final = "f"

ACTIONS: Final = {action.value: action for action in Action}

HELP_ROWS: Final = (
    (DEAL_KEY, "deal a card from the deck to the waste"),
    ("3 7", "move the top card of tableau 3 onto tableau 7"),
    ("3 f", "move it to a foundation (f: the one that takes it; f1-f8: that one)"),
    ("w 7, w f", "move the waste's top card to tableau 7, to a foundation"),
    (Action.SAFE.value, "play every safe card home; at the end, the game out"),
)
"""What the help lists: an example of each command and what it does."""

_MOVE: Final = re.compile(r"(\d{1,2}|w|f\d?)( ?)(\d{1,2}|f\d?)")
"""FROM, an optional space, TO (the text is lower case, spaces collapsed).
A foundation as FROM is read too, so that the rules can say no."""


def parse(line: str) -> Command | None:
    """The command a typed line asks for, or None when it is none."""
    text = " ".join(line.lower().split())
    if text == DEAL_KEY:
        return DeckMove()
    if text in ACTIONS:
        return ACTIONS[text]
    match = _MOVE.fullmatch(text)
    if match is None:
        return None
    source, space, target = match.groups()
    if source != WASTE_KEY and target.isdigit() and not space:
        return None  # "110" could be 1 10 or 11 0, "f3" f 3 or (to) f3
    if source[0] == FOUNDATION_KEY:
        return FromFoundation(int(source[1:]) - 1 if source[1:] else None)
    n0 = None if source == WASTE_KEY else int(source) - 1
    if target == FOUNDATION_KEY:
        return ToFoundation(n0)
    c = CategoryT.Foundation if target[0] == FOUNDATION_KEY else CategoryT.Tableau
    n = int(target.lstrip(FOUNDATION_KEY)) - 1
    return WasteMove(c, n) if n0 is None else TabMove(c, n0, n)


def command_text(move: Move) -> str:
    """What to type to make ``move``: ``3 7``, ``3 f1``, ``w 7``, ``w f2``, ``d``."""
    if isinstance(move, DeckMove):
        return DEAL_KEY
    if isinstance(move, TabMove):
        source, c, n = str(move.n0 + 1), move.c, move.n1
    else:
        source, c, n = WASTE_KEY, move.c, move.n
    target = f"{FOUNDATION_KEY}{n + 1}" if c is CategoryT.Foundation else str(n + 1)
    return f"{source} {target}"
