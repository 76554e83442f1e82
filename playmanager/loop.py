"""The line-mode play loop: Game2048.java over text streams.

Every turn, while the game is not over, prints the board and ``> ``, reads
one line and acts on it; then prints the final board and ``Game Over!``.
Input lines are what Java's ``Scanner.nextLine()`` returns: only the line
terminator is removed, and Java's terminators are ``\\r\\n``, ``\\n``,
``\\r``, U+0085, U+2028 and U+2029. A line's length is Java's
``String.length()``, in UTF-16 code units, so one emoji is two characters.

Where Java crashes we stay graceful: the end of input ends the game as
``q`` does, and a save that fails prints one line on stderr while the game
goes on. The rules stay in :mod:`gamestate`; this module only moves them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final, TextIO

from gamestate import GameState

from . import messages, savefile
from .commands import Action, command_for

_LINE_END: Final = re.compile("\r\n|[\n\r\u0085\u2028\u2029]")


def read_lines(stream: TextIO) -> Iterator[str]:
    """Yield the lines of ``stream`` without their terminators, lazily.

    A last line with no terminator is still a line, as in Java. ``readline``
    never splits a ``\\r\\n`` pair (a stream opened with ``newline=""`` peeks
    past the ``\\r``), so splitting each piece again is enough.
    """
    while piece := stream.readline():
        lines = _LINE_END.split(piece)
        if lines[-1] == "":
            lines.pop()
        yield from lines


def java_length(line: str) -> int:
    """Return ``line.length()`` as Java counts it: UTF-16 code units."""
    if line.isascii():
        return len(line)
    return len(line.encode("utf-16-le", "surrogatepass")) // 2


class LineGame:
    """One game in the line mode: the model, where ``o`` saves, and streams."""

    def __init__(
        self,
        game: GameState,
        save_target: str,
        stdin: TextIO,
        stdout: TextIO,
        stderr: TextIO,
    ) -> None:
        self.game = game
        self.save_target = save_target
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr

    def play(self) -> int:
        """Run the loop until the game is over, ``q`` or the end of input.

        Returns the exit status: 0.
        """
        lines = read_lines(self.stdin)
        while not self.game.isGameOver():
            self.stdout.write(self.game.toString() + messages.PROMPT)
            self.stdout.flush()
            line = next(lines, None)
            if line is None or not self.handle(line):
                return 0
        self.stdout.write(self.game.toString() + messages.GAME_OVER)
        self.stdout.flush()
        return 0

    def handle(self, line: str) -> bool:
        """Act on one input line; return False when the player quits."""
        if java_length(line) != 1:
            self.stdout.write(messages.ONE_CHAR)
            return True
        command = command_for(line)
        if command is None:
            self.stdout.write(messages.possible_commands())
        elif command is Action.QUIT:
            return False
        elif command is Action.SAVE:
            self.save()
        else:
            self.game.move(command)
        return True

    def save(self) -> None:
        """Save to the save target; on failure say why and play on."""
        try:
            savefile.save(self.game, self.save_target)
        except OSError as error:
            self.stdout.flush()
            reason = savefile.describe_os_error(error)
            self.stderr.write(messages.cannot_save(self.save_target, reason))
            self.stderr.flush()
            return
        self.stdout.write(messages.saved(self.save_target))
