"""Rescue files do not pile up (issue 36, new-user finding 9): a game with
no move made since it was loaded is not rescued (it is in its file), and
a game an existing rescue file already holds is not written again."""

from __future__ import annotations

import os
from pathlib import Path

from gamestate.forty_thieves import BoardT, deal
from gamestate.forty_thieves.moves import legal_moves
from playmanager.forty_thieves.adapter import FortyThieves
from playmanager.session import Session
from tests import screens


def session(path: Path, *, loaded: bool) -> Session[object, object, object]:
    adapter = FortyThieves(hint_nodes=100)
    if loaded:
        model, seed = adapter.load(str(path))
    else:
        model, seed = BoardT(deal(42)), 42
    made: Session[object, object, object] = Session(adapter, model, seed, str(path), loaded=loaded)
    return made


def test_a_second_terminal_with_no_move_leaves_no_rescue(tmp_path: Path) -> None:
    path = tmp_path / "a.forty-thieves"
    first = session(path, loaded=False)
    first.play(legal_moves(first.model)[0])
    first.save()
    second = session(path, loaded=True)  # opened, no move made
    first.play(legal_moves(first.model)[0])
    first.save()  # the file changes under the second terminal
    assert second.rescue(str(tmp_path / "rescued")) is None
    assert not (tmp_path / "rescued").exists()


def test_the_same_game_rescued_twice_is_one_file(tmp_path: Path) -> None:
    folder = str(tmp_path / "rescued")
    kept = []
    for _ in range(2):  # two runs playing the same moves, each hung up
        run = session(tmp_path / "a.forty-thieves", loaded=False)
        run.play(legal_moves(run.model)[0])
        kept.append(run.rescue(folder))
    assert kept[0] == kept[1]
    assert os.listdir(folder) == [os.path.basename(str(kept[0]))]


def test_a_full_screen_quit_twice_with_the_same_game_keeps_one_file(
    tmp_path: Path,
) -> None:
    for _ in range(2):
        app = screens.forty(tmp_path, "dqn", seed=42)  # q, n: quit unsaved
        assert app.controller.finished
    assert len(os.listdir(tmp_path / "rescued")) == 1
