"""What the routes share, as FastAPI dependencies: the server's parts (the
store, the live games, the slots, the solver pool), the browser asking
(its ``client`` cookie) and the game it names."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Final, Literal

from fastapi import Depends, Query, Request, Response
from fastapi import Path as PathParam

from . import schemas
from .errors import ApiError, fail
from .games import GAME_KINDS
from .live import GoneError, LiveGame, LiveGames, NoSuchGameError
from .loading import Opening
from .slots import Slots
from .solver import Solver
from .store import Store

COOKIE: Final = "client"
COOKIE_AGE: Final = 400 * 24 * 3600
MAX_BODY: Final = 16 << 20
"""Big enough for every save the command line writes: a 1024x1024 2048
board of ten-digit tiles is 11 MiB (its upload's JSON a little more)."""
BROWSER_SHELVES: Final = "browsers"
"""The saves folder's subfolder of each browser's own slots."""
NO_GAME: Final = "no such game in this browser"


@dataclass(frozen=True)
class WebConfig:
    database: Path
    saves: Path
    loopback: bool = True
    """Whether the server listens on loopback only (the Host check is on)."""
    opening: Opening = field(default_factory=Opening)
    max_body: int = MAX_BODY
    shared_slots: bool = False
    """One shelf of slots for every browser (else each browser its own)."""


@dataclass
class Server:
    """The server's parts, one per app (``app.state.server``)."""

    config: WebConfig
    store: Store
    games: LiveGames
    solver: Solver
    best: dict[str, int] = field(default_factory=dict)
    """Each client's best 2048 score, read from the store once."""

    def slots(self, token: str | None) -> Slots | None:
        """The slots this browser sees: the shared shelf, or its own (None
        for a browser the server does not know yet: it has none)."""
        extensions = tuple(kind.extension for kind in GAME_KINDS.values())
        if self.config.shared_slots:
            return Slots(self.config.saves, extensions)
        if token is None:
            return None
        shelf = hashlib.sha256(token.encode()).hexdigest()[:32]
        return Slots(self.config.saves / BROWSER_SHELVES / shelf, extensions)

    def close(self) -> None:
        self.solver.close()
        self.store.close()


# The dependencies are ``async``: FastAPI runs a plain ``def`` one in a
# worker thread, a thread hop per request that cost a third of a move.
def server_of(request: Request) -> Server:
    found: Server = request.app.state.server
    return found


async def server(request: Request) -> Server:
    return server_of(request)


ServerDep = Annotated[Server, Depends(server)]


def known_client(request: Request) -> str | None:
    """This browser's token when the server knows it, else None."""
    token = request.cookies.get(COOKIE)
    if token and len(token) <= 64 and server_of(request).games.known_client(token):
        return token
    return None


async def maybe_client(request: Request) -> str | None:
    return known_client(request)


async def client(request: Request, response: Response) -> str:
    """This browser's token; a new one (and its cookie) if it has none."""
    token = known_client(request)
    if token is None:
        token = server_of(request).games.new_client()
        response.set_cookie(
            COOKIE, token, max_age=COOKIE_AGE, httponly=True, samesite="strict"
        )
    return token


def reader_of(request: Request) -> str:
    """This browser's token; 404 when it has none (so it has no game)."""
    token = known_client(request)
    if token is None:
        fail(404, NO_GAME, "id")
    return token


async def reader(request: Request) -> str:
    return reader_of(request)


Client = Annotated[str, Depends(client)]
Reader = Annotated[str, Depends(reader)]
MaybeClient = Annotated[str | None, Depends(maybe_client)]
GameId = Annotated[str, PathParam(pattern=schemas.GAME_ID_PATTERN)]
RefusalMode = Annotated[
    Literal["answer", "error"],
    Query(
        description="how a refused change (a move the rules refuse, nothing "
        "to undo, no move left, a stale version) is answered: 'error' a 409; "
        "'answer' a 200 with the game as it is and ``refused`` (a refusal "
        "is the game's answer, not a failed request for the browser to log)",
    ),
]
Version = Annotated[
    int | None,
    Query(
        ge=1,
        le=2**53,
        description="the game's version this change was made on: 409 when "
        "the game has changed since (another tab)",
    ),
]


def gone(game_id: str) -> ApiError:
    """410: the game went; the page offers its save."""
    return ApiError(
        410,
        "this game was put away (unplayed for a long time, or over this "
        "browser's games); its save is still there to download",
        "id",
        {"download": f"/api/games/{game_id}/save"},
    )


def find_game(games: LiveGames, token: str, game_id: str) -> LiveGame:
    try:
        return games.get(token, game_id)
    except GoneError:
        raise gone(game_id) from None
    except NoSuchGameError:
        fail(404, NO_GAME, "id")


async def live_game(request: Request, game_id: GameId, found: ServerDep) -> LiveGame:
    """The game the path names, of this browser; 404, or 410 when it went.
    (The browser is read here, not by a dependency of its own: each one
    costs every move its share of FastAPI's solving.)"""
    return find_game(found.games, reader_of(request), game_id)


Live = Annotated[LiveGame, Depends(live_game)]
