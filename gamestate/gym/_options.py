"""What the single and the vector environment share: spaces, options, rewards.

Both environments take the same keyword options (checked here, once) and
build the same spaces; :func:`rewards` turns merge gains into rewards
for both. This module never prints.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .. import config as Config
from .._bitboard import transpose
from ..batch import tables
from ..direction import Direction

ACTIONS: Final = tuple(direction.name for direction in Direction)
"""Action i is Direction value i: 0 DOWN, 1 LEFT, 2 UP, 3 RIGHT."""
MAX_EXPONENT: Final = 15
"""Observations hold exponents 0..15 (tiles up to 32768; see tile_overflow)."""
RENDER_MODES: Final = ["ansi", "rgb_array"]
JAVA_SEEDS: Final = 1 << 63
"""reset() without a seed starts the game ``np_random.integers(JAVA_SEEDS)``."""


def checked_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` if it is None or one of RENDER_MODES, else ValueError."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(
            f"render_mode must be one of {RENDER_MODES}, got {render_mode!r}"
        )
    return render_mode


Observation = Literal["exponents", "onehot"]
Reward = Literal["score", "log2"]


@dataclass(frozen=True)
class Options:
    """The environments' options; see the README's Gymnasium section."""

    observation: Observation = "exponents"
    reward: Reward = "score"
    illegal_penalty: float = 0.0
    end_on_illegal: bool = False
    step_limit: int | None = None
    two_prob: int | None = None

    def __post_init__(self) -> None:
        if self.observation not in ("exponents", "onehot"):
            raise ValueError(
                f"observation must be 'exponents' or 'onehot', got {self.observation!r}"
            )
        if self.reward not in ("score", "log2"):
            raise ValueError(f"reward must be 'score' or 'log2', got {self.reward!r}")
        if self.step_limit is not None and self.step_limit < 1:
            raise ValueError(f"step_limit must be at least 1, got {self.step_limit!r}")
        if self.two_prob is not None and not 0 <= self.two_prob <= 100:
            raise ValueError(f"two_prob must be 0 to 100, got {self.two_prob!r}")

    @property
    def chance_of_two(self) -> int:
        """two_prob, or Config.TWO_PROB read now."""
        return Config.TWO_PROB if self.two_prob is None else self.two_prob

    def observation_space(self) -> spaces.Box:
        if self.observation == "onehot":
            return spaces.Box(0, 1, shape=(MAX_EXPONENT + 1, 4, 4), dtype=np.uint8)
        return spaces.Box(0, MAX_EXPONENT, shape=(4, 4), dtype=np.uint8)

    def observe(self, exponents: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
        """Observations from exponents shaped (..., 4, 4)."""
        if self.observation == "exponents":
            return exponents
        channels = np.arange(MAX_EXPONENT + 1, dtype=np.uint8)[:, None, None]
        onehot: npt.NDArray[np.uint8] = exponents[..., None, :, :] == channels
        return onehot.astype(np.uint8)

    def reward_of(self, gain: int, *, illegal: bool) -> float:
        """The reward of one move: its merge gain, or log2(1 + gain) with
        reward="log2"; illegal_penalty for a move that changed nothing."""
        if illegal:
            return self.illegal_penalty
        return float(gain) if self.reward == "score" else math.log2(1 + gain)

    def rewards(
        self, gains: npt.NDArray[np.int64], illegal: npt.NDArray[np.bool_]
    ) -> npt.NDArray[np.float64]:
        """:meth:`reward_of` for many moves at once."""
        values = gains.astype(np.float64)
        if self.reward == "log2":
            values = np.log2(1.0 + values)
        return np.where(illegal, self.illegal_penalty, values)


_EXPONENT: Final = {0: 0, **{1 << e: e for e in range(1, MAX_EXPONENT + 1)}}


class BoardReader:
    """Reads a 4x4 board of tile values into exponents and its legal actions.

    The legal actions are looked up in the batch engine's tables: each
    row, and each row of the transposed board (a column read top to
    bottom), as a 16-bit key whose nibble j is cell j's exponent.
    """

    def __init__(self) -> None:
        t = tables()
        self._legal_rows = t.legal_rows.data
        self._legal_columns = t.legal_columns.data
        self._cells = (
            (
                np.arange(1 << 16, dtype="<u2")[:, None]
                >> np.arange(0, 16, 4, dtype="<u2")
                & 0xF
            )
            .astype(np.uint8)
            .tobytes()
        )
        """Row key k -> its four exponents at bytes 4k..4k+3."""
        self._learned: dict[tuple[int, ...], tuple[int, bytes]] = {}
        """Row of tile values -> (row key, its exponent bytes), as met (at
        most 16**4 rows)."""

    def _learn(self, row: list[int]) -> tuple[int, bytes]:
        a, b, c, d = (_EXPONENT[value] for value in row)
        key = a | b << 4 | c << 8 | d << 12
        found = self._learned[tuple(row)] = (key, self._cells[4 * key : 4 * key + 4])
        return found

    def read(self, board: list[list[int]]) -> tuple[bytes, int]:
        """(16 exponents row-major, legal action bits 1 << action).

        Raises KeyError for a tile that is not 0 or 2..32768.
        """
        learned = self._learned
        (k0, c0), (k1, c1), (k2, c2), (k3, c3) = [
            learned.get(tuple(row)) or self._learn(row) for row in board
        ]
        packed = k0 | k1 << 16 | k2 << 32 | k3 << 48
        cells = c0 + c1 + c2 + c3
        columns = transpose(packed)
        rows, across = self._legal_rows, self._legal_columns
        bits = (
            rows[packed & 0xFFFF]
            | rows[(packed >> 16) & 0xFFFF]
            | rows[(packed >> 32) & 0xFFFF]
            | rows[packed >> 48]
            | across[columns & 0xFFFF]
            | across[(columns >> 16) & 0xFFFF]
            | across[(columns >> 32) & 0xFFFF]
            | across[columns >> 48]
        )
        return cells, bits


def _readonly(array: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
    array.flags.writeable = False
    return array


ACTION_MASKS: Final = tuple(
    _readonly(np.array([(bits >> a) & 1 for a in range(4)], dtype=np.int8))
    for bits in range(16)
)
"""Action bits -> the action mask (read-only), int8 as Discrete.sample takes."""
