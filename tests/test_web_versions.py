"""Games never change or vanish silently (issue 30, item 2), through the
API: every state carries a version, a change made on an older version is
refused with 409 and the game as it is, and a game that must go answers
410 with its save still downloadable."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install '.[web]'")

from fastapi.testclient import TestClient

from playmanager.twenty48 import savefile as t48_savefile
from playmanager.web import live as live_module
from playmanager.web import store as store_module
from playmanager.web.app import COOKIE, WebConfig, create_app
from tests.test_web_api import LOCAL, new

LEFT = {"kind": "slide", "direction": "left"}


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app(WebConfig(tmp_path / "web.sqlite3", tmp_path / "saves"))


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app, base_url=LOCAL) as made:
        yield made


def change(
    client: TestClient, game_id: str, what: str, version: int, body: Any = None
) -> Any:
    return client.post(
        f"/api/games/{game_id}/{what}", params={"version": version}, json=body
    )


def moving(client: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    """A slide that moves tiles in ``game`` (from its own version)."""
    for direction in ("left", "right", "up", "down"):
        body = {"kind": "slide", "direction": direction}
        out: dict[str, Any] = change(
            client, game["id"], "intent", game["version"], body
        ).json()
        if out["no_change"] is None:
            return out
    raise AssertionError("no slide moves this board")


def test_every_change_raises_the_version_and_a_no_op_does_not(
    client: TestClient,
) -> None:
    game = new(client, "2048", seed=5)
    moved = moving(client, game)
    assert moved["version"] == game["version"] + 1
    undone = change(client, game["id"], "undo", moved["version"]).json()
    assert undone["version"] == moved["version"] + 1
    assert undone["state"]["board"] == game["state"]["board"]
    assert client.get(f"/api/games/{game['id']}").json()["version"] == undone["version"]


@pytest.mark.parametrize("what", ["intent", "undo", "autoplay"])
def test_a_change_on_a_stale_version_is_refused_with_the_game_as_it_is(
    client: TestClient, what: str
) -> None:
    game = new(client, "2048", seed=5)
    other_tab = moving(client, game)  # another tab moved first
    stale = change(
        client, game["id"], what, game["version"], LEFT if what == "intent" else None
    )
    assert stale.status_code == 409
    body = stale.json()
    assert body["field"] == "version" and "another tab" in body["error"]
    assert "\n" not in body["error"]
    assert body["game"] == client.get(f"/api/games/{game['id']}").json()
    assert body["game"]["state"] == other_tab["state"], "the other tab's move stands"
    assert body["game"]["version"] == other_tab["version"]


@pytest.mark.parametrize("what", ["intent", "undo", "autoplay"])
def test_with_refusal_answer_a_stale_change_answers_the_game_as_it_is(
    client: TestClient, what: str
) -> None:
    """The page's way: the same refusal as a 200, so no console error."""
    game = new(client, "2048", seed=5)
    other_tab = moving(client, game)
    stale = client.post(
        f"/api/games/{game['id']}/{what}",
        params={"version": game["version"], "refusal": "answer"},
        json=LEFT if what == "intent" else None,
    )
    assert stale.status_code == 200
    body = stale.json()
    assert body["refused"]["field"] == "version"
    assert "another tab" in body["refused"]["error"]
    assert {**body, "refused": None} == client.get(f"/api/games/{game['id']}").json()
    assert body["state"] == other_tab["state"], "the other tab's move stands"


@pytest.mark.parametrize(
    ("kind", "what", "why"),
    [
        ("2048", "undo", "Nothing to undo"),
        ("dots", "undo", "Nothing to undo"),
        ("forty-thieves", "undo", "Nothing to undo"),
        ("dots", "autoplay", "no move is left"),
    ],
)
def test_with_refusal_answer_undo_and_autoplay_refusals_are_answers(
    client: TestClient, kind: str, what: str, why: str
) -> None:
    if what == "autoplay":  # a Dots game of one move, played: none left
        game = new(client, kind, seed=5, moves=1)
        game = client.post(f"/api/games/{game['id']}/autoplay").json()
    else:
        game = new(client, kind, seed=5)
    path = f"/api/games/{game['id']}/{what}"
    assert client.post(path).status_code == 409, "without it: a 409"
    answer = client.post(path, params={"refusal": "answer"})
    assert answer.status_code == 200
    body = answer.json()
    assert body["refused"] == {"error": why, "field": None}
    assert body["version"] == game["version"] and body["state"] == game["state"]
    assert body["can_undo"] == game["can_undo"]


def test_undo_in_one_tab_cannot_take_back_the_other_tabs_move(
    client: TestClient,
) -> None:
    game = new(client, "dots", seed=3)
    path = client.post(f"/api/games/{game['id']}/hint").json()["hint"]
    played = change(client, game["id"], "intent", game["version"], path).json()
    refused = change(client, game["id"], "undo", game["version"])
    assert refused.status_code == 409
    now = client.get(f"/api/games/{game['id']}").json()
    assert now["state"] == played["state"] and now["state"]["moves"] == 1


def test_a_change_without_a_version_is_not_checked(client: TestClient) -> None:
    """A script (curl) that sends no version plays on whatever is there."""
    game = new(client, "2048", seed=5)
    moving(client, game)
    assert client.post(f"/api/games/{game['id']}/undo").status_code == 200


def test_a_version_survives_a_restart(tmp_path: Path) -> None:
    config = WebConfig(tmp_path / "web.sqlite3", tmp_path / "saves")
    with TestClient(create_app(config), base_url=LOCAL) as client:
        game = new(client, "2048", seed=5)
        moved = moving(client, game)
        cookie = client.cookies[COOKIE]
    with TestClient(create_app(config), base_url=LOCAL) as client:
        client.cookies[COOKIE] = cookie
        assert (
            client.get(f"/api/games/{game['id']}").json()["version"] == moved["version"]
        )
        assert change(client, game["id"], "undo", game["version"]).status_code == 409


def assert_gone(client: TestClient, game_id: str) -> str:
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 410, response.text
    body = response.json()
    assert body["field"] == "id" and "\n" not in body["error"]
    assert body["download"] == f"/api/games/{game_id}/save"
    for what in ("intent", "undo", "hint"):
        assert client.post(f"/api/games/{game_id}/{what}", json=LEFT).status_code == 410
    saved = client.get(body["download"])
    assert saved.status_code == 200
    assert "attachment" in saved.headers["content-disposition"]
    return saved.text


def test_over_the_cap_the_least_recently_played_game_goes_with_its_save(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_module, "GAMES_PER_CLIENT", 3)
    old = new(client, "2048", seed=5)
    old = moving(client, old)
    text = client.get(f"/api/games/{old['id']}/save").text
    played = new(client, "2048", seed=6)
    time.sleep(0.01)
    for _ in range(2):
        new(client, "dots")
    moving(client, played)  # played since: it stays
    new(client, "dots")
    assert client.get(f"/api/games/{played['id']}").status_code == 200
    assert assert_gone(client, old["id"]) == text
    assert len(client.get("/api/games").json()) == 3


def test_a_game_goes_by_age_and_is_never_dropped_while_played(
    app: Any, client: TestClient
) -> None:
    idle = new(client, "2048", seed=5)
    busy = new(client, "forty-thieves", seed=3)
    games, store = app.state.server.games, app.state.server.store
    next_sweep = time.time() + live_module.SWEEP_SECONDS
    games.sweep(now=next_sweep)  # both played just now: both stay
    assert client.get(f"/api/games/{idle['id']}").status_code == 200
    store.db.execute(
        "UPDATE games SET updated = updated - ? WHERE id = ?",
        (store_module.IDLE_SECONDS + 2 * live_module.SWEEP_SECONDS, idle["id"]),
    )
    games.cache.clear()  # as after a restart
    games.sweep(now=next_sweep + live_module.SWEEP_SECONDS)
    text = assert_gone(client, idle["id"])
    t48_savefile.parse_save(text, "gone")  # a save the terminal reads
    assert client.get(f"/api/games/{busy['id']}").status_code == 200


def test_another_browser_gets_no_gone_game(
    app: Any, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_module, "GAMES_PER_CLIENT", 1)
    first = new(client, "2048", seed=5)
    new(client, "2048", seed=6)
    with TestClient(app, base_url=LOCAL) as other:
        new(other, "dots")
        assert other.get(f"/api/games/{first['id']}").status_code == 404
        assert other.get(f"/api/games/{first['id']}/save").status_code == 404
