"""Read and write ``.2048`` save files, the layout of the Java reference.

The file is plain text, numbers separated by whitespace; the writer uses
this layout, with a newline after every line::

    ROWS COLS
    SCORE
    v v v v        <- ROWS lines of COLS values, single spaces, 0 = empty

Reading accepts any whitespace layout, as Java's ``Scanner`` does, and
refuses everything else with a :class:`SaveFileError` that names the file,
the line and the problem. Limits (Java has none and crashes instead):

* a file of at most 1 MiB of UTF-8 text;
* 1 to :data:`MAX_SIDE` (1024) rows and columns;
* a score in Java's int range; cells 0 or a power of two from 2 to 2**30;
* exactly ROWS x COLS cells, nothing after the last one but a rescue
  record's lines (:mod:`~playmanager.twenty48.record`), which Java does
  not read either.

Reading and writing go through :mod:`playmanager.storage`, which every
game's saves share: writing is atomic (a temporary file in the target's
folder, flushed and fsynced, then ``os.replace``d over the target), so a
crash or a full disk at any moment leaves the old file or the new one,
never a mix; on failure the old file is untouched.

This module never prints, never reads the terminal and never executes any
part of a file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final, NamedTuple

from gamestate import GameState

from ..storage import SaveFileError, read_text, whole_number, write_atomically
from .rules import MAX_SIDE, MAX_TILE

INT_MIN: Final = -(1 << 31)
INT_MAX: Final = (1 << 31) - 1

# Character.isWhitespace, Scanner's default delimiter (checked against
# Java 17). Python's str.split() differs: it also splits on U+0085, U+00A0,
# U+2007 and U+202F, which Java reads as part of a token.
_JAVA_WHITESPACE: Final = (
    "\t\n\x0b\x0c\r\x1c-\x1f \u1680\u2000-\u2006\u2008-\u200a\u2028\u2029\u205f\u3000"
)
_TOKEN: Final = re.compile(f"[^{_JAVA_WHITESPACE}]+")
_SHOWN_CHARS: Final = 24


class SaveData(NamedTuple):
    """The content of a save file: the score and the board, row by row."""

    score: int
    board: tuple[tuple[int, ...], ...]


def _show(token: str) -> str:
    """Quote a token for a one-line message, cut if it is long."""
    if len(token) > _SHOWN_CHARS:
        token = token[:_SHOWN_CHARS] + "..."
    return repr(token)


def _line_breaks(text: str) -> int:
    """Count line ends as an editor does: \\n, \\r\\n and a lone \\r."""
    return text.count("\n") + text.count("\r") - text.count("\r\n")


class _Tokens:
    """Walks the whitespace-separated tokens of a file, tracking line numbers."""

    def __init__(self, text: str, source: str) -> None:
        self._text = text
        self._source = source
        self._matches: Iterator[re.Match[str]] = _TOKEN.finditer(text)
        self._end = 0
        self.line = 1

    def error(self, message: str) -> SaveFileError:
        return SaveFileError(self._source, self.line, message)

    def _take(self) -> re.Match[str] | None:
        """Move to the next token and its line; None at the end of the file.

        At the end, ``line`` stays on the last token's line.
        """
        match = next(self._matches, None)
        if match is not None:
            self.line += _line_breaks(self._text[self._end : match.start()])
            self._end = match.end()
        return match

    def next_token(self, what: str) -> str:
        """Return the next token, or raise naming ``what`` was missing."""
        match = self._take()
        if match is None:
            raise self.error(f"expected {what}, found the end of the file")
        return match.group()

    def next_int(self, what: str, low: int, high: int) -> int:
        """Return the next token as a number from ``low`` to ``high``."""
        token = self.next_token(what)
        value = whole_number(token)
        if value is None:
            raise self.error(f"{what} must be a whole number, got {_show(token)}")
        if not low <= value <= high:
            raise self.error(f"{what} must be {low} to {high}, got {_show(token)}")
        return value

    def expect_end(self) -> None:
        """Raise if any token is left after the last cell."""
        match = self._take()
        if match is not None:
            raise self.error(f"unexpected data after the last cell: {_show(match[0])}")


def _read_cell(tokens: _Tokens, row: int, col: int) -> int:
    what = f"the cell at row {row + 1}, column {col + 1}"
    value = tokens.next_int(what, INT_MIN, INT_MAX)
    if value != 0 and not (2 <= value <= MAX_TILE and value & (value - 1) == 0):
        raise tokens.error(
            f"{what} must be 0 or a power of two from 2 to {MAX_TILE}, got {value}"
        )
    return value


def parse_save(text: str, source: str) -> SaveData:
    """Parse the text of a save file; ``source`` names it in errors.

    Pure: reads nothing else and changes nothing. Raises SaveFileError for
    anything the module docstring refuses.
    """
    from ..rescue_record import save_part

    text = save_part(text)  # a rescue record's own lines are not Java's
    try:
        return _parse_tokens(_Tokens(text, source))
    except SaveFileError as error:
        # Java reads tokens, not lines, so "4 4 4" on line 1 reads as a
        # score and the error shows lines later: point at the first line.
        body = text.lstrip()
        line = _line_breaks(text[: len(text) - len(body)]) + 1
        first = body.replace("\r", "\n").split("\n", 1)[0].split()
        if len(first) > 2 and error.line != line:
            raise SaveFileError(
                source,
                line,
                "the first line should be the rows and the columns (two "
                f"numbers), got {_show(' '.join(first))}",
            ) from error
        raise


def _parse_tokens(tokens: _Tokens) -> SaveData:
    rows = tokens.next_int("the number of rows", 1, MAX_SIDE)
    cols = tokens.next_int("the number of columns", 1, MAX_SIDE)
    score = tokens.next_int("the score", INT_MIN, INT_MAX)
    board = tuple(
        tuple(_read_cell(tokens, row, col) for col in range(cols))
        for row in range(rows)
    )
    tokens.expect_end()
    return SaveData(score, board)


def format_save(game: GameState) -> str:
    """Return the text the Java reference writes for ``game``."""
    board = game.getBoard()
    lines = [f"{len(board)} {len(board[0])}", str(game.getScore())]
    lines.extend(" ".join(map(str, row)) for row in board)
    return "\n".join(lines) + "\n"


def read_save(path: str) -> SaveData:
    """Read and parse the save file at ``path``; raise SaveFileError."""
    return parse_save(read_text(path), path)


def load(
    path: str, *, seed: int | None = None, two_prob: int | None = None
) -> GameState:
    """Return a fresh GameState read from ``path``, as PlayManager.java does.

    The game gets a fresh random generator: ``seed`` defaults to
    Config.RANDOM_SEED, as a new Java GameState. ``two_prob`` as in
    GameState. Raises SaveFileError and leaves the file untouched.
    """
    return load_text(read_text(path), path, seed=seed, two_prob=two_prob)


def load_text(
    text: str, path: str, *, seed: int | None = None, two_prob: int | None = None
) -> GameState:
    """As :func:`load`, from the save's ``text`` (``path`` names it in errors)."""
    data = parse_save(text, path)
    game = GameState(len(data.board), len(data.board[0]), seed=seed, two_prob=two_prob)
    game.setScore(data.score)
    game.setBoard(data.board)
    return game


def save(game: GameState, path: str) -> None:
    """Write ``game`` to ``path`` in the Java layout, atomically.

    Raises OSError on failure; see :func:`write_atomically`.
    """
    write_atomically(path, format_save(game))
