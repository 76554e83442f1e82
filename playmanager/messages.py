"""Wording every game shares, in one place.

A game's own lines live in its folder (2048's Java strings in
:mod:`playmanager.twenty48.messages`); what the games say alike lives
here, so it cannot drift between them.
"""

from __future__ import annotations


def cannot_load(path: str, reason: str) -> str:
    """A save file that cannot be loaded; the program then exits with 2."""
    return f"playmanager: cannot load {path}: {reason}\n"


def cannot_save(path: str, reason: str) -> str:
    """A save that failed; the game goes on and the old file is untouched."""
    return f"playmanager: cannot save {path}: {reason}\n"
