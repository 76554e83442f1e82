"""TwentyFortyEightEnv: one Java-exact game of 2048 as a Gymnasium environment.

The game is ``GameState(4, 4, seed=N)`` with its two tiles, played by
:class:`gamestate.batch.single.PackedGame` (the batch engine's step for
one game, in plain Python: a GameState step plus reading its board back
costs twice as much), so every board, score and random draw is the
reference's; tests compare it with GameState move by move. What this
module adds is Gymnasium's interface (spaces, rewards, episode ends,
info, rendering); the options are in :mod:`gamestate.gym._options`.
It never prints and never touches files.
"""

from __future__ import annotations

from typing import Any, Final

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..batch.single import PackedGame
from ..direction import Direction
from ..game_state import GameState
from ._options import (
    ACTION_MASK_ROWS,
    JAVA_SEEDS,
    MAX_EXPONENT,
    RENDER_MODES,
    Observation,
    Options,
    Reward,
    checked_render_mode,
)
from .render import board_image

_DIRECTIONS: Final = tuple(Direction)
_LARGEST: Final = 1 << MAX_EXPONENT


class TwentyFortyEightEnv(gym.Env[npt.NDArray[np.uint8], np.int64]):
    """2048 on a 4x4 board, tile for tile the Java reference's game.

    Actions (Discrete(4)) are Direction values: 0 DOWN, 1 LEFT, 2 UP,
    3 RIGHT. Observations are the 4x4 tile exponents (0 = empty, e = tile
    2**e), or with ``observation="onehot"`` a (16, 4, 4) one-hot stack.
    The reward is the move's merge gain (the score's rise), or with
    ``reward="log2"`` log2(1 + gain). A move that changes nothing changes
    nothing (no tile, no draw, as in GameState); its reward is
    ``illegal_penalty`` (0 by default) and with ``end_on_illegal`` it ends
    the episode (terminated). ``terminated`` at game over; ``truncated``
    after ``step_limit`` steps, or when a move would make a tile above
    32768 (the observation cannot hold it: the move is refused, the game
    stays as it was, and info's ``tile_overflow`` is True).
    """

    # Gymnasium reads metadata from the class, declared there as a plain dict.
    metadata: dict[str, Any] = {"render_modes": RENDER_MODES, "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        render_mode: str | None = None,
        *,
        observation: Observation = "exponents",
        reward: Reward = "score",
        illegal_penalty: float = 0.0,
        end_on_illegal: bool = False,
        step_limit: int | None = None,
        two_prob: int | None = None,
    ) -> None:
        self.options = Options(
            observation, reward, illegal_penalty, end_on_illegal, step_limit, two_prob
        )
        self.render_mode = checked_render_mode(render_mode)
        self.action_space = spaces.Discrete(4)
        self.observation_space = self.options.observation_space()
        self._game = PackedGame(0, self.options.chance_of_two)
        self._steps = 0
        self._legal = self._game.legal()

    @property
    def game(self) -> GameState:
        """The game being played, as a new GameState (changing it changes
        nothing here; see :meth:`continue_game`)."""
        return self._game.game()

    def continue_game(self, game: GameState) -> None:
        """Play on from ``game`` (4x4, tiles 0 or 2..32768; else ValueError)."""
        self._game = PackedGame.from_game(game)
        self._legal = self._game.legal()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.uint8], dict[str, Any]]:
        """Start ``GameState(4, 4, seed=seed)`` with its two tiles.

        Without a seed the game's seed is drawn from ``self.np_random``
        (itself seeded by the last ``reset(seed=...)``).
        """
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(JAVA_SEEDS))
        self._game = PackedGame(seed, self.options.chance_of_two)
        self._steps = 0
        self._legal = self._game.legal()
        return self._seen(moved=False, overflow=False)

    def step(
        self, action: np.int64 | int
    ) -> tuple[npt.NDArray[np.uint8], float, bool, bool, dict[str, Any]]:
        if not 0 <= action < 4:
            raise ValueError(
                f"action must be 0..3 (DOWN, LEFT, UP, RIGHT), got {action!r}"
            )
        game = self._game
        moved, gain, overflow = game.move(int(action))
        if moved:
            self._legal = game.legal()
        self._steps += 1
        options = self.options
        illegal = not moved and not overflow
        reward = options.reward_of(gain, illegal=illegal)
        terminated = self._legal == 0 or (illegal and options.end_on_illegal)
        limit = options.step_limit
        truncated = overflow or (limit is not None and self._steps >= limit)
        observation, info = self._seen(moved=moved, overflow=overflow)
        return observation, reward, terminated, truncated, info

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        if self.render_mode == "ansi":
            return self.game.toString()
        if self.render_mode == "rgb_array":
            return board_image(_exponent_array(self._game.exponents()))
        return None

    def _seen(
        self, *, moved: bool, overflow: bool
    ) -> tuple[npt.NDArray[np.uint8], dict[str, Any]]:
        """The observation and the info, from one read of the board."""
        cells = self._game.exponents()
        info = {
            "score": self._game.score,
            "highest_tile": _tile(max(cells)),
            "action_mask": ACTION_MASK_ROWS[self._legal].copy(),
            "moved": moved,
            "tile_overflow": overflow,
        }
        return self.options.observe(_exponent_array(cells)), info


def _exponent_array(cells: bytes) -> npt.NDArray[np.uint8]:
    """The 16 exponents as a new, writable (4, 4) array."""
    return np.frombuffer(bytearray(cells), dtype=np.uint8).reshape(4, 4)


def _tile(exponent: int) -> int:
    return 1 << exponent if exponent else 0
