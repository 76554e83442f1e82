"""A finished game (won, or with no move left) is never rescued nor kept as
a game given up (issue 36, new-user finding 4): a won Dots game given up
with ``n`` then ``q`` was kept in a rescue file and offered back at the
next launch as "left unfinished"; so was one at a hang-up on its win box."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from gamestate.dots import CellT, GameBoardT
from playmanager import messages
from playmanager.cli import main
from playmanager.dots.adapter import Dots, DotsEffects
from playmanager.dots.adapter import Path as DotsPath
from playmanager.session import Session
from tests.dots_helpers import game_with

GRID = "RRBBGG/GGOOBB/BBGGOO/OOBBGG/GGOOBB/BBGGOO"
TWO_REDS: DotsPath = ((0, 0), (0, 1))


def one_move_from_winning(tmp_path: Path) -> Session[GameBoardT, DotsPath, DotsEffects]:
    game = game_with(GRID, objective=(CellT.R, 2))
    dots = Dots(game.level)
    return Session(dots, game, 0, str(tmp_path / "save.dots"), loaded=False)


def test_a_won_game_is_not_rescued(tmp_path: Path) -> None:
    session = one_move_from_winning(tmp_path)
    session.play(TWO_REDS)
    assert session.ended and session.changed  # won, never saved
    assert session.rescue(str(tmp_path)) is None
    assert list(tmp_path.iterdir()) == []


def test_a_won_game_given_up_is_not_kept(tmp_path: Path) -> None:
    session = one_move_from_winning(tmp_path)
    session.play(TWO_REDS)
    session.new_game()
    assert session.given_up_with_play == 0
    assert session.keep_given_up(str(tmp_path)) == []
    assert list(tmp_path.iterdir()) == []


def test_a_game_not_finished_is_still_rescued(tmp_path: Path) -> None:
    session = one_move_from_winning(tmp_path)
    session.play(((1, 0), (1, 1)))  # two greens: not the objective
    assert not session.ended
    session.new_game()
    assert session.given_up_with_play == 1
    assert len(session.keep_given_up(str(tmp_path))) == 1


def test_autoplay_that_wins_says_nothing_about_stopping(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    keys = "0,0 0,1\nA 2\nq\n"  # deal 1: the first red pair, then autoplay wins
    main(["--game", "dots", "--seed", "1"], io.StringIO(keys), out, io.StringIO())
    said = out.getvalue()
    assert messages.WIN in said and messages.autoplayed_moves(1) in said
    assert messages.AUTOPLAY_STOPPED not in said
