"""Dots for the session (:mod:`playmanager.session`): an intent is a path
of (row, col) cells; its effects are the cells new dots fell into, the
points, and the colour a closed square cleared. The rules stay in
:mod:`gamestate.dots`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from gamestate.dots import SIZE, CellT, GameBoardT, Level, RefusedMoveError
from gamestate.dots.board import closes_square

from ..messages import count
from ..session import GameAdapter, MoveRefusedError, PastStep
from ..storage import read_text
from . import savefile

Cell = tuple[int, int]
Path = tuple[Cell, ...]


class DotsEffects(NamedTuple):
    """What one path did."""

    colour: CellT
    """The colour of the path."""
    fresh: frozenset[Cell]
    """The cells new dots fell into."""
    gained: int
    """The points the path earned."""
    square: bool
    """True when the path closed a square (all its colour cleared)."""
    path: Path = ()
    """The path played (kept for the rescue record's history)."""


class Dots(GameAdapter[GameBoardT, Path, DotsEffects]):
    """Dots games of ``level`` (its seed replaced by each new game's)."""

    name = "dots"
    rescue_name = "rescued.dots"

    def __init__(self, level: Level) -> None:
        self.level = level

    def new_model(self, seed: int) -> GameBoardT:
        return GameBoardT(**self.level._replace(seed=seed)._asdict())

    def copy(self, model: GameBoardT) -> GameBoardT:
        return model.copy()

    def play(self, model: GameBoardT, intent: Path) -> DotsEffects:
        before = model.copy()
        try:
            model.move([list(cell) for cell in intent])
        except RefusedMoveError as error:
            raise MoveRefusedError(str(error)) from error
        first = intent[0]
        return DotsEffects(
            colour=before.get_boardT()[first[0]][first[1]],
            fresh=dropped_in(before, intent),
            gained=model.get_score() - before.get_score(),
            square=before.squares and closes_square(intent),
            path=tuple(intent),
        )

    def hint(self, model: GameBoardT) -> Path | None:
        from gamestate.dots.hint import hint

        path = hint(model)
        return None if path is None else tuple(path)

    def ended(self, model: GameBoardT) -> bool:
        return model.game_over() or model.is_win()

    def save_text(self, model: GameBoardT, seed: int) -> str:
        return savefile.format_save(model)

    def describe(self, model: GameBoardT, seed: int, moves: int) -> str:
        """Its seed, the moves made (of the level's) and its score."""
        made = model.level.moves - model.get_moves()
        return (
            f"a game of Dots, seed {seed}, {count(made, 'move')} made, "
            f"score {model.get_score()}"
        )

    def load(self, path: str) -> tuple[GameBoardT, int]:
        model = savefile.load(path)
        return model, model.level.seed

    def rescue_play(
        self, model: GameBoardT, seed: int, past: Sequence[PastStep[GameBoardT, DotsEffects]]
    ) -> str:
        """The rescue record (:mod:`~playmanager.dots.record`): the save,
        then the paths played since the game's start or load."""
        from .record import format_record

        start = past[0].before if past else model
        return format_record(model, start, [step.effects.path for step in past])

    def load_play(
        self, path: str
    ) -> tuple[GameBoardT, int, Sequence[PastStep[GameBoardT, DotsEffects]]]:
        """A save, or a rescue record with the moves that undo takes back."""
        from .record import read_record

        record = read_record(read_text(path), path)
        return record.game, record.game.level.seed, self.replay(record.start, record.paths)

    def replay(
        self, start: GameBoardT, paths: Sequence[Path]
    ) -> list[PastStep[GameBoardT, DotsEffects]]:
        """Each of ``paths`` played from ``start``: the game before it and
        what it did (a record's paths, which :func:`read_record` checked)."""
        game = start.copy()
        past = []
        for path in paths:
            before = game.copy()
            past.append(PastStep(before, self.play(game, path)))
        return past


def dropped_in(before: GameBoardT, path: Path) -> frozenset[Cell]:
    """The cells new dots filled when ``path`` was played on ``before``: in
    each column, as many cells from the top as the move cleared there."""
    cleared = before.cleared_by(path)
    return frozenset(
        (r, c) for c in range(SIZE) for r in range(sum(col == c for _, col in cleared))
    )
