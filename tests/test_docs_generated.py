"""The docs' generated pages (docs/hooks/generated.py) say what the code
says: every command's options, every endpoint and schema of the web app."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install '.[web]'")

ROOT = Path(__file__).resolve().parent.parent


def load_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("generated", ROOT / "docs/hooks/generated.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HOOK = load_hook()


def test_every_command_has_its_help_with_every_option() -> None:
    text = HOOK.cli_markdown()
    for command, build in HOOK.parsers():
        assert f"## `{command}`\n" in text
        for action in build()._actions:
            for flag in action.option_strings:
                assert flag in text, f"{command}: {flag} is missing"


def test_every_endpoint_and_schema_of_the_app_is_listed() -> None:
    schema = HOOK.openapi_schema()
    text = HOOK.openapi_markdown(schema)
    headings = set(re.findall(r"^### (.+)$", text, re.MULTILINE))
    for path, methods in schema["paths"].items():
        for method in methods:
            assert f"`{method.upper()} {path}`" in headings
    assert set(schema["components"]["schemas"]) <= headings
    linked = set(re.findall(r"\]\(#([^)]+)\)", text))
    assert linked <= {heading.lower() for heading in headings}


def test_a_marker_is_replaced_and_an_unknown_one_refused() -> None:
    page = SimpleNamespace(file=SimpleNamespace(src_uri="reference/x.md"))
    made = HOOK.on_page_markdown("# X\n\n<!-- generated: cli -->\n", page, None, None)
    assert "$ gamestate-grade --help\nusage: gamestate-grade" in made
    with pytest.raises(ValueError, match="reference/x.md: no generator called 'nope'"):
        HOOK.on_page_markdown("<!-- generated: nope -->\n", page, None, None)


def test_sphinx_roles_become_plain_code() -> None:
    html = "see :class:<code>~gamestate.GameState</code> and :func:<code>warm_up</code>"
    shown = HOOK.on_page_content(html, None, None, None)
    assert shown == "see <code>gamestate.GameState</code> and <code>warm_up</code>"
