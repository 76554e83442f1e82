"""What 2048's and Dots' rescue records share: the marker and the reader.

A rescue file is the game's save, then a ``rescue record 1`` line and the
rest of the game the save does not keep (2048: the seed and the
generator; both: the position the game's moves start from and the moves),
one ``key value...`` line each, so that resuming it is the same game with
its undo history (:mod:`playmanager.twenty48.record`,
:mod:`playmanager.dots.record`). A game's save reader stops at the marker
(:func:`save_part`): a rescue file loads as a save, as Java loads 2048's.
"""

from __future__ import annotations

import re
from typing import Final

from .storage import SaveFileError, whole_word

MARKER: Final = "rescue record 1"
"""The line after which a rescue file carries the rest of its game."""
GENERATOR_STATES: Final = 1 << 48
"""A java.util.Random's states: 48 bits."""
_MARKER_LINE: Final = re.compile(f"^[ \\t]*{MARKER}[ \\t]*\\r?$", re.MULTILINE)


def save_part(text: str) -> str:
    """``text`` up to its marker line: the save a rescue record starts with
    (all of a save that is not one)."""
    marker = _MARKER_LINE.search(text)
    return text if marker is None else text[: marker.start()]


def record_lines(text: str, path: str) -> RecordLines | None:
    """A reader of the lines after the marker of ``text`` (the file
    ``path``); None when it is a save without a record."""
    marker = _MARKER_LINE.search(text)
    if marker is None:
        return None
    first = text.count("\n", 0, marker.start()) + 2  # the line after the marker
    rest = text[marker.end() :].replace("\r\n", "\n").split("\n")[1:]
    return RecordLines(rest, path, first)


class RecordLines:
    """Reads a record's ``key value...`` lines in order; every problem is a
    SaveFileError naming the file and the line."""

    def __init__(self, lines: list[str], path: str, first_line: int) -> None:
        self.lines = [(first_line + i, line) for i, line in enumerate(lines) if line.strip()]
        self.path = path
        self.line = first_line - 1
        self.index = 0

    def error(self, message: str) -> SaveFileError:
        """An error at the line just read."""
        return SaveFileError(self.path, self.line, message)

    def has(self, key: str) -> bool:
        """True when the next line is a ``key`` line."""
        if self.index >= len(self.lines):
            return False
        words = self.lines[self.index][1].split()
        return bool(words) and words[0] == key

    def words(self, key: str) -> list[str]:
        """The words after ``key`` on the next line, which must start with it."""
        if self.index >= len(self.lines):
            raise self.error(f"the rescue record ends here; expected '{key} ...'")
        self.line, line = self.lines[self.index]
        self.index += 1
        words = line.split()
        if not words or words[0] != key:
            raise self.error(f"expected '{key} ...', got {line.strip()[:40]!r}")
        return words[1:]

    def number(self, key: str, low: int, high: int, words: list[str] | None = None) -> int:
        """The line ``key N`` (or the one word of ``words``), N from ``low``
        to ``high``."""
        words = self.words(key) if words is None else words
        try:
            return whole_word(words, key, low, high)
        except ValueError as problem:
            raise self.error(str(problem)) from None

    def take(self, count: int) -> tuple[int, list[str]]:
        """The next ``count`` lines (fewer at the end) and the first's number."""
        taken = self.lines[self.index : self.index + count]
        self.index += len(taken)
        first = taken[0][0] if taken else self.line + 1
        return first, [line for _, line in taken]

    def end(self) -> None:
        """Refuse any line left."""
        if self.index < len(self.lines):
            self.line = self.lines[self.index][0]
            raise self.error("unexpected text after the rescue record")
