"""The line reader every line mode shares.

Input lines are what Java's ``Scanner.nextLine()`` returns: only the line
terminator is removed, and Java's terminators are ``\\r\\n``, ``\\n``,
``\\r``, U+0085, U+2028 and U+2029.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Final, TextIO

_OTHER_LINE_ENDS: Final = "\r\u0085\u2028\u2029"
"""Java's line terminators besides \\n (and \\r\\n)."""


def read_lines(stream: TextIO) -> Iterator[str]:
    """Yield the lines of ``stream`` without their terminators, lazily.

    A last line with no terminator is still a line, as in Java. ``readline``
    never splits a ``\\r\\n`` pair (a stream opened with ``newline=""`` peeks
    past the ``\\r``), so splitting each piece again is enough.
    """
    while piece := stream.readline():
        piece = piece.replace("\r\n", "\n")
        for end in _OTHER_LINE_ENDS:
            piece = piece.replace(end, "\n")
        lines = piece.split("\n")
        if lines[-1] == "":
            lines.pop()
        yield from lines
