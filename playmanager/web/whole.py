"""Browser saves: a game whole, as the page plays it, in one file.

A game's own save file is what the terminal reads (for 2048 the Java
game's ``.2048``: the board and the score only). The browser save keeps
beside it everything the page's game has: every undo step the server
keeps, each with (for 2048) the rules, the seed, the generator's state
and the move count, so that uploading it, in any browser, gives back the
very game, undo included::

    browser save 1
    {"game": "2048", "steps": [{...first step kept...}, ..., {...now...}]}

The first line is the header (a game name the terminal does not know:
``python -m playmanager`` reads the games' own files); the second is JSON,
each step a game's dump (:meth:`~.games.WebGame.dump`). Every step is
checked as an upload is (:meth:`~.games.WebGame.from_step`: a 2048 board
by the ``.2048`` reader, a Dots or Forty Thieves step's save text by its
game's reader); the first problem refuses the whole file in one line.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

from .games import GAME_KINDS, RefusedError, WebGame
from .store import STEPS_KEPT

HEADER: Final = "browser save 1"
SUFFIX: Final = "browser-save"
"""A browser save's file name ends ``.<game's extension>.browser-save``."""


def is_browser_save(text: str) -> bool:
    return text.partition("\n")[0].strip() == HEADER


def file_name(game: WebGame) -> str:
    return f"save.{game.extension}.{SUFFIX}"


def browser_save(kind: str, steps: Sequence[dict[str, Any]]) -> str:
    """The text of a browser save of a game of ``kind`` with these steps."""
    body = json.dumps({"game": kind, "steps": list(steps)}, separators=(",", ":"))
    return f"{HEADER}\n{body}\n"


def read_browser_save(text: str, source: str) -> list[WebGame]:
    """The games of a browser save's steps, first kept first (the last is
    the game now); RefusedError or SaveFileError with the first problem."""
    data = _json_of(text.partition("\n")[2], source)
    if not isinstance(data, dict) or set(data) != {"game", "steps"}:
        raise RefusedError(
            "text", f"{source}: line 2 must hold the game and its steps, nothing else"
        )
    kind, steps = data["game"], data["steps"]
    if not isinstance(kind, str) or kind not in GAME_KINDS:
        names = ", ".join(GAME_KINDS)
        raise RefusedError("text", f"{source}: the game must be one of {names}")
    if not isinstance(steps, list) or not 1 <= len(steps) <= STEPS_KEPT:
        raise RefusedError(
            "text", f"{source}: steps must be a list of 1 to {STEPS_KEPT} games"
        )
    return [_step(kind, step, f"{source}, step {n}") for n, step in enumerate(steps, 1)]


def _json_of(body: str, source: str) -> Any:
    try:
        return json.loads(body)
    except json.JSONDecodeError as error:
        raise RefusedError(
            "text", f"{source}: line {error.lineno + 1}: not JSON ({error.msg})"
        ) from None
    except RecursionError:
        raise RefusedError("text", f"{source}: line 2: nested too deep") from None


def _step(kind: str, step: object, source: str) -> WebGame:
    if not isinstance(step, dict):
        raise RefusedError("text", f"{source}: a step must be a game's fields")
    return GAME_KINDS[kind].from_step(step, source)
