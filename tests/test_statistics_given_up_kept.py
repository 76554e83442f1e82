"""A game given up by ``n`` and kept in a rescue file at ``q`` (or at a
hang-up) counted once, at the ``n``: resumed later, it must not count
again when it ends or is given up (issue 36)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gamestate.dots import CellT, GameBoardT
from playmanager.statistics import load
from tests import screens


def build(name: str) -> Callable[..., Any]:
    if name == "2048":
        return screens.twenty48
    long_game = GameBoardT(seed=5, moves=20, objective=(CellT.R, 200))
    return lambda tmp, keys=(), **kw: screens.dots(tmp, keys, game=long_game.copy(), **kw)


def played(tmp_path: Path) -> tuple[int, int]:
    statistics = load(tmp_path / "statistics.json")[0]
    tallies = [tally for game in statistics.games.values() for tally in game.values()]
    return sum(t.played for t in tallies), sum(t.won for t in tallies)


def a_move(controller: Any) -> None:
    intent = controller.session.hint()
    assert intent is not None and controller.play(intent) is not None


@pytest.mark.parametrize("end", ["q", "hang-up"])
@pytest.mark.parametrize("name", ["2048", "dots"])
def test_a_game_given_up_kept_and_resumed_counts_once(
    tmp_path: Path, name: str, end: str
) -> None:
    first = build(name)(tmp_path).controller
    a_move(first)
    a_move(first)
    first.press("n")  # given up: counted lost
    assert played(tmp_path) == (1, 0)
    if end == "q":
        first.press("q")  # kept in a rescue file, said on screen
        first.press("q")
        assert first.finished
    else:
        first.hang_up()
    (rescue,) = (tmp_path / "rescued").glob("rescued*")
    again = build(name)(tmp_path, rescued=str(rescue)).controller
    again.press("y")
    a_move(again)
    again.press("n")  # given up again: it counted already
    assert played(tmp_path) == (1, 0)
