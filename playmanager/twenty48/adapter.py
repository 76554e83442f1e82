"""2048 for the session (:mod:`playmanager.session`): a move is a Direction,
its effects are the new tile, the merged tiles and the points.

The model is :class:`gamestate.GameState`; :meth:`Twenty48.play` asks it
what a slide does (:func:`gamestate.effects.slide_effects`) and moves it.
"""

from __future__ import annotations

from collections.abc import Callable

from gamestate import Direction, GameState

from ..session import GameAdapter, MoveRefusedError
from . import RESCUE_NAME

Cell = tuple[int, int]

NOTHING_MOVES = "nothing moves that way"


class MoveEffects:
    """What one move did: where its tile appeared, which tiles it merged and
    the points it earned."""

    __slots__ = ("gained", "merged", "new_tile")

    def __init__(
        self, new_tile: Cell | None, merged: frozenset[Cell], gained: int
    ) -> None:
        self.new_tile = new_tile
        """(row, col) of the tile the move added; None if the board was full."""
        self.merged = merged
        """(row, col) of every tile the move made by merging two."""
        self.gained = gained
        """The points the move earned."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MoveEffects) and (
            (self.new_tile, self.merged, self.gained)
            == (other.new_tile, other.merged, other.gained)
        )

    def __repr__(self) -> str:
        return f"MoveEffects({self.new_tile!r}, {set(self.merged)!r}, {self.gained!r})"


class Twenty48(GameAdapter[GameState, Direction, MoveEffects]):
    """2048 games made by ``make_game(seed)`` (size, rules and first tiles)."""

    name = "2048"
    rescue_name = RESCUE_NAME

    def __init__(
        self,
        make_game: Callable[[int], GameState],
        solver: Callable[[GameState], Direction | None] | None = None,
        *,
        load_seed: int | None = None,
        two_prob: int | None = None,
    ) -> None:
        """``solver`` answers :meth:`hint` (default: the expectimax solver,
        imported when first asked: it is slow to import). A loaded game
        draws its tiles from ``load_seed`` (default Config.RANDOM_SEED, as
        a new Java GameState) with ``two_prob``."""
        self._make_game = make_game
        self._solver = solver
        self._load_seed = load_seed
        self._two_prob = two_prob

    def new_model(self, seed: int) -> GameState:
        return self._make_game(seed)

    def copy(self, model: GameState) -> GameState:
        return model.copy()

    def play(self, model: GameState, intent: Direction) -> MoveEffects:
        from gamestate.effects import added_tile, slide_effects

        effects = slide_effects(model.getBoard(), intent)
        if not model.move(intent):
            raise MoveRefusedError(NOTHING_MOVES)
        new_tile = added_tile(effects.board, model.getBoard())
        return MoveEffects(new_tile, effects.merged, effects.gained)

    def hint(self, model: GameState) -> Direction | None:
        if self._solver is None:
            from gamestate.solver import best_move

            self._solver = best_move
        return self._solver(model)

    def ended(self, model: GameState) -> bool:
        return model.isGameOver()

    def save_text(self, model: GameState, seed: int) -> str:
        from . import savefile  # here: its parser is not needed to start (issue 14)

        return savefile.format_save(model)

    def load(self, path: str) -> tuple[GameState, int]:
        from gamestate import Config

        from . import savefile

        seed = Config.RANDOM_SEED if self._load_seed is None else self._load_seed
        return savefile.load(path, seed=seed, two_prob=self._two_prob), seed
