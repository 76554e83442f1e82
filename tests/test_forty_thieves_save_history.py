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
from playmanager.forty_thieves.session import Session
from playmanager.storage import SaveFileError

SAVES = Path(__file__).parent.parent / "saves"
T = CategoryT.Tableau


def played_session(path: Path, seed: int, choices: int, choice_seed: int) -> Session:
    """A session of deal ``seed`` with ``choices`` moves, some of them ``a``."""
    session = Session.new(seed, str(path))
    chooser = random.Random(choice_seed)
    for _ in range(choices):
        if chooser.random() < 0.2:
            session.play_safe()
            continue
        moves = legal_moves(session.board)
        if not moves:
            break
        session.play(chooser.choice(moves))
    return session


def test_the_history_and_the_counter_come_back_with_the_game(tmp_path: Path) -> None:
    path = tmp_path / "game.forty-thieves"
    session = Session.new(118, str(path))
    session.play(TabMove(T, 2, 6))
    session.play(DeckMove())
    session.play_safe()
    session.save()
    text = path.read_text()
    assert text.startswith("forty-thieves save 2\n")
    assert "history: 3 7; d" in text
    loaded = Session.load(str(path))
    assert loaded.moves == session.moves == len(session.history)
    assert [step.moves for step in loaded.history] == [
        step.moves for step in session.history
    ]
    while loaded.undo() is not None:
        pass
    assert loaded.board == BoardT(deal(118))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 80), st.integers(0, 1000))
def test_every_history_played_loads_back(seed: int, choices: int, choice: int) -> None:
    session = played_session(Path("unused"), seed, choices, choice)
    history = [step.moves for step in session.history]
    text = savefile.dumps(session.board, seed, history)
    board, loaded_seed, steps = savefile.loads_play(text, "x")
    assert (board, loaded_seed) == (session.board, seed)
    assert [step.moves for step in steps] == history
    assert [step.before for step in steps] == [step.before for step in session.history]


def test_a_new_deal_starts_a_new_history_and_counter(tmp_path: Path) -> None:
    session = Session.new(118, str(tmp_path / "g"))
    session.play(TabMove(T, 2, 6))
    session.new_deal(119)
    session.play(DeckMove())
    assert session.moves == 1
    session.save()
    assert Session.load(session.save_target).moves == 1


def test_an_old_save_still_loads_with_no_history() -> None:
    path = SAVES / "in_progress.forty-thieves"
    assert path.read_text().startswith("forty-thieves save 1\n")
    session = Session.load(str(path))
    assert session.history == [] and session.moves == 0


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
