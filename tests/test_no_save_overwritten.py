"""Issue 36's corners where a save or a game was lost, one test each: a
read-only file replaced, ``n`` then ``q`` dropping the game one undo away,
a saved game whose file went away counted as safe; and Forty Thieves'
hint and autoplay going round in circles."""

from __future__ import annotations

import io
import os
import stat
from pathlib import Path

import pytest

from gamestate.forty_thieves.moves import legal_moves
from playmanager.cli import main
from playmanager.data_folder import data_folder, rescued_game
from playmanager.forty_thieves.adapter import FortyThieves
from playmanager.forty_thieves.savefile import load_play
from playmanager.session import Session
from playmanager.statistics import Tracker, load
from playmanager.storage import READ_ONLY, write_atomically
from tests import screens

READ_ONLY_MODE = stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH


def run(argv: list[str], keys: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(keys), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def read_only(path: Path) -> bytes:
    path.chmod(READ_ONLY_MODE)
    return path.read_bytes()


# ------------------------------------------------------------------ read-only files
def test_the_atomic_writer_refuses_a_read_only_file(tmp_path: Path) -> None:
    path = tmp_path / "ro.2048"
    path.write_text("old\n")
    held = read_only(path)
    with pytest.raises(PermissionError, match=READ_ONLY):
        write_atomically(str(path), "new\n")
    assert path.read_bytes() == held
    assert os.listdir(tmp_path) == ["ro.2048"]  # no temporary file left


@pytest.mark.parametrize(
    ("argv", "keys"),
    [([], "a\no\nq\n"), (["--game", "forty-thieves"], "d\no\nq\n")],
    ids=["2048", "forty-thieves"],
)
def test_a_line_mode_never_saves_over_a_read_only_file(
    tmp_path: Path, argv: list[str], keys: str
) -> None:
    path = tmp_path / ("ro.forty-thieves" if argv else "ro.2048")
    run([*argv, str(path)], "d\no\nq\n")
    held = read_only(path)
    _, out, err = run([str(path)], keys + "n\n")
    assert path.read_bytes() == held
    assert READ_ONLY in out + err


def test_the_full_screen_never_saves_over_a_read_only_file(tmp_path: Path) -> None:
    path = tmp_path / "ro.2048"
    screens.twenty48(tmp_path, "do", save=str(path))
    held = read_only(path)
    app = screens.twenty48(tmp_path, "aoy", save=str(path))  # y: replace it
    assert path.read_bytes() == held
    assert READ_ONLY in app.controller.status


# ------------------------------------------------------------------ n then q
def test_n_then_q_in_the_line_mode_keeps_the_game_one_undo_away() -> None:
    status, out, _ = run(["--game", "forty-thieves", "--seed", "42"], "d\nd\nd\nn\nq\n")
    assert status == 0
    kept = rescued_game(data_folder(os.environ), FortyThieves.rescue_name)
    assert kept is not None and kept in out.replace("\n", "")
    saved = load_play(kept)
    assert saved.seed == 42 and len(saved.history) == 3


def test_n_then_q_in_the_full_screen_keeps_the_game_and_says_where(
    tmp_path: Path,
) -> None:
    app = screens.forty(tmp_path, "dddn", seed=42)
    app.controller.press("q")
    assert not app.controller.finished  # said first: q again quits
    kept = rescued_game(str(tmp_path / "rescued"), FortyThieves.rescue_name)
    assert kept is not None and kept in app.controller.status
    assert len(load_play(kept).history) == 3
    app.controller.press("q")
    assert app.controller.finished


# ------------------------------------------------------------------ a file gone
@pytest.mark.parametrize("how", ["deleted", "rewritten"])
def test_a_saved_game_whose_file_went_away_has_play_to_lose(
    tmp_path: Path, how: str
) -> None:
    path = tmp_path / "mine.forty-thieves"
    adapter = FortyThieves()
    session = Session(adapter, adapter.new_model(5), 5, str(path), loaded=False)
    session.play(legal_moves(session.model)[0])
    session.save()
    assert not session.changed
    if how == "deleted":
        path.unlink()
    else:
        path.write_text(adapter.save_text(adapter.new_model(9), 9))
    assert session.changed  # q asks, a hang-up rescues it
    assert session.rescue(str(tmp_path / "rescued")) is not None


# ------------------------------------------------------------------ Best
def test_best_never_goes_down_when_a_rescue_replaces_the_kept_game(
    tmp_path: Path,
) -> None:
    """Play to 88 and keep it (``o``, ``q``); a later game, played to 12
    and rescued at a hang-up, replaces the kept record: Best stays 88."""
    path = tmp_path / "statistics.json"
    for score, file in ((88, "mine.2048"), (12, "rescued.2048")):
        tracker = Tracker(path, "2048")
        tracker.start("4x4", from_file=False)
        tracker.moved(score)
        assert tracker.keep(score, str(tmp_path / file)) is None
        statistics, notice = load(path)
        assert notice is None
        assert statistics.best_score("2048", "4x4") == 88
