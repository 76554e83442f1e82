"""A game counted before it was kept (2048 won, played on, then quit
without saving) counts once (issue 29, finding 4 left over): resumed, it
goes on as that counted game, never again as a game from a file.

Before, quitting it kept no record (it was counted), so its resume could
not be told from a file opened from elsewhere: its end counted it a
second time, as loaded from a file.
"""

from __future__ import annotations

import json
from pathlib import Path

from gamestate import GameState
from playmanager.session import Session
from playmanager.statistics import Statistics, Tracker, load
from playmanager.twenty48.adapter import Twenty48
from playmanager.twenty48.play2048 import start_game
from playmanager.twenty48.rules import JAVA
from playmanager.twenty48.tui.controller import Controller, follow_statistics
from tests.test_statistics import FakeClock

GOAL_8 = JAVA._replace(goal=8)


def screen(tmp_path: Path, board: list[list[int]], rescued: str | None) -> Controller:
    """A 2048 full screen (goal 8) dealt here, offering ``rescued``."""
    game = GameState(2, 2, seed=7)
    game.setBoard(board)
    adapter = Twenty48(lambda seed: start_game(2, 2, seed, None))
    session = Session(adapter, game, 7, str(tmp_path / "save.2048"), loaded=False)
    folder = tmp_path / "data"
    controller = Controller(
        session, rules=GOAL_8, rescue_folder=str(folder), rescued=rescued
    )
    follow_statistics(controller, folder / "statistics.json", GOAL_8, loaded=False)
    return controller


def tallies(tmp_path: Path) -> list[tuple[int, int, int]]:
    statistics = load(tmp_path / "data" / "statistics.json")[0]
    return [(t.played, t.won, t.from_file) for t in statistics.games["2048"].values()]


def keep_a_win(path: Path, rescue: str, score: int = 8) -> None:
    """A 2x2 game won (at 8) and kept unfinished in ``rescue`` at ``score``."""
    tracker = Tracker(path, "2048", clock=FakeClock())
    tracker.start("2x2", from_file=False)
    tracker.moved(8)
    tracker.won()
    tracker.ended(8)
    tracker.keep(score, rescue)


def test_a_won_game_kept_and_resumed_is_counted_once(tmp_path: Path) -> None:
    first = screen(tmp_path, [[4, 4], [0, 2]], None)
    for key in ("a", "y", "q", "n"):  # win, keep going, quit without saving
        first.press(key)
    rescue = tmp_path / "data" / "rescued.2048"
    assert rescue.exists() and tallies(tmp_path) == [(1, 1, 0)]
    again = screen(tmp_path, [[2, 0], [0, 0]], str(rescue))
    again.press("y")  # resume it
    again.press("d")
    for key in ("q", "n"):  # kept again, then ended given up below
        again.press(key)
    third = screen(tmp_path, [[2, 0], [0, 0]], str(rescue))
    third.press("y")
    third.press("n")  # a new game: the resumed one is given up
    assert tallies(tmp_path) == [(1, 1, 0)]  # before: (2, 1, 1)


def test_the_counted_kept_game_goes_on_counted_and_raises_its_best(
    tmp_path: Path,
) -> None:
    path, rescue = tmp_path / "statistics.json", str(tmp_path / "rescued.2048")
    keep_a_win(path, rescue, 16)
    kept = load(path)[0]
    assert (kept.pending, list(kept.played_on)) == ({}, ["2048"])
    again = Tracker(path, "2048", clock=FakeClock())
    again.start("2x2", from_file=False)
    again.resume("2x2", rescue)
    assert (again.from_file, again.counting) == (False, False)
    again.moved(40)
    again.abandon(40)
    tally = load(path)[0].tally("2048", "2x2")
    assert (tally.played, tally.won, tally.from_file, tally.best_score) == (1, 1, 0, 40)
    assert load(path)[0].played_on == {}


def test_undo_of_its_resume_and_its_discard(tmp_path: Path) -> None:
    path, rescue = tmp_path / "statistics.json", str(tmp_path / "rescued.2048")
    keep_a_win(path, rescue)
    record = load(path)[0].played_on
    again = Tracker(path, "2048", clock=FakeClock())
    again.start("2x2", from_file=False)
    again.resume("2x2", rescue)
    again.take_back()  # undo of the resume: kept again, as it was
    assert load(path)[0].played_on == record
    declined = Tracker(path, "2048", clock=FakeClock())
    declined.give_up_kept(rescue)  # n at "resume it?": it counted already
    statistics = load(path)[0]
    assert (statistics.played_on, statistics.tally("2048", "2x2").played) == ({}, 1)


def test_a_newer_kept_game_replaces_the_counted_one(tmp_path: Path) -> None:
    path, rescue = tmp_path / "statistics.json", str(tmp_path / "rescued.2048")
    keep_a_win(path, rescue)
    newer = Tracker(path, "2048", clock=FakeClock())
    newer.start("2x2", from_file=False)
    newer.moved(4)
    newer.keep(4, rescue)
    statistics = load(path)[0]
    assert (list(statistics.pending), statistics.played_on) == (["2048"], {})


def test_its_file_still_reads_in_the_version_before(tmp_path: Path) -> None:
    """The record is a top-level table of its own, which the version
    before ignores (it reads format, games, pending and kept, each table
    with exactly its fields): those keep the fields they had."""
    path, rescue = tmp_path / "statistics.json", str(tmp_path / "rescued.2048")
    keep_a_win(path, rescue)
    data = json.loads(path.read_text())
    assert data["format"] == "gamestate2048 statistics 1"
    assert set(data) == {"format", "games", "pending", "kept", "played_on"}
    assert set(data["games"]["2048"]["2x2"]) == {
        "played", "won", "streak", "best_streak", "best_score", "best_seconds",
        "from_file",
    }  # fmt: skip
    assert set(data["played_on"]["2048"]) == {"variant", "file", "from_file", "seconds"}
    del data["played_on"]  # as the version before writes it back
    assert Statistics.from_json(json.dumps(data)).played_on == {}


def test_a_file_written_before_still_loads(tmp_path: Path) -> None:
    """A file of the version before: no played_on table."""
    path = tmp_path / "statistics.json"
    path.write_text(
        '{"format": "gamestate2048 statistics 1", "games": {"2048": {"4x4": '
        '{"best_score": 64, "best_seconds": null, "best_streak": 0, '
        '"from_file": 0, "played": 1, "streak": 0, "won": 0}}}, "kept": '
        '{"2048": {"file": "/tmp/rescued.2048", "score": 8}}, "pending": '
        '{"2048": {"from_file": false, "seconds": 3.0, "variant": "4x4", '
        '"won": false}}}\n'
    )
    statistics, notice = load(path)
    assert notice is None and statistics.played_on == {}
    assert statistics.tally("2048", "4x4").best_score == 64
    assert statistics.pending["2048"].seconds == 3.0
