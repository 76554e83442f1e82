"""Headless games of Dots played by the hint, and the table that sums them up.

``python -m playmanager --game dots --autoplay [--games N] [--seed S]
[--random-board] [--moves N] [--objective C:N] [--squares] [--json]``
plays N new games of the level, game i seeded S + i, each move the hint's
path, until the game is won, out of moves or without a move. While it
plays, a progress line on stderr (only when stderr is a terminal) shows
the games done and the wins so far. Then it prints the wins, the mean
score and the mean moves used (of all games and of the wins), and how
long the hint took, or the same as JSON. Ctrl-C stops early; the table
then covers the games finished.
"""

from __future__ import annotations

import json as json_module
import statistics
import time
from dataclasses import asdict, dataclass, field
from typing import TextIO

from gamestate.dots import GameBoardT, Level
from gamestate.dots.hint import hint

from ..progress import ProgressLine, collect
from .messages import level_text


@dataclass(frozen=True)
class GameResult:
    """How one game ended."""

    seed: int
    won: bool
    score: int
    moves_used: int
    hint_ms: tuple[float, ...]
    """How long the hint took for each move, in milliseconds."""


@dataclass
class Report:
    """Every finished game of one run."""

    level: Level
    games: int
    results: list[GameResult] = field(default_factory=list)
    interrupted: bool = False

    def wins(self) -> list[GameResult]:
        return [result for result in self.results if result.won]

    def hint_times(self) -> list[float]:
        return [ms for result in self.results for ms in result.hint_ms]


def play_game(level: Level) -> GameResult:
    """Play a new game of ``level`` with the hint to its end."""
    game = GameBoardT(**level._asdict())
    times = []
    while True:
        start = time.perf_counter()
        path = hint(game)
        times.append((time.perf_counter() - start) * 1000.0)
        if path is None:
            break
        game.move(path)
    return GameResult(
        seed=level.seed,
        won=game.is_win(),
        score=game.get_score(),
        moves_used=level.moves - game.get_moves(),
        hint_ms=tuple(times),
    )


def play_games(report: Report, progress: ProgressLine | None) -> None:
    """Play the report's games into it; Ctrl-C stops early (the game cut
    short is left out, and the report says it was interrupted)."""
    level = report.level
    games = (
        play_game(level._replace(seed=level.seed + index))
        for index in range(report.games)
    )
    report.interrupted = collect(
        games, report.results.append, progress, lambda: f"wins {len(report.wins())}"
    )


def _mean(values: list[int]) -> float | None:
    return statistics.fmean(values) if values else None


@dataclass(frozen=True)
class Summary:
    """The figures of the table and of the JSON."""

    finished: int
    wins: int
    win_rate: float | None
    mean_score: float | None
    mean_moves_used: float | None
    mean_moves_to_win: float | None
    median_hint_ms: float | None
    max_hint_ms: float | None


def summary(report: Report) -> Summary:
    results, wins = report.results, report.wins()
    times = report.hint_times()
    return Summary(
        finished=len(results),
        wins=len(wins),
        win_rate=len(wins) / len(results) if results else None,
        mean_score=_mean([r.score for r in results]),
        mean_moves_used=_mean([r.moves_used for r in results]),
        mean_moves_to_win=_mean([r.moves_used for r in wins]),
        median_hint_ms=statistics.median(times) if times else None,
        max_hint_ms=max(times, default=None),
    )


def _figure(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def title(report: Report) -> str:
    """What was played: how many games, which seeds, which level."""
    level = report.level
    board = "a random board" if level.random_board else "the MIS's board"
    squares = ", squares on" if level.squares else ""
    stopped = " (stopped by Ctrl-C)" if report.interrupted else ""
    first, last = level.seed, level.seed + report.games - 1
    what = level_text(GameBoardT(**level._asdict()))
    return (
        f"Dots autoplay: {len(report.results)} of {report.games} games{stopped}, "
        f"seeds {first} to {last}: {what}, {board}{squares}"
    )


def format_table(report: Report) -> str:
    """The results as text."""
    figures = summary(report)
    rate = None if figures.win_rate is None else 100 * figures.win_rate
    lines = [
        title(report),
        "",
        f"wins                {figures.wins} of {figures.finished} ({_figure(rate)}%)",
        f"mean score          {_figure(figures.mean_score)}",
        f"mean moves used     {_figure(figures.mean_moves_used)}",
        f"  in the wins       {_figure(figures.mean_moves_to_win)}",
        f"hint ms, median     {_figure(figures.median_hint_ms, 2)}",
        f"hint ms, max        {_figure(figures.max_hint_ms, 2)}",
    ]
    return "\n".join(lines) + "\n"


def to_json(report: Report) -> str:
    """The results as one JSON object (the same figures as the table)."""
    level = report.level
    data = {
        "games": report.games,
        "interrupted": report.interrupted,
        "level": {
            "first_seed": level.seed,
            "random_board": level.random_board,
            "moves": level.moves,
            "objective": [level.objective[0].value, level.objective[1]],
            "squares": level.squares,
        },
        **asdict(summary(report)),
        "results": [
            {"seed": r.seed, "won": r.won, "score": r.score, "moves_used": r.moves_used}
            for r in report.results
        ],
    }
    return json_module.dumps(data, indent=2) + "\n"


def run(
    level: Level, games: int, stdout: TextIO, stderr: TextIO, *, json: bool = False
) -> Report:
    """Play ``games`` games of ``level`` (seeds from its seed on); print the
    table, or JSON; return the report."""
    report = Report(level=level, games=games)
    progress = ProgressLine(stderr, games, "games") if stderr.isatty() else None
    play_games(report, progress)
    stdout.write(to_json(report) if json else format_table(report))
    stdout.flush()
    return report
