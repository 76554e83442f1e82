"""The statistics file: what counts, how it is kept, and what a bad file does."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from playmanager.statistics import (
    FORMAT,
    Result,
    Statistics,
    Tally,
    Tracker,
    clock_time,
    load,
    store,
    text_table,
    update,
)

results = st.builds(
    Result,
    won=st.booleans(),
    score=st.none() | st.integers(0, 10**9),
    seconds=st.none() | st.floats(0, 10**6),
    from_file=st.booleans(),
)


@given(st.lists(results, max_size=40))
def test_a_tally_counts_played_won_streaks_and_bests(games: list[Result]) -> None:
    tally = Tally()
    for result in games:
        tally.add(result)
    wins = [result.won for result in games]
    runs = "".join("W" if won else "L" for won in wins).split("L")
    own = [result for result in games if not result.from_file]
    scores = [r.score for r in own if r.score is not None]
    times = [r.seconds for r in own if r.won and r.seconds is not None]
    assert tally.played == len(games)
    assert tally.won == sum(wins)
    assert tally.streak == len(runs[-1])
    assert tally.best_streak == max(len(run) for run in runs)
    assert tally.best_score == (max(scores) if scores else None)
    assert tally.best_seconds == (min(times) if times else None)
    assert tally.from_file == sum(result.from_file for result in games)


@given(st.lists(st.tuples(st.sampled_from(["2048", "dots"]), results), max_size=20))
def test_statistics_survive_their_file_format(games: list[tuple[str, Result]]) -> None:
    statistics = Statistics()
    for game, result in games:
        statistics.tally(game, "4x4").add(result)
    assert Statistics.from_json(statistics.to_json()) == statistics


def test_a_game_loaded_from_a_file_never_raises_the_best_score() -> None:
    tally = Tally()
    tally.add(Result(won=False, score=500))
    tally.add(Result(won=True, score=23608, seconds=5.0, from_file=True))
    assert (tally.best_score, tally.best_seconds) == (500, None)
    assert (tally.played, tally.won, tally.from_file) == (2, 1, 1)


def test_missing_file_is_empty_statistics_without_a_notice(tmp_path: Path) -> None:
    assert load(tmp_path / "statistics.json") == (Statistics(), None)


def test_corrupt_file_is_set_aside_in_one_plain_sentence(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    garbage = b"\xff\xfe\x00\x1b[2Jrm -rf\n"
    path.write_bytes(garbage)
    statistics, notice = load(path)
    assert statistics == Statistics()
    assert notice is not None
    assert notice.count(".") >= 1 and "\n" not in notice and "\x1b" not in notice
    assert "rm -rf" not in notice and "\\x" not in notice and "Errno" not in notice
    assert "not text" in notice and "statistics.json.unreadable" in notice
    assert (tmp_path / "statistics.json.unreadable").read_bytes() == garbage
    assert not path.exists()


def test_a_second_corrupt_file_does_not_replace_the_first_set_aside(
    tmp_path: Path,
) -> None:
    path = tmp_path / "statistics.json"
    for text in ("first", '{"format": "something else"}'):
        path.write_text(text)
        load(path)
    assert (tmp_path / "statistics.json.unreadable").read_text() == "first"
    assert "else" in (tmp_path / "statistics.json.unreadable-2").read_text()


def test_wrong_values_are_refused_not_trusted(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    bad = {"played": -1, "won": 0, "streak": 0, "best_streak": 0}
    tally = {**bad, "best_score": None, "best_seconds": None, "from_file": 0}
    data = {"format": FORMAT, "games": {"2048": {"4x4": tally}}, "pending": {}}
    path.write_text(json.dumps(data))
    statistics, notice = load(path)
    assert statistics == Statistics()
    assert notice is not None and "played -1" in notice


def test_an_unreadable_file_is_set_aside_in_plain_words(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    path.mkdir()  # cannot be read as a file
    statistics, notice = update(path, lambda s: s.pending.clear())
    assert notice is not None and "(is a directory)" in notice
    assert "Errno" not in notice and "'" not in notice
    assert (tmp_path / "statistics.json.unreadable").is_dir()
    assert load(path) == (statistics, None)


def test_a_file_that_cannot_be_moved_aside_is_never_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "statistics.json"
    path.write_bytes(b"\x00not ours")

    def refuse(*_arguments: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)
    _statistics, notice = update(path, lambda s: s.pending.clear())
    assert notice is not None and "not counted" in notice
    assert "(permission denied)" in notice and "Errno" not in notice
    assert path.read_bytes() == b"\x00not ours"


def test_an_unwritable_folder_says_so_plainly(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    notice = store(blocker / "statistics.json", Statistics())
    assert notice is not None
    assert notice.startswith("Statistics not saved: cannot write to ")
    assert "Errno" not in notice and "'" not in notice
    assert blocker.read_text() == "a file where the data folder should be"


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_tracker_counts_a_game_once_it_has_moves(tmp_path: Path) -> None:
    path, clock = tmp_path / "statistics.json", FakeClock()
    tracker = Tracker(path, "2048", clock=clock)
    tracker.start("4x4", from_file=False)
    assert tracker.abandon(0) is None  # no move: not a game played
    assert not path.exists()
    clock.now += 30
    tracker.moved()
    clock.now += 40
    tracker.won()
    clock.now += 50
    tracker.ended(2400)
    tracker.ended(2400)  # counted once
    tally = load(path)[0].tally("2048", "4x4")
    assert (tally.played, tally.won, tally.best_score, tally.best_seconds) == (
        1,
        1,
        2400,
        40.0,
    )


def test_an_unfinished_game_is_kept_and_its_time_goes_on_at_resume(
    tmp_path: Path,
) -> None:
    path, clock = tmp_path / "statistics.json", FakeClock()
    tracker = Tracker(path, "dots", clock=clock)
    tracker.start("level 1", from_file=False)
    tracker.moved()
    clock.now += 60
    tracker.keep(120)
    statistics = load(path)[0]
    assert statistics.games == {}  # not counted yet: no row with 0 played
    assert statistics.best_score("dots", "level 1") == 120  # its score counts
    assert statistics.pending["dots"].seconds == 60.0
    again = Tracker(path, "dots", clock=clock)
    again.resume("level 1")
    again.moved()
    clock.now += 15
    again.won()
    again.ended(90)
    statistics = load(path)[0]
    assert statistics.pending == {}
    assert statistics.tally("dots", "level 1").best_seconds == 75.0


def test_a_resumed_game_without_a_kept_record_counts_as_from_a_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "statistics.json"
    tracker = Tracker(path, "2048", clock=FakeClock())
    tracker.resume("4x4")
    tracker.moved()
    tracker.ended(9000)
    tally = load(path)[0].tally("2048", "4x4")
    assert (tally.from_file, tally.best_score) == (1, None)


def test_the_table_lines_up_and_says_when_nothing_was_played() -> None:
    assert text_table(Statistics(), {"2048": "2048"})[0].startswith("No game")
    statistics = Statistics()
    statistics.tally("2048", "4x4").add(Result(True, 3000, 3725.0))
    statistics.tally("2048", "4x4").add(Result(False, 100, from_file=True))
    header, row, blank, *legend = text_table(statistics, {"2048": "2048"})
    assert row.split() == [
        "2048",
        "4x4",
        "2",
        "1",
        "50%",
        "0",
        "1",
        "3000",
        "1:02:05",
        "1",
    ]
    assert len(header) == len(row) and blank == "" and legend
    assert clock_time(59.6) == "1:00"
    assert clock_time(59.0) == "0:59"
    # issue 36 (new user, 10): a one-move Dots win recorded 1e-05 s, shown 0:00
    assert clock_time(1e-05) == "0:01"


WRITER = """
import sys
from pathlib import Path
from playmanager.statistics import Result, Statistics, store
statistics = Statistics()
path = Path(sys.argv[1])
print("ready", flush=True)
while True:
    for _ in range(50):  # a bigger file takes longer to write
        statistics.tally("2048", str(len(statistics.games.get("2048", {})))).add(
            Result(True, 1)
        )
    store(path, statistics)
"""


def test_a_kill_while_writing_leaves_the_old_or_the_new_file(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    seen = set()
    for pause in (0.05, 0.13, 0.21, 0.34, 0.55):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)],
            stdout=subprocess.PIPE,
            cwd=os.getcwd(),
        )
        assert writer.stdout is not None
        writer.stdout.readline()
        time.sleep(pause)
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        if path.exists():
            statistics, notice = load(path)  # whole: it loads without a notice
            assert notice is None
            seen.add(len(statistics.games["2048"]))
        leftovers = [p.name for p in tmp_path.iterdir() if p.name != path.name]
        assert all(name.endswith(".tmp") for name in leftovers)
    assert seen  # at least one write finished before a kill


def test_stats_on_the_command_line_prints_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from playmanager.cli import main

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    path = tmp_path / "gamestate2048" / "statistics.json"
    statistics = Statistics()
    statistics.tally("2048", "4x4 java").add(Result(True, 20000, 600.0))
    statistics.tally("dots", "30 moves, 20 R").add(Result(False, 12))
    store(path, statistics)
    out, err = io.StringIO(), io.StringIO()
    assert main(["--stats"], stdout=out, stderr=err) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].split()[:3] == ["Game", "Played", "Won"]
    assert lines[1].startswith("2048 4x4 java") and "20000" in lines[1]
    assert lines[2].startswith("dots 30 moves, 20 R")
    footer = " ".join(
        lines[lines.index(next(x for x in lines if x.startswith("(kept in"))) :]
    )
    assert footer == f"(kept in {path}; the full screens count their games)"
    out = io.StringIO()
    assert main(["--game", "dots", "--stats"], stdout=out, stderr=err) == 0
    assert [line.split()[0] for line in out.getvalue().splitlines()[1:2]] == ["dots"]
    assert "2048" not in out.getvalue().split("(kept in")[0]
    assert err.getvalue() == ""
    assert main(["--stats", "--tui"], stdout=out, stderr=err) == 2
    assert err.getvalue() == (
        "playmanager: --stats takes only --game NAME, not '--tui' "
        "(--help lists the options)\n"
    )


def test_stats_on_a_corrupt_file_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from playmanager.cli import main

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    path = tmp_path / "gamestate2048" / "statistics.json"
    path.parent.mkdir()
    path.write_bytes(b"\x00\x01\x02 binary")
    out, err = io.StringIO(), io.StringIO()
    assert main(["--stats"], stdout=out, stderr=err) == 0
    assert err.getvalue().count("\n") == 1 and "\x00" not in err.getvalue()
    assert "could not be read (it is not JSON)" in err.getvalue()
    assert out.getvalue().startswith("No game counted yet")


def test_undo_after_a_new_game_takes_back_the_loss_it_counted(tmp_path: Path) -> None:
    path, clock = tmp_path / "statistics.json", FakeClock()
    first = Tracker(path, "2048", clock=clock)
    first.start("4x4", from_file=False)
    first.moved(8)
    first.ended(8)  # a first game, lost
    before = path.read_bytes()
    first.start("4x4", from_file=False)
    first.moved(4)
    first.abandon(4)  # n: given up, a loss
    first.start("4x4", from_file=False)
    assert load(path)[0].tally("2048", "4x4").played == 2
    first.take_back()  # u: the given-up game is back
    assert json.loads(path.read_bytes()) == json.loads(before)
    first.moved(16)
    first.ended(16)  # played on to its end: counted once
    tally = load(path)[0].tally("2048", "4x4")
    assert (tally.played, tally.best_score) == (2, 16)


def test_taking_back_a_new_variants_only_game_keeps_only_its_best(tmp_path: Path) -> None:
    """Its count goes, its best score stays: the game reached it (issue 36:
    Best never goes down; before, n then u took Best from 10 to none)."""
    path = tmp_path / "statistics.json"
    tracker = Tracker(path, "dots", clock=FakeClock())
    tracker.start("level 3", from_file=False)
    tracker.moved(10)
    tracker.abandon(10)
    tracker.start("level 3", from_file=False)
    tracker.take_back()
    assert load(path)[0].games == {"dots": {"level 3": Tally(best_score=10)}}
    assert load(path)[0].best_score("dots", "level 3") == 10


def test_a_game_with_no_best_taken_back_leaves_no_row(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    tracker = Tracker(path, "forty-thieves", clock=FakeClock())
    tracker.start("", from_file=False)
    tracker.moved(None)
    tracker.abandon(None)
    tracker.start("", from_file=False)
    tracker.take_back()
    assert load(path)[0].games == {"forty-thieves": {}}
    assert text_table(load(path)[0], {"forty-thieves": "FT"})[0].startswith(
        "No game counted"
    )


def test_a_count_another_game_wrote_over_stays_and_is_not_made_twice(
    tmp_path: Path,
) -> None:
    path = tmp_path / "statistics.json"
    mine, other = (Tracker(path, "2048", clock=FakeClock()) for _ in range(2))
    mine.start("4x4", from_file=False)
    mine.moved(4)
    mine.abandon(4)
    mine.start("4x4", from_file=False)
    other.start("4x4", from_file=False)
    other.moved(8)
    other.ended(8)  # another terminal's game, counted since
    mine.take_back()
    mine.moved(32)
    mine.ended(32)  # already counted when it was given up
    assert load(path)[0].tally("2048", "4x4").played == 2


def test_a_kept_game_declined_then_resumed_later_counts_once(tmp_path: Path) -> None:
    path, clock = tmp_path / "statistics.json", FakeClock()
    rescue = str(tmp_path / "rescued.forty-thieves")
    quitter = Tracker(path, "forty-thieves", clock=clock)
    quitter.start("", from_file=False)
    quitter.moved(12)
    clock.now += 30
    quitter.keep(12, rescue)  # quit unfinished: kept to resume
    declined = Tracker(path, "forty-thieves", clock=clock)
    declined.start("", from_file=False)  # the offer to resume declined
    declined.moved(3)
    declined.ended(3)
    assert load(path)[0].tally("forty-thieves", "").played == 1  # the kept one waits
    later = Tracker(path, "forty-thieves", clock=clock)
    later.start("", from_file=False)
    later.resume("", rescue)  # resumed from its file at last
    clock.now += 10
    later.moved(20)
    later.ended(20)
    statistics = load(path)[0]
    tally = statistics.tally("forty-thieves", "")
    assert (tally.played, tally.from_file, tally.best_score) == (2, 0, 20)
    assert (statistics.pending, statistics.kept) == ({}, {})


def test_a_resumed_file_is_matched_by_its_path_and_counts_in_its_own_variant(
    tmp_path: Path,
) -> None:
    path = tmp_path / "statistics.json"
    kept_in, other = str(tmp_path / "rescued.dots"), str(tmp_path / "rescued-2.dots")
    first = Tracker(path, "dots", clock=FakeClock())
    first.start("level 2", from_file=False)
    first.moved(7)
    first.keep(7, kept_in)
    stranger = Tracker(path, "dots", clock=FakeClock())
    stranger.start("level 1", from_file=False)
    stranger.resume("level 2", other)  # another rescue of that level
    assert (stranger.from_file, "dots" in load(path)[0].pending) == (True, True)
    again = Tracker(path, "dots", clock=FakeClock())
    again.start("level 1", from_file=False)  # launched at another level
    again.resume("level 1", kept_in)
    assert (again.variant, again.from_file) == ("level 2", False)
    again.ended(9)
    assert load(path)[0].tally("dots", "level 2").best_score == 9


def test_undo_of_a_resume_keeps_the_game_again(tmp_path: Path) -> None:
    path, rescue = tmp_path / "statistics.json", str(tmp_path / "rescued.2048")
    first = Tracker(path, "2048", clock=FakeClock())
    first.start("4x4", from_file=False)
    first.moved(64)
    first.keep(64, rescue)
    kept = load(path)[0]
    again = Tracker(path, "2048", clock=FakeClock())
    again.start("4x4", from_file=False)
    again.resume("4x4", rescue)
    assert load(path)[0].pending == {}
    again.take_back()  # undo: the dealt game is back, the rescued one kept
    statistics = load(path)[0]
    assert (statistics.pending, statistics.kept) == (kept.pending, kept.kept)
    assert statistics.best_score("2048", "4x4") == 64


def test_a_file_written_here_still_reads_in_the_version_before(tmp_path: Path) -> None:
    """The kept game's file and score live under a top-level key of their
    own: the pending entries keep the fields the version before reads."""
    path = tmp_path / "statistics.json"
    tracker = Tracker(path, "2048", clock=FakeClock())
    tracker.start("4x4", from_file=False)
    tracker.moved(8)
    tracker.keep(8, str(tmp_path / "rescued.2048"))
    data = json.loads(path.read_text())
    assert set(data["pending"]["2048"]) == {"variant", "seconds", "from_file", "won"}
    assert data["kept"]["2048"]["score"] == 8
    del data["kept"]  # as the version before writes it back
    path.write_text(json.dumps(data))
    statistics, notice = load(path)
    assert notice is None and statistics.kept == {}
    again = Tracker(path, "2048", clock=FakeClock())
    again.resume("4x4", str(tmp_path / "rescued.2048"))  # matched by variant then
    assert again.from_file is False
