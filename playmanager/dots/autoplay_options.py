"""Dots' --autoplay options, apart from the games they play.

The command line builds its parser at every start, so these live in a
module that imports nothing heavy; :mod:`.autoplay` (and the hint's search
behind it) is imported only when --autoplay is given.
"""

from __future__ import annotations

from ..options import bounded, takes

TYPE_CHECKING = False  # argparse and typing cost start-up time (issue 14)
if TYPE_CHECKING:
    import argparse
    from types import SimpleNamespace
    from typing import Final

DEFAULT_GAMES: Final = 100
MAX_GAMES: Final = 1_000_000
AUTOPLAY_ONLY: Final = ("games", "json")
"""Options that mean nothing without --autoplay."""


@takes(f"1-{MAX_GAMES}")
def _games(text: str) -> int:
    return bounded(text, 1, MAX_GAMES, "the number of games")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add --autoplay, --games and --json (the level options are the game's)."""
    group = parser.add_argument_group("autoplay (the hint plays whole games)")
    group.add_argument(
        "--autoplay",
        action="store_true",
        help="let the hint play new games of the level; print how they went",
    )
    group.add_argument(
        "--games",
        type=_games,
        metavar="N",
        help=f"games to play (default {DEFAULT_GAMES}); game i uses seed S + i",
    )
    group.add_argument("--json", action="store_true", help="print the results as JSON")


def misused_option(args: SimpleNamespace) -> str | None:
    """The error for an autoplay option given without --autoplay, else None."""
    if args.autoplay:
        return None
    given = [name for name in AUTOPLAY_ONLY if getattr(args, name) not in (None, False)]
    return f"--{given[0]} only applies with --autoplay" if given else None
