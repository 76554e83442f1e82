"""Whether a terminal shows text that is not ASCII: one rule for every game,
full screens (curses) and line modes alike.

Light on purpose (no curses, nothing of the full screens), so that a line
mode can ask at its start without loading a screen.
"""

from __future__ import annotations

import locale
from typing import TextIO


def locale_encoding() -> str:
    """The encoding of the locale's character type (LC_CTYPE), which Python
    sets from the environment at start-up: what curses draws in and what
    the terminal was told to expect. Not Python's own choice: under
    ``LC_ALL=C`` Python runs in UTF-8 mode (its streams write UTF-8) while
    the locale, and so curses, is ASCII."""
    try:
        return locale.nl_langinfo(locale.CODESET) or "ascii"
    except AttributeError:  # no nl_langinfo (Windows)
        return locale.getpreferredencoding(False)


def can_show(text: str, stream: TextIO) -> bool:
    """Whether a terminal written to through ``stream`` shows ``text``:
    both the stream's encoding and the locale's (:func:`locale_encoding`)
    take it."""
    encodings = (getattr(stream, "encoding", None) or "ascii", locale_encoding())
    try:
        for encoding in encodings:
            text.encode(encoding)
    except (LookupError, UnicodeEncodeError):
        return False
    return True
