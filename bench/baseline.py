"""The ``gamestate`` package of another git revision, importable beside today's.

``bench/engine.py --baseline REV`` times the engine of revision REV (say
``main``) in the same run as the working tree's, so that a change to the
engine is judged by a ratio measured under one load. The package is
taken from ``git archive REV gamestate`` into a temporary folder and
imported as ``gamestate_baseline``; its modules import one another
relatively, so none of them reaches today's ``gamestate``.
"""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
NAME = "gamestate_baseline"


def load(revision: str) -> ModuleType:
    """Import ``gamestate`` as it is at ``revision``, as ``gamestate_baseline``."""
    archive = subprocess.run(
        ["git", "archive", revision, "gamestate"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    folder = Path(tempfile.mkdtemp(prefix="gamestate-baseline-"))
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    package = folder / "gamestate"
    spec = importlib.util.spec_from_file_location(
        NAME, package / "__init__.py", submodule_search_locations=[str(package)]
    )
    if spec is None or spec.loader is None:
        raise SystemExit(f"--baseline {revision}: no gamestate package there")
    module = importlib.util.module_from_spec(spec)
    sys.modules[NAME] = module
    spec.loader.exec_module(module)
    return module
