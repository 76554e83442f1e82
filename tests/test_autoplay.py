"""Issue 7: headless autoplay, its table, its JSON and Ctrl-C.

Games here run on a 2x2 or 3x3 board with a shallow search, so each takes
a few milliseconds.
"""

from __future__ import annotations

import io
import json
import re
import signal
import subprocess
import sys
import time

import pytest

from gamestate import Config, Direction, GameState
from gamestate.solver import best_move
from playmanager import cli
from playmanager.progress import BAR_WIDTH
from playmanager.twenty48 import autoplay
from playmanager.twenty48.autoplay import GameResult, Report


@pytest.fixture
def tiny_board(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Config, "DEFAULT_SIZE", 2)


class TtyStringIO(io.StringIO):
    """A StringIO that says it is a terminal, to see the progress line."""

    def isatty(self) -> bool:
        return True


def run(argv: list[str], stderr: io.StringIO | None = None) -> str:
    """``python -m playmanager --autoplay --size 2 ARGV``: its stdout."""
    out = io.StringIO()
    argv = ["--autoplay", "--size", "2", *argv]
    assert cli.main(argv, stdout=out, stderr=stderr or io.StringIO()) == 0
    return out.getvalue()


def result(
    max_tile: int, score: int, move_ms: tuple[float, ...] = (1.0,)
) -> GameResult:
    return GameResult(
        seed=1, score=score, max_tile=max_tile, moves=len(move_ms), move_ms=move_ms
    )


def test_new_game_starts_like_the_java_play_manager() -> None:
    game = autoplay.new_game(seed=Config.RANDOM_SEED)
    java = GameState(4, 4)
    java.addTile()
    java.addTile()
    assert game.getBoard() == java.getBoard()


@pytest.mark.usefixtures("tiny_board")
def test_every_game_is_played_to_its_end_with_the_solvers_moves() -> None:
    report = autoplay.run_games(
        Report(games=3, seed=7, depth=1, ms=None), lambda g: best_move(g, depth=1)
    )
    assert [r.seed for r in report.results] == [7, 8, 9]
    for r in report.results:
        game = autoplay.new_game(r.seed)  # replay: same seed, same solver
        moves = 0
        while (move := best_move(game, depth=1)) is not None:
            game.move(move)
            moves += 1
        assert (r.score, r.moves, r.max_tile) == (
            game.getScore(),
            moves,
            max(map(max, game.getBoard())),
        )
        assert len(r.move_ms) == r.moves
    assert not report.interrupted


def test_table_counts_games_per_tile_with_bars_scores_and_speed() -> None:
    report = Report(
        games=4,
        seed=3,
        depth=2,
        ms=None,
        results=[
            result(4096, 60000, (10.0, 30.0)),
            result(2048, 30000, (20.0,)),
            result(1024, 15000, (40.0,)),
            result(512, 7000, (50.0,)),
        ],
    )
    table = autoplay.format_table(report)
    assert table.splitlines()[0] == "Autoplay: 4 of 4 games, seeds 3 to 6, depth 2"
    rows = {
        line.split()[0]: line
        for line in table.splitlines()
        if re.match(r"\s+\d+\s", line)
    }
    assert list(rows) == ["512", "1024", "2048", "4096", "8192"]
    assert rows["512"].split()[1:3] == ["4", "100%"]
    assert rows["2048"].split()[1:3] == ["2", "50%"]
    assert rows["2048"].endswith(" " + "#" * (BAR_WIDTH // 2))
    assert rows["8192"].split()[1:] == ["0", "0%"]
    assert "median score        22,500" in table
    assert "best score          60,000" in table
    assert "median ms per move  30.0" in table


def test_table_grows_to_the_biggest_tile_and_handles_no_games() -> None:
    big = autoplay.format_table(Report(1, 1, None, 50.0, [result(32768, 10**6)]))
    assert "50 ms per move" in big.splitlines()[0]
    assert [line.split()[0] for line in big.splitlines()[3:10]] == [
        "512",
        "1024",
        "2048",
        "4096",
        "8192",
        "16384",
        "32768",
    ]
    empty = autoplay.format_table(Report(5, 1, None, None))
    assert "0 of 5 games" in empty
    assert "median score        -" in empty


def test_cli_prints_the_table_after_playing() -> None:
    text = run(["--games", "3", "--seed", "11", "--depth", "1"])
    assert text.startswith("Autoplay: 3 of 3 games, seeds 11 to 13, depth 1\n")
    assert "median ms per move" in text


def test_json_has_the_same_figures_as_the_table() -> None:
    data = json.loads(run(["--games", "2", "--seed", "4", "--depth", "1", "--json"]))
    assert set(data) == {
        "games",
        "finished",
        "interrupted",
        "seed",
        "depth",
        "ms",
        "reached",
        "median_score",
        "best_score",
        "median_ms_per_move",
        "results",
    }
    assert (data["games"], data["finished"], data["seed"], data["depth"]) == (
        2,
        2,
        4,
        1,
    )
    assert data["ms"] is None and data["interrupted"] is False
    assert list(data["reached"]) == ["512", "1024", "2048", "4096", "8192"]
    assert [r["seed"] for r in data["results"]] == [4, 5]
    assert set(data["results"][0]) == {"seed", "score", "max_tile", "moves"}
    scores = sorted(r["score"] for r in data["results"])
    assert data["median_score"] == sum(scores) / 2
    assert data["best_score"] == scores[-1]
    assert data["median_ms_per_move"] > 0


def test_progress_line_only_on_a_terminal() -> None:
    quiet = io.StringIO()
    run(["--games", "2", "--depth", "1"], stderr=quiet)
    assert quiet.getvalue() == ""
    tty = TtyStringIO()
    run(["--games", "2", "--depth", "1"], stderr=tty)
    shown = tty.getvalue()
    assert re.search(r"\[#{15}\.{15}\] 1/2 games  [\d,]+ moves/s  best tile \d+", shown)
    assert "2/2 games" in shown
    assert shown.endswith("\r\x1b[K")  # the line is cleared before the table


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--autoplay", "--games", "0"], "argument --games: expected 1 or more, got 0"),
        (
            ["--autoplay", "--ms", "fast"],
            "argument --ms: expected a number, got 'fast'",
        ),
        (
            ["--autoplay", "--depth", "2", "--ms", "5"],
            "argument --ms: not allowed with argument --depth",
        ),
        (
            ["--autoplay", "--games", "ten"],
            "--games: expected a whole number, got 'ten'",
        ),
        (["--autoplay", "--ms", "0"], "argument --ms: expected more than 0, got 0"),
        (["--autoplay", "--ms", "inf"], "argument --ms: expected more than 0, got inf"),
        (["--json"], "--json only applies with --autoplay"),
        (["--depth", "3"], "--depth only applies with --autoplay"),
        (["--autoplay", "--tui"], "--autoplay plays new headless games"),
        (["--autoplay", "x.2048"], "--autoplay plays new headless games"),
    ],
)
def test_bad_options_are_refused_in_one_line(argv: list[str], message: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(argv, stdout=out, stderr=err) == cli.EXIT_USAGE
    assert out.getvalue() == ""
    last_line = err.getvalue().splitlines()[-1]
    assert last_line.startswith("playmanager: error: ")
    assert message in last_line


def test_a_drawn_seed_is_told_on_stderr_so_json_stays_clean() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["--autoplay", "--size", "2", "--depth", "1", "--games", "1", "--json"]
    assert cli.main([*argv, "--seed", "random"], stdout=out, stderr=err) == 0
    seed = json.loads(out.getvalue())["seed"]
    assert str(seed) in err.getvalue()


def test_rules_and_shape_options_shape_the_games() -> None:
    out = io.StringIO()
    argv = ["--autoplay", "--rows", "1", "--cols", "3", "--two-prob", "0"]
    assert cli.main([*argv, "--depth", "1", "--json"], stdout=out) == 0
    data = json.loads(out.getvalue())
    # A 1x3 row of 4s only: every tile and every score is a multiple of 4.
    assert all(r["max_tile"] >= 4 and r["score"] % 8 == 0 for r in data["results"])


@pytest.mark.usefixtures("tiny_board")
def test_ctrl_c_keeps_the_finished_games_and_still_prints_the_table() -> None:
    calls = 0

    def choose(game: GameState) -> Direction | None:
        nonlocal calls
        calls += 1
        if report.results and len(report.results) == 2:
            raise KeyboardInterrupt
        return best_move(game, depth=1)

    report = Report(games=5, seed=1, depth=1, ms=None)
    autoplay.run_games(report, choose)
    assert report.interrupted
    assert [r.seed for r in report.results] == [1, 2]
    table = autoplay.format_table(report)
    assert table.startswith("Autoplay: 2 of 5 games (stopped by Ctrl-C), seeds 1 to 5")
    assert json.loads(autoplay.to_json(report))["interrupted"] is True


def test_sigint_to_a_running_process_prints_the_table() -> None:
    # A real Ctrl-C: the child plays many games on a 3x3 board (stderr is a
    # pipe, so no progress line) and is interrupted while playing; it must
    # still print the table, with no traceback, and exit 130.
    script = (
        "import sys\n"
        "from playmanager import cli\n"
        "print('ready', file=sys.stderr, flush=True)\n"
        "sys.exit(cli.main(['--autoplay', '--size', '3', '--games', '1000',"
        " '--depth', '2']))\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stderr is not None
    assert child.stderr.readline() == "ready\n"
    time.sleep(1)  # let it play a while; only correctness is checked
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == cli.EXIT_INTERRUPTED, err
    assert re.fullmatch(
        r"Autoplay: \d+ of 1000 games \(stopped by Ctrl-C\), seeds 118 to 1117, "
        r"depth 2",
        out.splitlines()[0],
    )
    assert "median score" in out
    assert err == ""
