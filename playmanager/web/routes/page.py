"""The page, its static files, and the API explorer at ``/docs``.

The explorer is Swagger UI from the ``fastapi-offline`` package's files
(no CDN), started by ``static/docs.js`` under the same Content-Security-
Policy as the page (no inline script).
"""

from __future__ import annotations

from importlib import resources
from typing import Final

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

STATIC: Final = resources.files("playmanager.web") / "static"

router = APIRouter(include_in_schema=False)


def explorer_files() -> str:
    """The folder of Swagger UI's files (``swagger-ui-bundle.js``, its css)."""
    return str(resources.files("fastapi_offline") / "static")


@router.get("/")
async def page() -> FileResponse:
    return FileResponse(str(STATIC / "index.html"))


@router.get("/docs")
async def docs() -> FileResponse:
    return FileResponse(str(STATIC / "docs.html"))


def mount_files(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    app.mount("/explorer", StaticFiles(directory=explorer_files()), name="explorer")
