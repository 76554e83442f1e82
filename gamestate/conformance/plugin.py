"""pytest plugin of the conformance suite: the options, the table, the journal.

Loaded by the project's tests/conftest.py (``pytest_plugins``) and by the
grader (``-p gamestate.conformance.plugin``), so the options exist both
for ``pytest tests/conformance --impl ...`` and for a plain ``pytest``.

- ``--impl TARGET`` picks the GameState under test (default
  ``gamestate:GameState``): ``module:Class``, ``path/to/file.py:Class``,
  a ``GameState.java`` or a folder holding one (see implementation.py).
- ``--direction module:Enum`` picks a Python class's Direction type, any
  enum with UP, DOWN, LEFT and RIGHT members. Default: the impl module's
  own ``Direction`` if it has one, else ``gamestate:Direction``.
- ``--time-limit SECONDS`` (default none here; the grader passes 2) and
  ``--memory MB`` (the JVM's heap; default 512) limit the class.
- After the run, a table groups the results by requirement id (see
  requirements.py and report.py): the verdict, tests passed, the
  requirement, and for a failure the first line of each failing test's
  message.
- An optional requirement (``OPTIONAL`` in requirements.py) is checked only
  when the class has its method: without it, its tests are skipped and its
  row reads ABSENT. The score line counts the required requirements alone,
  so every class is scored out of the same number whatever optional
  methods it wrote; each optional verdict (PASS, FAIL or ABSENT) follows
  the score, and a FAIL still fails the run.
- ``--conformance-journal FILE`` appends one JSON line per event (the
  session, each test's start and outcome) for the grader, which restarts
  a process that died with ``--conformance-resume``: the tests the journal
  already holds are not run again.
"""

from __future__ import annotations

import argparse
import gc
import json
import re
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

from gamestate.conformance import fixtures
from gamestate.conformance.implementation import (
    DEFAULT_DIRECTION,
    DEFAULT_IMPL,
    IMPLEMENTATION,
    Implementation,
    LoadError,
    load_implementation,
)
from gamestate.conformance.javac import GraderSetupError
from gamestate.conformance.limits import WRITEUP_METHODS, TargetError
from gamestate.conformance.report import (
    ERROR,
    FAILED,
    GRADER_ERROR,
    GRADER_ERROR_NOTE,
    MESSAGE_WIDTH,
    NOT_APPLICABLE_STATUS,
    PASSED,
    SKIPPED,
    Outcome,
    Report,
    table_lines,
    title,
)
from gamestate.conformance.requirements import OPTIONAL
from gamestate.conformance.support import NOT_APPLICABLE

JOURNAL = pytest.StashKey[Path | None]()
# Our own exceptions' names say nothing the message does not.
OWN_ERROR = re.compile(r"^(?:[\w.]+\.)?(?:AssertionError|TimeLimitError|Target\w+Error): ")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("conformance", "PA4 GameState conformance suite")
    group.addoption(
        "--impl",
        default=DEFAULT_IMPL,
        metavar="TARGET",
        help="GameState to test: module or path/to/file.py, then :Class; or a "
        f"GameState.java or a folder holding one; default {DEFAULT_IMPL}",
    )
    group.addoption(
        "--direction",
        default=None,
        metavar="MODULE:ENUM",
        help="its Direction enum (members UP, DOWN, LEFT, RIGHT); default the "
        f"impl module's Direction, else {DEFAULT_DIRECTION}",
    )
    group.addoption(
        "--time-limit",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="the longest a call of a writeup method may run (default: no limit)",
    )
    group.addoption(
        "--memory",
        type=int,
        default=512,
        metavar="MB",
        help="a Java target's heap (default 512)",
    )
    group.addoption("--conformance-journal", default=None, help=argparse.SUPPRESS)
    group.addoption("--conformance-resume", action="store_true", help=argparse.SUPPRESS)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "requirement(id): the writeup requirement a test checks"
    )
    if not config.pluginmanager.is_registered(fixtures):
        config.pluginmanager.register(fixtures, "gamestate.conformance.fixtures")
    journal = config.getoption("conformance_journal")
    config.stash[JOURNAL] = Path(journal) if journal else None
    # From here on a death is the class's (its import, its JVM), not the grader's.
    _journal(config, {"event": "loading"})
    try:
        implementation = load_implementation(
            config.getoption("impl"),
            config.getoption("direction"),
            config.getoption("time_limit"),
            config.getoption("memory"),
        )
    except LoadError as error:
        graders = isinstance(error, GraderSetupError)  # no JDK: not the class's
        _journal(config, {"event": "unloadable", "message": str(error), "graders": graders})
        raise pytest.UsageError(str(error)) from None
    config.stash[IMPLEMENTATION] = implementation
    absent = sorted(req for req, method in OPTIONAL.items() if not implementation.has(method))
    _journal(config, {"event": "session", "label": implementation.label, "absent": absent})
    config.pluginmanager.register(Recorder(config), "conformance-recorder")


def pytest_unconfigure(config: pytest.Config) -> None:
    implementation = config.stash.get(IMPLEMENTATION, None)
    if implementation is not None:
        implementation.close()


def _journal(config: pytest.Config, event: dict[str, Any]) -> None:
    path = config.stash[JOURNAL]
    if path is not None:
        with path.open("a", encoding="utf-8") as journal:
            journal.write(json.dumps(event) + "\n")


def journaled_nodeids(path: Path) -> set[str]:
    """The tests a journal already holds an outcome for."""
    if not path.exists():
        return set()
    events = (json.loads(line) for line in path.read_text("utf-8").splitlines() if line)
    return {event["nodeid"] for event in events if event["event"] == "outcome"}


def pytest_collection_modifyitems(
    config: pytest.Config, items: list[pytest.Item]
) -> None:
    """Copy each test's requirement id into its reports (user_properties).

    The tests of an optional requirement whose method the class lacks are
    skipped: the writeup does not require the method. On a resumed run the
    tests already journaled are deselected.
    """
    implementation = config.stash[IMPLEMENTATION]
    for item in items:
        marker = item.get_closest_marker("requirement")
        if marker is None:
            continue
        requirement = marker.args[0]
        item.user_properties.append(("requirement", requirement))
        method = OPTIONAL.get(requirement)
        if method is not None and not implementation.has(method):
            reason = f"optional {method} absent: not checked"
            item.add_marker(pytest.mark.skip(reason=reason))
    tests = {
        item.nodeid: dict(item.user_properties)["requirement"]
        for item in items
        if "requirement" in dict(item.user_properties)
    }
    _journal(config, {"event": "collected", "tests": tests})
    path = config.stash[JOURNAL]
    if path is not None and config.getoption("conformance_resume"):
        done = journaled_nodeids(path)
        config.hook.pytest_deselected(items=[item for item in items if item.nodeid in done])
        items[:] = [item for item in items if item.nodeid not in done]


def pytest_collection_finish(session: pytest.Session) -> None:
    """Leave what is alive now (pytest, the tests, the class) out of the
    garbage collector's later passes, and collect less often: the
    differential checks make tens of thousands of boards, and the
    collector's passes over them cost a tenth of a Python submission's time
    (a young generation of 20 000 objects is still little memory)."""
    gc.freeze()
    gc.set_threshold(20_000, 10, 10)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, Any, None]:
    """Mark a failure that is not a failed assertion: the class raised,
    ran out of time or memory, or crashed (an ERROR, not a FAIL); or the
    grader's own code raised (a GRADER-ERROR, never charged to the class)."""
    result = yield
    report = result.get_result()
    excinfo = call.excinfo
    if not report.failed or excinfo is None or isinstance(excinfo.value, AssertionError):
        return
    report.user_properties.append(("error", _kind_of(excinfo.value)))
    if isinstance(excinfo.value, AttributeError) and excinfo.value.name in WRITEUP_METHODS:
        # Python's words for it ("'GameState' object has no attribute ...")
        # are not the student's: Java's classes are graded through a proxy.
        report.user_properties.append(("missing", excinfo.value.name))


def _kind_of(error: BaseException) -> str:
    """ "class" for what the class under test did, else "grader"."""
    if isinstance(error, TargetError):
        return "class"
    grouped = getattr(error, "exceptions", None)  # an exception group (3.11+ or backport)
    if isinstance(grouped, tuple) and grouped:  # e.g. Hypothesis's FlakyFailure
        kinds = {_kind_of(inner) for inner in grouped}
        return "class" if kinds == {"class"} else "grader"
    if isinstance(error, AttributeError) and error.name in WRITEUP_METHODS:
        return "class"  # the class lacks a writeup method
    return "grader"


class Recorder:
    """Each test's outcome, kept for the table and written to the journal."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.outcomes: dict[str, Outcome] = {}

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        requirement = dict(item.user_properties).get("requirement")
        if requirement is not None:
            event = {"event": "start", "nodeid": item.nodeid, "requirement": requirement}
            _journal(self.config, event)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Keep a test's first failing phase; journal it after teardown."""
        properties = dict(report.user_properties)
        if "requirement" not in properties:
            return
        requirement = str(properties["requirement"])
        name = report.nodeid.rpartition("::")[2]
        kept = self.outcomes.get(report.nodeid, Outcome(name, requirement, PASSED))
        if kept.passed and not report.passed:
            kept = Outcome(name, requirement, *_status_and_message(report, properties))
        elif kept.passed and "detail" in properties:  # met, with words on where
            kept = Outcome(name, requirement, PASSED, str(properties["detail"]))
        self.outcomes[report.nodeid] = kept
        if report.when == "teardown":
            event = {"event": "outcome", "nodeid": report.nodeid} | kept.to_json()
            _journal(self.config, event)

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if not self.outcomes:
            return
        implementation = self.config.stash[IMPLEMENTATION]
        report = session_report(implementation, list(self.outcomes.values()))
        terminalreporter.write_sep("=", title(report))
        for line in table_lines(report):
            terminalreporter.write_line(line)


def session_report(implementation: Implementation, outcomes: list[Outcome]) -> Report:
    absent = frozenset(
        req for req, method in OPTIONAL.items() if not implementation.has(method)
    )
    return Report(implementation.label, outcomes, absent)


def _status_and_message(report: Any, properties: dict[str, object]) -> tuple[str, str]:
    if report.skipped:
        reason = _skip_reason(report)
        if reason.startswith(NOT_APPLICABLE):
            return NOT_APPLICABLE_STATUS, reason.removeprefix(NOT_APPLICABLE)
        return SKIPPED, "skipped"
    kind = properties.get("error")
    if "missing" in properties:
        return ERROR, f"GameState has no method {properties['missing']}()"
    if kind == "grader":
        return GRADER_ERROR, f"{GRADER_ERROR_NOTE}: {_first_line(report)}"
    return (ERROR if kind else FAILED), _first_line(report)


def _skip_reason(report: Any) -> str:
    longrepr = report.longrepr
    text = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
    return str(text).removeprefix("Skipped: ")


def _first_line(report: Any) -> str:
    crash = getattr(report.longrepr, "reprcrash", None)
    text = crash.message if crash is not None else str(report.longrepr)
    lines = text.strip().splitlines()
    first = OWN_ERROR.sub("", lines[0]) if lines else "failed"
    return first if len(first) <= MESSAGE_WIDTH else first[: MESSAGE_WIDTH - 3] + "..."
