"""Every string the Java reference prints, in one place.

The play loop and the transcript tests both use these, so a message cannot
drift between the code and its tests. Each message ends with a newline
(Java's ``println``) except the prompt. Help lines are built from Config at
call time, so a changed key shows in the help as it works in the game.
"""

from __future__ import annotations

from .commands import described_keys

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "GAME_OVER",
    "ONE_CHAR",
    "PROMPT",
    "START_DEFAULT",
    "possible_commands",
    "saved",
    "start_load",
]

START_DEFAULT: Final = "Starting a default-sized random game...\n"
PROMPT: Final = "> "
ONE_CHAR: Final = "Command must be one char long.\n"
GAME_OVER: Final = "Game Over!\n"


def start_load(path: str) -> str:
    """The line printed before loading ``path`` (Java prints two dots)."""
    return f"Attempting to load game from {path}..\n"


def saved(path: str) -> str:
    """The line printed after a successful save to ``path``."""
    return f"Saved current state to: {path}\n"


def possible_commands() -> str:
    """The help block printed for an unknown one-character command."""
    lines = "".join(f" {key} - {what}\n" for key, what in described_keys())
    return "Possible commands:\n" + lines
