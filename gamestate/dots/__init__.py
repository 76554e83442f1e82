"""gamestate.dots: the game Dots of spec 003 (the MIS), its model only.

    from gamestate.dots import GameBoardT, CellT, SIZE

:class:`GameBoardT` and :class:`CellT` keep the MIS's names and argument
order, so a test written from the MIS runs unchanged; :func:`hint`
(in :mod:`gamestate.dots.hint`) suggests a path. The MIS's View and
Controller, which print, are in :mod:`playmanager.dots`. Nothing here
prints, reads input or touches files.
"""

from .board import (
    SIZE,
    GameBoardT,
    GameEndedError,
    InvalidPathError,
    Level,
    OffBoardError,
    RefusedMoveError,
    WrongColourError,
)
from .cell import CellT

__all__ = [
    "SIZE",
    "CellT",
    "GameBoardT",
    "GameEndedError",
    "InvalidPathError",
    "Level",
    "OffBoardError",
    "RefusedMoveError",
    "WrongColourError",
]
