"""The Forty Thieves solver and hint (gamestate.forty_thieves.solver)."""

from __future__ import annotations

import pytest

from gamestate.forty_thieves import BoardT, deal
from gamestate.forty_thieves.moves import Move, apply, is_valid
from gamestate.forty_thieves.solver import hint, solve
from tests.forty_thieves_helpers import position

WON_QUICKLY = (2, 6, 17)
"""Deals the solver wins within a few thousand positions (found by running
it; any win it reports is checked move by move below, so a wrong entry
here fails rather than passes)."""

STUCK_TOPS = dict(
    enumerate(["2D", "KH", "KH", "KD", "KD", "KC", "KC", "KS", "KS", "2H"])
)
"""Tableau tops with nowhere to go: Kings go on nothing, the 2s find no 3
on a top and no Ace on a foundation, and no pile is empty."""


def replayed(board: BoardT, moves: tuple[Move, ...]) -> BoardT:
    """A copy of ``board`` after ``moves``, each checked valid first."""
    copy = board.copy()
    for move in moves:
        assert is_valid(copy, move), move
        apply(copy, move)
    return copy


@pytest.mark.parametrize("seed", WON_QUICKLY)
def test_a_reported_win_replays_to_the_win_state(seed: int) -> None:
    board = BoardT(deal(seed))
    solution = solve(board, max_nodes=20_000)
    assert solution.status == "won"
    assert replayed(board, solution.moves).is_win_state()
    assert board == BoardT(deal(seed))  # the board given is unchanged


def test_a_position_with_no_move_is_lost() -> None:
    board = position(tableau=STUCK_TOPS, rest=0)
    assert not board.valid_mv_exists()
    solution = solve(board)
    assert solution.status == "lost"
    assert solution.moves == ()


def test_hint_is_none_when_no_move_is_valid() -> None:
    assert hint(position(tableau=STUCK_TOPS, rest=0)) is None


def test_the_node_budget_stops_the_search_with_unknown() -> None:
    solution = solve(BoardT(deal(1)), max_nodes=50)
    assert solution.status == "unknown"
    assert solution.nodes <= 50
    assert solution.moves == ()


def test_hint_is_a_valid_move_and_leaves_the_board_alone() -> None:
    board = BoardT(deal(1))
    move = hint(board, budget_ms=50)
    assert move is not None
    assert is_valid(board, move)
    assert board == BoardT(deal(1))
