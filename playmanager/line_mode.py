"""What every game's line mode shares (2048's Java line mode aside): the
shared controls, the questions, the wording and the hang-up rescue.

A game's line mode subclasses :class:`LineMode`: it reads the lines that
are not shared controls (its moves, :meth:`LineMode.game_line`), shows its
board and its hints. The shared controls (:class:`~playmanager.controls.
Control`) are typed as their key (``o``, ``u``, ``H``, ``A``, ``n``, ``?``,
``q``, exactly) or their word in any case (``save``, ``undo``, ``hint``,
``auto``, ``new``, ``help``, ``quit``); ``o FILE`` saves to FILE.

The rules of the full screens hold here too (:mod:`playmanager.session`):
``q`` with play to lose asks first; a save over a file that holds another
game asks first. Ctrl-C, and Ctrl-D on a terminal, are ``q``: they ask
too; Ctrl-C or Ctrl-D at that question, like a hang-up or SIGTERM, write
play to lose to its one rescue file (:func:`rescue_on_hang_up`),
never over a save. The end of piped input quits without asking (there is
no one to ask, and the input can be played again).
"""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from typing import Final, Generic, TextIO, TypeVar

from . import messages
from .controls import AUTOPLAY_MOVES, Control
from .hangup import HangUpError, hang_up_raises
from .lines import LineReader, typed
from .messages import NEW_GAME_SUMMARY
from .options import EXIT_INTERRUPTED, EXIT_OK
from .screen.text_layout import fitted_text, message_lines, wrap_lines
from .session import MoveRefusedError, Session, WouldOverwriteError
from .storage import describe_os_error, why_unwritable
from .terminal import PLAIN, Terminal

M = TypeVar("M")
I = TypeVar("I")
E = TypeVar("E")

YES: Final = ("y", "yes")


def controls_lines(new_game: str = NEW_GAME_SUMMARY) -> tuple[str, ...]:
    """The help's lines of the shared controls, as a line mode takes them,
    in a game whose ``n`` does ``new_game``."""
    return tuple(
        f"  {f'{control.value} or {control.word}':<14}"
        f"{control.summary_in(new_game, line_mode=True)}"
        for control in Control
    )


def control_of(word: str) -> Control | None:
    """The shared control a line's first word names: its key, exactly, or
    its word in any case; None when it names none."""
    for control in Control:
        if word == control.value or word.lower() == control.word:
            return control
    return None


class NoAnswerError(Exception):
    """A question was met by Ctrl-C or the end of input: nobody answers,
    so play to lose is rescued as at a hang-up."""

    def __init__(self, why: str, status: int) -> None:
        super().__init__(why)
        self.why = why
        self.status = status


def rescue_on_hang_up(
    session: Session[M, I, E], folder: str, error: HangUpError | NoAnswerError
) -> tuple[str, int]:
    """Rescue ``session`` after a hang-up (or a question nobody answered):
    one line saying what happened, and the exit status (128 + the signal,
    as a shell shows it)."""
    try:
        kept = session.keep_given_up(folder)
        path = session.rescue(folder)
    except OSError as os_error:
        line = messages.not_rescued(error.why, describe_os_error(os_error))
    else:
        line = "\n".join((*map(messages.kept_given_up, kept), messages.hung_up(error.why, path)))
    return line, error.status


class LineMode(ABC, Generic[M, I, E]):
    """One game in a line mode: a session, three streams, the shared controls."""

    prompt = "> "

    def __init__(
        self,
        session: Session[M, I, E],
        *,
        stdin: TextIO,
        stdout: TextIO,
        stderr: TextIO,
        rescue_folder: str,
        terminal: Terminal = PLAIN,
    ) -> None:
        self.session = session
        self.terminal = terminal
        """Where it prints: its width, and whether it has an edge."""
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.lines = LineReader(stdin)
        self.rescue_folder = rescue_folder
        self.finished = False
        self.status = EXIT_OK

    # ------------------------------------------------------------ what a game fills in
    @abstractmethod
    def game_line(self, line: str) -> None:
        """A line that is not a shared control: a move, or a mistake."""

    @abstractmethod
    def show(self) -> None:
        """Show the game (after a change, and at the start)."""

    @abstractmethod
    def hint_text(self, intent: I) -> str:
        """The hint, in words."""

    @abstractmethod
    def help_lines(self) -> tuple[str, ...]:
        """The game's own lines of the help: how to type a move."""

    def moved(self, intent: I, effects: E) -> None:
        """Say what the move ``intent`` did (the board is shown after)."""

    # ------------------------------------------------------------ the loop
    def play(self, greeting: str = "") -> int:
        """Play until ``q`` or the end of input; return the exit status (0,
        or 128 + the signal after a hang-up, the game rescued)."""
        with hang_up_raises():
            try:
                if greeting:
                    self.say(greeting)
                self.show()
                while not self.finished:
                    self.turn()
            except (HangUpError, NoAnswerError) as error:
                line, status = rescue_on_hang_up(
                    self.session, self.rescue_folder, error
                )
                with contextlib.suppress(
                    OSError, ValueError
                ):  # the terminal may be gone
                    self.tell(line)
                return status
        return self.status

    def turn(self) -> None:
        """Read one line at the prompt and act on it. Ctrl-C, and Ctrl-D
        on a terminal, are ``q``; the end of piped input quits."""
        try:
            line = self.read(self.prompt)
            if line is None:
                self.say("")
                if typed(self.stdin):
                    self.quit()
                else:
                    self.finished = True
                return
            self.handle(line.strip())
        except KeyboardInterrupt:
            self.say("")
            self.quit()
            if self.finished:
                self.status = EXIT_INTERRUPTED

    def handle(self, line: str) -> None:
        """Act on one line (stripped); an empty line does nothing."""
        if not line:
            return
        word, _, rest = line.partition(" ")
        control = control_of(word)
        if control is None:
            self.game_line(line)
        else:
            self.control(control, rest.strip())

    def control(self, control: Control, argument: str = "") -> None:
        """Do a shared control (``argument``: what followed its word)."""
        if control is Control.SAVE:
            self.save(argument or None)
        elif control is Control.UNDO:
            self.undo()
        elif control is Control.HINT:
            intent = self.session.hint()
            if intent is None:
                self.say(messages.no_hint(self.session.why_no_hint()))
            else:
                self.say(self.hint_text(intent))
        elif control is Control.AUTOPLAY:
            self.autoplay(argument)
        elif control is Control.NEW_GAME:
            self.new_game()
        elif control is Control.HELP:
            self.help()
        else:
            self.quit()

    # ------------------------------------------------------------ the controls
    def play_move(self, intent: I) -> bool:
        """Make a move; say why when the rules refuse it. True if made."""
        try:
            effects = self.session.play(intent)
        except MoveRefusedError as error:
            self.say(messages.sentence(str(error)))  # the model's reason
            return False
        self.moved(intent, effects)
        self.show()
        return True

    def undo(self) -> None:
        if not self.session.undo():
            self.say(messages.NOTHING_TO_UNDO)
            return
        self.say(messages.undone(self.session.undo_depth))
        self.show()

    def new_game(self) -> None:
        seed = self.session.new_game()
        self.say(self.session.adapter.new_game_message(seed))
        self.show()

    def autoplay(self, argument: str) -> None:
        """``A [N]``: the hint plays N moves (default AUTOPLAY_MOVES), or
        until it has no progress left; a terminal sees the moves so far,
        and Ctrl-C stops it, keeping what was played."""
        count = int(argument) if argument.isdigit() else AUTOPLAY_MOVES
        played, stopped = 0, messages.AUTOPLAY_DONE
        try:
            while played < count:
                reason = self.session.why_autoplay_stops()
                if reason is not None or self.session.autoplay_step() is None:
                    stopped = reason or self._why_autoplay_ended()
                    break
                played += 1
                self._show_progress(messages.autoplaying_moves(played))
        except KeyboardInterrupt:
            stopped = messages.AUTOPLAY_STOPPED
        self._show_progress("")
        self.say(messages.autoplayed_moves(played))
        if played < count and stopped:
            self.say(stopped)
        self.show()

    def _why_autoplay_ended(self) -> str:
        """Autoplay's last line when it played nothing: the game's end
        says it already (the won or lost line), else why no hint."""
        if self.session.ended:
            return ""
        return messages.autoplay_done(self.session.why_no_hint())

    def _show_progress(self, line: str) -> None:
        """Show ``line`` in place of the last progress line, on a terminal
        only (piped output stays what it was); "" clears it."""
        if self.stdout.isatty():
            self.stdout.write(f"\r\x1b[K{line}")
            self.stdout.flush()

    def help(self) -> None:
        """The help in 79 columns, its key column kept (one block)."""
        new_game = self.session.adapter.new_game_summary
        lines = (*self.help_lines(), *controls_lines(new_game))
        self.stdout.writelines(line + "\n" for line in wrap_lines(lines, self.width))
        self.stdout.flush()

    def save(self, path: str | None = None) -> bool:
        """Save (to ``path``, which becomes the target); a file this game did
        not load or write needs a yes. True when saved."""
        target = self.session.save_target if path is None else path
        refused = why_unwritable(target)
        if refused is not None:  # said before any question about replacing it
            self.complain(messages.not_saved(target, refused))
            return False
        overwrite = False
        if self.session.would_overwrite(target):
            holds = self.session.file_holds(target)
            question = messages.overwrite_question(target, holds)
            answer = self.ask(question + " (y/n) ")
            if answer is None:  # nobody answers: as at the quit question
                self.say(messages.kept_file(target))
                raise NoAnswerError("End of input", EXIT_OK)
            if answer.strip().lower() not in YES:
                self.say(messages.kept_file(target))
                return False
            overwrite = True
        try:
            self.session.save(path, overwrite=overwrite)
        except WouldOverwriteError:  # changed on disk while we asked
            self.say(messages.kept_file(target))
            return False
        except OSError as error:
            self.stdout.flush()
            reason = describe_os_error(error)
            self.complain(messages.not_saved(target, reason))
            return False
        self.say(messages.saved(target))
        return True

    def quit(self) -> None:
        """Quit; with play to lose, ask first."""
        if self.session.changed:
            target, reason = self.session.save_target, self.session.why_unsavable()
            prompt = (
                messages.quit_prompt(target)
                if reason is None
                else messages.unwritable_quit_prompt(target, reason)
            )
            answer = self.ask(prompt)
            if answer is None:  # Ctrl-D: nobody answers
                self.say("")
                raise NoAnswerError("End of input", EXIT_OK)
            choice = answer.strip().lower()
            if choice in YES and reason is not None:
                self.keep_unsaved()
            elif choice in YES:
                if not self.save():
                    return
            elif choice not in ("n", "no"):
                self.say(messages.KEEP_PLAYING)
                return
        self.keep_given_up()
        self.finished = True

    def keep_unsaved(self) -> None:
        """The save target cannot take the game: keep it in the rescue
        folder, as a hang-up would (never over a save), said in one line."""
        try:
            path = self.session.rescue(self.rescue_folder)
        except OSError as error:
            self.say(messages.not_rescued("Quit", describe_os_error(error)))
            return
        self.say(messages.hung_up("Quit", path))

    def keep_given_up(self) -> None:
        """A game given up for this one with play to lose (``n`` then
        ``q``: undo would bring it back) goes to a rescue file, said here."""
        try:
            kept = self.session.keep_given_up(self.rescue_folder)
        except OSError as error:
            self.say(messages.not_rescued("Quit", describe_os_error(error)))
            return
        for path in kept:
            self.say(messages.kept_given_up(path))

    # ------------------------------------------------------------ input and output
    @property
    def width(self) -> int:
        """The longest line printed: the terminal's
        (:attr:`~playmanager.terminal.Terminal.text_width`), 79 on a pipe."""
        return self.terminal.text_width

    def say(self, text: str, stream: TextIO | None = None) -> None:
        """Print a message on ``stream`` (stdout by default) in :attr:`width`
        columns (:func:`~.screen.text_layout.message_lines`)."""
        out = self.stdout if stream is None else stream
        fitted = message_lines(text, self.width, shorten=self.terminal.is_terminal)
        out.writelines(line + "\n" for line in fitted)
        out.flush()

    def complain(self, text: str) -> None:
        """Print an error on stderr (:meth:`tell`)."""
        self.tell(f"playmanager: {text}")

    def tell(self, text: str) -> None:
        """Print ``text`` on stderr: fitted to a terminal like any message
        (wrapped at words, paths shortened in the middle); whole lines on
        a pipe, for the script that reads them."""
        if self.terminal.is_terminal:
            self.say(text, self.stderr)
        else:
            self.stderr.write(text + "\n")
            self.stderr.flush()

    def ask(self, prompt: str) -> str | None:
        """Print the question ``prompt`` and read its answer; None at the
        end of input. Ctrl-C there raises :class:`NoAnswerError`. A long
        question wraps; the answer is typed after its last line."""
        shorten = self.terminal.is_terminal
        try:
            return self.read(fitted_text(prompt, self.width, shorten=shorten))
        except KeyboardInterrupt:
            self.say("")
            raise NoAnswerError("Interrupted", EXIT_INTERRUPTED) from None

    def read(self, prompt: str) -> str | None:
        """Print ``prompt`` and read a line; None at the end of input (a
        terminal reads on after Ctrl-D: :class:`LineReader`)."""
        self.stdout.write(prompt)
        self.stdout.flush()
        return next(self.lines, None)
