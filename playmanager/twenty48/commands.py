"""Which key does what in the line mode: the one key table, read from Config.

The table is built at call time, so a test or a front end that assigns
``Config.UP_KEY`` changes the game at once, as editing Config.java does.
"""

from __future__ import annotations

from enum import Enum

from gamestate import Config, Direction


class Action(Enum):
    """A command that is not a move."""

    SAVE = "save"
    QUIT = "quit"


Command = Direction | Action


def key_table() -> dict[str, Command]:
    """Return key -> command for the current Config (case-sensitive)."""
    return {
        Config.UP_KEY: Direction.UP,
        Config.LEFT_KEY: Direction.LEFT,
        Config.DOWN_KEY: Direction.DOWN,
        Config.RIGHT_KEY: Direction.RIGHT,
        Config.SAVE_KEY: Action.SAVE,
        Config.QUIT_KEY: Action.QUIT,
    }


def described_keys() -> list[tuple[str, str]]:
    """Return (key, what it does) in the order of Java's help, from Config."""
    return [
        (Config.UP_KEY, "up"),
        (Config.LEFT_KEY, "left"),
        (Config.DOWN_KEY, "down"),
        (Config.RIGHT_KEY, "right"),
        (Config.SAVE_KEY, "save to file"),
        (Config.QUIT_KEY, "quit game"),
    ]


def command_for(key: str) -> Command | None:
    """Return the command of a one-character line, or None if unknown."""
    return key_table().get(key)
