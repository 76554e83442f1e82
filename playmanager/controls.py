"""The one set of controls every game shares, in every front end.

The same key does the same thing in every full screen and every line mode
(2048's line mode alone keeps the Java reference's keys): a game adds its
own keys for its moves, never another key for these. The keys avoid the
ones games move with (2048's hjkl and wasd, Dots' hjkl, Forty Thieves'
digits, w, d, f and a). Line modes also take the word (``save``, ``undo``...).
"""

from __future__ import annotations

import enum
from typing import Final

from .messages import NEW_GAME_SUMMARY


class Control(enum.Enum):
    """A shared action; its value is its key."""

    SAVE = "o"
    UNDO = "u"
    HINT = "H"
    AUTOPLAY = "A"
    NEW_GAME = "n"
    HELP = "?"
    QUIT = "q"

    @property
    def word(self) -> str:
        """The word a line mode takes for it too (``new`` for NEW_GAME)."""
        return _WORDS[self]

    @property
    def summary(self) -> str:
        """What it does, for every help and the README's table."""
        return _SUMMARIES[self]

    @property
    def line_summary(self) -> str:
        """What it does in a line mode, where a key typed is a line."""
        return _LINE_SUMMARIES.get(self, self.summary)

    def summary_in(self, new_game: str, *, line_mode: bool = False) -> str:
        """:attr:`summary` (:attr:`line_summary` in a ``line_mode``) in a
        game whose ``n`` does ``new_game`` (its adapter's
        ``new_game_summary``: Forty Thieves deals a new deal)."""
        if self is Control.NEW_GAME:
            return new_game
        return self.line_summary if line_mode else self.summary


AUTOPLAY_MOVES: Final = 20
"""How many moves ``A`` plays in a line mode (``A 50`` plays 50)."""

_WORDS = {
    Control.SAVE: "save",
    Control.UNDO: "undo",
    Control.HINT: "hint",
    Control.AUTOPLAY: "auto",
    Control.NEW_GAME: "new",
    Control.HELP: "help",
    Control.QUIT: "quit",
}
_SUMMARIES = {
    Control.SAVE: "save to the save file (asks before replacing another game's file)",
    Control.UNDO: "undo, as often as you like; after n, back to the last game",
    Control.HINT: "hint: a good move",
    Control.AUTOPLAY: "autoplay: the hint plays on (any key stops it)",
    Control.NEW_GAME: NEW_GAME_SUMMARY,
    Control.HELP: "this help",
    Control.QUIT: "quit (asks to save unsaved play)",
}
_LINE_SUMMARIES = {
    Control.AUTOPLAY: f"autoplay: A N plays N moves ({AUTOPLAY_MOVES} without N)",
    Control.QUIT: "quit (asks to save unsaved play; so do Ctrl-C and Ctrl-D)",
}


def footer() -> str:
    """The shared keys in one short line, for a full screen's footer."""
    short = {Control.NEW_GAME: "new", Control.AUTOPLAY: "auto"}
    return "  ".join(
        f"{control.value} {short.get(control, control.word)}" for control in Control
    )
