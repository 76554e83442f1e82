"""The line-mode play loop: Game2048.java over text streams.

Every turn, while the game is not over, prints the board and ``> ``, reads
one line and acts on it; then prints the final board and ``Game Over!``.
Input lines are what Java's ``Scanner.nextLine()`` returns: only the line
terminator is removed, and Java's terminators are ``\\r\\n``, ``\\n``,
``\\r``, U+0085, U+2028 and U+2029. A line's length is Java's
``String.length()``, in UTF-16 code units, so one emoji is two characters.

Where Java crashes we stay graceful: the end of piped input ends the game
as ``q`` does, and a save that fails prints one line on stderr while the
game goes on. Where Java loses the game we keep it: ``q``, Ctrl-C and
Ctrl-D on a terminal with moves not saved ask "save before quitting?" as
the other line modes do; a hang-up (SIGHUP), SIGTERM, or no answer to that question
writes the game to its one rescue file (never over a save) and says
where on stderr. Piped input is never asked: stdout stays Java's, and ``o`` replaces its
save file without asking, as Java's does; typed at a terminal, ``o`` asks
before replacing another game's file (:meth:`LineGame.save`). The rules
stay in :mod:`gamestate`; this module only moves them.
"""

from __future__ import annotations

from gamestate import Config, GameState

from ..hangup import HangUpError, hang_up_raises
from ..lines import LineReader, typed
from ..options import EXIT_INTERRUPTED, EXIT_OK, next_seed
from . import messages, rules
from .commands import Action, command_for

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence
    from typing import TextIO

    from gamestate import Direction


def java_length(line: str) -> int:
    """Return ``line.length()`` as Java counts it: UTF-16 code units."""
    if line.isascii():
        return len(line)
    return len(line.encode("utf-16-le", "surrogatepass")) // 2


def fit(text: str, width: int | None) -> str:
    """A message (or a question) as printed in ``width`` columns, as every
    line mode's (:func:`~..screen.text_layout.fitted_text`); ``width``
    None, a pipe: as it is, Java's bytes."""
    if width is None:
        return text
    from ..screen.text_layout import fitted_text  # a pipe never needs it

    return fitted_text(text, width)


def _file_mark(path: str) -> tuple[int, int, int, int] | None:
    """:func:`~playmanager.storage.file_mark`, imported with the first file
    a game touches: a new game's first prompt does without the storage
    layer (issue 36: start-up)."""
    from ..storage import file_mark

    return file_mark(path)


class EndOfInputError(Exception):
    """Ctrl-D on a terminal with moves not saved: rescue them."""


class LineGame:
    """One game in the line mode: the model, where ``o`` saves, and streams."""

    def __init__(
        self,
        game: GameState,
        save_target: str,
        stdin: TextIO,
        stdout: TextIO,
        stderr: TextIO,
        *,
        win: WinRound | None = None,
        loaded: bool = False,
        seed: int | None = None,
        moves: Sequence[Direction] = (),
        start: GameState | None = None,
        width: int | None = None,
    ) -> None:
        """``win`` None is the Java game; a WinRound adds the MVC preset's win;
        ``loaded``: the game was read from ``save_target``; ``seed``: the
        one it was dealt from (default Config.RANDOM_SEED); ``moves``: those
        made from ``start`` to reach it (a resumed rescue record's), kept
        with the game's own in its rescue record; ``width``: a terminal's
        text width, to which messages are fitted as in every line mode
        (None: a pipe, whose bytes stay Java's)."""
        self.game = game
        self.seed = Config.RANDOM_SEED if seed is None else seed
        self.start = game.copy() if start is None else start
        self.moves = list(moves)
        self.save_target = save_target
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.win = win
        self.width = width
        self.changed = False
        """Moves made since the game was loaded, started or saved."""
        self.in_its_file = loaded
        """``save_target`` holds this game (loaded or saved there): its rescue
        file is the one kept for that file."""
        self.file_mark = _file_mark(save_target) if loaded else None
        """The save target's mark when this game loaded or wrote it: another
        mark is another game's file (or one another terminal wrote)."""
        self.lines: Iterator[str] = iter(())
        """The input lines, once play starts (a question reads the next)."""

    def play(self) -> int:
        """Run the loop until the game is over, ``q`` or the end of input.

        With a WinRound, a win or a game over asks what next instead of
        ending. Returns the exit status: 0, or 128 + the signal after a
        hang-up (the game rescued).
        """
        with hang_up_raises():
            try:
                return self.play_games()
            except HangUpError as error:
                return self.rescue(error.why, error.status)
            except KeyboardInterrupt:
                if not self.changed:  # nothing to lose: quietly, as before
                    raise
                return self.rescue("Interrupted", EXIT_INTERRUPTED)
            except EndOfInputError:
                return self.rescue("End of input", EXIT_OK)

    def play_games(self) -> int:
        """The loop of :meth:`play`, without the hang-up."""
        lines = self.lines = LineReader(self.stdin)
        if self.win is not None:
            self.win.start(self.game)
        while True:
            if not self.play_turns(lines):
                return 0
            self.stdout.write(self.game.toString() + messages.GAME_OVER)
            self.stdout.flush()
            if self.win is None or not self.win.try_again(self, lines):
                return 0

    def play_turns(self, lines: Iterator[str]) -> bool:
        """Play until the game is over (True) or the player quits (False)."""
        while not self.game.isGameOver():
            self.stdout.write(self.game.toString() + messages.PROMPT)
            self.stdout.flush()
            line = self.next_line(lines)
            if line is None and self.changed and typed(self.stdin):
                self.stdout.write("\n")  # the cursor is still after "> "
                if self.asked_to_quit(lines):  # Ctrl-C or Ctrl-D: as q elsewhere
                    return False
                continue
            if line is None or not self.handle(line):
                return False
            if self.win is not None and not self.win.after_turn(self, lines):
                return False
        return True

    def next_line(self, lines: Iterator[str]) -> str | None:
        """The next input line; None at its end, and at Ctrl-C on a terminal
        with moves to lose (then they are asked about). Ctrl-C otherwise
        ends the program: quietly with nothing to lose, else rescued."""
        try:
            return next(lines, None)
        except KeyboardInterrupt:
            if not (self.changed and typed(self.stdin)):
                raise
            return None

    def asked_to_quit(self, lines: Iterator[str]) -> bool:
        """``q``, Ctrl-C or Ctrl-D with moves to lose, on a terminal: ask
        as the other line modes do (Java's ``q`` asks nothing, and piped
        input, Java's case, is never asked). True to quit; Ctrl-C or
        Ctrl-D again leaves the game to :meth:`play`'s rescue."""
        from .. import messages as shared
        from ..storage import why_unwritable

        reason = why_unwritable(self.save_target)
        if reason is None:
            self.say(shared.quit_prompt(self.save_target))
        else:
            self.say(shared.unwritable_quit_prompt(self.save_target, reason))
        self.stdout.flush()
        answer = next(lines, None)
        if answer is None:
            raise EndOfInputError
        choice = answer.strip().lower()
        if choice in ("y", "yes") and reason is not None:
            self.rescue("Quit", EXIT_OK)  # the game kept where it can be
            return True
        if choice in ("y", "yes"):
            self.save()
            return not self.changed  # a failed save keeps the game going
        if choice in ("n", "no"):
            return True
        self.say(shared.KEEP_PLAYING + "\n")
        return False

    def handle(self, line: str) -> bool:
        """Act on one input line; return False when the player quits."""
        if java_length(line) != 1:
            self.stdout.write(messages.ONE_CHAR)
            return True
        command = command_for(line)
        if command is None:
            self.stdout.write(messages.possible_commands())
        elif command is Action.QUIT:
            return self.changed and typed(self.stdin) and not self.asked_to_quit(self.lines)
        elif isinstance(command, Action):  # Action.SAVE
            self.save()
        elif self.game.move(command):
            self.changed = True
            self.moves.append(command)
        return True

    def save(self) -> None:
        """Save to the save target; on failure say why and play on. On a
        terminal, a file holding another game (or one another terminal
        wrote since) is replaced only on a yes; piped, as Java, always."""
        from .. import messages as shared
        from ..storage import describe_os_error
        from . import savefile  # here: its parser is not needed to start (issue 14)

        if typed(self.stdin) and self.would_overwrite() and not self.agreed_to_replace():
            return
        try:
            savefile.save(self.game, self.save_target)
        except OSError as error:
            self.stdout.flush()
            reason = describe_os_error(error)
            # the words of every game's failed save (the launch's refusal
            # of a FILE is cannot_save)
            failed = shared.not_saved(self.save_target, reason)
            self.say(f"playmanager: {failed}\n", self.stderr)
            self.stderr.flush()
            return
        self.changed = False
        self.in_its_file = True
        self.file_mark = _file_mark(self.save_target)
        self.say(messages.saved(self.save_target))

    def say(self, text: str, stream: TextIO | None = None) -> None:
        """Write a message (or a question: no newline at its end) to
        ``stream``, stdout by default: as it is on a pipe, fitted to a
        terminal's width (:func:`~..screen.text_layout.fitted_text`)."""
        (self.stdout if stream is None else stream).write(fit(text, self.width))

    def would_overwrite(self) -> bool:
        """True when the save target is a file this game neither loaded nor
        wrote, or one changed on disk since it did."""
        import os

        target = self.save_target
        return os.path.isfile(target) and _file_mark(target) != self.file_mark

    def agreed_to_replace(self) -> bool:
        """Ask before replacing another game's file, naming what it holds;
        True on a yes. Ctrl-D (no answer) leaves the game to the rescue."""
        from .. import messages as shared

        target = self.save_target
        self.say(shared.overwrite_question(target, self.file_holds()) + " (y/n) ")
        self.stdout.flush()
        answer = next(self.lines, None)
        if answer is not None and answer.strip().lower() in ("y", "yes"):
            return True
        if answer is None:
            self.stdout.write("\n")
        self.say(shared.kept_file(target) + "\n")
        if answer is None:
            raise EndOfInputError
        return False

    def file_holds(self) -> str:
        """What the save target holds, in a few words."""
        from .. import messages as shared
        from . import savefile
        from .adapter import describe_game

        try:
            return describe_game(savefile.load(self.save_target))
        except (ValueError, OSError):  # SaveFileError is a ValueError
            return shared.not_a_save("2048")

    def rescue(self, why: str, status: int) -> int:
        """After a hang-up, Ctrl-C or Ctrl-D (``why``): moves not saved go
        to their one rescue file in the data folder; one line on
        stderr says where. Returns the exit status, ``status``."""
        import os

        from .. import messages as shared
        from ..data_folder import data_folder
        from ..session import write_rescue
        from . import RESCUE_NAME
        from .record import format_record

        path = None
        try:
            if self.changed and not self.game.isGameOver():  # a lost game: nothing to resume
                folder = data_folder(os.environ)
                own = self.save_target if self.in_its_file else None
                text = format_record(self.game, self.seed, self.start, self.moves)
                path = write_rescue(folder, RESCUE_NAME, text, own)
        except OSError as os_error:
            from ..storage import describe_os_error

            line = shared.not_rescued(why, describe_os_error(os_error))
        else:
            line = shared.hung_up(why, path)
        try:
            self.stdout.flush()
            if typed(self.stdin):
                self.stderr.write("\n")  # after the ^C or the prompt
            self.say(line + "\n", self.stderr)
            self.stderr.flush()
        except (OSError, ValueError):
            pass  # the terminal is gone
        return status


class WinRound:
    """The MVC preset in the line mode: a win at ``goal``, then y/t/k.

    After the move that first makes the goal tile: the board, the win line
    and "Keep going (k), play again (y) or quit (q)?". After "Game Over!":
    "Try again (t) or quit (q)?". Other answers ask again; the end of input
    quits. A new game takes the next seed. The rule itself is
    :class:`playmanager.twenty48.rules.WinTracker`.
    """

    def __init__(
        self, goal: int, new_game: Callable[[int], GameState], seed: int
    ) -> None:
        self.tracker = rules.WinTracker(goal)
        self.goal = goal
        self.new_game = new_game
        self.seed = seed

    def start(self, game: GameState) -> None:
        """Begin ``game``: a board that already holds the goal was won before."""
        self.tracker.start(game.getBoard())

    def after_turn(self, line_game: LineGame, lines: Iterator[str]) -> bool:
        """After each input line: on a first win, ask; False means quit."""
        if not self.tracker.check(line_game.game.getBoard()):
            return True
        out = line_game.stdout
        out.write(line_game.game.toString() + rules.win_message(self.goal) + "\n")
        answers = (rules.KEEP_GOING_KEY, rules.PLAY_AGAIN_KEY, Config.QUIT_KEY)
        prompt = rules.win_prompt(Config.QUIT_KEY)
        answer = self.ask(line_game, lines, prompt, answers)
        if answer == rules.PLAY_AGAIN_KEY:
            self.replace_game(line_game)
        return answer in (rules.KEEP_GOING_KEY, rules.PLAY_AGAIN_KEY)

    def try_again(self, line_game: LineGame, lines: Iterator[str]) -> bool:
        """After Game Over!: True when the player starts a new game."""
        prompt = rules.game_over_prompt(Config.QUIT_KEY)
        answers = (rules.TRY_AGAIN_KEY, Config.QUIT_KEY)
        if self.ask(line_game, lines, prompt, answers) != rules.TRY_AGAIN_KEY:
            return False
        self.replace_game(line_game)
        return True

    def replace_game(self, line_game: LineGame) -> None:
        self.seed = next_seed(self.seed)
        line_game.game = self.new_game(self.seed)
        line_game.seed, line_game.start, line_game.moves = self.seed, line_game.game.copy(), []
        line_game.changed = False  # a fresh deal: --seed deals it again
        line_game.in_its_file = False
        line_game.file_mark = None  # the file holds the last game
        self.start(line_game.game)

    @staticmethod
    def ask(
        line_game: LineGame,
        lines: Iterator[str],
        prompt: str,
        answers: tuple[str, ...],
    ) -> str:
        """Ask until the answer is one of ``answers``; the end of input quits
        (Ctrl-D on a terminal with moves not saved of a game that goes on:
        they are rescued)."""
        out = line_game.stdout
        while True:
            out.write(prompt)
            out.flush()
            answer = next(lines, None)
            if answer is None:
                game_on = not line_game.game.isGameOver()  # a lost game: nothing to keep
                if game_on and line_game.changed and typed(line_game.stdin):
                    raise EndOfInputError
                return Config.QUIT_KEY
            if answer in answers:
                return answer
