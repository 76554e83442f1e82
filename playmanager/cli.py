"""The command line: choose the game, run its front end, end cleanly.

``main`` is the composition root of every game. It picks the game from
``--game NAME`` or from the first line of a FILE argument
(:mod:`playmanager.games`), imports only that game's front end and hands
it the command line and the streams it was given, so tests call
``main([...], stdin=io.StringIO(...), stdout=io.StringIO())`` without
touching ``sys``. Exit status: 0 when the game ends, 2 for a usage error
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

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
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


WEB_OPTION = "--web"
WEB_FRONT_END = "playmanager.web.cli"


def _front_end(arguments: list[str]) -> str:
    """The module to hand the command line to: the web server for
    ``--web`` (before any ``--``), else the chosen game's front end."""
    options = arguments[: arguments.index("--")] if "--" in arguments else arguments
    if WEB_OPTION in options:
        return WEB_FRONT_END
    return games.choose(arguments).front_end


def main(
    argv: list[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the command line of the game it asks for; return the exit status.

    ``None`` streams mean the process's own, set up to read input as Java
    does; ``argv`` None means ``sys.argv[1:]``. Never raises: Ctrl-C is
    130 and a closed stdout 141, in every game.
    """
    out = stdout if stdout is not None else _console_output()
    err = stderr if stderr is not None else sys.stderr
    arguments = sys.argv[1:] if argv is None else list(argv)
    try:
        if "--stats" in arguments:
            from . import statistics_command  # only then: start-up stays fast

            if statistics_command.wanted(arguments):
                return statistics_command.run_from(arguments, out, err)
        front_end = importlib.import_module(_front_end(arguments))
        status: int = front_end.main(
            arguments, stdin if stdin is not None else _console_input(), out, err
        )
        return status
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
