"""The API against its own OpenAPI schema (schemathesis): for generated
requests, valid and not, never a 5xx and never an answer outside the
schema. Bounded: a few dozen examples per operation."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install '.[web]'")
schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from playmanager.web.app import WebConfig, create_app

_FOLDER = Path(__import__("tempfile").mkdtemp(prefix="web-schema-"))
APP = create_app(WebConfig(_FOLDER / "web.sqlite3", _FOLDER / "saves", loopback=False))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@schema.parametrize()
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_api_keeps_to_its_schema(case: schemathesis.Case) -> None:
    # A save file's content is beyond a schema: a well-formed upload may
    # hold a save the loader refuses (422, the terminal's message).
    refusable = case.operation.path == "/api/upload"
    excluded = [positive_data_acceptance] if refusable else []
    case.call_and_validate(excluded_checks=excluded)
