"""No game a move was made in is ever lost, whatever the player and their
machine do: a Hypothesis state machine per game over the real session and
storage layers (:mod:`playmanager.session`, :mod:`playmanager.storage`,
each game's adapter and save file, the rescue files).

Its steps are what a player and their machine do: move, new game, undo,
save (answering the question before replacing another game's file), save
as another name, a second terminal writing the same file, the file made
read-only or deleted, quit (each answer), a hang-up (Ctrl-C or Ctrl-D
at a question end the same way), relaunch with and without FILE. The
steps follow the front ends' protocol: ``q`` asks when the session says
there is play to lose; a quit or a hang-up keeps the games given up for
a later one (:meth:`Session.keep_given_up`) and a hang-up rescues.

The line modes of Forty Thieves and Dots add their keys (``LineModeKeys``):
Ctrl-C and Ctrl-D at the prompt, each followed by every answer to the
question it asks (y, n, c, and Ctrl-C or Ctrl-D again), through the real
line mode. The full screens, their keys and Best: tests/
test_no_game_lost_screens.py.

The invariant, checked whenever a run ends: every game a move was made
in is, word for word, in some file (one the player named, or a rescue
file), unless the player gave it up by answering "no" to the question
naming it; and a read-only file is never changed. A resumed rescue is
the same game: its rescue record written again is the file, word for
word (seed, generator, undo history).
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import rule

from gamestate import Direction
from gamestate.dots import Level
from gamestate.forty_thieves.moves import legal_moves
from playmanager.data_folder import rescued_game
from playmanager.dots.adapter import Dots
from playmanager.dots.loop import LineGame as DotsLineGame
from playmanager.forty_thieves.adapter import FortyThieves
from playmanager.forty_thieves.line_mode import LineGame as FortyLineGame
from playmanager.line_mode import LineMode, NoAnswerError, rescue_on_hang_up
from playmanager.session import MoveRefusedError, Session, WouldOverwriteError
from playmanager.twenty48.adapter import Twenty48
from playmanager.twenty48.play2048 import start_game

from .dots_helpers import valid_paths
from .no_game_lost_helpers import AnySession, PlayersFiles


def _twenty48_move(model: Any, data: st.DataObject) -> Any:
    return data.draw(st.sampled_from(list(Direction)))


def _forty_move(model: Any, data: st.DataObject) -> Any:
    moves = legal_moves(model)
    return data.draw(st.sampled_from(moves)) if moves else None


def _dots_move(model: Any, data: st.DataObject) -> Any:
    path = data.draw(valid_paths(model))
    return None if path is None else tuple(path)


class NoGameLost(PlayersFiles):
    """One game's player and machine; subclasses name the game."""

    def draw_move(self, data: st.DataObject) -> Any:
        """A move of the game on screen (None when there is none)."""
        raise NotImplementedError

    def __init__(self) -> None:
        super().__init__()
        self.rescues = str(self.root / "rescued")
        self.seed = 1
        self._launch(None)

    # ------------------------------------------------------------ launching
    def _launch(self, file: str | None, resume: bool = True) -> None:
        """Start a run: load FILE if it holds a game, else deal; without
        FILE, resume the newest rescued game (``y`` at "Resume it?")."""
        self.given_up = []
        self.moved = False
        target = file or self.files[0]
        if file is not None and os.path.isfile(file):
            try:
                model, seed, past = self.adapter.load_play(file)
            except (ValueError, OSError):
                pass
            else:
                self.session: AnySession = Session(
                    self.adapter, model, seed, file, loaded=True, past=past
                )
                return
        self.seed += 1
        model = self.adapter.new_model(self.seed)
        self.session = Session(self.adapter, model, self.seed, target, loaded=False)
        offered = rescued_game(self.rescues, self.adapter.rescue_name)
        if file is None and resume and offered is not None:
            model, seed, past = self.adapter.load_play(offered)
            self.given_up.append((frozenset(), False))
            self.session.resume(model, seed, past, rescue_file=offered)
            # the same game: its seed, generator and undo history, word for word
            assert self.session.rescue_text() == Path(offered).read_text()

    # ------------------------------------------------------------ play
    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        if self.session.ended:
            return
        intent = self.draw_move(data)
        if intent is None:
            return
        try:
            self.session.play(intent)
        except MoveRefusedError:
            return
        self.moved = True

    @rule()
    def new_game(self) -> None:
        self.given_up.append((self.texts(), self.moved and not self.session.ended))
        self.session.new_game()
        self.moved = False

    @rule()
    def undo(self) -> None:
        back_a_game = self.session.undo_brings_back_a_game
        if not self.session.undo():
            return
        if back_a_game:
            _, self.moved = self.given_up.pop()
        else:
            self.moved = self.session.changed

    @rule(yes=st.booleans(), other=st.booleans())
    def save(self, yes: bool, other: bool) -> None:
        """``o`` (or ``o FILE`` to the other name): a file holding another
        game is replaced only on a yes."""
        path = self.files[1] if other else None
        self._save(path, yes)

    def _save(self, path: str | None, yes: bool) -> bool:
        target = self.session.save_target if path is None else path
        overwrite = self.session.would_overwrite(target)
        if overwrite and not yes:
            return False
        try:
            self.session.save(path, overwrite=overwrite)
        except (OSError, WouldOverwriteError):
            return False
        return True

    # ------------------------------------------------------------ ending a run
    launches = st.tuples(st.sampled_from([None, 0, 1]), st.booleans())
    """How the next run starts: with FILE (which) or without, and whether
    the rescued game then offered is resumed (``y``) or discarded (``n``)."""

    @rule(answer=st.sampled_from(["y", "n", "c"]), yes=st.booleans(), then=launches)
    def quit(self, answer: str, yes: bool, then: tuple[int | None, bool]) -> None:
        """``q``: with play to lose the question names the save target;
        ``y`` saves (a failed save keeps playing), ``n`` gives the game on
        screen up, anything else keeps playing."""
        current_given_up = False
        if self.session.changed:
            if answer == "c" or (answer == "y" and not self._save(None, yes)):
                return
            current_given_up = answer == "n"
        self.session.keep_given_up(self.rescues)
        self.check_kept(current_given_up)
        self._relaunch(*then)

    @rule(then=launches)
    def hang_up(self, then: tuple[int | None, bool]) -> None:
        """A hang-up, SIGTERM, or Ctrl-C / Ctrl-D at the quit question."""
        self.session.keep_given_up(self.rescues)
        self.session.rescue(self.rescues)
        self.check_kept(False)
        self._relaunch(*then)

    def _relaunch(self, file: int | None, resume: bool) -> None:
        """A new run, with FILE or without (then the newest rescue is
        offered: ``y`` resumes it, ``n`` discards it, naming it)."""
        if file is None and not resume:
            offered = rescued_game(self.rescues, self.adapter.rescue_name)
            if offered is not None:
                os.remove(offered)  # the player said no to the game it named
        self._launch(None if file is None else self.files[file], resume)


def _twenty48() -> Twenty48:
    return Twenty48(lambda seed: start_game(4, 4, seed, None))


def _dots() -> Dots:
    return Dots(Level(seed=1, moves=30))


def _forty() -> FortyThieves:
    return FortyThieves(hint_nodes=100)


class Twenty48Machine(NoGameLost):
    def draw_move(self, data: st.DataObject) -> Any:
        return _twenty48_move(self.session.model, data)

    make_adapter = staticmethod(_twenty48)
    extension = "2048"


class FortyMachine(NoGameLost):
    def draw_move(self, data: st.DataObject) -> Any:
        return _forty_move(self.session.model, data)

    make_adapter = staticmethod(_forty)
    extension = "forty-thieves"


class DotsMachine(NoGameLost):
    def draw_move(self, data: st.DataObject) -> Any:
        return _dots_move(self.session.model, data)

    make_adapter = staticmethod(_dots)
    extension = "dots"


class TypedInput(io.StringIO):
    """A terminal's input, typed as the machine says: ``^C`` is Ctrl-C (the
    read raises KeyboardInterrupt), ``^D`` Ctrl-D (an empty read; a
    terminal reads on after it), nothing left is Ctrl-D too."""

    def __init__(self) -> None:
        super().__init__()
        self.typed: list[str] = []

    def isatty(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        key = self.typed.pop(0) if self.typed else CTRL_D
        if key == CTRL_C:
            raise KeyboardInterrupt
        return "" if key == CTRL_D else key + "\n"


CTRL_C, CTRL_D = "^C", "^D"
ANSWERS = st.sampled_from(["y", "n", "c", CTRL_C, CTRL_D])
"""Every answer to "save before quitting?": yes, no, keep playing, and
nobody answering (Ctrl-C or Ctrl-D again: the game is rescued)."""


class LineModeKeys(NoGameLost):
    """The same player at a line mode, with its Ctrl-C and Ctrl-D: each is
    ``q`` on a terminal and asks; Ctrl-C or Ctrl-D at the question rescues."""

    make_line_mode: Callable[..., LineMode[Any, Any, Any]]

    def _at_the_keyboard(self, *typed: str) -> None:
        """Type ``typed`` at the line mode's prompt: one turn of play."""
        stdin = TypedInput()
        stdin.typed = list(typed)
        line_mode = type(self).make_line_mode(
            self.session,
            stdin=stdin,
            stdout=io.StringIO(),
            stderr=io.StringIO(),
            rescue_folder=self.rescues,
        )
        changed = self.session.changed
        try:
            line_mode.turn()
        except NoAnswerError as error:  # as LineMode.play does
            rescue_on_hang_up(self.session, self.rescues, error)
            self.check_kept(False)
            self._relaunch(None, True)
            return
        if line_mode.finished:
            answer = typed[1] if changed and len(typed) > 1 else None
            self.check_kept(answer == "n")
            self._relaunch(None, True)

    @rule(answer=ANSWERS)
    def ctrl_c(self, answer: str) -> None:
        self._at_the_keyboard(CTRL_C, answer)

    @rule(answer=ANSWERS)
    def ctrl_d(self, answer: str) -> None:
        self._at_the_keyboard(CTRL_D, answer)


class FortyLineMode(LineModeKeys, FortyMachine):
    make_line_mode = FortyLineGame


class DotsLineMode(LineModeKeys, DotsMachine):
    make_line_mode = DotsLineGame


STEPS = settings(
    max_examples=60,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def _test_case(machine: type[NoGameLost]) -> Any:
    """The machine's test case, run with :data:`STEPS` (a subclass of a
    machine decorated with settings could not have its own)."""
    case = machine.TestCase
    case.settings = STEPS
    return case


TestTwenty48 = _test_case(Twenty48Machine)
TestFortyThieves = _test_case(FortyMachine)
TestDots = _test_case(DotsMachine)
TestFortyThievesLineMode = _test_case(FortyLineMode)
TestDotsLineMode = _test_case(DotsLineMode)
