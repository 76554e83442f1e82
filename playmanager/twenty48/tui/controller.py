"""The full-screen game's controller: keys in, actions on the model, a screen out.

The controller knows nothing of curses. A view hands it key names (``"w"``,
``"KEY_UP"``, ``"^C"``) through :meth:`Controller.press` and draws what
:meth:`Controller.screen` describes. The rules stay in :mod:`gamestate`
and :mod:`playmanager.twenty48.rules`; saving is the line mode's
:func:`playmanager.savefile.save`. Every key of the game is in the tables
below and nowhere else, so adding a key is one line, and the help overlay
is built from the same tables.

States: playing, help shown, won (keep going / play again / quit), game
over (try again / undo / quit) and "save before quitting?". Undo keeps
every earlier turn (board, score, random generator, seed and whether the
goal was reached), so a replayed move draws the same tile, and a new game
can be undone too.

Time: after each move the screen marks the new tile and the merged ones
and shows the points earned ("+12") for a moment (the shared
:class:`~.marks.Marks`, as every full screen); autoplay moves every
:data:`AUTOPLAY_PAUSE_SECONDS`. The controller says when it
next wants to run (:meth:`Controller.wake_at`) and the view calls
:meth:`Controller.tick` then; a key never waits for either.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from gamestate import Direction, GameState
from gamestate.effects import added_tile, slide_effects
from gamestate.solver import best_move

from ...options import next_seed
from ...screen.keys import (
    CONFIRM_QUIT_KEYS,
    QUIT_TITLE,
    Binding,
    QuitChoice,
    describe,
    find_action,
    quit_question,
    rescue,
)
from ...screen.marks import Clock, Marks, earliest
from ...screen.shell import CTRL_C
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

RESCUE_FILE: Final = "rescued.2048"
"""Where a game goes when the terminal closes and the save file cannot be written."""
AUTOPLAY_PAUSE_SECONDS: Final = 0.15
"""How long autoplay shows each board before its next move."""

SaveFunction = Callable[[GameState, str], None]
"""Writes a game to a path (savefile.save), raising OSError when it cannot."""
GameFactory = Callable[[int], GameState]
"""Makes a new game, its first tiles drawn, from a seed."""
Solver = Callable[[GameState], Direction | None]
"""Suggests a move for a game (never changing it); None when none is left."""
Cell = tuple[int, int]


class Action(enum.Enum):
    """What a key asks for."""

    UP = "move up"
    DOWN = "move down"
    LEFT = "move left"
    RIGHT = "move right"
    UNDO = "undo the last move (many levels, new games too)"
    SAVE = "save to the save file"
    NEW_GAME = "new game (the next seed)"
    HELP = "show this help"
    QUIT = "quit (asks to save unsaved progress)"
    KEEP_GOING = "keep going"
    PLAY_AGAIN = "play again"
    TRY_AGAIN = "try again"
    HINT = "hint: the solver's move"
    AUTOPLAY = "autoplay: the solver plays; any key stops it"


# h j k l are vim's left, down, up, right (as in the original web game);
# so the hint of issue 7 is "H" (shift-h), and autoplay is "A".
PLAYING_KEYS: Final = (
    Binding(("KEY_UP", "w", "k"), Action.UP),
    Binding(("KEY_DOWN", "s", "j"), Action.DOWN),
    Binding(("KEY_LEFT", "a", "h"), Action.LEFT),
    Binding(("KEY_RIGHT", "d", "l"), Action.RIGHT),
    Binding(("u",), Action.UNDO),
    Binding(("o",), Action.SAVE),
    Binding(("n",), Action.NEW_GAME),
    Binding(("H",), Action.HINT),
    Binding(("A",), Action.AUTOPLAY),
    Binding(("?",), Action.HELP),
    Binding(("q",), Action.QUIT),
)
WON_KEYS: Final = (
    Binding((KEEP_GOING_KEY,), Action.KEEP_GOING),
    Binding((PLAY_AGAIN_KEY,), Action.PLAY_AGAIN),
    Binding(("q",), Action.QUIT),
)
OVER_KEYS: Final = (
    Binding((TRY_AGAIN_KEY,), Action.TRY_AGAIN),
    Binding(("u",), Action.UNDO),
    Binding(("q",), Action.QUIT),
)
_DIRECTIONS: Final = {
    Action.UP: Direction.UP,
    Action.DOWN: Direction.DOWN,
    Action.LEFT: Direction.LEFT,
    Action.RIGHT: Direction.RIGHT,
}


class Mode(enum.Enum):
    """What the screen shows on top of the board, and which keys work."""

    PLAYING = "playing"
    HELP = "help"
    WON = "won"
    OVER = "over"
    CONFIRM_QUIT = "confirm quit"


_MODE_KEYS: Final[dict[Mode, tuple[Binding[Action], ...]]] = {
    Mode.PLAYING: PLAYING_KEYS,
    Mode.WON: WON_KEYS,
    Mode.OVER: OVER_KEYS,
}


@dataclass(frozen=True)
class Overlay:
    """A box drawn over the board: a title and lines of text."""

    title: str
    lines: tuple[str, ...]


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


@dataclass(frozen=True)
class _MoveMarks:
    """What the last move did: the screen marks it for a moment."""

    new_tile: Cell | None
    merged: frozenset[Cell]
    gained: int


_NO_MARKS: Final = _MoveMarks(None, frozenset(), 0)


FOOTER: Final = (
    "arrows/wasd/hjkl move  u undo  o save  n new  H hint  A auto  ? help  q quit"
)


@dataclass(frozen=True)
class _Turn:
    """One entry of the undo history: everything a move or new game changes."""

    game: GameState
    seed: int
    goal_reached: bool


class Controller:
    """Turns key names into actions on one game and describes the screen."""

    def __init__(
        self,
        game: GameState,
        *,
        rules: Rules,
        seed: int,
        new_game: GameFactory,
        save_target: str,
        save: SaveFunction,
        best_path: Path,
        greeting: str = "",
        solver: Solver = best_move,
        clock: Clock = time.monotonic,
    ) -> None:
        """Start with ``game`` (new or loaded; it counts as saved).

        ``seed`` is the seed ``game`` was made with, shown on screen; a new
        game is ``new_game(the next seed)``. ``save`` writes to
        ``save_target``; the best score lives in ``best_path``.
        ``greeting`` is the first status line. ``solver`` answers the
        hint key and plays autoplay's moves. ``clock`` times the marks
        and autoplay.
        """
        self._game = game
        self._clock = clock
        self._marks = Marks(_NO_MARKS, clock)
        self._next_autoplay = 0.0
        self._rules = rules
        self._solver = solver
        self._autoplaying = False
        self._make_game = new_game
        self._seed = seed
        self._save_target = save_target
        self._save = save
        self._best_path = best_path
        self._tracker = WinTracker(rules.goal)
        self._tracker.start(game.getBoard())
        self._history: list[_Turn] = []
        self._unsaved = False
        self._finished = False
        self._mode = Mode.PLAYING
        self._mode_before_quit = Mode.PLAYING
        self._best, problem = load_best(best_path)
        self._best_stored = self._best
        self._status = "; ".join(text for text in (greeting, problem) if text)
        self._raise_best()
        if problem is not None:
            # Missing or corrupt: reported once (above) and written anew now.
            self._best_stored = None
        self._settle()
        self._store_best()

    # ------------------------------------------------------------ queries
    @property
    def finished(self) -> bool:
        """True once the player has quit."""
        return self._finished

    @property
    def autoplaying(self) -> bool:
        """True while autoplay is on (its moves come from :meth:`tick`)."""
        return self._autoplaying

    def wake_at(self) -> float | None:
        """When :meth:`tick` has something to do: the marks end, or autoplay's
        next move is due; None when only a key can change the screen."""
        autoplay = self._next_autoplay if self._autoplaying else None
        return earliest(self._marks.wake_at(), autoplay)

    def tick(self) -> None:
        """Let time act: the marks fade when their moment is over, and
        autoplay moves when its pause is over."""
        self._marks.tick()
        if self._autoplaying and self._clock() >= self._next_autoplay:
            self.autoplay_step()

    @property
    def game(self) -> GameState:
        """The game being played (read it; the controller changes it)."""
        return self._game

    @property
    def unsaved(self) -> bool:
        """True when the game changed since it was loaded, started or saved."""
        return self._unsaved

    def screen(self) -> Screen:
        """Describe what the view should draw now."""
        marks = self._marks.shown
        return Screen(
            board=tuple(tuple(row) for row in self._game.getBoard()),
            score=self._game.getScore(),
            best=self._best,
            seed=self._seed,
            goal=self._rules.goal,
            rules_name=self._rules.name,
            save_target=self._save_target,
            status=self._status,
            overlay=self._overlay(),
            footer=FOOTER,
            new_tile=marks.new_tile,
            merged=marks.merged,
            gained=marks.gained,
        )

    # ------------------------------------------------------------ keys
    def press(self, key: str) -> None:
        """Do what ``key`` means in the current mode; unknown keys do nothing."""
        if self._finished:
            return
        if self._autoplaying:
            self._stop_autoplay("Autoplay stopped")
            return  # any key stops autoplay, and only that
        if self._mode is Mode.HELP:
            self._mode = Mode.PLAYING
            if key != CTRL_C:
                return
        action: Action | QuitChoice | None
        if self._mode is Mode.CONFIRM_QUIT:
            action = find_action(CONFIRM_QUIT_KEYS, key)
        else:
            action = find_action(_MODE_KEYS[self._mode], key)
        if action is None and key == CTRL_C:
            action = Action.QUIT
        if action is not None:
            self._do(action)

    def hang_up(self, why: str = "Terminal closed") -> str:
        """End without asking (the terminal went away, or a crash); say what happened.

        Unsaved progress is saved to the save file, as "save before
        quitting?" answered with yes would do; if that fails, to
        ``rescued.2048`` beside the best score. The best score is stored.
        """
        self._finished = True
        self._store_best()
        if not self._unsaved:
            return f"{why}; nothing to save."
        game = self._game
        return rescue(
            lambda path: self._save(game, path),
            self._save_target,
            self._best_path.parent / RESCUE_FILE,
            why,
        )

    # ------------------------------------------------------------ actions
    def _do(self, action: Action | QuitChoice) -> None:
        direction = _DIRECTIONS.get(action) if isinstance(action, Action) else None
        if direction is not None:
            self._move(direction)
            return
        handlers: dict[Action | QuitChoice, Callable[[], None]] = {
            Action.UNDO: self._undo,
            Action.SAVE: self._save_now,
            Action.NEW_GAME: self._new_game,
            Action.PLAY_AGAIN: self._new_game,
            Action.TRY_AGAIN: self._new_game,
            Action.HELP: self._show_help,
            Action.QUIT: self._quit,
            Action.KEEP_GOING: self._keep_going,
            QuitChoice.SAVE_AND_QUIT: self._save_and_quit,
            QuitChoice.QUIT_UNSAVED: self._quit_unsaved,
            QuitChoice.CANCEL: self._cancel_quit,
            Action.HINT: self._hint,
            Action.AUTOPLAY: self._start_autoplay,
        }
        handlers[action]()

    def _move(self, direction: Direction) -> None:
        before = self._turn()
        effects = slide_effects(self._game.getBoard(), direction)
        if not self._game.move(direction):
            return  # as in the original game: nothing moves, nothing happens
        self._history.append(before)
        self._marks.show(
            _MoveMarks(
                new_tile=added_tile(effects.board, self._game.getBoard()),
                merged=effects.merged,
                gained=effects.gained,
            )
        )
        self._changed("")
        self._settle()

    def autoplay_step(self) -> None:
        """Make autoplay's next move; stop when the game is won, over or stuck."""
        if not self._autoplaying or self._finished:
            return
        direction = self._solver(self._game)
        if direction is None or self._mode is not Mode.PLAYING:
            self._stop_autoplay("Autoplay stopped: no move is left")
            return
        self._move(direction)
        self._next_autoplay = self._clock() + AUTOPLAY_PAUSE_SECONDS
        if self._mode is Mode.PLAYING:
            self._status = f"Autoplay: {direction.name.lower()} (any key stops)"
        else:
            self._autoplaying = False

    def _start_autoplay(self) -> None:
        self._autoplaying = True
        self._next_autoplay = self._clock() + AUTOPLAY_PAUSE_SECONDS
        self._status = "Autoplay on (any key stops)"

    def _stop_autoplay(self, status: str) -> None:
        self._autoplaying = False
        self._status = status

    def _hint(self) -> None:
        direction = self._solver(self._game)
        if direction is None:
            self._status = "Hint: no move is left"
        else:
            self._status = f"Hint: move {direction.name.lower()}"

    def _undo(self) -> None:
        if not self._history:
            self._status = "Nothing to undo"
            return
        turn = self._history.pop()
        self._marks.clear()
        self._game = turn.game
        self._seed = turn.seed
        self._tracker.reached = turn.goal_reached
        self._changed(f"Undone; {len(self._history)} more to undo")
        self._mode = Mode.OVER if self._game.isGameOver() else Mode.PLAYING

    def _new_game(self) -> None:
        self._history.append(self._turn())
        self._marks.clear()
        self._seed = next_seed(self._seed)
        self._game = self._make_game(self._seed)
        self._tracker.start(self._game.getBoard())
        self._changed(f"New game, seed {self._seed} (u brings the last one back)")
        self._settle()

    def _keep_going(self) -> None:
        self._status = "Keep going!"
        self._mode = Mode.OVER if self._game.isGameOver() else Mode.PLAYING

    def _show_help(self) -> None:
        self._mode = Mode.HELP

    def _save_now(self) -> None:
        if self._try_save():
            self._status = f"Saved to {self._save_target}"

    def _quit(self) -> None:
        if not self._unsaved:
            self._quit_unsaved()
            return
        self._mode_before_quit = self._mode
        self._mode = Mode.CONFIRM_QUIT

    def _save_and_quit(self) -> None:
        if self._try_save():
            self._quit_unsaved()
        else:
            self._mode = self._mode_before_quit

    def _quit_unsaved(self) -> None:
        self._store_best()
        self._finished = True

    def _cancel_quit(self) -> None:
        self._mode = self._mode_before_quit
        self._status = ""

    # ------------------------------------------------------------ helpers
    def _turn(self) -> _Turn:
        return _Turn(self._game.copy(), self._seed, self._tracker.reached)

    def _changed(self, status: str) -> None:
        """Record that the game changed: unsaved now, maybe a new best."""
        self._unsaved = True
        self._status = status
        self._raise_best()

    def _raise_best(self) -> None:
        score = max(self._game.getScore(), 0)  # a save may hold any score
        if self._best is None or score > self._best:
            self._best = score

    def _settle(self) -> None:
        """After a move or a new game: the win first, then game over."""
        if self._tracker.check(self._game.getBoard()):
            self._mode = Mode.WON
        elif self._game.isGameOver():
            self._mode = Mode.OVER
        else:
            self._mode = Mode.PLAYING
        if self._mode is not Mode.PLAYING:
            self._store_best()

    def _try_save(self) -> bool:
        """Save to the save target; on failure say why in the status line."""
        try:
            self._save(self._game, self._save_target)
        except OSError as error:
            self._status = (
                f"Not saved to {self._save_target}: {error.strerror or error}"
            )
            return False
        self._unsaved = False
        self._store_best()
        return True

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
            self._status = f"Best score not kept: {error}"
            return
        self._best_stored = self._best

    def _overlay(self) -> Overlay | None:
        goal = self._rules.goal
        if self._mode is Mode.WON and goal is not None:
            return Overlay(WIN_TITLE, (reached_message(goal), "", *describe(WON_KEYS)))
        if self._mode is Mode.OVER:
            score = f"No move is left. Score: {self._game.getScore()}"
            return Overlay("Game over!", (score, "", *describe(OVER_KEYS)))
        if self._mode is Mode.CONFIRM_QUIT:
            return Overlay(QUIT_TITLE, quit_question(self._save_target))
        if self._mode is Mode.HELP:
            lines = (*describe(PLAYING_KEYS), "", "Press any key to close this help.")
            return Overlay("Keys", lines)
        return None
