"""Each browser's statistics: games played, won, streaks and bests.

The counting is the terminal's (:mod:`playmanager.statistics`): the same
:class:`~playmanager.statistics.Tally` adds each finished game's
:class:`~playmanager.statistics.Result`, and the same JSON holds them; a
browser's record lives in the server's store beside its best 2048 score,
not in a file. A game counts once, when it ends or when it is given up for
a new one (:meth:`playmanager.web.games.base.WebGame.count_now` says when).
"""

from __future__ import annotations

from typing import Any, Final

from ..statistics import Statistics, StatisticsError, Tally
from .games import WebGame
from .store import Store

VARIANT: Final = ""
"""Forty Thieves has one variant (the terminal names it so too)."""


def _read(store: Store, client: str) -> Statistics:
    text = store.statistics(client)
    try:
        return Statistics.from_json(text) if text else Statistics()
    except StatisticsError:
        return Statistics()  # not ours to read (the store was edited): start afresh


def count(store: Store, client: str, game: WebGame) -> bool:
    """Count ``game`` now if it has a result to count (it ended, or it is
    given up), once; whether it counted. The record before and after the
    count stay with the game (:attr:`WebGame.count_made`) for
    :func:`take_back`."""
    result = game.count_now()
    if result is None:
        return False
    statistics = _read(store, client)
    before = statistics.to_json()
    statistics.tally(game.kind, VARIANT).add(result)
    after = statistics.to_json()
    store.set_statistics(client, after)
    game.count_made = (before, after)
    return True


def count_if_ended(store: Store, client: str, game: WebGame) -> None:
    """After a move: count ``game`` if it has ended (won, lost or stuck);
    one still in play counts only when given up (a new game)."""
    if game.finished():
        count(store, client, game)


def take_back(store: Store, client: str, game: WebGame) -> bool:
    """Undo brought ``game`` back after a new game gave it up: its count is
    taken back, as the terminal's :meth:`~playmanager.statistics.Tracker.take_back`
    does, when the record is still the one that count wrote (a game
    counted since keeps it, and this one then counts no more); whether it was."""
    if game.count_made is None:
        return False
    before, after = game.count_made
    game.count_made = None
    if store.statistics(client) != after:
        return False
    store.set_statistics(client, before)
    game.uncount()
    return True


def tally_of(store: Store, client: str | None, kind: str) -> dict[str, Any]:
    """The client's tally of ``kind`` as the page shows it."""
    statistics = Statistics() if client is None else _read(store, client)
    tally = statistics.games.get(kind, {}).get(VARIANT, Tally())
    return {
        "played": tally.played,
        "won": tally.won,
        "streak": tally.streak,
        "best_streak": tally.best_streak,
        "best_seconds": tally.best_seconds,
        "from_file": tally.from_file,
    }
