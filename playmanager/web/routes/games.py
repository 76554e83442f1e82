"""Games: start, list, show, play, undo, hint, autoplay.

A change (intent, undo, autoplay) may name the ``version`` of the game it
was made on; when the game has changed since (another tab played), it is
refused with 409, ``field`` "version" and the game as it is now
(``game``), for the page to draw. With ``refusal=answer`` every refusal
of a change (stale version, a move the rules refuse, nothing to undo, no
move left) is instead a 200: the game as it is now with ``refused`` (why),
so the browser logs no failed request for what is only the game's answer.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Request, Response

from ...messages import NOTHING_TO_UNDO, undo_brings_back, undone
from .. import schemas
from ..deps import (
    Client,
    GameId,
    Live,
    MaybeClient,
    RefusalMode,
    Server,
    ServerDep,
    Version,
    find_game,
    reader_of,
    server_of,
)
from ..errors import ApiError, fail
from ..games import GAME_KINDS, GAME_OF_INTENT
from ..games.base import NothingMovedError, RefusedError
from ..live import LiveGame, StaleError
from ..solver import RETRY_SECONDS, SolverBusyError
from ..tally import count, count_if_ended, take_back
from .answers import game_json, game_out, start

router = APIRouter(prefix="/api/games")
STALE = "this game changed in another tab: here it is as it is now"
BUSY = "hints are busy: try again in a moment"


def refuse(
    found: ServerDep, live: LiveGame, refusal: RefusalMode, why: str, field: str | None
) -> schemas.GameOut:
    """A refused change: a 409, or with ``refusal=answer`` the game
    unchanged with ``refused``."""
    if refusal == "answer":
        return game_out(found, live, refused=schemas.Refusal(error=why, field=field))
    fail(409, why, field)


def stale(
    found: ServerDep, live: LiveGame, version: int | None, refusal: RefusalMode
) -> schemas.GameOut | None:
    """The refusal of a change made on an older ``version`` (another tab
    played meanwhile): a 409 with the game as it is, or that game as an
    answer; None when the version is the game's own."""
    try:
        live.check(version)
    except StaleError:
        if refusal == "answer":
            return refuse(found, live, refusal, STALE, "version")
        raise ApiError(
            409, STALE, "version", {"game": game_out(found, live).model_dump()}
        ) from None
    return None


async def solver_hint(found: ServerDep, live: LiveGame) -> schemas.HintOut:
    """The hint from the solver pool; 503 with Retry-After when it is full."""
    if live.game.finished():
        return schemas.HintOut(hint=None, words="no move is left")
    try:
        hint = await found.solver.hint(live.kind, live.game.dump())
    except SolverBusyError:
        raise ApiError(
            503, BUSY, None, headers={"retry-after": str(RETRY_SECONDS)}
        ) from None
    if hint is None:
        return schemas.HintOut(hint=None, words="no move is left")
    return schemas.HintOut(hint=hint[0], words=hint[1])


@router.post("", status_code=201, response_model=schemas.GameOut)
async def new_game(
    token: Client, options: Annotated[schemas.NewGame, Body()], found: ServerDep
) -> schemas.GameOut:
    """Start a new game with these options."""
    fields = options.model_dump(exclude={"game", "replaces"})
    game = GAME_KINDS[options.game].new(fields)
    give_up_last(found, token, options.game)
    news = game.news()
    return start(
        found, token, game, words=undo_brings_back(news) if options.replaces else news
    )


def give_up_last(found: ServerDep, token: str, kind: str) -> None:
    """A new game gives up the browser's last game of its kind: counted
    (a loss unless won) if it had moves and was not counted yet, as the
    terminal's ``n`` counts it."""
    last = next((i for i, named, _ in found.games.list(token) if named == kind), None)
    if last is None:
        return
    try:
        live = found.games.get(token, last)
    except LookupError:  # put away meanwhile: counted when it went, or never
        return
    if count(found.store, token, live.game):
        found.games.keep_count(live)


@router.get("", response_model=list[schemas.GameSummary])
async def list_games(token: MaybeClient, found: ServerDep) -> list[schemas.GameSummary]:
    """This browser's games, the latest first."""
    if token is None:
        return []
    return [
        schemas.GameSummary(id=i, game=schemas.game_name(kind), updated=updated)
        for i, kind, updated in found.games.list(token)
    ]


@router.get("/{game_id}", response_model=schemas.GameOut)
async def get_game(live: Live, found: ServerDep) -> schemas.GameOut:
    """The game's state (410 when it was put away: its save is offered)."""
    return game_out(found, live)


@router.post("/{game_id}/intent", response_model=schemas.GameOut)
async def play(
    request: Request,
    game_id: GameId,
    intent: Annotated[schemas.Intent, Body()],
    version: Version = None,
    refusal: RefusalMode = "error",
) -> Response:
    """Play a move: 409 with the rules' reason when they refuse it (with
    ``refusal=answer``, the game unchanged with ``refused``); a 2048 slide
    that moves nothing answers the game unchanged, with ``no_change``."""
    # The hot route: its game is found here rather than by the Live and
    # ServerDep dependencies, and its answer serialised once (game_json),
    # since FastAPI's solving and re-validation are most of a move's cost.
    found = server_of(request)
    live = find_game(found.games, reader_of(request), game_id)
    return game_json(await play_intent(found, live, intent, version, refusal))


async def play_intent(
    found: Server,
    live: LiveGame,
    intent: schemas.Intent,
    version: int | None,
    refusal: RefusalMode,
) -> schemas.GameOut:
    async with live.lock:
        if refused_now := stale(found, live, version, refusal):
            return refused_now
        fields = intent.model_dump(exclude={"kind"})
        try:
            live.game.play(GAME_OF_INTENT[intent.kind].intent_of(fields))
        except NothingMovedError as nothing:
            return game_out(found, live, no_change=nothing.message)
        except RefusedError as refused:
            return refuse(found, live, refusal, refused.message, refused.field)
        count_if_ended(found.store, live.client, live.game)
        found.games.record(live)
        return game_out(found, live)


@router.post("/{game_id}/undo", response_model=schemas.GameOut)
async def undo(
    live: Live,
    found: ServerDep,
    version: Version = None,
    refusal: RefusalMode = "error",
) -> schemas.GameOut:
    """Take back the last move (or the autoplay step); 409 (or with
    ``refusal=answer`` the game with ``refused``) when nothing is left to undo."""
    async with live.lock:
        if refused_now := stale(found, live, version, refusal):
            return refused_now
        if not found.games.undo(live):
            # the terminal's words
            return refuse(found, live, refusal, NOTHING_TO_UNDO, None)
        return game_out(found, live, words=undone(live.undo_left))


@router.post("/{game_id}/back", response_model=schemas.GameOut)
async def back(live: Live, found: ServerDep) -> schemas.GameOut:
    """The game a new game replaced, brought back by the page's undo: what
    giving it up counted in the statistics is taken back."""
    async with live.lock:
        if take_back(found.store, live.client, live.game):
            found.games.keep_count(live)
        return game_out(found, live)


@router.post("/{game_id}/hint", response_model=schemas.HintOut)
async def hint(live: Live, found: ServerDep) -> schemas.HintOut:
    """A good next move, without playing it (503 when the solvers are busy)."""
    async with live.lock:
        return await solver_hint(found, live)


@router.post("/{game_id}/autoplay", response_model=schemas.GameOut)
async def autoplay(
    live: Live,
    found: ServerDep,
    version: Version = None,
    refusal: RefusalMode = "error",
) -> schemas.GameOut:
    """Play the hint's move; 409 (or with ``refusal=answer`` the game with
    ``refused``) when no move is left, 503 when the solvers are busy."""
    async with live.lock:
        if refused_now := stale(found, live, version, refusal):
            return refused_now
        step = await solver_hint(found, live)
        if step.hint is None:
            return refuse(found, live, refusal, "no move is left", None)
        fields = {k: v for k, v in step.hint.items() if k != "kind"}
        try:
            live.game.play(type(live.game).intent_of(fields))
        except RefusedError as refused:  # a hint the rules refuse: a bug, said
            fail(409, refused.message, refused.field)
        count_if_ended(found.store, live.client, live.game)
        found.games.record(live)
        return game_out(found, live, played=step.hint, words=step.words)
