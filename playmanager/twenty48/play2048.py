"""2048's command line: PlayManager.java, plus options that Java does not have.

:func:`main` builds the game as the Java reference does and hands it to
the line loop with the streams it was given. It is 2048's front end in
:mod:`playmanager.games`; :mod:`playmanager.cli` chooses it and handles
Ctrl-C and closed pipes for every game. Exit status: 0 when the game
ends (``q``, end of input, game over), 2 for a usage error or a save file
that cannot be loaded.

To add a mode: an option in :func:`build_parser` (and its value in
:data:`NO_OPTIONS`), a check in :func:`check_combinations` if it excludes
others, and a branch in :func:`play` that reuses :func:`new_game`.

Start-up (issue 14): ``python -m playmanager`` with no option at all,
the commonest start, needs no argparse, whose parser and help formatter
cost as much as the rest of the start-up; nor do saves need their
parser until one is read. Type-only names come from typing only for type
checkers.
"""

from __future__ import annotations

import io
import os
from types import SimpleNamespace

from gamestate import Config, GameState

from ..games import TWENTY_FORTY_EIGHT, Files, Launch
from ..options import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    bad_value,
    bounded,
    chosen_seed,
    draw_seed,
    percent,
    run_command_line,
    takes,
)
from ..options import seed as seed_option
from . import autoplay_options, messages
from .commands import described_keys
from .loop import LineGame, WinRound, fit
from .rules import (
    DEFAULT_GOAL,
    JAVA,
    MAX_GOAL,
    MAX_SIDE,
    MAX_TILE,
    MIN_GOAL,
    PRESETS,
    Rules,
    check_goal,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable
    from typing import Final, TextIO

    from ..parser import Parser
    from .record import Record

NO_OPTIONS: Final = {
    "game": TWENTY_FORTY_EIGHT.name,
    "stats": False,
    "web": False,
    "seed": None,
    "size": None,
    "rows": None,
    "cols": None,
    "two_prob": None,
    "tui": False,
    "rules": JAVA.name,
    "goal": None,
    "autoplay": False,
    "games": None,
    "depth": None,
    "ms": None,
    "json": False,
}
"""What :func:`build_parser` gives when no option is given (a test checks)."""


@takes(f"1-{MAX_SIDE}")
def _side(text: str) -> int:
    return bounded(text, 1, MAX_SIDE, "a side")


@takes(f"a power of 2, {MIN_GOAL}-{MAX_GOAL}")
def _goal(text: str) -> int:
    try:
        return check_goal(bounded(text, 1, MAX_TILE, "the goal"))
    except ValueError as error:
        raise bad_value(str(error)) from error


def build_parser() -> Parser:
    """Return the parser of every option; the help lists the keys."""

    from ..parser import game_parser

    parser = game_parser(
        TWENTY_FORTY_EIGHT,
        description="Play 2048 in the terminal, move for move as the CSE 8B "
        "PA4 Java reference. Type a key and Enter. Other games: --game. "
        "Without options the output is the Java reference's, byte for byte.",
        file_help="load this .2048 save file; if it does not exist, start a "
        "new game that saves there",
        keys=keys_help,
    )
    parser.add_argument(
        "--seed",
        type=seed_option,
        metavar="N",
        help="seed of the random tiles, a Java long (default: "
        f"{Config.RANDOM_SEED} in the line mode, as Java's; a random one in the "
        "full screen, which shows it); 'random' draws one and prints it",
    )
    parser.add_argument(
        "--size", type=_side, metavar="N", help="an N x N board for a new game"
    )
    parser.add_argument("--rows", type=_side, metavar="R", help="rows of a new game")
    parser.add_argument("--cols", type=_side, metavar="C", help="columns of a new game")
    parser.add_argument(
        "--two-prob",
        type=percent,
        metavar="P",
        help=f"percent chance that a new tile is a 2 (default {Config.TWO_PROB})",
    )
    parser.add_argument(
        "--tui",
        action="store_true",
        help="play full screen: arrow keys, colours, undo, best score (? lists the keys)",
    )
    parser.add_argument(
        "--rules",
        choices=sorted(PRESETS),
        default=JAVA.name,
        help="rule preset (default java): "
        + "; ".join(
            f"{rules.name}: {rules.summary}".replace("%", "%%")  # argparse formats help
            for rules in PRESETS.values()
        ),
    )
    parser.add_argument(
        "--goal",
        type=_goal,
        metavar="N",
        help=f"the tile that wins (turns the win on; --tui wins at {DEFAULT_GOAL})",
    )
    autoplay_options.add_arguments(parser)
    return parser


def keys_help(width: int) -> str:
    """The keys of both modes for ``--help``: the line mode's are Java's
    (Config's), the full screen's its key table's."""
    from ..parser import keys_of_both_modes
    from ..screen.keys import describe
    from .tui.controller import playing_keys

    line_mode = [f"{key:<16}{what}" for key, what in described_keys()]
    return keys_of_both_modes(line_mode, describe(playing_keys()), width=width)


def game_rules(args: SimpleNamespace) -> Rules:
    """The preset of --rules, with --two-prob and --goal on top of it."""
    rules = PRESETS[args.rules]
    if args.two_prob is not None:
        rules = rules._replace(two_prob=args.two_prob)
    if args.goal is not None:
        rules = rules.with_goal(args.goal)
    if args.tui and rules.goal is None:
        rules = rules._replace(goal=DEFAULT_GOAL)  # the full-screen game is won
    return rules


def check_combinations(parser: argparse.ArgumentParser, args: SimpleNamespace) -> None:
    """Reject options that make no sense together (argparse exits with 2)."""
    if args.size is not None and (args.rows is not None or args.cols is not None):
        parser.error("--size cannot be combined with --rows or --cols")
    misused = autoplay_options.misused_option(args)
    if misused is not None:
        parser.error(misused)
    if args.autoplay and (args.tui or args.file is not None):
        parser.error("--autoplay plays new headless games: no FILE and no --tui")
    sized = args.size is not None or args.rows is not None or args.cols is not None
    if sized and args.file is not None and os.path.exists(args.file):
        parser.error(
            f"--size, --rows and --cols only apply to a new game, but {args.file} "
            "exists and its save sets the size"
        )


def without_options(
    argv: list[str], files: Files | None = None
) -> SimpleNamespace | None:
    """The options of a command line that has none (at most a FILE that
    holds no other game), without a parser; None for any other."""
    if len(argv) > 1 or any(arg.startswith("-") for arg in argv):
        return None
    file = argv[0] if argv else None
    files = Files() if files is None else files
    if files.mismatch(TWENTY_FORTY_EIGHT, file) is not None:
        return None  # the parser reports it
    return SimpleNamespace(**NO_OPTIONS, file=file)


def choose_seed(args: SimpleNamespace, stdout: TextIO) -> int | None:
    """Return the seed to use (None: Config.RANDOM_SEED); print a drawn one.

    Without --seed the line mode keeps Java's seed, so its output stays the
    reference's; the full screen deals a fresh game at each launch (it
    shows the seed, so --seed replays it).
    """
    seed = chosen_seed(args.seed, stdout)
    if seed is None and args.tui:
        return draw_seed()
    return seed


def start_game(
    rows: int, cols: int, seed: int | None, two_prob: int | None
) -> GameState:
    """A new game as Java starts one: INITIAL_TILE_COUNT tiles drawn."""
    game = GameState(rows, cols, seed=seed, two_prob=two_prob)
    for _ in range(Config.INITIAL_TILE_COUNT):
        game.addTile()
    return game


def board_shape(args: SimpleNamespace) -> tuple[int, int]:
    """Rows and columns of a new game: --rows/--cols, --size, or the default."""
    size = args.size if args.size is not None else Config.DEFAULT_SIZE
    rows = args.rows if args.rows is not None else size
    cols = args.cols if args.cols is not None else size
    return rows, cols


def new_game(
    args: SimpleNamespace, launch: Launch, stdout: TextIO, seed: int | None
) -> tuple[GameState, str, Record | None]:
    """Build the game as PlayManager.java does; return (game, save target,
    what FILE held).

    The default game is always built first (its tiles drawn). With FILE it
    is replaced, only if FILE exists, by a fresh game read from it, whose
    generator is seeded as a new game's; a rescue record (see
    :mod:`~playmanager.twenty48.record`) resumes its own. Prints the start
    message. Raises SaveFileError when FILE cannot be loaded.
    """
    two_prob = game_rules(args).two_prob
    rows, cols = board_shape(args)
    game = start_game(rows, cols, seed, two_prob)
    if args.file is None:
        stdout.write(messages.START_DEFAULT)
        return game, Config.DEFAULT_OUTFILE, None
    stdout.write(fit(messages.start_load(args.file), text_width(launch)))
    if not os.path.exists(args.file):
        return game, args.file, None
    from .record import read_record  # here: see the module docstring

    text = launch.files.text(args.file)
    record = read_record(text, args.file, seed=seed, two_prob=two_prob)
    return record.game, args.file, record


def game_maker(game: GameState, rules: Rules) -> Callable[[int], GameState]:
    """Make games of ``game``'s size with ``rules`` from a seed (play again)."""
    rows, cols = len(game.getBoard()), len(game.getBoard()[0])
    return lambda seed: start_game(rows, cols, seed, rules.two_prob)


def play_full_screen(
    args: SimpleNamespace,
    game: GameState,
    seed: int,
    save_target: str,
    launch: Launch,
    record: Record | None = None,
) -> int:
    """Run the --tui game on the process's terminal; return the status.
    A rescue ``record`` as FILE brings its undo history."""
    from . import tui  # here, not at the top: start-up of the line mode stays fast

    rules = game_rules(args)
    return tui.run(
        game,
        rules=rules,
        seed=seed,
        new_game=game_maker(game, rules),
        save_target=save_target,
        loaded=args.file is not None and os.path.exists(args.file),
        terminal=launch.terminal,
        environ=launch.environ,
        stderr=launch.stderr,
        greeting=tui_greeting(args.file, save_target),
        file_given=args.file is not None,
        past=() if record is None else record.past(),
    )


def tui_greeting(file: str | None, save_target: str) -> str:
    """The first status line of the full-screen game: where the game is from."""
    if file is None:
        return f"New game; {Config.SAVE_KEY} saves to {save_target}"
    if os.path.exists(file):
        from ..messages import loaded
        from ..storage import why_unwritable

        return loaded(file, why_unwritable(file))
    return f"{file} does not exist yet; new game, {Config.SAVE_KEY} saves there"


def play_autoplay(args: SimpleNamespace, stdout: TextIO, stderr: TextIO) -> int:
    """Let the solver play --games new games; 130 when Ctrl-C cut them short."""
    from . import autoplay  # here, not at the top: the solver is slow to import

    seed = choose_seed(args, stderr)  # stdout is kept for the table or JSON
    rows, cols = board_shape(args)
    two_prob = game_rules(args).two_prob
    report = autoplay.run(
        args,
        Config.RANDOM_SEED if seed is None else seed,
        lambda game_seed: start_game(rows, cols, game_seed, two_prob),
        stdout,
        stderr,
    )
    return EXIT_INTERRUPTED if report.interrupted else EXIT_OK


def play(args: SimpleNamespace, launch: Launch) -> int:
    """Start the game the options ask for and play it; return the status."""
    stdin, stdout, stderr = launch.stdin, launch.stdout, launch.stderr
    if args.autoplay:
        return play_autoplay(args, stdout, stderr)
    start_out = io.StringIO() if args.tui else stdout  # the screen shows it
    seed = choose_seed(args, start_out)
    game, save_target, record = new_game(args, launch, start_out, seed)
    if record is not None:
        seed = record.seed  # a rescue record's own; a save's, the one given
    if seed is None:
        seed = Config.RANDOM_SEED
    if args.tui:
        return play_full_screen(args, game, seed, save_target, launch, record)
    from ..data_folder import data_folder, tell_of_a_rescued_game
    from . import RESCUE_NAME

    folder = data_folder(launch.environ)  # on stderr: stdout stays Java's
    width = text_width(launch)
    tell_of_a_rescued_game(folder, RESCUE_NAME, args.file, stderr, width)
    rules = game_rules(args)
    loaded = args.file is not None and os.path.exists(args.file)
    win = None
    if rules.goal is not None:
        win = WinRound(rules.goal, game_maker(game, rules), seed)
    return LineGame(
        game,
        save_target,
        stdin,
        stdout,
        stderr,
        win=win,
        loaded=loaded,
        seed=seed,
        moves=() if record is None else record.moves,
        start=None if record is None else record.start,
        width=width,
    ).play()


def text_width(launch: Launch) -> int | None:
    """The width messages are fitted to: the terminal's; None on a pipe,
    whose output stays Java's byte for byte."""
    terminal = launch.terminal
    return terminal.text_width if terminal.is_terminal else None


def main(launch: Launch) -> int:
    """Play 2048's command line; return the exit status."""
    return run_command_line(
        launch,
        build_parser=build_parser,
        check=check_combinations,
        play=play,
        without_parser=without_options(launch.argv, launch.files),
    )
