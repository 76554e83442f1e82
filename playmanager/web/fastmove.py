"""The hot route's short way: a well-formed move, straight to the game.

A move (``POST /api/games/{id}/intent``) is nearly every request a
playing browser makes, and FastAPI's layers around it (its middleware,
routing, dependency solving, validating the answer again) cost more CPU
than the move itself. This ASGI layer, inside :class:`~.guard.Guard`,
plays a move whose every part is well-formed and whose game this browser
holds, with the same validation (the same pydantic types), the same
:func:`~.routes.games.play_intent` and the same answer. Everything else
(a malformed body or query, an unknown game or browser, a refusal that
is a 409) goes on to FastAPI untouched, which answers it as it always
has: nothing has changed the game when a request is handed on.
"""

from __future__ import annotations

import json
import re
from typing import Final
from urllib.parse import parse_qsl

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from . import schemas
from .deps import RefusalMode, Version, known_client, server_of
from .errors import ApiError
from .guard import replay
from .routes.answers import game_json
from .routes.games import play_intent

INTENT_PATH: Final = re.compile(r"/api/games/([A-Za-z0-9_-]{16,64})/intent")
"""The move route's path (the game id as :data:`schemas.GAME_ID_PATTERN`)."""
INTENT: Final = TypeAdapter(schemas.Intent)
JSON_TYPE: Final = b"application/json"


class MoveQuery(BaseModel):
    """The move route's query, with the route's own types."""

    model_config = ConfigDict(extra="forbid")
    version: Version = None
    refusal: RefusalMode = "error"


class FastMoves:
    """The ASGI layer described in the module docstring."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = INTENT_PATH.fullmatch(scope["path"]) if scope["type"] == "http" else None
        if path is None or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        body = await _body(receive)
        if not await self._move(scope, path[1], body, receive, send):
            await self.app(scope, replay(body, receive), send)

    async def _move(
        self, scope: Scope, game_id: str, body: bytes, receive: Receive, send: Send
    ) -> bool:
        """Play and answer the move; False (nothing changed) to hand it on."""
        request = Request(scope)
        if request.headers.get("content-type", "").encode() != JSON_TYPE:
            return False
        found = server_of(request)
        token = known_client(request)
        try:
            query = MoveQuery.model_validate(_query(scope["query_string"]))
            intent = INTENT.validate_python(json.loads(body))
            live = found.games.get(token, game_id) if token else None
        except (ValueError, ValidationError, LookupError):  # JSON's errors are ValueErrors
            return False
        if live is None:
            return False
        try:
            answer = await play_intent(found, live, intent, query.version, query.refusal)
        except ApiError:  # a 409: refused before anything changed
            return False
        await game_json(answer)(scope, receive, send)
        return True


def _query(text: bytes) -> dict[str, str]:
    """A query's fields; ValueError for one named twice (FastAPI's own
    reading of that is left to it)."""
    pairs = parse_qsl(text.decode("latin-1"), keep_blank_values=True)
    fields = dict(pairs)
    if len(fields) != len(pairs):
        raise ValueError("a field named twice")
    return fields


async def _body(receive: Receive) -> bytes:
    """The request's body (:class:`~.guard.Guard` has read it whole already)."""
    chunks = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)
