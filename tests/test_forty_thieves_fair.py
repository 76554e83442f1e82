"""The fair hint (gamestate.forty_thieves.fair): only what a player sees."""

from __future__ import annotations

import io
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate.forty_thieves import BoardT, CategoryT, deal
from gamestate.forty_thieves.board import FOUNDATION_PILES, TABLEAU_PILES
from gamestate.forty_thieves.fair import (
    FairPlayer,
    fair_hint,
    play_fair_game,
    sampled_boards,
    visible_key,
)
from gamestate.forty_thieves.moves import DeckMove, TabMove, apply, is_valid
from playmanager.cli import main
from playmanager.forty_thieves import text
from playmanager.forty_thieves.savefile import load

from .forty_thieves_helpers import played
from .test_forty_thieves_line_mode import SAVES

T = CategoryT.Tableau


def with_deck_shuffled(board: BoardT, seed: int) -> BoardT:
    """``board`` with its deck in another order: the same to a player."""
    deck = board.get_deck().toSeq()
    random.Random(seed).shuffle(deck)
    return BoardT.from_piles(
        [board.get_tab(n) for n in range(TABLEAU_PILES)],
        [board.get_foundation(n) for n in range(FOUNDATION_PILES)],
        deck,
        board.get_waste(),
    )


def deal_118_after_two_moves() -> BoardT:
    """The issue's case: ``--seed 118``, ``3 7``, ``4 8``."""
    board = BoardT(deal(118))
    apply(board, TabMove(T, 2, 6))
    apply(board, TabMove(T, 3, 7))
    return board


def test_positions_that_look_the_same_get_the_same_hint() -> None:
    board = deal_118_after_two_moves()
    other = with_deck_shuffled(board, 1)
    assert other.get_deck() != board.get_deck()
    assert visible_key(other) == visible_key(board)
    # A node budget only, so that the machine's speed cannot matter.
    hints = {fair_hint(b, budget_ms=None) for b in (board, other)}
    assert len(hints) == 1
    assert is_valid(board, hints.pop())  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 400), st.integers(0, 60), st.integers(0, 10**6))
def test_the_samples_never_depend_on_the_deck_s_order(
    seed: int, moves: int, order: int
) -> None:
    board = played(seed, moves)
    other = with_deck_shuffled(board, order)
    assert sampled_boards(board, 3) == sampled_boards(other, 3)
    for sample in sampled_boards(board, 3):
        assert visible_key(sample) == visible_key(board)


def test_the_line_mode_hint_never_names_the_card_on_top_of_the_deck() -> None:
    out = io.StringIO()
    keys = "3 7\n4 8\nH\nq\nn\n"
    main(
        ["--game", "forty-thieves", "--seed", "118"],
        stdin=io.StringIO(keys),
        stdout=out,
        stderr=io.StringIO(),
    )
    hint_line = next(line for line in out.getvalue().split("> ") if "Hint" in line)
    hidden = str(deal_118_after_two_moves().get_deck().top())
    assert hidden not in hint_line
    # Whatever the move, it is one a player can make: a deal says "a card".
    assert text.hint(DeckMove(), BoardT(deal(118)), str) == "Hint: d (deal a card)"


def test_the_fair_player_wins_a_game_two_moves_from_winning() -> None:
    board, _ = load(str(SAVES / "two_moves_from_winning.forty-thieves"))
    player = FairPlayer()
    assert play_fair_game(board, player)
    assert board.is_win_state()


def test_the_fair_player_never_goes_round_in_a_circle() -> None:
    """A game ends (won or no move left) in a bounded number of moves,
    though two empty piles let a card go back and forth for ever."""
    board = played(3, 40)
    player = FairPlayer(samples=2, max_nodes=300, budget_ms=None)
    for _ in range(2000):
        move = player.next_move(board)
        if move is None:
            break
        apply(board, move)
    else:
        raise AssertionError("the fair player was still playing after 2000 moves")
