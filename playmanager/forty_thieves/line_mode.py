"""Forty Thieves in the line mode: a board, a prompt, one command a line.

The moves are typed as in :mod:`.commands` (``3 7``, ``w f``, ``d``, ``a``
for every safe card); the shared controls (save, undo, hint, autoplay, new
deal, help, quit) and their questions and words are every line mode's
(:mod:`playmanager.line_mode`). The rules stay in
:mod:`gamestate.forty_thieves`.
"""

from __future__ import annotations

from gamestate.forty_thieves import BoardT
from gamestate.forty_thieves.moves import CardText, Move

from .. import messages
from ..line_mode import LineMode
from ..rules_text import forty_thieves_rules
from . import text
from .adapter import PLAY_SAFE, Effects, FortyThieves, Intent
from .commands import Action, FromFoundation, parse


class LineGame(LineMode[BoardT, Intent, Effects]):
    """Forty Thieves over three streams, ``card_text`` writing the cards."""

    card_text: CardText = str

    def game_line(self, line: str) -> None:
        command = parse(line)
        if command is None:
            self.say(messages.unknown_command(line))
        elif isinstance(command, FromFoundation):
            self.say(text.FOUNDATION_STAYS)
        else:
            self.play_move(PLAY_SAFE if command is Action.SAFE else command)

    def moved(self, intent: Intent, effects: Effects) -> None:
        if intent is PLAY_SAFE:
            self.say(text.played_safe(effects) + ".")

    def show(self) -> None:
        self.say(
            "\n" + text.board_text(self.session.model, self.card_text).rstrip("\n")
        )
        if self.session.ended:
            won = self.session.model.is_win_state()
            self.say((text.WON if won else text.NO_MOVE_LEFT).rstrip("\n"))
            self.say(messages.ended_keys("deal"))
        elif FortyThieves.can_finish(self.session.model):
            self.say(text.CAN_FINISH.rstrip("\n"))

    def hint_text(self, intent: Intent) -> str:
        if not isinstance(intent, Move):  # pragma: no cover (the solver gives moves)
            return str(intent)
        return text.hint(intent, self.session.model, self.card_text)

    def help_lines(self) -> tuple[str, ...]:
        return (*forty_thieves_rules(self.card_text), "", *text.help_lines())
