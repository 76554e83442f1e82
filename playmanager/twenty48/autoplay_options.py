"""The --autoplay options, apart from the games they play.

The command line builds its parser at every start, so these live in a
module that imports nothing heavy; :mod:`playmanager.twenty48.autoplay` (and the
solver behind it) is imported only when --autoplay is given.
"""

from __future__ import annotations

from ..options import positive_float, positive_int

TYPE_CHECKING = False  # argparse and typing cost start-up time (issue 14)
if TYPE_CHECKING:
    import argparse
    from types import SimpleNamespace
    from typing import Final

DEFAULT_GAMES: Final = 10
_ONLY_WITH_AUTOPLAY: Final = ("games", "depth", "ms", "json")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add --autoplay and its options (not --seed, which games share)."""
    group = parser.add_argument_group("autoplay (the solver plays headless games)")
    group.add_argument(
        "--autoplay",
        action="store_true",
        help="let the solver play; print how far the games got",
    )
    group.add_argument(
        "--games",
        type=positive_int,
        metavar="N",
        help=f"games to play (default {DEFAULT_GAMES}); game i uses seed S + i",
    )
    search = group.add_mutually_exclusive_group()
    search.add_argument(
        "--depth",
        type=positive_int,
        metavar="D",
        help="player moves the solver looks ahead (default on 4x4: 3, 4 when crowded)",
    )
    search.add_argument(
        "--ms",
        type=positive_float,
        metavar="T",
        help="the solver's time per move in milliseconds, instead of a depth",
    )
    group.add_argument("--json", action="store_true", help="print the results as JSON")


def misused_option(args: SimpleNamespace) -> str | None:
    """The error for an autoplay option given without --autoplay, else None."""
    if args.autoplay:
        return None
    for name in _ONLY_WITH_AUTOPLAY:
        if getattr(args, name) not in (None, False):
            return f"--{name} only applies with --autoplay"
    return None
