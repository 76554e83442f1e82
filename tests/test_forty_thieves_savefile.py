"""Forty Thieves save files: the format, round trips, and a refusal with
file, line and reason for every kind of bad file (tests/data/forty_thieves)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate.forty_thieves import BoardT, deal
from playmanager.forty_thieves import savefile
from playmanager.forty_thieves.savefile import dumps, load, loads, save
from playmanager.storage import SaveFileError

from .forty_thieves_helpers import cards, played, position

DATA = Path(__file__).parent / "data" / "forty_thieves"
SAVES = Path(__file__).parent.parent / "saves"
VALID = sorted(DATA.glob("valid/*.forty-thieves"))
INVALID = sorted(DATA.glob("invalid/*.forty-thieves"))
EXAMPLES = sorted(SAVES.glob("*.forty-thieves"))


def test_the_data_folders_hold_cases() -> None:
    assert len(VALID) >= 3
    assert len(INVALID) >= 25


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_invalid_file_is_refused_with_its_reason(path: Path) -> None:
    expected = path.with_suffix(".error").read_text(encoding="utf-8").rstrip("\n")
    before = path.read_bytes()
    with pytest.raises(SaveFileError) as caught:
        load(str(path))
    assert caught.value.detail == expected
    assert str(caught.value) == f"{path}: {expected}"
    assert path.read_bytes() == before


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_valid_file_loads_as_its_expected_text(path: Path) -> None:
    expected = path.with_suffix(".expected").read_text(encoding="ascii")
    game = load(str(path))
    assert dumps(game.board, game.seed) == expected
    assert loads(expected, "expected") == game


def test_the_format_is_one_pile_a_line_bottom_to_top() -> None:
    board = position(
        tableau={2: "7S 6S", 9: "KD"}, foundation={0: "AH 2H"}, waste="4S JC", rest=0
    )
    lines = dumps(board, -5).splitlines()
    assert lines[:4] == [
        "forty-thieves save 2",
        "seed: -5",
        "foundation 1: AH 2H",
        "foundation 2:",
    ]
    assert lines[12] == "tableau 3: 7S 6S"
    assert lines[19] == "tableau 10: KD"
    assert lines[20:] == ["deck:", "waste: 4S JC", "history:"]
    assert tuple(line.split(":")[0] for line in lines[1:]) == savefile.KEYS


def test_cards_are_written_as_people_write_them() -> None:
    board = position(tableau={0: "10H AD KC QS JD 2C"}, rest=1)
    assert "tableau 1: 10H AD KC QS JD 2C\n" in dumps(board, 0)


@settings(max_examples=30)
@given(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.integers(min_value=0, max_value=150),
    st.integers(min_value=0, max_value=99),
)
def test_any_position_of_legal_play_survives_save_and_load(
    seed: int, moves: int, choice: int
) -> None:
    board = played(seed % 1000, moves, choice)
    game = loads(dumps(board, seed), "memory")
    assert game.board == board
    assert game.seed == seed


def test_save_and_load_a_file(tmp_path: Path) -> None:
    board = played(5, 80)
    path = str(tmp_path / "game.forty-thieves")
    save(board, 5, path)
    assert load(path) == (board, 5)
    assert os.listdir(tmp_path) == ["game.forty-thieves"]  # no temporary left


def test_a_failed_save_leaves_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "game.forty-thieves"
    save(BoardT(deal(1)), 1, str(path))
    before = path.read_bytes()
    with pytest.raises(OSError):
        save(BoardT(deal(2)), 2, str(tmp_path / "missing" / "game.forty-thieves"))
    with pytest.raises(OSError):
        save(BoardT(deal(2)), 2, str(tmp_path))  # a folder
    assert path.read_bytes() == before


def test_a_folder_or_missing_file_is_refused_without_a_line(tmp_path: Path) -> None:
    for path in (tmp_path, tmp_path / "nothing"):
        with pytest.raises(SaveFileError) as caught:
            load(str(path))
        assert caught.value.line is None


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_save_loads_and_is_listed(path: Path) -> None:
    load(str(path))
    assert f"`{path.name}`" in (SAVES / "README.md").read_text(encoding="utf-8")


def test_the_example_saves_are_what_they_say() -> None:
    assert load(str(SAVES / "fresh.forty-thieves")) == (BoardT(deal(118)), 118)
    assert not load(str(SAVES / "no_move_left.forty-thieves")).board.valid_mv_exists()
    near = load(str(SAVES / "two_moves_from_winning.forty-thieves")).board
    assert near.get_tab(0).toSeq() == cards("KH")
    assert near.get_waste().toSeq() == cards("KS")
    progress = load(str(SAVES / "in_progress.forty-thieves")).board
    assert 0 < sum(progress.get_foundation(n).size() for n in range(8)) < 104
