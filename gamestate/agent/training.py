"""TD(0) on afterstates: an n-tuple network learns from games it plays.

Szubert & Jaśkowski (2014)'s learner, run on many games at once: each
game of a :class:`gamestate.batch.Batch` (4x4) or
:class:`gamestate.batch.GridBatch` (any other ``rows`` x ``cols``; both
Java-exact, ``two_prob`` as the option) moves greedily by ``gain + V(afterstate)``; the afterstate it
left last step is moved toward ``gain' + V(afterstate')`` of the move it
makes now, or toward 0 when that move ended the game::

    V(s'_prev) += alpha * (r + V(s') - V(s'_prev))

Games are seeded ``seed * 2**32 + k`` for the k-th game started, so one
seed gives one sequence of games and, the updates being applied in
order, identical weights. :class:`Trainer` keeps everything a run needs
to go on (the network, the games in flight, the curve) and writes it to
a checkpoint that :meth:`Trainer.resume` continues exactly. Never prints:
progress goes to a callback.
"""

from __future__ import annotations

import json
import os
import time
import zipfile
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ..batch import Batch, GridBatch
from ..batch.grid import batch_for, check_size
from ..game_state import GameState
from .moves import afterstates
from .network import JAVA_TWO_PROB, NTupleNetwork, SizeMismatchError, tuples_for

U64 = npt.NDArray[np.uint64]
Mask = npt.NDArray[np.bool_]

TILES: Final = tuple(2**exponent for exponent in range(1, 16))
"""Every tile a game can reach (the engines refuse a merge past 32768):
a curve point keeps the share of its games that reached each one."""
OLD_MILESTONES: Final = (2048, 4096, 8192)
"""The only tiles a checkpoint written before every tile was kept followed."""
CURVE_FIELDS: Final = ("games", "moves", "seconds", "mean_score")
"""A curve point's fields besides its ``rate_<tile>`` ones."""


@dataclass(frozen=True)
class Settings:
    """What a run is: the same settings and seed give the same weights."""

    seed: int = 0
    parallel: int = 256
    """Games played at once (the batch's size)."""
    alpha: float = 0.1
    """Learning rate: the share of the TD error a step corrects."""
    two_prob: int = JAVA_TWO_PROB
    """Percent chance that a new tile is a 2 (the Java rules: 70)."""
    report_every: int = 1000
    """Games per point of the learning curve (and per checkpoint)."""
    initial: float = 0.0
    """Every board's value before training (large: optimistic, OTD)."""
    rows: int = 4
    cols: int = 4
    """The board's size: 4x4 plays the packed engine (Batch), any other
    size GridBatch."""

    def __post_init__(self) -> None:
        check_size(self.rows, self.cols)
        if self.parallel < 1:
            raise ValueError(f"parallel must be at least 1, got {self.parallel}")
        if not 0 < self.alpha <= 1:
            raise ValueError(f"alpha must be in (0, 1], got {self.alpha}")
        if not 0 <= self.two_prob <= 100:
            raise ValueError(f"two_prob must be 0 to 100, got {self.two_prob}")
        if self.report_every < 1:
            raise ValueError(
                f"report_every must be at least 1, got {self.report_every}"
            )


@dataclass
class Window:
    """The games finished since the last point of the curve."""

    games: int = 0
    score: int = 0
    reached: dict[int, int] = field(default_factory=lambda: dict.fromkeys(TILES, 0))
    """Per tile followed, how many of the games reached it."""

    def add(
        self, scores: npt.NDArray[np.int64], highest: npt.NDArray[np.int64]
    ) -> None:
        self.games += len(scores)
        self.score += int(scores.sum())
        for tile in self.reached:
            self.reached[tile] += int((highest >= tile).sum())

    @classmethod
    def restored(cls, saved: dict[str, Any]) -> Window:
        """A window as a checkpoint's JSON keeps it (or, before every tile
        was followed, its list of the 2048, 4096 and 8192 counts)."""
        reached = saved["reached"]
        if isinstance(reached, list):
            reached = dict(zip(OLD_MILESTONES, reached, strict=True))
        counts = {int(tile): int(count) for tile, count in reached.items()}
        return cls(int(saved["games"]), int(saved["score"]), counts)


@dataclass(frozen=True)
class Progress:
    """What the callback hears after every step."""

    games: int
    target: int
    moves: int
    seconds: float
    curve: list[dict[str, float]]


class Trainer:
    """A training run: network, games in flight, counts and curve."""

    def __init__(
        self, settings: Settings, network: NTupleNetwork | None = None
    ) -> None:
        self.settings = settings
        size = (settings.rows, settings.cols)
        self.network = network or NTupleNetwork(
            tuples_for(*size), initial=settings.initial, size=size
        )
        if self.network.size != size:
            raise ValueError(
                f"the network is for {self.network.size[0]}x{self.network.size[1]}"
                f" boards, the settings for {size[0]}x{size[1]}"
            )
        self.network.two_prob = settings.two_prob  # what its file records
        self.started = settings.parallel
        """How many games have been started (the next game's number)."""
        self.batch = batch_for(
            self._seeds(0, settings.parallel),
            rows=settings.rows,
            cols=settings.cols,
            two_prob=settings.two_prob,
        )
        self.previous = self.batch.boards.copy()
        self.has_previous = np.zeros(settings.parallel, dtype=np.bool_)
        self.games = 0
        self.moves = 0
        self.seconds = 0.0
        self.curve: list[dict[str, float]] = []
        self.window = Window()

    def change_two_prob(self, two_prob: int) -> None:
        """Go on under another ``two_prob``: the games in flight and every
        game after draw their tiles by it, and the network records it."""
        self.settings = replace(self.settings, two_prob=two_prob)
        self.batch.two_prob[:] = two_prob
        self.network.two_prob = two_prob

    def _seeds(self, first: int, count: int) -> list[int]:
        base = self.settings.seed << 32
        return [base + k for k in range(first, first + count)]

    # ------------------------------------------------------------ steps
    def step(self) -> None:
        """Every game in flight makes one greedy move, and learns from it."""
        network, alpha = self.network, self.settings.alpha
        after, gains, legal = afterstates(self.batch.boards)
        values = network.values(after.reshape(-1, *after.shape[2:]))
        values = values.reshape(after.shape[:2])
        q = np.where(legal, gains + values, -np.inf)
        actions = q.argmax(axis=1)
        rows = np.arange(len(actions))
        best = q[rows, actions]
        learn = self.has_previous
        if learn.any():
            network.learn(self.previous[learn], best[learn].astype(np.float32), alpha)
        chosen = after[rows, actions]
        result = self.batch.step(actions)
        self.moves += int(result.moved.sum())
        finished = result.finished | ~legal.any(axis=1)
        if finished.any():
            ends = chosen[finished]
            network.learn(ends, np.zeros(len(ends), dtype=np.float32), alpha)
            self._finish(
                np.flatnonzero(finished), result.final_scores, result.final_boards
            )
        self.previous = chosen
        self.has_previous = ~finished

    def _finish(
        self,
        which: npt.NDArray[np.intp],
        scores: npt.NDArray[np.int64],
        boards: npt.NDArray[Any],
    ) -> None:
        highest = _highest_tiles(boards[which])
        self.window.add(scores[which], highest)
        self.games += len(which)
        self.batch.reset(which, self._seeds(self.started, len(which)))
        self.started += len(which)

    def run(
        self,
        games: int,
        *,
        checkpoint: str | os.PathLike[str] | None = None,
        progress: Callable[[Progress], None] | None = None,
        seconds: float | None = None,
    ) -> None:
        """Train until ``games`` games in all have finished, or for
        ``seconds`` of this call's wall time; a curve point (and a
        checkpoint, when given) every ``report_every`` games and at the end."""
        every = self.settings.report_every
        deadline = time.monotonic() + seconds if seconds is not None else None
        out_of_time = False
        while self.games < games and not out_of_time:
            start = time.perf_counter()
            self.step()
            self.seconds += time.perf_counter() - start
            out_of_time = deadline is not None and time.monotonic() >= deadline
            if self.window.games >= every or self.games >= games or out_of_time:
                self._add_point()
                if checkpoint is not None:
                    self.save(checkpoint)
            if progress is not None:
                progress(
                    Progress(self.games, games, self.moves, self.seconds, self.curve)
                )

    def _add_point(self) -> None:
        window = self.window
        if window.games == 0:
            return
        point: dict[str, float] = {
            "games": self.games,
            "moves": self.moves,
            "seconds": round(self.seconds, 1),
            "mean_score": round(window.score / window.games, 1),
        }
        for tile, count in window.reached.items():
            point[f"rate_{tile}"] = round(count / window.games, 4)
        self.curve.append(point)
        self.window = Window()

    # ----------------------------------------------------- checkpoints
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the whole run to ``path`` (.npz), atomically."""
        target = Path(path)
        temporary = target.with_name(target.name + ".part")
        state = {
            "settings": asdict(self.settings),
            "started": self.started,
            "games": self.games,
            "moves": self.moves,
            "seconds": self.seconds,
            "curve": self.curve,
            "window": asdict(self.window),
        }
        with temporary.open("wb") as handle:
            np.savez_compressed(
                handle,
                state=np.array(json.dumps(state)),
                tuples=np.array(self.network.tuples, dtype=np.int64),
                weights=self.network.weights,
                boards=self.batch.boards,
                scores=self.batch.scores,
                states=self.batch.states,
                previous=self.previous,
                has_previous=self.has_previous,
            )
        os.replace(temporary, target)

    @classmethod
    def resume(
        cls, path: str | os.PathLike[str], *, size: tuple[int, int] | None = None
    ) -> Trainer:
        """The run saved at ``path``, to go on exactly where it stopped.
        ValueError naming the file when it is not a checkpoint, or when
        ``size`` is given and the run's board is another."""
        try:
            with np.load(path) as saved:
                arrays = {name: saved[name] for name in saved.files}
            state = json.loads(str(arrays["state"]))
            settings = Settings(**state["settings"])
        except (OSError, KeyError, ValueError, TypeError, zipfile.BadZipFile) as error:
            raise ValueError(f"{path}: not a training checkpoint ({error})") from None
        found = (settings.rows, settings.cols)
        if size is not None and tuple(size) != found:
            raise SizeMismatchError(
                f"{path}: a run on {found[0]}x{found[1]} boards,"
                f" not {size[0]}x{size[1]}"
            )
        network = NTupleNetwork(
            arrays["tuples"].tolist(),
            arrays["weights"],
            initial=settings.initial,
            size=found,
        )
        trainer = cls(settings, network)
        trainer.batch = _restored(arrays, settings)
        trainer.previous = arrays["previous"]
        trainer.has_previous = arrays["has_previous"]
        trainer.started = state["started"]
        trainer.games = state["games"]
        trainer.moves = state["moves"]
        trainer.seconds = state["seconds"]
        trainer.curve = state["curve"]
        trainer.window = Window.restored(state["window"])
        return trainer


def _restored(
    arrays: dict[str, npt.NDArray[Any]], settings: Settings
) -> Batch | GridBatch:
    """The games a checkpoint holds, going on as they were."""
    if (settings.rows, settings.cols) != (4, 4):
        return GridBatch.restored(
            arrays["boards"], arrays["scores"], arrays["states"], settings.two_prob
        )
    return Batch.from_games(
        [
            _game(int(board), int(score), int(rng), settings.two_prob)
            for board, score, rng in zip(
                arrays["boards"], arrays["scores"], arrays["states"], strict=True
            )
        ]
    )


def _game(board: int, score: int, rng: int, two_prob: int) -> GameState:
    game = GameState(4, 4, two_prob=two_prob)
    cells = [(board >> (4 * cell)) & 0xF for cell in range(16)]
    game.setBoard(
        [[1 << e if e else 0 for e in cells[r * 4 : r * 4 + 4]] for r in range(4)]
    )
    game.setScore(score)
    game.rng.setstate(rng)
    return game


def _highest_tiles(boards: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
    if boards.dtype != np.uint64:  # exponents (N, rows, columns)
        exponents: npt.NDArray[np.int64] = boards.max(axis=(1, 2)).astype(np.int64)
        return np.int64(1) << exponents
    cells = (
        boards[:, None] >> (np.arange(16, dtype=np.uint64) * np.uint64(4))
    ) & np.uint64(15)
    highest: npt.NDArray[np.int64] = np.int64(1) << cells.max(axis=1).astype(np.int64)
    return highest
