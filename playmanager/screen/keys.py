"""Key tables and the quit prompt, shared by every game's full screen.

A game lists its keys as :class:`Binding` s (curses key names -> one of
its actions, an Enum whose values are the help texts), finds the action
of a key with :func:`find_action` and builds its help overlay with
:func:`describe`, so a key is one line in one table. Every game asks the
same question before quitting with unsaved progress
(:data:`CONFIRM_QUIT_KEYS`; :mod:`.modal` asks it).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final, Generic, NamedTuple, TypeVar

from .shell import CTRL_C, ESCAPE
from .text_layout import key_line

A = TypeVar("A", bound=enum.Enum)

QUIT_TITLE: Final = "Unsaved game"


class Binding(NamedTuple, Generic[A]):
    """Keys (curses key names) that do one action."""

    keys: tuple[str, ...]
    action: A


class QuitChoice(enum.Enum):
    """The answers to "save before quitting?"."""

    SAVE_AND_QUIT = "save, then quit"
    KEEP_AND_QUIT = "keep it to resume, then quit"
    QUIT_UNSAVED = "quit without saving"
    CANCEL = "keep playing"


CONFIRM_QUIT_KEYS: Final = (
    Binding(("y",), QuitChoice.SAVE_AND_QUIT),
    Binding(("n", CTRL_C), QuitChoice.QUIT_UNSAVED),  # Ctrl-C twice quits
    Binding(("c", ESCAPE), QuitChoice.CANCEL),
)

UNWRITABLE_QUIT_KEYS: Final = (
    Binding(("y",), QuitChoice.KEEP_AND_QUIT),
    *CONFIRM_QUIT_KEYS[1:],
)
"""The quit question's answers when the save target cannot be written:
no save there, the game kept in the rescue folder instead."""

_KEY_LABELS: Final = {
    "KEY_UP": "Up",
    "KEY_DOWN": "Down",
    "KEY_LEFT": "Left",
    "KEY_RIGHT": "Right",
    "KEY_BACKSPACE": "Backspace",
    "\n": "Enter",
    " ": "Space",
    CTRL_C: "Ctrl-C",
    ESCAPE: "Esc",
}


def key_label(key: str) -> str:
    """Return how a key name is shown to the player."""
    return _KEY_LABELS.get(key, key)


def describe(bindings: Sequence[Binding[A]]) -> tuple[str, ...]:
    """Return one help line per binding: its keys, then what it does."""
    return tuple(
        key_line(" ".join(key_label(k) for k in binding.keys), binding.action.value)
        for binding in bindings
    )


def find_action(bindings: Sequence[Binding[A]], key: str) -> A | None:
    """Return the action bound to ``key``, or None."""
    for binding in bindings:
        if key in binding.keys:
            return binding.action
    return None
