"""Dots' command line: ``python -m playmanager --game dots [FILE] [options]``.

:func:`main` is Dots' front end in :mod:`playmanager.games` (a FILE whose
first line is ``dots save 1`` chooses it too). It builds the level the
options ask for, or loads FILE, and plays it in the line mode
(:mod:`.loop`), full screen (``--tui``) or headless with the hint playing
(``--autoplay``). :mod:`playmanager.cli` handles Ctrl-C and closed pipes.
Exit status: 0 when the game ends, 2 for a usage error or a save file
that cannot be loaded.
"""

from __future__ import annotations

import contextlib
import os
from types import SimpleNamespace

from gamestate.dots import CellT, GameBoardT, Level
from gamestate.dots.board import MAX_MOVES, MAX_OBJECTIVE

from .. import messages as shared_messages
from ..controls import keys_line
from ..games import DOTS, add_game_option, refuse_mismatch
from ..options import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    bad_value,
    bounded,
    draw_seed,
)
from ..options import seed as seed_option
from ..storage import SaveFileError
from . import autoplay_options
from .paths import FORMAT_HELP
from .view import NAMES, palette_for

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Final, TextIO

LEVEL_OPTIONS: Final = ("seed", "moves", "objective", "random_board", "squares")
"""Options that make a new level, so they cannot go with an existing FILE."""
_COLOURS: Final = {
    **{cell.value.lower(): cell for cell in CellT},
    **{name: cell for cell, name in NAMES.items()},
}


def objective(text: str) -> tuple[CellT, int]:
    """``COLOUR:N`` (``R:10``, ``blue:8``) as an objective."""
    name, colon, count = text.partition(":")
    colour = _COLOURS.get(name.strip().lower())
    number = int(count) if count.isascii() and count.isdigit() else 0
    if not colon or colour is None or not 1 <= number <= MAX_OBJECTIVE:
        raise bad_value(
            "the objective must be COLOUR:N, COLOUR one of R, O, G, B (or red, "
            f"orange, green, blue), N from 1 to {MAX_OBJECTIVE}; got {text!r}"
        )
    return colour, number


def moves(text: str) -> int:
    return bounded(text, 1, MAX_MOVES, "the moves")


def build_parser() -> argparse.ArgumentParser:
    """Every option of Dots; the help says how to type a path."""

    from ..parser import Parser

    parser = Parser(
        prog="playmanager --game dots",
        description="Play Dots (spec 003): join neighbouring dots of one colour "
        "to clear the objective's dots within the moves.",
        epilog=f"A path is {FORMAT_HELP}: row 0 is the top row. The keys, "
        f"{keys_line()}; the full screen draws paths with the arrows (or h j k "
        "l) and Space, or the mouse.",
    )
    add_game_option(parser, DOTS)
    parser.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="load this .dots save; if it does not exist, start a new game "
        f"that saves there (default save file: {DOTS.default_save})",
    )
    parser.add_argument(
        "--seed",
        type=seed_option,
        metavar="N",
        help="seed of the new dots (and of --random-board's grid), a Java "
        "long; 'random', the default, draws one and shows it",
    )
    parser.add_argument(
        "--moves", type=moves, metavar="N", help="moves of the level (default 4)"
    )
    parser.add_argument(
        "--objective",
        type=objective,
        metavar="COLOUR:N",
        help="clear N dots of COLOUR (R, O, G or B) to win (default R:6)",
    )
    parser.add_argument(
        "--random-board",
        action="store_true",
        help="start from a grid drawn from the seed, not the MIS's grid",
    )
    parser.add_argument(
        "--squares",
        action="store_true",
        help="a closed loop of 4 or more dots clears every dot of its colour",
    )
    parser.add_argument(
        "--tui",
        action="store_true",
        help="play full screen: cursor keys or the mouse, hint, undo (? lists keys)",
    )
    autoplay_options.add_arguments(parser)
    return parser


def check_combinations(parser: argparse.ArgumentParser, args: SimpleNamespace) -> None:
    """Reject options that make no sense together (argparse exits with 2)."""
    refuse_mismatch(parser, DOTS, args.file)
    problems = (
        autoplay_options.misused_option(args),
        _autoplay_conflict(args),
        _level_conflict(args),
    )
    first = next((problem for problem in problems if problem is not None), None)
    if first is not None:
        parser.error(first)


def _autoplay_conflict(args: SimpleNamespace) -> str | None:
    if args.autoplay and (args.tui or args.file is not None):
        return "--autoplay plays new headless games: no FILE and no --tui"
    return None


def _level_conflict(args: SimpleNamespace) -> str | None:
    """A level option given with a FILE that exists (its save sets the level)."""
    if args.file is None or not os.path.exists(args.file):
        return None
    given = [name for name in LEVEL_OPTIONS if getattr(args, name) not in (None, False)]
    if not given:
        return None
    return (
        f"--{given[0].replace('_', '-')} only applies to a new game, but "
        f"{args.file} exists and its save sets the level"
    )


def parse_arguments(
    argv: list[str], stdout: TextIO, stderr: TextIO
) -> SimpleNamespace | int:
    """The options, or the exit status of --help or a usage error."""
    parser = build_parser()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            args = parser.parse_args(argv, namespace=SimpleNamespace())
            check_combinations(parser, args)
        except SystemExit as done:
            return done.code if isinstance(done.code, int) else EXIT_USAGE
    return args


def level_of(args: SimpleNamespace, seed: int) -> Level:
    """The level the options ask for, the MIS's where they are silent."""
    level = Level(seed=seed, random_board=args.random_board, squares=args.squares)
    if args.moves is not None:
        level = level._replace(moves=args.moves)
    if args.objective is not None:
        level = level._replace(objective=args.objective)
    return level


def seed_of(args: SimpleNamespace) -> int:
    """The seed of --seed, or a random one ('random', or no --seed)."""
    return draw_seed() if args.seed in (None, "random") else int(args.seed)


def start(args: SimpleNamespace) -> tuple[GameBoardT, str, str]:
    """(the game, where it saves, a first line saying where it came from).

    Raises SaveFileError when FILE exists and cannot be loaded.
    """
    if args.file is None:
        return (
            GameBoardT(**level_of(args, seed_of(args))._asdict()),
            DOTS.default_save,
            "",
        )
    if not os.path.exists(args.file):
        game = GameBoardT(**level_of(args, seed_of(args))._asdict())
        return (
            game,
            args.file,
            f"{args.file} does not exist yet: a new game, saved there.",
        )
    from .savefile import load

    return load(args.file), args.file, f"Loaded {args.file}."


def play_autoplay(args: SimpleNamespace, stdout: TextIO, stderr: TextIO) -> int:
    """Let the hint play --games new games; 130 when Ctrl-C cut them short."""
    from . import autoplay

    if args.seed in (None, "random"):
        first_seed = draw_seed()
        stderr.write(f"Seed: {first_seed}\n")  # stdout is kept for the table
    else:
        first_seed = int(args.seed)
    games = args.games or autoplay_options.DEFAULT_GAMES
    report = autoplay.run(
        level_of(args, first_seed), games, stdout, stderr, json=args.json
    )
    return EXIT_INTERRUPTED if report.interrupted else EXIT_OK


def play_full_screen(
    game: GameBoardT, save_target: str, loaded: bool, greeting: str, stderr: TextIO
) -> int:
    from . import tui

    return tui.run(
        game,
        save_target=save_target,
        loaded=loaded,
        greeting=greeting,
        environ=os.environ,
        stderr=stderr,
    )


def main(argv: list[str], stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """Parse ``argv`` as Dots' command line and play; return the status."""
    args = parse_arguments(argv, stdout, stderr)
    if isinstance(args, int):
        return args
    if args.autoplay:
        return play_autoplay(args, stdout, stderr)
    loaded = args.file is not None and os.path.exists(args.file)
    try:
        game, save_target, greeting = start(args)
    except SaveFileError as error:
        stdout.flush()
        stderr.write(shared_messages.cannot_load(error.path, error.detail))
        return EXIT_USAGE
    if args.tui:
        return play_full_screen(game, save_target, loaded, greeting, stderr)
    from ..data_folder import data_folder, other_rescue
    from ..session import Session
    from .adapter import Dots
    from .loop import LineGame

    adapter = Dots(game.level)
    session = Session(adapter, game, game.level.seed, save_target, loaded=loaded)
    folder = data_folder(os.environ)
    rescued = other_rescue(folder, adapter.rescue_name, args.file)
    if rescued is not None:
        stdout.write(shared_messages.rescued_game(rescued) + "\n")
    line_game = LineGame(
        session,
        stdin=stdin,
        stdout=stdout,
        stderr=stderr,
        rescue_folder=folder,
        palette=palette_for(os.environ, stdout),
    )
    return line_game.play(greeting)
