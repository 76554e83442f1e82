"""The server's half of the page's help, Forty Thieves' auto-finish, clock
and statistics: the rules are the terminal's text, auto-finish is the
terminal's ``a``, and a browser's record is counted as the terminal's
``--stats`` counts (the same Tally), once per game."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install '.[web]'")

from fastapi.testclient import TestClient

from playmanager.controls import Control
from playmanager.forty_thieves.adapter import NO_SAFE_CARD
from playmanager.forty_thieves.text import symbol_text
from playmanager.rules_text import (
    TWENTY48,
    browser_rules,
    dots_rules,
    forty_thieves_rules,
)
from playmanager.statistics import Result, Tally
from playmanager.web.app import COOKIE, WebConfig, create_app
from tests.test_web_api import LOCAL, SAVES, client, config

__all__ = ["client", "config"]  # fixtures used by name


def new(client: TestClient, **options: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": "forty-thieves", **options})
    assert response.status_code == 201, response.text
    out: dict[str, Any] = response.json()
    return out


def upload(client: TestClient, name: str) -> dict[str, Any]:
    text = (SAVES / name).read_text(encoding="utf-8")
    response = client.post("/api/upload", json={"text": text, "filename": name})
    assert response.status_code in (200, 201), response.text
    out: dict[str, Any] = response.json()
    return out


def cards(client: TestClient, game_id: str, source: str, target: str) -> Any:
    body = {"kind": "cards", "source": source, "target": target}
    return client.post(f"/api/games/{game_id}/intent", json=body)


def tally(client: TestClient) -> dict[str, Any]:
    found: dict[str, Any] = client.get("/api/statistics/forty-thieves").json()
    return found


@pytest.mark.parametrize(
    ("game", "query", "rules"),
    [
        ("2048", "", browser_rules(TWENTY48)),
        ("forty-thieves", "", browser_rules(forty_thieves_rules(symbol_text))),
        ("dots", "?squares=true", dots_rules(squares=True)),
        ("dots", "?squares=false", dots_rules(squares=False)),
    ],
)
def test_help_is_the_terminals_rules_and_its_shared_keys(
    client: TestClient, game: str, query: str, rules: tuple[str, ...]
) -> None:
    help_out = client.get(f"/api/help/{game}{query}").json()
    assert help_out["rules"] == list(rules)
    # The terminal's text, less what only a terminal has (issue 37).
    said = " ".join(help_out["rules"])
    assert "--goal" not in said and "full screen" not in said
    keys = [pair[0] for pair in help_out["keys"]]
    for control in (Control.HELP, Control.HINT, Control.AUTOPLAY, Control.UNDO):
        assert any(key.split(", ")[0] == control.value for key in keys), control
    assert {Control.NEW_GAME.value, Control.SAVE.value} <= set(keys)


def test_help_of_no_such_game_is_one_line(client: TestClient) -> None:
    response = client.get("/api/help/chess")
    assert response.status_code == 422
    assert "\n" not in response.json()["error"]


def test_auto_finish_plays_every_safe_card_and_wins(client: TestClient) -> None:
    game = upload(client, "two_moves_from_winning.forty-thieves")
    assert game["state"]["safe"]
    out = cards(client, game["id"], "safe", "home").json()
    assert out["state"]["won"] and out["finished"]
    assert not out["state"]["safe"]
    assert out["state"]["last"]["words"] == "2 cards to the foundations"
    assert [target[0] for _, target in out["state"]["last"]["moves"]] == ["f", "f"]
    assert out["clock"]["stopped"] is not None


def test_auto_finish_with_no_safe_card_is_refused_in_words(client: TestClient) -> None:
    game = new(client, seed=1)
    assert not game["state"]["safe"]  # deal 1 shows no card that can go home
    response = cards(client, game["id"], "safe", "home")
    assert response.status_code == 409
    assert response.json()["error"] == NO_SAFE_CARD
    wrong = cards(client, game["id"], "safe", "t1")
    assert wrong.status_code == 409 and wrong.json()["field"] == "target"


def test_the_clock_starts_at_the_first_move_and_stops_at_the_end(
    client: TestClient,
) -> None:
    game = new(client, seed=7)
    assert game["clock"] == {"started": None, "stopped": None}
    moved = cards(client, game["id"], "deck", "waste").json()
    assert moved["clock"]["started"] is not None
    assert moved["clock"]["stopped"] is None


def test_statistics_count_as_the_terminals_tally_once_a_game(
    config: WebConfig,
) -> None:
    expected = Tally()
    with TestClient(create_app(config), base_url=LOCAL) as client:
        assert tally(client)["played"] == 0
        first = new(client, seed=7)
        cards(client, first["id"], "deck", "waste")
        new(client, seed=8)  # gives up deal 7: a loss
        expected.add(Result(won=False))
        new(client, seed=9)  # deal 8 had no move: nothing to count
        won = upload(client, "two_moves_from_winning.forty-thieves")
        cards(client, won["id"], "safe", "home")
        expected.add(Result(won=True, from_file=True))
        client.post(f"/api/games/{won['id']}/undo")
        cards(client, won["id"], "safe", "home")  # won again: counted once
        new(client, seed=10)  # the won game is not given up again
        cookie = client.cookies[COOKIE]
    with TestClient(create_app(config), base_url=LOCAL) as client:  # a restart
        client.cookies[COOKIE] = cookie
        found = tally(client)
    assert found == {
        "played": expected.played,
        "won": expected.won,
        "streak": expected.streak,
        "best_streak": expected.best_streak,
        "best_seconds": None,  # the win came from a file: no best time
        "from_file": expected.from_file,
    }
    assert (found["played"], found["won"], found["streak"]) == (2, 1, 1)


def test_another_browser_has_its_own_record(config: WebConfig) -> None:
    with TestClient(create_app(config), base_url=LOCAL) as one:
        game = upload(one, "two_moves_from_winning.forty-thieves")
        cards(one, game["id"], "safe", "home")
        assert tally(one)["won"] == 1
    with TestClient(create_app(config), base_url=LOCAL) as other:
        assert tally(other)["played"] == 0


def test_bringing_back_a_game_a_new_game_gave_up_takes_its_count_back(
    config: WebConfig,
) -> None:
    """As the terminal's undo after ``n``: the loss the New game counted
    goes when the last game comes back (across a restart too), and the game
    counts again when it is given up again; once another count is written
    after it, the count stays (and the game counts no more)."""
    with TestClient(create_app(config), base_url=LOCAL) as client:
        played = new(client, seed=7)
        cards(client, played["id"], "deck", "waste")
        new(client, seed=8, replaces=True)  # gives up deal 7: a loss
        assert tally(client)["played"] == 1
        cookie = client.cookies[COOKIE]
    with TestClient(create_app(config), base_url=LOCAL) as client:
        client.cookies[COOKIE] = cookie
        back = client.post(f"/api/games/{played['id']}/back")
        assert back.status_code == 200, back.text
        assert back.json()["state"]["moves"] == 1
        assert tally(client)["played"] == 0
        assert client.post(f"/api/games/{played['id']}/back").status_code == 200
        assert tally(client)["played"] == 0, "taken back once"
        new(client, seed=9, replaces=True)  # given up again: counted again
        assert tally(client)["played"] == 1
        other = new(client, seed=10)
        cards(client, other["id"], "deck", "waste")
        new(client, seed=11)  # another count written since
        client.post(f"/api/games/{played['id']}/back")
        assert tally(client)["played"] == 2, "a later count keeps the record"


def test_a_game_in_play_is_not_counted_until_it_ends_or_is_given_up(
    client: TestClient,
) -> None:
    """A move counts nothing while the game goes on (a first move counted a
    loss, and the win that followed never counted)."""
    dealt = new(client, seed=7)
    assert cards(client, dealt["id"], "deck", "waste").status_code == 200
    assert tally(client)["played"] == 0
    game = upload(client, "two_moves_from_winning.forty-thieves")
    step = client.post(f"/api/games/{game['id']}/hint").json()["hint"]
    played = cards(client, game["id"], step["source"], step["target"]).json()
    assert not played["finished"] and tally(client)["played"] == 0
    assert cards(client, game["id"], "safe", "home").json()["state"]["won"]
    assert (tally(client)["played"], tally(client)["won"]) == (1, 1)
