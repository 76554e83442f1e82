"""What a move does, cell by cell, for views that show it (the web game's pop).

:func:`slide_effects` says, for a board and a direction, which cells of
the slid board hold a merged tile and what the move gains, before any
tile is added; :func:`added_tile` finds the tile a move then added. The
full-screen games mark those cells for a moment (architecture rule 5: a
small result value, never view state in the model). Both are pure and
read the one slide rule, :func:`gamestate._kernels.slide_line`; this
module never prints and never changes a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ._kernels import Board, _board_from_lines, _lines, slide_line
from .direction import Direction

Cell = tuple[int, int]


class SlideEffects(NamedTuple):
    """The board after the slide (no tile added yet), the gain, the merges."""

    board: Board
    gained: int
    merged: frozenset[Cell]
    """(row, col) of every tile the slide made by merging two."""


def _merged_indexes(line: Sequence[int], slid: Sequence[int]) -> list[int]:
    """Indexes of ``slid`` (``slide_line(line)``) that hold merged tiles.

    Walking from the end tiles slide toward, each result tile either is
    the next tile of ``line`` moved (the same value) or two of them merged
    (twice the value, never equal to it): so the values tell which.
    """
    tiles = [value for value in reversed(line) if value]
    merged = []
    taken = 0
    for index in range(len(slid) - 1, -1, -1):
        if not slid[index]:
            break
        if slid[index] == tiles[taken]:
            taken += 1
        else:
            merged.append(index)
            taken += 2
    return merged


def slide_effects(board: Sequence[Sequence[int]], direction: Direction) -> SlideEffects:
    """What moving ``board`` toward ``direction`` does before a tile is added.

    ``board`` is not changed. The slid board equals what
    ``GameState.move`` leaves before its ``addTile``.
    """
    turns = direction.getRotationCount()
    lines = _lines(board, turns)
    width = len(board[0])
    # The same lines, holding each cell's index (row * width + col).
    cells = _lines(
        [[r * width + c for c in range(width)] for r in range(len(board))], turns
    )
    slid_lines = []
    gained = 0
    merged: set[Cell] = set()
    for line, line_cells in zip(lines, cells, strict=True):
        slid, gain = slide_line(line)
        slid_lines.append(slid)
        gained += gain
        for index in _merged_indexes(line, slid):
            merged.add(divmod(line_cells[index], width))
    return SlideEffects(_board_from_lines(slid_lines, turns), gained, frozenset(merged))


def added_tile(
    slid: Sequence[Sequence[int]], after: Sequence[Sequence[int]]
) -> Cell | None:
    """The cell that is empty in ``slid`` and holds a tile in ``after``.

    ``slid`` is :attr:`SlideEffects.board`, ``after`` the game's board
    after its move; None when the move added no tile.
    """
    for r, (old_row, new_row) in enumerate(zip(slid, after, strict=True)):
        for c, (old, new) in enumerate(zip(old_row, new_row, strict=True)):
            if not old and new:
                return r, c
    return None
