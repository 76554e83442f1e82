"""Hypothesis state machines over BoardT: whatever legal moves are made,
the board keeps two of each card (104 in all) in 10 tableau piles and 8
foundations that are Ace-up suit runs; every move the rules refuse raises
and changes nothing, and so does every query that raises."""

from __future__ import annotations

import contextlib
from collections import Counter
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from gamestate.forty_thieves import TOTAL_CARDS, BoardT, CategoryT, deal
from gamestate.forty_thieves.card_types import full_deck
from gamestate.forty_thieves.moves import (
    DeckMove,
    Move,
    TabMove,
    WasteMove,
    apply,
    is_valid,
    legal_moves,
)

from .forty_thieves_helpers import all_cards

TWO_DECKS = Counter(full_deck())
numbers = st.integers(min_value=-2, max_value=11)
categories = st.sampled_from(CategoryT)
any_move: st.SearchStrategy[Move] = st.one_of(
    st.builds(TabMove, categories, numbers, numbers),
    st.builds(WasteMove, categories, numbers),
    st.just(DeckMove()),
)


class Game(RuleBasedStateMachine):
    board: BoardT

    @initialize(seed=st.integers(min_value=-(2**63), max_value=2**63 - 1))
    def deal(self, seed: int) -> None:
        self.board = BoardT(deal(seed))

    @rule(data=st.data())
    def make_a_legal_move(self, data: st.DataObject) -> None:
        moves = legal_moves(self.board)
        if moves:
            apply(self.board, data.draw(st.sampled_from(moves)))

    @rule(move=any_move)
    def try_any_move(self, move: Move) -> None:
        if is_valid(self.board, move):
            apply(self.board, move)
            return
        before = self.board.copy()
        with pytest.raises(ValueError):
            apply(self.board, move)
        assert self.board == before

    @rule(c=categories, n0=numbers, n1=numbers)
    def ask_every_query(self, c: CategoryT, n0: int, n1: int) -> None:
        before = self.board.copy()
        queries: list[Any] = [
            lambda: self.board.is_valid_tab_mv(c, n0, n1),
            lambda: self.board.is_valid_waste_mv(c, n0),
            lambda: self.board.get_tab(n0),
            lambda: self.board.get_foundation(n1),
        ]
        for query in queries:
            with contextlib.suppress(IndexError, ValueError):
                query()
            assert self.board == before

    @invariant()
    def two_of_each_card(self) -> None:
        counts = all_cards(self.board)
        assert counts == TWO_DECKS
        assert sum(counts.values()) == TOTAL_CARDS

    @invariant()
    def the_position_is_one_a_save_could_hold(self) -> None:
        rebuilt = BoardT.from_piles(  # checks pile counts and foundation runs
            [self.board.get_tab(n) for n in range(10)],
            [self.board.get_foundation(n) for n in range(8)],
            self.board.get_deck(),
            self.board.get_waste(),
        )
        assert rebuilt == self.board

    @invariant()
    def stuck_and_won_agree_with_the_moves(self) -> None:
        assert self.board.valid_mv_exists() == bool(legal_moves(self.board))
        on_foundations = sum(self.board.get_foundation(n).size() for n in range(8))
        assert self.board.is_win_state() == (on_foundations == TOTAL_CARDS)


Game.TestCase.settings = settings(max_examples=25, stateful_step_count=50)
TestGame = Game.TestCase
