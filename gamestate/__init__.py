"""gamestate: the models of the three games; 2048's, Java-exact, at the top.

    from gamestate import GameState, Direction, Config, JavaRandom

``Config`` is the module :mod:`gamestate.config`; assign to its attributes
to change the rules for games and tiles made afterwards. ``warm_up()``
builds the 4x4 engine's tables ahead of the first move (see
:mod:`gamestate._bitboard`).

The names above are loaded when first asked for (PEP 562), so that
``import gamestate.dots`` or ``gamestate.forty_thieves`` loads neither
2048's engine nor its rules: the shared pieces (:mod:`gamestate.java_random`)
are modules of their own.
"""

import sys

# typing costs a few ms of start-up (it imports re): only type checkers
# read these imports; at run time __getattr__ below makes them.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from . import config as Config
    from . import config as config
    from .direction import Direction as Direction
    from .effects import MoveEffects as MoveEffects
    from .game_state import GameState as GameState
    from .game_state import warm_up as warm_up
    from .java_random import JavaRandom as JavaRandom

_WHERE = {
    "Config": ("config", None),
    "config": ("config", None),
    "Direction": ("direction", "Direction"),
    "GameState": ("game_state", "GameState"),
    "JavaRandom": ("java_random", "JavaRandom"),
    "MoveEffects": ("effects", "MoveEffects"),
    "warm_up": ("game_state", "warm_up"),
}
"""Each public name: (its module, its name there; None for the module)."""

__all__ = [
    "Config",
    "Direction",
    "GameState",
    "JavaRandom",
    "MoveEffects",
    "config",
    "warm_up",
]


def __getattr__(name: str) -> object:
    """Load a public name's module on first use, then keep the name here."""
    try:
        module_name, attribute = _WHERE[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    full_name = f"{__name__}.{module_name}"
    __import__(full_name)  # not importlib: it would cost start-up
    module = sys.modules[full_name]
    value = module if attribute is None else getattr(module, attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})
