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

import os
from types import SimpleNamespace

from gamestate.dots import CellT, GameBoardT, Level
from gamestate.dots.board import MAX_MOVES, MAX_OBJECTIVE

from .. import messages as shared_messages
from ..games import DOTS, Launch
from ..options import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    bad_value,
    bounded,
    draw_seed,
    run_command_line,
    takes,
)
from ..options import seed as seed_option
from ..storage import why_unwritable
from . import autoplay_options
from .paths import FORMAT_HELP
from .view import NAMES, palette_for

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Final, TextIO

    from ..parser import Parser
    from .record import Record

LEVEL_OPTIONS: Final = ("seed", "moves", "objective", "random_board", "squares")
"""Options that make a new level, so they cannot go with an existing FILE."""
_COLOURS: Final = {
    **{cell.value.lower(): cell for cell in CellT},
    **{name: cell for cell, name in NAMES.items()},
}


@takes(f"COLOUR one of R, O, G, B; N 1-{MAX_OBJECTIVE}")
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


@takes(f"1-{MAX_MOVES}")
def moves(text: str) -> int:
    return bounded(text, 1, MAX_MOVES, "the moves")


def build_parser() -> Parser:
    """Every option of Dots; the help says how to type a path."""

    from ..parser import game_parser

    parser = game_parser(
        DOTS,
        description="Play Dots (spec 003): join neighbouring dots of one colour "
        "to clear the objective's dots within the moves.",
        file_help="load this .dots save; if it does not exist, start a new game "
        "that saves there",
        keys=keys_help,
        epilog=f"A path is {FORMAT_HELP}: row 0 is the top row.",
    )
    parser.add_argument(
        "--seed",
        type=seed_option,
        metavar="N",
        help="seed of the new dots (and of --random-board's grid); 'random', "
        "the default, draws one and shows it",
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


def keys_help(width: int) -> str:
    """The keys of both modes for ``--help``, from their tables."""
    from ..line_mode import controls_lines
    from ..parser import keys_of_both_modes
    from .messages import HELP
    from .tui.controller import help_lines

    line_mode = [*HELP, *(line.strip() for line in controls_lines())]
    return keys_of_both_modes(line_mode, help_lines(), width=width)


def check_combinations(parser: argparse.ArgumentParser, args: SimpleNamespace) -> None:
    """Reject options that make no sense together (argparse exits with 2)."""
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


def start(args: SimpleNamespace, launch: Launch) -> tuple[Record, str, str]:
    """(the game, where it saves, a first line saying where it came from):
    a new game's record has no moves; a rescue record as FILE has those
    undo takes back.

    Raises SaveFileError when FILE exists and cannot be loaded.
    """
    from .record import Record

    if args.file is None:
        game = GameBoardT(**level_of(args, seed_of(args))._asdict())
        return Record(game, game, ()), DOTS.default_save, ""
    if not os.path.exists(args.file):
        game = GameBoardT(**level_of(args, seed_of(args))._asdict())
        return (
            Record(game, game, ()),
            args.file,
            f"{args.file} does not exist yet: a new game, saved there.",
        )
    from .record import read_record

    record = read_record(launch.files.text(args.file), args.file)
    return record, args.file, f"Loaded {args.file}."


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


def play(args: SimpleNamespace, launch: Launch) -> int:
    """Start the game the options ask for and play it; return the status."""
    if args.autoplay:
        return play_autoplay(args, launch.stdout, launch.stderr)
    loaded = args.file is not None and os.path.exists(args.file)
    record, save_target, greeting = start(args, launch)
    game = record.game
    if args.tui:
        from . import tui

        if loaded:
            greeting = shared_messages.loaded(args.file, why_unwritable(args.file))
        return tui.run(
            game,
            save_target=save_target,
            loaded=loaded,
            greeting=greeting,
            terminal=launch.terminal,
            environ=launch.environ,
            stderr=launch.stderr,
            file_given=args.file is not None,
            paths=record.paths,
            start=record.start,
        )
    from ..data_folder import data_folder, tell_of_a_rescued_game
    from ..session import Session
    from .adapter import Dots
    from .loop import LineGame

    adapter = Dots(game.level)
    past = adapter.replay(record.start, record.paths)
    session = Session(
        adapter, game, game.level.seed, save_target, loaded=loaded, past=past
    )
    folder = data_folder(launch.environ)
    width = launch.terminal.text_width
    tell_of_a_rescued_game(folder, adapter.rescue_name, args.file, launch.stdout, width)
    line_game = LineGame(
        session,
        stdin=launch.stdin,
        stdout=launch.stdout,
        stderr=launch.stderr,
        rescue_folder=folder,
        terminal=launch.terminal,
        palette=palette_for(launch.terminal),
    )
    return line_game.play(greeting)


def main(launch: Launch) -> int:
    """Play Dots' command line; return the exit status."""
    return run_command_line(
        launch, build_parser=build_parser, check=check_combinations, play=play
    )
