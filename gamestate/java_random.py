"""A bit-exact port of java.util.Random.

java.util.Random is a 48-bit linear congruential generator. Every method
below follows the JDK source step by step, so a Python game and a Java game
seeded alike draw the same numbers. This module never prints.
"""

from __future__ import annotations

# typing costs a few ms of start-up (it imports re): only type checkers
# read these names, and the annotations are never evaluated.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

_MULTIPLIER: Final = 0x5DEECE66D
_ADDEND: Final = 0xB
_MASK: Final = (1 << 48) - 1
_INT_MAX: Final = (1 << 31) - 1
_DOUBLE_UNIT: Final = 1.0 / (1 << 53)
_TWO_31: Final = 1 << 31


def to_int32(value: int) -> int:
    """Wrap ``value`` to a signed 32-bit int, as Java int arithmetic does."""
    return ((value + (1 << 31)) & 0xFFFFFFFF) - (1 << 31)


def to_int64(value: int) -> int:
    """Wrap ``value`` to a signed 64-bit int, as Java long arithmetic does."""
    return ((value + (1 << 63)) & 0xFFFFFFFFFFFFFFFF) - (1 << 63)


def _reduce(draw: int, bound: int) -> int:
    """``nextInt(bound)``'s answer from ``draw = next(31)``, or -1 to draw again.

    The JDK's reduction, its one copy here: a power-of-two bound takes
    the high bits of the draw; any other takes the remainder, unless the
    draw is one of the top ones that would bias it (Java's
    ``u - r + (bound - 1) < 0`` in int arithmetic), which Java rejects.
    """
    if bound & (bound - 1) == 0:
        return (bound * draw) >> 31
    r = draw % bound
    return r if draw - r + bound <= _TWO_31 else -1


class JavaRandom:
    """java.util.Random with Java's method names and exact output."""

    __slots__ = ("_seed",)

    def __init__(self, seed: int) -> None:
        """Create a generator as ``new java.util.Random(seed)`` does."""
        self._seed = 0
        self.setSeed(seed)

    def setSeed(self, seed: int) -> None:
        """Reseed as Java does: scramble with the multiplier, keep 48 bits.

        Any Python int is taken as the Java long it wraps to, so seeds past
        2**63 behave as Java's overflowed literal would.
        """
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, got {seed!r}")
        self._seed = (to_int64(seed) ^ _MULTIPLIER) & _MASK

    def getstate(self) -> int:
        """Return the 48-bit internal state (for undo and copies)."""
        return self._seed

    def setstate(self, state: int) -> None:
        """Restore a state returned by :meth:`getstate`."""
        if not isinstance(state, int) or isinstance(state, bool):
            raise TypeError(f"state must be an int, got {state!r}")
        self._seed = state & _MASK

    def next(self, bits: int) -> int:
        """Advance and return the top ``bits`` (1..32) bits as a Java int."""
        seed = self._seed = (self._seed * _MULTIPLIER + _ADDEND) & _MASK
        value = seed >> (48 - bits)
        # Only 32 bits can reach the sign bit; the wrap is to_int32's, written
        # out because this runs twice per spawned tile.
        return value - (1 << 32) if value > _INT_MAX else value

    def nextInt(self, bound: int | None = None) -> int:
        """``nextInt()`` or ``nextInt(bound)``, exactly as in the JDK.

        With a bound, each draw is ``next(31)`` reduced by
        :func:`_reduce`, drawing again where Java's loop rejects a draw.
        Raises ValueError for a bound <= 0 (Java's IllegalArgumentException)
        and for a bound past Java's int range, where the rejection loop
        would never end; TypeError for a bound that is not an int.
        """
        if bound is None:
            return self.next(32)
        if type(bound) is not int or not 0 < bound <= _INT_MAX:
            bound = self._checked_bound(bound)
        r = _reduce(self.next(31), bound)
        while r < 0:
            r = _reduce(self.next(31), bound)
        return r

    def next_int_pair(self, first: int, second: int) -> tuple[int, int]:
        """Return ``(nextInt(first), nextInt(second))``, drawn in that order.

        A spawned tile draws exactly this (its cell, then its value), and
        four calls (nextInt and next, twice) would cost more than the
        arithmetic, so a plain JavaRandom takes both steps of the
        generator here, reducing each draw with :func:`_reduce` as
        nextInt does: the same numbers, the same state after. Everything
        else goes through nextInt itself: a subclass (it may override
        next or nextInt), a bound nextInt would refuse, and a draw that
        Java rejects and draws again.
        """
        if not (
            type(self) is JavaRandom
            and type(first) is int
            and type(second) is int
            and 0 < first <= _INT_MAX
            and 0 < second <= _INT_MAX
        ):
            return self.nextInt(first), self.nextInt(second)
        after_first = (self._seed * _MULTIPLIER + _ADDEND) & _MASK
        a = _reduce(after_first >> 17, first)  # next(31), reduced
        if a < 0:
            return self.nextInt(first), self.nextInt(second)
        after_second = (after_first * _MULTIPLIER + _ADDEND) & _MASK
        b = _reduce(after_second >> 17, second)
        if b < 0:
            self._seed = after_first
            return a, self.nextInt(second)
        self._seed = after_second
        return a, b

    @staticmethod
    def _checked_bound(bound: object) -> int:
        """Return a valid bound as a plain int, else raise (off the hot path).

        TypeError for a non-int (bool included); ValueError for a bound <= 0
        (Java's IllegalArgumentException) or past Java's int range, where
        the rejection loop would never end.
        """
        if not isinstance(bound, int) or isinstance(bound, bool):
            raise TypeError(f"bound must be an int, got {bound!r}")
        if bound <= 0:
            raise ValueError(f"bound must be positive, got {bound}")
        if bound > _INT_MAX:
            raise ValueError(f"bound must fit a 32-bit Java int, got {bound}")
        return int(bound)  # an int subclass, such as an IntEnum member

    def nextLong(self) -> int:
        """Return a Java long built from two 32-bit draws."""
        high = self.next(32)
        low = self.next(32)
        return to_int64((high << 32) + low)

    def nextBoolean(self) -> bool:
        """Return one random bit as a bool."""
        return self.next(1) != 0

    def nextDouble(self) -> float:
        """Return a double in [0, 1) from 53 random bits."""
        return ((self.next(26) << 27) + self.next(27)) * _DOUBLE_UNIT

    def __repr__(self) -> str:
        return f"JavaRandom(<state {self._seed:#014x}>)"
