"""pytest plugin of the conformance suite: --impl/--direction and the table.

Loaded from tests/conftest.py (``pytest_plugins``), so the options exist
both for ``pytest tests/conformance --impl ...`` and for a plain ``pytest``.

- ``--impl module:Class`` picks the GameState class under test (default
  ``gamestate:GameState``). ``module`` may also be a path to a ``.py`` file.
- ``--direction module:Enum`` picks its Direction type, any enum with UP,
  DOWN, LEFT and RIGHT members. Default: the impl module's own
  ``Direction`` if it has one, else ``gamestate:Direction``.
- After the run, a table groups the results by requirement id (see
  requirements.py): PASS/FAIL, tests passed, the requirement, and for a
  failure the first line of each failing test's message.
- An optional requirement (``OPTIONAL`` in requirements.py) is checked only
  when the class has its method: without it, its tests are skipped and its
  row reads ABSENT. The score line counts the required requirements alone,
  so every class is scored out of the same number whatever optional
  methods it wrote; each optional verdict (PASS, FAIL or ABSENT) follows
  the score, and a FAIL still fails the run.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conformance.requirements import OPTIONAL, REQUIREMENTS

DEFAULT_IMPL = "gamestate:GameState"
DEFAULT_DIRECTION = "gamestate:Direction"
DIRECTION_MEMBERS = ("UP", "DOWN", "LEFT", "RIGHT")


@dataclass(frozen=True)
class Implementation:
    """The class under test, its Direction enum, and how they were named."""

    game_class: Any
    direction: Any
    label: str

    def has(self, method: str) -> bool:
        """Whether the class defines ``method`` (an optional one, say)."""
        return callable(getattr(self.game_class, method, None))


IMPLEMENTATION = pytest.StashKey[Implementation]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("conformance", "PA4 GameState conformance suite")
    group.addoption(
        "--impl",
        default=DEFAULT_IMPL,
        metavar="MODULE:CLASS",
        help="GameState class to test (module or path/to/file.py, then "
        f":Class); default {DEFAULT_IMPL}",
    )
    group.addoption(
        "--direction",
        default=None,
        metavar="MODULE:ENUM",
        help="its Direction enum (members UP, DOWN, LEFT, RIGHT); default the "
        f"impl module's Direction, else {DEFAULT_DIRECTION}",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "requirement(id): the writeup requirement a test checks"
    )
    config.stash[IMPLEMENTATION] = load_implementation(
        config.getoption("impl"), config.getoption("direction")
    )


def load_implementation(impl: str, direction: str | None) -> Implementation:
    game_class = _load_object("--impl", impl)
    if not isinstance(game_class, type):
        raise pytest.UsageError(f"--impl {impl}: not a class")
    if direction is None:
        direction = _default_direction(impl)
    direction_type = _load_object("--direction", direction)
    missing = _missing_members(direction_type)
    if missing:
        raise pytest.UsageError(
            f"--direction {direction}: no member {', '.join(missing)} (not a Direction)"
        )
    return Implementation(game_class, direction_type, f"{impl} with {direction}")


def _default_direction(impl: str) -> str:
    """The impl module's own Direction if it has a usable one, else ours."""
    own = f"{impl.rpartition(':')[0]}:Direction"
    try:
        usable = not _missing_members(_load_object("--direction", own))
    except pytest.UsageError:
        usable = False
    return own if usable else DEFAULT_DIRECTION


def _missing_members(direction_type: object) -> list[str]:
    return [name for name in DIRECTION_MEMBERS if not hasattr(direction_type, name)]


def _load_object(option: str, spec: str) -> object:
    """Import ``module:Name`` (or ``path/to/file.py:Name``), or fail in one line."""
    module_name, _, attribute = spec.rpartition(":")
    if not module_name or not attribute:
        raise pytest.UsageError(
            f"{option} {spec!r}: expected MODULE:NAME, e.g. {DEFAULT_IMPL}"
        )
    try:
        module = _import(module_name)
    # A student's module may raise anything while it is imported; report it
    # in one line instead of a traceback (hence the blind except).
    except Exception as error:  # noqa: BLE001
        raise pytest.UsageError(
            f"{option} {spec}: cannot import {module_name}: "
            f"{type(error).__name__}: {error}"
        ) from None
    if not hasattr(module, attribute):
        raise pytest.UsageError(f"{option} {spec}: {module_name} has no {attribute}")
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


def pytest_collection_modifyitems(
    config: pytest.Config, items: list[pytest.Item]
) -> None:
    """Copy each test's requirement id into its reports (user_properties).

    The tests of an optional requirement whose method the class lacks are
    skipped: the writeup does not require the method.
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


# ------------------------------------------------------------- the table
@dataclass
class _TestResult:
    name: str
    passed: bool = True
    message: str = ""


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, config: pytest.Config
) -> None:
    results = _results_by_requirement(
        report
        for reports in terminalreporter.stats.values()
        for report in reports
        if isinstance(report, pytest.TestReport)  # not the deselected items
    )
    if not results:
        return
    implementation = config.stash[IMPLEMENTATION]
    write = terminalreporter.write_line
    terminalreporter.write_sep("=", f"GameState conformance: {implementation.label}")
    write("Req  Result  Tests  Requirement (PA4 writeup, GameState section)")
    optional_verdicts = []
    for requirement, tests in results.items():
        verdict, score = _verdict(requirement, tests, implementation)
        write(f"{requirement:<4} {verdict:<7} {score:<6} {REQUIREMENTS[requirement]}")
        if verdict == "FAIL":
            for test in tests:
                if not test.passed:
                    write(f"{'':19}- {test.name}: {test.message}")
        if requirement in OPTIONAL:
            optional_verdicts.append(f"{requirement} {verdict}")
    required = {req: tests for req, tests in results.items() if req not in OPTIONAL}
    met = sum(all(test.passed for test in tests) for tests in required.values())
    not_run = len(REQUIREMENTS) - len(OPTIONAL) - len(required)
    total = sum(len(tests) for tests in required.values())
    passed_tests = sum(test.passed for tests in required.values() for test in tests)
    summary = (
        f"Score: {met}/{len(required)} requirements met "
        f"({passed_tests}/{total} tests passed)"
    )
    if not_run:
        summary += f"; {not_run} requirements not run"
    if optional_verdicts:
        summary += f"; optional, not scored: {', '.join(optional_verdicts)}"
    write(summary)


def _verdict(
    requirement: str, tests: list[_TestResult], implementation: Implementation
) -> tuple[str, str]:
    """A requirement's Result and Tests columns.

    ABSENT (and no count) for an optional requirement whose method the class
    lacks; otherwise PASS when every test passed, else FAIL.
    """
    method = OPTIONAL.get(requirement)
    if method is not None and not implementation.has(method):
        return "ABSENT", "-"
    passed = sum(test.passed for test in tests)
    verdict = "PASS" if passed == len(tests) else "FAIL"
    return verdict, f"{passed}/{len(tests)}"


def _results_by_requirement(reports: Iterable[Any]) -> dict[str, list[_TestResult]]:
    """Group test outcomes by requirement id, in catalogue order.

    A test passes when its call phase passed and no phase failed; a skipped
    test counts as not passed (it did not show the behaviour).
    """
    by_test: dict[str, tuple[str, _TestResult]] = {}
    for report in reports:
        requirement = dict(getattr(report, "user_properties", ())).get("requirement")
        if requirement is None:
            continue
        name = report.nodeid.rpartition("::")[2]
        _, result = by_test.setdefault(report.nodeid, (requirement, _TestResult(name)))
        if report.failed or report.skipped:
            result.passed = False
            result.message = result.message or _first_line(report)
    grouped: dict[str, list[_TestResult]] = {}
    for requirement in REQUIREMENTS:
        tests = [result for req, result in by_test.values() if req == requirement]
        if tests:
            grouped[requirement] = tests
    return grouped


def _first_line(report: Any) -> str:
    if report.skipped:
        return "skipped"
    crash = getattr(report.longrepr, "reprcrash", None)
    text = crash.message if crash is not None else str(report.longrepr)
    lines = text.strip().splitlines()
    first = lines[0].removeprefix("AssertionError: ") if lines else "failed"
    return first if len(first) <= 160 else first[:157] + "..."
