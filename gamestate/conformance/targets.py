"""What a path on the command line is: one submission, or a folder of them.

One rule for every mode and format. A path holding a GameState class is
one submission: ``module:Class``, a ``.py`` or ``.java`` file (any name: a
batch folder may hold ``alice.java``), or a folder with such a file at its
top (exactly one, or one named GameState.java: several others are students' files). A folder is a batch (each subfolder and .py or .java file one
student's) when ``--batch`` says so or when every entry looks like a
submission. Anything else is not graded: one line names what was found
(:func:`no_game_state`, :func:`not_game_state`).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from gamestate.conformance.javac import declares_game_state, strip_comments
from gamestate.conformance.mvc_modules import (
    MODULES,
    holds_mvc,
    holds_some_mvc,
    missing_modules,
)

SOURCE_SUFFIXES: Final = (".java", ".py")
FOUND_SHOWN: Final = 8  # entries named in "no class GameState in ...: found ..."
PYTHON_CLASS = re.compile(r"^class\s+GameState\b", re.MULTILINE)
# Spec 004 under its English or its original Portuguese name (adt_names.py).
ADT_MODULE = re.compile(r"^def\s+(?:create_board|cria_tabuleiro)\b", re.MULTILINE)
MODULE_SUFFIXES: Final = {"adt": (".py",), "mvc": ()}
NO_MODULES: Final = {
    "adt": "no .py file defining create_board found",
    "mvc": "no folder holding SetUp.py, Score.py, Move.py, Board.py and View.py found",
}


@dataclass(frozen=True)
class Submission:
    """One student's work: a name, the --impl spec, or why there is none."""

    name: str
    path: Path
    spec: str = ""
    problem: str = ""


def python_spec(path: Path) -> str:
    return f"{path}:GameState"


def submission(path: Path, name: str | None = None) -> Submission:
    """The submission at ``path`` (a file, or a folder holding one)."""
    name = name or (path.stem if path.is_file() else path.name)
    if path.is_file():
        problem = not_game_state(path)
        if problem:
            return Submission(name, path, problem=problem)
        if path.suffix == ".py":
            return Submission(name, path, python_spec(path))
        return Submission(name, path, str(path))
    declaring = game_state_sources(path)
    if not declaring:
        return Submission(name, path, problem=no_game_state(path))
    if declaring[0].suffix == ".java":
        return Submission(name, path, str(path))
    return Submission(name, path, python_spec(declaring[0]))


def not_game_state(file: Path) -> str:
    """Why a source file is no GameState submission ("" if it is one)."""
    if file.suffix not in SOURCE_SUFFIXES:
        return f"{file}: not a .java or .py file"
    text = file.read_text("utf-8", errors="replace")
    if file.suffix == ".java":
        if declares_game_state(file):
            return ""
        public = re.search(r"\bpublic\s+(?:\w+\s+)*(?:class|interface|enum)\s+(\w+)", strip_comments(text))
        if public:
            return f"{file}: its public class is {public.group(1)}, not GameState"
        return f"{file}: no class GameState in it"
    if PYTHON_CLASS.search(text):
        return ""
    classes = re.findall(r"^class\s+(\w+)", text, re.MULTILINE)
    found = f" (it defines {', '.join(classes)})" if classes else ""
    return f"{file}: no class GameState in it{found}"


def no_game_state(folder: Path) -> str:
    """ "no class GameState in starter/: found Config.java, ...": what the
    folder holds instead."""
    entries = sorted(
        entry.name + ("/" if entry.is_dir() else "")
        for entry in folder.iterdir()
        if not entry.name.startswith(".")
    )
    shown = ", ".join(entries[:FOUND_SHOWN]) or "nothing"
    more = f" and {len(entries) - FOUND_SHOWN} more" if len(entries) > FOUND_SHOWN else ""
    return f"no class GameState in {folder}/: found {shown}{more}"


def looks_like_submission(entry: Path) -> bool:
    """A source file declaring GameState, or a folder holding one (at any depth)."""
    if entry.is_file():
        return entry.suffix in SOURCE_SUFFIXES and not not_game_state(entry)
    return not nested_submission(entry).problem


def is_batch(folder: Path, skip: set[Path] | None = None) -> bool:
    """A folder whose every entry (subfolder or source file) is a submission."""
    entries = _entries(folder, skip or set(), SOURCE_SUFFIXES)
    return bool(entries) and all(looks_like_submission(entry) for entry in entries)


def nested_submission(folder: Path) -> Submission:
    """The submission in ``folder`` or, when it holds none at its top, in
    the first subfolder (at any depth) that does: a student may upload the
    folder their files are in (Gradescope's /autograder/submission)."""
    found = submission(folder)
    if not found.problem:
        return found
    for inner in sorted(path for path in folder.rglob("*") if path.is_dir()):
        if not inner.name.startswith((".", "_")) and game_state_sources(inner):
            return submission(inner, folder.name)
    return found


def game_state_sources(folder: Path) -> list[Path]:
    """The .java, else .py, files of ``folder`` that declare class GameState."""
    java = [file for file in sorted(folder.glob("*.java")) if declares_game_state(file)]
    return java or [
        file
        for file in sorted(folder.glob("*.py"))
        if PYTHON_CLASS.search(file.read_text("utf-8", errors="replace"))
    ]


def is_single_target(spec: str) -> bool:
    """A module:Class, a source file, or a folder holding one GameState
    class at its top (several, or more in its subfolders: a folder of
    students' work)."""
    path = Path(spec)
    if not path.exists():
        return True  # module:Class or path.py:Class; the loader says if not
    if path.is_file():
        return True
    subfolders = [entry for entry in path.iterdir() if entry.is_dir()]
    sources = game_state_sources(path)
    # Java names a file after its public class: GameState.java is one
    # student's, whatever copies lie beside it ("GameState copy.java").
    named = [source for source in sources if source.name.lower() == "gamestate.java"]
    return (len(sources) == 1 or len(named) == 1) and not any(
        game_state_sources(folder) for folder in subfolders
    )


def batch(folder: Path, skip: set[Path]) -> list[Submission]:
    """Each subfolder and source file of ``folder`` as one submission."""
    return [submission(entry) for entry in _entries(folder, skip, SOURCE_SUFFIXES)]


def _entries(folder: Path, skip: set[Path], suffixes: tuple[str, ...]) -> list[Path]:
    """The subfolders and ``suffixes`` files of ``folder``, but ``skip``."""
    return sorted(
        entry
        for entry in folder.iterdir()
        if not entry.name.startswith((".", "_"))
        and entry.resolve() not in skip
        and (entry.is_dir() or entry.suffix in suffixes)
    )


def module_submission(spec: str, path: Path, name: str | None = None) -> Submission:
    """The ``--spec adt``/``mvc`` submission at ``path``: its grader TARGET."""
    name = name or (path.stem if path.is_file() else path.name)
    found = _mvc_folder(path) if spec == "mvc" else _adt_module(path)
    if found is None:
        problem = _nearest_mvc(path) if spec == "mvc" else None
        return Submission(name, path, problem=problem or NO_MODULES[spec])
    return Submission(name, path, str(found))


def is_single_module_target(spec: str, target: str) -> bool:
    """A module name or file (adt), a folder holding the modules, or some
    of them, itself or in its src/ (mvc: one student who may lack a file)."""
    path = Path(target)
    return not path.is_dir() or (spec == "mvc" and holds_some_mvc(path))


def module_batch(spec: str, folder: Path, skip: set[Path]) -> list[Submission]:
    """Each subfolder (and, for adt, each .py file) as one submission."""
    entries = _entries(folder, skip, MODULE_SUFFIXES[spec])
    return [module_submission(spec, entry) for entry in entries]


def _inside(path: Path) -> list[Path]:
    """Everything under folder ``path``, but hidden and _private parts."""
    return sorted(
        inner
        for inner in path.rglob("*")
        if not any(part.startswith((".", "_")) for part in inner.relative_to(path).parts)
    )


def _mvc_folder(path: Path) -> Path | None:
    """``path`` or the first folder in it holding the MVC modules."""
    if not path.is_dir():
        return None
    folders = [path, *(inner for inner in _inside(path) if inner.is_dir())]
    return next((folder for folder in folders if holds_mvc(folder)), None)


def _nearest_mvc(path: Path) -> str | None:
    """The folder in ``path`` holding the most MVC modules and what it lacks
    (a student who forgot one file is told which); None if none holds any."""
    if not path.is_dir():
        return None
    folders = [path, *(inner for inner in _inside(path) if inner.is_dir())]
    lacking = {folder: missing_modules(folder) for folder in folders}
    partial = [folder for folder, lacks in lacking.items() if len(lacks) < len(MODULES)]
    if not partial:
        return None
    nearest = min(partial, key=lambda folder: len(lacking[folder]))
    return f"{nearest} has no {', '.join(lacking[nearest])} (spec 000's modules are five files)"


def _adt_module(path: Path) -> Path | None:
    """``path`` if a .py file, else the first .py file in it defining create_board
    (or cria_tabuleiro)."""
    if not path.is_dir():
        return path if path.suffix == ".py" else None
    modules = (inner for inner in _inside(path) if inner.suffix == ".py" and inner.is_file())
    return next(
        (file for file in modules
         if ADT_MODULE.search(file.read_text("utf-8", errors="replace"))),
        None,
    )


def fingerprint(path: Path) -> str:
    """A hash of every file of a submission: a changed one is graded again."""
    digest = hashlib.sha256()
    files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
    for file in files:
        digest.update(str(file.relative_to(path.parent)).encode())
        digest.update(file.read_bytes())
    return digest.hexdigest()
