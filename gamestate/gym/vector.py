"""TwentyFortyEightVectorEnv: N games of 2048 as one Gymnasium vector env.

Backed by :class:`gamestate.batch.Batch`, so sub-environment i plays
exactly what ``TwentyFortyEightEnv`` plays with the same seed and
actions (tests compare it with Gymnasium's SyncVectorEnv of single
environments, step for step). Options, spaces and rewards are the single
environment's (:mod:`gamestate.gym._options`).

Autoreset is Gymnasium's default, next-step (``AutoresetMode.NEXT_STEP``):
the step that ends a sub-environment's episode returns its last
observation with ``terminated`` or ``truncated``; on the next ``step`` its
action is ignored and it starts a new game instead, returning the new
game's first observation, reward 0 and neither flag. ``reset(seed=s)``
seeds sub-environment i with ``s + i`` (a list gives one seed each); a
new game after an autoreset draws its seed from that sub-environment's
own generator, as a single environment's ``reset()`` does. This module
never prints and never touches files.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..batch import Batch
from ._options import (
    ACTION_MASK_ROWS,
    JAVA_SEEDS,
    RENDER_MODES,
    Observation,
    Options,
    Reward,
    checked_render_mode,
)
from .render import board_image

Observations = npt.NDArray[np.uint8]
Actions = npt.NDArray[np.int64]


class TwentyFortyEightVectorEnv(VectorEnv[Observations, Actions, npt.NDArray[Any]]):
    """``num_envs`` games of :class:`TwentyFortyEightEnv`, stepped as one.

    Takes the single environment's keyword options. Info holds, per
    sub-environment, ``score``, ``highest_tile``, ``action_mask`` (N, 4),
    ``moved`` and ``tile_overflow``, each with its ``_key`` mask (all True),
    as Gymnasium's vector environments give them.
    """

    # Gymnasium reads metadata from the class, declared there as a plain dict.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": RENDER_MODES,
        "render_fps": 4,
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }

    def __init__(
        self,
        num_envs: int = 1,
        render_mode: str | None = None,
        *,
        observation: Observation = "exponents",
        reward: Reward = "score",
        illegal_penalty: float = 0.0,
        end_on_illegal: bool = False,
        step_limit: int | None = None,
        two_prob: int | None = None,
    ) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, got {num_envs!r}")
        self.options = Options(
            observation, reward, illegal_penalty, end_on_illegal, step_limit, two_prob
        )
        self.num_envs = num_envs
        self.render_mode = checked_render_mode(render_mode)
        self.single_action_space = spaces.Discrete(4)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.single_observation_space = self.options.observation_space()
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.batch = Batch(range(num_envs), two_prob=self.options.chance_of_two)
        """The games (placeholders until the first reset)."""
        self._generators: list[np.random.Generator] = []
        self._steps = np.zeros(num_envs, dtype=np.int64)
        self._autoreset = np.zeros(num_envs, dtype=np.bool_)

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Observations, dict[str, Any]]:
        """New games in every sub-environment (see the module docstring)."""
        seeds = self._sub_seeds(seed)
        if isinstance(seed, int):
            super().reset(seed=seed)
        self._generators = [
            self._generators[i] if s is None and self._generators else _generator(s)
            for i, s in enumerate(seeds)
        ]
        java_seeds = [
            s if s is not None else _drawn_seed(self._generators[i])
            for i, s in enumerate(seeds)
        ]
        self.batch.reset(np.arange(self.num_envs), java_seeds)
        self._steps[:] = 0
        self._autoreset[:] = False
        nothing = np.zeros(self.num_envs, dtype=np.bool_)
        return self._observations(), self._info(nothing, nothing)

    def step(
        self, actions: Actions
    ) -> tuple[
        Observations,
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        restart = self._autoreset
        if restart.any():
            again = np.flatnonzero(restart)
            seeds = [_drawn_seed(self._generators[i]) for i in again]
            self.batch.reset(again, seeds)
            self._steps[again] = 0
            result = self.batch.step(actions, playing=~restart)
        else:
            result = self.batch.step(actions)
        playing = ~restart
        illegal = ~result.moved & ~result.overflow & playing
        # A restarted game neither moved nor was illegal: its reward is 0.
        rewards = self.options.rewards(result.gains, illegal)
        self._steps += playing
        terminated = (result.over | (illegal & self.options.end_on_illegal)) & playing
        truncated = result.overflow.copy()
        if self.options.step_limit is not None:
            truncated |= playing & (self._steps >= self.options.step_limit)
        self._autoreset = terminated | truncated
        info = self._info(result.moved, result.overflow)
        return self._observations(), rewards, terminated, truncated, info

    def render(self) -> tuple[Any, ...] | None:
        if self.render_mode == "ansi":
            return tuple(self.batch.game(i).toString() for i in range(self.num_envs))
        if self.render_mode == "rgb_array":
            return tuple(board_image(board) for board in self.batch.exponents())
        return None

    # ------------------------------------------------------------ helpers
    def _sub_seeds(self, seed: int | Sequence[int | None] | None) -> list[int | None]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, int):
            return [seed + i for i in range(self.num_envs)]
        if len(seed) != self.num_envs:
            raise ValueError(f"{len(seed)} seeds for {self.num_envs} environments")
        return list(seed)

    def _observations(self) -> Observations:
        return self.options.observe(self.batch.exponents())

    def _info(
        self, moved: npt.NDArray[np.bool_], overflow: npt.NDArray[np.bool_]
    ) -> dict[str, Any]:
        batch = self.batch
        # Every game holds a tile; scores are copied, as a caller may change them.
        highest = batch.highest_exponents().astype(np.int64)
        values = {
            "score": batch.scores.copy(),
            "highest_tile": np.int64(1) << highest,
            "action_mask": ACTION_MASK_ROWS.take(batch.legal, axis=0),
            "moved": moved,
            "tile_overflow": overflow,
        }
        every = np.ones(self.num_envs, dtype=np.bool_)
        info: dict[str, Any] = {}
        for key, value in values.items():
            info[key] = value
            info[f"_{key}"] = every
        return info


def _generator(seed: int | None) -> np.random.Generator:
    generator, _seed = seeding.np_random(seed)
    return generator


def _drawn_seed(generator: np.random.Generator) -> int:
    """A new game's seed, drawn as the single environment's reset() draws it."""
    return int(generator.integers(JAVA_SEEDS))
