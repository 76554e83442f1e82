"""Forty Thieves on the shared session (playmanager.forty_thieves.adapter):
its intents, refusals, undo and whether quitting would lose anything."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamestate.forty_thieves import BoardT, CategoryT, deal
from gamestate.forty_thieves.moves import DeckMove, TabMove
from playmanager.forty_thieves.adapter import (
    PLAY_SAFE,
    Effects,
    FortyThieves,
    Intent,
)
from playmanager.forty_thieves.commands import ToFoundation
from playmanager.forty_thieves.savefile import load
from playmanager.session import MoveRefusedError, Session

from .forty_thieves_helpers import position

T, F = CategoryT.Tableau, CategoryT.Foundation


def session_of(
    board: BoardT, seed: int = 0, target: str = "unused", **adapter: object
) -> Session[BoardT, Intent, Effects]:
    return Session(FortyThieves(**adapter), board, seed, target, loaded=False)  # type: ignore[arg-type]


def test_undo_walks_back_every_move() -> None:
    session = session_of(BoardT(deal(9)), 9)
    boards = [session.model.copy()]
    for _ in range(5):
        assert session.play(DeckMove()) == (DeckMove(),)
        boards.append(session.model.copy())
    while len(boards) > 1:
        assert session.model == boards.pop()
        assert session.undo()
    assert session.model == boards.pop()
    assert not session.undo()


def test_a_refused_move_changes_nothing_and_is_not_undoable() -> None:
    session = session_of(position(tableau={0: "7S", 1: "9H"}))
    before = session.model.copy()
    with pytest.raises(MoveRefusedError) as refused:
        session.play(TabMove(T, 0, 1))
    assert str(refused.value) == "7S cannot go on 9H: tableau piles build down in suit"
    assert session.model == before and session.undo_depth == 0


def test_to_foundation_finds_the_foundation() -> None:
    session = session_of(position(tableau={0: "9D 2S"}, foundation={3: "AS"}))
    session.play(ToFoundation(0))
    assert session.model.get_foundation(3).size() == 2
    session.adapter.card_text = lambda card: "?"  # type: ignore[attr-defined]
    with pytest.raises(MoveRefusedError) as refused:
        session.play(ToFoundation(0))
    assert str(refused.value) == "no foundation takes ?: " + (
        "foundations build up in suit from the Ace"
    )


def test_changed_means_quitting_would_lose_play(tmp_path: Path) -> None:
    session = session_of(BoardT(deal(9)), 9, str(tmp_path / "game"))
    assert not session.changed  # a fresh deal: --seed deals it again
    session.play(DeckMove())
    assert session.changed
    session.save()
    assert not session.changed
    assert load(session.save_target).board == session.model
    session.play(DeckMove())
    assert session.changed
    session.undo()
    assert not session.changed  # back to the saved position


def test_a_new_deal_can_be_undone() -> None:
    session = session_of(BoardT(deal(9)), 9)
    session.play(DeckMove())
    played = session.model.copy()
    assert session.new_game() == 10
    assert session.model == BoardT(deal(10))
    assert not session.changed  # a fresh deal
    assert session.undo()
    assert session.model == played and session.seed == 9


def test_play_safe_plays_every_safe_card_as_one_step() -> None:
    board = position(
        tableau={0: "3H AH", 1: "2H", 2: "9C AH", 3: "2H"}, foundation={}, rest=9
    )
    session = session_of(board.copy())
    moves = session.play(PLAY_SAFE)
    # AH, 2H, the other AH and 2H; then 3H: both 2H are home, so nothing
    # can go on it any more; 9C stays (8C is not home).
    assert len(moves) == 5
    assert session.model.get_tab(0).size() == 0
    assert [session.model.get_foundation(n).size() for n in range(3)] == [3, 2, 0]
    assert session.undo_depth == 1
    with pytest.raises(MoveRefusedError):
        session.play(PLAY_SAFE)
    assert session.undo_depth == 1
    session.undo()
    assert session.model == board
