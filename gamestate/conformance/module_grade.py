"""Grade a target of a module spec: ``--spec adt`` (004) or ``--spec mvc`` (000).

A module spec is a catalogue, its checks (adt_suite.py, mvc_suite.py) and
a loader that turns TARGET into what each check takes. The checks run in
a child process (``python -m gamestate.conformance.module_grade SPEC
TARGET SECONDS [ID ...]``), which prints one JSON line per check on a
stream of its own (whatever the submission prints goes nowhere). So that
nothing a submission does stops the grader:

- each check uses at most ``--time-limit`` seconds of CPU time: a loop in
  the submission is that check's ERROR, "timed out after 2 s of CPU time
  in <check>", and the child goes on with the next check (a check that
  waits, in sleep say, is cut off by the wall-clock backstop, limits.py);
- a child that exits or crashes, or stays silent past twice a check's
  backstop (plus a second) because the submission swallowed the limit's
  signals, ends there: the check it was running is an ERROR saying what
  happened, and a new child runs the checks after it;
- the child has the memory limit a Python GameState gets (runner.py) and
  no stdin.

The report prints like the GameState suite's (table, JSON, JUnit XML,
Gradescope).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TextIO

from gamestate.conformance import adt_suite, mvc_suite
from gamestate.conformance.adt_names import load_adt
from gamestate.conformance.javac import LoadError
from gamestate.conformance.limits import (
    TargetError,
    outside_patience,
    raised_text,
    seconds_text,
    time_limit,
)
from gamestate.conformance.mvc_modules import load_mvc
from gamestate.conformance.pipes import PipeLines
from gamestate.conformance.report import (
    ERROR,
    FAILED,
    GRADER_ERROR,
    GRADER_ERROR_NOTE,
    PASSED,
    Outcome,
    Report,
)
from gamestate.conformance.requirements import Catalogue, Check
from gamestate.conformance.runner import (
    Limits,
    _child_environment,
    _death,
    _limit_memory,
    python_module_command,
)

# Said before the target is imported: a child that ends without saying it
# never reached the student's code (GRADER-ERROR, not the student's).
LOADING: Final = "loading"
UNLOADABLE: Final = "unloadable"
LOADED: Final = "loaded"
# The CPU time a target's import may take beyond one time limit. The
# child's own limit on the import, with its backstop, is short of the
# parent's patience, so that a game looping at import is cut by the child,
# which keeps the functions defined so far (adt_names.py), not killed
# with them.
IMPORT_SECONDS: Final = 3.0
# How long Python and the grader's imports may take before the child says
# it begins to load the target.
HARNESS_SECONDS: Final = 60.0
GRACE_SECONDS: Final = 1.0
"""How long past twice a check's wall-clock backstop a silent child is
given before it is killed (its own timers end a check; this is the last
resort)."""


@dataclass(frozen=True)
class ModuleSpec:
    """What ``--spec NAME`` grades: its requirements, checks and loader."""

    catalogue: Catalogue
    checks: dict[str, Check]
    load: Callable[[str], object]  # TARGET -> what each check takes
    # Whether what ``load`` gives raises the target's exceptions as
    # TargetRaisedErrors, so that any other is the grader's (GRADER-ERROR).
    wraps_target: bool = False


SPECS: Final = {
    "adt": ModuleSpec(adt_suite.ADT, adt_suite.CHECKS, load_adt, wraps_target=True),
    "mvc": ModuleSpec(mvc_suite.MVC, mvc_suite.CHECKS, load_mvc),
}


def grade_module(spec_name: str, target: str, limits: Limits) -> Report:
    """The report of ``target`` against the checks of ``SPECS[spec_name]``."""
    spec = SPECS[spec_name]
    started = time.monotonic()
    # The child resolves a file from its own folder: give it the whole path.
    argument = str(Path(target).resolve()) if target.endswith(".py") else target
    outcomes: dict[str, Outcome] = {}
    problem = ""
    graders = False
    notes: tuple[str, ...] = ()
    left = list(spec.checks)
    first = True
    while left:
        said, ending = _run_child(spec_name, argument, left, limits)
        events = _events(said)
        trouble = _problem(target, events, ending)
        if trouble and first:  # the target cannot be loaded at all
            graders = not any(event.get("event") == LOADING for event in events)
            problem = f"the grader could not start its checks ({ending})" if graders else trouble
            break
        if first:
            notes = _notes(events)
        if trouble:  # a later child could not load it: the rest are ERRORs
            outcomes |= _errors(spec, left, trouble)
            break
        outcomes |= _outcomes(events)
        left = [ident for ident in left if ident not in outcomes]
        if left:  # the child ended in this check: not run again
            name = spec.checks[left[0]].__name__
            outcomes[left[0]] = Outcome(name, left[0], ERROR, f"{ending} in {name}")
            left = left[1:]
        first = False
    ordered = [outcomes[ident] for ident in spec.checks if ident in outcomes]
    report = Report(
        target, ordered, problem=problem, catalogue=spec.catalogue, notes=notes, graders=graders
    )
    report.seconds = time.monotonic() - started
    return report


def _run_child(spec_name: str, target: str, checks: list[str], limits: Limits) -> tuple[str, str]:
    """Run ``checks`` in a child: (what it printed, how it ended).

    The child says a line as each check ends; one that stays silent past
    twice a check's wall-clock backstop (its timers' signals swallowed,
    say) is killed then, so such a check costs that once, however many
    checks are left.
    """
    command = [*python_module_command("gamestate.conformance.module_grade"), spec_name, target]
    command += [str(limits.time_limit), *checks]
    limit = _limit_memory(limits.memory_mb + 256) if os.name == "posix" else None
    # stderr is the submission's alone (the child reports on stdout): not
    # kept, however much it writes.
    child = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        env=_child_environment(), stdin=subprocess.DEVNULL,
        preexec_fn=limit,  # noqa: PLW1509 - only sets an rlimit
    )
    assert child.stdout is not None
    lines = PipeLines(child.stdout)
    said: list[str] = []
    # Python and the grader's own imports, before the target is touched: a
    # loaded machine may be slow here, and a child stuck here is the grader's.
    seconds = HARNESS_SECONDS
    try:
        while (line := lines.read(time.monotonic() + seconds)) is not None:
            said.append(line)
            # The first line says the target's import begins; then each check.
            limit = limits.time_limit + (IMPORT_SECONDS if len(said) == 1 else 0)
            seconds = outside_patience(limit) + GRACE_SECONDS
    except TimeoutError:
        child.kill()
        child.wait()
        if not said:
            return "", f"its process did not start within {HARNESS_SECONDS:g} s"
        return "\n".join(said), (
            f"ran past its time limit ({seconds_text(seconds)} on the wall clock)"
        )
    finally:
        lines.close()
        child.stdout.close()
    return "\n".join(said), _death(child.wait())


def _errors(spec: ModuleSpec, idents: list[str], message: str) -> dict[str, Outcome]:
    return {
        ident: Outcome(spec.checks[ident].__name__, ident, ERROR, message) for ident in idents
    }


def _events(said: str) -> list[dict[str, Any]]:
    events = []
    for line in said.splitlines():
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut short when the child was killed
        if isinstance(event, dict):
            events.append(event)
    return events


def _outcomes(events: list[dict[str, Any]]) -> dict[str, Outcome]:
    return {
        event["requirement"]: Outcome(
            event["name"], event["requirement"], event["status"], event["message"]
        )
        for event in events
        if event.get("event") == "outcome"
    }


def _notes(events: list[dict[str, Any]]) -> tuple[str, ...]:
    """What the child said about how it read the target (adt_names.py)."""
    loaded = next((event for event in events if event.get("event") == LOADED), {})
    return tuple(str(note) for note in loaded.get("notes", []))


def _problem(target: str, events: list[dict[str, Any]], ending: str) -> str:
    """Why the target could not be loaded at all ("" once it was)."""
    for event in events:
        if event.get("event") == UNLOADABLE:
            return str(event["message"])
        if event.get("event") == LOADED:
            return ""
    return f"{target}: cannot import: {ending}"


# ------------------------------------------------------------- the child
def run_checks(spec: ModuleSpec, target: str, seconds: float, idents: Sequence[str],
               events: TextIO) -> None:
    """Load ``target``; write one JSON line per check to ``events``."""
    _say(events, {"event": LOADING})
    try:
        with time_limit(seconds + IMPORT_SECONDS, "the import"):
            loaded = spec.load(target)
    except LoadError as error:
        _say(events, {"event": UNLOADABLE, "message": str(error)})
        return
    # A student's module may raise anything, or exit, while it is imported.
    except (Exception, SystemExit, TargetError) as error:  # noqa: BLE001
        message = f"{target}: cannot import: {_raised(error)}"
        _say(events, {"event": UNLOADABLE, "message": message})
        return
    notes = list(getattr(loaded, "notes", []))  # how an ADT module was read
    _say(events, {"event": LOADED} | ({"notes": notes} if notes else {}))
    for ident in idents:
        outcome = _outcome(ident, spec, loaded, seconds)
        _say(events, {"event": "outcome"} | outcome.to_json())


def _outcome(ident: str, spec: ModuleSpec, loaded: object, seconds: float) -> Outcome:
    check = spec.checks[ident]
    name = check.__name__
    try:
        with time_limit(seconds, name):
            check(loaded)
    except AssertionError as failure:
        return Outcome(name, ident, FAILED, str(failure).split("\n")[0] or "failed")
    # What the submission raises (or a limit raises in it) is its answer:
    # an ERROR, reported; sys.exit too, which ends nothing here.
    except (SystemExit, TargetError) as error:
        return Outcome(name, ident, ERROR, _raised(error))
    except Exception as error:  # noqa: BLE001 - whose it is decides the verdict
        if spec.wraps_target:  # not the target's: the grader's own code raised
            return Outcome(name, ident, GRADER_ERROR,
                           f"{GRADER_ERROR_NOTE}: {raised_text(error)}")
        return Outcome(name, ident, ERROR, _raised(error))
    return Outcome(name, ident, PASSED)


def _raised(error: BaseException) -> str:
    if isinstance(error, TargetError):
        return str(error)
    if isinstance(error, SystemExit):
        return f"the program called sys.exit({error.code!r})"
    return f"{type(error).__name__}: {error}"


def _say(events: TextIO, event: dict[str, Any]) -> None:
    events.write(json.dumps(event) + "\n")
    events.flush()


def main(argv: Sequence[str] | None = None) -> None:
    parse = argparse.ArgumentParser(prog="python -m gamestate.conformance.module_grade")
    parse.add_argument("spec", choices=sorted(SPECS))
    parse.add_argument("target")
    parse.add_argument("seconds", type=float, help="each check's time limit")
    parse.add_argument("checks", nargs="*", help="the ids to run (default: all)")
    options = parse.parse_args(argv)
    spec = SPECS[options.spec]
    # The events keep the real stdout; the submission's prints go nowhere.
    sys.stdout.flush()
    events = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    run_checks(spec, options.target, options.seconds, options.checks or list(spec.checks), events)


if __name__ == "__main__":
    main()
