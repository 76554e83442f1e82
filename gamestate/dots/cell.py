"""CellT, the MIS's colour of a dot, and its one random draw.

The MIS: "CellT = {R, O, G, B}" and "getRandomCell(): out := CellT of any
of the available 4 colors". The draw takes the generator to draw from, so
that no colour ever comes from hidden global randomness and a seed replays
a game. This module never prints.
"""

from __future__ import annotations

import enum
from typing import Protocol


class IntSource(Protocol):
    """What a colour is drawn from: java.util.Random's ``nextInt(bound)``."""

    def nextInt(self, bound: int) -> int: ...


class CellT(enum.Enum):
    """The four colours of the MIS, in its order: Red, Orange, Green, Blue.

    A colour's value is its letter, as the MIS writes it and as the views
    and save files show it (``CellT("R") is CellT.R``).
    """

    R = "R"
    O = "O"
    G = "G"
    B = "B"

    @staticmethod
    def getRandomCell(rng: IntSource) -> CellT:
        """One colour drawn from ``rng``: the colour numbered ``nextInt(4)``
        in the MIS's order R, O, G, B.

        The MIS: "getRandomCell(): out := CellT of any of the available 4
        colors"; "a static method so that it can be accessed from any class
        without initialization of an object". In Java this is
        ``CellT.values()[rng.nextInt(4)]``, so a Java program seeded alike
        draws the same colours. ``rng`` is usually the game's own
        :class:`~gamestate.java_random.JavaRandom`.
        """
        return COLOURS[rng.nextInt(len(COLOURS))]


COLOURS: tuple[CellT, ...] = tuple(CellT)
"""The colours in the MIS's order (Java's ``CellT.values()``)."""
