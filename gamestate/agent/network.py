"""NTupleNetwork: the value of a 4x4 board as a sum of n-tuple weights.

An n-tuple network (Szubert & Jaśkowski 2014) values a board by looking
up, for each tuple of cells and each of the board's 8 symmetries, one
weight indexed by the tuple's tile exponents; the value is the sum of
those lookups. With the four 6-tuples below (two straight, two 2x3
rectangles; Yeh et al. 2016's shapes) that is 32 lookups a board, in
four tables of 16**6 weights.

Boards are packed as in :mod:`gamestate._bitboard` (cell ``(r, c)`` in
the four bits at ``4 * (4 * r + c)``), one uint64 per board. The sums
and updates are in :mod:`gamestate.agent._kernels` (numba when
installed, else numpy). This module never prints; :meth:`save` and
:meth:`load` are its only file access.
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from . import _kernels

F32 = npt.NDArray[np.float32]
U64 = npt.NDArray[np.uint64]

TUPLES: Final = (
    (0, 1, 2, 3, 4, 5),
    (4, 5, 6, 7, 8, 9),
    (0, 1, 2, 4, 5, 6),
    (4, 5, 6, 8, 9, 10),
)
"""The default shapes, as cell indices ``4 * row + column``."""
SMALL_TUPLES: Final = (
    (0, 1, 2, 3),
    (4, 5, 6, 7),
    (0, 1, 4, 5),
    (1, 2, 5, 6),
)
"""Rows and squares: 4 x 65536 weights, quick to train, weaker."""
SHAPES: Final = {"4x6": TUPLES, "4x4": SMALL_TUPLES}
"""The networks ``python -m gamestate.agent train --tuples`` offers."""
SHIPPED: Final = Path(__file__).with_name("networks") / "java-4x6.npz"
"""The network trained here under the Java rules, shipped in the package
(how it was trained: docs/research/agent.md)."""
EXPONENTS: Final = 16
"""A cell holds an exponent 0..15: each tuple position takes 16 values."""


def _symmetries() -> list[list[int]]:
    """The 8 symmetries of the 4x4 square, each a cell -> cell map."""

    def rotated(r: int, c: int) -> tuple[int, int]:
        return c, 3 - r

    maps: list[list[int]] = []
    for mirrored in (False, True):
        for turns in range(4):
            cells = []
            for cell in range(16):
                r, c = divmod(cell, 4)
                if mirrored:
                    c = 3 - c
                for _turn in range(turns):
                    r, c = rotated(r, c)
                cells.append(4 * r + c)
            maps.append(cells)
    return maps


SYMMETRIES: Final = _symmetries()


class NTupleNetwork:
    """Weights of n-tuples over a 4x4 board, with the 8 symmetries shared.

    ``weights`` is float32, shape ``(len(tuples), 16 ** n)``; ``features``
    is int64 ``(len(tuples) * 8, n)``: the cells each of the board's
    lookups reads, and ``owner`` which table each lookup reads.
    """

    def __init__(
        self,
        tuples: Sequence[Sequence[int]] = TUPLES,
        weights: F32 | None = None,
        *,
        initial: float = 0.0,
    ) -> None:
        """A network of ``tuples`` (all of one length n, cells 0..15), with
        ``weights``, or else every board valued ``initial`` (optimistic
        initialisation, Guei et al. 2021's OTD, when large: boards never
        seen look good, so the greedy learner goes and tries them).
        Raises ValueError for a bad shape."""
        self.tuples = tuple(tuple(int(cell) for cell in shape) for shape in tuples)
        length = {len(shape) for shape in self.tuples}
        if len(length) != 1 or not self.tuples:
            raise ValueError(f"tuples must be one length, got {self.tuples!r}")
        cells = [cell for shape in self.tuples for cell in shape]
        if min(cells) < 0 or max(cells) > 15:
            raise ValueError(f"tuple cells must be 0..15, got {self.tuples!r}")
        size = EXPONENTS ** length.pop()
        if weights is None:
            lookups = 8 * len(self.tuples)
            weights = np.full(
                (len(self.tuples), size), initial / lookups, dtype=np.float32
            )
        if weights.shape != (len(self.tuples), size):
            raise ValueError(
                f"weights must have shape {(len(self.tuples), size)},"
                f" got {weights.shape}"
            )
        self.weights: F32 = np.ascontiguousarray(weights, dtype=np.float32)
        self.initial = float(initial)
        self.features = np.array(
            [
                [sym[cell] for cell in shape]
                for shape in self.tuples
                for sym in SYMMETRIES
            ],
            dtype=np.int64,
        )
        self.owner = np.repeat(np.arange(len(self.tuples), dtype=np.int64), 8)

    @property
    def lookups(self) -> int:
        """How many weights make one board's value."""
        return len(self.features)

    # ---------------------------------------------------------- values
    def values(self, boards: U64) -> F32:
        """The value of every packed board (float32, one per board)."""
        out = np.empty(len(boards), dtype=np.float32)
        _kernels.kernels().values(self.weights, self.features, self.owner, boards, out)
        return out

    def value(self, board: int) -> float:
        """The value of one packed board (an afterstate, as trained)."""
        return float(self.values(np.array([board], dtype=np.uint64))[0])

    def learn(self, boards: U64, targets: F32, alpha: float) -> None:
        """Move each board's value toward its target by ``alpha`` of the
        error, board after board in order: every one of its lookups
        gets ``alpha * (target - value) / lookups``."""
        _kernels.kernels().learn(
            self.weights,
            self.features,
            self.owner,
            np.asarray(boards, dtype=np.uint64),
            np.asarray(targets, dtype=np.float32),
            float(alpha),
        )

    # ----------------------------------------------------------- files
    def save(self, path: str | os.PathLike[str], *, half: bool = False) -> None:
        """Write the network to ``path`` (a compressed .npz), atomically.

        Only the weights training changed are stored (their flat indices
        as gaps from the one before, and their values): most of a 6-tuple
        table is never visited. ``half`` stores those values as float16
        (values move by about one part in a thousand), unless one is
        beyond float16's range.
        """
        target = Path(path)
        temporary = target.with_name(target.name + ".part")
        flat = self.weights.reshape(-1)
        changed = np.flatnonzero(flat != self._start_weight())
        values = flat[changed]
        if half and np.abs(values).max(initial=0.0) <= np.finfo(np.float16).max:
            values = values.astype(np.float16)
        gaps = np.diff(changed, prepend=0).astype(np.uint32)
        with temporary.open("wb") as handle:
            np.savez_compressed(
                handle,
                tuples=np.array(self.tuples, dtype=np.int64),
                initial=np.float64(self.initial),
                gaps=gaps,
                values=values,
            )
        os.replace(temporary, target)

    def _start_weight(self) -> np.float32:
        """Every weight's value before training."""
        return np.float32(self.initial / self.lookups)

    @classmethod
    def shipped(cls) -> NTupleNetwork:
        """The network shipped in the package (:data:`SHIPPED`)."""
        return cls.load(SHIPPED)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> NTupleNetwork:
        """A network written by :meth:`save` (or, before it stored only
        the changed weights, a dense ``weights`` array); ValueError naming
        the file when it is not one."""
        try:
            with np.load(path) as saved:
                tuples = saved["tuples"].tolist()
                if "weights" in saved.files:
                    return cls(tuples, saved["weights"].astype(np.float32))
                network = cls(tuples, initial=float(saved["initial"]))
                changed = np.cumsum(saved["gaps"], dtype=np.int64)
                network.weights.reshape(-1)[changed] = saved["values"]
        except (
            OSError,
            KeyError,
            ValueError,
            IndexError,
            zipfile.BadZipFile,
        ) as error:
            raise ValueError(f"{path}: not an n-tuple network file ({error})") from None
        return network
