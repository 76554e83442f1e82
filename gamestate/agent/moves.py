"""Afterstates: every board's four moves without their new tile.

An afterstate is the board right after a move's slide and merges, before
the game adds its random tile: what an n-tuple network trained by TD on
afterstates values. Slides read the batch engine's row tables, the same
that :class:`gamestate.batch.Batch` steps with, so a move here is the
Java-exact move. Never prints.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ..batch import grid, tables, transpose
from ..batch._tables import GAIN_SHIFT, OVERFLOW_SHIFT, ROWS

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]
Mask = npt.NDArray[np.bool_]

_GAIN: Final = np.uint64((1 << (OVERFLOW_SHIFT - GAIN_SHIFT)) - 1)
_LITTLE_ENDIAN: Final = np.dtype("<u8")
# Per action (0 DOWN, 1 LEFT, 2 UP, 3 RIGHT): slides columns?, toward high?
_VERTICAL: Final = (True, False, True, False)
_TOWARD_HIGH: Final = (True, False, False, True)


def afterstates(boards: npt.NDArray[Any]) -> tuple[npt.NDArray[Any], I64, Mask]:
    """For N boards: ``(after, gains, legal)``, each shaped (N, 4) (and
    ``after`` (N, 4, rows, columns) for boards of exponents).

    ``after[i, a]`` is board i after action a's slide (no new tile),
    ``gains[i, a]`` the points its merges make, ``legal[i, a]`` whether
    it moves the board. A merge that would pass 32768 (which the engines
    refuse) counts as not legal. Boards are packed 4x4 (uint64, N) or
    tile exponents (N, rows, columns), :class:`gamestate.batch.GridBatch`'s.
    """
    if boards.dtype != np.uint64:
        return grid.afterstates(boards)
    return _packed_afterstates(boards)


def _packed_afterstates(boards: U64) -> tuple[U64, I64, Mask]:
    t = tables()
    boards = np.asarray(boards, dtype=np.uint64)
    layouts = (boards, transpose(boards))
    after = np.empty((len(boards), 4), dtype=np.uint64)
    gains = np.empty((len(boards), 4), dtype=np.int64)
    legal = np.empty((len(boards), 4), dtype=np.bool_)
    for action in range(4):
        lines = layouts[1 if _VERTICAL[action] else 0]
        keys = _rows(lines).astype(np.int64) + (ROWS if _TOWARD_HIGH[action] else 0)
        slid = np.ascontiguousarray(t.slid[keys]).view(np.uint64).reshape(-1)
        meta = t.meta[keys]
        moved = slid if not _VERTICAL[action] else transpose(slid)
        overflow = (meta >> np.uint64(OVERFLOW_SHIFT)).any(axis=1)
        after[:, action] = moved
        gains[:, action] = ((meta >> np.uint64(GAIN_SHIFT)) & _GAIN).sum(axis=1)
        legal[:, action] = (moved != boards) & ~overflow
    return after, gains, legal


def _rows(boards: U64) -> npt.NDArray[np.uint16]:
    """(N, 4): each packed board's four 16-bit rows, row 0 first."""
    return boards.astype(_LITTLE_ENDIAN, copy=False).view(np.uint16).reshape(-1, 4)


def packed(exponents: npt.ArrayLike) -> int:
    """A (4, 4) array of tile exponents as one packed board."""
    cells = np.asarray(exponents, dtype=np.uint64).reshape(16)
    if cells.max(initial=0) > 15:
        raise ValueError(f"tile exponents must be 0..15, got {cells.max()}")
    return int((cells << (np.arange(16, dtype=np.uint64) * np.uint64(4))).sum())
