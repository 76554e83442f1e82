"""Grade one target in a process of its own, whatever the target does.

:func:`grade` runs the installed suite with pytest in a child process
(never this project's pytest settings: its own ini, no plugin autoloading,
no coverage), aimed at one target, and reads the child's journal (see
plugin.py) into a :class:`~gamestate.conformance.report.Report`.

What keeps a submission from hanging or killing the grader:

- each call of a writeup method has a time limit (``--time-limit``; a
  Python class is wrapped by limits.py, a Java one is timed by the JVM
  harness, see java.py);
- memory: a Python child runs under RLIMIT_DATA, a JVM with ``-Xmx``;
- a watchdog kills a child that journals nothing for a long while;
- a child that dies (os._exit, a segfault, the watchdog) is started again
  on the tests it has not run, and the test it was running fails with what
  happened.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from gamestate.conformance.javac import LoadError, is_java_target, submission_notes
from gamestate.conformance.report import ERROR, Outcome, Report

SUITE: Final = Path(__file__).resolve().parent / "suite"
PACKAGE_ROOT: Final = Path(__file__).resolve().parent.parent.parent
INI: Final = "[pytest]\npython_files = test_*.py\naddopts =\n"
# ``python -m`` would put the current folder first on sys.path, so that an
# instructor's checkout (its own ``gamestate/`` folder) would shadow the
# installed grader: pytest then stops at "import file mismatch" before any
# test. The child puts the grader's own package root first instead; the
# current folder stays on sys.path after it (a ``module:Class`` target).
LAUNCH: Final = (
    "import runpy, sys; sys.path.insert(0, sys.argv.pop(1)); "
    "runpy.run_module(sys.argv.pop(1), run_name='__main__', alter_sys=True)"
)


@dataclass(frozen=True)
class Limits:
    """How long a call may run, how much memory the class may take."""

    time_limit: float = 2.0
    memory_mb: int = 512
    # How many times a child that died is started again on the tests left.
    restarts: int = 50

    @property
    def watchdog_seconds(self) -> float:
        """How long a child may journal nothing before it is killed."""
        return 60 + 20 * self.time_limit


def grade(target: str, limits: Limits, direction: str | None = None) -> Report:
    """The report of ``target`` (see implementation.py for the forms)."""
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="conformance-") as scratch:
        report = _grade_in(Path(scratch), target, limits, direction)
    report.seconds = time.monotonic() - started
    if is_java_target(target):
        with contextlib.suppress(LoadError):  # no GameState: the report says so
            report.notes = (*report.notes, *submission_notes(Path(target)))
    return report


def _grade_in(scratch: Path, target: str, limits: Limits, direction: str | None) -> Report:
    journal = scratch / "journal.jsonl"
    (scratch / "pytest.ini").write_text(INI, encoding="utf-8")
    for attempt in range(limits.restarts + 1):
        status, said = _run_child(scratch, target, limits, direction, resume=attempt > 0)
        events = _read_journal(journal)
        unloadable = [event for event in events if event["event"] == "unloadable"]
        if unloadable:
            last = unloadable[-1]
            # The suite's option means nothing to a student reading the report.
            problem = last["message"].removeprefix(f"--impl {target}: ")
            return Report(target, problem=problem, graders=last.get("graders", False))
        if status in (0, 1, 5) and any(event["event"] == "session" for event in events):
            return _report(target, events)
        running = _running_test(events)
        what = _death(status)
        if running is None:
            return _stopped_before_any_test(target, events, what, said)
        _append(journal, _crash_outcome(running, what))
    events = _read_journal(journal)
    for unrun in _unrun_tests(events):
        what = f"not run: the process died {limits.restarts + 1} times"
        _append(journal, _crash_outcome(unrun, what))
    return _report(target, _read_journal(journal))


def _stopped_before_any_test(
    target: str, events: list[dict[str, Any]], what: str, said: str
) -> Report:
    """The child ended before any test ran: the class's doing if it died
    while the class was being loaded, else the grader's own (GRADER-ERROR)."""
    loading = any(event["event"] == "loading" for event in events)
    loaded = any(event["event"] == "session" for event in events)
    if loading and not loaded:
        return Report(target, problem=f"the class could not be loaded: {what} while loading it")
    last = [line.strip() for line in said.splitlines() if line.strip()][-1:]
    detail = f": {last[0][:160]}" if last else ""
    how = what.replace(" (os._exit?)", "")  # that hint is about a class's code
    return Report(
        target, problem=f"the grader could not start its tests ({how}{detail})", graders=True
    )


def python_module_command(module: str) -> list[str]:
    """``python -m module`` with the grader's own package first on sys.path."""
    return [sys.executable, "-c", LAUNCH, str(PACKAGE_ROOT), module]


def child_command(
    scratch: Path, target: str, limits: Limits, direction: str | None, resume: bool
) -> list[str]:
    command = [*python_module_command("pytest"), str(SUITE), "-c", str(scratch / "pytest.ini")]
    command += ["--rootdir", str(SUITE), "--confcutdir", str(SUITE), "-q", "--tb=no"]
    command += ["-p", "gamestate.conformance.plugin", "-p", "no:cacheprovider"]
    # pytest's unraisable-exception hook ends the run with five full garbage
    # collections (a tenth of a second over the differential checks' boards);
    # the grader reports no warnings, so it is left out.
    command += ["-p", "no:unraisableexception"]
    command += ["--impl", target, "--time-limit", str(limits.time_limit)]
    command += ["--memory", str(limits.memory_mb)]
    command += ["--conformance-journal", str(scratch / "journal.jsonl")]
    if direction is not None:
        command += ["--direction", direction]
    if resume:
        command.append("--conformance-resume")
    return command


def _child_environment(scratch: Path | None = None) -> dict[str, str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    environment["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    environment["PYTHONDONTWRITEBYTECODE"] = "1"  # nothing written beside a submission
    if scratch is not None:  # a pytest child: Hypothesis keeps a .hypothesis
        # folder (constants read from the code under test) in the current
        # folder; the child's scratch folder instead.
        environment["HYPOTHESIS_STORAGE_DIRECTORY"] = str(scratch / ".hypothesis")
    paths = [str(PACKAGE_ROOT), environment.get("PYTHONPATH", "")]
    environment["PYTHONPATH"] = os.pathsep.join(path for path in paths if path)
    return environment


def _limit_memory(megabytes: int) -> Any:
    """A preexec_fn capping the child's data segment (POSIX only)."""

    def limit() -> None:
        import resource

        size = megabytes << 20
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_DATA, (size, size))

    return limit


def _run_child(
    scratch: Path, target: str, limits: Limits, direction: str | None, resume: bool
) -> tuple[int | None, str]:
    """Run the child until it ends or the watchdog kills it: (status, output)."""
    command = child_command(scratch, target, limits, direction, resume)
    output = scratch / "output.txt"
    # A JVM reserves far more address space than it uses: the memory limit
    # of a Java target is its -Xmx, not an rlimit on this process.
    limit = None
    if os.name == "posix" and not is_java_target(target):
        limit = _limit_memory(limits.memory_mb + 256)  # + pytest's own needs
    journal = scratch / "journal.jsonl"
    with output.open("wb") as sink:
        child = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=sink,
            stderr=subprocess.STDOUT,
            env=_child_environment(scratch),
            preexec_fn=limit,  # noqa: PLW1509 - only sets an rlimit
            start_new_session=True,
        )
        status = _watch(child, journal, limits.watchdog_seconds)
    return status, output.read_text("utf-8", errors="replace")


def _watch(child: subprocess.Popen[bytes], journal: Path, quiet_seconds: float) -> int | None:
    """Wait for ``child``; kill it (None) once its journal stops growing."""
    size, last_change = -1, time.monotonic()
    while True:
        try:
            return child.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            pass
        now_size = journal.stat().st_size if journal.exists() else 0
        if now_size != size:
            size, last_change = now_size, time.monotonic()
        elif time.monotonic() - last_change > quiet_seconds:
            with contextlib.suppress(ProcessLookupError):
                if hasattr(os, "killpg"):
                    os.killpg(child.pid, signal.SIGKILL)  # its JVM too
                else:
                    child.kill()
            child.wait()
            return None


def _death(status: int | None) -> str:
    if status is None:
        return "killed by the grader's watchdog (no progress)"
    if status < 0:
        return f"the process died (signal {-status})"
    return f"the program exited with status {status} (os._exit?)"


def _read_journal(journal: Path) -> list[dict[str, Any]]:
    if not journal.exists():
        return []
    events = []
    for line in journal.read_text("utf-8").splitlines():
        with contextlib.suppress(json.JSONDecodeError):  # a line cut by a crash
            events.append(json.loads(line))
    return events


def _append(journal: Path, event: dict[str, Any]) -> None:
    with journal.open("a", encoding="utf-8") as file:
        file.write(json.dumps(event) + "\n")


def _running_test(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The last test started and never finished, if any."""
    finished = {event["nodeid"] for event in events if event["event"] == "outcome"}
    started = [e for e in events if e["event"] == "start" and e["nodeid"] not in finished]
    return started[-1] if started else None


def _unrun_tests(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The collected tests the journal holds no outcome of."""
    finished = {event["nodeid"] for event in events if event["event"] == "outcome"}
    collected: dict[str, str] = {}
    for event in events:
        if event["event"] == "collected":
            collected |= event["tests"]
    return [
        {"nodeid": nodeid, "requirement": requirement}
        for nodeid, requirement in collected.items()
        if nodeid not in finished
    ]


def _crash_outcome(running: dict[str, Any], what: str) -> dict[str, Any]:
    name = running["nodeid"].rpartition("::")[2]
    outcome = Outcome(name, running["requirement"], ERROR, f"{what} in {name}")
    return {"event": "outcome", "nodeid": running["nodeid"]} | outcome.to_json()


def _report(target: str, events: list[dict[str, Any]]) -> Report:
    outcomes: dict[str, Outcome] = {}
    absent: frozenset[str] = frozenset()
    for event in events:
        if event["event"] == "session":
            absent = frozenset(event["absent"])
        elif event["event"] == "outcome":
            outcomes[event["nodeid"]] = Outcome(
                event["name"], event["requirement"], event["status"], event["message"]
            )
    return Report(target, list(outcomes.values()), absent)
