"""The games of the package, in one table, and what the command line
hands the game it chose.

``python -m playmanager --game NAME`` and a save file's first line both
lead to an entry of :data:`GAMES`; adding a game is one entry here and its
front end module, never a new branch in the command line. A front end is
a :class:`FrontEnd` (a module with ``main(launch) -> int``), named here by
its module path (:attr:`Game.front_end`) and imported by the command line
only when its game is played, so this table imports no front end and the
front ends import it without a circle (issue 36). A front end parses
``launch.argv`` with its own parser
(which takes ``--game``, see :func:`add_game_option`; the shared steps
are :func:`playmanager.options.run_command_line`) and plays.

Save files of every game but 2048 start with a header line naming the
game (:func:`playmanager.storage.header`); a ``.2048`` file has the Java
reference's layout, which starts with a number, so it needs none. A FILE
is read once (:class:`Files`): its first line chooses the game, the same
text is checked against the game asked for and handed to the loader.

This module imports nothing heavy: the command line reads it at every
start.
"""

from __future__ import annotations

import os
from types import MappingProxyType

from .options import EXIT_USAGE

TYPE_CHECKING = False  # typing and argparse cost start-up time (issue 14)
if TYPE_CHECKING:
    import argparse
    from collections.abc import Mapping, Sequence
    from typing import Final, Protocol, TextIO

    from .storage import SaveFileError
    from .terminal import Terminal

    class FrontEnd(Protocol):
        """A game's front end: the module :attr:`Game.front_end` names."""

        def main(self, launch: Launch) -> int:
            """Play the command line of ``launch``; return the exit status."""


_FIRST_LINE_BYTES: Final = 200


class Game:
    """One game: its name, what it is, how to load its front end.

    A plain class, not a NamedTuple: typing is not imported at start-up.
    Each game is one object, so identity is equality.
    """

    __slots__ = ("default_save", "front_end", "name", "title")

    def __init__(
        self,
        name: str,
        title: str,
        front_end: str,
        default_save: str,
    ) -> None:
        self.name = name
        """What ``--game`` takes and what its save files' first line names."""
        self.title = title
        """A few words for the help."""
        self.front_end = front_end
        """The module path of the game's front end (a :class:`FrontEnd`),
        which the command line imports when the game is played."""
        self.default_save = default_save
        """Where the game saves when no FILE is given."""

    @property
    def extension(self) -> str:
        """How the game's save files end: ``.2048``, ``.forty-thieves``."""
        return os.path.splitext(self.default_save)[1]

    def __repr__(self) -> str:
        return f"Game({self.name!r})"


TWENTY_FORTY_EIGHT: Final = Game(
    "2048",
    "slide the tiles to make 2048; the default",
    "playmanager.twenty48.play2048",
    "save.2048",
)
FORTY_THIEVES: Final = Game(
    "forty-thieves",
    "Forty Thieves solitaire",
    "playmanager.forty_thieves.cli",
    "save.forty-thieves",
)
DEFAULT: Final = TWENTY_FORTY_EIGHT
DOTS: Final = Game("dots", "join dots of one colour", "playmanager.dots.cli", "save.dots")

GAMES: Final[Mapping[str, Game]] = MappingProxyType(
    {game.name: game for game in (TWENTY_FORTY_EIGHT, FORTY_THIEVES, DOTS)}
)

GAME_OPTION: Final = "--game"
STATS_OPTION: Final = "--stats"
WEB_OPTION: Final = "--web"


def add_game_option(parser: argparse.ArgumentParser, game: Game) -> None:
    """Add ``--game NAME`` to a game's parser, with ``game`` as its default,
    and ``--stats`` and ``--web`` (which the command line answers before
    any game's parser runs: they are here so that every ``--help`` lists
    them)."""
    names = ", ".join(f"{g.name} ({g.title})" for g in GAMES.values())
    parser.add_argument(
        GAME_OPTION,
        choices=list(GAMES),
        default=game.name,
        metavar="NAME",
        help=f"the game to play: {names}. Without it, a FILE's first line "
        "says which game it holds",
    )
    parser.add_argument(
        STATS_OPTION,
        action="store_true",
        help="print the statistics the full screens keep (games played, won, "
        "streaks, best score and time per game and variant; with --game NAME, "
        "that game's) and exit",
    )
    parser.add_argument(
        WEB_OPTION,
        action="store_true",
        help="play in a web browser instead: a local server on 127.0.0.1 "
        "(python -m playmanager --web --help lists its options; needs the "
        "[web] extra)",
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


class Files:
    """The FILE arguments of one command line, each read at most once.

    Choosing the game peeks at a file's first line, the game checks it
    holds no other game, the loader parses it: all from one read.
    """

    def __init__(self) -> None:
        self._read: dict[str, bytes | SaveFileError] = {}

    def _bytes(self, path: str) -> bytes:
        from .storage import SaveFileError, read_bytes  # with a FILE only

        if path not in self._read:
            try:
                self._read[path] = read_bytes(path)
            except SaveFileError as error:
                self._read[path] = error
        found = self._read[path]
        if isinstance(found, SaveFileError):
            raise found
        return found

    def text(self, path: str) -> str:
        """The text of the save file at ``path``; raise SaveFileError (a
        file that is not a regular file of UTF-8 text of at most 1 MiB)."""
        from .storage import decode

        return decode(self._bytes(path), path)

    def game_in(self, path: str) -> Game | None:
        """The game whose header starts the file at ``path`` (see
        :func:`header_names`); None if none does."""
        return header_names(self._first_line(path))

    def game_of(self, path: str) -> Game | None:
        """The game the file at ``path`` is loaded as (:func:`game_of_save`)."""
        return game_of_save(self._first_line(path), path)

    def _first_line(self, path: str) -> str:
        """The file's first line; empty if it cannot be read (the game's
        own loader says why)."""
        from .storage import SaveFileError

        try:
            first = self._bytes(path)[:_FIRST_LINE_BYTES].split(b"\n", 1)[0]
        except SaveFileError:
            return ""
        return first.decode("utf-8", "replace")

    def mismatch(self, game: Game, path: str | None) -> str | None:
        """Why FILE cannot be played as ``game`` (it holds another game), or None."""
        if path is None or not os.path.isfile(path):
            return None
        holds = self.game_in(path)
        if holds is None or holds == game:
            return None
        return (
            f"{path} holds a game of {holds.name}, not {game.name}; "
            f"leave out --game or use --game {holds.name}"
        )


def choose(argv: Sequence[str], files: Files | None = None) -> Game:
    """The game a command line asks for.

    ``--game NAME`` when given (an unknown name goes to the default game,
    whose parser then reports it); else the game of the first argument
    that is a save file, as :func:`game_of_save` decides (read through
    ``files``, which keeps it), or a new FILE named as a game's saves are;
    else 2048.
    """
    name = requested(argv)
    if name is not None:
        return GAMES.get(name, DEFAULT)
    files = Files() if files is None else files
    for token in argv:
        if token == "--":
            break
        if token.startswith("-"):
            continue
        game = files.game_of(token) if os.path.isfile(token) else named_by(token)
        if game is not None:
            return game
    return DEFAULT


def game_of_save(first_line: str, name: str) -> Game | None:
    """The game a save file is loaded as, by the terminal's FILE and the
    web's upload alike: the one its first line names (:func:`header_names`);
    else the one whose saves end as its ``name`` does (a garbled
    ``broken.dots`` gets Dots' error, about a Dots save); else None, and
    each loads it as 2048, whose loader then says what is wrong."""
    return header_names(first_line) or named_by(name)


def header_names(first_line: str) -> Game | None:
    """The game a save file's first line names: its header's (``dots save
    1``), or 2048 for two whole numbers (a ``.2048`` file's size: its
    format, Java's, has no header); None if it names none."""
    from .storage import header_game, whole_number  # read with a FILE only

    name = header_game(first_line)
    if name is not None:
        return GAMES.get(name)
    words = first_line.split()
    if len(words) == 2 and all(whole_number(word) for word in words):
        return TWENTY_FORTY_EIGHT
    return None


def named_by(path: str) -> Game | None:
    """The game whose saves end as ``path`` does (``new.forty-thieves``),
    if any: a FILE that does not exist yet is played as that game, so it
    saves there in that game's format; one whose header cannot be read (or
    that is not a file) is loaded as that game, whose loader says what is
    wrong."""
    for game in GAMES.values():
        if path.endswith(game.extension):
            return game
    return None


class Launch:
    """What the command line hands the game it chose: the whole command
    line, the streams, the environment, the :class:`Terminal` decided
    once from them, and the FILEs it has read (:attr:`files`)."""

    __slots__ = (
        "argv",
        "environ",
        "files",
        "game",
        "stderr",
        "stdin",
        "stdout",
        "terminal",
    )

    def __init__(
        self,
        game: Game,
        argv: Sequence[str],
        *,
        stdin: TextIO,
        stdout: TextIO,
        stderr: TextIO,
        environ: Mapping[str, str],
        terminal: Terminal,
        files: Files | None = None,
    ) -> None:
        self.game = game
        self.argv = list(argv)
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.environ = environ
        self.terminal = terminal
        self.files = Files() if files is None else files

    def refuse_mismatch(
        self, parser: argparse.ArgumentParser, path: str | None
    ) -> None:
        """Exit with status 2 and one line (no usage: the options are
        right, the file is not) when FILE holds another game."""
        message = self.files.mismatch(self.game, path)
        if message is not None:
            parser.exit(EXIT_USAGE, f"playmanager: {message}\n")
