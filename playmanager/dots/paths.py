"""Paths as the player types them and as the game writes them.

One forgiving format: a path is its dots' coordinates in order, each a row
then a column (0 to 5, row 0 at the top), written as

* ``0,0 0,1 0,2`` (the form the game itself writes),
* ``(0,0) (0,1) (0,2)`` or ``[[0,0],[0,1],[0,2]]`` (the MIS's form),
* ``00 01 02`` (two digits together are a row and a column).

Spaces, commas, semicolons, parentheses and brackets only separate. Any
other character is an error, as is a number of three digits or more, or
a row without its column. Whether the path is valid on the board is the
model's to say (:meth:`gamestate.dots.GameBoardT.move`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

Cell = tuple[int, int]

SEPARATORS: Final = " \t,;()[]"
FORMAT_HELP: Final = "a row and a column per dot, like 0,0 0,1 0,2 or 00 01 02"
_NUMBER: Final = re.compile(r"\d+")


class PathTextError(ValueError):
    """Text that is not a path; the message says what is wrong, in one line."""


def parse_path(text: str) -> list[Cell]:
    """The dots of ``text`` in order; raise PathTextError naming the problem."""
    for char in text:
        if not (char.isdigit() and char.isascii()) and char not in SEPARATORS:
            raise PathTextError(f"unexpected {char!r} in a path: type {FORMAT_HELP}")
    cells: list[Cell] = []
    row: int | None = None
    for number in _NUMBER.findall(text):
        if row is not None and len(number) == 1:
            cells.append((row, int(number)))
            row = None
        elif row is not None:
            break  # a row, then a number that is not a column
        elif len(number) == 1:
            row = int(number)
        elif len(number) == 2:
            cells.append((int(number[0]), int(number[1])))
        else:
            raise PathTextError(
                f"{number!r} is not a row and a column: type {FORMAT_HELP}"
            )
    if row is not None:
        raise PathTextError(f"row {row} has no column: type {FORMAT_HELP}")
    return cells


def format_path(path: Sequence[Cell]) -> str:
    """A path as the player can type it back: ``0,0 0,1 0,2``."""
    return " ".join(f"{row},{col}" for row, col in path)
