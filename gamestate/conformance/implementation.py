"""The class under test: loaded from ``--impl`` (Python or Java), with limits.

``--impl`` is ``module:Class``, ``path/to/file.py:Class``, a student's
``GameState.java`` or a folder holding one. A Python class runs in the
pytest process with a time limit on its writeup methods (limits.py); a
Java one runs in a JVM behind a Python proxy (java.py). Anything that
stops the target from being run at all is a :class:`LoadError`, one clear
message (several lines for javac's errors).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import pytest

from gamestate.conformance.java import load_java
from gamestate.conformance.javac import LoadError, is_java_target
from gamestate.conformance.limits import time_limited

DEFAULT_IMPL: Final = "gamestate:GameState"
DEFAULT_DIRECTION: Final = "gamestate:Direction"
DIRECTION_MEMBERS: Final = ("UP", "DOWN", "LEFT", "RIGHT")

__all__ = ["IMPLEMENTATION", "Implementation", "LoadError", "load_implementation"]


@dataclass
class Implementation:
    """The class under test, its Direction enum, and how they were named."""

    game_class: Any
    direction: Any
    label: str
    close: Callable[[], None] = field(default=lambda: None)

    def has(self, method: str) -> bool:
        """Whether the class defines ``method`` (an optional one, say)."""
        return callable(getattr(self.game_class, method, None))


IMPLEMENTATION = pytest.StashKey[Implementation]()


def load_implementation(
    impl: str, direction: str | None, time_limit: float = 0.0, memory_mb: int = 512
) -> Implementation:
    """The class named by ``impl``; LoadError when it cannot be run."""
    if is_java_target(impl):
        if direction is not None:
            raise LoadError(f"--direction {direction}: a Java target uses its own")
        # Our Direction is Direction.java's; the proxy sends its names.
        from gamestate.direction import Direction

        target = load_java(impl, time_limit, memory_mb)
        return Implementation(target.game_class, Direction, impl, target.close)
    game_class = _load_object("--impl", impl)
    if not isinstance(game_class, type):
        raise LoadError(f"--impl {impl}: not a class")
    if direction is None:
        direction = _default_direction(impl)
    direction_type = _load_object("--direction", direction)
    missing = _missing_members(direction_type)
    if missing:
        raise LoadError(
            f"--direction {direction}: no member {', '.join(missing)} (not a Direction)"
        )
    return Implementation(
        time_limited(game_class, time_limit), direction_type, f"{impl} with {direction}"
    )


def _default_direction(impl: str) -> str:
    """The impl module's own Direction if it has a usable one, else ours."""
    own = f"{impl.rpartition(':')[0]}:Direction"
    try:
        usable = not _missing_members(_load_object("--direction", own))
    except LoadError:
        usable = False
    return own if usable else DEFAULT_DIRECTION


def _missing_members(direction_type: object) -> list[str]:
    return [name for name in DIRECTION_MEMBERS if not hasattr(direction_type, name)]


def _load_object(option: str, spec: str) -> object:
    """Import ``module:Name`` (or ``path/to/file.py:Name``), or fail in one line."""
    module_name, _, attribute = spec.rpartition(":")
    if not module_name or not attribute:
        raise LoadError(f"{option} {spec!r}: expected MODULE:NAME, e.g. {DEFAULT_IMPL}")
    try:
        module = _import(module_name)
    # A student's module may raise anything while it is imported; report it
    # in one line instead of a traceback (hence the blind except).
    except Exception as error:  # noqa: BLE001
        raise LoadError(
            f"{option} {spec}: cannot import {module_name}: "
            f"{type(error).__name__}: {error}"
        ) from None
    if not hasattr(module, attribute):
        raise LoadError(f"{option} {spec}: {module_name} has no {attribute}")
    return getattr(module, attribute)


def _import(module_name: str) -> object:
    if not module_name.endswith(".py"):
        return importlib.import_module(module_name)
    path = Path(module_name).resolve()
    if not path.is_file():
        raise FileNotFoundError(f"no such file: {module_name}")
    # A name of its own, so that a student's gamestate.py cannot replace ours;
    # registered, so that --impl and --direction naming one file share it.
    name = f"conformance_impl_{path.stem}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"not a Python module: {path}")
    if str(path.parent) not in sys.path:
        sys.path.insert(0, str(path.parent))  # its sibling modules import too
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
