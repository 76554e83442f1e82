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


# Our own messages, for what Java crashes on; they go to stderr.
def cannot_load(path: str, reason: str) -> str:
    """A save file that cannot be loaded; the program then exits with 2."""
    return f"playmanager: cannot load {path}: {reason}\n"


def cannot_save(path: str, reason: str) -> str:
    """A save that failed; the game goes on and the old file is untouched."""
    return f"playmanager: cannot save {path}: {reason}\n"
