"""Forty Thieves' web piece (the page's half is ``static/thieves.js``).

Piles are named ``t0``..``t9`` (tableau), ``f0``..``f7`` (foundations),
``waste`` and ``deck`` in the API; words for people (hints, the last
move) count piles from 1 and name cards as they are read aloud (``7 of
hearts from tableau 4 to foundation 1``), as the page's names do.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Final, NamedTuple

from gamestate.forty_thieves import BoardT, CategoryT, deal
from gamestate.forty_thieves.board import FOUNDATION_PILES, TABLEAU_PILES
from gamestate.forty_thieves.card_types import ACE, JACK, KING, QUEEN, CardT
from gamestate.forty_thieves.moves import (
    DeckMove,
    Move,
    TabMove,
    WasteMove,
    describe,
    safe_move,
)

from ...forty_thieves import savefile as ft_savefile
from ...forty_thieves.adapter import (
    PLAY_SAFE,
    Effects,
    FortyThieves,
    PlaySafe,
    past_play,
)
from ...forty_thieves.commands import ToFoundation
from ...forty_thieves.text import hint_words, played_safe
from ...options import draw_seed
from ...session import MoveRefusedError, PastStep, Session
from ...statistics import Result
from .base import DB_SOURCE, JSON, RefusedError, SavedGame, WebGame, refused

SPOKEN_RANKS: Final = {ACE: "ace", JACK: "jack", QUEEN: "queen", KING: "king"}


def spoken_card(card: CardT) -> str:
    """A card as words read aloud: ``7 of hearts``, ``ace of spades`` (the
    page names its cards alike; ``AH`` would be read "ah")."""
    rank = SPOKEN_RANKS.get(card.r, str(card.r))
    return f"{rank} of {card.s.name.lower()}s"


class CardMove(NamedTuple):
    """Forty Thieves: the top card of ``source`` onto ``target``.

    Piles are ``t0``..``t9`` (tableau), ``f0``..``f7`` (foundations),
    ``waste`` and ``deck``; the target ``home`` is the first foundation
    that takes the card (a double-click). The source ``safe`` with the
    target ``home`` is the terminal's ``a``: every safe card home, and the
    game played out once every card left can go.
    """

    source: str
    target: str


def _pile_of(text: str, field: str) -> tuple[CategoryT, int]:
    """The pile a name means: t0..t9, f0..f7, waste, deck."""
    if text == "waste":
        return CategoryT.Waste, 0
    if text == "deck":
        return CategoryT.Deck, 0
    kind, number = text[:1], text[1:]
    limits = {
        "t": (CategoryT.Tableau, TABLEAU_PILES),
        "f": (CategoryT.Foundation, FOUNDATION_PILES),
    }
    if kind in limits and number.isdigit() and len(number) == 1:
        category, count = limits[kind]
        if int(number) < count:
            return category, int(number)
    raise RefusedError(
        field,
        f"{field} must be t0 to t9, f0 to f7, waste or deck"
        + (" (or home)" if field == "target" else ""),
    )


def _pile_name(category: CategoryT, n: int) -> str:
    if category is CategoryT.Tableau:
        return f"t{n}"
    if category is CategoryT.Foundation:
        return f"f{n}"
    return str(category.value)


def _session_intent(intent: CardMove) -> Move | ToFoundation | PlaySafe:
    """The session's intent for a card move; RefusedError when it names none."""
    if intent.source == "safe":
        if intent.target != "home":
            raise RefusedError("target", "safe cards go home: the target is home")
        return PLAY_SAFE
    source, n0 = _pile_of(intent.source, "source")
    if source is CategoryT.Deck:
        if intent.target != "waste":
            raise RefusedError("target", "a card from the deck goes to the waste")
        return DeckMove()
    if source is CategoryT.Foundation:
        raise RefusedError("source", "a card on a foundation stays there")
    if intent.target == "home":
        return ToFoundation(None if source is CategoryT.Waste else n0)
    target, n1 = _pile_of(intent.target, "target")
    if target not in (CategoryT.Tableau, CategoryT.Foundation):
        raise RefusedError("target", "a card goes to a tableau pile or a foundation")
    if source is CategoryT.Waste:
        return WasteMove(target, n1)
    return TabMove(target, n0, n1)


def _move_names(move: Move) -> CardMove:
    if isinstance(move, DeckMove):
        return CardMove("deck", "waste")
    if isinstance(move, TabMove):
        return CardMove(f"t{move.n0}", _pile_name(move.c, move.n1))
    return CardMove("waste", _pile_name(move.c, move.n))


MAX_ELAPSED: Final = 10 * 365 * 24 * 3600
"""The most time played a browser save may carry (ten years)."""


def _is_elapsed(value: object) -> bool:
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and 0 <= value <= MAX_ELAPSED
    )


class FortyThievesGame(SavedGame):
    """Forty Thieves on a :class:`Session` of :class:`BoardT`, with the
    clock and the count its statistics need (:mod:`playmanager.web.tally`)."""

    kind = "forty-thieves"
    intent_kind = CardMove
    intent_tag = "cards"
    intent_words = "card move (source and target piles)"
    extension = "forty-thieves"
    keeps_history = True

    def __init__(
        self,
        board: BoardT,
        seed: int,
        moves: int,
        past: Sequence[PastStep[BoardT, Effects]] = (),
        *,
        from_file: bool = False,
    ) -> None:
        # Refusals name cards in words too ("8 of diamonds cannot go on ...").
        session = Session(
            FortyThieves(spoken_card), board, seed, "", loaded=False, past=past
        )
        super().__init__(session, moves)
        self.from_file = from_file
        """Loaded from a save: counted, but it sets no best time."""
        self.first_move: float | None = None
        """When the first move here was made (epoch seconds): the clock's start."""
        self.end_seconds: float | None = None
        """The clock when the game last ended (it stops there)."""
        self.counted = False

    @property
    def board(self) -> BoardT:
        model: BoardT = self.session.model
        return model

    @classmethod
    def new(cls, options: JSON) -> FortyThievesGame:
        seed = options.get("seed")
        seed = draw_seed() if seed is None else seed  # a readable number
        return cls(BoardT(deal(seed)), seed, 0)

    @classmethod
    def load(cls, text: str, source: str) -> FortyThievesGame:
        """The game a save holds with its undo history (format 2): the move
        counter is the history's length, as the terminal counts it."""
        board, seed, past = past_play(ft_savefile.loads_play(text, source))
        return cls(board, seed, len(past), past, from_file=True)

    def dump(self) -> JSON:
        return {**super().dump(), "clock": self._clock_fields()}

    @classmethod
    def from_step(cls, step: JSON, source: str) -> FortyThievesGame:
        """The step's game with its time played (``elapsed``): the clock
        goes on from there. A loaded game sets no best time, so a file's
        own figure is taken."""
        made = super().from_step(step, source)
        assert isinstance(made, FortyThievesGame)
        clock = step.get("clock")
        elapsed = clock.get("elapsed") if isinstance(clock, dict) else None
        if elapsed is None:
            return made
        if not _is_elapsed(elapsed):
            raise RefusedError(
                "text",
                f"{source}: clock elapsed must be seconds from 0 to {MAX_ELAPSED}",
            )
        made.first_move = time.time() - elapsed
        if made.finished():
            made.end_seconds = float(elapsed)
        return made

    @classmethod
    def restore(cls, dump: JSON) -> FortyThievesGame:
        made = cls.load(dump["save"], DB_SOURCE)
        made.restore_marks(dump)
        clock = dump.get("clock", {})  # none in a game stored before clocks
        made.from_file = bool(clock.get("from_file", True))
        made.first_move = clock.get("first_move")
        made.end_seconds = clock.get("end_seconds")
        made.counted = bool(clock.get("counted", False))
        count_made = clock.get("count_made")
        made.count_made = None if count_made is None else tuple(count_made)
        return made

    def _clock_fields(self) -> JSON:
        return {
            "elapsed": None if self.first_move is None else round(self.seconds(), 3),
            "from_file": self.from_file,
            "first_move": self.first_move,
            "end_seconds": self.end_seconds,
            "counted": self.counted,
            "count_made": self.count_made,
        }

    def carry_over(self, before: WebGame) -> None:
        """The clock runs on through undo, and a game counted stays counted."""
        if isinstance(before, FortyThievesGame):
            self.from_file, self.first_move = before.from_file, before.first_move
            self.end_seconds, self.counted = before.end_seconds, before.counted
            self.count_made = before.count_made

    def seconds(self) -> float:
        """Seconds of play here: from the first move, stopped at the end."""
        if self.first_move is None:
            return 0.0
        if self.finished() and self.end_seconds is not None:
            return self.end_seconds
        return max(0.0, time.time() - self.first_move)

    def uncount(self) -> None:
        self.counted = False

    def count_now(self) -> Result | None:
        if self.first_move is None or self.counted:
            return None
        self.counted = True
        return Result(self.board.is_win_state(), None, self.seconds(), self.from_file)

    def view(self) -> JSON:
        board = self.board
        won = board.is_win_state()
        return {
            "seed": str(self.session.seed),
            "tableau": [list(map(str, board.get_tab(n))) for n in range(TABLEAU_PILES)],
            "foundations": [
                list(map(str, board.get_foundation(n))) for n in range(FOUNDATION_PILES)
            ],
            "deck": board.get_deck().size(),
            "waste": list(map(str, board.get_waste())),
            "moves": self.moves,
            "won": won,
            "stuck": not won and not board.valid_mv_exists(),
            "last": self.last,
            "safe": not won
            and (safe_move(board) is not None or FortyThieves.can_finish(board)),
        }

    def clock(self) -> JSON:
        return {
            "started": self.first_move,
            "stopped": self.end_seconds if self.finished() else None,
        }

    def _play(self, intent: CardMove) -> None:
        before = self.board.copy()
        try:
            moves = self.session.play(_session_intent(intent))
        except MoveRefusedError as error:
            raise refused(error, "target") from None
        if self.first_move is None:
            self.first_move = time.time()
        if self.finished():
            self.end_seconds = time.time() - self.first_move
        names = [_move_names(move) for move in moves]
        self.last = {
            "source": names[-1].source,
            "target": names[-1].target,
            "moves": [[name.source, name.target] for name in names],
            "words": (
                describe(moves[0], before, spoken_card)
                + self._uncovered(names[0].source)
                if len(moves) == 1
                else played_safe(moves)
            ),
        }

    def _uncovered(self, source: str) -> str:
        """What a move left on top of its source pile, said after the move
        (a screen reader does not see the card turn up)."""
        if source == "deck":
            return ""
        cards = list(
            self.board.get_waste()
            if source == "waste"
            else self.board.get_tab(int(source[1:]))
        )
        if not cards:
            return "; the pile it left is empty"
        return f"; {spoken_card(cards[-1])} is uncovered"

    def _web_intent(self, intent: Move) -> tuple[CardMove, str]:
        return _move_names(intent), hint_words(intent, self.board, spoken_card)
