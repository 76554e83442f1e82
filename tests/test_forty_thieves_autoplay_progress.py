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

from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate.forty_thieves import BoardT, CategoryT
from gamestate.forty_thieves.card_types import full_deck
from gamestate.forty_thieves.fair import (
    PROGRESS_DEPTH,
    is_progress,
    leads_elsewhere,
    moves_without_progress,
    onward_moves,
    progress,
    progress_distance,
    visible_key,
)
from gamestate.forty_thieves.moves import DeckMove, Move, TabMove, apply, legal_moves
from playmanager import messages
from playmanager.forty_thieves.adapter import (
    NO_PROGRESS_LEFT,
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
MOST_MOVES = CARDS_HOME_AND_DEALT * PROGRESS_DEPTH
"""Autoplay's bound: never PROGRESS_DEPTH moves in a row without progress."""
NO_PROGRESS = messages.autoplay_done(NO_PROGRESS_LEFT)


def session_of(seed: int, *moves: Move) -> Session[BoardT, Intent, Effects]:
    adapter = FortyThieves(hint_nodes=30)  # quick, and the same on every machine
    session = Session(adapter, adapter.new_model(seed), seed, "unused", loaded=False)
    for move in moves:
        session.play(move)
    return session


def line_game_says(
    session: Session[BoardT, Intent, Effects],
    keys: str,
    tmp_path: Path,
    out: io.StringIO | None = None,
) -> str:
    """What the line mode prints playing ``keys`` in ``session``."""
    out = io.StringIO() if out is None else out
    LineGame(
        session,
        stdin=io.StringIO(keys),
        stdout=out,
        stderr=io.StringIO(),
        rescue_folder=str(tmp_path),
    ).play()
    return out.getvalue()


def autoplay_to_the_end(session: Session[BoardT, Intent, Effects]) -> list[bytes]:
    positions = [visible_key(board) for board in session.earlier_positions]
    positions.append(visible_key(session.model))
    while session.autoplay_step() is not None:
        positions.append(visible_key(session.model))
        assert len(positions) <= MOST_MOVES + 3
        run = moves_without_progress([*session.earlier_positions, session.model])
        assert run < PROGRESS_DEPTH, "autoplay wandered without progress"
    return positions


def test_autoplay_never_repeats_a_position_and_ends() -> None:
    session = session_of(118, TabMove(T, 2, 6), DeckMove())
    positions = autoplay_to_the_end(session)
    assert len(set(positions)) == len(positions)
    assert session.ended or session.why_no_hint() in (NO_PROGRESS_LEFT, ONLY_REPEATS)


def test_moves_without_progress_counts_back_to_the_last_card_home_or_dealt() -> None:
    board = FortyThieves().new_model(3)
    moved = board.copy()
    apply(moved, next(m for m in legal_moves(board) if not is_progress(m)))
    assert progress(moved) == progress(board)
    dealt = moved.copy()
    apply(dealt, DeckMove())
    assert progress(dealt) > progress(moved)
    assert moves_without_progress([board]) == 0
    assert moves_without_progress([board, moved]) == 1
    assert moves_without_progress([board, moved, dealt]) == 0


def stuck_board() -> BoardT:
    """No card in the deck, none home; each of the ten piles holds an Ace
    or a 2 under nine or ten cards: Q♠ can go on K♠, and no path of
    PROGRESS_DEPTH moves brings a card home."""
    cards = sorted(full_deck(), key=lambda card: (card.r, card.s.value))
    piles = [cards[n::10] for n in range(10)]
    return BoardT.from_piles(piles, [[] for _ in range(8)], [], [])


def test_autoplay_and_hint_stop_at_once_when_no_move_leads_to_progress(
    tmp_path: Path,
) -> None:
    """Autoplay played 30 moves without progress before it stopped; now it
    stops before its first, with the issue's line, and H says the same."""
    board = stuck_board()
    assert legal_moves(board)  # moves are left, none back to a position seen
    assert progress_distance(board, PROGRESS_DEPTH) is None
    adapter = FortyThieves(hint_nodes=30)
    session = Session(adapter, board, 5, "unused", loaded=False)
    text = line_game_says(session, "H\nA 20\n", tmp_path)
    assert messages.no_hint(NO_PROGRESS_LEFT) in text
    assert messages.autoplayed_moves(0) in text
    assert NO_PROGRESS == "Autoplay stopped: " + NO_PROGRESS_LEFT
    assert NO_PROGRESS in text
    assert session.undo_depth == 0


@settings(max_examples=12, deadline=None)
@given(
    deal=st.integers(0, 2**31 - 1),
    dealt=st.integers(0, 64),
    choices=st.lists(st.integers(0, 99), min_size=40, max_size=40),
)
def test_any_onward_move_keeps_progress_in_reach(
    deal: int, dealt: int, choices: list[int]
) -> None:
    """Whichever move the hint picks among :func:`onward_moves` (the PIMC
    vote is only one choice), play never goes back to a position, never
    makes PROGRESS_DEPTH moves in a row without progress, and stops only
    where no path to progress is found. ``dealt`` cards are dealt first, so
    that the empty deck's searches are tried too."""
    board = FortyThieves().new_model(deal)
    for _ in range(dealt):
        apply(board, DeckMove())
    positions = [board.copy()]
    seen = {visible_key(board)}
    for choice in choices:
        moves = onward_moves(board, frozenset(seen), moves_without_progress(positions))
        if not moves:
            if any(
                leads_elsewhere(board, m, frozenset(seen)) for m in legal_moves(board)
            ):
                assert progress_distance(board, PROGRESS_DEPTH) is None
            break
        apply(board, moves[choice % len(moves)])
        key = visible_key(board)
        assert key not in seen
        seen.add(key)
        positions.append(board.copy())
        assert moves_without_progress(positions) < PROGRESS_DEPTH


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
    text = line_game_says(session, "A 3\n", tmp_path, Typed())
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
