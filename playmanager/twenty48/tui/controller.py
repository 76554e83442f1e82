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
from gamestate.effects import MoveEffects

from ...controls import Control, footer
from ...rules_text import TWENTY48
from ...screen.keys import Binding
from ...screen.marks import Clock
from ...screen.modal import AUTOPLAY_PAUSE_SECONDS, ModalController, Mode, Overlay
from ...session import Session
from ...statistics import Tracker
from ...statistics import load as load_statistics
from ..adapter import Twenty48
from ..rules import (
    DEFAULT_GOAL,
    KEEP_GOING_KEY,
    PRESETS,
    TRY_AGAIN_KEY,
    WIN_TITLE,
    Rules,
    WinTracker,
    reached_message,
)

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


YES_KEY: Final = "y"
WON_KEYS: Final = (Binding((KEEP_GOING_KEY, YES_KEY), Action.KEEP_GOING),)
"""After a win: k (the MVC spec's key) or y keeps going; n, the shared
new game, plays again (a second "play again" key read as the same thing)."""
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
        rescue_folder: str,
        greeting: str = "",
        rescued: str | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        """Play ``session`` under ``rules``; the rest as
        :class:`ModalController`. The best score is the statistics' (see
        :meth:`follow`): none is shown without them."""
        self._rules = rules
        self._tracker = WinTracker(rules.goal)
        self._tracker.start(session.model.getBoard())
        self._best: int | None = None
        self._won_now = False
        self.game_keys = playing_keys()
        self.ended_keys = OVER_KEYS
        super().__init__(
            session,
            rescue_folder=rescue_folder,
            greeting=greeting,
            rescued=rescued,
            clock=clock,
        )

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
            gained=0 if marks is None else marks.points,
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

    def rules(self) -> tuple[str, ...]:
        return TWENTY48

    def show_hint(self, intent: Direction) -> None:
        self.status = f"Hint: move {intent.name.lower()}"

    def moved(self, effects: MoveEffects) -> str:
        self._won_now = self._tracker.check(self.game.getBoard())
        self._raise_best()
        return ""

    def won_game(self) -> bool:
        return self._tracker.reached

    def game_score(self) -> int:
        return self.game.getScore()

    def intent_text(self, intent: Direction) -> str:
        return intent.name.lower()

    def jumped(self) -> None:
        """Undo, a new game: a board holding the goal was won before."""
        self._won_now = False
        self._tracker.start(self.game.getBoard())

    def is_ended(self) -> bool:
        self.ended_keys = WON_KEYS if self._won_now else OVER_KEYS
        return self._won_now or self.game.isGameOver()

    def ended_overlay(self) -> Overlay:
        goal = self._rules.goal
        if self._won_now and goal is not None:
            return Overlay(
                WIN_TITLE, (reached_message(goal), *self.ended_help()), low=True
            )
        score = f"No move is left. Score: {self.game.getScore()}"
        return Overlay("Game over!", (score, *self.ended_help()), low=True)

    # ------------------------------------------------------------ the best score
    def follow(self, statistics: Tracker) -> None:
        """Count the games in ``statistics``; the best score shown is the
        best of this board size and rules there."""
        super().follow(statistics)
        kept, notice = load_statistics(statistics.path)
        self._best = kept.best_score(statistics.game, statistics.variant)
        self._note(notice)
        self._raise_best()

    def _raise_best(self) -> None:
        """The score of a game played here raises the best as it grows; a
        game loaded from a file never does (part of it was played elsewhere)."""
        statistics = self._statistics
        if statistics is None or statistics.from_file:
            return
        score = self.game.getScore()
        if self._best is None or score > self._best:
            self._best = score


def variant(game: GameState, rules: Rules) -> str:
    """What the statistics keep apart: ``4x4 java``, ``5x5 mvc goal 4096``."""
    board = game.getBoard()
    name = f"{len(board)}x{len(board[0])} {rules.name}"
    preset = PRESETS.get(rules.name)
    if preset is None or rules.two_prob != preset.two_prob:
        name += f" {'Java' if rules.two_prob is None else rules.two_prob}% 2s"
    if rules.goal != DEFAULT_GOAL:
        name += " no goal" if rules.goal is None else f" goal {rules.goal}"
    return name


def follow_statistics(
    controller: Controller, path: Path, rules: Rules, *, loaded: bool
) -> None:
    """Count ``controller``'s games in the statistics file ``path``."""
    tracker = Tracker(path, "2048")
    tracker.start(variant(controller.game, rules), from_file=loaded)
    controller.follow(tracker)


def new_controller(
    game: GameState,
    *,
    rules: Rules,
    seed: int,
    new_game: GameFactory,
    save_target: str,
    statistics_path: Path,
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
    Games are counted in ``statistics_path``; rescues go to
    ``rescue_folder`` (default: beside the statistics)."""
    adapter = Twenty48(new_game, solver, load_seed=seed, two_prob=rules.two_prob)
    session = Session(adapter, game, seed, save_target, loaded=loaded)

    folder = str(statistics_path.parent) if rescue_folder is None else rescue_folder
    controller = Controller(
        session,
        rules=rules,
        rescue_folder=folder,
        greeting=greeting,
        rescued=rescued,
        clock=clock,
    )
    follow_statistics(controller, statistics_path, rules, loaded=loaded)
    return controller
