"""One game of Forty Thieves being played, for the line mode and the full
screen alike: the board, the deal it came from, unlimited undo, where it
saves and whether quitting now would lose play.

The rules stay in :mod:`gamestate.forty_thieves`; a session only keeps the
history around them. It never prints and never reads input; it writes a
file only when asked to save.
"""

from __future__ import annotations

from typing import NamedTuple

from gamestate.forty_thieves import BoardT, deal
from gamestate.forty_thieves.moves import (
    CardText,
    Move,
    apply,
    auto_finish,
    foundation_move,
    safe_move,
    why_invalid,
    why_no_foundation,
)

from . import savefile

HINT_BUDGET_MS = 300
"""How long the thoughtful solver's hint searches (it knows the deck's
order; bench/forty_thieves_solver.py times it). The game's hint is the fair
one, :func:`gamestate.forty_thieves.fair.fair_hint`, with its own budget."""


class Step(NamedTuple):
    """What one undo takes back: the position and deal before it, and the
    moves it made (one move; the safe cards played together; none for a
    new deal)."""

    before: BoardT
    seed: int
    moves: tuple[Move, ...]


class Session:
    """A game in play: ``board`` dealt from ``seed``, saved to ``save_target``."""

    def __init__(
        self, board: BoardT, seed: int, save_target: str, *, saved: bool
    ) -> None:
        """``saved``: whether ``save_target`` already holds this position."""
        self.board = board
        self.seed = seed
        self.save_target = save_target
        self.history: list[Step] = []
        """Every step taken, the last one last."""
        self.saved_position = board.copy() if saved else None
        """The position in ``save_target``, if this game was saved there."""

    @classmethod
    def new(cls, seed: int, save_target: str) -> Session:
        """A fresh deal of ``seed``, not saved yet."""
        return cls(BoardT(deal(seed)), seed, save_target, saved=False)

    @classmethod
    def load(cls, path: str) -> Session:
        """The game saved at ``path``, its undo history and move counter
        with it; raise SaveFileError naming what is wrong."""
        board, seed, history = savefile.load_play(path)
        session = cls(board, seed, path, saved=True)
        session.history = [Step(step.before, seed, step.moves) for step in history]
        return session

    def play(self, move: Move, card_text: CardText = str) -> str | None:
        """Make ``move``; None when done, else why the rules refuse it (and
        nothing changed)."""
        reason = why_invalid(self.board, move, card_text)
        if reason is not None:
            return reason
        before = self.board.copy()
        apply(self.board, move)
        self.history.append(Step(before, self.seed, (move,)))
        return None

    def to_foundation(self, n0: int | None, card_text: CardText = str) -> str | None:
        """Move the top of tableau ``n0`` (None: the waste) to the first
        foundation that takes it; None when done, else why none does."""
        move = foundation_move(self.board, n0)
        if move is None:
            return why_no_foundation(self.board, n0, card_text)
        return self.play(move)

    def play_safe(self) -> tuple[Move, ...]:
        """Play every safe card to the foundations (the model's safe_move,
        again and again) as one step; return the moves (none: nothing).
        Once every card can go home (:attr:`can_finish`), every card is
        safe: this plays the game out."""
        before = self.board.copy()
        moves = list(auto_finish(self.board))
        for finishing in moves:
            apply(self.board, finishing)
        while (move := safe_move(self.board)) is not None:
            apply(self.board, move)
            moves.append(move)
        if moves:
            self.history.append(Step(before, self.seed, tuple(moves)))
        return tuple(moves)

    def new_deal(self, seed: int) -> None:
        """Start the deal of ``seed``; undo brings this game back."""
        self.history.append(Step(self.board, self.seed, ()))
        self.board = BoardT(deal(seed))
        self.seed = seed

    def undo(self) -> Step | None:
        """Take back the last step; return it, or None when there is none."""
        if not self.history:
            return None
        step = self.history.pop()
        self.board, self.seed = step.before.copy(), step.seed
        return step

    def save(self) -> None:
        """Save to ``save_target`` with this deal's undo history; raise
        OSError (and the old file stays)."""
        history = [step.moves for step in self.deal_history()]
        savefile.save(self.board, self.seed, self.save_target, history)
        self.saved_position = self.board.copy()

    def deal_history(self) -> list[Step]:
        """The steps of this deal: those after the last new deal."""
        deals = [n for n, step in enumerate(self.history) if not step.moves]
        return self.history[deals[-1] + 1 :] if deals else list(self.history)

    @property
    def moves(self) -> int:
        """The move counter: the steps taken in this deal (a step of ``a``
        counts once), as undo would take them back."""
        return len(self.deal_history())

    @property
    def won(self) -> bool:
        return self.board.is_win_state()

    @property
    def can_finish(self) -> bool:
        """Every card left can go home without a choice (the model's
        auto_finish): the front ends offer to play it out."""
        return bool(auto_finish(self.board))

    @property
    def stuck(self) -> bool:
        """No move left (the model's valid_mv_exists) and not won."""
        return not self.board.valid_mv_exists() and not self.won

    @property
    def unsaved(self) -> bool:
        """Whether quitting now would lose play: the position is not the one
        saved, or (never saved) moves were made since the deal, which
        ``--seed`` alone deals again."""
        if self.saved_position is None:
            return bool(self.history)
        return self.board != self.saved_position
