"""Forty Thieves' command line: ``python -m playmanager --game forty-thieves``.

:func:`main` is the game's front end in :mod:`playmanager.games`:
:mod:`playmanager.cli` chooses it (from ``--game`` or a save file's first
line) and handles Ctrl-C and closed pipes. Without ``--tui`` the game is
played in the line mode (:mod:`.line_mode`); with it, full screen
(:mod:`.tui`). With ``--solve`` no game is played: the solver works
through many deals and prints a table (:mod:`.solve_batch`).

FILE is loaded when it exists (a file that cannot be loaded is refused
with one line, exit 2); when it does not, a new deal saves there. A new
deal takes ``--seed N``, or a random seed that the first line prints, so
that every deal can be played again. Exit status: 0 when the game ends,
2 for a usage error or a save file that cannot be loaded.
"""

from __future__ import annotations

import argparse
import enum
import os
from types import SimpleNamespace
from typing import TextIO

from gamestate.forty_thieves import BoardT

from .. import messages, ray_pool
from ..data_folder import data_folder, tell_of_a_rescued_game
from ..games import FORTY_THIEVES, Launch
from ..options import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    RANDOM_SEED,
    draw_seed,
    run_command_line,
)
from ..options import seed as seed_option
from ..parser import Parser, game_parser
from ..session import Session
from ..storage import why_unwritable
from . import deal_numbers, savefile, solve_options, text
from .adapter import Effects, FortyThieves, Intent, past_play
from .commands import HELP_ROWS
from .line_mode import LineGame


def build_parser() -> Parser:
    """The parser of every option; the help lists the commands."""
    parser = game_parser(
        FORTY_THIEVES,
        description="Play Forty Thieves solitaire (two decks, 10 tableau piles "
        "building down in suit, 8 foundations building up from the Ace, the deck "
        "dealt once). Type a command and Enter.",
        file_help="load this saved game; if it does not exist, a new deal that "
        "saves there",
        keys=keys_help,
    )
    parser.add_argument(
        "--tui",
        action="store_true",
        help="play full screen: cards in colour, keys and mouse, undo, hints "
        "(? lists the keys)",
    )
    parser.add_argument(
        "--seed",
        type=seed_option,
        metavar="N",
        help="the deal to play (a Java program shuffling with "
        "Collections.shuffle(cards, new Random(N)) deals the same); 'random' (the "
        "default) draws one from 1 to 2^31-1 and prints it; with --solve, the "
        "first deal",
    )
    solve_options.add_new_deal_arguments(parser)
    solve_options.add_arguments(parser)
    return parser


def keys_help(width: int) -> str:
    """The keys of both modes for ``--help``, from their tables."""
    from ..line_mode import controls_lines
    from ..messages import NEW_DEAL_SUMMARY
    from ..parser import keys_of_both_modes
    from .tui.controller import help_lines

    line_mode = [f"{example:<14}{what}" for example, what in HELP_ROWS]
    controls = (line.strip() for line in controls_lines(NEW_DEAL_SUMMARY))
    return keys_of_both_modes(
        [*line_mode, *controls], help_lines(), NEW_DEAL_SUMMARY, width=width
    )


def check_combinations(parser: argparse.ArgumentParser, args: SimpleNamespace) -> None:
    """Reject options that make no sense together (argparse exits with 2)."""
    misused = solve_options.misused_option(args)
    if misused is not None:
        parser.error(misused)
    if args.seed is not None and args.file is not None and os.path.exists(args.file):
        parser.error(
            f"--seed only chooses a new deal, but {args.file} exists and holds a game"
        )
    if args.winnable and args.file is not None and os.path.exists(args.file):
        parser.error(f"--winnable deals a new game, but {args.file} exists")


class Origin(enum.Enum):
    """Where the game comes from, for the greeting."""

    NEW = "a new deal"
    NEW_FILE = "a new deal for a FILE that does not exist yet"
    LOADED = "FILE, loaded"


FortySession = Session[BoardT, Intent, Effects]


def start(args: SimpleNamespace, launch: Launch) -> tuple[FortySession, Origin]:
    """The session the options ask for, and where it comes from.

    Raises SaveFileError when FILE exists and cannot be loaded.
    """
    adapter = FortyThieves()
    if args.file is not None and os.path.exists(args.file):
        text_read = launch.files.text(args.file)  # read once, at the command line
        board, saved_seed, past = past_play(savefile.loads_play(text_read, args.file))
        session = Session(adapter, board, saved_seed, args.file, loaded=True, past=past)
        return session, Origin.LOADED
    seed = draw_seed() if args.seed in (None, RANDOM_SEED) else int(args.seed)
    target = FORTY_THIEVES.default_save if args.file is None else args.file
    origin = Origin.NEW if args.file is None else Origin.NEW_FILE
    return Session(adapter, adapter.new_model(seed), seed, target, loaded=False), origin


def line_greeting(session: FortySession, origin: Origin) -> str:
    """The line mode's first lines."""
    path, seed = session.save_target, session.seed
    if origin is Origin.LOADED:
        return text.loaded(path, seed)
    if origin is Origin.NEW_FILE:
        return text.new_file(path) + text.new_deal(seed)
    return text.new_deal(seed)


def screen_greeting(session: FortySession, origin: Origin) -> str:
    """The full screen's first status line (the title shows the deal)."""
    path = session.save_target
    if origin is Origin.LOADED:
        return f"{messages.loaded(path, why_unwritable(path))}; ? lists the keys"
    if origin is Origin.NEW_FILE:
        return f"{path} does not exist yet: new deal, o saves there; ? lists the keys"
    return f"New deal; o saves to {path}; ? lists the keys"


def play(args: SimpleNamespace, launch: Launch) -> int:
    """Start the game the options ask for and play it; return the status."""
    if args.solve:
        return solve_deals(args, launch.stdout, launch.stderr)
    if args.winnable:
        args.seed = deal_numbers.winnable()
        if args.seed is None:
            launch.stderr.write(text.NO_WINNABLE_DEAL)
            return EXIT_USAGE
    session, origin = start(args, launch)
    if args.tui:
        from . import tui  # here, not at the top: the line mode starts fast

        greeting = screen_greeting(session, origin)
        if args.winnable:
            greeting = text.proven_winnable(session.seed).rstrip() + " " + greeting
        return tui.run(
            session,
            greeting,
            loaded=origin is Origin.LOADED,
            terminal=launch.terminal,
            environ=launch.environ,
            stderr=launch.stderr,
            file_given=args.file is not None,
        )
    folder = data_folder(launch.environ)
    rescue_name = session.adapter.rescue_name
    tell_of_a_rescued_game(
        folder, rescue_name, args.file, launch.stdout, launch.terminal.text_width
    )
    if args.winnable:
        launch.stdout.write(text.proven_winnable(session.seed))
    card_text = text.card_style(launch.terminal)
    adapter = session.adapter
    assert isinstance(adapter, FortyThieves)
    adapter.card_text = card_text
    game = LineGame(
        session,
        stdin=launch.stdin,
        stdout=launch.stdout,
        stderr=launch.stderr,
        rescue_folder=folder,
        terminal=launch.terminal,
    )
    game.card_text = card_text
    return game.play(line_greeting(session, origin).rstrip("\n"))


def solve_deals(args: SimpleNamespace, stdout: TextIO, stderr: TextIO) -> int:
    """Solve the deals --solve asks for; 130 when Ctrl-C cut them short,
    2 when the --jsonl file cannot be read."""
    from . import solve_batch  # here, not at the top: the solver is big

    if args.seed in (None, RANDOM_SEED):
        first_seed = draw_seed()
        stderr.write(f"Seed: {first_seed}\n")  # stdout is kept for the table
    else:
        first_seed = int(args.seed)
    budget_ms = args.budget_ms
    if budget_ms is None and args.max_nodes is None:
        budget_ms = solve_options.DEFAULT_BUDGET_MS
    report = solve_batch.Report(
        first_seed=first_seed,
        deals=args.deals or solve_options.DEFAULT_DEALS,
        budget_ms=budget_ms,
        max_nodes=args.max_nodes,
        jobs=args.jobs or 1,
        ray=args.ray,
    )
    try:
        solve_batch.run(report, stdout, stderr, as_json=args.json, jsonl=args.jsonl)
    except solve_batch.JournalError as error:
        stdout.flush()
        stderr.write(f"playmanager: {error}; the file was left as it is\n")
        return EXIT_USAGE
    except OSError as error:
        stdout.flush()
        stderr.write(f"playmanager: cannot use {args.jsonl}: {error.strerror}\n")
        return EXIT_USAGE
    except ray_pool.RayError as error:
        stderr.write(f"playmanager: {error}\n")
        return EXIT_USAGE
    return EXIT_INTERRUPTED if report.interrupted else EXIT_OK


def main(launch: Launch) -> int:
    """Play Forty Thieves' command line; return the exit status."""
    return run_command_line(
        launch, build_parser=build_parser, check=check_combinations, play=play
    )
