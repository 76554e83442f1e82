"""The line reader every line mode shares.

Input lines are what Java's ``Scanner.nextLine()`` returns: only the line
terminator is removed, and Java's terminators are ``\\r\\n``, ``\\n``,
``\\r``, U+0085, U+2028 and U+2029.
"""

from __future__ import annotations

from .hangup import hung_up

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Final, TextIO

_OTHER_LINE_ENDS: Final = "\r\u0085\u2028\u2029"
"""Java's line terminators besides \\n (and \\r\\n)."""


def read_lines(stream: TextIO) -> Iterator[str]:
    """Yield the lines of ``stream`` without their terminators, lazily.

    A last line with no terminator is still a line, as in Java. A read
    that fails raises :class:`~playmanager.hangup.HangUpError`. ``readline``
    never splits a ``\\r\\n`` pair (a stream opened with ``newline=""`` peeks
    past the ``\\r``), so splitting each piece again is enough.
    """
    while piece := _read_piece(stream):
        piece = piece.replace("\r\n", "\n")
        for end in _OTHER_LINE_ENDS:
            piece = piece.replace(end, "\n")
        lines = piece.split("\n")
        if lines[-1] == "":
            lines.pop()
        yield from lines


def typed(stream: TextIO) -> bool:
    """True when ``stream`` is a terminal: a person types the input, who
    can be asked (Ctrl-D there is not the end of a script)."""
    try:
        return stream.isatty()
    except (OSError, ValueError):
        return False


class LineReader:
    """:func:`read_lines` that reads on after the end of input or Ctrl-C: a
    terminal gives more lines after Ctrl-D, and an interrupted read is
    not the end (a generator would be over for good after either)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._lines = read_lines(stream)

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        try:
            return next(self._lines)
        except (StopIteration, KeyboardInterrupt):
            self._lines = read_lines(self._stream)
            raise


def _read_piece(stream: TextIO) -> str:
    """One ``readline``; a read that fails (a terminal gone: EIO) is a hang-up."""
    try:
        return stream.readline()
    except OSError as error:
        raise hung_up() from error
