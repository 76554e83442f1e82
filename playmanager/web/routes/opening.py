"""What the command line named: a game, a save FILE, or neither."""

from __future__ import annotations

from fastapi import APIRouter

from .. import schemas
from ..deps import Client, ServerDep
from ..errors import fail
from ..loading import load_save
from .answers import start

router = APIRouter(prefix="/api/opening")


@router.get("", response_model=schemas.Opening)
async def opening(found: ServerDep) -> schemas.Opening:
    """What the command line named: a game, a save FILE, or neither."""
    named = found.config.opening
    return schemas.Opening(
        game=None if named.game is None else schemas.game_name(named.game),
        file=named.file,
        largest_save=schemas.MAX_SAVE_CHARS,
    )


@router.post("", status_code=201, response_model=schemas.GameOut)
async def open_opening(token: Client, found: ServerDep) -> schemas.GameOut:
    """A new game from the command line's FILE (404 when none)."""
    named = found.config.opening
    if named.text is None or named.file is None:
        fail(404, "the server was started without a FILE", None)
    return start(found, token, load_save(named.text, named.file))
