"""Every refusal is one JSON line: ``{"error": "...", "field": ...}``.

Handlers turn FastAPI's and Starlette's errors into that shape; nothing
answers a traceback (an unexpected failure is one line too).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Final, NoReturn

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import BaseRoute, Match

from .slots import SLOT_NAME_RULE


class ApiError(Exception):
    """A request the API refuses: the status, one line, the field at fault,
    and what else the page needs (``extra``: a download link, the game)."""

    def __init__(
        self,
        status: int,
        message: str,
        field: str | None = None,
        extra: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field
        self.extra = extra or {}
        self.headers = headers or {}


def fail(status: int, message: str, field: str | None = None) -> NoReturn:
    raise ApiError(status, message, field)


PATTERN_WORDS: Final = {
    "name": SLOT_NAME_RULE,
    "source": "a pile is t0 to t9, f0 to f7, waste or deck",
    "target": "a target is t0 to t9, f0 to f7, waste or home",
    "game_id": "not a game id",
}
SEED_WORDS: Final = "a whole number from -9223372036854775808 to 9223372036854775807"
"""Every refused seed, however pydantic words it (a seed is a Java long)."""


def error_response(
    status: int,
    message: str,
    field: str | None,
    extra: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    body = {"error": message, "field": field, **(extra or {})}
    return JSONResponse(body, status_code=status, headers=headers)


def install(app: FastAPI) -> None:
    """The app's error handlers: every error one line of JSON."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        return error_response(
            error.status, error.message, error.field, error.extra, error.headers
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        return error_response(422, *first_problem(error.errors()))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(
        request: Request, error: StarletteHTTPException
    ) -> JSONResponse:
        response = error_response(error.status_code, str(error.detail), None)
        response.headers.update(error.headers or {})
        if error.status_code == 405:  # every method of the path, not one route's
            response.headers["allow"] = allowed_methods(app, request.scope)
        return response

    @app.exception_handler(Exception)
    async def crashed(request: Request, error: Exception) -> JSONResponse:
        return error_response(500, "the server failed; the game is as it was", None)


def _routes(routes: Iterable[BaseRoute]) -> Iterator[BaseRoute]:
    """Every route, those of included routers too."""
    for route in routes:
        router = getattr(route, "original_router", None)
        yield from _routes(router.routes) if router is not None else (route,)


def allowed_methods(app: FastAPI, scope: Any) -> str:
    methods: set[str] = set()
    for route in _routes(app.router.routes):
        match, _ = route.matches(scope)
        if match is not Match.NONE:
            methods |= getattr(route, "methods", None) or set()
    return ", ".join(sorted(methods))


def first_problem(errors: Any) -> tuple[str, str]:
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
        if field == "seed":
            message = SEED_WORDS
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
