"""java.util.Random for many generators at once, as numpy uint64 arrays.

Each array element is one generator's 48-bit state, exactly what
:meth:`gamestate.java_random.JavaRandom.getstate` holds. The arithmetic
is the JDK's (see that module): a step is ``state * 0x5DEECE66D + 0xB``
modulo 2**48 (uint64 products wrap modulo 2**64, whose low 48 bits are the
same); ``next(31)`` is the state's top 31 bits; ``nextInt(bound)`` takes
``bound * r >> 31`` for a power of two and otherwise ``r % bound``,
drawing again while ``u - r + bound - 1`` would overflow a Java int.
This module never prints.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from ..java_random import to_int64

U64 = npt.NDArray[np.uint64]
Mask = npt.NDArray[np.bool_]

_MULTIPLIER: Final = np.uint64(0x5DEECE66D)
_ADDEND: Final = np.uint64(0xB)
_MASK: Final = np.uint64((1 << 48) - 1)
_NEXT_31_SHIFT: Final = np.uint64(17)
_SHIFT_31: Final = np.uint64(31)
MAX_BOUND: Final = 100
"""The largest bound :func:`next_int` takes (the spawn draws up to 100)."""


def _limit(bound: int) -> int:
    """The first ``u = next(31)`` that ``nextInt(bound)`` draws again after.

    Java draws again while ``u - r + (bound - 1)`` overflows, r = u % bound,
    that is while ``(u // bound + 1) * bound > 2**31``, that is while
    ``u >= (2**31 // bound) * bound``. For a power of two that is 2**31,
    above every u: powers of two never draw again, as in Java.
    """
    return (1 << 31) // bound * bound


# Indexed by the bound (0 stands for "not drawing"; it is drawn as 1).
_LIMITS: Final = np.array(
    [1 << 31, *(_limit(b) for b in range(1, MAX_BOUND + 1))], dtype=np.uint64
)
_POWER_OF_TWO: Final = np.array(
    [True, *(b & (b - 1) == 0 for b in range(1, MAX_BOUND + 1))]
)


def seeded(seeds: list[int]) -> U64:
    """States of ``new Random(seed)`` for each seed (any Python int).

    A seed is taken as the Java long it wraps to, as JavaRandom does.
    """
    longs = np.array([to_int64(seed) for seed in seeds], dtype=np.int64)
    return (longs.view(np.uint64) ^ _MULTIPLIER) & _MASK


def advanced(states: U64) -> U64:
    """Every state one step on."""
    return (states * _MULTIPLIER + _ADDEND) & _MASK


def next_int(states: U64, bounds: U64 | int) -> tuple[U64, U64]:
    """``nextInt(bound)`` of every generator: (values, new states).

    ``bounds`` is one bound for all, or one per generator, 1..MAX_BOUND
    (0 is drawn as 1: a caller that draws for some generators only keeps
    the old states of the others, whatever their bound).
    """
    if isinstance(bounds, int):
        power_of_two: Mask | bool = bounds & (bounds - 1) == 0
        limits: U64 | np.uint64 = np.uint64(_limit(bounds))
        moduli: U64 | np.uint64 = np.uint64(bounds)
    else:
        moduli = np.maximum(bounds, np.uint64(1))
        power_of_two = _POWER_OF_TWO[moduli]
        limits = _LIMITS[moduli]
    states = advanced(states)
    u = states >> _NEXT_31_SHIFT
    if power_of_two is True:
        return (moduli * u) >> _SHIFT_31, states
    values = u % moduli
    if power_of_two is not False:
        values = np.where(power_of_two, (moduli * u) >> _SHIFT_31, values)
    again = u >= limits
    while again.any():  # about once in 45 million draws of nextInt(100)
        states = np.where(again, advanced(states), states)
        u = states >> _NEXT_31_SHIFT
        values = np.where(again, u % moduli, values)
        again &= u >= limits
    return values, states
