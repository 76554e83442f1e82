"""Forty Thieves for the session (:mod:`playmanager.session`).

An intent is a model :class:`~gamestate.forty_thieves.moves.Move`, a
:class:`ToFoundation` (the top of a pile to whichever foundation takes
it) or :data:`PLAY_SAFE` (every safe card to the foundations, one step;
once every card left can go home, the game played out); the effects are
the moves made. The rules stay in :mod:`gamestate.forty_thieves`.

The hint is the fair one (:func:`gamestate.forty_thieves.fair.fair_hint`):
it sees only what the player sees, never the deck's order, and so does
the session's autoplay, which plays the hint.

The save keeps the undo history (format 2): the effects of each move of
the session's past are its moves, which is all the save's ``history``
line needs, so :meth:`FortyThieves.save_play` writes them and
:meth:`FortyThieves.load_play` gives them back with the position before
each step. The session stays game-agnostic: it only hands the effects.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TypeAlias

from gamestate.forty_thieves import BoardT, deal
from gamestate.forty_thieves.board import FOUNDATION_PILES
from gamestate.forty_thieves.moves import (
    CardText,
    Move,
    apply,
    auto_finish,
    foundation_move,
    legal_moves,
    safe_move,
    why_invalid,
    why_no_foundation,
)

from ..messages import NEW_DEAL_SUMMARY, NO_MOVE_LEFT, count, new_deal
from ..session import GameAdapter, MoveRefusedError, PastStep
from . import deal_numbers, savefile
from .commands import ToFoundation

NO_SAFE_CARD = "No card is safe to play to the foundations now"
NO_PROGRESS_LEFT = "no move brings a card home or opens the stock"
"""Why the hint has no move while valid ones that repeat nothing are left:
none starts a path to progress the hint finds
(:func:`gamestate.forty_thieves.fair.onward_moves`)."""
ONLY_REPEATS = "every move left goes back to an earlier position"

HINT_BUDGET_MS = 300
"""How long the thoughtful solver's hint searches (it knows the deck's
order; bench/forty_thieves_solver.py times it). The game's hint is the fair
one, :func:`gamestate.forty_thieves.fair.fair_hint`, with its own budget."""


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
        self,
        card_text: CardText = str,
        *,
        hint_nodes: int | None = None,
    ) -> None:
        """``hint_nodes``, when given, bounds each fair hint's sampled
        searches instead of :func:`gamestate.forty_thieves.fair.decide`'s
        node and time budgets: tests and benches pass it, so that hints
        are quick and never depend on the clock."""
        self.card_text = card_text
        self.hint_nodes = hint_nodes

    def new_model(self, seed: int) -> BoardT:
        return BoardT(deal(seed))

    def next_seed(self, seed: int) -> int:
        return deal_numbers.following(seed)

    new_game_summary = NEW_DEAL_SUMMARY

    def new_game_words(self, seed: int) -> str:
        return new_deal(seed)

    def describe(self, model: BoardT, seed: int, moves: int) -> str:
        """Its deal, the moves its file keeps and the cards home."""
        return (
            f"Forty Thieves deal {seed}, {count(moves, 'move')}, "
            f"{count(cards_home(model), 'card')} home"
        )

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
        """Every safe card home; once every card left can go home
        (:func:`auto_finish`), every card is safe: the game is played out."""
        moves = list(auto_finish(model))
        for finishing in moves:
            apply(model, finishing)
        while (move := safe_move(model)) is not None:
            apply(model, move)
            moves.append(move)
        if not moves:
            raise MoveRefusedError(NO_SAFE_CARD)
        return tuple(moves)

    def hint(self, model: BoardT) -> Move | None:
        """The fair hint: what the player sees only, never the deck's order."""
        return self.hint_onward(model, ())

    def hint_onward(self, model: BoardT, earlier: Sequence[BoardT]) -> Move | None:
        """The fair hint, never a move back to a position the player has
        seen in this game (a card moved back and forth between two piles),
        and only on a path to progress (a card home or dealt) found within
        a small search (:func:`gamestate.forty_thieves.fair.onward_moves`):
        autoplay, which plays it, stops at once when none is left."""
        from gamestate.forty_thieves.fair import (  # big
            decide,
            moves_without_progress,
            visible_key,
        )

        positions = (*earlier, model)
        seen = frozenset(map(visible_key, positions))
        without_progress = moves_without_progress(positions)
        if self.hint_nodes is None:
            decision = decide(model, seen=seen, without_progress=without_progress)
        else:
            decision = decide(
                model,
                max_nodes=self.hint_nodes,
                budget_ms=None,
                seen=seen,
                without_progress=without_progress,
            )
        return None if decision is None else decision.move

    def why_no_hint(self, model: BoardT, earlier: Sequence[BoardT]) -> str:
        """No hint while valid moves exist: each goes back to a position
        this game had, which a hint never does (it could only loop), or
        none starts a path to progress."""
        from gamestate.forty_thieves.fair import leads_elsewhere, visible_key

        moves = legal_moves(model)
        if not moves:
            return NO_MOVE_LEFT
        seen = frozenset(map(visible_key, (*earlier, model)))
        if any(leads_elsewhere(model, move, seen) for move in moves):
            return NO_PROGRESS_LEFT
        return ONLY_REPEATS

    @staticmethod
    def can_finish(model: BoardT) -> bool:
        """Every card left can go home without a choice: the front ends
        offer to play it out (``a``)."""
        return bool(auto_finish(model))

    def ended(self, model: BoardT) -> bool:
        return model.is_win_state() or not model.valid_mv_exists()

    def save_text(self, model: BoardT, seed: int) -> str:
        return savefile.dumps(model, seed)

    def load(self, path: str) -> tuple[BoardT, int]:
        board, seed = savefile.load(path)
        return board, seed

    def save_play(self, model: BoardT, seed: int, past: Sequence[Effects]) -> str:
        return savefile.dumps(model, seed, past)

    def load_play(
        self, path: str
    ) -> tuple[BoardT, int, Sequence[PastStep[BoardT, Effects]]]:
        return past_play(savefile.load_play(path))


def cards_home(model: BoardT) -> int:
    """The cards on the foundations (104 when won): the game's score."""
    return sum(model.get_foundation(i).size() for i in range(FOUNDATION_PILES))


def past_play(
    saved: savefile.SavedPlay,
) -> tuple[BoardT, int, Sequence[PastStep[BoardT, Effects]]]:
    """A save with its history, as the session takes it."""
    past = [PastStep(step.before, step.moves) for step in saved.history]
    return saved.board, saved.seed, past
