"""What one 2048 move did, for the views that show it.

:meth:`GameState.move_with_effects` returns a :class:`MoveEffects`: the
full screens mark the merged cells and the new tile for a moment
(architecture rule 5: a small result value, never view state in the
model). This module never prints and holds no game state.
"""

from __future__ import annotations

from typing import NamedTuple

Cell = tuple[int, int]
"""(row, col) of a cell, row 0 at the top."""


class MoveEffects(NamedTuple):
    """What one move did, from the slide that moved the board.

    ``merged`` holds the cells of the tiles the slide made by merging two;
    ``new_tile`` the cell of the tile added after it and ``tile`` its
    value (None and 0 when none was added: a subclass's ``addTile`` may
    add none); ``points`` what the slide added to the score.
    """

    merged: frozenset[Cell]
    new_tile: Cell | None
    tile: int
    points: int
