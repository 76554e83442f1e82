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

        With a bound, a power of two takes the high bits; any other bound
        rejects the draws that would bias the remainder, drawing again.
        Raises ValueError for a bound <= 0 (Java's IllegalArgumentException)
        and for a bound past Java's int range, where the rejection loop
        below would never end; TypeError for a bound that is not an int.
        """
        if bound is None:
            return self.next(32)
        if type(bound) is not int or not 0 < bound <= _INT_MAX:
            bound = self._checked_bound(bound)
        r = self.next(31)
        if bound & (bound - 1) == 0:
            return (bound * r) >> 31
        u = r
        r = u % bound
        # Java: while (u - r + m < 0), i.e. the sum overflows a signed int.
        while u - r + (bound - 1) > _INT_MAX:
            u = self.next(31)
            r = u % bound
        return r

    def next_int_pair(self, first: int, second: int) -> tuple[int, int]:
        """Return ``(nextInt(first), nextInt(second))``, drawn in that order.

        A spawn draws exactly this (the position, then the value), and the
        four calls (nextInt and next, twice) cost more than the arithmetic,
        so a plain JavaRandom takes both draws here in one frame: the step
        of ``next(31)`` and ``nextInt(bound)``'s two reductions, giving the
        same numbers and leaving the same state. Everything else goes
        through nextInt itself: a subclass (it may override next or
        nextInt), a bound nextInt would refuse, and a draw that nextInt
        rejects and draws again (``u - r + bound > 2**31``).
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
        u = after_first >> 17  # next(31)
        if first & (first - 1) == 0:
            a = (first * u) >> 31
        else:
            a = u % first
            if u - a + first > _TWO_31:  # nextInt(first) would draw again
                return self.nextInt(first), self.nextInt(second)
        after_second = (after_first * _MULTIPLIER + _ADDEND) & _MASK
        u = after_second >> 17
        if second & (second - 1) == 0:
            b = (second * u) >> 31
        else:
            b = u % second
            if u - b + second > _TWO_31:
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
