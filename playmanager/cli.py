"""The command line: choose the game, run its front end, end cleanly.

``main`` is the composition root of every game. It picks the game from
``--game NAME`` or from the first line of a FILE argument (read once,
:class:`playmanager.games.Files`), decides what the terminal can do
(:func:`playmanager.terminal.detect`), imports only that game's front end
and hands it a :class:`~playmanager.games.Launch`: the command line, the
streams and environment it was given, the terminal and the FILE's text.
Tests call ``main([...], stdin=io.StringIO(...), stdout=io.StringIO())``
without touching ``sys``. Exit status: 0 when the game ends, 2 for a usage error
or a save file that cannot be loaded, 130 for Ctrl-C, 141 when stdout is
closed.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import os
import sys

from . import games
from .options import EXIT_BROKEN_PIPE, EXIT_INTERRUPTED, EXIT_USAGE
from .terminal import detect

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import TextIO

__all__ = ["EXIT_BROKEN_PIPE", "EXIT_INTERRUPTED", "EXIT_USAGE", "main", "run"]


def _console_input() -> TextIO:
    """The real stdin, decoded as Java's Scanner does: bad UTF-8 becomes
    U+FFFD, and line ends are kept for :func:`loop.read_lines` to split."""
    if sys.stdin is None:
        return io.StringIO("")
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(encoding="utf-8", errors="replace", newline="")
    return sys.stdin


def _console_output() -> TextIO:
    """The real stdout; a file name that is not valid text never crashes it."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="backslashreplace")
    return sys.stdout


def _silence_closed_stdout() -> None:
    """stdout is a closed pipe: point it at devnull so that the final flush
    at exit does not print an error."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _options(arguments: list[str]) -> list[str]:
    """The arguments before any ``--``."""
    return arguments[: arguments.index("--")] if "--" in arguments else arguments


def _front_end(game: games.Game) -> games.FrontEnd:
    """Import the chosen game's front end by its module path: the table of
    games names its front ends and imports none of them, so each front end
    can import the table (issue 36: no import circle)."""
    front_end: games.FrontEnd = importlib.import_module(game.front_end)
    return front_end


def _wants_web(arguments: list[str]) -> bool:
    """``--web``: the web server plays the chosen game, not the terminal."""
    return games.WEB_OPTION in _options(arguments)


def _wants_stats(arguments: list[str]) -> bool:
    """``--stats``: print the statistics instead of playing."""
    return games.STATS_OPTION in _options(arguments)


def main(
    argv: list[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    environ: Mapping[str, str] | None = None,
) -> int:
    """Run the command line of the game it asks for; return the exit status.

    ``None`` streams mean the process's own, set up to read input as Java
    does; ``argv`` None means ``sys.argv[1:]``, ``environ`` None
    ``os.environ``. Never raises: Ctrl-C is 130 and a closed stdout 141,
    in every game.
    """
    out = stdout if stdout is not None else _console_output()
    env = os.environ if environ is None else environ
    arguments = sys.argv[1:] if argv is None else list(argv)
    files = games.Files()
    game = games.choose(arguments, files)
    launch = games.Launch(
        game,
        arguments,
        stdin=stdin if stdin is not None else _console_input(),
        stdout=out,
        stderr=stderr if stderr is not None else sys.stderr,
        environ=env,
        terminal=detect(env, out),
        files=files,
    )
    try:
        if _wants_stats(arguments):
            from . import statistics_command  # only then: start-up stays fast

            return statistics_command.main(arguments, env, out, launch.stderr)
        if _wants_web(arguments):
            from .web import cli as web_cli  # only then: the web stack is an extra

            return web_cli.main(arguments, launch.stdin, out, launch.stderr, env)
        return _front_end(game).main(launch)
    except KeyboardInterrupt:
        if out.isatty():
            out.write("\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        if stdout is None:
            _silence_closed_stdout()
        return EXIT_BROKEN_PIPE


def run() -> None:
    """Entry point of the ``playmanager`` console script."""
    sys.exit(main())
