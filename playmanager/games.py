"""The games of the package, in one table.

``python -m playmanager --game NAME`` and a save file's first line both
lead to an entry of :data:`GAMES`; adding a game is one entry here and its
front end module, never a new branch in the command line. A front end
module has ``main(argv, stdin, stdout, stderr) -> int``: it parses the
whole command line with its own parser (which takes ``--game``, see
:func:`add_game_option`) and plays.

Save files of every game but 2048 start with a header line naming the
game (:func:`playmanager.storage.header`); a ``.2048`` file has the Java
reference's layout, which starts with a number, so it needs none.

This module imports nothing heavy: the command line reads it at every
start.
"""

from __future__ import annotations

import os
from types import MappingProxyType

from .options import EXIT_USAGE
from .storage import header_game, whole_number

TYPE_CHECKING = False  # typing and argparse cost start-up time (issue 14)
if TYPE_CHECKING:
    import argparse
    from collections.abc import Mapping, Sequence
    from typing import Final

_FIRST_LINE_BYTES: Final = 200


class Game:
    """One game: its name, what it is, where its front end lives.

    A plain class, not a NamedTuple: typing is not imported at start-up.
    Each game is one object, so identity is equality.
    """

    __slots__ = ("default_save", "front_end", "name", "title")

    def __init__(
        self, name: str, title: str, front_end: str, default_save: str
    ) -> None:
        self.name = name
        """What ``--game`` takes and what its save files' first line names."""
        self.title = title
        """A few words for the help."""
        self.front_end = front_end
        """The module with ``main(argv, stdin, stdout, stderr) -> int``."""
        self.default_save = default_save
        """Where the game saves when no FILE is given."""

    def __repr__(self) -> str:
        return f"Game({self.name!r})"


TWENTY_FORTY_EIGHT: Final = Game(
    "2048",
    "2048, the CSE 8B PA4 game (the default)",
    "playmanager.twenty48.play2048",
    "save.2048",
)
FORTY_THIEVES: Final = Game(
    "forty-thieves",
    "Forty Thieves solitaire (spec 002)",
    "playmanager.forty_thieves.cli",
    "save.forty-thieves",
)
DEFAULT: Final = TWENTY_FORTY_EIGHT
DOTS: Final = Game("dots", "Dots (spec 003)", "playmanager.dots.cli", "save.dots")

GAMES: Final[Mapping[str, Game]] = MappingProxyType(
    {game.name: game for game in (TWENTY_FORTY_EIGHT, FORTY_THIEVES, DOTS)}
)

GAME_OPTION: Final = "--game"


def add_game_option(parser: argparse.ArgumentParser, game: Game) -> None:
    """Add ``--game NAME`` to a game's parser, with ``game`` as its default."""
    names = ", ".join(f"{g.name} ({g.title})" for g in GAMES.values())
    parser.add_argument(
        GAME_OPTION,
        choices=list(GAMES),
        default=game.name,
        metavar="NAME",
        help=f"the game to play: {names}. Without it, a FILE's first line "
        "says which game it holds",
    )


def requested(argv: Sequence[str]) -> str | None:
    """The value of ``--game NAME`` or ``--game=NAME`` in ``argv``, if any."""
    for index, token in enumerate(argv):
        if token == "--":
            return None
        if token == GAME_OPTION and index + 1 < len(argv):
            return argv[index + 1]
        if token.startswith(GAME_OPTION + "="):
            return token.partition("=")[2]
    return None


def saved_game(path: str) -> Game | None:
    """The game whose header starts the file at ``path`` (2048 for a first
    line of two whole numbers, a ``.2048`` file's size); None if none does.

    Reads only the first line; a file that cannot be read is left for the
    game's own loader to report.
    """
    try:
        with open(path, "rb") as file:
            first = file.read(_FIRST_LINE_BYTES).split(b"\n", 1)[0]
    except OSError:
        return None
    line = first.decode("utf-8", "replace")
    name = header_game(line)
    if name is not None:
        return GAMES.get(name)
    words = line.split()
    if len(words) == 2 and all(whole_number(word) for word in words):
        return TWENTY_FORTY_EIGHT  # a .2048 file: "rows cols", no header
    return None


def choose(argv: Sequence[str]) -> Game:
    """The game a command line asks for.

    ``--game NAME`` when given (an unknown name goes to the default game,
    whose parser then reports it); else the game of the first argument
    that is a save file with a header; else 2048.
    """
    name = requested(argv)
    if name is not None:
        return GAMES.get(name, DEFAULT)
    for token in argv:
        if token == "--":
            break
        if not token.startswith("-") and os.path.isfile(token):
            game = saved_game(token)
            if game is not None:
                return game
    return DEFAULT


def refuse_mismatch(
    parser: argparse.ArgumentParser, game: Game, path: str | None
) -> None:
    """Exit with status 2 and one line (no usage: the options are right,
    the file is not) when FILE holds another game than ``game``."""
    message = mismatch(game, path)
    if message is not None:
        parser.exit(EXIT_USAGE, f"playmanager: {message}\n")


def mismatch(game: Game, path: str | None) -> str | None:
    """Why FILE cannot be played as ``game`` (it holds another game), or None."""
    if path is None or not os.path.isfile(path):
        return None
    holds = saved_game(path)
    if holds is None or holds == game:
        return None
    return (
        f"{path} holds a game of {holds.name}, not {game.name}; "
        f"leave out --game or use --game {holds.name}"
    )
