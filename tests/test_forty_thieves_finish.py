"""Auto-finish (gamestate.forty_thieves.moves.auto_finish)."""

from __future__ import annotations

import io
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate.forty_thieves import BoardT, CategoryT
from gamestate.forty_thieves.moves import DeckMove, apply, auto_finish, is_valid
from playmanager.cli import main
from playmanager.forty_thieves import savefile, text
from playmanager.forty_thieves.adapter import FortyThieves
from playmanager.forty_thieves.tui.controller import Controller
from playmanager.session import Session

from .forty_thieves_helpers import played, position

F = CategoryT.Foundation
SUITS = "HDCS"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def suit_run(suit: str, upto: int) -> str:
    """``AH 2H ... `` up to rank ``upto`` (1-13)."""
    return " ".join(rank + suit for rank in RANKS[:upto])


def finishing_position(swap: bool = False) -> BoardT:
    """Every foundation full but the Kings and Queens of hearts, which sit
    in the tableau (K under Q, so both go home in order), or with ``swap``
    each Q under a K (which blocks them: a K must move aside first)."""
    foundation = {n: suit_run(SUITS[n % 4], 13) for n in range(8)}
    foundation[0] = foundation[4] = suit_run("H", 11)
    pile = "QH KH" if swap else "KH QH"
    return position(tableau={0: pile, 1: pile}, foundation=foundation, rest=2)


def test_the_finish_plays_every_card_home() -> None:
    board = finishing_position()
    moves = auto_finish(board)
    assert len(moves) == 4
    assert all(not isinstance(move, DeckMove) and move.c is F for move in moves)
    for move in moves:
        assert is_valid(board, move)
        apply(board, move)
    assert board.is_win_state()


def test_no_finish_while_a_card_blocks_another() -> None:
    assert auto_finish(finishing_position(swap=True)) == ()


def test_no_finish_while_the_deck_hides_cards() -> None:
    foundation = {n: suit_run(SUITS[n % 4], 13) for n in range(8)}
    foundation[0] = suit_run("H", 12)
    board = position(foundation=foundation, deck="KH")  # one card, face down
    assert auto_finish(board) == ()


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 300))
def test_a_finish_always_wins_and_leaves_the_board_alone(seed: int, moves: int) -> None:
    board = played(seed, moves, seed)
    before = board.copy()
    finish = auto_finish(board)
    assert board == before
    for move in finish:
        apply(board, move)
    assert not finish or board.is_win_state()


def test_the_line_mode_offers_the_finish_and_a_plays_it(tmp_path: Path) -> None:
    path = tmp_path / "near.forty-thieves"
    savefile.save(finishing_position(), 7, str(path))
    out = io.StringIO()
    main([str(path)], stdin=io.StringIO("a\n"), stdout=out, stderr=io.StringIO())
    shown = out.getvalue()
    assert text.CAN_FINISH in shown
    assert shown.index(text.CAN_FINISH) < shown.index(text.WON)


def test_no_finish_is_offered_while_a_choice_is_left() -> None:
    assert not FortyThieves.can_finish(finishing_position(swap=True))
    assert FortyThieves.can_finish(finishing_position())


def test_the_line_mode_says_nothing_of_a_finish_while_a_choice_is_left(
    tmp_path: Path,
) -> None:
    path = tmp_path / "blocked.forty-thieves"
    savefile.save(finishing_position(swap=True), 7, str(path))
    out = io.StringIO()
    main([str(path)], stdin=io.StringIO(""), stdout=out, stderr=io.StringIO())
    assert text.CAN_FINISH not in out.getvalue()


def test_the_full_screen_offers_the_finish_once_the_deck_is_empty() -> None:
    foundation = {n: suit_run(SUITS[n % 4], 13) for n in range(8)}
    foundation[0] = foundation[4] = suit_run("H", 12)
    board = position(tableau={0: "KH"}, foundation=foundation, deck="KH", rest=1)
    session = Session(FortyThieves(), board, 7, "unused", loaded=True)
    control = Controller(session, rescue_folder="/nonexistent", greeting="hi")
    assert control.screen().status == "hi"  # a card is still face down
    control.press("d")
    assert control.screen().status == text.CAN_FINISH.rstrip(".\n")
    control.press("a")
    assert session.model.is_win_state()
