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

The states, the shared keys (save, undo, hint, autoplay, new game, help,
quit) and the questions are the shared modal controller's
(:mod:`playmanager.screen.modal`); the game is a
:class:`~playmanager.session.Session`, so undo keeps every earlier turn
(the whole game, its generator included) and a new game can be undone.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from gamestate.dots import SIZE, CellT, GameBoardT
from gamestate.dots.board import closes_square, neighbours
from gamestate.dots.board import describe as describe_cell

from ...controls import footer
from ...rules_text import dots_rules
from ...screen.keys import Binding, describe
from ...screen.modal import ModalController, Mode, Overlay, help_line
from ...screen.shell import ESCAPE
from .. import messages
from ..adapter import DotsEffects, Path

Cell = tuple[int, int]


class Action(enum.Enum):
    """Dots' own keys: the cursor and the path; the value is its help line."""

    UP = "move the cursor up"
    DOWN = "move the cursor down"
    LEFT = "move the cursor left"
    RIGHT = "move the cursor right"
    DRAW = "start a path / add the dot / play the path"
    PLAY = "play the path"
    BACK = "take the last dot off the path"
    DROP = "drop the path"


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
)
FOOTER: Final = f"Space draw  Esc drop  {footer()}"
_STEPS: Final = {
    Action.UP: (-1, 0),
    Action.DOWN: (1, 0),
    Action.LEFT: (0, -1),
    Action.RIGHT: (0, 1),
}


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


def help_lines() -> tuple[str, ...]:
    """The game's lines of the help overlay (and of ``--help``), from
    PLAYING_KEYS."""
    shown = [
        Binding(tuple(k for k in b.keys if k not in BACKSPACE_ALIASES), b.action)
        for b in PLAYING_KEYS
        if b.action not in _STEPS
    ]
    return (
        help_line("arrows hjkl", "move the cursor"),
        *describe(shown),
        help_line("Mouse", "press on a dot, drag through its neighbours, release"),
    )


class Controller(ModalController[GameBoardT, Path, DotsEffects, Action]):
    """One game of Dots on the full screen: its cursor, its path."""

    game_keys = PLAYING_KEYS
    first_status = messages.TYPE_A_KEY

    def prepare(self) -> None:
        self._path: list[Cell] = []
        self._cursor: Cell = (SIZE // 2, SIZE // 2)
        self._dragging = False

    # ------------------------------------------------------------ queries
    @property
    def game(self) -> GameBoardT:
        """The game being played (read it; the controller changes it)."""
        return self.session.model

    def screen(self) -> Screen:
        """What the layout should draw now."""
        marks = self.marks.shown
        game = self.game
        return Screen(
            grid=tuple(tuple(row) for row in game.get_boardT()),
            cursor=self._cursor,
            path=tuple(self._path),
            square=game.squares and closes_square(self._path),
            objective=game.get_obj(),
            score=game.get_score(),
            moves=game.get_moves(),
            seed=game.level.seed,
            squares=game.squares,
            status=self.status,
            overlay=self.overlay(),
            fresh=frozenset() if marks is None else marks.fresh,
            gained=0 if marks is None else marks.gained,
        )

    # ------------------------------------------------------------ the mouse
    def mouse_press(self, cell: Cell | None) -> None:
        """A press on ``cell`` (None: off the dots) starts a path there."""
        if self.mode is not Mode.PLAYING or cell is None:
            return
        self._cursor = cell
        self._path = [cell]
        self._dragging = True
        self.status = "Drag through dots of its colour; release to play"

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
            self.status = "Path started: drag, or draw on with the arrows"

    # ------------------------------------------------------------ the game's part
    def do(self, action: Action, key: str) -> None:
        step = _STEPS.get(action)
        if step is not None:
            self._step(*step)
            return
        handlers: dict[Action, Callable[[], None]] = {
            Action.DRAW: self._draw,
            Action.PLAY: self._play,
            Action.BACK: self._back,
            Action.DROP: self._drop,
        }
        handlers[action]()

    def moved(self, effects: DotsEffects) -> str:
        self._path = []
        if effects.square:
            return messages.square_text(effects.colour)
        return f"Cleared {effects.gained} {effects.colour.value}"

    def jumped(self) -> None:
        self._path = []

    def is_ended(self) -> bool:
        return messages.ending(self.game) is not None

    def won_game(self) -> bool:
        return self.game.is_win()

    def game_score(self) -> int:
        return self.game.get_score()

    def ended_overlay(self) -> Overlay:
        ended = messages.ending(self.game)
        if ended is None:  # pragma: no cover (only asked when ended)
            return Overlay("", ())
        return Overlay(ended.title, (ended.detail, *self.ended_help()), low=True)

    def show_hint(self, intent: Path) -> None:
        self.status = messages.hint_text(self.game, list(intent))
        self._path = list(intent)
        self._cursor = intent[-1]
        self.status += ": Enter plays it, Esc drops it"

    def intent_text(self, intent: Path) -> str:
        return f"a path of {len(intent)}"

    def help_lines(self) -> tuple[str, ...]:
        return help_lines()

    def rules(self) -> tuple[str, ...]:
        return dots_rules(squares=self.game.squares)

    # ------------------------------------------------------------ the path
    def _step(self, dr: int, dc: int) -> None:
        """Move the cursor; from the path's last dot, draw the path on or back."""
        row, col = self._cursor[0] + dr, self._cursor[1] + dc
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            return
        drawing = bool(self._path) and self._cursor == self._path[-1]
        if drawing and not self._follow((row, col)):
            self.status = f"Off the path: {self._why_not((row, col))}"
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
        self.status = self._path_status()
        return True

    def _extends(self, cell: Cell) -> bool:
        """True when ``cell`` continues the path: next to its last dot, of
        its colour, not on it yet."""
        if not self._path or cell in self._path:
            return False
        grid = self.game.get_boardT()
        last = self._path[-1]
        same = grid[cell[0]][cell[1]] is grid[last[0]][last[1]]
        return same and neighbours(last, cell)

    def _draw(self) -> None:
        cell = self._cursor
        if not self._path:
            self._path = [cell]
            self.status = self._path_status()
        elif cell == self._path[-1]:
            self._play()
        elif not self._follow(cell):
            self.status = self._why_not(cell)

    def _why_not(self, cell: Cell) -> str:
        """Why ``cell`` does not continue the path, in one line."""
        grid = self.game.get_boardT()
        last = self._path[-1]
        colour, path_colour = grid[cell[0]][cell[1]], grid[last[0]][last[1]]
        if cell in self._path:
            return (
                f"{describe_cell(cell)} is in the path (Backspace shortens it)"
            )
        if colour is not path_colour:
            return f"{describe_cell(cell)} is {colour.value}, the path is {path_colour.value}"
        return f"{describe_cell(cell)} is not next to {describe_cell(last)}, the path's end"

    def _path_status(self) -> str:
        path = self._path
        if len(path) < 2:
            return "Path started: arrows draw it on, Space or Enter plays it"
        grid = self.game.get_boardT()
        colour = grid[path[0][0]][path[0][1]]
        if self.game.squares and closes_square(path):
            count = len(self.game.cleared_by(path))
            return f"Square! Playing it clears all {count} {colour.value}"
        return f"Path of {len(path)} {colour.value}: Space or Enter plays it"

    def _play(self) -> None:
        if len(self._path) < 2:
            self.status = "A path needs at least 2 dots: Space starts one"
            return
        self.play(tuple(self._path))

    def _back(self) -> None:
        if not self._path:
            return
        self._path.pop()
        if self._path:
            self._cursor = self._path[-1]
            self.status = self._path_status()
        else:
            self.status = "Path dropped"

    def _drop(self) -> None:
        if self._path:
            self._path = []
            self.status = "Path dropped"


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
