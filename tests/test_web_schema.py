"""The API against its own OpenAPI schema (schemathesis): for generated
requests, valid and not, never a 5xx and never an answer outside the
schema. Bounded: a few dozen examples per operation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install '.[web]'")
schemathesis = pytest.importorskip("schemathesis")

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from playmanager.web.app import COOKIE, WebConfig, create_app
from playmanager.web.schemas import GAME_ID_PATTERN

_FOLDER = Path(__import__("tempfile").mkdtemp(prefix="web-schema-"))
APP = create_app(WebConfig(_FOLDER / "web.sqlite3", _FOLDER / "saves", loopback=False))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)
# 413 is how the server refuses a body over its cap (before any route).
schema.config.checks.negative_data_rejection.expected_statuses.append("413")

# Real games of one client, so that generated requests reach the game
# routes (a random id is only a 404): a body of one game's intent goes to
# that game, anything else to the 2048 game.
# (Not "with": that would run the app's shutdown, which closes its store.)
_client = TestClient(APP, base_url="http://127.0.0.1")
GAMES = {
    kind: _client.post("/api/games", json={"game": game, "seed": 1}).json()["id"]
    for kind, game in (
        ("slide", "2048"),
        ("cards", "forty-thieves"),
        ("path", "dots"),
    )
}
COOKIE_HEADER = f"{COOKIE}={_client.cookies[COOKIE]}"


def aim_at_a_real_game(case: schemathesis.Case) -> None:
    # An id that breaks the schema's pattern stays: it is the point of a
    # negative case (replaced, the request would be a valid one that the
    # check then calls "schema-violating data accepted").
    game_id = (case.path_parameters or {}).get("game_id")
    if isinstance(game_id, str) and re.fullmatch(GAME_ID_PATTERN, game_id):
        kind = case.body.get("kind") if isinstance(case.body, dict) else None
        case.path_parameters["game_id"] = GAMES.get(str(kind), GAMES["slide"])


@schema.parametrize()
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_api_keeps_to_its_schema(case: schemathesis.Case) -> None:
    # A save file's content is beyond a schema: a well-formed upload may
    # hold a save the loader refuses (422, the terminal's message).
    refusable = case.operation.path == "/api/upload"
    excluded = [positive_data_acceptance] if refusable else []
    aim_at_a_real_game(case)
    case.call_and_validate(excluded_checks=excluded, headers={"cookie": COOKIE_HEADER})
