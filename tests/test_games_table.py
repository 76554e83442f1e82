"""The table of games and the shared save header (playmanager.games, storage)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from playmanager import games
from playmanager.cli import EXIT_USAGE, main
from playmanager.storage import SaveFileError, check_header, header, header_game


def test_every_game_is_found_by_its_name() -> None:
    for name, game in games.GAMES.items():
        assert game.name == name
        assert games.choose(["--game", name]) is game
        assert games.choose([f"--game={name}"]) is game


def test_without_game_or_file_the_default_is_2048() -> None:
    assert games.choose([]) is games.TWENTY_FORTY_EIGHT
    assert games.choose(["--seed", "3"]) is games.TWENTY_FORTY_EIGHT


def test_an_unknown_game_is_left_to_the_parser_which_names_it() -> None:
    err = io.StringIO()
    assert main(["--game", "chess"], stdin=io.StringIO(""), stderr=err) == EXIT_USAGE
    assert "invalid choice: 'chess'" in err.getvalue()


def test_a_file_with_a_header_names_its_game(tmp_path: Path) -> None:
    for game in games.GAMES.values():
        path = tmp_path / f"{game.name}.save"
        path.write_text(header(game.name, 1) + "rest\n")
        assert games.Files().game_in(str(path)) == game
        assert games.choose(["--seed", "4", str(path)]) == game


def test_a_2048_file_is_known_by_its_size_line(tmp_path: Path) -> None:
    """A .2048 file has no header; its first line, "rows cols", names it."""
    path = tmp_path / "a.2048"
    path.write_text("4 4\n0\n" + "0 0 0 0\n" * 4)
    assert games.Files().game_in(str(path)) is games.TWENTY_FORTY_EIGHT
    assert games.Files().game_in(str(tmp_path / "missing")) is None
    assert games.choose([str(path)]) is games.TWENTY_FORTY_EIGHT
    path.write_text("hello\n")
    assert games.Files().game_in(str(path)) is None


SAVES = Path(__file__).resolve().parent.parent / "saves"


@pytest.mark.parametrize("given", ["2048", "forty-thieves", "dots"])
@pytest.mark.parametrize("holds", ["2048", "forty-thieves", "dots"])
def test_a_save_of_another_game_is_refused_in_one_line(given: str, holds: str) -> None:
    """The options are right, the file is not: one line, no usage, exit 2."""
    if given == holds:
        return
    path = SAVES / f"fresh.{holds}"
    out, err = io.StringIO(), io.StringIO()
    status = main(["--game", given, str(path)], io.StringIO(""), out, err)
    assert status == EXIT_USAGE and out.getvalue() == ""
    assert err.getvalue() == (
        f"playmanager: {path} holds a game of {holds}, not {given}; "
        f"leave out --game or use --game {holds}\n"
    )


def test_a_file_of_another_game_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = games.Game("other", "another game", games.TWENTY_FORTY_EIGHT.front_end, "x.save")
    monkeypatch.setattr(games, "GAMES", {**games.GAMES, "other": other})
    path = tmp_path / "other.save"
    path.write_text(header("other", 1))
    message = games.Files().mismatch(games.TWENTY_FORTY_EIGHT, str(path))
    assert message == (
        f"{path} holds a game of other, not 2048; leave out --game or use --game other"
    )
    assert games.Files().mismatch(other, str(path)) is None
    assert games.Files().mismatch(other, str(tmp_path / "missing")) is None
    err = io.StringIO()
    status = main(["--game", "2048", str(path)], stdin=io.StringIO(""), stderr=err)
    assert status == EXIT_USAGE
    assert message in err.getvalue()


def test_header_round_trip_and_refusals() -> None:
    assert header("dots", 2) == "dots save 2\n"
    assert header_game("dots save 2") == "dots"
    assert header_game("4 4") is None
    assert header_game("dots save two") is None
    rest = check_header("dots save 1\nbody\n", "f", "dots", frozenset({1}))
    assert rest == "body\n"
    with pytest.raises(
        SaveFileError, match="line 1: expected 'dots save 1', got '4 4'"
    ):
        check_header("4 4\n", "f", "dots", frozenset({1}))
    with pytest.raises(SaveFileError, match="format version 9 is not one"):
        check_header("dots save 9\n", "f", "dots", frozenset({1}))
