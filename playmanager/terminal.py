"""What the player's terminal can do: one value, decided once.

The command line calls :func:`detect` with the environment and the output
stream it was given and hands the :class:`Terminal` down to every full
screen and line mode, so that no game judges the terminal its own way:

* colours: none, the 8 basic ones or xterm's 256, from the terminfo entry
  of ``TERM`` (what curses will draw with: the full screen also keeps to
  what curses finds). None when the output is not a
  terminal, when ``TERM`` is unset or ``dumb``, and when ``NO_COLOR`` is
  set to anything but the empty string (https://no-color.org);
* Unicode: whether the suit symbols, block and line-drawing characters
  show (the stream's encoding and the locale's both take them: under
  ``LC_ALL=C`` Python writes UTF-8 but curses draws ASCII). Never on a
  pipe or a file, whose readers get ASCII. ``NO_COLOR`` asks for no
  colour, not for fewer symbols, so it leaves this alone;
* the mouse: a full screen asks for mouse reports only on a terminal;
* its width, for the text a line mode or ``--help`` prints
  (:attr:`Terminal.text_width`): ``COLUMNS`` when set (as argparse and
  ``shutil.get_terminal_size`` read it), else the terminal's own, kept to
  60-200 columns; 80 on a pipe or a file, whatever ``COLUMNS`` says, so a
  piped game prints the same bytes everywhere.

Light on purpose (no typing, no curses), so that the line modes start
fast.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Final, TextIO

NO_COLOURS: Final = 0
BASIC_COLOURS: Final = 8
RICH_COLOURS: Final = 256

PIPE_COLUMNS: Final = 80
"""The width of a pipe or a file, and of a terminal whose size is unknown."""
MIN_COLUMNS: Final = 60
"""The narrowest width text is fitted to (the smallest screen the games
support); a narrower terminal wraps it on its own."""
MAX_COLUMNS: Final = 200
"""The widest: lines longer than this are hard to read."""

SHOWN_CHARACTERS: Final = "\u2660\u2665\u2666\u2663\u2598\u259d\u2580\u2596\u258c\u259e\u259b\u2597\u259a\u2590\u259c\u2584\u2599\u259f\u2588"
"""The characters the games draw beyond ASCII: the suits, and the block
and quadrant characters of dots, tiles and marks
(:data:`playmanager.screen.widgets.QUADRANT_GLYPHS`)."""


class Terminal:
    """What the player's terminal shows; see the module docstring.

    A plain class, not a dataclass: dataclasses import typing-heavy
    modules at start-up.
    """

    __slots__ = ("colours", "columns", "is_terminal", "unicode")

    def __init__(
        self,
        *,
        colours: int,
        unicode: bool,
        is_terminal: bool,
        columns: int = PIPE_COLUMNS,
    ) -> None:
        self.colours = colours
        """0, 8 or 256."""
        self.unicode = unicode
        """Suit symbols, blocks and box lines show."""
        self.is_terminal = is_terminal
        """The output is a terminal (not a pipe or a file)."""
        self.columns = columns
        """Its width, kept to 60-200 columns (80 for a pipe or a file)."""

    @property
    def text_width(self) -> int:
        """The longest line printed for it: one column short of its width,
        so that no terminal wraps a full line on its own."""
        return self.columns - 1

    @property
    def colour(self) -> bool:
        return self.colours > NO_COLOURS

    @property
    def mouse(self) -> bool:
        """Whether a full screen asks for mouse reports."""
        return self.is_terminal

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Terminal):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def _fields(self) -> tuple[int, bool, bool, int]:
        return self.colours, self.unicode, self.is_terminal, self.columns

    def __repr__(self) -> str:
        return (
            f"Terminal(colours={self.colours}, unicode={self.unicode}, "
            f"is_terminal={self.is_terminal}, columns={self.columns})"
        )


PLAIN: Final = Terminal(colours=NO_COLOURS, unicode=False, is_terminal=False)
"""A pipe or a file: plain ASCII text."""


def detect(environ: Mapping[str, str], stream: TextIO) -> Terminal:
    """The terminal that ``stream`` writes to, as ``environ`` describes it."""
    if not _isatty(stream):
        return PLAIN
    term = environ.get("TERM", "")
    colours = NO_COLOURS
    if not environ.get("NO_COLOR") and term not in ("", "dumb"):
        colours = terminfo_colours(term, environ)
    return Terminal(
        colours=colours,
        unicode=can_show(SHOWN_CHARACTERS, stream),
        is_terminal=True,
        columns=terminal_columns(environ, stream),
    )


def terminal_columns(environ: Mapping[str, str], stream: TextIO) -> int:
    """The width of the terminal ``stream`` writes to, as
    ``shutil.get_terminal_size`` finds it (``COLUMNS``, else the terminal's
    own, else 80), kept to :data:`MIN_COLUMNS`-:data:`MAX_COLUMNS`. Not
    through shutil: it is not imported at start-up."""
    columns = environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        found = int(columns)
    else:
        try:
            found = os.get_terminal_size(stream.fileno()).columns or PIPE_COLUMNS
        except (OSError, ValueError, AttributeError):  # not a real terminal
            found = PIPE_COLUMNS
    return min(max(found, MIN_COLUMNS), MAX_COLUMNS)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (OSError, ValueError):  # closed
        return False


def terminfo_colours(term: str, environ: Mapping[str, str]) -> int:
    """The colours the terminfo entry of ``term`` gives: 0, 8 or 256.

    Read from the compiled entry (term(5)) rather than through
    ``curses.setupterm``: CPython's setupterm binds the first TERM it is
    given for the whole process and silently ignores the next.
    """
    count = _terminfo_number(term, environ, _COLORS_NUMBER)
    if count >= RICH_COLOURS:
        return RICH_COLOURS
    return BASIC_COLOURS if count >= BASIC_COLOURS else NO_COLOURS


_COLORS_NUMBER: Final = 13
"""The index of ``colors`` among terminfo's numeric capabilities."""
_MAGIC_16_BIT: Final = 0o432
_MAGIC_32_BIT: Final = 0o1036
_SYSTEM_TERMINFO: Final = (
    "/etc/terminfo",
    "/lib/terminfo",
    "/usr/share/terminfo",
    "/usr/lib/terminfo",
)


def _terminfo_folders(environ: Mapping[str, str]) -> list[str]:
    """Where ncurses looks for compiled entries, in its order."""
    folders = [environ.get("TERMINFO", "")]
    if environ.get("HOME"):
        folders.append(os.path.join(environ["HOME"], ".terminfo"))
    for folder in environ.get("TERMINFO_DIRS", "").split(":"):
        folders.extend(_SYSTEM_TERMINFO if folder == "" else (folder,))
    folders.extend(_SYSTEM_TERMINFO)
    return [folder for folder in folders if folder]


def _terminfo_number(term: str, environ: Mapping[str, str], index: int) -> int:
    """Numeric capability ``index`` of ``term``'s entry; -1 when absent."""
    if not term or "/" in term or term.startswith("."):
        return -1
    for folder in _terminfo_folders(environ):
        for sub in (term[0], f"{ord(term[0]):x}"):  # Linux, then macOS
            try:
                with open(os.path.join(folder, sub, term), "rb") as file:
                    return _number_in(file.read(), index)
            except OSError:
                continue
    return -1


def _number_in(entry: bytes, index: int) -> int:
    """Numeric capability ``index`` of a compiled entry; -1 when absent."""
    if len(entry) < 12:
        return -1
    magic, names, bools, numbers = (
        int.from_bytes(entry[at : at + 2], "little", signed=True) for at in (0, 2, 4, 6)
    )
    width = {_MAGIC_16_BIT: 2, _MAGIC_32_BIT: 4}.get(magic)
    if width is None or not 0 <= index < numbers:
        return -1
    start = 12 + names + bools
    start += start % 2  # numbers start on an even byte
    at = start + index * width
    if at + width > len(entry):
        return -1
    return int.from_bytes(entry[at : at + width], "little", signed=True)


def locale_encoding() -> str:
    """The encoding of the locale's character type (LC_CTYPE), which Python
    sets from the environment at start-up: what curses draws in and what
    the terminal was told to expect. Not Python's own choice: under
    ``LC_ALL=C`` Python runs in UTF-8 mode (its streams write UTF-8) while
    the locale, and so curses, is ASCII."""
    import locale  # here: it imports re, which a pipe's start-up never needs

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
