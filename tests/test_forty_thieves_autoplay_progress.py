"""Forty Thieves' hint and autoplay make progress (issue 36): no hint or
autoplay move returns the game to a position it already had, autoplay
stops with one line when it has no progress left, and it ends within a
bound. Deal 118 after ``3 7`` and ``d`` is the one whose hint moved 9♥
back and forth between tableaus 3 and 4. The same check over 200 deals
is bench/forty_thieves_autoplay.py (minutes, not a unit test)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from gamestate.forty_thieves import BoardT, CategoryT
from gamestate.forty_thieves.fair import progress, visible_key
from gamestate.forty_thieves.moves import DeckMove, Move, TabMove, apply
from playmanager import messages
from playmanager.forty_thieves.adapter import (
    AUTOPLAY_PATIENCE,
    NO_PROGRESS,
    ONLY_REPEATS,
    Effects,
    FortyThieves,
    Intent,
)
from playmanager.forty_thieves.line_mode import LineGame
from playmanager.session import Session

T = CategoryT.Tableau
CARDS_HOME_AND_DEALT = 104 + 64
"""How often progress (cards home less cards in the deck) can go up."""
MOST_MOVES = CARDS_HOME_AND_DEALT * (AUTOPLAY_PATIENCE + 1)
"""Autoplay's bound: never AUTOPLAY_PATIENCE moves without progress."""


def session_of(seed: int, *moves: Move) -> Session[BoardT, Intent, Effects]:
    adapter = FortyThieves(hint_nodes=30)  # quick, and the same on every machine
    session = Session(adapter, adapter.new_model(seed), seed, "unused", loaded=False)
    for move in moves:
        session.play(move)
    return session


def autoplay_to_the_end(session: Session[BoardT, Intent, Effects]) -> list[bytes]:
    positions = [visible_key(board) for board in session.earlier_positions]
    positions.append(visible_key(session.model))
    while session.autoplay_step() is not None:
        positions.append(visible_key(session.model))
        assert len(positions) <= MOST_MOVES + 3
    return positions


def test_autoplay_never_repeats_a_position_and_ends() -> None:
    session = session_of(118, TabMove(T, 2, 6), DeckMove())
    positions = autoplay_to_the_end(session)
    assert len(set(positions)) == len(positions)
    assert (
        session.ended
        or session.why_autoplay_stops() == NO_PROGRESS
        or session.hint() is None
    )


def test_autoplay_stops_after_its_patience_without_progress() -> None:
    adapter = FortyThieves()
    board = adapter.new_model(3)
    same: Sequence[BoardT] = [board] * AUTOPLAY_PATIENCE
    assert adapter.why_autoplay_stops(board, same) == NO_PROGRESS
    assert adapter.why_autoplay_stops(board, same[1:]) is None
    dealt = board.copy()
    apply(dealt, DeckMove())  # a card dealt is progress: patience starts again
    assert progress(dealt) > progress(board)
    assert adapter.why_autoplay_stops(dealt, same) is None


class Interrupted(FortyThieves):
    """Forty Thieves whose third hint is cut short by Ctrl-C."""

    def __init__(self) -> None:
        super().__init__(hint_nodes=30)
        self.hints = 0

    def hint_onward(self, model: BoardT, earlier: Sequence[BoardT]) -> Move | None:
        self.hints += 1
        if self.hints == 3:
            raise KeyboardInterrupt
        return super().hint_onward(model, earlier)


def test_ctrl_c_stops_line_mode_autoplay_keeping_what_was_played(
    tmp_path: Path,
) -> None:
    adapter = Interrupted()
    session = Session(adapter, adapter.new_model(118), 118, "unused", loaded=False)
    out = io.StringIO()
    game = LineGame(
        session,
        stdin=io.StringIO("A 20\n"),
        stdout=out,
        stderr=io.StringIO(),
        rescue_folder=str(tmp_path),
    )
    game.play()
    assert session.undo_depth == 2
    text = out.getvalue()
    assert messages.autoplayed_moves(2) in text
    assert messages.AUTOPLAY_STOPPED + "\n" in text


def test_hint_then_its_move_never_goes_back_to_an_earlier_position() -> None:
    """The issue's ``H`` and ``A 1`` in turn on deal 118 after ``3 7`` and
    ``d``: "Hint: 4 3", then "Hint: 3 4", and so on. Each hint played now
    leads to a position the game has not had."""
    session = session_of(118, TabMove(T, 2, 6), DeckMove())
    seen = [visible_key(board) for board in session.earlier_positions]
    seen.append(visible_key(session.model))
    for _ in range(60):  # before, the 47th went back
        hint = session.hint()
        if hint is None:
            break
        session.play(hint)
        assert visible_key(session.model) not in seen, f"{hint} went back"
        seen.append(visible_key(session.model))
    assert len(seen) > 3  # it did give hints


class Typed(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_line_mode_autoplay_shows_its_moves_so_far_on_a_terminal(
    tmp_path: Path,
) -> None:
    """It printed nothing for 9-17 s, then its last line: it looked hung."""
    adapter = FortyThieves(hint_nodes=30)
    session = Session(adapter, adapter.new_model(118), 118, "unused", loaded=False)
    out = Typed()
    LineGame(
        session,
        stdin=io.StringIO("A 3\n"),
        stdout=out,
        stderr=io.StringIO(),
        rescue_folder=str(tmp_path),
    ).play()
    text = out.getvalue()
    for played in (1, 2):
        assert f"\r\x1b[K{messages.autoplaying_moves(played)}" in text
    assert messages.autoplayed_moves(3) in text


ONLY_REPEATS_SAVE = (
    Path(__file__).parent / "data/forty_thieves/only-repeats-left.forty-thieves"
)
"""A new user's save (deal 1756027800) whose two valid moves, 1 2 and 5 4,
both go back to a position its history had."""


def test_hint_and_autoplay_say_every_move_left_repeats(tmp_path: Path) -> None:
    adapter = FortyThieves(hint_nodes=30)
    board, seed, past = adapter.load_play(str(ONLY_REPEATS_SAVE))
    session = Session(adapter, adapter.new_model(seed), seed, "unused", loaded=False)
    session.resume(board, seed, past)
    out = io.StringIO()
    game = LineGame(
        session,
        stdin=io.StringIO("H\nA 5\n"),
        stdout=out,
        stderr=io.StringIO(),
        rescue_folder=str(tmp_path),
    )
    game.play()
    text = out.getvalue()
    assert messages.NO_HINT not in text  # two moves are valid
    assert messages.no_hint(ONLY_REPEATS) in text
    assert messages.autoplay_done(ONLY_REPEATS) in text
    assert session.undo_depth == len(past)  # autoplay played nothing
