"""What the page's help says: each game's rules, from
:mod:`playmanager.rules_text` (the terminal's text, the one place for the
rules), and the keys the page takes.

The shared keys are the terminal's (:class:`playmanager.controls.Control`):
``?`` help, ``H`` hint, ``A`` autoplay, ``u`` undo, ``n`` new, ``o`` save;
each game adds the keys it moves with. The page takes no key the terminal
does not, except F1 for help, which browsers' users look for, and
``b``, which reads the board or the standing aloud (a screen reader's
view of what the terminal shows at a glance).
"""

from __future__ import annotations

from typing import Final

from ..controls import Control
from ..forty_thieves.text import symbol_text
from ..rules_text import TWENTY48, browser_rules, dots_rules, forty_thieves_rules

Keys = tuple[tuple[str, str], ...]
TITLES: Final = {"2048": "2048", "forty-thieves": "Forty Thieves", "dots": "Dots"}

MOVE_KEYS: Final[dict[str, Keys]] = {
    "2048": (
        ("arrows, w a s d, h j k l", "slide the tiles"),
        ("swipe", "slide the tiles (touch or mouse)"),
    ),
    "forty-thieves": (
        ("arrows", "move between the piles"),
        ("Enter, Space", "pick the top card, then drop it where it goes"),
        ("Enter twice", "send the picked card to a foundation"),
        ("1-9, 0", "pick tableau pile 1 to 10"),
        ("w", "pick the waste"),
        ("d", "deal a card from the deck"),
        ("f", "send the card home; F then 1-8: to that foundation"),
        ("a", "auto-finish: every safe card home (the whole game once all can go)"),
        ("Escape", "put the picked card back"),
        ("drag, or tap then tap", "move a card (mouse or touch); double-click sends it home"),
    ),
    "dots": (
        ("arrows", "move over the dots"),
        ("Space", "start a path, then add the dot under the focus"),
        ("Enter", "play the path"),
        ("Escape", "forget the path"),
        ("drag", "draw a path across dots of one colour (mouse or touch)"),
    ),
}

PAGE_CONTROLS: Final[Keys] = (
    (f"{Control.HELP.value}, F1", "this help (Escape closes it)"),
    (Control.HINT.value, Control.HINT.summary),
    (Control.AUTOPLAY.value, "autoplay: the hint plays on (any key stops it)"),
    (Control.UNDO.value, "undo, as often as you like"),
    (Control.NEW_GAME.value, "new game"),
    (Control.SAVE.value, "save: download the game's save file"),
    ("b", "read the board (2048) or the game's standing aloud"),
)
"""The terminal's shared controls, as the page does them (it has no quit)."""


def rules(kind: str, *, squares: bool = True) -> tuple[str, ...]:
    """The rules of ``kind`` as the terminal words them (Forty Thieves' cards
    written ``7♠``, as the page draws them), less what only the terminal has."""
    if kind == "forty-thieves":
        return browser_rules(forty_thieves_rules(symbol_text))
    if kind == "dots":
        return dots_rules(squares=squares)
    return browser_rules(TWENTY48)


def keys(kind: str) -> Keys:
    """The keys of ``kind``'s page: its moves, then the shared controls."""
    return (*MOVE_KEYS[kind], *PAGE_CONTROLS)
