"""No game lost and Best never down, in the full screens: a Hypothesis
state machine per game over the real controller (:class:`~playmanager.
screen.modal.ModalController`, driven by its keys), its session, the
storage layer and the statistics file (issue 36, item 1).

:mod:`tests.test_no_game_lost` plays the same corners over the session
alone (and the line modes' ``o FILE``); this machine adds what only the
screens decide: the keys and their questions (``q`` and Ctrl-C, each
with every answer, Ctrl-C at the question too; the question before
replacing another game's file; the resume question at launch, ``y``,
``n`` or Esc), the hang-up, and the statistics a player reads as Best.

Invariants, after every step: every game a move was made in is in some
file (one the player named, or a rescue file), unless the player gave
it up by an answer to a question naming it (``n`` or Ctrl-C at "save
before quitting?", ``n`` at "resume it?"); a read-only file is never
changed; the best score of the game's variant never goes down (the
statistics file's, and the Best the 2048 screen shows at each launch).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, ClassVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, rule

from gamestate import Direction
from gamestate.dots import Level
from gamestate.forty_thieves.moves import legal_moves
from playmanager import messages
from playmanager.controls import Control
from playmanager.data_folder import rescued_game
from playmanager.dots.adapter import Dots
from playmanager.dots.tui import variant as dots_variant
from playmanager.dots.tui.controller import Controller as DotsController
from playmanager.forty_thieves.adapter import FortyThieves
from playmanager.forty_thieves.tui.controller import Controller as FortyController
from playmanager.screen.modal import Mode
from playmanager.screen.shell import CTRL_C, ESCAPE
from playmanager.session import Session
from playmanager.statistics import Tracker, default_path, load
from playmanager.twenty48.adapter import Twenty48
from playmanager.twenty48.play2048 import start_game
from playmanager.twenty48.rules import JAVA
from playmanager.twenty48.tui.controller import Controller as TwentyController
from playmanager.twenty48.tui.controller import variant as twenty48_variant

from .dots_helpers import valid_paths
from .no_game_lost_helpers import AnySession, PlayersFiles

QUESTIONS = (Mode.CONFIRM_QUIT, Mode.CONFIRM_OVERWRITE, Mode.CONFIRM_RESUME)


class ScreensLoseNothing(PlayersFiles):
    """One game's full screen, its player and their machine."""

    game_name: ClassVar[str]

    # ------------------------------------------------------------ each game's part
    def controller(self, session: AnySession, offered: str | None) -> Any:
        raise NotImplementedError

    def variant(self, model: Any) -> str:
        """The statistics' variant of ``model``, as the game's launch names it."""
        raise NotImplementedError

    def draw_move(self, data: st.DataObject) -> Any:
        raise NotImplementedError

    # ------------------------------------------------------------ set-up
    def __init__(self) -> None:
        super().__init__()
        self.data = self.root / "data"
        self.seed = 1
        self.best = 0
        self._launch(None, ESCAPE)

    @property
    def session(self) -> AnySession:  # type: ignore[override]
        session: AnySession = self.screen.session
        return session

    def _launch(self, file: str | None, resume_answer: str) -> None:
        """Start a full screen, as ``--tui [FILE]`` does: FILE loaded if it
        holds a game, else a new deal saving there; without FILE, the
        newest rescued game is offered and answered ``resume_answer``."""
        self.given_up = []
        self.moved = False
        adapter = self.adapter
        session = None
        if file is not None and os.path.isfile(file):
            try:
                model, seed, past = adapter.load_play(file)
            except (ValueError, OSError):
                pass
            else:
                session = Session(adapter, model, seed, file, loaded=True, past=past)
        loaded = session is not None
        if session is None:
            self.seed += 1
            model = adapter.new_model(self.seed)
            target = file or self.files[0]
            session = Session(adapter, model, self.seed, target, loaded=False)
        offered = None if file else rescued_game(str(self.data), adapter.rescue_name)
        self.screen = self.controller(session, offered)
        self.tracker = Tracker(default_path(self.data), self.game_name)
        self.tracker.start(self.variant(session.model), from_file=loaded)
        self.screen.follow(self.tracker)
        if offered is None:
            return
        rescued = Path(offered).read_text()
        self.screen.press(resume_answer)
        if resume_answer == "y":  # the same game, word for word
            assert self.session.rescue_text() == rescued
            self.given_up.append((frozenset(), False))
            self.moved = True
        elif resume_answer == "n":  # the question named it: given up
            assert not os.path.exists(offered)

    # ------------------------------------------------------------ play
    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        if self.screen.mode is not Mode.PLAYING:
            return
        intent = self.draw_move(data)
        if intent is not None and self.screen.play(intent) is not None:
            self.moved = True

    @rule()
    def new_game(self) -> None:
        if self.screen.mode not in (Mode.PLAYING, Mode.ENDED):
            return
        texts, unfinished = self.texts(), not self.session.ended
        self.screen.press(Control.NEW_GAME.value)
        self.given_up.append((texts, self.moved and unfinished))
        self.moved = False

    @rule()
    def undo(self) -> None:
        if self.screen.mode not in (Mode.PLAYING, Mode.ENDED):
            return
        back_a_game = self.session.undo_brings_back_a_game
        self.screen.press(Control.UNDO.value)
        if self.screen.status == messages.NOTHING_TO_UNDO:
            return
        if back_a_game:
            _, self.moved = self.given_up.pop()
        else:
            self.moved = self.session.changed

    @rule(yes=st.booleans())
    def save(self, yes: bool) -> None:
        """``o``: a file holding another game is replaced only on a yes."""
        if self.screen.mode not in (Mode.PLAYING, Mode.ENDED):
            return
        self.screen.press(Control.SAVE.value)
        self._answer_overwrite(yes)

    def _answer_overwrite(self, yes: bool) -> None:
        if self.screen.mode is Mode.CONFIRM_OVERWRITE:
            self.screen.press("y" if yes else "n")

    # ------------------------------------------------------------ ending a run
    launches = st.tuples(st.sampled_from([None, 0, 1]), st.sampled_from(["y", "n", ESCAPE]))
    """How the next run starts: with FILE (which) or without, and the answer
    to "resume the rescued game?" (yes, no: discard it, Esc: later)."""

    @rule(
        key=st.sampled_from(["q", CTRL_C]),
        answer=st.sampled_from(["y", "n", "c", ESCAPE, CTRL_C]),
        yes=st.booleans(),
        then=launches,
    )
    def quit(self, key: str, answer: str, yes: bool, then: tuple[int | None, str]) -> None:
        """``q`` or Ctrl-C, then each answer to "save before quitting?": y
        saves (then answers the question before replacing another game's
        file), n or a second Ctrl-C quit without saving, c or Esc play on."""
        if self.screen.mode not in (Mode.PLAYING, Mode.ENDED):
            return
        self.screen.press(key)
        given_up_now = False
        if self.screen.mode is Mode.CONFIRM_QUIT:
            given_up_now = answer in ("n", CTRL_C)
            self.screen.press(answer)
            if answer == "y":
                self._answer_overwrite(yes)
        if not self.screen.finished:
            return
        self.check_kept(given_up_now)
        self._relaunch(*then)

    @rule(then=launches)
    def hang_up(self, then: tuple[int | None, str]) -> None:
        """The terminal closes (or SIGTERM), at any screen or question."""
        self.screen.hang_up()
        self.check_kept(False)
        self._relaunch(*then)

    def _relaunch(self, file: int | None, resume_answer: str) -> None:
        self._launch(None if file is None else self.files[file], resume_answer)

    # ------------------------------------------------------------ invariants
    @invariant()
    def best_never_goes_down(self) -> None:
        """The variant's best score as the statistics table shows it (and,
        in 2048, the Best on its screen: :meth:`best_shown`)."""
        statistics, notice = load(default_path(self.data))
        assert notice is None
        tally = statistics.games.get(self.game_name, {}).get(self.tracker.variant)
        best = 0 if tally is None or tally.best_score is None else tally.best_score
        shown = max(best, self.best_shown())
        assert shown >= self.best, f"Best went down from {self.best} to {shown}"
        self.best = shown

    def best_shown(self) -> int:
        """The best score the game's own screen shows (0: it shows none)."""
        return 0


class TwentyScreen(ScreensLoseNothing):
    extension = "2048"
    game_name = "2048"

    make_adapter = staticmethod(lambda: Twenty48(lambda seed: start_game(4, 4, seed, None)))

    def controller(self, session: AnySession, offered: str | None) -> TwentyController:
        return TwentyController(
            session, rules=JAVA, rescue_folder=str(self.data), rescued=offered
        )

    def variant(self, model: Any) -> str:
        return twenty48_variant(model, JAVA)

    def best_shown(self) -> int:
        return self.screen.screen().best or 0

    def draw_move(self, data: st.DataObject) -> Direction:
        return data.draw(st.sampled_from(list(Direction)))


class FortyScreen(ScreensLoseNothing):
    extension = "forty-thieves"
    game_name = FortyThieves.name

    make_adapter = staticmethod(lambda: FortyThieves(hint_nodes=100))

    def controller(self, session: AnySession, offered: str | None) -> FortyController:
        return FortyController(session, rescue_folder=str(self.data), rescued=offered)

    def variant(self, model: Any) -> str:
        return ""  # Forty Thieves has one

    def draw_move(self, data: st.DataObject) -> Any:
        moves = legal_moves(self.session.model)
        return data.draw(st.sampled_from(moves)) if moves else None


LEVEL = Level(seed=1, moves=30)


class DotsScreen(ScreensLoseNothing):
    extension = "dots"
    game_name = Dots.name

    make_adapter = staticmethod(lambda: Dots(LEVEL))

    def controller(self, session: AnySession, offered: str | None) -> DotsController:
        return DotsController(session, rescue_folder=str(self.data), rescued=offered)

    def variant(self, model: Any) -> str:
        return dots_variant(model.level)

    def draw_move(self, data: st.DataObject) -> Any:
        path = data.draw(valid_paths(self.session.model))
        return None if path is None else tuple(path)


STEPS = settings(
    max_examples=100,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestTwenty48Screen = STEPS(TwentyScreen).TestCase
TestFortyThievesScreen = STEPS(FortyScreen).TestCase
TestDotsScreen = STEPS(DotsScreen).TestCase
