"""gamestate.gym: Java-exact 2048 as Gymnasium environments.

Importing this module registers ``gamestate2048/TwentyFortyEight-v0``:

    import gymnasium
    import gamestate.gym  # noqa: F401  (registers the id)
    env = gymnasium.make("gamestate2048/TwentyFortyEight-v0")
    envs = gymnasium.make_vec("gamestate2048/TwentyFortyEight-v0", num_envs=1024,
                              vectorization_mode="vector_entry_point")

or without the import, ``gymnasium.make("gamestate.gym:gamestate2048/
TwentyFortyEight-v0")``. The single environment plays
:class:`gamestate.batch.single.PackedGame`, the vector one
:class:`gamestate.batch.Batch`: the same tables, GameState's games. Needs the ``gym`` extra
(numpy, gymnasium).
"""

from typing import Final

from gymnasium.envs.registration import register

from .env import TwentyFortyEightEnv
from .vector import TwentyFortyEightVectorEnv

ENV_ID: Final = "gamestate2048/TwentyFortyEight-v0"

register(
    id=ENV_ID,
    entry_point="gamestate.gym.env:TwentyFortyEightEnv",
    vector_entry_point="gamestate.gym.vector:TwentyFortyEightVectorEnv",
)

__all__ = ["ENV_ID", "TwentyFortyEightEnv", "TwentyFortyEightVectorEnv"]
