"""Forty Thieves' web piece (the page's half is ``static/thieves.js``).

Piles are named ``t0``..``t9`` (tableau), ``f0``..``f7`` (foundations),
``waste`` and ``deck`` in the API; words for people (hints, the last
move) count piles from 1 and name cards as they are read aloud (``7 of
hearts from tableau 4 to foundation 1``), as the page's names do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from gamestate.forty_thieves import BoardT, CategoryT, deal
from gamestate.forty_thieves.board import FOUNDATION_PILES, TABLEAU_PILES
from gamestate.forty_thieves.card_types import ACE, JACK, KING, QUEEN, CardT
from gamestate.forty_thieves.moves import DeckMove, Move, TabMove, WasteMove, describe

from ...forty_thieves import deal_numbers
from ...forty_thieves import savefile as ft_savefile
from ...forty_thieves.adapter import Effects, FortyThieves, past_play
from ...forty_thieves.commands import ToFoundation
from ...forty_thieves.text import hint_words
from ...session import MoveRefusedError, PastStep, Session
from .base import JSON, RefusedError, SavedGame, refused

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
    that takes the card (a double-click).
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


def _session_intent(intent: CardMove) -> Move | ToFoundation:
    """The session's intent for a card move; RefusedError when it names none."""
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


class FortyThievesGame(SavedGame):
    """Forty Thieves on a :class:`Session` of :class:`BoardT`."""

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
    ) -> None:
        # Refusals name cards in words too ("8 of diamonds cannot go on ...").
        session = Session(
            FortyThieves(spoken_card), board, seed, "", loaded=False, past=past
        )
        super().__init__(session, moves)

    @property
    def board(self) -> BoardT:
        model: BoardT = self.session.model
        return model

    @classmethod
    def new(cls, options: JSON) -> FortyThievesGame:
        seed = options.get("seed")
        seed = deal_numbers.draw() if seed is None else seed  # a readable number
        return cls(BoardT(deal(seed)), seed, 0)

    @classmethod
    def load(cls, text: str, source: str) -> FortyThievesGame:
        """The game a save holds with its undo history (format 2): the move
        counter is the history's length, as the terminal counts it."""
        board, seed, past = past_play(ft_savefile.loads_play(text, source))
        return cls(board, seed, len(past), past)

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
        }

    def _play(self, intent: CardMove) -> None:
        before = self.board.copy()
        try:
            moves = self.session.play(_session_intent(intent))
        except MoveRefusedError as error:
            raise refused(error, "target") from None
        move = moves[-1]
        names = _move_names(move)
        self.last = {
            "source": names.source,
            "target": names.target,
            "words": describe(move, before, spoken_card)
            + self._uncovered(names.source),
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
