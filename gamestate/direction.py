"""The Direction enum of Direction.java."""

from __future__ import annotations

from enum import Enum


class Direction(Enum):
    """A move direction; its value is the Java ordinal and rotation count.

    The rotation count is the number of counter-clockwise quarter turns
    after which sliding DOWN performs the move: LEFT is turn once, slide
    down, turn back.
    """

    DOWN = 0
    LEFT = 1
    UP = 2
    RIGHT = 3

    def getRotationCount(self) -> int:
        """Return the counter-clockwise quarter turns for this direction."""
        return self.value
