"""Which key does what in the line mode: the one key table, read from Config.

The table is built at call time, so a test or a front end that assigns
``Config.UP_KEY`` changes the game at once, as editing Config.java does.

Nothing here loads ``enum`` before a move key is read (issue 36): the
quit and save keys are answered without :class:`~gamestate.Direction`,
which ``python -m playmanager`` answered ``q`` would otherwise load.
"""

from __future__ import annotations

from gamestate import Config

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    from typing import ClassVar, TypeAlias

    from gamestate import Direction


class Action:
    """A command that is not a move: :attr:`SAVE` or :attr:`QUIT`, the only
    two instances. A plain class, not an Enum, for the reason above."""

    __slots__ = ("value",)
    SAVE: ClassVar[Action]
    QUIT: ClassVar[Action]

    def __init__(self, value: str) -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"Action.{self.value.upper()}"


Action.SAVE = Action("save")
Action.QUIT = Action("quit")

if TYPE_CHECKING:
    Command: TypeAlias = Direction | Action


def move_keys() -> dict[str, Direction]:
    """Return key -> direction for the current Config."""
    from gamestate import Direction  # here: see the module's docstring

    return {
        Config.UP_KEY: Direction.UP,
        Config.LEFT_KEY: Direction.LEFT,
        Config.DOWN_KEY: Direction.DOWN,
        Config.RIGHT_KEY: Direction.RIGHT,
    }


def action_keys() -> dict[str, Action]:
    """Return key -> action for the current Config."""
    return {Config.SAVE_KEY: Action.SAVE, Config.QUIT_KEY: Action.QUIT}


def key_table() -> dict[str, Command]:
    """Return key -> command for the current Config (case-sensitive); an
    action's key wins over a move's when Config gives both the same key."""
    return {**move_keys(), **action_keys()}


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
    """Return the command of a one-character line, or None if unknown. The
    action keys are looked up first, as they win in :func:`key_table`."""
    action = action_keys().get(key)
    if action is not None:
        return action
    return move_keys().get(key)
