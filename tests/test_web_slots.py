"""Slots per browser (issue 30, item 5): a browser sees and overwrites
only its own slots; ``--shared-slots`` puts every browser on one shelf."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install '.[web]'")

from fastapi.testclient import TestClient

from playmanager.web.app import WebConfig, create_app
from playmanager.web.cli import build_parser
from tests.test_web_api import LOCAL, new


def browsers(config: WebConfig) -> tuple[TestClient, TestClient]:
    app = create_app(config)
    return TestClient(app, base_url=LOCAL), TestClient(app, base_url=LOCAL)


def save(browser: TestClient, game_id: str, name: str, overwrite: bool = False) -> int:
    body = {"name": name, "game_id": game_id, "overwrite": overwrite}
    return browser.post("/api/slots", json=body).status_code


def names(browser: TestClient) -> list[str]:
    return [slot["name"] for slot in browser.get("/api/slots").json()]


def test_each_browser_sees_and_overwrites_only_its_own_slots(tmp_path: Path) -> None:
    alice, bob = browsers(WebConfig(tmp_path / "web.sqlite3", tmp_path / "saves"))
    mine = new(alice, "2048", seed=1)
    theirs = new(bob, "2048", seed=2)
    assert save(alice, mine["id"], "slot") == 201
    assert names(alice) == ["slot"] and names(bob) == []
    assert save(bob, theirs["id"], "slot") == 201, "bob's own shelf: no question"
    opened = alice.post("/api/slots/open", json={"name": "slot", "game": "2048"})
    assert opened.json()["state"]["board"] == mine["state"]["board"]
    opened = bob.post("/api/slots/open", json={"name": "slot", "game": "2048"})
    assert opened.json()["state"]["board"] == theirs["state"]["board"]
    assert len(list((tmp_path / "saves" / "browsers").iterdir())) == 2
    stranger = TestClient(alice.app, base_url=LOCAL)
    assert stranger.get("/api/slots").json() == []
    missing = stranger.post("/api/slots/open", json={"name": "slot", "game": "2048"})
    assert missing.status_code == 404


def test_a_shared_shelf_is_one_for_every_browser(tmp_path: Path) -> None:
    config = WebConfig(tmp_path / "web.sqlite3", tmp_path / "saves", shared_slots=True)
    alice, bob = browsers(config)
    mine = new(alice, "2048", seed=1)
    theirs = new(bob, "2048", seed=2)
    assert save(alice, mine["id"], "slot") == 201
    assert names(bob) == ["slot"]
    assert save(bob, theirs["id"], "slot") == 409, "another's slot: asked first"
    assert save(bob, theirs["id"], "slot", overwrite=True) == 201
    assert (tmp_path / "saves" / "slot.2048").exists()


def test_the_command_line_names_the_shared_shelf() -> None:
    parser = build_parser()
    assert parser.parse_args(["--web", "--shared-slots"]).shared_slots
    assert not parser.parse_args(["--web"]).shared_slots


def test_a_slot_this_game_wrote_is_its_own_after_many_moves_and_undos(
    tmp_path: Path,
) -> None:
    """The server rebuilds a long game's session from its dump (and after
    an undo read back from the database): the slot the game wrote stays
    its own, saved again without a question."""
    alice, _ = browsers(WebConfig(tmp_path / "web.sqlite3", tmp_path / "saves"))
    game = new(alice, "2048", seed=1)
    assert save(alice, game["id"], "a") == 201
    version = game["version"]
    for number in range(40):
        direction = ("left", "right", "up", "down")[number % 4]
        moved = alice.post(
            f"/api/games/{game['id']}/intent",
            params={"version": version},
            json={"kind": "slide", "direction": direction},
        ).json()
        version = moved["version"]
    assert save(alice, game["id"], "a") == 201
    for _ in range(30):
        undone = alice.post(
            f"/api/games/{game['id']}/undo", params={"version": version}
        )
        if undone.status_code != 200:
            break
        version = undone.json()["version"]
    assert save(alice, game["id"], "a") == 201
