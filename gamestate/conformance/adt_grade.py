"""Grade a module of spec 004's ADT functions (``--spec adt``).

The checks (adt_suite.py) run in a child process of their own
(``python -m gamestate.conformance.adt_grade MODULE``), which prints one
JSON outcome per check: a submission that loops forever, exits or crashes
ends that child, not the grader, and every check without an outcome is an
ERROR saying what happened. The report prints like the GameState suite's
(table, JSON, JUnit XML, Gradescope).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Final

from gamestate.conformance.adt_suite import ADT, CHECKS
from gamestate.conformance.implementation import _import
from gamestate.conformance.report import ERROR, FAILED, PASSED, Outcome, Report
from gamestate.conformance.runner import Limits, _child_environment

UNLOADABLE: Final = "unloadable"


def grade_adt(target: str, limits: Limits) -> Report:
    """The report of the module ``target`` (``path/to/file.py`` or a name)."""
    started = time.monotonic()
    # The child resolves a file from its own folder: give it the whole path.
    module = str(Path(target).resolve()) if target.endswith(".py") else target
    command = [sys.executable, "-m", "gamestate.conformance.adt_grade", module]
    budget = limits.time_limit * len(CHECKS) + 5  # + starting Python
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=budget, check=False,
            env=_child_environment(), stdin=subprocess.DEVNULL,
        )
        said, ending = done.stdout, f"the program exited with status {done.returncode}"
    except subprocess.TimeoutExpired as expired:
        # What the child printed before it was killed: bytes, even in text mode.
        output = expired.stdout or b""
        said = output.decode("utf-8", "replace") if isinstance(output, bytes) else output
        ending = f"timed out after {budget:g} s"
    report = _report(target, said, ending)
    report.seconds = time.monotonic() - started
    return report


def _report(target: str, said: str, ending: str) -> Report:
    outcomes = {}
    for line in said.splitlines():
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue  # the submission's own prints
        if isinstance(event, dict) and event.get("event") == UNLOADABLE:
            return Report(target, problem=str(event["message"]), catalogue=ADT)
        if isinstance(event, dict) and event.get("event") == "outcome":
            outcomes[event["requirement"]] = Outcome(
                event["name"], event["requirement"], event["status"], event["message"]
            )
    for ident, check in CHECKS.items():
        if ident not in outcomes:
            outcomes[ident] = Outcome(check.__name__, ident, ERROR, f"{ending} in {check.__name__}")
    return Report(target, list(outcomes.values()), catalogue=ADT)


def run_checks(target: str) -> None:
    """The child: print one JSON line per check of ``target``."""
    try:
        module = _import(target)
    # A student's module may raise anything while it is imported.
    except Exception as error:  # noqa: BLE001
        message = f"{target}: cannot import: {type(error).__name__}: {error}"
        _say({"event": UNLOADABLE, "message": message})
        return
    for ident, check in CHECKS.items():
        _say({"event": "outcome"} | _outcome(ident, check, module).to_json())


def _outcome(ident: str, check: Any, module: object) -> Outcome:
    name = check.__name__
    try:
        check(module)
    except AssertionError as failure:
        return Outcome(name, ident, FAILED, str(failure).split("\n")[0] or "failed")
    # Whatever the submission raises is its answer: an ERROR, reported.
    except Exception as error:  # noqa: BLE001
        return Outcome(name, ident, ERROR, f"{type(error).__name__}: {error}")
    return Outcome(name, ident, PASSED)


def _say(event: dict[str, Any]) -> None:
    print(json.dumps(event), flush=True)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python -m gamestate.conformance.adt_grade MODULE")
    run_checks(sys.argv[1])
