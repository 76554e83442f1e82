"""A game as the API answers it (every route that shows a game uses this)."""

from __future__ import annotations

from typing import Any

from fastapi import Response

from .. import schemas
from ..deps import Server
from ..games import WebGame
from ..live import LiveGame


def best_of(found: Server, live: LiveGame) -> int | None:
    """This browser's best 2048 score, raised by what this game earned on
    this server (a loaded save's score is never stored), and never shown
    below the score on the board."""
    earned = live.game.best_score()
    if earned is None:
        return None
    best = found.best.get(live.client)
    if best is None:  # the store is read once per client, not once per move
        best = found.best[live.client] = found.store.best_2048(live.client)
    if earned > best:
        found.best[live.client] = best = earned
        found.store.raise_best_2048(live.client, earned)
    return max(best, live.game.score())


def game_out(found: Server, live: LiveGame, **extra: Any) -> schemas.GameOut:
    game = live.game
    return schemas.GameOut(
        id=live.id,
        game=schemas.game_name(game.kind),
        version=live.version,
        state=game.view(),
        can_undo=live.can_undo,
        finished=game.finished(),
        best=best_of(found, live),
        clock=game.clock(),
        **extra,
    )


def game_json(answer: schemas.GameOut) -> Response:
    """``answer`` serialised once, as FastAPI would serialise it for a
    route whose response model is GameOut (which dumps, validates again
    and then serialises what the route returned)."""
    return Response(answer.model_dump_json(), media_type="application/json")


def start(
    found: Server, token: str, game: WebGame, **extra: Any
) -> schemas.GameOut:
    return game_out(found, found.games.create(token, game), **extra)
