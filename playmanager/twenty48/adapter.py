"""2048 for the session (:mod:`playmanager.session`): a move is a Direction,
its effects (:class:`gamestate.MoveEffects`) are the new tile, the merged
tiles and the points, which :meth:`GameState.move_with_effects` reports
from the one slide that moves the board.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gamestate import Direction, GameState
from gamestate.effects import MoveEffects

from ..session import GameAdapter, MoveRefusedError, PastStep
from . import RESCUE_NAME

NOTHING_MOVES = "nothing moves that way"


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
        self._warm = solver is not None
        """Whether a hint has been found yet (the default solver's first
        builds its tables: seconds)."""
        self._load_seed = load_seed
        self._two_prob = two_prob

    def new_model(self, seed: int) -> GameState:
        return self._make_game(seed)

    def copy(self, model: GameState) -> GameState:
        return model.copy()

    def play(self, model: GameState, intent: Direction) -> MoveEffects:
        effects = model.move_with_effects(intent)
        if effects is None:
            raise MoveRefusedError(NOTHING_MOVES)
        return effects

    def hint(self, model: GameState) -> Direction | None:
        if self._solver is None:
            from gamestate.solver import best_move

            self._solver = best_move
        hint = self._solver(model)
        self._warm = True
        return hint

    def hint_keeps_waiting(self) -> bool:
        return not self._warm

    def ended(self, model: GameState) -> bool:
        return model.isGameOver()

    def save_text(self, model: GameState, seed: int) -> str:
        from . import savefile  # here: its parser is not needed to start (issue 14)

        return savefile.format_save(model)

    def describe(self, model: GameState, seed: int, moves: int) -> str:
        """A 2048 save keeps no seed nor moves (Java's layout): its score
        and highest tile name it."""
        return describe_game(model)

    def load(self, path: str) -> tuple[GameState, int]:
        model, seed, _ = self.load_play(path)
        return model, seed

    def rescue_play(
        self, model: GameState, seed: int, past: Sequence[PastStep[GameState, MoveEffects]]
    ) -> str:
        """The rescue record (:mod:`~playmanager.twenty48.record`): Java's
        save, then the seed, the generator and the moves made."""
        from .record import format_record, moves_between

        positions = [step.before for step in past]
        start = positions[0] if positions else model
        return format_record(model, seed, start, moves_between([*positions, model]))

    def load_play(
        self, path: str
    ) -> tuple[GameState, int, Sequence[PastStep[GameState, MoveEffects]]]:
        """A Java save as Java loads it (its generator from the load seed,
        default Config.RANDOM_SEED); a rescue record as it was rescued."""
        from gamestate import Config

        from ..storage import read_text
        from .record import read_record

        seed = Config.RANDOM_SEED if self._load_seed is None else self._load_seed
        record = read_record(read_text(path), path, seed=seed, two_prob=self._two_prob)
        past = [PastStep(before, effects) for before, effects in record.past()]
        return record.game, record.seed, past


def describe_game(model: GameState) -> str:
    """A 2048 game in a few words, for "FILE holds ...": its score and
    highest tile (a Java save keeps no seed nor moves)."""
    highest = max(max(row) for row in model.getBoard())
    return f"a game of 2048 with score {model.getScore()}, highest tile {highest}"
