"""gamestate: the CSE 8B PA4 2048 model, Java-exact.

    from gamestate import GameState, Direction, Config, JavaRandom

``Config`` is the module :mod:`gamestate.config`; assign to its attributes
to change the rules for games and tiles made afterwards. ``warm_up()``
builds the 4x4 engine's tables ahead of the first move (see
:mod:`gamestate._bitboard`).
"""

from . import config
from . import config as Config
from .direction import Direction
from .game_state import GameState, warm_up
from .java_random import JavaRandom

__all__ = ["Config", "Direction", "GameState", "JavaRandom", "config", "warm_up"]
