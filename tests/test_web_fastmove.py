"""The move route's short way (playmanager.web.fastmove) answers every
request exactly as FastAPI's route does, and takes the well-formed ones."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.types import Message, Receive, Scope, Send

from playmanager.web.app import WebConfig, create_app
from playmanager.web.fastmove import FastMoves

LOCAL = "http://127.0.0.1"
SLIDE = b'{"kind": "slide", "direction": "left"}'

BODIES = st.sampled_from(
    [
        SLIDE,
        b'{"kind": "slide", "direction": "up"}',
        b'{"kind": "slide", "direction": "down"}',
        b'{"kind": "slide", "direction": "right"}',
        b'{"kind": "slide", "direction": "north"}',
        b'{"kind": "slide", "direction": "up", "extra": 1}',
        b'{"kind": "slide"}',
        b'{"kind": "path", "path": [[0, 0]]}',
        b'{"kind": "cards", "source": "t0", "target": "home"}',
        b"[1, 2]",
        b"not json",
        b"",
    ]
)
QUERIES = st.sampled_from(
    [
        "",
        "refusal=answer",
        "refusal=error",
        "refusal=maybe",
        "version=1",
        "version=2&refusal=answer",
        "version=0",
        "version=01",
        "version=x",
        f"version={2**53 + 1}",
        "version=1&version=2",
        "unknown=1",
    ]
)
TYPES = st.sampled_from(["application/json", "text/plain", "application/json; charset=utf-8"])
GAME_IDS = st.sampled_from(["own", "other", "A" * 20, "bad!"])
REQUESTS = st.tuples(BODIES, QUERIES, TYPES, GAME_IDS)


def plain(app: FastAPI) -> FastAPI:
    """``app`` without its short way (before its first request builds it)."""
    app.user_middleware = [m for m in app.user_middleware if m.cls is not FastMoves]
    return app


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    made = []
    for name, wrap in (("fast", lambda app: app), ("plain", plain)):
        folder = tmp_path / name
        app = wrap(create_app(WebConfig(folder / "web.sqlite3", folder / "saves")))
        made.append(TestClient(app, base_url=LOCAL))
    with made[0] as fast, made[1] as slow:
        yield fast, slow


def answer(client: TestClient, games: dict[str, str], request: Any) -> tuple[int, Any]:
    body, query, content_type, which = request
    game_id = games.get(which, which)
    response = client.post(
        f"/api/games/{game_id}/intent?{query}",
        content=body,
        headers={"content-type": content_type},
    )
    text = response.text
    for name, real in games.items():  # each server names its games its own way
        text = text.replace(real, name)
    return response.status_code, text


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(requests=st.lists(REQUESTS, min_size=1, max_size=12), seed=st.integers(0, 50))
def test_every_move_request_gets_the_routes_own_answer(
    pair: tuple[TestClient, TestClient], requests: list[Any], seed: int
) -> None:
    fast, slow = pair
    games = []
    for client in (fast, slow):
        ids = {}
        for name, kind in (("own", "2048"), ("other", "dots")):
            created = client.post("/api/games", json={"game": kind, "seed": seed})
            assert created.status_code == 201, created.text
            ids[name] = created.json()["id"]
        games.append(ids)
    for request in requests:
        assert answer(fast, games[0], request) == answer(slow, games[1], request)


def scope_of(app: FastAPI, game_id: str, query: bytes, cookie: str) -> Scope:
    return {
        "type": "http",
        "method": "POST",
        "path": f"/api/games/{game_id}/intent",
        "query_string": query,
        "headers": [
            (b"content-type", b"application/json"),
            (b"cookie", f"client={cookie}".encode()),
        ],
        "app": app,
    }


@pytest.mark.parametrize(
    ("body", "query", "taken"),
    [
        (SLIDE, b"", True),
        (SLIDE, b"version=1&refusal=answer", True),
        (SLIDE, b"version=7", False),  # a stale version: FastAPI's 409
        (b'{"kind": "slide"}', b"", False),
        (SLIDE, b"refusal=later", False),
    ],
)
def test_a_well_formed_move_is_played_without_the_route(
    tmp_path: Path, body: bytes, query: bytes, taken: bool
) -> None:
    app = create_app(WebConfig(tmp_path / "web.sqlite3", tmp_path / "saves"))
    with TestClient(app, base_url=LOCAL) as client:
        game_id = client.post("/api/games", json={"game": "2048", "seed": 3}).json()["id"]
        cookie = client.cookies["client"]
    handed_on: list[bytes] = []
    sent: list[Message] = []

    async def route(scope: Scope, receive: Receive, send: Send) -> None:
        handed_on.append((await receive())["body"])

    async def receive() -> Message:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: Message) -> None:
        sent.append(message)

    try:
        asyncio.run(FastMoves(route)(scope_of(app, game_id, query, cookie), receive, send))
    finally:
        app.state.server.close()
    assert handed_on == ([] if taken else [body])  # handed on whole, or not at all
    assert [m.get("status") for m in sent[:1]] == ([200] if taken else [])
