"""Forty Thieves saves, format 2: the undo history and the move counter,
format 1 still read, and names and cards in ASCII only."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate.forty_thieves import BoardT, CategoryT, deal
from gamestate.forty_thieves.moves import DeckMove, TabMove, legal_moves
from playmanager.forty_thieves import savefile
from playmanager.forty_thieves.adapter import (
    PLAY_SAFE,
    Effects,
    FortyThieves,
    Intent,
)
from playmanager.session import MoveRefusedError, Session
from playmanager.storage import SaveFileError

SAVES = Path(__file__).parent.parent / "saves"
T = CategoryT.Tableau
FortySession = Session[BoardT, Intent, Effects]


def new_session(seed: int, path: str) -> FortySession:
    adapter = FortyThieves()
    return Session(adapter, adapter.new_model(seed), seed, path, loaded=False)


def load_session(path: str) -> FortySession:
    """As the command line loads a save: with the past it keeps."""
    adapter = FortyThieves()
    board, seed, past = adapter.load_play(path)
    return Session(adapter, board, seed, path, loaded=True, past=past)


def played_session(
    seed: int, choices: int, choice_seed: int
) -> tuple[FortySession, list[BoardT]]:
    """A session of deal ``seed`` with ``choices`` moves, some of them ``a``,
    and the board before each step."""
    session = new_session(seed, "unused")
    chooser = random.Random(choice_seed)
    befores = []
    for _ in range(choices):
        before = session.model.copy()
        if chooser.random() < 0.2:
            try:
                session.play(PLAY_SAFE)
            except MoveRefusedError:
                continue
            befores.append(before)
            continue
        moves = legal_moves(session.model)
        if not moves:
            break
        session.play(chooser.choice(moves))
        befores.append(before)
    return session, befores


def test_the_history_and_the_counter_come_back_with_the_game(tmp_path: Path) -> None:
    path = tmp_path / "game.forty-thieves"
    session = new_session(118, str(path))
    session.play(TabMove(T, 2, 6))
    session.play(DeckMove())
    session.save()
    text = path.read_text()
    assert text.startswith("forty-thieves save 2\n")
    assert "history: 3 7; d\n" in text
    loaded = load_session(str(path))
    assert loaded.undo_depth == session.undo_depth == 2
    assert loaded.past == session.past
    assert not loaded.changed
    while loaded.undo():
        assert loaded.changed  # the file holds the later position
    assert loaded.model == BoardT(deal(118))


def test_a_loaded_history_is_saved_again(tmp_path: Path) -> None:
    path = tmp_path / "game.forty-thieves"
    session = new_session(118, str(path))
    session.play(TabMove(T, 2, 6))
    session.save()
    loaded = load_session(str(path))
    loaded.play(DeckMove())
    loaded.save()
    assert "history: 3 7; d\n" in path.read_text()


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 80), st.integers(0, 1000))
def test_every_history_played_loads_back(seed: int, choices: int, choice: int) -> None:
    session, befores = played_session(seed, choices, choice)
    text = session.save_text()
    board, loaded_seed, steps = savefile.loads_play(text, "x")
    assert (board, loaded_seed) == (session.model, seed)
    assert [step.moves for step in steps] == session.past
    assert [step.before for step in steps] == befores


def test_a_new_deal_starts_a_new_history_and_counter(tmp_path: Path) -> None:
    session = new_session(118, str(tmp_path / "g"))
    session.play(TabMove(T, 2, 6))
    session.new_game(119)
    session.play(DeckMove())
    assert session.past == [(DeckMove(),)]
    session.save()
    assert load_session(session.save_target).past == [(DeckMove(),)]


def test_a_rescued_game_keeps_its_history_when_resumed(tmp_path: Path) -> None:
    session = new_session(118, str(tmp_path / "g"))
    session.play(TabMove(T, 2, 6))
    session.play(DeckMove())
    rescued = session.rescue(str(tmp_path / "rescue"))
    assert rescued is not None
    other = new_session(5, str(tmp_path / "h"))
    board, seed, past = other.adapter.load_play(rescued)
    other.resume(board, seed, past)
    # its two moves; not the blank deal 5 behind it (issue 36, new user, 8)
    assert other.past == session.past and other.undo_depth == 2
    other.undo()
    other.undo()
    assert other.model == BoardT(deal(118))
    assert not other.undo() and other.seed == 118


def test_an_old_save_still_loads_with_no_history() -> None:
    path = SAVES / "in_progress.forty-thieves"
    assert path.read_text().startswith("forty-thieves save 1\n")
    session = load_session(str(path))
    assert session.past == [] and session.undo_depth == 0


def v1_text() -> str:
    return (SAVES / "in_progress.forty-thieves").read_text()


def test_an_old_save_has_no_history_line() -> None:
    with pytest.raises(SaveFileError, match="NAME one of seed,.* waste; got 'history"):
        savefile.loads(v1_text() + "history: d\n", "x")


def test_a_history_no_play_could_make_is_refused() -> None:
    board = BoardT(deal(118))
    text = savefile.dumps(board, 118, [(TabMove(T, 2, 6),)])
    with pytest.raises(SaveFileError) as caught:
        savefile.loads_play(text, "x")
    assert caught.value.detail.startswith(
        "line 23: history: step 1 (3 7) was not played into this position"
    )
    bad = savefile.dumps(board, 118).replace("history:", "history: 3 7; zz")
    with pytest.raises(SaveFileError, match="'zz' is not a move"):
        savefile.loads_play(bad, "x")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("AS", "A\u017f", "is not a card"),  # a long s, which upper() makes S
        ("deck:", "dec\u212a:", "expected 'NAME: cards'"),  # a Kelvin sign
    ],
)
def test_names_and_cards_are_ascii_letters_only(
    old: str, new: str, message: str
) -> None:
    text = savefile.dumps(BoardT(deal(118)), 118)
    changed = text.replace(old, new, 1)
    assert changed != text
    with pytest.raises(SaveFileError, match=message) as caught:
        savefile.loads(changed, "x")
    assert "\n" not in str(caught.value)
