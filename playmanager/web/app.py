"""The web server: one JSON API for the three games, and the page.

``create_app(config)`` builds the ASGI app; :mod:`playmanager.web.cli`
serves it with uvicorn. The API (its OpenAPI schema is at
``/openapi.json``, a readable list at ``/docs``):

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
``GET  /api/slots``                      the named slots in the saves folder
``POST /api/slots``                      save a game in a slot
``POST /api/slots/open``                 a new game from a slot
``GET/POST /api/opening``                the game or FILE the command named
=======================================  =====================================

A browser is a client: its first game sets a random ``client`` cookie,
and it reaches only its own games (any other id is "no such game").
Handlers are ``async`` and quick; a hint's search runs in a worker thread
while the game's lock keeps its other requests waiting.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Final, NoReturn

import anyio
from fastapi import Body, Depends, FastAPI, Request, Response
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from ..messages import cannot_load
from ..session import WouldOverwriteError
from ..storage import SaveFileError, describe_os_error, header_game, read_text
from . import schemas
from .adapters import (
    GAME_KINDS,
    CardMove,
    DotsPath,
    Intent,
    RefusedError,
    Slide,
    Twenty48Game,
    WebGame,
)
from .guard import LOOPBACK_NAMES, Guard
from .live import LiveGame, LiveGames, NoSuchGameError
from .slots import SLOT_NAME_RULE, Slots
from .store import Store

COOKIE: Final = "client"
COOKIE_AGE: Final = 400 * 24 * 3600
MAX_BODY: Final = 256 * 1024
STATIC: Final = resources.files("playmanager.web") / "static"
_FIRST_LINE_CHARS: Final = 200


class ApiError(Exception):
    """A request the API refuses: the status, one line, the field at fault."""

    def __init__(self, status: int, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field


def fail(status: int, message: str, field: str | None = None) -> NoReturn:
    raise ApiError(status, message, field)


@dataclass(frozen=True)
class Opening:
    """What the command line asked the page to open first."""

    game: str | None = None
    """``--game NAME``, or the game of FILE."""
    file: str | None = None
    """FILE as given, for the page to name."""
    text: str | None = None
    """FILE's text, already checked by the game's loader."""


@dataclass(frozen=True)
class WebConfig:
    database: Path
    saves: Path
    loopback: bool = True
    """Whether the server listens on loopback only (the Host check is on)."""
    opening: Opening = Opening()
    max_body: int = MAX_BODY


def kind_of_save(text: str) -> type[WebGame]:
    """The game a save file's text holds, as the terminal decides: the
    header's game, else 2048 (whose loader then says what is wrong)."""
    first = text[:_FIRST_LINE_CHARS].split("\n", 1)[0]
    return GAME_KINDS.get(header_game(first) or "", Twenty48Game)


def load_save(text: str, source: str) -> WebGame:
    """The game in a save's text; ApiError with the terminal's message."""
    kind = kind_of_save(text)
    try:
        return kind.load(text, source)
    except SaveFileError as error:
        fail(422, cannot_load(error.path, error.detail).strip(), "text")
    except RefusedError as error:
        fail(422, error.message, error.field)


def opening_of(game: str | None, file: str | None) -> Opening | str:
    """What the command line asks the page to open, or the one line that
    says why FILE cannot be: as the terminal reads it, never written."""
    if file is None:
        return Opening(game=game)
    if not os.path.exists(file):
        return (
            f"playmanager: {file} does not exist; the web page opens save files "
            "(it saves to downloads and slots)"
        )
    try:
        text = read_text(file)
        loaded = load_save(text, file)
    except SaveFileError as error:
        return cannot_load(error.path, error.detail).strip()
    except ApiError as error:
        return error.message
    if game is not None and game != loaded.kind:
        return (
            f"playmanager: {file} holds a game of {loaded.kind}, not {game}; "
            f"leave out --game or use --game {loaded.kind}"
        )
    return Opening(game=loaded.kind, file=file, text=text)


def plain_file_name(name: str) -> str:
    """An uploaded file's name fit for a one-line message."""
    base = name.replace("\\", "/").rpartition("/")[2]
    shown = "".join(ch for ch in base if ch.isprintable())[:100]
    return shown or "upload"


def _intent(
    body: schemas.SlideIntent | schemas.CardIntent | schemas.PathIntent,
) -> Intent:
    if isinstance(body, schemas.SlideIntent):
        return Slide(body.direction)
    if isinstance(body, schemas.CardIntent):
        return CardMove(body.source, body.target)
    return DotsPath(tuple((r, c) for r, c in body.path))


def _intent_json(intent: Intent) -> dict[str, Any]:
    if isinstance(intent, Slide):
        return {"kind": "slide", "direction": intent.direction}
    if isinstance(intent, CardMove):
        return {"kind": "cards", "source": intent.source, "target": intent.target}
    return {"kind": "path", "path": [list(cell) for cell in intent.path]}


PATTERN_WORDS: Final = {
    "name": SLOT_NAME_RULE,
    "source": "a pile is t0 to t9, f0 to f7, waste or deck",
    "target": "a target is t0 to t9, f0 to f7, waste or home",
    "game_id": "not a game id",
}
ERRORS: Final[dict[int | str, dict[str, Any]]] = {
    status: {"model": schemas.ErrorOut} for status in (400, 404, 409, 413, 422)
}
GameId = Annotated[str, PathParam(pattern=schemas.GAME_ID_PATTERN)]


# ---------------------------------------------------------------- clients
def known_client(request: Request) -> str | None:
    """This browser's token when the server knows it, else None."""
    games: LiveGames = request.app.state.games
    token = request.cookies.get(COOKIE)
    if token and len(token) <= 64 and games.known_client(token):
        return token
    return None


async def client(request: Request, response: Response) -> str:
    """This browser's token; a new one (and its cookie) if it has none."""
    token = known_client(request)
    if token is None:
        token = request.app.state.games.new_client()
        response.set_cookie(
            COOKIE, token, max_age=COOKIE_AGE, httponly=True, samesite="strict"
        )
    return str(token)


async def reader(request: Request) -> str:
    """This browser's token; 404 when it has none (so it has no game)."""
    token = known_client(request)
    if token is None:
        fail(404, "no such game in this browser", "id")
    return token


Client = Annotated[str, Depends(client)]
Reader = Annotated[str, Depends(reader)]


def create_app(config: WebConfig) -> FastAPI:
    store = Store(str(config.database))
    games = LiveGames(store)
    slots = Slots(config.saves, tuple(kind.extension for kind in GAME_KINDS.values()))
    best: dict[str, int] = {}

    app = FastAPI(
        title="playmanager web",
        summary="2048, Forty Thieves and Dots: intents in, states out",
        docs_url=None,
        redoc_url=None,
        responses=ERRORS,
    )
    app.state.store = store
    app.state.games = games

    def live_game(token: str, game_id: str) -> LiveGame:
        try:
            return games.get(token, game_id)
        except NoSuchGameError:
            fail(404, "no such game in this browser", "id")

    def out(live: LiveGame, **extra: Any) -> schemas.GameOut:
        game = live.game
        score = None
        if isinstance(game, Twenty48Game):
            score = game.game.getScore()
            if score > best.setdefault(live.client, store.best_2048(live.client)):
                best[live.client] = score
                store.raise_best_2048(live.client, score)
            score = best[live.client]
        return schemas.GameOut(
            id=live.id,
            game=schemas.game_name(game.kind),
            state=game.view(),
            can_undo=live.can_undo,
            finished=game.finished(),
            best=score,
            **extra,
        )

    def start(token: str, game: WebGame) -> schemas.GameOut:
        return out(games.create(token, game))

    # ------------------------------------------------------------ errors
    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        return _error(error.status, error.message, error.field)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        return _error(422, *_first_problem(error.errors()))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(
        request: Request, error: StarletteHTTPException
    ) -> JSONResponse:
        response = _error(error.status_code, str(error.detail), None)
        response.headers.update(error.headers or {})
        if error.status_code == 405:  # every method of the path, not one route's
            response.headers["allow"] = _allowed_methods(app, request.scope)
        return response

    @app.exception_handler(Exception)
    async def crashed(request: Request, error: Exception) -> JSONResponse:
        return _error(500, "the server failed; the game is as it was", None)

    # ------------------------------------------------------------ games
    @app.post("/api/games", status_code=201, response_model=schemas.GameOut)
    async def new_game(
        token: Client, options: Annotated[schemas.NewGame, Body()]
    ) -> schemas.GameOut:
        """Start a new game with these options."""
        fields = options.model_dump(exclude={"game"})
        return start(token, GAME_KINDS[options.game].new(fields))

    @app.get("/api/games", response_model=list[schemas.GameSummary])
    async def list_games(request: Request) -> list[schemas.GameSummary]:
        """This browser's games, the latest first."""
        token = known_client(request)
        if token is None:
            return []
        return [
            schemas.GameSummary(id=i, game=schemas.game_name(kind), updated=updated)
            for i, kind, updated in games.list(token)
        ]

    @app.get("/api/games/{game_id}", response_model=schemas.GameOut)
    async def get_game(token: Reader, game_id: GameId) -> schemas.GameOut:
        """The game's state."""
        return out(live_game(token, game_id))

    @app.post("/api/games/{game_id}/intent", response_model=schemas.GameOut)
    async def play(
        token: Reader,
        game_id: GameId,
        intent: Annotated[
            schemas.SlideIntent | schemas.CardIntent | schemas.PathIntent,
            Body(discriminator="kind"),
        ],
    ) -> schemas.GameOut:
        """Play a move: 409 with the rules' reason when they refuse it."""
        live = live_game(token, game_id)
        async with live.lock:
            try:
                live.game.play(_intent(intent))
            except RefusedError as refused:
                fail(409, refused.message, refused.field)
            games.record(live)
            return out(live)

    @app.post("/api/games/{game_id}/undo", response_model=schemas.GameOut)
    async def undo(token: Reader, game_id: GameId) -> schemas.GameOut:
        """Take back the last move (or the autoplay step)."""
        live = live_game(token, game_id)
        async with live.lock:
            if not games.undo(live):
                fail(409, "nothing to undo", None)
            return out(live)

    @app.post("/api/games/{game_id}/hint", response_model=schemas.HintOut)
    async def hint(token: Reader, game_id: GameId) -> schemas.HintOut:
        """A good next move, without playing it."""
        live = live_game(token, game_id)
        async with live.lock:
            game = live.game
            found = (
                None if game.finished() else await anyio.to_thread.run_sync(game.hint)
            )
        if found is None:
            return schemas.HintOut(hint=None, words="no move is left")
        return schemas.HintOut(hint=_intent_json(found[0]), words=found[1])

    @app.post("/api/games/{game_id}/autoplay", response_model=schemas.GameOut)
    async def autoplay(token: Reader, game_id: GameId) -> schemas.GameOut:
        """Play the hint's move; 409 when no move is left."""
        live = live_game(token, game_id)
        async with live.lock:
            step = await anyio.to_thread.run_sync(live.game.autoplay_step)
            if step is None:
                fail(409, "no move is left", None)
            games.record(live)
            return out(live, played=_intent_json(step[0]), words=step[1])

    @app.get(
        "/api/games/{game_id}/save",
        response_model=None,
        responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}}}},
    )
    async def download(token: Reader, game_id: GameId) -> PlainTextResponse:
        """The game as the save file the terminal writes."""
        game = live_game(token, game_id).game
        name = f"save.{game.extension}"
        return PlainTextResponse(
            game.save_text(),
            headers={"content-disposition": f'attachment; filename="{name}"'},
        )

    @app.post("/api/upload", status_code=201, response_model=schemas.GameOut)
    async def upload(token: Client, body: schemas.Upload) -> schemas.GameOut:
        """A new game from a save file, checked as the terminal checks it."""
        return start(token, load_save(body.text, plain_file_name(body.filename)))

    # ------------------------------------------------------------ slots
    @app.get("/api/slots", response_model=list[schemas.SlotOut])
    async def list_slots() -> list[schemas.SlotOut]:
        """The save slots, the latest first (shared by everyone who can
        reach this server)."""
        return [
            schemas.SlotOut(
                name=slot.name,
                game=schemas.game_name(_kind_of_extension(slot.extension)),
                size=slot.size,
                modified=slot.modified,
            )
            for slot in slots.list()
        ]

    @app.post("/api/slots", status_code=201, response_model=schemas.SlotOut)
    async def save_slot(token: Reader, body: schemas.SlotSave) -> schemas.SlotOut:
        """Save a game in a slot (the session's save: atomic, and 409 when
        it would replace a slot this game did not write, unless overwrite)."""
        live = live_game(token, body.game_id)
        path = _slot_path(slots, body.name, live.game.extension)
        async with live.lock:
            try:
                slots.folder.mkdir(parents=True, exist_ok=True)
                live.game.session.save(str(path), overwrite=body.overwrite)
            except WouldOverwriteError:
                fail(409, f"the slot {body.name} exists; replace it?", "name")
            except OSError as error:
                fail(
                    409, f"cannot save {body.name}: {describe_os_error(error)}", "name"
                )
        found = path.stat()
        return schemas.SlotOut(
            name=body.name,
            game=schemas.game_name(live.kind),
            size=found.st_size,
            modified=found.st_mtime,
        )

    @app.post("/api/slots/open", status_code=201, response_model=schemas.GameOut)
    async def open_slot(token: Client, body: schemas.SlotOpen) -> schemas.GameOut:
        """A new game from a slot, checked as the terminal checks a save."""
        extension = GAME_KINDS[body.game].extension
        path = _slot_path(slots, body.name, extension)
        try:
            text = slots.read(body.name, extension)
        except SaveFileError as error:
            fail(404, cannot_load(path.name, error.detail).strip(), "name")
        return start(token, load_save(text, path.name))

    # ------------------------------------------------------------ opening
    @app.get("/api/opening", response_model=schemas.Opening)
    async def opening() -> schemas.Opening:
        """What the command line named: a game, a save FILE, or neither."""
        game = config.opening.game
        return schemas.Opening(
            game=None if game is None else schemas.game_name(game),
            file=config.opening.file,
        )

    @app.post("/api/opening", status_code=201, response_model=schemas.GameOut)
    async def open_opening(token: Client) -> schemas.GameOut:
        """A new game from the command line's FILE (404 when none)."""
        if config.opening.text is None or config.opening.file is None:
            fail(404, "the server was started without a FILE", None)
        return start(token, load_save(config.opening.text, config.opening.file))

    # ------------------------------------------------------------ the page
    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))

    @app.get("/docs", include_in_schema=False)
    async def docs() -> FileResponse:
        return FileResponse(str(STATIC / "docs.html"))

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    app.add_middleware(
        Guard,
        max_body=config.max_body,
        allowed_hosts=LOOPBACK_NAMES if config.loopback else None,
    )
    return app


def _allowed_methods(app: FastAPI, scope: Any) -> str:
    methods: set[str] = set()
    for route in app.router.routes:
        match, _ = route.matches(scope)
        if match is not Match.NONE:
            methods |= getattr(route, "methods", None) or set()
    return ", ".join(sorted(methods))


def _slot_path(slots: Slots, name: str, extension: str) -> Path:
    try:
        return slots.path(name, extension)
    except ValueError as error:
        fail(422, str(error), "name")


def _kind_of_extension(extension: str) -> str:
    return next(
        kind for kind, game in GAME_KINDS.items() if game.extension == extension
    )


def _error(status: int, message: str, field: str | None) -> JSONResponse:
    return JSONResponse({"error": message, "field": field}, status_code=status)


def _first_problem(errors: Any) -> tuple[str, str]:
    """The first validation error as (one line, the field it is about)."""
    for error in errors:
        names = [str(part) for part in error.get("loc", ()) if _is_field(part)]
        field = names[-1] if names else "body"
        if error.get("type") in ("union_tag_invalid", "union_tag_not_found"):
            field = str(error.get("ctx", {}).get("discriminator", field)).strip("'")
        if error.get("type") == "json_invalid":
            return "the body is not valid JSON", "body"
        message = str(error.get("msg", "invalid")).replace("\n", " ")
        if error.get("type") == "string_pattern_mismatch" and field in PATTERN_WORDS:
            message = PATTERN_WORDS[field]
        return f"{field}: {message}", field
    return "the request is not valid", "body"


_TYPE_LABELS: Final = frozenset(
    {"int", "str", "none", "float", "bool", "list", "tuple"}
)


def _is_field(part: object) -> bool:
    """Whether a part of a pydantic error location names a field (not the
    body, a list index, a union member's tag or type)."""
    text = str(part)
    return (
        isinstance(part, str)
        and text.isidentifier()
        and text not in _TYPE_LABELS
        and text not in ("body", "query", "path_params")
    )
