"""The games the web plays: each game's web piece in a module of its own
(``games/<game>.py``, beside the page's ``static/<game>.js``).

Adding a game adds its module and one entry in :data:`GAME_KINDS`.
"""

from __future__ import annotations

from typing import Final

from .base import RefusedError, WebGame
from .dots import DotsGame
from .forty_thieves import FortyThievesGame
from .twenty48 import Twenty48Game

GAME_KINDS: Final[dict[str, type[WebGame]]] = {
    kind.kind: kind for kind in (Twenty48Game, FortyThievesGame, DotsGame)
}
"""The games the web plays, by name (the names of playmanager.games)."""
GAME_OF_INTENT: Final[dict[str, type[WebGame]]] = {
    kind.intent_tag: kind for kind in GAME_KINDS.values()
}
"""The game whose intent has this ``kind`` in the API's JSON."""
GAME_OF_EXTENSION: Final[dict[str, type[WebGame]]] = {
    kind.extension: kind for kind in GAME_KINDS.values()
}

__all__ = [
    "GAME_KINDS",
    "GAME_OF_EXTENSION",
    "GAME_OF_INTENT",
    "RefusedError",
    "WebGame",
]
