"""playmanager.forty_thieves.session: a game in play, its undo history and
whether quitting would lose anything."""

from __future__ import annotations

from pathlib import Path

from gamestate.forty_thieves import BoardT, CategoryT, deal
from gamestate.forty_thieves.moves import DeckMove, TabMove
from playmanager.forty_thieves.savefile import load
from playmanager.forty_thieves.session import Session

from .forty_thieves_helpers import position

T, F = CategoryT.Tableau, CategoryT.Foundation


def test_undo_walks_back_every_move() -> None:
    session = Session.new(9, "unused")
    boards = [session.board.copy()]
    for _ in range(5):
        assert session.play(DeckMove()) is None
        boards.append(session.board.copy())
    assert session.history[-1].moves == (DeckMove(),)
    while len(boards) > 1:
        assert session.board == boards.pop()
        step = session.undo()
        assert step is not None and step.moves == (DeckMove(),)
    assert session.board == boards.pop()
    assert session.undo() is None


def test_a_refused_move_changes_nothing_and_is_not_undoable() -> None:
    session = Session(position(tableau={0: "7S", 1: "9H"}), 0, "unused", saved=False)
    before = session.board.copy()
    assert session.play(TabMove(T, 0, 1)) == (
        "7S cannot go on 9H: tableau piles build down in suit"
    )
    assert session.board == before and session.history == []


def test_to_foundation_finds_the_foundation() -> None:
    session = Session(
        position(tableau={0: "9D 2S"}, foundation={3: "AS"}), 0, "x", saved=False
    )
    assert session.to_foundation(0) is None
    assert session.board.get_foundation(3).size() == 2
    assert session.to_foundation(0, lambda card: "?") == "no foundation takes ?: " + (
        "foundations build up in suit from the Ace"
    )


def test_unsaved_means_quitting_would_lose_play(tmp_path: Path) -> None:
    session = Session.new(9, str(tmp_path / "game"))
    assert not session.unsaved  # a fresh deal: --seed deals it again
    session.play(DeckMove())
    assert session.unsaved
    session.save()
    assert not session.unsaved
    assert load(session.save_target).board == session.board
    session.play(DeckMove())
    assert session.unsaved
    session.undo()
    assert not session.unsaved  # back to the saved position


def test_a_new_deal_can_be_undone() -> None:
    session = Session.new(9, "unused")
    session.play(DeckMove())
    played = session.board.copy()
    session.new_deal(10)
    assert session.board == BoardT(deal(10))
    assert session.seed == 10
    assert session.unsaved
    step = session.undo()
    assert step is not None and step.moves == ()
    assert session.board == played and session.seed == 9


def test_play_safe_plays_every_safe_card_as_one_step() -> None:
    board = position(
        tableau={0: "3H AH", 1: "2H", 2: "9C AH", 3: "2H"}, foundation={}, rest=9
    )
    session = Session(board.copy(), 0, "unused", saved=False)
    moves = session.play_safe()
    # AH, 2H, the other AH and 2H; then 3H: both 2H are home, so nothing
    # can go on it any more; 9C stays (8C is not home).
    assert len(moves) == 5
    assert session.board.get_tab(0).size() == 0
    assert [session.board.get_foundation(n).size() for n in range(3)] == [3, 2, 0]
    assert len(session.history) == 1
    assert session.play_safe() == ()
    assert len(session.history) == 1
    session.undo()
    assert session.board == board
