"""Which deal a new game of Forty Thieves gets: numbers a person can read.

A deal is numbered by its seed, any Java long (``--seed N``), but a new
random deal is drawn from 1 to 2^31 - 1 (:data:`~playmanager.options.DRAWN`,
as every game's new seeds), so the number the game shows is short enough
to say and type. ``--winnable`` draws deals until the
thoughtful solver (all cards known) proves one won within a budget. This
module never prints; the solver is imported only when asked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..options import DRAWN, draw_seed

WINNABLE_TRIES: Final = 100
"""Deals --winnable tries before it gives up: about one deal in eight is
proven won within the budget, so it usually stops within a few tries and
a hundred all failing is a one-in-a-million event (forty failing, about
one run in 250, was met by a test run)."""
WINNABLE_NODES: Final = 1500
"""The thoughtful solver's positions per deal tried. A count, not a time,
so whether a deal is proven won is the same on any machine however busy;
most proven wins take a few hundred, so a try is a short wait."""


def following(number: int) -> int:
    """The deal ``n`` (new game) gives after deal ``number``: the next
    number, back to the first after the last (or after a seed outside
    :data:`DRAWN`, say a Java long from ``--seed``)."""
    return number + 1 if number + 1 in DRAWN else DRAWN.start


def winnable(
    draw_number: Callable[[], int] = draw_seed,
    tries: int = WINNABLE_TRIES,
    max_nodes: int = WINNABLE_NODES,
) -> int | None:
    """The number of a drawn deal whose win the thoughtful solver proves
    within ``max_nodes`` positions, trying up to ``tries`` deals; None if none."""
    from gamestate.forty_thieves import BoardT, deal  # only when asked
    from gamestate.forty_thieves.solver import solve

    for _ in range(tries):
        number = draw_number()
        if solve(BoardT(deal(number)), max_nodes=max_nodes).status == "won":
            return number
    return None
