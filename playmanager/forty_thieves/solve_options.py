"""The --solve options of Forty Thieves, apart from the runner.

The command line builds its parser at every start, so these live in a
module that imports nothing heavy; :mod:`.solve_batch` (and the solver
behind it) is imported only when --solve is given. The whole numbers and
times are read as --autoplay reads them (:mod:`playmanager.autoplay_options`).
"""

from __future__ import annotations

from ..options import positive_float, positive_int

TYPE_CHECKING = False  # argparse and typing cost start-up time (issue 14)
if TYPE_CHECKING:
    import argparse
    from types import SimpleNamespace
    from typing import Final

DEFAULT_DEALS: Final = 10
DEFAULT_BUDGET_MS: Final = 5000.0
_ONLY_WITH_SOLVE: Final = (
    "deals",
    "budget_ms",
    "max_nodes",
    "jobs",
    "ray",
    "json",
    "jsonl",
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add --solve and its options (not --seed, which playing shares)."""
    group = parser.add_argument_group(
        "solve (every card known; no game is played)"
    )
    group.add_argument(
        "--solve",
        action="store_true",
        help="solve the deals of --seed S, S+1, ...; print a table of won, proven "
        "lost and unknown",
    )
    group.add_argument(
        "--deals",
        type=positive_int,
        metavar="N",
        help=f"deals to solve (default {DEFAULT_DEALS}); deal i is the seed S + i",
    )
    group.add_argument(
        "--budget-ms",
        type=positive_float,
        metavar="T",
        help=f"the solver's time per deal in milliseconds (default "
        f"{DEFAULT_BUDGET_MS:g}, none with --max-nodes alone); past it the deal "
        "is 'unknown'",
    )
    group.add_argument(
        "--max-nodes",
        type=positive_int,
        metavar="N",
        help="also stop a deal after N positions expanded (the same on every "
        "machine, unlike time)",
    )
    workers = group.add_mutually_exclusive_group()
    workers.add_argument(
        "--jobs",
        type=positive_int,
        metavar="J",
        help="worker processes solving deals side by side (default 1)",
    )
    workers.add_argument(
        "--ray",
        nargs="?",
        const="local",  # ray_pool.LOCAL, not imported: start-up time
        metavar="ADDRESS",
        help="solve the deals as Ray tasks: on a new local Ray when ADDRESS is "
        "left out, else on the cluster at ADDRESS ('auto', 'ray://HOST:10001'); "
        "needs the ray extra",
    )
    output = group.add_mutually_exclusive_group()
    output.add_argument(
        "--json", action="store_true", help="print the results as one JSON document"
    )
    output.add_argument(
        "--jsonl",
        metavar="FILE",
        help="append one JSON line per deal to FILE as it finishes; deals whose "
        "seed FILE already holds are not solved again (resume a run, or split "
        "seed ranges across machines)",
    )


def add_new_deal_arguments(parser: argparse.ArgumentParser) -> None:
    """Add --winnable (a new deal that the solver proves won)."""
    parser.add_argument(
        "--winnable",
        action="store_true",
        help="deal a game whose win the thoughtful solver (all cards known) "
        "proves within a short budget; its deal number is shown",
    )


def misused_option(args: SimpleNamespace) -> str | None:
    """Why the --solve and --winnable options cannot go together, or None."""
    if args.winnable and (args.solve or args.seed not in (None, "random")):
        return "--winnable draws a new deal: not with --seed N or --solve"
    if not args.solve:
        for name in _ONLY_WITH_SOLVE:
            if getattr(args, name) not in (None, False):
                return f"--{name.replace('_', '-')} only applies with --solve"
        return None
    if args.tui or args.file is not None:
        return "--solve solves new deals headless: no FILE and no --tui"
    return None
