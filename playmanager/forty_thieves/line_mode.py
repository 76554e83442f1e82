"""The Forty Thieves line mode: the board, a prompt, one command a line.

Each turn prints the board (when it changed) and ``> ``, reads a line
and acts on it
(:mod:`.commands`); every string comes from :mod:`.text`. A move the
rules refuse prints one line saying why and changes nothing; a line that
is no command prints the help. A win prints the win line and ends the
game; a position with no move left says so and waits for undo or quit.
``q`` with unsaved moves asks once more; the end of input always quits.
Exit status 0.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from gamestate.forty_thieves.moves import CardText, Move

from ..loop import read_lines
from ..messages import cannot_save
from ..storage import describe_os_error
from . import text
from .commands import Action, FromFoundation, ToFoundation, parse
from .session import Session

Hinter = Callable[[Session], Move | None]
"""What the hint command asks: a good move for the session's board, or None."""


class LineGame:
    """The line mode over a session and three streams."""

    def __init__(
        self,
        session: Session,
        stdin: TextIO,
        stdout: TextIO,
        stderr: TextIO,
        *,
        card_text: CardText,
        hinter: Hinter,
    ) -> None:
        self.session = session
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.card_text = card_text
        self.hinter = hinter
        self.quit_asked = False

    def play(self) -> int:
        """Play until a win, ``q`` or the end of input; return 0."""
        lines = read_lines(self.stdin)
        shown = None
        while True:
            if shown != self.session.board:  # the board only when it changed
                shown = self.session.board.copy()
                self.show_board()
                if self.session.won:
                    self.write(text.WON)
                    return 0
                if self.session.stuck:
                    self.write(text.NO_MOVE_LEFT)
                elif self.session.can_finish:
                    self.write(text.CAN_FINISH)
            self.write(text.PROMPT)
            line = next(lines, None)
            if line is None:
                self.write("\n")
                return 0
            if not self.handle(line):
                return 0

    def handle(self, line: str) -> bool:
        """Act on one line; False when the player quits."""
        command = parse(line)
        asked, self.quit_asked = self.quit_asked, command is Action.QUIT
        if command is Action.QUIT:
            if asked or not self.session.unsaved:
                return False
            self.write(text.UNSAVED_QUIT)
        elif command is None or command is Action.HELP:
            self.write(text.help_text())
        elif command is Action.UNDO:
            self.undo()
        elif command is Action.HINT:
            self.hint()
        elif command is Action.SAVE:
            self.save()
        elif command is Action.SAFE:
            self.write(text.played_safe(self.session.play_safe()))
        elif isinstance(command, FromFoundation):
            self.write(text.refused(text.FOUNDATION_STAYS))
        else:
            self.move(command)
        return True

    def move(self, command: Move | ToFoundation) -> None:
        if isinstance(command, ToFoundation):
            reason = self.session.to_foundation(command.n0, self.card_text)
        else:
            reason = self.session.play(command, self.card_text)
        if reason is not None:
            self.write(text.refused(reason))

    def undo(self) -> None:
        step = self.session.undo()
        if step is None:
            self.write(text.NOTHING_TO_UNDO)
        else:
            self.write(text.undone(step.moves, self.session.board, self.card_text))

    def hint(self) -> None:
        move = self.hinter(self.session)
        if move is None:
            self.write(text.NO_HINT)
        else:
            self.write(text.hint(move, self.session.board, self.card_text))

    def save(self) -> None:
        """Save; on failure say why on stderr and play on."""
        try:
            self.session.save()
        except OSError as error:
            self.stdout.flush()
            self.stderr.write(
                cannot_save(self.session.save_target, describe_os_error(error))
            )
            self.stderr.flush()
            return
        self.write(text.saved(self.session.save_target))

    def show_board(self) -> None:
        self.write("\n" + text.board_text(self.session.board, self.card_text))

    def write(self, message: str) -> None:
        self.stdout.write(message)
        self.stdout.flush()
