"""How text is fitted to a width, in every box, status line and ``--help``.

One rule for every text a screen or a help shows:

* a line longer than its room wraps at a word (:func:`wrap_lines`; a
  word longer than the room, a path, stays whole on its own line) or,
  where it has a single line, is shortened at a word with ``...``
  (:func:`elide`); a file path loses the middle of its folders first, so
  its file name stays; a status line keeps its end, which says what to
  do next, and loses its middle (:func:`elide_status`);
* a line mode's message or question goes through :func:`fitted_text`
  (and :func:`message_lines`), for every game;
* a key line (:func:`key_line`: ``"u\\tundo ..."``) is a key column and a
  text column; in one block every text starts in the same column and a
  text that wraps goes on in that column, never back under the keys;
* a table (rows of :func:`table_row`) keeps its columns aligned: their
  gap narrows, then the last columns are left out, never wrapped
  (:func:`fit_table`), and so are the notes that explain them
  (:func:`table_note`);
* words joined by :data:`GLUE` (a no-break space) stay on one line
  (``y keep going``), and are shown with plain spaces.

Plain strings in, plain strings out: no curses, cheap to import (the
``--help`` uses it too).
"""

from __future__ import annotations

import re
import textwrap

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Final

ELLIPSIS: Final = "..."
"""What stands for the part of a text left out (ASCII: every terminal)."""
KEY_TAB: Final = "\t"
"""Between a help line's keys and what they do."""
GLUE: Final = "\u00a0"
"""Joins words that must stay on one line; drawn as a space."""
KEY_SEPARATOR: Final = "  "
"""Between the entries of a key line (``u undo  o save``)."""
MIN_KEY_COLUMN: Final = 8
HELP_WIDTH: Final = 79
"""The widest line of a text printed for a terminal (``--help``,
``--stats``): an 80-column terminal shows it without wrapping."""


def key_line(keys: str, what: str) -> str:
    """One line of a help: the keys, then what they do (see the module)."""
    return f"{keys}{KEY_TAB}{what}"


def key_entry(key: str, what: str) -> str:
    """``key what`` as one unbreakable entry of a line of keys."""
    return f"{key} {what}".replace(" ", GLUE)


def table_row(*cells: str) -> str:
    """One row of a table (three cells or more), for :func:`wrap_lines`."""
    return KEY_TAB.join(cells)


def is_table_row(line: str) -> bool:
    return line.count(KEY_TAB) >= 2


NOTE_MARK: Final = "\x1f"
"""Starts a :func:`table_note` (an ASCII unit separator: never typed)."""


def table_note(column: str, text: str) -> str:
    """A line under a table that explains its ``column`` (a name in its
    first row): shown only while that column is (:func:`wrap_lines`)."""
    return f"{NOTE_MARK}{column}{NOTE_MARK}{text}"


def fit_table(rows: Sequence[Sequence[str]], width: int) -> list[str]:
    """``rows`` of cells as aligned lines in ``width`` columns: the first
    column left, the others right, two spaces apart, else one; else the
    last columns are left out until the rest fits."""
    return _fit_table(rows, width)[0]


def _fit_table(rows: Sequence[Sequence[str]], width: int) -> tuple[list[str], int]:
    """:func:`fit_table`'s lines, and how many columns they show."""
    count = max(len(row) for row in rows)
    cells = [[*row, *[""] * (count - len(row))] for row in rows]
    for shown in range(count, 0, -1):
        widths = [max(len(row[i]) for row in cells) for i in range(shown)]
        for gap in (2, 1):
            if sum(widths) + gap * (shown - 1) <= width:
                return [_table_line(row[:shown], widths, gap) for row in cells], shown
    return [elide(row[0], width) for row in cells], 1


def _table_line(cells: Sequence[str], widths: Sequence[int], gap: int) -> str:
    return (
        (" " * gap)
        .join(
            cell.ljust(w) if i == 0 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(cells, widths, strict=True))
        )
        .rstrip()
    )


def elide(text: str, width: int) -> str:
    """``text`` in at most ``width`` columns, shortened with intent: a file
    path loses the middle of its folders first (its file name stays), else
    the text ends at the last whole word that fits, then ``...`` (a
    first word too long for the room is cut)."""
    if len(text) <= width:
        return text
    shortened = _shorten_path(text, width)
    if len(shortened) <= width:
        return shortened
    if width <= len(ELLIPSIS):
        return text[:width]
    room = width - len(ELLIPSIS)
    cut = text[: room + 1].rfind(" ")
    kept = text[:cut] if cut > 0 else text[:room]  # one word too long: cut it
    return kept.rstrip(" ,;:(") + ELLIPSIS


CLAUSE_ENDS: Final = (". ", ": ", "; ", " (")
"""Where a status line's last clause may start (see :func:`elide_status`)."""
MIN_HEAD: Final = 12
"""The fewest columns the start of a status line keeps before its end."""


def _shorten_path(text: str, width: int) -> str:
    """``text`` with the middle of its longest path's folders left out, as
    much as brings it to ``width`` columns (its first character and its
    file name stay); ``text`` when it names no path."""
    paths = [word for word in text.split() if "/" in word.rstrip("/")]
    if not paths:
        return text
    path = max(paths, key=len)
    head, _, name = path.rpartition("/")
    keep = max(len(head) - (len(text) - width) - len(ELLIPSIS), 1)
    if keep + len(ELLIPSIS) >= len(head):
        return text
    return text.replace(path, f"{head[:keep]}{ELLIPSIS}/{name}", 1)


def elide_status(text: str, width: int) -> str:
    """A status line in ``width`` columns: a path in it loses the middle of
    its folders first; then its longest last clause that leaves
    :data:`MIN_HEAD` columns to its start stays whole (the action it
    names, or the path), and the start is shortened at a word
    (:func:`elide`)."""
    text = _shorten_path(text, width)
    if len(text) <= width:
        return text
    starts = [text.rfind(end) for end in CLAUSE_ENDS]
    starts += [text.rfind(f" {word}") for word in text.split() if "/" in word]
    tails = [text[at:].lstrip(" .:;") for at in starts if at > 0]
    head_room = width - MIN_HEAD - 1
    fitting = [tail for tail in tails if len(tail) <= head_room]
    if not fitting:
        return elide(text, width)
    tail = max(fitting, key=len)
    head_room = width - len(tail) - 1
    head = text[: len(text) - len(tail)].rstrip()
    return f"{elide(head, head_room)} {tail}"


def fitted_text(text: str, width: int, *, shorten: bool = True) -> str:
    """``text`` as a line mode prints it in ``width`` columns
    (:func:`message_lines`): lines ending with a newline, or a question
    (no newline at its end), whose last line keeps a column for the
    cursor and its trailing space, so the answer is typed after it."""
    if text.endswith("\n"):
        lines = message_lines(text[:-1], width, shorten=shorten)
        return "".join(line + "\n" for line in lines)
    question = text.rstrip(" ")
    if len(text) <= width:
        return text
    lines = message_lines(question, width - 1, shorten=shorten)
    return "\n".join(lines) + text[len(question) :]


def key_column(lines: Sequence[str], width: int) -> int:
    """Where the texts of the key lines among ``lines`` start: after the
    longest keys and two spaces, at most a third of ``width``."""
    keys = [line.split(KEY_TAB, 1)[0] for line in lines if KEY_TAB in line]
    if not keys:
        return 0
    return max(min(max(len(k) for k in keys) + 2, width // 3), MIN_KEY_COLUMN)


def wrap_lines(lines: Sequence[str], width: int) -> list[str]:
    """Every line in ``width`` columns (see the module): key lines as two
    columns, other lines wrapped at words; blank lines kept."""
    width = max(width, 1)
    column = key_column([line for line in lines if not is_table_row(line)], width)
    table = [line.split(KEY_TAB) for line in lines if is_table_row(line)]
    fitted, shown = _fit_table(table, width) if table else ([], 0)
    tables = iter(fitted)
    dropped = set(table[0][shown:]) if table else set()
    wrapped: list[str] = []
    for line in lines:
        if line.startswith(NOTE_MARK):
            explained, line = line[1:].split(NOTE_MARK, 1)
            if explained in dropped:
                continue  # it explains a column left out
        if is_table_row(line):
            wrapped.append(next(tables))
        elif KEY_TAB in line:
            keys, what = line.split(KEY_TAB, 1)
            if len(keys) + 2 > column:  # keys longer than the column: own line
                wrapped += _wrap(keys, width, "", "")
                keys = ""
            first = f"{keys:<{column}}"
            wrapped += _wrap(what, width, " " * column, first)
        else:
            wrapped += _wrap(line, width, " " * _second_column(line, width), "")
    return [line.replace(GLUE, " ") for line in wrapped]


def message_lines(text: str, width: int, *, shorten: bool = True) -> list[str]:
    """A message's lines as a line mode prints them in ``width`` columns:
    a line that fits (a board's row) stays as it is; a longer one wraps at
    words, and with ``shorten`` (on a terminal, whose edge would break it)
    a word still too long for a line, a path, loses the middle of its
    folders (:func:`elide`). A pipe has no edge: its paths stay whole."""
    fitted: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width:
            fitted.append(line)
        elif shorten:
            fitted += (elide(part, width) for part in wrap_lines([line], width))
        else:
            fitted += wrap_lines([line], width)
    return fitted


def printed(text: str, width: int = HELP_WIDTH) -> str:
    """``text`` as lines printed for a terminal (a launch notice): each in
    ``width`` columns, wrapped at words, ending with a newline."""
    return "".join(line + "\n" for line in wrap_lines([text], width))


def _second_column(line: str, width: int) -> int:
    """Where a line set in columns (``  o or save     save to...``) goes on
    when it wraps: under its text after two spaces; else under its start."""
    found = re.match(r"\s*\S+(?: \S+)*\s{2,}", line)
    if found and found.end() <= width // 2:
        return found.end()
    return len(line) - len(line.lstrip(" "))


def _wrap(text: str, width: int, indent: str, first: str | None = None) -> list[str]:
    found = textwrap.wrap(
        text,
        width,
        initial_indent=indent if first is None else first,
        subsequent_indent=indent,
        break_on_hyphens=False,
        break_long_words=False,
    )
    # a word longer than the room (a path) stays whole on a line of its own:
    # a box shortens it (elide), a printed help leaves it to be copied
    return found or [(first or "").rstrip()]
