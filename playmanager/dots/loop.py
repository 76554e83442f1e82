"""Dots in the line mode: the MIS's Controller and View over text streams.

Each turn prints ``> ``, reads a line and acts on it. A line that starts
with a digit, ``(`` or ``[`` is a path (:mod:`.paths`), played through
:meth:`.controller.Controller.execute_move`, which shows the new grid and
status; a refused path prints the model's one-line reason and changes
nothing. Any other line is a command: its first word, in any case (see
:data:`.messages.HELP`). The game goes on after a win or a loss, so that
the player can undo, save or play again; the end of input quits, as
``q`` does, without asking (there is no one to ask).

Every earlier turn is kept for undo (the whole game, its generator
included), so a replayed move draws the same new dots, and a new game can
be undone too. This module never decides a rule: the model does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TextIO

from gamestate.dots import GameBoardT, Level, RefusedMoveError
from gamestate.dots.board import closes_square
from gamestate.dots.hint import hint

from .. import messages as shared_messages
from ..lines import read_lines
from ..options import next_seed
from ..storage import describe_os_error
from . import messages
from .controller import Controller
from .paths import PathTextError, parse_path
from .savefile import save
from .view import Palette, View

PROMPT: Final = "> "
_PATH_START: Final = "0123456789(["


def next_level(level: Level) -> Level:
    """The level "play again" starts: the same, with the next seed (the
    largest Java long is followed by the smallest, as in Java, so every
    seed stays one a save can hold)."""
    return level._replace(seed=next_seed(level.seed))


class LineGame:
    """One session of the line mode: a game, its undo history, where it saves."""

    def __init__(
        self,
        game: GameBoardT,
        *,
        save_target: str,
        stdin: TextIO,
        stdout: TextIO,
        stderr: TextIO,
        palette: Palette | None = None,
    ) -> None:
        self.controller = Controller(game, View(stdout, palette))
        self.save_target = save_target
        self.stdout = stdout
        self.stderr = stderr
        self.lines = read_lines(stdin)
        self.history: list[GameBoardT] = []
        self.unsaved = False
        self.finished = False
        self.commands: dict[str, Callable[[list[str]], None]] = {}
        for names, action in (
            (("h", "hint"), self.hint),
            (("u", "undo"), self.undo),
            (("s", "save"), self.save),
            (("n", "new"), self.new_game),
            (("?", "help"), self.help),
            (("q", "quit"), self.quit),
        ):
            self.commands.update(dict.fromkeys(names, action))

    @property
    def game(self) -> GameBoardT:
        return self.controller.gameboard

    def play(self, greeting: str = "") -> int:
        """Play until ``q`` or the end of input; return the exit status, 0."""
        if greeting:
            self.say(greeting)
        self.introduce()
        while not self.finished:
            line = self.ask(PROMPT)
            if line is None:
                break
            self.handle(line.strip())
        return 0

    # ------------------------------------------------------------ input and output
    def say(self, text: str) -> None:
        self.stdout.write(text + "\n")

    def ask(self, prompt: str) -> str | None:
        """Print ``prompt`` and read a line; None at the end of input."""
        self.stdout.write(prompt)
        self.stdout.flush()
        return next(self.lines, None)

    def introduce(self, *, rules: bool = True) -> None:
        """The level (how to play, with ``rules``), the grid and the status."""
        game = self.game
        self.say(f"Dots, seed {game.level.seed}: {messages.level_text(game)}.")
        if rules:
            self.say(messages.RULES)
            if game.squares:
                self.say(messages.SQUARES_RULE)
            self.say(messages.TYPE_A_PATH)
        self.controller.update_view()
        self.announce_end()

    def announce_end(self) -> None:
        ended = messages.ending(self.game)
        if ended is not None:
            self.say(ended.line())
            self.say("n plays again, u undoes, s saves, q quits.")

    # ------------------------------------------------------------ lines
    def handle(self, line: str) -> None:
        if not line:
            return
        if line[0] in _PATH_START:
            self.play_path(line)
            return
        word, *arguments = line.split()
        action = self.commands.get(word.lower())
        if action is None:
            self.say(f"Unknown command {word!r}: type help for the commands.")
        else:
            action(arguments)

    def play_path(self, text: str) -> None:
        try:
            path = parse_path(text)
        except PathTextError as error:
            self.say(str(error))
            return
        before = self.game.copy()
        try:
            self.controller.execute_move(path)
        except RefusedMoveError as error:
            self.say(str(error))
            return
        self.history.append(before)
        self.unsaved = True
        colour = before.get_boardT()[path[0][0]][path[0][1]]
        if before.squares and closes_square(path):
            self.say(messages.square_text(colour))
        self.announce_end()

    # ------------------------------------------------------------ commands
    def hint(self, arguments: list[str]) -> None:
        if messages.ending(self.game) is not None:
            self.say("The game has ended: n plays again, u undoes.")
            return
        self.say(messages.hint_text(self.game, hint(self.game)))

    def undo(self, arguments: list[str]) -> None:
        if not self.history:
            self.say("Nothing to undo.")
            return
        self.controller.gameboard = self.history.pop()
        self.unsaved = True
        self.say(f"Undone; {messages.plural(len(self.history), 'more turn')} to undo.")
        self.controller.update_view()

    def new_game(self, arguments: list[str]) -> None:
        self.history.append(self.game)
        self.controller.gameboard = GameBoardT(**next_level(self.game.level)._asdict())
        self.unsaved = True
        self.say("New game (u brings the last one back).")
        self.introduce(rules=False)

    def save(self, arguments: list[str]) -> None:
        if len(arguments) > 1:
            self.say("save takes at most one FILE (no spaces in its name).")
            return
        target = arguments[0] if arguments else self.save_target
        if self.save_to(target):
            self.save_target = target

    def save_to(self, target: str) -> bool:
        """Save the game to ``target``; say how it went; True if it did."""
        try:
            save(self.game, target)
        except OSError as error:
            self.stdout.flush()
            self.stderr.write(
                shared_messages.cannot_save(target, describe_os_error(error))
            )
            return False
        self.unsaved = False
        self.say(f"Saved to {target}.")
        return True

    def help(self, arguments: list[str]) -> None:
        self.say(messages.RULES)
        if self.game.squares:
            self.say(messages.SQUARES_RULE)
        for line in messages.HELP:
            self.say(line)

    def quit(self, arguments: list[str]) -> None:
        """Quit; with unsaved progress, ask first (the end of input quits)."""
        if self.unsaved:
            answer = self.ask(
                f"Save to {self.save_target} before quitting? "
                "y saves and quits, n quits, anything else keeps playing: "
            )
            if answer is not None and answer.strip().lower() in ("y", "yes"):
                if not self.save_to(self.save_target):
                    return
            elif answer is not None and answer.strip().lower() not in ("n", "no"):
                self.say("Keep playing.")
                return
        self.finished = True
