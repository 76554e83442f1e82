"""Whole games on many board shapes, call for call against a Java GameState.

tests/data/java_gamestate_games.json was printed once by Java 17 from the
sources in tests/data/java_gamestate_games/: a GameState.java written as a
literal reading of the PA4 writeup (its own canSlideDown, in-place
rotation and int arithmetic, java.util.Random) and a driver that plays
random keys, with now and then a null move, until the game is over or a
step limit. Regenerate with
``javac -d /tmp/g *.java && java -cp /tmp/g Golden > ../java_gamestate_games.json``
in that folder; the tests never need Java.

Each game records its shape, seed, TWO_PROB, the values returned by the
starting addTile calls and the board after them; then, for every move,
the direction, what move returned, the score, isGameOver and the board.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gamestate import Config, Direction, GameState

GAMES_PATH = Path(__file__).parent / "data" / "java_gamestate_games.json"
GAMES: list[dict[str, Any]] = json.loads(GAMES_PATH.read_text())


def _game_id(game: dict[str, Any]) -> str:
    return f"{game['rows']}x{game['cols']}-seed{game['seed']}-p{game['two_prob']}"


def test_games_cover_thin_square_and_wide_boards_and_null_moves() -> None:
    shapes = {(game["rows"], game["cols"]) for game in GAMES}
    assert {(1, 1), (1, 6), (6, 1), (3, 7), (7, 3), (4, 4), (6, 6)} <= shapes
    moves = [step for game in GAMES for step in game["steps"]]
    assert any(name == "None" for name, *_ in moves)
    assert any(moved is False and name != "None" for name, moved, *_ in moves)
    assert sum(game["steps"][-1][3] for game in GAMES) >= 6  # games that end


@pytest.mark.parametrize("record", GAMES, ids=_game_id)
def test_game_matches_java_call_for_call(
    record: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Like the Java driver, set Config before the game is made.
    monkeypatch.setattr(Config, "RANDOM_SEED", record["seed"])
    monkeypatch.setattr(Config, "TWO_PROB", record["two_prob"])
    game = GameState(record["rows"], record["cols"])
    assert [game.addTile() for _ in record["start"]] == record["start"]
    assert game.getBoard() == record["board"]
    for number, (name, moved, score, over, board) in enumerate(record["steps"]):
        direction = None if name == "None" else Direction[name]
        got = (game.move(direction), game.getScore(), game.isGameOver())
        assert got == (moved, score, over), f"step {number}: {name}"
        assert game.getBoard() == board, f"step {number}: {name}"
