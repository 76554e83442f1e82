"""Save texts into games, as the terminal reads them: uploads, slots and
the command line's FILE."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, TypeVar

from ..games import game_of_save
from ..messages import cannot_load
from ..storage import SaveFileError, read_text
from .errors import ApiError, fail
from .games import GAME_KINDS, RefusedError, WebGame
from .games.twenty48 import Twenty48Game
from .whole import read_browser_save

_FIRST_LINE_CHARS: Final = 200
T = TypeVar("T")


@dataclass(frozen=True)
class Opening:
    """What the command line asked the page to open first."""

    game: str | None = None
    """``--game NAME``, or the game of FILE."""
    file: str | None = None
    """FILE as given, for the page to name."""
    text: str | None = None
    """FILE's text, already checked by the game's loader."""


def kind_of_save(text: str, name: str) -> type[WebGame]:
    """The game a save file's text, from a file called ``name``, is loaded
    as: the terminal's rule (:func:`playmanager.games.game_of_save`), else
    2048 (whose loader then says what is wrong)."""
    game = game_of_save(text[:_FIRST_LINE_CHARS].split("\n", 1)[0], name)
    return Twenty48Game if game is None else GAME_KINDS[game.name]


def load_save(text: str, source: str) -> WebGame:
    """The game in a save's text, from the file ``source`` (its name says
    the game when its header cannot); ApiError with the terminal's message."""
    kind = kind_of_save(text, source)
    return _or_422(lambda: kind.load(text, source))


def load_browser_save(text: str, source: str) -> list[WebGame]:
    """The games of a browser save's steps (:mod:`.whole`), the game now
    last; ApiError with the first problem in one line."""
    return _or_422(lambda: read_browser_save(text, source))


def _or_422(read: Callable[[], T]) -> T:
    """What ``read`` reads from a save; its refusal as a 422 ApiError."""
    try:
        return read()
    except SaveFileError as error:
        fail(422, cannot_load(error.path, error.detail).strip(), "text")
    except RefusedError as error:
        fail(422, error.message, error.field)


def opening_of(game: str | None, file: str | None) -> Opening | str:
    """What the command line asks the page to open, or the one line that
    says why FILE cannot be: as the terminal reads it, never written."""
    if file is None:
        return Opening(game=game)
    if not os.path.exists(file):
        return (
            f"playmanager: {file} does not exist; the web page opens save files "
            "(it saves to downloads and slots)"
        )
    try:
        text = read_text(file)
        loaded = load_save(text, file)
    except SaveFileError as error:
        return cannot_load(error.path, error.detail).strip()
    except ApiError as error:
        return error.message
    if game is not None and game != loaded.kind:
        return (
            f"playmanager: {file} holds a game of {loaded.kind}, not {game}; "
            f"leave out --game or use --game {loaded.kind}"
        )
    return Opening(game=loaded.kind, file=file, text=text)


def plain_file_name(name: str) -> str:
    """An uploaded file's name fit for a one-line message."""
    base = name.replace("\\", "/").rpartition("/")[2]
    shown = "".join(ch for ch in base if ch.isprintable())[:100]
    return shown or "upload"
