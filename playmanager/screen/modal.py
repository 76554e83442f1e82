"""The one modal controller of every full screen; each game fills it in.

States: playing, help shown, the game ended, "save before quitting?",
"replace a file this game did not load?" and, at a launch that finds a
rescued game, "resume it?". The shared actions (:class:`~playmanager.
controls.Control`: save, undo, hint, autoplay, new game, help, quit) are
done here, the same way and in the same words for every game; a game's
subclass adds its own keys and moves (:attr:`ModalController.game_keys`,
:meth:`ModalController.do`), says what a hint and a move look like, and
builds its own screen from :attr:`status`, :meth:`overlay` and its model.

The controller knows nothing of curses: the app hands it key names
(:meth:`press`) and asks what to draw. It changes the game only through
its :class:`~playmanager.session.Session`, so undo, "changed" and the
save rules are the session's. When the terminal goes away
(:meth:`hang_up`) a game with play to lose goes to a rescue file of its
own, never over a save.
"""

from __future__ import annotations

import contextlib
import enum
import os
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Final, Generic, NamedTuple, TypeVar

from .. import messages
from ..controls import Control
from ..session import (
    MoveRefusedError,
    Session,
    WouldOverwriteError,
    write_rescue,
)
from ..statistics import COLUMNS as STATISTICS_COLUMNS
from ..statistics import NOTES, Tracker, rows, text_table
from ..statistics import load as load_statistics
from ..storage import SaveFileError, describe_os_error, write_atomically
from .keys import (
    CONFIRM_QUIT_KEYS,
    QUIT_TITLE,
    UNWRITABLE_QUIT_KEYS,
    Binding,
    QuitChoice,
    describe,
    find_action,
    key_label,
)
from .marks import Clock, Marks, earliest
from .shell import CTRL_C, ESCAPE
from .text_layout import KEY_SEPARATOR, key_entry, key_line, table_note, table_row

M = TypeVar("M")
I = TypeVar("I")
E = TypeVar("E")
A = TypeVar("A", bound=enum.Enum)

AUTOPLAY_PAUSE_SECONDS: Final = 0.15
"""How long autoplay shows each position before its next move."""


class Mode(enum.Enum):
    """What the screen shows over the game, and which keys work."""

    PLAYING = "playing"
    HELP = "help"
    ENDED = "ended"
    CONFIRM_QUIT = "save before quitting?"
    CONFIRM_OVERWRITE = "replace another game's file?"
    CONFIRM_RESUME = "resume the rescued game?"
    STATISTICS = "statistics"


STATISTICS_KEY: Final = "S"
STATISTICS_SUMMARY: Final = "statistics: games played, won, bests"
"""Shows the statistics in every full screen (not a :class:`Control`: the
line modes keep no statistics)."""


class Replace(enum.Enum):
    """The answers to "replace a file this game did not load or write?"."""

    YES = "replace it with this game"
    NO = "keep it (this game is not saved)"


class Resume(enum.Enum):
    """The answers to "resume the rescued game?"."""

    YES = "resume the rescued game"
    NO = "discard it (its file is removed) and play this one"
    LATER = "play this one; the next launch asks again"


REPLACE_KEYS: Final = (
    Binding(("y",), Replace.YES),
    Binding(("n", ESCAPE, CTRL_C), Replace.NO),
)
RESUME_KEYS: Final = (
    Binding(("y",), Resume.YES),
    Binding(("n",), Resume.NO),
    Binding((ESCAPE, CTRL_C), Resume.LATER),
)
CONTROL_KEYS: Final = tuple(Binding((c.value,), c) for c in Control)
ENDED: Final = (
    Control.UNDO,
    Control.NEW_GAME,
    Control.SAVE,
    Control.HELP,
    Control.QUIT,
)
"""The shared actions an ended game still takes (its end box lists them)."""
ENDED_CONTROLS: Final = tuple(Binding((c.value,), c) for c in ENDED)


class Overlay(NamedTuple):
    """A box over the game: a title and lines; ``low`` ones sit lower, so
    that the position that ended the game stays in view."""

    title: str
    lines: tuple[str, ...]
    low: bool = False
    scroll: int = 0
    """The first line shown of a box taller than the screen."""
    shown: Callable[[int, bool], None] | None = None
    """Told the first line the layout shows (``scroll`` stopped at the
    box's end, which only the layout knows)."""


SCROLL_DOWN: Final = ("KEY_DOWN", "j", "KEY_NPAGE")
SCROLL_UP: Final = ("KEY_UP", "k", "KEY_PPAGE")
"""Keys that scroll the help and the statistics while they have lines
that way (:meth:`ModalController._scroll_keys`); any other key closes them."""
ARROWS: Final = ("KEY_DOWN", "KEY_NPAGE", "KEY_UP", "KEY_PPAGE")
"""What scrolls the other boxes (questions, the end of a game), whose
letters are answers."""
SCROLL_STEP: Final = {"KEY_NPAGE": 10, "KEY_PPAGE": -10}


def help_line(keys: str, what: str) -> str:
    """One line of a help overlay: the keys, then what they do."""
    return key_line(keys, what)


def key_summary(bindings: Sequence[Binding[A]], controls: Sequence[Control]) -> str:
    """Keys on one line (a box's last), each ``key what`` kept whole when
    the line wraps: ``y keep going  n play again  u undo``."""
    entries = [
        key_entry("/".join(key_label(k) for k in b.keys), b.action.value)
        for b in bindings
    ]
    entries += [key_entry(c.value, c.word) for c in controls]
    return KEY_SEPARATOR.join(entries)


def controls_help(
    controls: Sequence[Control] = tuple(Control),
    new_game: str = messages.NEW_GAME_SUMMARY,
) -> tuple[str, ...]:
    """The help lines of the shared actions, in a game whose ``n`` does
    ``new_game``."""
    return tuple(
        help_line(key_label(c.value), c.summary_in(new_game)) for c in controls
    )


def shared_help(new_game: str = messages.NEW_GAME_SUMMARY) -> tuple[str, ...]:
    """The help lines of every full screen's shared keys: the controls and
    the statistics (``?`` and ``--help`` alike)."""
    return (
        *controls_help(new_game=new_game),
        help_line(STATISTICS_KEY, STATISTICS_SUMMARY),
    )


class ModalController(ABC, Generic[M, I, E, A]):
    """Keys in, actions on one session, the shared states and words out."""

    game_keys: Sequence[Binding[A]] = ()
    """The game's own keys while playing (its moves), looked up first."""
    ended_keys: Sequence[Binding[A]] = ()
    """The game's own keys once the game has ended, besides the shared ones."""
    first_status = ""
    """The status line when the front end gives no greeting."""

    def __init__(
        self,
        session: Session[M, I, E],
        *,
        rescue_folder: str,
        greeting: str = "",
        rescued: str | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        """Play ``session``. A hang-up rescues into ``rescue_folder``.
        ``rescued`` is a rescued game found at launch: the first screen
        offers to resume it (read by the session's adapter).
        ``greeting`` is the first status line; ``clock`` times the marks
        and autoplay."""
        self.session = session
        self.status = greeting or self.first_status
        if session.would_overwrite():  # the player's save of another game
            self.status = messages.other_save(session.save_target)
        self.prepare()
        self.mode = Mode.PLAYING
        self.marks: Marks[E | None] = Marks(None, clock)
        self._clock = clock
        self._rescue_folder = rescue_folder
        self._finished = False
        self._kept_in: str | None = None  # where a game kept at quit waits
        self._mode_before = Mode.PLAYING
        self._quit_after_save = False
        self._autoplaying = False
        self._next_autoplay = 0.0
        self._hint_due = False
        """A hint asked for, to be found at the next tick (after the screen
        says it is thinking)."""
        self._rescued = rescued
        self._about_rescued = () if rescued is None else self._rescue_lines(rescued)
        self._file_holds = ""
        """What the save target holds, named when the replace question is asked."""
        self._statistics: Tracker | None = None
        self._dealt_variant = ""
        self._moved_since_deal = False
        if rescued is not None:
            self._ask(Mode.CONFIRM_RESUME)
        else:
            self.settle()

    # ------------------------------------------------------------ what a game fills in
    def prepare(self) -> None:
        """Set up the game's own state (a cursor, a selection); called first."""

    @abstractmethod
    def do(self, action: A, key: str) -> None:
        """Do the game's own ``action`` (bound to ``key``)."""

    @abstractmethod
    def show_hint(self, intent: I) -> None:
        """Show the hint ``intent`` (in the status line, on the board...)."""

    @abstractmethod
    def ended_overlay(self) -> Overlay:
        """The box of an ended game (won, or no move left)."""

    def is_ended(self) -> bool:
        """Whether the game has ended now (after a change)."""
        return self.session.ended

    def moved(self, effects: E) -> str:
        """After a move that did ``effects``: the new status line."""
        return ""

    def intent_text(self, intent: I) -> str:
        """A few words for a move, in autoplay's status line."""
        return ""

    def refused(self, reason: str) -> None:
        """A move the rules refused: say why."""
        self.status = reason[:1].upper() + reason[1:]

    def jumped(self) -> None:
        """The game is another position now, not by a move (undo, new game,
        resume): drop what the game's screen built on the old one."""

    def help_lines(self) -> tuple[str, ...]:
        """The game's key lines of the help."""
        return describe(self.game_keys)

    def rules(self) -> tuple[str, ...]:
        """How the game is played, in a few lines: the help starts with them."""
        return ()

    def won_game(self) -> bool:
        """Whether the game's goal is reached now, for the statistics."""
        return False

    def game_score(self) -> int | None:
        """The game's score, for the statistics (None: it has none)."""
        return None

    def finishing(self) -> None:
        """The game is about to end (quit or hang-up): keep what must be kept."""

    # ------------------------------------------------------------ queries
    @property
    def finished(self) -> bool:
        """True once the player has quit (or the terminal went away)."""
        return self._finished

    @property
    def autoplaying(self) -> bool:
        """True while autoplay is on (its moves come from :meth:`tick`)."""
        return self._autoplaying

    @property
    def unsaved(self) -> bool:
        """True when quitting now would lose play (the session's ``changed``)."""
        return self.session.changed

    def wake_at(self) -> float | None:
        """When :meth:`tick` has something to do; None when only a key does."""
        autoplay = self._next_autoplay if self._autoplaying else None
        hint = self._clock() if self._hint_due else None
        return earliest(self.marks.wake_at(), autoplay, hint)

    def tick(self) -> None:
        """Let time act: marks fade, a hint asked for is found, autoplay
        moves when its pause is over."""
        self.marks.tick()
        if self._hint_due:
            self._hint_due = False
            if self.mode is Mode.PLAYING:  # not over a question asked since
                self._give_hint()
        if self._autoplaying and self._clock() >= self._next_autoplay:
            self.autoplay_step()

    @property
    def mode(self) -> Mode:
        """What the screen shows over the game; a new one shows its top."""
        return self._mode

    @mode.setter
    def mode(self, mode: Mode) -> None:
        if mode is not getattr(self, "_mode", None):
            self._scroll = 0
            self._more_below = True  # till the layout says (:meth:`_scrolled_to`)
        self._mode = mode

    def overlay(self) -> Overlay | None:
        """The box the screen shows over the game now, if any, scrolled as
        the player scrolled it."""
        box = self._box()
        if box is None:
            return None
        return box._replace(scroll=self._scroll, shown=self._scrolled_to)

    def _box(self) -> Overlay | None:
        target = self.session.save_target
        if self.mode is Mode.HELP:
            lines = (
                *self.rules(),
                "",
                *self.help_lines(),
                *shared_help(self.session.adapter.new_game_summary),
                "",
                "Press any key to close this help.",
            )
            return Overlay("How to play", lines)
        if self.mode is Mode.ENDED:
            return self.ended_overlay()
        if self.mode is Mode.CONFIRM_QUIT:
            return self._quit_overlay(target)
        if self.mode is Mode.CONFIRM_OVERWRITE:
            question = messages.overwrite_question(target, self._file_holds)
            return Overlay("Replace a file?", (question, "", *describe(REPLACE_KEYS)))
        if self.mode is Mode.STATISTICS:
            return Overlay("Statistics", self._statistics_lines())
        if self.mode is Mode.CONFIRM_RESUME and self._rescued is not None:
            return Overlay(
                "A rescued game",
                (*self._about_rescued, "", *describe(RESUME_KEYS)),
            )
        return None

    def _quit_overlay(self, target: str) -> Overlay:
        """The quit question: save first, or, when the file cannot be
        written, keep the game in the rescue folder (no save offered)."""
        reason = self.session.why_unsavable()
        if reason is None:
            question = messages.quit_question(target)
        else:
            question = messages.unwritable_quit_question(target, reason)
        return Overlay(QUIT_TITLE, (question, "", *describe(self._quit_keys(reason))))

    @staticmethod
    def _quit_keys(reason: str | None) -> tuple[Binding[QuitChoice], ...]:
        return CONFIRM_QUIT_KEYS if reason is None else UNWRITABLE_QUIT_KEYS

    def ended_help(self) -> tuple[str, ...]:
        """The keys of an ended game, for :meth:`ended_overlay`: one line
        (it wraps between keys), so that its box stays low."""
        return (key_summary(self.ended_keys, ENDED),)

    # ------------------------------------------------------------ keys
    def press(self, key: str) -> None:
        """Do what ``key`` means now; unknown keys do nothing."""
        if self._finished:
            return
        if self._autoplaying:
            self._stop_autoplay(messages.AUTOPLAY_STOPPED)
            return  # any key stops autoplay, and only that
        box_keys = self._scroll_keys()
        if self.mode is not Mode.PLAYING and key in box_keys:
            self._scroll_by(SCROLL_STEP.get(key, 1 if key in SCROLL_DOWN else -1))
            return  # a box taller than the screen scrolls; no answer is an arrow
        if self.mode in (Mode.HELP, Mode.STATISTICS):
            self.settle()
            if key != CTRL_C:
                return  # any key closes the help or the statistics
        if self.mode is Mode.CONFIRM_QUIT:
            choice = find_action(self._quit_keys(self.session.why_unsavable()), key)
            if choice is not None:
                self._answer_quit(choice)
            return
        if self.mode is Mode.CONFIRM_OVERWRITE:
            replace = find_action(REPLACE_KEYS, key)
            if replace is not None:
                self._answer_overwrite(replace)
            return
        if self.mode is Mode.CONFIRM_RESUME:
            resume = find_action(RESUME_KEYS, key)
            if resume is not None:
                self._answer_resume(resume)
            return
        ended = self.mode is Mode.ENDED
        action = find_action(self.ended_keys if ended else self.game_keys, key)
        if action is not None:
            self.do(action, key)
            return
        if key == STATISTICS_KEY:
            self._show(Mode.STATISTICS)
            return
        control = find_action(ENDED_CONTROLS if ended else CONTROL_KEYS, key)
        if control is None and key == CTRL_C:
            control = Control.QUIT
        if control is not None:
            self.control(control)

    def control(self, control: Control) -> None:
        """Do one of the shared actions."""
        handlers: dict[Control, Callable[[], None]] = {
            Control.SAVE: self.save,
            Control.UNDO: self.undo,
            Control.HINT: self.hint,
            Control.AUTOPLAY: self._start_autoplay,
            Control.NEW_GAME: self.new_game,
            Control.HELP: self._show_help,
            Control.QUIT: self.quit,
        }
        handlers[control]()

    def hang_up(self, why: str = "Terminal closed") -> str:
        """End without asking (the terminal went away, or a crash): play to
        lose goes to its one rescue file (the one it was resumed from, if
        any), never over a save; one line says what happened."""
        self._finished = True
        self.finishing()
        try:
            kept = self.session.keep_given_up(self._rescue_folder)
            self._count_given_up_kept(kept)
            self._drop_given_up_rescue()
            path = self.session.rescue(self._rescue_folder)
        except OSError as error:
            return messages.not_rescued(why, describe_os_error(error))
        if path is None:  # saved, but maybe unfinished: kept to resume
            self._keep_unfinished()
        else:
            self.session.forget_resume()  # rewritten: it holds the game again
            if not self.session.ended:
                self._keep_statistics(path)
        return "\n".join((*map(messages.kept_given_up, kept), messages.hung_up(why, path)))

    # ------------------------------------------------------------ shared actions
    def play(self, intent: I) -> E | None:
        """Make a move through the session; its effects, or None if refused."""
        try:
            effects = self.session.play(intent)
        except MoveRefusedError as error:
            self.refused(str(error))
            return None
        self._moved_since_deal = True
        self.marks.show(effects)
        self.status = self.moved(effects)  # the game's part first: it sees a win
        if self._statistics is not None:
            self._statistics.moved(self.game_score())
            if self.won_game():
                self._statistics.won()
        self.settle()
        return effects

    def undo(self) -> None:
        back_to_a_game = self.session.undo_brings_back_a_game
        if not self.session.undo():
            self.status = messages.NOTHING_TO_UNDO
            return
        self.marks.clear()
        self.status = messages.undone(self.session.undo_depth)
        if back_to_a_game:
            self._back_to_the_game_before()
        else:  # a move taken back (a loaded save's too) is play to keep at quit
            self._moved_since_deal = True
        self.jumped()
        self.settle()

    def _back_to_the_game_before(self) -> None:
        """Undo took back a new game: the one before is on screen again, with
        the moves it had, and it is no longer given up (nor counted so)."""
        session = self.session
        self._moved_since_deal = (
            session.undo_depth > 0 and not session.undo_brings_back_a_game
        )
        if self._statistics is not None:
            self._note(self._statistics.take_back())

    def new_game(self) -> None:
        if self._statistics is not None:
            self._note(self._statistics.abandon(self.game_score()))
            self._statistics.start(self._dealt_variant, from_file=False)
        self._moved_since_deal = False
        seed = self.session.new_game()
        self.marks.clear()
        self.status = self.session.adapter.new_game_message(seed)
        self.jumped()
        self.settle()

    def hint(self) -> None:
        """Show a hint; one that keeps the player waiting is found at the
        next tick, once the screen has said so (the shell draws first)."""
        if self.session.adapter.hint_keeps_waiting():
            self.status = messages.HINT_THINKING
            self._hint_due = True
        else:
            self._give_hint()

    def _give_hint(self) -> None:
        intent = self.session.hint()
        if intent is None:
            self.status = messages.no_hint(self.session.why_no_hint())
        else:
            self.show_hint(intent)

    def save(self) -> None:
        """Save; a file that holds another game needs a yes first."""
        if self.session.would_overwrite():
            self._ask_overwrite()
        else:
            self._write(overwrite=False)

    def _ask_overwrite(self) -> None:
        self._file_holds = self.session.file_holds()
        self._ask(Mode.CONFIRM_OVERWRITE)

    def quit(self) -> None:
        """Quit; with play to lose, ask first. A game given up for this one
        with play to lose (``n``: undo would bring it back) is first kept in
        a rescue file, said on the status line, and ``q`` again quits."""
        if self.session.changed:
            self._ask(Mode.CONFIRM_QUIT)
        elif self.session.given_up_with_play:
            self._keep_given_up()
        else:
            self._finish()

    def _keep_given_up(self) -> None:
        try:
            kept = self.session.keep_given_up(self._rescue_folder)
        except OSError as error:
            self.status = messages.not_rescued("Quit", describe_os_error(error))
            return
        self._count_given_up_kept(kept)
        self.status = messages.kept_given_up(kept[-1]) + "; q quits"

    def _count_given_up_kept(self, kept: list[str]) -> None:
        """Games given up (counted then) and kept in rescue files at the
        end of the run: resumed, they must not count again."""
        if self._statistics is not None and kept:
            self._note(self._statistics.keep_given_up(kept[-1]))

    def autoplay_step(self) -> None:
        """Make autoplay's next move; stop when none is left or the game ends."""
        if not self._autoplaying or self._finished:
            return
        reason = self.session.why_autoplay_stops()
        intent = None
        if reason is None and self.mode is Mode.PLAYING:
            intent = self.session.hint()
        if intent is None or self.play(intent) is None:
            self._stop_autoplay(
                reason or messages.autoplay_done(self.session.why_no_hint())
            )
            return
        self._next_autoplay = self._clock() + AUTOPLAY_PAUSE_SECONDS
        if self.mode is not Mode.PLAYING:
            self._autoplaying = False  # the game ended: its box says how
        else:
            self.status = messages.autoplayed(self.intent_text(intent))

    def settle(self) -> None:
        """After a change: has the game ended, or does play go on?"""
        self.mode = Mode.ENDED if self.is_ended() else Mode.PLAYING
        if self._statistics is not None and self.mode is Mode.ENDED:
            # a game counts when its end shows (2048's win too, play on or not)
            self._note(self._statistics.ended(self.game_score()))

    # ------------------------------------------------------------ helpers
    def _ask(self, mode: Mode) -> None:
        if self.mode not in (Mode.CONFIRM_QUIT, Mode.CONFIRM_OVERWRITE):
            self._mode_before = (
                self.mode if self.mode is not Mode.HELP else Mode.PLAYING
            )
        self.mode = mode

    def _leave_question(self) -> None:
        self.mode = self._mode_before
        self._quit_after_save = False

    def _answer_quit(self, choice: QuitChoice) -> None:
        if choice is QuitChoice.QUIT_UNSAVED:
            self._finish()
        elif choice is QuitChoice.CANCEL:
            self._leave_question()
            self.status = messages.KEEP_PLAYING
        elif choice is QuitChoice.KEEP_AND_QUIT:
            self._finish(keep_unsaved=True)
        else:
            self._quit_after_save = True
            self.mode = self._mode_before
            self.save()

    def _answer_overwrite(self, answer: Replace) -> None:
        if answer is Replace.YES:
            self.mode = self._mode_before
            self._write(overwrite=True)
        else:
            self._leave_question()
            self.status = messages.kept_file(self.session.save_target)

    def _rescue_lines(self, path: str) -> tuple[str, ...]:
        """What the rescued game in ``path`` is, for the resume question."""
        try:
            model, seed, past = self.session.adapter.load_play(path)
            when = messages.saved_when(os.stat(path).st_mtime, time.time())
        except (ValueError, OSError):  # SaveFileError: the answer y says why
            return messages.rescue_question(path, "a game", "some time ago")
        holds = self.session.adapter.describe(model, seed, len(past))
        return messages.rescue_question(path, holds, when)

    def _answer_resume(self, answer: Resume) -> None:
        path, self._rescued = self._rescued, None
        self.mode = Mode.PLAYING
        if path is None or answer is Resume.LATER:
            self.status = messages.rescue_left(path) if path else ""
            self.settle()
            return
        if answer is Resume.NO:
            self._discard(path)
            self.settle()
            return
        try:
            model, seed, past = self.session.adapter.load_play(path)
        except SaveFileError as error:
            self.status = messages.cannot_resume(path, error.detail)
        else:
            self.session.resume(model, seed, past, rescue_file=path)
            self._moved_since_deal = True  # its moves count: kept again at quit
            if self._statistics is not None:
                self._note(self._statistics.resume(self._dealt_variant, path))
            self.status = messages.resumed(path)
            self.jumped()
        self.settle()

    def _write(self, *, overwrite: bool) -> None:
        target = self.session.save_target
        try:
            self.session.save(overwrite=overwrite)
        except WouldOverwriteError:  # changed on disk since it was asked
            self._ask_overwrite()
            return
        except OSError as error:
            self.status = messages.not_saved(target, describe_os_error(error))
            self._quit_after_save = False
            return
        self.status = messages.saved(target)
        self._forget_resumed()
        if self._quit_after_save:
            self._finish()

    def _discard(self, path: str) -> None:
        """The player declined the rescued game in ``path``: it goes, and
        so do the statistics that waited for it (it counts no more)."""
        try:
            os.remove(path)
        except OSError as error:
            self.status = messages.not_removed(path, describe_os_error(error))
            return
        if self._statistics is not None:
            self._note(self._statistics.give_up_kept(path))
        self.status = messages.rescue_discarded(path)

    def _forget_resumed(self) -> None:
        """A resumed rescue file is done with once its game is safe elsewhere
        (saved, or quit with nothing to keep), or given up for the game saved."""
        self._remove_resumed(self.session.resumed_from or self.session.given_up_rescue)

    def _drop_given_up_rescue(self) -> None:
        """The run ends on another game than the resumed one, given up for
        it (``n``, counted so): the resumed game's file goes, as a discarded
        one does, so that it neither offers that game again nor takes this
        one (rescued as a game with no file of its own)."""
        self._remove_resumed(self.session.given_up_rescue)

    def _remove_resumed(self, path: str | None) -> None:
        if path is not None:
            with contextlib.suppress(OSError):  # it stays: only a copy
                os.remove(path)
            self.session.forget_resume()

    def _finish(self, *, keep_unsaved: bool = False) -> None:
        """Quit: saved, or the player said not to; an unfinished game is
        kept to resume, and a resumed rescue it replaces goes.
        ``keep_unsaved``: its file could not take the moves since, and the
        player asked to keep them in the rescue folder."""
        self.finishing()
        with contextlib.suppress(OSError):  # asked at q when it could be
            self._count_given_up_kept(self.session.keep_given_up(self._rescue_folder))
        self._drop_given_up_rescue()
        if not self._keep_unfinished(keep_unsaved):
            self._forget_resumed()
        self._finished = True

    def _keep_unfinished(self, keep_unsaved: bool = False) -> bool:
        """Keep a game left unfinished, with moves made in this run, to
        resume: its statistics wait for it. A game with a file of its own
        (loaded from it, or saved there) is in the player's file: moves
        since were declined, and no copy is made, so copies never pile up.
        Any other goes to the rescue folder, never over a save: over the
        file it was resumed from, else its game kind's one rescue file
        (a resumed game given up for it has left its file by then).
        The next launch without FILE offers to resume it."""
        if self.session.ended or not self._moved_since_deal:
            return False
        if self.session.in_its_file and not keep_unsaved:  # the player's file holds it
            self._keep_statistics(self.session.save_target)
            return False
        try:
            text, path = self.session.rescue_text(), self.session.resumed_from
            if path is None:
                path = write_rescue(self._rescue_folder, self.session.adapter.rescue_name, text)
            else:
                write_atomically(path, text)
        except OSError:
            self._keep_statistics(None)
            return False  # only a copy: the player was asked about the save
        self._keep_statistics(path)
        self.session.forget_resume()
        self._kept_in = path
        return True

    def farewell(self) -> str:
        """Where the game kept to resume at quit waits, if one was."""
        return "" if self._kept_in is None else messages.kept_to_resume(self._kept_in)

    def _keep_statistics(self, file: str | None) -> None:
        """The game on screen is kept unfinished in ``file``: so are its
        statistics, to go on when it is resumed from there."""
        if self._statistics is not None:
            self._statistics.keep(self.game_score(), file)

    def follow(self, statistics: Tracker) -> None:
        """Count the games played here in ``statistics`` (already started
        on the game on screen, of the variant new games are dealt in)."""
        self._statistics = statistics
        self._dealt_variant = statistics.variant

    def _note(self, notice: str | None) -> None:
        """A problem with the statistics file: say it on the status line."""
        if notice:
            self.status = notice

    def _statistics_lines(self) -> tuple[str, ...]:
        if self._statistics is None:
            return ("No statistics are kept here.", "", "Press any key to close.")
        statistics, notice = load_statistics(self._statistics.path)
        game = self._statistics.game
        found = rows(statistics, {game: ""})
        if found:  # cells, so that the box fits the table to its width
            header = table_row("Variant", *STATISTICS_COLUMNS)
            notes = [table_note(column, text) for column, text in NOTES]
            lines = [header, *(table_row(*row) for row in found), "", *notes]
        else:
            lines = text_table(statistics, {game: ""})
        about = (notice,) if notice else ()
        return (*lines, *about, "", "Press any key to close.")

    def _show_help(self) -> None:
        self._show(Mode.HELP)

    def _show(self, mode: Mode) -> None:
        self._mode_before = self.mode
        self.mode = mode

    def _scrolled_to(self, first: int, more_below: bool) -> None:
        """The layout drew the box from line ``first``: past the end, the
        scroll stops there, so that one Up moves the box at once.
        ``more_below``: lines are left under those shown (else Down has
        nothing to scroll, and closes the help like any key)."""
        self._scroll = first
        self._more_below = more_below

    def _scroll_keys(self) -> tuple[str, ...]:
        """The keys that scroll the box shown now: in the help and the
        statistics only those with lines to scroll to (any other key closes
        them, so an arrow at the end does too); in a question, its arrows."""
        if self.mode not in (Mode.HELP, Mode.STATISTICS):
            return ARROWS
        down = SCROLL_DOWN if self._more_below else ()
        return (*down, *(SCROLL_UP if self._scroll > 0 else ()))

    def _scroll_by(self, lines: int) -> None:
        """Scroll a box; the layout stops it at the box's end
        (:meth:`_scrolled_to`), and this, before any drawing, at its last
        line."""
        overlay = self.overlay()
        most = 0 if overlay is None else len(overlay.lines)
        self._scroll = min(max(self._scroll + lines, 0), most)

    def _start_autoplay(self) -> None:
        self._autoplaying = True
        self._next_autoplay = self._clock() + AUTOPLAY_PAUSE_SECONDS
        self.status = messages.AUTOPLAY_ON

    def _stop_autoplay(self, status: str) -> None:
        self._autoplaying = False
        self.status = status
