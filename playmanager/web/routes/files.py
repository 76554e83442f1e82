"""Downloads and uploads of save files.

A game downloads two ways: its save file, the one the terminal writes
(for 2048 the Java game's ``.2048``), and its browser save
(:mod:`..whole`: the game whole, undo steps, seed and move count
included), which any browser's upload gives back as it was.

A save file download is the file the terminal writes. The server remembers
each download this browser made (its text's digest and the game's dump),
so that uploading it gives back the very game, with what the file cannot
hold (2048's rules, seed, random state and move count; the best score's
earned points); any other file is loaded as the terminal loads it.
"""

from __future__ import annotations

import hashlib

from fastapi import APIRouter
from fastapi.responses import PlainTextResponse

from .. import schemas
from ..deps import Client, GameId, Reader, ServerDep, find_game
from ..errors import fail
from ..games import GAME_KINDS
from ..loading import load_browser_save, load_save, plain_file_name
from ..whole import browser_save, file_name, is_browser_save
from .answers import game_out, start

router = APIRouter(prefix="/api")


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _attachment(text: str, extension: str) -> PlainTextResponse:
    return _file(text, f"save.{extension}")


def _file(text: str, name: str) -> PlainTextResponse:
    return PlainTextResponse(
        text, headers={"content-disposition": f'attachment; filename="{name}"'}
    )


@router.get(
    "/games/{game_id}/save",
    response_model=None,
    responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}}}},
)
async def download(
    token: Reader, game_id: GameId, found: ServerDep
) -> PlainTextResponse:
    """The game as the save file the terminal writes (a game put away too)."""
    gone = found.games.gone_save(token, game_id)
    if gone is not None:
        return _attachment(gone[1], gone[0])
    live = find_game(found.games, token, game_id)
    text = live.game.save_text()
    found.store.remember_download(token, digest(text), live.kind, live.game.dump())
    return _attachment(text, live.game.extension)


@router.get(
    "/games/{game_id}/browser-save",
    response_model=None,
    responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}}}},
)
async def download_whole(
    token: Reader, game_id: GameId, found: ServerDep
) -> PlainTextResponse:
    """The game as a browser save: its undo steps, seed and move count too."""
    live = find_game(found.games, token, game_id)
    # The game now dumped now: its clock reads the time played at download.
    steps = [*found.store.steps_of(live.id)[:-1], live.game.dump()]
    return _file(browser_save(live.kind, steps), file_name(live.game))


@router.post("/upload", status_code=201, response_model=schemas.GameOut)
async def upload(
    token: Client, body: schemas.Upload, found: ServerDep
) -> schemas.GameOut:
    """A new game from a save file: one of this browser's downloads comes
    back as the game it was, and so does any browser save; any other file
    is checked as the terminal checks it."""
    source = plain_file_name(body.filename)
    if "\ufffd" in body.text:
        # Bytes that were no text (a picture, a zip): shown, they are mojibake.
        fail(422, f"{source}: not a text save file", "text")
    if is_browser_save(body.text):
        steps = load_browser_save(body.text, source)
        return game_out(found, found.games.create_with_steps(token, steps))
    known = found.store.download(token, digest(body.text))
    if known is not None:
        kind, dump = known
        return start(found, token, GAME_KINDS[kind].restore(dump))
    return start(found, token, load_save(body.text, source))
