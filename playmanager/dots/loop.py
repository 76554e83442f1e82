"""Dots in the line mode: the MIS's Controller and View over text streams.

Each turn prints ``> ``, reads a line and acts on it. A line that starts
with a digit, ``(`` or ``[`` is a path (:mod:`.paths`), played through the
session and shown by :meth:`.controller.Controller.update_view` (the
grid and status); a refused path prints the model's one-line reason and
changes nothing. The shared controls (save, undo, hint, autoplay, new
game, help, quit), their questions and their words are every line mode's
(:mod:`playmanager.line_mode`). The game goes on after a win or a loss,
so that the player can undo, save or play again. This module never
decides a rule: the model does.
"""

from __future__ import annotations

from typing import Final, TextIO

from gamestate.dots import GameBoardT

from .. import messages as shared_messages
from ..line_mode import LineMode
from ..session import Session
from ..terminal import PLAIN, Terminal
from . import messages
from .adapter import DotsEffects, Path
from .controller import Controller
from .paths import PathTextError, parse_path
from .view import Palette, View

_PATH_START: Final = "0123456789(["


class LineGame(LineMode[GameBoardT, Path, DotsEffects]):
    """Dots over three streams: the MIS's View prints the grid and status."""

    def __init__(
        self,
        session: Session[GameBoardT, Path, DotsEffects],
        *,
        stdin: TextIO,
        stdout: TextIO,
        stderr: TextIO,
        rescue_folder: str,
        palette: Palette | None = None,
        terminal: Terminal = PLAIN,
    ) -> None:
        super().__init__(
            session,
            stdin=stdin,
            stdout=stdout,
            stderr=stderr,
            rescue_folder=rescue_folder,
            terminal=terminal,
        )
        self.view = View(stdout, palette, terminal.text_width)

    @property
    def game(self) -> GameBoardT:
        return self.session.model

    def play(self, greeting: str = "") -> int:
        if greeting:
            self.say(greeting)
        self.say(
            f"Dots, seed {self.game.level.seed}: {messages.level_text(self.game)}."
        )
        self.say(messages.RULES)
        if self.game.squares:
            self.say(messages.SQUARES_RULE)
        self.say(messages.TYPE_A_PATH)
        return super().play()

    def game_line(self, line: str) -> None:
        if line[0] not in _PATH_START:
            word = line.split()[0]
            self.say(shared_messages.unknown_command(word))
            return
        try:
            path = parse_path(line)
        except PathTextError as error:
            self.say(shared_messages.sentence(str(error)))
            return
        self.play_move(tuple((row, col) for row, col in path))

    def moved(self, intent: Path, effects: DotsEffects) -> None:
        if effects.square:
            self.say(messages.square_text(effects.colour))

    def new_game(self) -> None:
        seed = self.session.new_game()
        self.say(self.session.adapter.new_game_message(seed))
        self.say(f"Dots, seed {seed}: {messages.level_text(self.game)}.")
        self.show()

    def show(self) -> None:
        Controller(self.game, self.view).update_view()
        ended = messages.ending(self.game)
        if ended is not None:
            self.say(ended.line())
            self.say(shared_messages.ended_keys("game"))

    def hint_text(self, intent: Path) -> str:
        return messages.hint_text(self.game, list(intent))

    def help_lines(self) -> tuple[str, ...]:
        lines = [messages.RULES]
        if self.game.squares:
            lines.append(messages.SQUARES_RULE)
        return (*lines, *messages.HELP)
