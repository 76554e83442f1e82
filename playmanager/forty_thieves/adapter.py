"""Forty Thieves for the session (:mod:`playmanager.session`).

An intent is a model :class:`~gamestate.forty_thieves.moves.Move`, a
:class:`ToFoundation` (the top of a pile to whichever foundation takes
it) or :data:`PLAY_SAFE` (every safe card to the foundations, one step);
the effects are the moves made. The rules stay in
:mod:`gamestate.forty_thieves`.
"""

from __future__ import annotations

import enum
from typing import NamedTuple, TypeAlias

from gamestate.forty_thieves import BoardT, deal
from gamestate.forty_thieves.moves import (
    CardText,
    Move,
    apply,
    foundation_move,
    safe_move,
    why_invalid,
    why_no_foundation,
)

from ..session import GameAdapter, MoveRefusedError
from . import savefile

NO_SAFE_CARD = "No card is safe to play to the foundations now"

HINT_BUDGET_MS = 300
"""How long a hint may search: the issue asks for an answer within 0.5 s."""


class ToFoundation(NamedTuple):
    """Move the top of tableau ``n0`` (None: the waste) to the first
    foundation that takes it."""

    n0: int | None


class PlaySafe(enum.Enum):
    """Play every safe card to the foundations, as one step."""

    PLAY_SAFE = "play safe"


PLAY_SAFE = PlaySafe.PLAY_SAFE
Intent: TypeAlias = Move | ToFoundation | PlaySafe
Effects: TypeAlias = tuple[Move, ...]
"""The moves one intent made (several for PLAY_SAFE)."""


class FortyThieves(GameAdapter[BoardT, Intent, Effects]):
    """Forty Thieves deals; ``card_text`` names cards in refusals."""

    name = "forty-thieves"
    rescue_name = "rescued.forty-thieves"

    def __init__(
        self, card_text: CardText = str, hint_ms: float = HINT_BUDGET_MS
    ) -> None:
        self.card_text = card_text
        self.hint_ms = hint_ms

    def new_model(self, seed: int) -> BoardT:
        return BoardT(deal(seed))

    def copy(self, model: BoardT) -> BoardT:
        return model.copy()

    def play(self, model: BoardT, intent: Intent) -> Effects:
        if isinstance(intent, PlaySafe):
            return self._play_safe(model)
        if isinstance(intent, ToFoundation):
            move = foundation_move(model, intent.n0)
            if move is None:
                raise MoveRefusedError(
                    why_no_foundation(model, intent.n0, self.card_text)
                )
            intent = move
        reason = why_invalid(model, intent, self.card_text)
        if reason is not None:
            raise MoveRefusedError(reason)
        apply(model, intent)
        return (intent,)

    @staticmethod
    def _play_safe(model: BoardT) -> Effects:
        moves = []
        while (move := safe_move(model)) is not None:
            apply(model, move)
            moves.append(move)
        if not moves:
            raise MoveRefusedError(NO_SAFE_CARD)
        return tuple(moves)

    def hint(self, model: BoardT) -> Move | None:
        from gamestate.forty_thieves.solver import hint  # only when asked: it is big

        return hint(model, budget_ms=self.hint_ms)

    def ended(self, model: BoardT) -> bool:
        return model.is_win_state() or not model.valid_mv_exists()

    def save_text(self, model: BoardT, seed: int) -> str:
        return savefile.dumps(model, seed)

    def load(self, path: str) -> tuple[BoardT, int]:
        board, seed = savefile.load(path)
        return board, seed
