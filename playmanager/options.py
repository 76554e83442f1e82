"""What every game's command line shares: exit statuses, option values
and the steps of every game's ``main`` (:func:`run_command_line`).

Each game builds its own parser (see :mod:`playmanager.games`); the types
here read a seed, a bounded number or a percentage the same way for all
of them, with one-line errors that name the value.
"""

from __future__ import annotations

import contextlib
import os
from types import SimpleNamespace

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable
    from typing import Final, TextIO, TypeVar

    from .games import Launch
    from .parser import Parser
    from .storage import SaveFileError

    T = TypeVar("T", bound=Callable[[str], object])
    Check = Callable[[argparse.ArgumentParser, SimpleNamespace], None]
    """Refuse options that make no sense together (with ``parser.error``)."""
    Play = Callable[[SimpleNamespace, Launch], int]
    """Play what the options ask for; return the exit status."""

EXIT_OK: Final = 0
EXIT_USAGE: Final = 2
"""A usage error or a save file that cannot be loaded."""
EXIT_INTERRUPTED: Final = 130
EXIT_BROKEN_PIPE: Final = 141

RANDOM_SEED: Final = "random"
LONG_MIN: Final = -(1 << 63)
LONG_MAX: Final = (1 << 63) - 1


RANGES: dict[object, str] = {}
"""An option type -> the values it takes, which every ``--help`` shows
next to the option (:mod:`playmanager.parser`)."""


def takes(values: str) -> Callable[[T], T]:
    """Register what an option type takes (``"1-1024"``) for the help."""

    def register(option_type: T) -> T:
        RANGES[option_type] = values
        return option_type

    return register


def bounded(text: str, low: int, high: int, what: str) -> int:
    """Read a whole number from ``low`` to ``high`` as the save files do."""
    from .storage import whole_number  # an option's cost, not every start's

    value = whole_number(text)
    if value is None or not low <= value <= high:
        raise bad_value(
            f"{what} must be a whole number from {low} to {high}, got {text!r}"
        )
    return value


def bad_value(message: str) -> Exception:
    """The error an option's type function raises (argparse names the option).

    argparse is imported here, not at the top: only a parser calls type
    functions, and the commonest starts need no parser (issue 14).
    """
    import argparse

    return argparse.ArgumentTypeError(message)


@takes(f"a Java long, {LONG_MIN} to {LONG_MAX}, or 'random'")
def seed(text: str) -> int | str:
    """A seed option: a Java long, or 'random'."""
    if text == RANDOM_SEED:
        return RANDOM_SEED
    return bounded(text, LONG_MIN, LONG_MAX, "the seed (or 'random')")


@takes("0-100")
def percent(text: str) -> int:
    return bounded(text, 0, 100, "the percentage")


DRAWN: Final = range(1, 2**31)
"""The seeds of new random games, in every game: 1 to 2^31 - 1, short
enough to say and type (as the Windows and PySol solitaires number their
deals); ``--seed`` takes any Java long."""


def draw_seed() -> int:
    """A random seed from :data:`DRAWN` (a new game, ``--seed random``).
    From ``os.urandom``: the random module is slow to import at start-up;
    the modulo's bias, under 2^-32, does not matter for a game."""
    return DRAWN.start + int.from_bytes(os.urandom(8), "big") % len(DRAWN)


def chosen_seed(value: int | str | None, stdout: TextIO) -> int | None:
    """The seed of ``--seed`` (None when not given); a drawn one is printed
    as ``Seed: N`` so that ``--seed N`` replays the game."""
    if value != RANDOM_SEED:
        return None if value is None else int(value)
    drawn = draw_seed()
    stdout.write(f"Seed: {drawn}\n")
    return drawn


@takes("1 or more")
def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise bad_value(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise bad_value(f"expected 1 or more, got {value}")
    return value


@takes("more than 0")
def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise bad_value(f"expected a number, got {text!r}") from None
    if not 0 < value < float("inf"):
        raise bad_value(f"expected more than 0, got {text}")
    return value


def next_seed(seed: int) -> int:
    """The seed of the game that follows a game seeded ``seed`` (``n``, play
    again): the next Java long, wrapping from the largest to the smallest.

    The next number, so that a session of games can be replayed from its
    first seed; wrapped, so that it stays a seed every save file accepts.
    """
    return (seed + 1 - LONG_MIN) % (1 << 64) + LONG_MIN


def parse_options(
    launch: Launch,
    build_parser: Callable[[], Parser],
    check: Check,
) -> SimpleNamespace | int:
    """The options of ``launch.argv``, or the exit status of ``--help``
    (its text on ``launch.stdout``) or of a usage error (one line on
    ``launch.stderr``): a bad option, a FILE that holds another game, or
    options ``check`` refuses together."""
    parser = build_parser()
    parser.width = launch.terminal.text_width
    out, err = launch.stdout, launch.stderr
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            args = parser.parse_args(launch.argv, namespace=SimpleNamespace())
            launch.refuse_mismatch(parser, args.file)
            check(parser, args)
        except SystemExit as done:
            return done.code if isinstance(done.code, int) else EXIT_USAGE
    return args


def check_file_is_writable(file: str | None, launch: Launch) -> int | None:
    """Say at launch, in one line, that FILE cannot be saved to (issue 29):
    a new FILE there is refused (status 2: nothing to load, nothing could
    be kept); an existing one plays, the line saying
    its saves will fail."""
    if file is None:
        return None
    if not file.strip():  # '' would save to the folder itself, or a blank name
        from .messages import EMPTY_FILE_NAME

        complain(launch, EMPTY_FILE_NAME)
        return EXIT_USAGE
    from .messages import cannot_save, cannot_write_there
    from .storage import why_unwritable

    reason = why_unwritable(file)
    if reason is None:
        return None
    if not os.path.lexists(file):
        complain(launch, cannot_save(file, reason))
        return EXIT_USAGE
    complain(launch, cannot_write_there(file, reason))
    return None


def complain(launch: Launch, line: str) -> None:
    """Write an error ``line`` (ending with a newline) on stderr: whole on
    a pipe, for the script that reads it; on a terminal wrapped at words
    to its width, as every line mode's messages (a path too long for a
    line loses the middle of its folders)."""
    if launch.terminal.is_terminal:
        from .screen.text_layout import fitted_text  # an error's cost only

        line = fitted_text(line, launch.terminal.text_width)
    launch.stderr.write(line)


def save_file_error() -> type[SaveFileError]:
    """:class:`~playmanager.storage.SaveFileError`, imported when an
    ``except`` clause meets an error (Python evaluates the clause's class
    only then): a start with no FILE never loads the save parser."""
    from .storage import SaveFileError

    return SaveFileError


def run_command_line(
    launch: Launch,
    *,
    build_parser: Callable[[], Parser],
    check: Check,
    play: Play,
    without_parser: SimpleNamespace | None = None,
) -> int:
    """Every game's ``main``: parse the options (``without_parser``, when
    given, are the options of a command line that needs no parser), then
    play. A FILE that cannot be loaded (:class:`SaveFileError` while the
    game starts) is one line on stderr and exit status 2; so is a new FILE
    that cannot be saved to, in every game and mode (Java's 2048 would
    play on and fail at the save: a game that can only be lost)."""
    args = without_parser
    if args is None:
        parsed = parse_options(launch, build_parser, check)
        if isinstance(parsed, int):
            return parsed
        args = parsed
    refused = check_file_is_writable(getattr(args, "file", None), launch)
    if refused is not None:
        return refused
    try:
        return play(args, launch)
    except save_file_error() as error:
        from .messages import cannot_load

        launch.stdout.flush()
        complain(launch, cannot_load(error.path, error.detail))
        return EXIT_USAGE
