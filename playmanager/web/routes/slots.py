"""Named save slots: each browser its own shelf (``saves/browsers/<its
shelf>/``), or, with ``--shared-slots``, one shelf (the saves folder) for
every browser that reaches the server."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter

from ...messages import cannot_load
from ...session import WouldOverwriteError
from ...storage import SaveFileError, describe_os_error
from .. import schemas
from ..deps import Client, MaybeClient, Reader, ServerDep, find_game
from ..errors import fail
from ..games import GAME_KINDS, GAME_OF_EXTENSION
from ..loading import load_save
from ..slots import Slots
from .answers import start

router = APIRouter(prefix="/api/slots")


def _slot_path(slots: Slots, name: str, extension: str) -> Path:
    try:
        return slots.path(name, extension)
    except ValueError as error:
        fail(422, str(error), "name")


def _shelf(found: ServerDep, token: str) -> Slots:
    slots = found.slots(token)
    assert slots is not None  # a known browser always has a shelf
    return slots


@router.get("", response_model=list[schemas.SlotOut])
async def list_slots(token: MaybeClient, found: ServerDep) -> list[schemas.SlotOut]:
    """This browser's save slots (or the shared shelf's), the latest first."""
    slots = found.slots(token)
    if slots is None:
        return []
    return [
        schemas.SlotOut(
            name=slot.name,
            game=schemas.game_name(GAME_OF_EXTENSION[slot.extension].kind),
            size=slot.size,
            modified=slot.modified,
        )
        for slot in slots.list()
    ]


@router.post("", status_code=201, response_model=schemas.SlotOut)
async def save_slot(
    token: Reader, body: schemas.SlotSave, found: ServerDep
) -> schemas.SlotOut:
    """Save a game in a slot (the session's save: atomic, and 409 when
    it would replace a slot this game did not write, unless overwrite)."""
    live = find_game(found.games, token, body.game_id)
    slots = _shelf(found, token)
    path = _slot_path(slots, body.name, live.game.extension)
    async with live.lock:
        try:
            slots.folder.mkdir(parents=True, exist_ok=True)
            live.game.session.save(str(path), overwrite=body.overwrite)
        except WouldOverwriteError:
            fail(409, f"the slot {body.name} exists; replace it?", "name")
        except OSError as error:
            fail(409, f"cannot save {body.name}: {describe_os_error(error)}", "name")
    saved = path.stat()
    return schemas.SlotOut(
        name=body.name,
        game=schemas.game_name(live.kind),
        size=saved.st_size,
        modified=saved.st_mtime,
    )


@router.post("/open", status_code=201, response_model=schemas.GameOut)
async def open_slot(
    token: Client, body: schemas.SlotOpen, found: ServerDep
) -> schemas.GameOut:
    """A new game from a slot, checked as the terminal checks a save."""
    extension = GAME_KINDS[body.game].extension
    slots = _shelf(found, token)
    path = _slot_path(slots, body.name, extension)
    try:
        text = slots.read(body.name, extension)
    except SaveFileError as error:
        fail(404, cannot_load(path.name, error.detail).strip(), "name")
    return start(found, token, load_save(text, path.name))
