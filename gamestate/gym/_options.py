"""What the single and the vector environment share: spaces, options, rewards.

Both environments take the same keyword options (checked here, once) and
build the same spaces; :func:`rewards` turns merge gains into rewards
for both. This module never prints.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, Literal, cast

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .. import config as Config
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

_CHANNELS: Final = np.arange(MAX_EXPONENT + 1, dtype=np.uint8)[:, None, None]
"""Channel e of a one-hot observation marks the cells whose exponent is e."""
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

    def observation_space(self) -> spaces.Space[npt.NDArray[np.uint8]]:
        if self.observation == "onehot":
            box = spaces.Box(0, 1, shape=(MAX_EXPONENT + 1, 4, 4), dtype=np.uint8)
        else:
            box = spaces.Box(0, MAX_EXPONENT, shape=(4, 4), dtype=np.uint8)
        # Box's element type is wider in gymnasium's annotations; ours is uint8.
        return cast(spaces.Space[npt.NDArray[np.uint8]], box)

    def observe(self, exponents: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
        """Observations from exponents shaped (..., 4, 4)."""
        if self.observation == "exponents":
            return exponents
        onehot: npt.NDArray[np.uint8] = exponents[..., None, :, :] == _CHANNELS
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


ACTION_MASK_ROWS: Final = np.array(
    [[(bits >> action) & 1 for action in range(4)] for bits in range(16)], np.int8
)
"""Action bits -> the action mask (row ``bits``), int8 as Discrete.sample takes."""
