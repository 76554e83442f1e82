"""NTupleNetwork: the value of a 2048 board as a sum of n-tuple weights.

An n-tuple network (Szubert & Jaśkowski 2014) values a board by looking
up, for each tuple of cells and each of the board's symmetries (8 for a
square board, 4 for another), one weight indexed by the tuple's tile
exponents; the value is the sum of those lookups. On 4x4 with the four
6-tuples below (two straight, two 2x3 rectangles; Yeh et al. 2016's
shapes) that is 32 lookups a board, in four tables of 16**6 weights.
:func:`tuples_for` places the shapes on other boards.

A 4x4 board is packed as in :mod:`gamestate._bitboard` (cell ``(r, c)``
in the four bits at ``4 * (4 * r + c)``), one uint64 per board; a board
of another size is an int8 array of exponents (rows, columns), as
:class:`gamestate.batch.GridBatch` keeps it. The sums and updates are in
:mod:`gamestate.agent._kernels` (numba when installed, else numpy). This
module never prints; :meth:`save` and :meth:`load` are its only file
access.
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Final, TypeGuard

import numpy as np
import numpy.typing as npt

from . import _kernels

F32 = npt.NDArray[np.float32]
U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]
Boards = U64 | npt.NDArray[np.int8]
"""Packed 4x4 boards (N,), or exponent boards (N, rows, columns)."""


def _packed(boards: Boards) -> TypeGuard[U64]:
    return boards.dtype == np.uint64


Cell = tuple[int, int]
Shape = tuple[Cell, ...]
"""A tuple's cells as (row, column) pairs, placed at the top left."""


def _line(row: int, length: int) -> Shape:
    return tuple((row, c) for c in range(length))


FAMILIES: Final[dict[str, tuple[Shape, ...]]] = {
    # Yeh et al. 2016's four 6-tuples: two straight (a row of four and two
    # cells under its start), two 2x3 rectangles.
    "4x6": (
        _line(0, 4) + _line(1, 2),
        _line(1, 4) + _line(2, 2),
        _line(0, 3) + _line(1, 3),
        _line(1, 3) + _line(2, 3),
    ),
    # Szubert & Jaśkowski 2014's rows and squares.
    "4x4": (
        _line(0, 4),
        _line(1, 4),
        _line(0, 2) + _line(1, 2),
        ((0, 1), (0, 2), (1, 1), (1, 2)),
    ),
    # For boards too small for a row of four: the squares and an L of four.
    "small": (
        _line(0, 2) + _line(1, 2),
        ((0, 1), (0, 2), (1, 1), (1, 2)),
        _line(0, 3) + ((1, 0),),
    ),
}
"""The networks ``python -m gamestate.agent train --tuples`` offers, as
shapes; :func:`tuples_for` places them on a board."""


def _fitted(shape: Shape, rows: int, cols: int) -> Shape | None:
    """``shape`` as it fits a rows x cols board: as it is, else turned
    on its side (rows and columns swapped), else None."""
    for placed in (shape, tuple((c, r) for r, c in shape)):
        if all(r < rows and c < cols for r, c in placed):
            return placed
    return None


def tuples_for(
    rows: int, cols: int, family: str | None = None
) -> tuple[tuple[int, ...], ...]:
    """The tuples (cell indices ``cols * row + column``) of ``family`` that
    fit a rows x cols board, each turned on its side where only that fits,
    leaving out one that is a symmetry of another. Without a family: the
    first of "4x6" and "4x4" whose shapes all fit, else what fits of
    "small". ValueError when none fits."""
    names = [family] if family is not None else list(FAMILIES)
    symmetries = symmetries_of(rows, cols)
    for name in names:
        shapes = [_fitted(shape, rows, cols) for shape in FAMILIES[name]]
        if family is None and None in shapes and name != names[-1]:
            continue  # by default, a family that fits whole
        chosen: list[tuple[int, ...]] = []
        seen: set[frozenset[int]] = set()
        for shape in shapes:
            if shape is None:
                continue
            cells = tuple(cols * r + c for r, c in shape)
            images = {frozenset(sym[cell] for cell in cells) for sym in symmetries}
            if not images & seen:
                chosen.append(cells)
                seen |= images
        if chosen:
            return tuple(chosen)
    raise ValueError(f"no tuple of {family} fits a {rows}x{cols} board")


def symmetries_of(rows: int, cols: int) -> list[list[int]]:
    """The board's symmetries, each a cell -> cell map (cells ``cols * r +
    c``): the 8 of a square (each of 4 turns, plain and mirrored), or for
    any other board the 4 that keep its shape (the half turn and mirrors)."""
    turns = range(4) if rows == cols else (0, 2)
    maps: list[list[int]] = []
    for mirrored in (False, True):
        for turn in turns:
            cells = []
            for cell in range(rows * cols):
                r, c = divmod(cell, cols)
                if mirrored:
                    c = cols - 1 - c
                if turn >= 2:  # the half turn
                    r, c = rows - 1 - r, cols - 1 - c
                if turn % 2:  # a quarter turn (a square's)
                    r, c = c, rows - 1 - r
                cells.append(cols * r + c)
            maps.append(cells)
    return maps


TUPLES: Final = tuples_for(4, 4, "4x6")
"""The default 4x4 network's tuples, as cell indices ``4 * row + column``."""
SMALL_TUPLES: Final = tuples_for(4, 4, "4x4")
"""Rows and squares: 4 x 65536 weights, quick to train, weaker."""
SHIPPED: Final = Path(__file__).with_name("networks") / "java-4x6.npz"
"""The network trained here under the Java rules, shipped in the package
(how it was trained: docs/research/agent.md)."""
JAVA_TWO_PROB: Final = 70
"""The Java rules' percent chance of a 2: what a network file from before
files kept their ``two_prob`` was trained under."""
EXPONENTS: Final = 16
"""A cell holds an exponent 0..15: each tuple position takes 16 values."""
SYMMETRIES: Final = symmetries_of(4, 4)


class SizeMismatchError(ValueError):
    """A saved network or run is for another board size than asked."""


class NTupleNetwork:
    """Weights of n-tuples over a board of ``size`` (rows, columns), one
    table per tuple shared by the board's symmetries.

    ``weights`` is float32, shape ``(len(tuples), 16 ** n)``; ``features``
    is int64 ``(len(tuples) * symmetries, n)``: the cells each of the
    board's lookups reads, and ``owner`` which table each lookup reads.
    """

    def __init__(
        self,
        tuples: Sequence[Sequence[int]] = TUPLES,
        weights: F32 | None = None,
        *,
        initial: float = 0.0,
        size: tuple[int, int] = (4, 4),
        two_prob: int = JAVA_TWO_PROB,
    ) -> None:
        """A network for boards of ``size`` (rows, columns) of ``tuples``
        (all of one length n, cells ``columns * row + column``), with
        ``weights``, or else every board valued ``initial`` (optimistic
        initialisation, Guei et al. 2021's OTD, when large: boards never
        seen look good, so the greedy learner goes and tries them).
        ``two_prob`` is the percent chance of a 2 it was trained under
        (saved with it; :func:`evaluate` plays by it unless told
        otherwise). Raises ValueError for a bad shape."""
        self.size = (int(size[0]), int(size[1]))
        self.two_prob = int(two_prob)
        self.tuples = tuple(tuple(int(cell) for cell in shape) for shape in tuples)
        length = {len(shape) for shape in self.tuples}
        if len(length) != 1 or not self.tuples:
            raise ValueError(f"tuples must be one length, got {self.tuples!r}")
        cells = [cell for shape in self.tuples for cell in shape]
        last = self.size[0] * self.size[1] - 1
        if min(cells) < 0 or max(cells) > last:
            raise ValueError(f"tuple cells must be 0..{last}, got {self.tuples!r}")
        symmetries = symmetries_of(*self.size)
        table = EXPONENTS ** length.pop()
        if weights is None:
            lookups = len(symmetries) * len(self.tuples)
            weights = np.full(
                (len(self.tuples), table), initial / lookups, dtype=np.float32
            )
        if weights.shape != (len(self.tuples), table):
            raise ValueError(
                f"weights must have shape {(len(self.tuples), table)},"
                f" got {weights.shape}"
            )
        self.weights: F32 = np.ascontiguousarray(weights, dtype=np.float32)
        self.initial = float(initial)
        self.features = np.array(
            [
                [sym[cell] for cell in shape]
                for shape in self.tuples
                for sym in symmetries
            ],
            dtype=np.int64,
        )
        self.owner = np.repeat(
            np.arange(len(self.tuples), dtype=np.int64), len(symmetries)
        )

    @property
    def lookups(self) -> int:
        """How many weights make one board's value."""
        return len(self.features)

    # ---------------------------------------------------------- values
    def values(self, boards: Boards) -> F32:
        """The value of every board (float32, one per board): packed 4x4
        boards (uint64), or tile exponents shaped (N, rows, columns)."""
        if _packed(boards):
            out = np.empty(len(boards), dtype=np.float32)
            _kernels.kernels().values(
                self.weights, self.features, self.owner, boards, out
            )
            return out
        flat = self._flat_indices(boards)
        values: F32 = self.weights.reshape(-1)[flat].sum(axis=1, dtype=np.float32)
        return values

    def value(self, board: int) -> float:
        """The value of one packed board (an afterstate, as trained)."""
        return float(self.values(np.array([board], dtype=np.uint64))[0])

    def learn(self, boards: Boards, targets: F32, alpha: float) -> None:
        """Move each board's value toward its target by ``alpha`` of the
        error, board after board in order: every one of its lookups
        gets ``alpha * (target - value) / lookups``."""
        targets = np.asarray(targets, dtype=np.float32)
        if _packed(boards):
            _kernels.kernels().learn(
                self.weights, self.features, self.owner, boards, targets, float(alpha)
            )
        else:
            _kernels.kernels().learn_indexed(
                self.weights.reshape(-1),
                self._flat_indices(boards),
                targets,
                float(alpha),
            )

    def _flat_indices(self, boards: Boards) -> I64:
        """(boards, lookups): each lookup's index into the flat weights, for
        boards of exponents (N, rows, columns)."""
        rows, cols = self.size
        if boards.shape[1:] != (rows, cols):
            raise ValueError(
                f"a network for {rows}x{cols} boards cannot value boards"
                f" shaped {boards.shape[1:]}"
            )
        cells = boards.reshape(len(boards), -1).astype(np.int64)
        return _kernels.flat_indices(cells, self.features, self.owner, self.weights)

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
                size=np.array(self.size, dtype=np.int64),
                two_prob=np.int64(self.two_prob),
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
    def load(
        cls, path: str | os.PathLike[str], *, size: tuple[int, int] | None = None
    ) -> NTupleNetwork:
        """A network written by :meth:`save` (or, before it stored only
        the changed weights, a dense ``weights`` array; before it stored
        its board size, a 4x4 one; before it stored its ``two_prob``, one
        trained under the Java rules' 70); ValueError naming the file when
        it is not one, or when ``size`` is given and is not the
        network's."""
        try:
            with np.load(path) as saved:
                tuples = saved["tuples"].tolist()
                found = (4, 4)
                if "size" in saved.files:
                    found = (int(saved["size"][0]), int(saved["size"][1]))
                if size is not None and tuple(size) != found:
                    raise SizeMismatchError(
                        f"{path}: a network for {found[0]}x{found[1]} boards,"
                        f" not {size[0]}x{size[1]}"
                    )
                two_prob = JAVA_TWO_PROB
                if "two_prob" in saved.files:
                    two_prob = int(saved["two_prob"])
                if "weights" in saved.files:
                    weights = saved["weights"].astype(np.float32)
                    return cls(tuples, weights, two_prob=two_prob)
                network = cls(
                    tuples,
                    initial=float(saved["initial"]),
                    size=found,
                    two_prob=two_prob,
                )
                changed = np.cumsum(saved["gaps"], dtype=np.int64)
                network.weights.reshape(-1)[changed] = saved["values"]
        except SizeMismatchError:
            raise
        except (
            OSError,
            KeyError,
            ValueError,
            IndexError,
            zipfile.BadZipFile,
        ) as error:
            raise ValueError(f"{path}: not an n-tuple network file ({error})") from None
        return network
