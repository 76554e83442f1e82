"""Headless games played by the solver, and the table that sums them up.

``python -m playmanager --autoplay [--games N] [--seed S] [--depth D | --ms T]
[--json]`` plays N new games, game i seeded with S + i, the solver
choosing every move. The command line builds each game as it builds any
new one (Java rules unless --size, --two-prob or --rules say otherwise);
:func:`new_game` is the Java default, for scripts. While it plays, a
progress line on stderr (only when stderr is a terminal) shows the games
done, moves per second and the best tile so far. Then it prints how many
games reached 512, 1024, 2048, ... with a bar chart, the median and best
score and the median milliseconds per move, or the same as JSON. Ctrl-C
stops early; the table then covers the games finished.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Final, TextIO

from gamestate import Config, Direction, GameState
from gamestate.solver import best_move

from ..progress import ProgressLine, figure, share_bar
from .autoplay_options import DEFAULT_GAMES

Chooser = Callable[[GameState], Direction | None]
"""Picks the next move of a game, None when there is none."""
GameMaker = Callable[[int], GameState]
"""Starts a new game from a seed."""

FIRST_ROW_TILE: Final = 512
LAST_ROW_TILE: Final = 8192
"""The table always lists 512 to 8192, and any bigger tile a game reached."""


@dataclass(frozen=True)
class GameResult:
    """How one game ended."""

    seed: int
    score: int
    max_tile: int
    moves: int
    move_ms: tuple[float, ...]
    """How long the solver took to choose each move, in milliseconds."""


@dataclass
class Report:
    """Every finished game, and the time each of their moves took."""

    games: int
    seed: int
    depth: int | None
    ms: float | None
    results: list[GameResult] = field(default_factory=list)
    interrupted: bool = False

    def reached(self) -> dict[int, int]:
        """Tile -> how many finished games made it (512 up to the best tile)."""
        best = max((r.max_tile for r in self.results), default=0)
        tiles = []
        tile = FIRST_ROW_TILE
        while tile <= max(LAST_ROW_TILE, best):
            tiles.append(tile)
            tile *= 2
        return {t: sum(r.max_tile >= t for r in self.results) for t in tiles}

    def median_ms(self) -> float | None:
        times = [ms for r in self.results for ms in r.move_ms]
        return statistics.median(times) if times else None

    def median_score(self) -> float | None:
        scores = [r.score for r in self.results]
        return statistics.median(scores) if scores else None

    def best_score(self) -> int | None:
        return max((r.score for r in self.results), default=None)


def new_game(seed: int) -> GameState:
    """A game as the Java PlayManager starts one, with another seed."""
    size = Config.DEFAULT_SIZE
    game = GameState(size, size, seed=seed)
    for _ in range(Config.INITIAL_TILE_COUNT):
        game.addTile()
    return game


def play_game(
    game: GameState,
    seed: int,
    choose: Chooser,
    on_move: Callable[[GameState], None],
) -> GameResult:
    """Play ``game`` to its end, calling ``on_move(game)`` after each move."""
    move_ms = []
    while True:
        start = time.perf_counter()
        direction = choose(game)
        elapsed_ms = (time.perf_counter() - start) * 1000.0
        if direction is None:
            break
        game.move(direction)
        move_ms.append(elapsed_ms)
        on_move(game)
    return GameResult(
        seed=seed,
        score=game.getScore(),
        max_tile=max(max(row) for row in game.getBoard()),
        moves=len(move_ms),
        move_ms=tuple(move_ms),
    )


class Progress:
    """The progress line on stderr: games done, moves per second, best tile."""

    def __init__(self, stream: TextIO, games: int) -> None:
        self.line = ProgressLine(stream, games, "games")
        self.moves = 0
        self.best_tile = 0

    def move(self, game: GameState) -> None:
        self.moves += 1
        if self.line.due():
            self.best_tile = max(self.best_tile, max(map(max, game.getBoard())))
            self.draw()

    def game_done(self, result: GameResult) -> None:
        self.line.done += 1
        self.best_tile = max(self.best_tile, result.max_tile)
        self.draw()

    def draw(self) -> None:
        rate = self.moves / self.line.elapsed()
        self.line.draw(f"{rate:,.0f} moves/s  best tile {self.best_tile}")

    def clear(self) -> None:
        self.line.clear()


def _ignore(game: GameState) -> None:
    """An on_move that does nothing (no progress line)."""


def run_games(
    report: Report,
    choose: Chooser,
    progress: Progress | None = None,
    make_game: GameMaker = new_game,
) -> Report:
    """Play ``report.games`` games into ``report``; Ctrl-C stops early.

    A game cut short by Ctrl-C is left out; the report says it was
    interrupted. Returns ``report``.
    """

    on_move = progress.move if progress is not None else _ignore
    try:
        for index in range(report.games):
            seed = report.seed + index
            result = play_game(make_game(seed), seed, choose, on_move)
            report.results.append(result)
            if progress is not None:
                progress.game_done(result)
    except KeyboardInterrupt:
        report.interrupted = True
    finally:
        if progress is not None:
            progress.clear()
    return report


# ------------------------------------------------------------- output
def format_table(report: Report) -> str:
    """The results as text: a bar per tile, then scores and speed."""
    finished = len(report.results)
    search = f"depth {report.depth}" if report.depth is not None else None
    if report.ms is not None:
        search = f"{report.ms:g} ms per move"
    lines = [
        (
            f"Autoplay: {finished} of {report.games} games"
            f"{' (stopped by Ctrl-C)' if report.interrupted else ''}, "
            f"seeds {report.seed} to {report.seed + report.games - 1}, "
            f"{search or 'default search'}"
        ),
        "",
        f"{'tile':>6}  {'games':>5}  {'rate':>4}",
    ]
    for tile, count in report.reached().items():
        share = count / finished if finished else 0.0
        lines.append(
            f"{tile:>6}  {count:>5}  {share:>4.0%}  {share_bar(share)}".rstrip()
        )
    lines += [
        "",
        f"median score        {figure(report.median_score())}",
        f"best score          {figure(report.best_score())}",
        f"median ms per move  {figure(report.median_ms(), 1)}",
    ]
    return "\n".join(lines) + "\n"


def to_json(report: Report) -> str:
    """The results as one JSON object (the same figures as the table)."""
    data = {
        "games": report.games,
        "finished": len(report.results),
        "interrupted": report.interrupted,
        "seed": report.seed,
        "depth": report.depth,
        "ms": report.ms,
        "reached": {str(tile): count for tile, count in report.reached().items()},
        "median_score": report.median_score(),
        "best_score": report.best_score(),
        "median_ms_per_move": report.median_ms(),
        "results": [
            {"seed": r.seed, "score": r.score, "max_tile": r.max_tile, "moves": r.moves}
            for r in report.results
        ],
    }
    return json.dumps(data, indent=2) + "\n"


def run(
    args: SimpleNamespace,
    seed: int,
    make_game: GameMaker,
    stdout: TextIO,
    stderr: TextIO,
) -> Report:
    """Play the games ``args`` ask for, print the table or JSON, return them."""
    games = DEFAULT_GAMES if args.games is None else args.games
    report = Report(games=games, seed=seed, depth=args.depth, ms=args.ms)
    progress = Progress(stderr, games) if stderr.isatty() else None

    def choose(game: GameState) -> Direction | None:
        return best_move(game, depth=args.depth, ms=args.ms)

    run_games(report, choose, progress, make_game)
    stdout.write(to_json(report) if args.json else format_table(report))
    stdout.flush()
    return report
