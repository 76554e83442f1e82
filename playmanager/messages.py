"""Wording every game shares, in one place.

A game's own lines live in its folder (2048's Java strings in
:mod:`playmanager.twenty48.messages`); what the games say alike lives
here, so it cannot drift between them.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    from typing import Final


def cannot_load(path: str, reason: str) -> str:
    """A save file that cannot be loaded; the program then exits with 2."""
    return f"playmanager: cannot load {path}: {reason}\n"


def cannot_save(path: str, reason: str) -> str:
    """A save that failed; the game goes on and the old file is untouched."""
    return f"playmanager: cannot save {path}: {reason}\n"


# ------------------------------------------------------------ what every game says
NOTHING_TO_UNDO: Final = "Nothing to undo"
NO_HINT: Final = "Hint: no move is left"
KEEP_PLAYING: Final = "Keep playing"
AUTOPLAY_ON: Final = "Autoplay on (any key stops)"
AUTOPLAY_STOPPED: Final = "Autoplay stopped"
AUTOPLAY_DONE: Final = "Autoplay stopped: no move is left"


def autoplayed(move: str) -> str:
    """The status line while autoplay plays; ``move`` names its last move."""
    return f"Autoplay: {move} (any key stops)" if move else "Autoplay (any key stops)"


def saved(path: str) -> str:
    """A save that worked."""
    return f"Saved to {path}"


def not_saved(path: str, reason: str) -> str:
    """A save that failed; the game goes on and the old file is untouched."""
    return f"Not saved to {path}: {reason}"


def undone(left: int) -> str:
    """An undo that worked; ``left`` steps can still be undone."""
    return f"Undone; {left} more to undo"


def new_game(seed: int) -> str:
    """A new game was dealt."""
    return f"New game, seed {seed} (u brings the last one back)"


def quit_question(path: str) -> str:
    """Asked before quitting with play to lose."""
    return f"Save to {path} before quitting?"


def overwrite_question(path: str) -> str:
    """Asked before saving over a file this game did not load or write."""
    return f"{path} holds a game this one did not load or save. Replace it?"


def kept_file(path: str) -> str:
    """The player said no to replacing ``path``."""
    return f"Not saved; {path} is as it was"


def rescued_game(path: str) -> str:
    """Where a game rescued at a hang-up is, and how to play it again."""
    return (
        f"A game rescued when its terminal closed is in {path}; "
        f"python -m playmanager {path} resumes it"
    )


def other_save(path: str) -> str:
    """A new game's save target already holds a game it did not load."""
    return f"{path} holds a saved game: playmanager {path} resumes it"


def hung_up(why: str, path: str | None) -> str:
    """What a hang-up did: ``path`` None means there was no play to lose."""
    if path is None:
        return f"{why}; nothing to save."
    return f"{why}; game rescued to {path} (no save was touched)"


def not_rescued(why: str, reason: str) -> str:
    """A hang-up whose rescue could not be written."""
    return f"{why}; the game could not be rescued: {reason}"
