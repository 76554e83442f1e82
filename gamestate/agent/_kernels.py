"""The network's two inner loops, in numpy and (when installed) numba.

``values`` sums each board's lookups; ``learn`` moves each board's value
toward its target (TD's update), board after board: each board's error
is measured after the updates of the boards before it, so that many games
updating one weight in one step correct it once, not once each. The numba versions do the same arithmetic in the
same order; :func:`kernels` picks numba when it imports (see
bench/agent.py for what it is worth). Set ``GAMESTATE_AGENT_KERNELS=numpy``
to force numpy.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, cast

import numpy as np
import numpy.typing as npt

F32 = npt.NDArray[np.float32]
I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]
Values = Callable[[F32, I64, I64, U64, F32], None]
Learn = Callable[[F32, I64, I64, U64, F32, float], None]
LearnIndexed = Callable[[F32, I64, F32, float], None]

_SHIFTS: Final = np.arange(0, 64, 4, dtype=np.uint64)


@dataclass(frozen=True)
class Kernels:
    """One implementation of the two loops, and its name."""

    name: str
    values: Values
    learn: Learn
    learn_indexed: LearnIndexed
    """``learn`` for boards given as their lookups' flat indices (boards
    of any size: :func:`flat_indices`)."""


def _flat_indices(weights: F32, features: I64, owner: I64, boards: U64) -> I64:
    """(boards, lookups): each lookup's index into ``weights.reshape(-1)``."""
    cells = ((boards[:, None] >> _SHIFTS) & np.uint64(15)).astype(np.int64)
    return flat_indices(cells, features, owner, weights)


def flat_indices(cells: I64, features: I64, owner: I64, weights: F32) -> I64:
    """(boards, lookups) indices into ``weights.reshape(-1)`` for boards
    given as (boards, cells) tile exponents 0..15."""
    powers = np.int64(16) ** np.arange(features.shape[1], dtype=np.int64)
    index = (cells[:, features] * powers).sum(axis=2)
    flat: I64 = index + owner * weights.shape[1]
    return flat


def _numpy_values(
    weights: F32, features: I64, owner: I64, boards: U64, out: F32
) -> None:
    flat = _flat_indices(weights, features, owner, boards)
    out[:] = weights.reshape(-1)[flat].sum(axis=1, dtype=np.float32)


def _numpy_learn(
    weights: F32, features: I64, owner: I64, boards: U64, targets: F32, alpha: float
) -> None:
    flat = _flat_indices(weights, features, owner, boards)
    _numpy_learn_indexed(weights.reshape(-1), flat, targets, alpha)


def _numpy_learn_indexed(table: F32, flat: I64, targets: F32, alpha: float) -> None:
    scale = np.float32(alpha / flat.shape[1])
    for i in range(len(flat)):  # in order: a board sees the updates before it
        value = table[flat[i]].sum(dtype=np.float32)
        np.add.at(table, flat[i], scale * (targets[i] - value))


def _loops(
    jit: Callable[[Callable[..., Any]], Any],
) -> tuple[Values, Learn, LearnIndexed]:
    """The two loops, board by board, each function passed through ``jit``
    (numba's njit, or ``lambda f: f`` for plain Python, which the tests run
    where coverage sees it). One helper computes a lookup's index for both."""

    @jit
    def lookup(board: Any, features: I64, f: int) -> int:
        """The index of lookup ``f`` of ``board`` in its tuple's table."""
        index = 0
        for k in range(features.shape[1]):
            nibble = (board >> np.uint64(4 * features[f, k])) & np.uint64(15)
            index += int(nibble) << (4 * k)
        return index

    @jit
    def values(weights: F32, features: I64, owner: I64, boards: U64, out: F32) -> None:
        for i in range(len(boards)):
            total = np.float32(0.0)
            for f in range(features.shape[0]):
                total += weights[owner[f], lookup(boards[i], features, f)]
            out[i] = total

    @jit
    def learn(
        weights: F32, features: I64, owner: I64, boards: U64, targets: F32, alpha: float
    ) -> None:
        scale = np.float32(alpha / features.shape[0])
        index = np.empty(features.shape[0], dtype=np.int64)
        for i in range(len(boards)):
            value = np.float32(0.0)
            for f in range(features.shape[0]):
                index[f] = lookup(boards[i], features, f)
                value += weights[owner[f], index[f]]
            step = scale * (targets[i] - value)
            for f in range(features.shape[0]):
                weights[owner[f], index[f]] += step

    @jit
    def learn_indexed(table: F32, flat: I64, targets: F32, alpha: float) -> None:
        scale = np.float32(alpha / flat.shape[1])
        for i in range(flat.shape[0]):
            value = np.float32(0.0)
            for f in range(flat.shape[1]):
                value += table[flat[i, f]]
            step = scale * (targets[i] - value)
            for f in range(flat.shape[1]):
                table[flat[i, f]] += step

    return (
        cast(Values, values),
        cast(Learn, learn),
        cast(LearnIndexed, learn_indexed),
    )


NUMPY: Final = Kernels("numpy", _numpy_values, _numpy_learn, _numpy_learn_indexed)


def _numba() -> Kernels | None:
    try:
        import numba
    except ImportError:
        return None
    return Kernels("numba", *_loops(numba.njit(cache=True, nogil=True)))


_chosen: list[Kernels] = []


def select(name: str) -> Kernels:
    """Use the kernels called ``name`` ("numpy" or "numba") from now on
    (bench/agent.py times both in one process); ValueError if absent."""
    chosen = NUMPY if name == "numpy" else _numba() if name == "numba" else None
    if chosen is None:
        raise ValueError(f"no {name!r} kernels here (numpy, or numba when installed)")
    _chosen[:] = [chosen]
    return chosen


def kernels() -> Kernels:
    """numba's kernels when numba imports (and the environment does not
    ask for numpy), else numpy's; chosen once per process."""
    if not _chosen:
        numba = None
        if os.environ.get("GAMESTATE_AGENT_KERNELS", "") != "numpy":
            numba = _numba()
        _chosen.append(numba or NUMPY)
    return _chosen[0]
