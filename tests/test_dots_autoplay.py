"""``--game dots --autoplay``: the hint plays whole games; a table or JSON."""

from __future__ import annotations

import io
import json

import pytest

from gamestate.dots import CellT, GameBoardT, Level
from gamestate.dots.hint import hint
from playmanager.cli import main
from playmanager.dots import autoplay


def run(*args: str, stderr: io.StringIO | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), stderr if stderr is not None else io.StringIO()
    status = main(["--game", "dots", "--autoplay", *args], io.StringIO(), out, err)
    return status, out.getvalue(), err.getvalue()


def replay(level: Level) -> GameBoardT:
    """The game autoplay plays, played here move by move with the hint."""
    game = GameBoardT(**level._asdict())
    while (path := hint(game)) is not None:
        game.move(path)
    return game


def test_json_has_every_game_as_the_hint_plays_it() -> None:
    status, out, err = run("--games", "6", "--seed", "40", "--json", "--squares")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["games"] == 6 and data["finished"] == 6 and not data["interrupted"]
    assert [r["seed"] for r in data["results"]] == list(range(40, 46))
    for result in data["results"]:
        game = replay(Level(seed=result["seed"], squares=True))
        assert result["won"] == game.is_win()
        assert result["score"] == game.get_score()
        assert result["moves_used"] == 4 - game.get_moves()
    wins = [r for r in data["results"] if r["won"]]
    assert data["wins"] == len(wins)
    assert data["mean_score"] == pytest.approx(
        sum(r["score"] for r in data["results"]) / 6
    )
    assert data["level"] == {
        "first_seed": 40,
        "random_board": False,
        "moves": 4,
        "objective": ["R", 6],
        "squares": True,
    }


def test_the_table_says_what_was_played_and_how_it_went() -> None:
    status, out, _ = run(
        "--games", "5", "--seed", "3", "--random-board", "--objective", "G:12"
    )
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == (
        "Dots autoplay: 5 of 5 games, seeds 3 to 7: clear 12 G (green) in 4 moves, "
        "a random board"
    )
    games = [replay(Level(3 + i, True, 4, (CellT.G, 12))) for i in range(5)]
    wins = sum(game.is_win() for game in games)
    assert f"wins                {wins} of 5 ({100 * wins / 5:.1f}%)" in lines
    mean = sum(game.get_score() for game in games) / 5
    assert f"mean score          {mean:.1f}" in lines


def test_a_drawn_seed_is_shown_on_stderr() -> None:
    status, out, err = run("--games", "1", "--json")
    assert status == 0
    seed = int(err.removeprefix("Seed: ").strip())
    assert json.loads(out)["level"]["first_seed"] == seed


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_progress_line_only_on_a_terminal() -> None:
    tty = Tty()
    run("--games", "2", "--seed", "1", stderr=tty)
    assert "2/2 games" in tty.getvalue() and "wins" in tty.getvalue()
    _, _, piped = run("--games", "2", "--seed", "1")
    assert piped == ""


def test_ctrl_c_stops_early_and_reports_the_games_finished(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = {"games": 0}
    real = autoplay.play_game

    def play_twice(level: Level) -> autoplay.GameResult:
        calls["games"] += 1
        if calls["games"] == 3:
            raise KeyboardInterrupt
        return real(level)

    monkeypatch.setattr(autoplay, "play_game", play_twice)
    status, out, _ = run("--games", "10", "--seed", "1")
    assert status == 130
    assert out.startswith(
        "Dots autoplay: 2 of 10 games (stopped by Ctrl-C), seeds 1 to 10"
    )
