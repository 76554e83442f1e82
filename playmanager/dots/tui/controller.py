"""Dots full screen: keys and the mouse in, moves on the model, a Screen out.

The controller knows nothing of curses: the app (:mod:`.app`) hands it key
names and mouse events on cells, and draws what :meth:`Controller.screen`
describes. The rules stay in :mod:`gamestate.dots`; saving is
:func:`playmanager.dots.savefile.save`. Every key is in the tables below
and nowhere else; the help overlay is built from them.

Drawing a path:

* keys: the arrows (or h j k l) move the cursor; Space starts a path on
  the dot under it. While the cursor is on the path's last dot, an arrow
  onto a neighbour of its colour draws the path on, and an arrow back
  onto the dot before takes the last dot off (as a finger would). Space
  also adds the dot under the cursor when it continues the path, and
  plays the path when the cursor is on its last dot; Enter plays it from
  anywhere. Backspace takes the last dot off, Esc drops the path;
* the mouse: press on a dot, drag through its neighbours, release to
  play, as on a phone. A drag can go back over the path to shorten it,
  and a fast drag that skips cells along a row or column takes them all.

States: playing, help shown, the game ended (won or lost: play again,
undo, save, quit) and "save before quitting?". Undo keeps every earlier
turn (the whole game, its generator included), so a replayed move draws
the same new dots, and a new game can be undone too.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from gamestate.dots import SIZE, CellT, GameBoardT, RefusedMoveError
from gamestate.dots.board import closes_square, neighbours
from gamestate.dots.board import describe as describe_cell
from gamestate.dots.hint import hint

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
from ...screen.marks import Clock, Marks
from ...screen.shell import CTRL_C, ESCAPE
from .. import messages
from ..loop import next_level

Cell = tuple[int, int]
SaveFunction = Callable[[GameBoardT, str], None]
"""Writes a game to a path (savefile.save), raising OSError when it cannot."""

RESCUE_FILE: Final = "rescued.dots"
"""Where a game goes when the terminal closes and the save file cannot be written."""


class Action(enum.Enum):
    """What a key asks for; the value is its line in the help."""

    UP = "move the cursor up"
    DOWN = "move the cursor down"
    LEFT = "move the cursor left"
    RIGHT = "move the cursor right"
    DRAW = "start a path / add the dot / play the path"
    PLAY = "play the path"
    BACK = "take the last dot off the path"
    DROP = "drop the path"
    HINT = "hint: the best path, drawn ready to play"
    UNDO = "undo the last move (many levels, new games too)"
    SAVE = "save to the save file"
    NEW_GAME = "new game: the level again, the next seed"
    HELP = "show this help"
    QUIT = "quit (asks to save unsaved progress)"


BACKSPACE_ALIASES: Final = ("^?", "^H")
"""What terminals send for Backspace when curses does not name it; left
out of the help, which says Backspace."""
PLAYING_KEYS: Final = (
    Binding(("KEY_UP", "k"), Action.UP),
    Binding(("KEY_DOWN", "j"), Action.DOWN),
    Binding(("KEY_LEFT", "h"), Action.LEFT),
    Binding(("KEY_RIGHT", "l"), Action.RIGHT),
    Binding((" ",), Action.DRAW),
    Binding(("\n",), Action.PLAY),
    Binding(("KEY_BACKSPACE", *BACKSPACE_ALIASES), Action.BACK),
    Binding((ESCAPE,), Action.DROP),
    Binding(("H",), Action.HINT),
    Binding(("u",), Action.UNDO),
    Binding(("o",), Action.SAVE),
    Binding(("n",), Action.NEW_GAME),
    Binding(("?",), Action.HELP),
    Binding(("q",), Action.QUIT),
)
ENDED_KEYS: Final = (
    Binding(("n",), Action.NEW_GAME),
    Binding(("u",), Action.UNDO),
    Binding(("o",), Action.SAVE),
    Binding(("q",), Action.QUIT),
)
FOOTER: Final = (
    "Space draw  Enter play  Esc drop  H hint  u undo  o save  n new  ? help  q quit"
)
_STEPS: Final = {
    Action.UP: (-1, 0),
    Action.DOWN: (1, 0),
    Action.LEFT: (0, -1),
    Action.RIGHT: (0, 1),
}


class Mode(enum.Enum):
    """What the screen shows over the board, and which keys work."""

    PLAYING = "playing"
    HELP = "help"
    ENDED = "ended"
    CONFIRM_QUIT = "confirm quit"


@dataclass(frozen=True)
class Overlay:
    """A box over the board: a title and lines of text."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Screen:
    """Everything the layout draws; it reads this and changes nothing."""

    grid: tuple[tuple[CellT, ...], ...]
    cursor: Cell
    path: tuple[Cell, ...]
    square: bool
    """True when the path closes a loop that clears its whole colour."""
    objective: tuple[CellT, int]
    score: int
    moves: int
    seed: int
    squares: bool
    status: str
    overlay: Overlay | None
    footer: str = FOOTER
    fresh: frozenset[Cell] = frozenset()
    """The dots the last move dropped in, while they are marked."""
    gained: int = 0
    """The points the last move earned, while they are marked (0: none)."""


@dataclass(frozen=True)
class _MoveMarks:
    """What the last move did: the screen marks it for a moment."""

    fresh: frozenset[Cell] = frozenset()
    gained: int = 0


class Controller:
    """One game on the full screen: its keys, its path and its history."""

    def __init__(
        self,
        game: GameBoardT,
        *,
        save_target: str,
        save: SaveFunction,
        rescue_folder: Path,
        greeting: str = "",
        clock: Clock = time.monotonic,
    ) -> None:
        """Start with ``game`` (new or loaded; it counts as saved); ``save``
        writes to ``save_target``; a game that cannot be saved there when
        the terminal goes away goes to ``rescue_folder``. ``clock`` times
        the marks of new dots."""
        self._marks = Marks(_MoveMarks(), clock)
        self._game = game
        self._save_target = save_target
        self._save = save
        self._rescue_folder = rescue_folder
        self._history: list[GameBoardT] = []
        self._path: list[Cell] = []
        self._cursor: Cell = (SIZE // 2, SIZE // 2)
        self._dragging = False
        self._unsaved = False
        self._finished = False
        self._mode = Mode.PLAYING
        self._mode_before = Mode.PLAYING
        self._status = greeting or messages.TYPE_A_KEY
        self._settle()

    # ------------------------------------------------------------ queries
    @property
    def finished(self) -> bool:
        """True once the player has quit."""
        return self._finished

    @property
    def game(self) -> GameBoardT:
        """The game being played (read it; the controller changes it)."""
        return self._game

    @property
    def unsaved(self) -> bool:
        return self._unsaved

    def screen(self) -> Screen:
        """What the layout should draw now."""
        marks = self._marks.shown
        return Screen(
            grid=tuple(tuple(row) for row in self._game.get_boardT()),
            cursor=self._cursor,
            path=tuple(self._path),
            square=self._game.squares and closes_square(self._path),
            objective=self._game.get_obj(),
            score=self._game.get_score(),
            moves=self._game.get_moves(),
            seed=self._game.level.seed,
            squares=self._game.squares,
            status=self._status,
            overlay=self._overlay(),
            fresh=marks.fresh,
            gained=marks.gained,
        )

    def wake_at(self) -> float | None:
        """When the marks of the last move end (then :meth:`tick`); None if none."""
        return self._marks.wake_at()

    def tick(self) -> None:
        """Let the marks of the last move fade once their moment is over."""
        self._marks.tick()

    # ------------------------------------------------------------ keys
    def press(self, key: str) -> None:
        """Do what ``key`` means now; unknown keys do nothing."""
        if self._finished:
            return
        if self._mode is Mode.HELP:
            self._mode = Mode.PLAYING
            if key != CTRL_C:
                return  # any key closes the help
        action: Action | QuitChoice | None
        if self._mode is Mode.CONFIRM_QUIT:
            action = find_action(CONFIRM_QUIT_KEYS, key)
        elif self._mode is Mode.ENDED:
            action = find_action(ENDED_KEYS, key)
        else:
            action = find_action(PLAYING_KEYS, key)
        if action is None and key == CTRL_C:
            action = Action.QUIT
        if action is not None:
            self._do(action)

    def hang_up(self, why: str = "Terminal closed") -> str:
        """End without asking; save unsaved progress; say what happened."""
        self._finished = True
        if not self._unsaved:
            return f"{why}; nothing to save."
        game = self._game
        return rescue(
            lambda path: self._save(game, path),
            self._save_target,
            self._rescue_folder / RESCUE_FILE,
            why,
        )

    # ------------------------------------------------------------ the mouse
    def mouse_press(self, cell: Cell | None) -> None:
        """A press on ``cell`` (None: off the dots) starts a path there."""
        if self._mode is not Mode.PLAYING or cell is None:
            return
        self._cursor = cell
        self._path = [cell]
        self._dragging = True
        self._status = "Drag through dots of its colour; release to play"

    def mouse_drag(self, cell: Cell | None) -> None:
        """The held button moved onto ``cell``: draw the path on or back."""
        if not self._dragging or cell is None or cell == self._path[-1]:
            return
        for step in _cells_between(self._path[-1], cell):
            if not self._follow(step):
                return

    def mouse_release(self, cell: Cell | None) -> None:
        """The button is up: play the path if it has two dots or more."""
        if not self._dragging:
            return
        self.mouse_drag(cell)
        self._dragging = False
        if len(self._path) >= 2:
            self._play()
        else:
            self._status = "Path started: drag, or draw on with the arrows"

    # ------------------------------------------------------------ actions
    def _do(self, action: Action | QuitChoice) -> None:
        if isinstance(action, QuitChoice):
            self._answer(action)
            return
        step = _STEPS.get(action)
        if step is not None:
            self._step(*step)
            return
        handlers: dict[Action, Callable[[], None]] = {
            Action.DRAW: self._draw,
            Action.PLAY: self._play,
            Action.BACK: self._back,
            Action.DROP: self._drop,
            Action.HINT: self._hint,
            Action.UNDO: self._undo,
            Action.SAVE: self._save_now,
            Action.NEW_GAME: self._new_game,
            Action.HELP: self._show_help,
            Action.QUIT: self._quit,
        }
        handlers[action]()

    def _step(self, dr: int, dc: int) -> None:
        """Move the cursor; from the path's last dot, draw the path on or back."""
        row, col = self._cursor[0] + dr, self._cursor[1] + dc
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            return
        drawing = bool(self._path) and self._cursor == self._path[-1]
        if drawing and not self._follow((row, col)):
            self._status = (
                f"{self._why_not((row, col))}: the cursor leaves the path "
                "(Space adds a dot that continues it)"
            )
        self._cursor = (row, col)

    def _follow(self, cell: Cell) -> bool:
        """Draw the path onto ``cell`` (back, when it is the dot before);
        True if the path took it."""
        if len(self._path) >= 2 and cell == self._path[-2]:
            self._path.pop()
        elif self._extends(cell):
            self._path.append(cell)
        else:
            return False
        self._cursor = cell
        self._status = self._path_status()
        return True

    def _extends(self, cell: Cell) -> bool:
        """True when ``cell`` continues the path: next to its last dot, of
        its colour, not on it yet."""
        if not self._path or cell in self._path:
            return False
        grid = self._game.get_boardT()
        last = self._path[-1]
        same = grid[cell[0]][cell[1]] is grid[last[0]][last[1]]
        return same and neighbours(last, cell)

    def _draw(self) -> None:
        cell = self._cursor
        if not self._path:
            self._path = [cell]
            self._status = self._path_status()
        elif cell == self._path[-1]:
            self._play()
        elif not self._follow(cell):
            self._status = self._why_not(cell)

    def _why_not(self, cell: Cell) -> str:
        """Why ``cell`` does not continue the path, in one line."""
        grid = self._game.get_boardT()
        last = self._path[-1]
        colour, path_colour = grid[cell[0]][cell[1]], grid[last[0]][last[1]]
        if cell in self._path:
            return (
                f"{describe_cell(cell)} is on the path already (Backspace shortens it)"
            )
        if colour is not path_colour:
            return f"{describe_cell(cell)} is {colour.value}, the path is {path_colour.value}"
        return f"{describe_cell(cell)} is not next to {describe_cell(last)}, the path's end"

    def _path_status(self) -> str:
        path = self._path
        if len(path) < 2:
            return "Path started: arrows draw it on, Space or Enter plays it"
        grid = self._game.get_boardT()
        colour = grid[path[0][0]][path[0][1]]
        if self._game.squares and closes_square(path):
            count = len(self._game.cleared_by(path))
            return f"Square! Playing it clears all {count} {colour.value}"
        return f"Path of {len(path)} {colour.value}: Space or Enter plays it"

    def _play(self) -> None:
        if len(self._path) < 2:
            self._status = "A path needs at least 2 dots: Space starts one"
            return
        before = self._game.copy()
        path = list(self._path)
        try:
            self._game.move(path)
        except RefusedMoveError as error:
            self._status = str(error)
            return
        self._history.append(before)
        self._path = []
        gained = self._game.get_score() - before.get_score()
        self._marks.show(_MoveMarks(_dropped_in(before, path), gained))
        self._changed(self._played_status(before, path))
        self._settle()

    def _played_status(self, before: GameBoardT, path: list[Cell]) -> str:
        """What the move did; the points it earned stand by the score."""
        colour = before.get_boardT()[path[0][0]][path[0][1]]
        if before.squares and closes_square(path):
            return messages.square_text(colour)
        cleared = self._game.get_score() - before.get_score()
        return f"Cleared {cleared} {colour.value}"

    def _back(self) -> None:
        if not self._path:
            return
        self._path.pop()
        if self._path:
            self._cursor = self._path[-1]
            self._status = self._path_status()
        else:
            self._status = "Path dropped"

    def _drop(self) -> None:
        if self._path:
            self._path = []
            self._status = "Path dropped"

    def _hint(self) -> None:
        path = hint(self._game)
        self._status = messages.hint_text(self._game, path)
        if path is not None:
            self._path = list(path)
            self._cursor = path[-1]
            self._status += ": Enter plays it, Esc drops it"

    def _undo(self) -> None:
        if not self._history:
            self._status = "Nothing to undo"
            return
        self._game = self._history.pop()
        self._path = []
        self._marks.clear()
        self._changed(
            f"Undone; {messages.plural(len(self._history), 'more turn')} to undo"
        )
        self._settle()

    def _new_game(self) -> None:
        self._history.append(self._game)
        self._game = GameBoardT(**next_level(self._game.level)._asdict())
        self._path = []
        self._marks.clear()
        self._changed(
            f"New game, seed {self._game.level.seed} (u brings the last one back)"
        )
        self._settle()

    def _show_help(self) -> None:
        self._mode = Mode.HELP

    def _save_now(self) -> None:
        if self._try_save():
            self._status = f"Saved to {self._save_target}"

    def _quit(self) -> None:
        """Quit; with unsaved progress, ask first."""
        if self._unsaved:
            self._mode_before, self._mode = self._mode, Mode.CONFIRM_QUIT
        else:
            self._finished = True

    def _answer(self, choice: QuitChoice) -> None:
        """Act on the answer to "save before quitting?"; a save that fails
        keeps the game going (the status says why)."""
        if choice is QuitChoice.QUIT_UNSAVED or (
            choice is QuitChoice.SAVE_AND_QUIT and self._try_save()
        ):
            self._finished = True
            return
        self._mode = self._mode_before
        if choice is QuitChoice.CANCEL:
            self._status = "Keep playing"

    # ------------------------------------------------------------ helpers
    def _changed(self, status: str) -> None:
        """The game changed: unsaved now."""
        self._unsaved = True
        self._status = status

    def _settle(self) -> None:
        """After a move, an undo or a new game: has the game ended?"""
        ended = messages.ending(self._game) is not None
        self._mode = Mode.ENDED if ended else Mode.PLAYING

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
        return True

    def _overlay(self) -> Overlay | None:
        ended = messages.ending(self._game) if self._mode is Mode.ENDED else None
        if ended is not None:
            return Overlay(ended.title, (ended.detail, "", *describe(ENDED_KEYS)))
        if self._mode is Mode.CONFIRM_QUIT:
            return Overlay(QUIT_TITLE, quit_question(self._save_target))
        if self._mode is Mode.HELP:
            shown = [
                Binding(
                    tuple(k for k in b.keys if k not in BACKSPACE_ALIASES), b.action
                )
                for b in PLAYING_KEYS
            ]
            lines = (
                *describe(shown),
                "",
                "Mouse: press on a dot, drag through its neighbours, release.",
                "",
                "Press any key to close this help.",
            )
            return Overlay("Keys", lines)
        return None


def _cells_between(start: Cell, end: Cell) -> list[Cell]:
    """The cells from ``start`` (left out) to ``end`` along a row or a
    column; just ``[end]`` when they share neither (a diagonal jump)."""
    (r0, c0), (r1, c1) = start, end
    if r0 == r1 and c0 != c1:
        step = 1 if c1 > c0 else -1
        return [(r0, c) for c in range(c0 + step, c1 + step, step)]
    if c0 == c1 and r0 != r1:
        step = 1 if r1 > r0 else -1
        return [(r, c0) for r in range(r0 + step, r1 + step, step)]
    return [end]


def _dropped_in(before: GameBoardT, path: list[Cell]) -> frozenset[Cell]:
    """The cells new dots filled when ``path`` was played on ``before``: in
    each column, as many cells from the top as the move cleared there."""
    cleared = before.cleared_by(path)
    return frozenset(
        (r, c) for c in range(SIZE) for r in range(sum(col == c for _, col in cleared))
    )
