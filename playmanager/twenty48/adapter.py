"""2048 for the session (:mod:`playmanager.session`): a move is a Direction,
its effects are the new tile, the merged tiles and the points.

The model is :class:`gamestate.GameState`; :meth:`Twenty48.play` asks it
what a slide does (:func:`gamestate.effects.slide_effects`) and moves it.
"""

from __future__ import annotations

from gamestate import Direction, GameState

from ..session import GameAdapter, MoveRefusedError

TYPE_CHECKING = False  # typing costs the line mode start-up time (issue 14)
if TYPE_CHECKING:
    from collections.abc import Callable

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
    rescue_name = "rescued.2048"

    def __init__(
        self,
        make_game: Callable[[int], GameState],
        solver: Callable[[GameState], Direction | None] | None = None,
    ) -> None:
        """``solver`` answers :meth:`hint` (default: the expectimax solver,
        imported when first asked: it is slow to import)."""
        self._make_game = make_game
        self._solver = solver

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
