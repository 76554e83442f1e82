"""The full-screen 2048: its keys, moves and screen on the shared modal
controller (:mod:`playmanager.screen.modal`).

The controller knows nothing of curses. A view hands it key names (``"w"``,
``"KEY_UP"``, ``"^C"``) through :meth:`Controller.press` and draws what
:meth:`Controller.screen` describes. The rules stay in :mod:`gamestate`
and :mod:`playmanager.twenty48.rules`; the game is a
:class:`~playmanager.session.Session`, so undo (board, score, generator,
seed), saving and "unsaved" are the session's. The move keys are Config's
(``Config.UP_KEY``...) with the arrows and vim's hjkl; the shared keys
(save, undo, hint, autoplay, new game, help, quit) are every game's.

States besides the shared ones: won (keep going / play again / quit) and
game over (try again / undo / quit), both the shared "ended" state.

Time: after each move the screen marks the new tile and the merged ones
and shows the points earned ("+12") for a moment (the shared
:class:`~playmanager.screen.marks.Marks`); autoplay moves every
:data:`~playmanager.screen.modal.AUTOPLAY_PAUSE_SECONDS`. The controller
says when it next wants to run (:meth:`Controller.wake_at`) and the view
calls :meth:`Controller.tick` then; a key never waits for either.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from gamestate import Config, Direction, GameState

from ...controls import Control, footer
from ...screen.keys import Binding
from ...screen.marks import Clock
from ...screen.modal import AUTOPLAY_PAUSE_SECONDS, ModalController, Mode, Overlay
from ...session import Session
from ..adapter import MoveEffects, Twenty48
from ..rules import (
    KEEP_GOING_KEY,
    PLAY_AGAIN_KEY,
    TRY_AGAIN_KEY,
    WIN_TITLE,
    Rules,
    WinTracker,
    reached_message,
)
from .best_score import load_best, store_best

__all__ = ["AUTOPLAY_PAUSE_SECONDS", "Controller", "Overlay", "Screen"]

GameFactory = Callable[[int], GameState]
"""Makes a new game, its first tiles drawn, from a seed."""
Solver = Callable[[GameState], Direction | None]
"""Suggests a move for a game (never changing it); None when none is left."""
Cell = tuple[int, int]
TwentySession = Session[GameState, Direction, MoveEffects]


class Action(enum.Enum):
    """2048's own keys: the moves, and the answers after a win or a loss."""

    UP = "move up"
    DOWN = "move down"
    LEFT = "move left"
    RIGHT = "move right"
    KEEP_GOING = "keep going"
    PLAY_AGAIN = "play again"
    TRY_AGAIN = "try again"
    SAVE = "save (Config.SAVE_KEY, as in the line mode)"
    QUIT = "quit (Config.QUIT_KEY, as in the line mode)"


def playing_keys() -> tuple[Binding[Action], ...]:
    """The move keys: the arrows, Config's keys (as in the line mode) and
    vim's hjkl (as in the original web game); and Config's save and quit
    keys where they are not the shared ones. Read at call time, so a
    changed ``Config.UP_KEY`` moves the full screen too."""
    moves = (
        Binding(("KEY_UP", Config.UP_KEY, "k"), Action.UP),
        Binding(("KEY_DOWN", Config.DOWN_KEY, "j"), Action.DOWN),
        Binding(("KEY_LEFT", Config.LEFT_KEY, "h"), Action.LEFT),
        Binding(("KEY_RIGHT", Config.RIGHT_KEY, "l"), Action.RIGHT),
    )
    own = (
        Binding((key,), action)
        for key, action, shared in (
            (Config.SAVE_KEY, Action.SAVE, Control.SAVE),
            (Config.QUIT_KEY, Action.QUIT, Control.QUIT),
        )
        if key != shared.value
    )
    return (*moves, *own)


WON_KEYS: Final = (
    Binding((KEEP_GOING_KEY,), Action.KEEP_GOING),
    Binding((PLAY_AGAIN_KEY,), Action.PLAY_AGAIN),
)
OVER_KEYS: Final = (Binding((TRY_AGAIN_KEY,), Action.TRY_AGAIN),)
_DIRECTIONS: Final = {
    Action.UP: Direction.UP,
    Action.DOWN: Direction.DOWN,
    Action.LEFT: Direction.LEFT,
    Action.RIGHT: Direction.RIGHT,
}


def footer_text() -> str:
    """The footer: the move keys, then the shared ones."""
    moves = f"arrows/{Config.UP_KEY}{Config.LEFT_KEY}{Config.DOWN_KEY}{Config.RIGHT_KEY}/hjkl move"
    return f"{moves}  {footer()}"


@dataclass(frozen=True)
class Screen:
    """Everything the view draws; it reads this and changes nothing."""

    board: tuple[tuple[int, ...], ...]
    score: int
    best: int | None
    seed: int
    goal: int | None
    rules_name: str
    save_target: str
    status: str
    overlay: Overlay | None
    footer: str
    new_tile: Cell | None = None
    """Where the last move added its tile, while it is marked."""
    merged: frozenset[Cell] = frozenset()
    """The tiles the last move merged, while they are marked."""
    gained: int = 0
    """The points the last move earned, while they are shown (0: none)."""


class Controller(ModalController[GameState, Direction, MoveEffects, Action]):
    """2048 on the modal controller: its moves, its win, its best score."""

    def __init__(
        self,
        session: TwentySession,
        *,
        rules: Rules,
        best_path: Path,
        rescue_folder: str,
        greeting: str = "",
        rescued: str | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        """Play ``session`` under ``rules``; the best score lives in
        ``best_path``; the rest as :class:`ModalController`."""
        self._rules = rules
        self._tracker = WinTracker(rules.goal)
        self._tracker.start(session.model.getBoard())
        self._best_path = best_path
        self._best, problem = load_best(best_path)
        self._best_stored = None if problem is not None else self._best
        self._won_now = False
        self.game_keys = playing_keys()
        self.ended_keys = OVER_KEYS
        super().__init__(
            session,
            rescue_folder=rescue_folder,
            greeting="; ".join(text for text in (greeting, problem) if text),
            rescued=rescued,
            clock=clock,
        )
        self._raise_best()
        self._store_best()

    # ------------------------------------------------------------ queries
    @property
    def game(self) -> GameState:
        """The game being played (read it; the controller changes it)."""
        return self.session.model

    def screen(self) -> Screen:
        """Describe what the view should draw now."""
        marks = self.marks.shown
        game = self.session.model
        return Screen(
            board=tuple(tuple(row) for row in game.getBoard()),
            score=game.getScore(),
            best=self._best,
            seed=self.session.seed,
            goal=self._rules.goal,
            rules_name=self._rules.name,
            save_target=self.session.save_target,
            status=self.status,
            overlay=self.overlay(),
            footer=footer_text(),
            new_tile=None if marks is None else marks.new_tile,
            merged=frozenset() if marks is None else marks.merged,
            gained=0 if marks is None else marks.gained,
        )

    # ------------------------------------------------------------ the game's part
    def do(self, action: Action, key: str) -> None:
        direction = _DIRECTIONS.get(action)
        if direction is not None:
            self.play(direction)
        elif action is Action.KEEP_GOING:
            self._won_now = False
            self.status = "Keep going!"
            self.mode = Mode.ENDED if self.game.isGameOver() else Mode.PLAYING
        elif action is Action.SAVE:
            self.control(Control.SAVE)
        elif action is Action.QUIT:
            self.control(Control.QUIT)
        else:
            self.new_game()

    def refused(self, reason: str) -> None:
        """As in the original game: nothing moves, nothing happens."""

    def show_hint(self, intent: Direction) -> None:
        self.status = f"Hint: move {intent.name.lower()}"

    def moved(self, effects: MoveEffects) -> str:
        self._won_now = self._tracker.check(self.game.getBoard())
        self._raise_best()
        return ""

    def intent_text(self, intent: Direction) -> str:
        return intent.name.lower()

    def jumped(self) -> None:
        """Undo, a new game: a board holding the goal was won before."""
        self._won_now = False
        self._tracker.start(self.game.getBoard())
        self._raise_best()

    def is_ended(self) -> bool:
        self.ended_keys = WON_KEYS if self._won_now else OVER_KEYS
        ended = self._won_now or self.game.isGameOver()
        if ended:
            self._store_best()
        return ended

    def ended_overlay(self) -> Overlay:
        goal = self._rules.goal
        if self._won_now and goal is not None:
            return Overlay(WIN_TITLE, (reached_message(goal), "", *self.ended_help()))
        score = f"No move is left. Score: {self.game.getScore()}"
        return Overlay("Game over!", (score, "", *self.ended_help()))

    def finishing(self) -> None:
        self._store_best()

    # ------------------------------------------------------------ the best score
    def _raise_best(self) -> None:
        score = max(self.game.getScore(), 0)  # a save may hold any score
        if self._best is None or score > self._best:
            self._best = score

    def _store_best(self) -> None:
        """Write the best score if it changed; a failure is only reported.

        Another game in another terminal may have stored a higher one since
        this game read the file: the higher one is kept.
        """
        if self._best == self._best_stored:
            return
        on_disk, _ = load_best(self._best_path)
        self._best = max(self._best or 0, on_disk or 0)
        try:
            store_best(self._best_path, self._best)
        except OSError as error:
            self.status = f"Best score not kept: {error}"
            return
        self._best_stored = self._best


def new_controller(
    game: GameState,
    *,
    rules: Rules,
    seed: int,
    new_game: GameFactory,
    save_target: str,
    best_path: Path,
    loaded: bool = True,
    solver: Solver | None = None,
    rescue_folder: str | None = None,
    greeting: str = "",
    rescued: str | None = None,
    clock: Clock = time.monotonic,
) -> Controller:
    """A controller over a session of ``game`` (``loaded`` from
    ``save_target``, else freshly dealt from ``seed``); new games come from
    ``new_game``, hints from ``solver`` (default: the expectimax solver).
    Rescues go to ``rescue_folder`` (default: beside the best score)."""
    adapter = Twenty48(new_game, solver, load_seed=seed, two_prob=rules.two_prob)
    session = Session(adapter, game, seed, save_target, loaded=loaded)

    return Controller(
        session,
        rules=rules,
        best_path=best_path,
        rescue_folder=str(best_path.parent) if rescue_folder is None else rescue_folder,
        greeting=greeting,
        rescued=rescued,
        clock=clock,
    )
