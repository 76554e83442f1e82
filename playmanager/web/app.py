"""The web server: one JSON API for the three games, and the page.

``create_app(config)`` builds the ASGI app; :mod:`playmanager.web.cli`
serves it with uvicorn. The API (its OpenAPI schema is at
``/openapi.json``, an interactive explorer at ``/docs``):

=======================================  =====================================
``POST /api/games``                      a new game (options per game)
``GET  /api/games``                      this browser's games, latest first
``GET  /api/games/{id}``                 a game's state
``POST /api/games/{id}/intent``          a move: slide, card move or path
``POST /api/games/{id}/undo``            take back the last move
``POST /api/games/{id}/hint``            a good next move
``POST /api/games/{id}/autoplay``        play the hint
``GET  /api/games/{id}/save``            the save file the terminal writes
``POST /api/upload``                     a new game from a save file's text
``GET  /api/slots``                      this browser's named slots
``POST /api/slots``                      save a game in a slot
``POST /api/slots/open``                 a new game from a slot
``GET/POST /api/opening``                the game or FILE the command named
=======================================  =====================================

The routes live in :mod:`playmanager.web.routes` (one module per room),
the games' web pieces in :mod:`playmanager.web.games` (one module per
game); what they share comes as dependencies (:mod:`playmanager.web.deps`).
"""

from __future__ import annotations

from typing import Any, Final

from fastapi import FastAPI

from . import errors, schemas
from .deps import COOKIE, MAX_BODY, Server, WebConfig
from .fastmove import FastMoves
from .guard import LOOPBACK_NAMES, Guard
from .live import LiveGames
from .loading import Opening, opening_of
from .routes import files, games, guide, opening, page, slots
from .solver import Solver
from .store import Store

ERRORS: Final[dict[int | str, dict[str, Any]]] = {
    status: {"model": schemas.ErrorOut}
    for status in (400, 404, 409, 410, 413, 422, 503)
}

__all__ = ["COOKIE", "MAX_BODY", "Opening", "WebConfig", "create_app", "opening_of"]


def create_app(config: WebConfig) -> FastAPI:
    store = Store(str(config.database))
    server = Server(config, store, LiveGames(store), Solver())
    # The routes reach the server's parts through deps.server (Depends).

    app = FastAPI(
        title="playmanager web",
        summary="2048, Forty Thieves and Dots: intents in, states out",
        docs_url=None,
        redoc_url=None,
        responses=ERRORS,
    )
    app.state.server = server
    errors.install(app)
    for room in (games, files, slots, opening, guide, page):
        app.include_router(room.router)
    page.mount_files(app)
    app.add_middleware(FastMoves)  # inside Guard: the last added is outermost
    app.add_middleware(
        Guard,
        max_body=config.max_body,
        allowed_hosts=LOOPBACK_NAMES if config.loopback else None,
    )
    return app
