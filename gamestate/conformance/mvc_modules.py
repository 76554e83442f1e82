"""Load a submission of spec 000's MVC modules (``--spec mvc``).

TARGET is a folder holding SetUp.py, Score.py, Move.py, Board.py and
View.py (file names in any case), or whose ``src/`` subfolder holds them.
Each defines the class of its name (in any case); Score, an abstract
object, may also be a module-level object with the four routines, or the
Score module's own functions. Only these five files are imported (never
a Play.py, which may start a game), with the folder on sys.path so that
their imports of each other work. Whatever stops them from loading is a
LoadError naming the file.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Final

from gamestate.conformance.javac import LoadError

# In the order they are imported: each after the modules it uses.
MODULES: Final = ("SetUp", "Score", "Move", "View", "Board")


@dataclass(frozen=True)
class MvcModules:
    """The five modules' exported things, as the checks use them."""

    setup: Any  # the SetUp class
    score: Any  # Score's routines: a class, an object or the module
    move: Any  # the Move class
    view: Any  # the View class
    board: Any  # the Board class


def load_mvc(target: str) -> MvcModules:
    """The modules in folder ``target``; LoadError when they cannot be used."""
    files = module_files(Path(target))
    folder = str(next(iter(files.values())).parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    for file in files.values():  # a fresh import, shared by all five
        sys.modules.pop(file.stem, None)
    modules = {name: _import(files[name]) for name in MODULES}
    return MvcModules(
        setup=_class(modules["SetUp"], "SetUp"),
        score=_score(modules["Score"]),
        move=_class(modules["Move"], "Move"),
        view=_class(modules["View"], "View"),
        board=_class(modules["Board"], "Board"),
    )


def module_files(target: Path) -> dict[str, Path]:
    """Each module's file in ``target`` (or its src/); LoadError if one lacks."""
    if not target.is_dir():
        what = "not a folder" if target.exists() else "no such folder"
        raise LoadError(f"{target}: {what} (the MVC modules are five .py files in one)")
    folder = target
    found = _files(folder)
    if not found and (target / "src").is_dir():
        folder = target / "src"
        found = _files(folder)
    missing = missing_modules(folder)
    if missing:
        raise LoadError(f"{folder}: no {', '.join(missing)}")
    return found


def missing_modules(folder: Path) -> list[str]:
    """The module files ``folder`` lacks (all five if it holds none)."""
    found = _files(folder)
    return [f"{name}.py" for name in MODULES if name not in found]


def holds_some_mvc(folder: Path) -> bool:
    """Whether ``folder`` (or its src/) holds at least one MVC module file:
    one student's submission, complete or not, rather than a class."""
    places = [folder, folder / "src"]
    return any(place.is_dir() and len(missing_modules(place)) < len(MODULES) for place in places)


def holds_mvc(folder: Path) -> bool:
    """Whether ``folder`` (or its src/) holds every MVC module file."""
    try:
        module_files(folder)
    except LoadError:
        return False
    return True


def _files(folder: Path) -> dict[str, Path]:
    by_lower = {name.lower(): name for name in MODULES}
    return {
        by_lower[file.stem.lower()]: file
        for file in sorted(folder.glob("*.py"))
        if file.stem.lower() in by_lower
    }


def _import(file: Path) -> ModuleType:
    """The module by its file's name, the name its siblings import."""
    try:
        return importlib.import_module(file.stem)
    # A student's module may raise anything, or exit, while it is imported.
    except (Exception, SystemExit) as error:  # noqa: BLE001
        raise LoadError(
            f"{file}: cannot import: {type(error).__name__}: {error}"
        ) from None


def _named(module: ModuleType, name: str) -> list[Any]:
    """The module's attributes called ``name`` in any case."""
    return [value for key, value in vars(module).items() if key.lower() == name.lower()]


def _class(module: ModuleType, name: str) -> type:
    classes = [value for value in _named(module, name) if isinstance(value, type)]
    if not classes:
        raise LoadError(f"{module.__file__}: no class {name}")
    return classes[0]


def _score(module: ModuleType) -> Any:
    """An object with the Score routines, else its class, else the module."""
    found = [value for value in _named(module, "Score") if callable(getattr(value, "get_score", None))]
    found.sort(key=lambda value: isinstance(value, type))
    if found:
        return found[0]
    if callable(getattr(module, "get_score", None)):
        return module
    raise LoadError(f"{module.__file__}: no Score class, Score object or get_score function")
