"""A Dots game's rescue record: its save, then the moves it was played with.

A ``.dots`` save keeps the position and the generator, so a loaded game
draws the dots it would have; a rescue file (``rescued.dots``, written
when a terminal hangs up or a game is kept at a quit) also keeps the
game's undo history: after the save, a ``rescue record 1`` line, the
position the game's moves start from (``start``, then the lines of a save
after its header) and one ``path`` line a move, first first::

    dots save 1
    ...                                  <- the game as saved
    rescue record 1
    start
    R R R B R R
    ...                                  <- six rows, moves ... level
    path 0,0 0,1 0,2
    path 3,3 4,3

A save reader stops at the marker (a rescue file loads as a save, without
its history); :func:`read_record` replays the paths from the start and
refuses (one SaveFileError naming the line) a record they do not lead to.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from gamestate.dots import SIZE, GameBoardT, RefusedMoveError

from ..rescue_record import MARKER, RecordLines, record_lines
from ..storage import whole_number
from . import savefile

Path = tuple[tuple[int, int], ...]
START_LINES = SIZE + 6
"""A save's lines after its header: the rows, moves, objective, score,
squares, generator and level."""


class Record(NamedTuple):
    """A game read from a save or a rescue record."""

    game: GameBoardT
    """The game as it was saved."""
    start: GameBoardT
    """The position its ``paths`` start from (a plain save: the game)."""
    paths: tuple[Path, ...]
    """The moves made from ``start``, first first (a plain save: none)."""


def format_record(game: GameBoardT, start: GameBoardT, paths: Sequence[Path]) -> str:
    """The rescue record of ``game``: its save, then the ``paths`` played
    from ``start`` to reach it."""
    start_lines = savefile.format_save(start).split("\n", 1)[1]  # no header
    moves = "".join(
        "path " + " ".join(f"{row},{col}" for row, col in path) + "\n" for path in paths
    )
    return f"{savefile.format_save(game)}{MARKER}\nstart\n{start_lines}{moves}"


def read_record(text: str, path: str) -> Record:
    """The game in ``text`` (the file ``path``), with the moves a rescue
    record keeps; raise SaveFileError naming the line."""
    game = savefile.parse_save(text, path)
    lines = record_lines(text, path)
    if lines is None:
        return Record(game, game, ())
    lines.words("start")
    first, start_lines = lines.take(START_LINES)
    start = savefile.parse_game(start_lines, path, first)
    paths = []
    replayed = start.copy()
    while lines.has("path"):
        move = _path(lines, lines.words("path"))
        try:
            replayed.move([list(cell) for cell in move])
        except RefusedMoveError as error:
            raise lines.error(f"this path cannot be played there: {error}") from error
        paths.append(move)
    lines.end()
    if replayed != game:
        raise lines.error("the paths do not lead to the saved game")
    return Record(game, start, tuple(paths))


def _path(lines: RecordLines, words: list[str]) -> Path:
    cells = []
    for word in words:
        row, _, col = word.partition(",")
        cell = (whole_number(row), whole_number(col))
        if cell[0] is None or cell[1] is None:
            raise lines.error(f"a cell of a path is ROW,COL, got {word[:20]!r}")
        cells.append((cell[0], cell[1]))
    if not cells:
        raise lines.error("a path needs at least one cell")
    return tuple(cells)
