"""MkDocs hook: the pages that are generated from the code at build time.

A page holds a marker line, ``<!-- generated: NAME -->``, and the build
puts there what the code says today, so the site cannot drift from it:

* ``cli``: every command's ``--help``, from its argparse parser's
  ``format_help()`` (never copied by hand);
* ``openapi``: the web server's endpoints and schemas, from the FastAPI
  app's ``openapi()``; the schema itself is written beside the page as
  ``openapi.json``.

The docstrings use Sphinx roles (:class:`x`); the API pages show them as
plain code.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

MARKER = re.compile(r"^<!-- generated: (\w+) -->$", re.MULTILINE)
SPHINX_ROLE = re.compile(r":(?:py:)?(?:mod|func|class|meth|attr|data|exc|obj|const):<code>~?")
"""A Sphinx role of the docstrings (:class:`x`), as Markdown renders it."""
HELP_WIDTH = "78"
"""Columns argparse wraps the help to (it reads $COLUMNS)."""


# ------------------------------------------------------------------ the CLI
def parsers() -> list[tuple[str, Callable[[], argparse.ArgumentParser]]]:
    """Each command as it is typed, and its parser."""
    from gamestate.conformance.cli import parser as grade_parser
    from playmanager.dots.cli import build_parser as dots_parser
    from playmanager.forty_thieves.cli import build_parser as forty_thieves_parser
    from playmanager.twenty48.adt_game import build_parser as adt_parser
    from playmanager.twenty48.play2048 import build_parser as twenty48_parser
    from playmanager.web.cli import build_parser as web_parser

    return [
        ("python -m playmanager", twenty48_parser),
        ("python -m playmanager --game forty-thieves", forty_thieves_parser),
        ("python -m playmanager --game dots", dots_parser),
        ("python -m playmanager --web", web_parser),
        ("gamestate-grade", grade_parser),
        ("python -m playmanager.twenty48.adt_game", adt_parser),
    ]


@contextmanager
def _columns(width: str) -> Iterator[None]:
    """argparse wraps to $COLUMNS: the same width on every machine."""
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = width
    try:
        yield
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


def cli_markdown() -> str:
    sections = []
    with _columns(HELP_WIDTH):
        for command, build in parsers():
            text = build().format_help().rstrip()
            sections.append(f"## `{command}`\n\n```text\n$ {command} --help\n{text}\n```\n")
    return "\n".join(sections)


# ------------------------------------------------------------- the web API
@cache
def openapi_schema() -> dict[str, Any]:
    """The schema the server serves at /openapi.json (an app made on a
    throw-away database: making one touches no real data)."""
    from playmanager.web.app import WebConfig, create_app

    with tempfile.TemporaryDirectory() as folder:
        config = WebConfig(Path(folder) / "web.sqlite3", Path(folder) / "saves")
        app = create_app(config)
        try:
            schema: dict[str, Any] = app.openapi()
        finally:
            app.state.server.close()
    return schema


def _schema_name(reference: str) -> str:
    return reference.rsplit("/", 1)[-1]


def _type(schema: dict[str, Any]) -> str:
    """A schema's type in a few words, schema names linked to their table."""
    if "$ref" in schema:
        name = _schema_name(schema["$ref"])
        return f"[{name}](#{name.lower()})"
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return " or ".join(_type(choice) for choice in schema[key])
    if schema.get("type") == "array":
        return f"array of {_type(schema.get('items', {}))}"
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    if "enum" in schema:
        return " or ".join(f"`{json.dumps(value)}`" for value in schema["enum"])
    return str(schema.get("type", "any"))


def _limits(schema: dict[str, Any]) -> str:
    """The constraints a schema puts on a value, as `key value` pairs."""
    keys = ("minimum", "maximum", "minLength", "maxLength", "pattern", "minItems",
            "maxItems", "default")
    found = [f"{key} `{schema[key]}`" for key in keys if key in schema]
    return ", ".join(found).replace("|", "\\|")


def _operation(path: str, method: str, operation: dict[str, Any]) -> str:
    lines = [f"### `{method.upper()} {path}`", "", operation.get("summary", ""), ""]
    if operation.get("description"):
        lines += [operation["description"], ""]
    parameters = operation.get("parameters", [])
    if parameters:
        lines += ["| parameter | in | type | limits |", "|---|---|---|---|"]
        for parameter in parameters:
            schema = parameter.get("schema", {})
            lines.append(f"| `{parameter['name']}` | {parameter['in']} | "
                         f"{_type(schema)} | {_limits(schema)} |")
        lines.append("")
    body = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if body:
        lines += [f"Request body (JSON): {_type(body['schema'])}", ""]
    lines += ["| status | meaning | body |", "|---|---|---|"]
    for status, response in operation.get("responses", {}).items():
        content = response.get("content", {})
        media: dict[str, Any] = next(iter(content.values()), {})
        shown = _type(media["schema"]) if "schema" in media else ""
        if content and "application/json" not in content:
            shown = f"{shown} ({', '.join(content)})".strip()
        lines.append(f"| {status} | {response.get('description', '')} | {shown} |")
    return "\n".join(lines) + "\n"


def _component(name: str, schema: dict[str, Any]) -> str:
    lines = [f"### {name}", ""]
    if schema.get("description"):
        lines += [schema["description"], ""]
    required = set(schema.get("required", []))
    properties = schema.get("properties", {})
    if properties:
        lines += ["| field | type | required | limits |", "|---|---|---|---|"]
        for field, spec in properties.items():
            mark = "yes" if field in required else ""
            lines.append(f"| `{field}` | {_type(spec)} | {mark} | {_limits(spec)} |")
    return "\n".join(lines) + "\n"


def openapi_markdown(schema: dict[str, Any]) -> str:
    info = schema["info"]
    about = (f"*{info['title']}* {info['version']}, OpenAPI {schema['openapi']}: "
             f"{info.get('summary', '')}. The schema itself: [openapi.json](openapi.json).\n")
    parts = [about, "## Endpoints\n"]
    for path, methods in schema["paths"].items():
        parts += [_operation(path, method, operation) for method, operation in methods.items()]
    parts.append("## Schemas\n")
    components = schema.get("components", {}).get("schemas", {})
    parts += [_component(name, spec) for name, spec in components.items()]
    return "\n".join(parts)


# --------------------------------------------------------------- the hooks
_GENERATORS: dict[str, Callable[[], str]] = {
    "cli": cli_markdown,
    "openapi": lambda: openapi_markdown(openapi_schema()),
}


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Replace each marker with what its generator makes now."""

    def generate(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in _GENERATORS:
            raise ValueError(f"{page.file.src_uri}: no generator called {name!r}")
        return _GENERATORS[name]()

    return MARKER.sub(generate, markdown)


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """The docstrings' Sphinx roles shown as plain code: `x`, not :class:`x`."""
    return SPHINX_ROLE.sub("<code>", html)


def on_files(files: Any, config: Any) -> Any:
    """openapi.json beside its page, for clients and schema tools."""
    from mkdocs.structure.files import File

    text = json.dumps(openapi_schema(), indent=2) + "\n"
    files.append(File.generated(config, "reference/openapi.json", content=text))
    return files
