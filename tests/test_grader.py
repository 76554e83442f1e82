"""Issue 24: the conformance suite as an installed grader (Python targets).

``python -m gamestate.conformance`` (the ``gamestate-grade`` script) must
grade like ``pytest tests/conformance``, print no coverage, survive a class
that loops, exits or eats memory, print four formats, and grade a folder
into a resumable CSV. The Java targets are in test_grader_java.py.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate import GameState as ModelGameState
from gamestate.conformance import cli, javac, reference
from gamestate.conformance.batch import SCORE_COLUMN, Progress, csv_row
from gamestate.conformance.differential import (
    PROPERTIES,
    Moved,
    Observed,
    _as_board,
    problem_on,
)
from gamestate.conformance.javac import JDK_NEEDED, LoadError
from gamestate.conformance.limits import (
    TargetRaisedError,
    TimeLimitError,
    time_limit,
    time_limited,
)
from gamestate.conformance.pipes import PipeLines
from gamestate.conformance.plugin import _kind_of
from gamestate.conformance.report import (
    GRADER_ERROR,
    GRADER_ERROR_NOTE,
    Outcome,
    Report,
    render_junit,
    render_table,
    to_gradescope,
    to_json,
)
from gamestate.conformance.requirements import OPTIONAL, REQUIREMENTS
from gamestate.conformance.runner import (
    INI,
    SUITE,
    Limits,
    child_command,
    grade,
    python_module_command,
)
from gamestate.conformance.sampling import (
    ADD_TILE,
    FALSE_FAILURE_BOUND,
    RANDOM_TILE,
    Window,
)
from gamestate.conformance.support import (
    Snapshot,
    assert_one_tile_added,
    assert_unchanged,
    board_of,
    describe,
    shape_of,
    text_difference,
)
from gamestate.conformance.targets import is_single_target
from gamestate.direction import Direction
from tests.conformance.mutants.writeup_style import GameState as WriteupGameState
from tests.test_conformance_meta import EXPECTED_FAILURES, MUTANTS, ROOT

if sys.version_info >= (3, 11):
    from builtins import BaseExceptionGroup
else:  # Hypothesis's own dependency there
    from exceptiongroup import BaseExceptionGroup

FAILING = {"FAIL", "ERROR"}


def run_command(*arguments: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``python -m gamestate.conformance`` in a process of its own."""
    command = [sys.executable, "-m", "gamestate.conformance", *arguments]
    return subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, timeout=600, check=False
    )


def verdicts(report: dict[str, Any]) -> dict[str, str]:
    return {row["id"]: row["verdict"] for row in report["requirements"]}


def failed(report: dict[str, Any]) -> set[str]:
    return {req for req, verdict in verdicts(report).items() if verdict in FAILING}


def grade_json(target: str, *options: str) -> dict[str, Any]:
    output = run_command(target, "--format", "json", *options)
    assert output.returncode in (0, 1), output.stderr
    report: dict[str, Any] = json.loads(output.stdout)
    return report


def separate_runs(target: str, runs: int, *options: str) -> list[dict[str, Any]]:
    """``target``'s JSON report from ``runs`` runs of the command, each a
    process of its own as an instructor runs it (nothing a run keeps in
    memory reaches the next), two at a time (CI has two cores), without
    the time each took (the one field that may differ)."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        reports = list(pool.map(lambda _: grade_json(target, *options), range(runs)))
    for report in reports:
        del report["seconds"]
    return reports


def json_messages(report: dict[str, Any], requirement: str) -> list[str]:
    [row] = [row for row in report["requirements"] if row["id"] == requirement]
    return [failure["message"] for failure in row["failures"]]


# ---------------------------------------------------- the installed command
@pytest.fixture(scope="module")
def mutant_batch(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """Every Python mutant and the correct control, graded as one folder."""
    folder = tmp_path_factory.mktemp("python-submissions")
    for path in MUTANTS.glob("*.py"):
        if path.stem != "__init__":
            shutil.copyfile(path, folder / path.name)
    output = folder.parent / "grades.csv"
    # The command's entry point in this process (each class still runs in
    # a child process of its own).
    assert cli.main([str(folder), "--jobs", "2", "-o", str(output), "--no-progress"]) == 0
    journal = output.with_name(output.name + ".journal")
    entries = [json.loads(line) for line in journal.read_text().splitlines()]
    return {entry["student"]: entry for entry in entries}


@pytest.mark.parametrize("mutant", sorted(EXPECTED_FAILURES))
def test_the_installed_command_fails_each_mutant_on_its_requirements(
    mutant_batch: dict[str, dict[str, Any]], mutant: str
) -> None:
    report = mutant_batch[mutant]["report"]
    assert failed(report) == EXPECTED_FAILURES[mutant], report


def test_the_installed_command_passes_the_correct_control(
    mutant_batch: dict[str, dict[str, Any]],
) -> None:
    report = mutant_batch["writeup_style"]["report"]
    assert report["score"] == report["max_score"] == 32
    assert set(verdicts(report).values()) == {"PASS"}, report


def test_one_target_prints_the_table_and_no_coverage() -> None:
    """Run where pyproject's addopts adds --cov: the grader ignores it."""
    done = run_command("tests.conformance.mutants.random_tile_lte:GameState")
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert "GameState conformance: tests.conformance.mutants.random_tile_lte" in lines[0]
    assert lines[-1] == (
        "Score: 31/32 requirements met (108/109 tests passed); optional, not scored: O1 PASS"
    )
    assert any(line.startswith("R10  FAIL    0/1 ") for line in lines)
    assert "coverage" not in done.stdout + done.stderr
    assert "TOTAL" not in done.stdout
    assert len(lines) == 37  # title, header, 33 rows, one failure, score


def test_a_target_that_cannot_load_scores_zero_with_the_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["no_such_module:GameState", "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["score"] == 0
    assert report["problem"] == (
        "cannot import no_such_module: "
        "ModuleNotFoundError: No module named 'no_such_module'"
    )
    assert set(verdicts(report).values()) == {"ERROR"}


# ------------------------------------------------------------------ limits
ABUSIVE_PYTHON = '''\
import os

from tests.conformance.mutants.writeup_style import Direction, GameState as Base


class GameState(Base):
{body}
'''

ABUSES = {
    "loops": "    def slideDown(self):\n        while True:\n            pass\n",
    "exits": "    def toString(self):\n        os._exit(3)\n",
    "crashes": "    def toString(self):\n        os.kill(os.getpid(), 9)\n",
    "hogs": "    def countEmptyTiles(self):\n        return len(bytearray(2 << 30))\n",
    "recurses": "    def slideDown(self):\n        return self.slideDown()\n",
}


@pytest.fixture(scope="module")
def abused(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("abuse")
    reports = {}
    for name, body in ABUSES.items():
        path = folder / f"{name}.py"
        path.write_text(ABUSIVE_PYTHON.format(body=body))
        reports[name] = grade(f"{path}:GameState", Limits(time_limit=0.5))
    return reports


def messages(report: Any, requirement: str) -> list[str]:
    return [t.message for t in report.outcomes if t.requirement == requirement and not t.passed]


@pytest.mark.parametrize(
    ("name", "requirement", "message"),
    [
        ("loops", "R21", "timed out after 0.5 s of CPU time in slideDown"),
        ("exits", "R03", "the program exited with status 3"),
        ("crashes", "R03", "the process died (signal 9) in test_to_string"),
        ("hogs", "R12", "MemoryError"),
        ("recurses", "R21", "RecursionError"),
    ],
)
def test_a_python_class_that_misbehaves_fails_with_what_happened(
    abused: dict[str, Any], name: str, requirement: str, message: str
) -> None:
    report = abused[name]
    rows = {row.requirement: row.verdict for row in report.rows()}
    assert rows[requirement] == "ERROR", report.outcomes
    # The first test of the requirement meets the misbehaviour; later ones
    # may meet a time limit it caused.
    assert message in messages(report, requirement)[0], messages(report, requirement)
    # The run went on: the requirements the misbehaving method has no part in pass.
    assert rows["R01"] == rows["R08"] == "PASS"
    assert len(rows) == len(REQUIREMENTS)


def test_a_timed_out_method_is_not_run_again(abused: dict[str, Any]) -> None:
    """One time limit per looping method, not one per test."""
    loops = abused["loops"]
    timed_out = [t.message for t in loops.outcomes if "timed out" in t.message]
    # One time-out (the requirements judged on that call all report it).
    assert len({text for text in timed_out if "not run again" not in text}) == 1, timed_out


# ----------------------------------------------------------------- formats
@pytest.fixture(scope="module")
def lte_outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """random_tile_lte in each format, and Gradescope's file."""
    folder = tmp_path_factory.mktemp("formats")
    target = "tests.conformance.mutants.random_tile_lte:GameState"
    outputs = {}
    for name in ("json", "junit", "gradescope"):
        path = folder / f"out.{name}"
        code = cli.main([target, "--format", name, "-o", str(path)])
        assert code == 1
        outputs[name] = path.read_text()
    results = folder / "results" / "results.json"
    assert cli.main([target, "--gradescope", str(results), "-o", str(folder / "t")]) == 1
    outputs["results.json"] = results.read_text()
    return outputs


def test_json_lists_every_requirement(lte_outputs: dict[str, str]) -> None:
    report = json.loads(lte_outputs["json"])
    assert (report["score"], report["max_score"], report["success"]) == (31, 32, False)
    assert failed(report) == {"R10"}
    [r10] = [row for row in report["requirements"] if row["id"] == "R10"]
    assert r10["failures"][0]["message"].startswith("randomTile() gave 2 for 71 of the 100")


def test_junit_has_one_case_per_requirement(lte_outputs: dict[str, str]) -> None:
    suite = ElementTree.fromstring(lte_outputs["junit"])
    cases = suite.findall("testcase")
    assert len(cases) == len(REQUIREMENTS)
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("33", "1", "0")
    failures = [case.get("name") for case in cases if case.find("failure") is not None]
    assert failures == [f"R10 {REQUIREMENTS['R10']}"]


# Gradescope's documented results.json (gradescope-autograders.readthedocs.io,
# "Autograder Specifications", output format): the top-level fields and
# each test's, with their types; visibility is one of four words.
GRADESCOPE_TOP = {
    "score": (int, float),
    "execution_time": (int, float),
    "output": str,
    "visibility": str,
    "stdout_visibility": str,
    "extra_data": dict,
    "tests": list,
    "leaderboard": list,
}
GRADESCOPE_TEST = {
    "score": (int, float),
    "max_score": (int, float),
    "status": str,
    "name": str,
    "name_format": str,
    "number": str,
    "output": str,
    "output_format": str,
    "tags": list,
    "visibility": str,
    "extra_data": dict,
}
VISIBILITIES = {"hidden", "after_due_date", "after_published", "visible"}


def check_gradescope(results: dict[str, Any]) -> list[str]:
    """What in ``results`` breaks Gradescope's documented format."""
    problems = [f"unknown field {key}" for key in results.keys() - GRADESCOPE_TOP.keys()]
    problems += [
        f"{key} is not {kind}"
        for key, kind in GRADESCOPE_TOP.items()
        if key in results and not isinstance(results[key], kind)
    ]
    if "score" not in results and not all("score" in test for test in results["tests"]):
        problems.append("no score, neither total nor on every test")
    for test in results.get("tests", []):
        problems += [f"test field {key}" for key in test.keys() - GRADESCOPE_TEST.keys()]
        problems += [
            f"test {key} is not {kind}"
            for key, kind in GRADESCOPE_TEST.items()
            if key in test and not isinstance(test[key], kind)
        ]
        if test.get("status", "passed") not in ("passed", "failed"):
            problems.append(f"status {test['status']}")
    for item in [results, *results.get("tests", [])]:
        for key in ("visibility", "stdout_visibility"):
            if key in item and item[key] not in VISIBILITIES:
                problems.append(f"{key} {item[key]}")
    return problems


def test_gradescope_results_follow_the_documented_format(
    lte_outputs: dict[str, str],
) -> None:
    results = json.loads(lte_outputs["results.json"])
    assert check_gradescope(results) == []
    # Two runs of the grader: the same results but for the seconds each took.
    printed = json.loads(lte_outputs["gradescope"])
    assert all(isinstance(run["execution_time"], int) for run in (results, printed))
    assert results | {"execution_time": 0} == printed | {"execution_time": 0}
    assert results["score"] == 31.0
    tests = results["tests"]
    assert len(tests) == len(REQUIREMENTS)
    assert sum(test["max_score"] for test in tests) == 32
    [r10] = [test for test in tests if test["name"].startswith("R10 ")]
    assert (r10["score"], r10["max_score"], r10["status"]) == (0.0, 1.0, "failed")
    assert "randomTile() gave 2 for 71 of the 100" in r10["output"]
    [o1] = [test for test in tests if test["name"].startswith("O1 ")]
    assert o1["max_score"] == 0.0  # optional: shown, not scored


def test_the_format_checker_catches_a_bad_file() -> None:
    bad = {"tests": [{"visibility": "public"}, {"score": "1"}], "colour": 1}
    assert check_gradescope(bad) == [
        "unknown field colour",
        "no score, neither total nor on every test",
        "test score is not (<class 'int'>, <class 'float'>)",
        "visibility public",
    ]


# ------------------------------------------------------------------- batch
STUDENT = """\
from tests.conformance.mutants.{module} import GameState as Base


class GameState(Base):
    pass
"""


def test_a_batch_resumes_from_its_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "ann.py").write_text(STUDENT.format(module="writeup_style"))
    (folder / "bob").mkdir()
    (folder / "bob" / "gamestate.py").write_text(STUDENT.format(module="merge_twice"))
    (folder / "cy").mkdir()  # nothing to grade: a batch only with --batch
    output = tmp_path / "grades.csv"
    options = [str(folder), "-o", str(output), "--no-progress"]
    assert cli.main(options) == 2
    assert not output.exists()
    assert capsys.readouterr().err == (
        f"gamestate-grade: no class GameState in {folder}/: found ann.py, bob/, cy/ "
        "(a folder of submissions with some lacking one: give --batch)\n"
    )
    options.append("--batch")
    assert cli.main(options) == 0
    first = capsys.readouterr().out
    assert "3 submissions (3 graded now, 0 from the journal" in first
    (folder / "dee.py").write_text(STUDENT.format(module="random_tile_lte"))
    (folder / "ann.py").write_text(STUDENT.format(module="getboard_alias"))
    assert cli.main(options) == 0
    second = capsys.readouterr().out
    assert "4 submissions (2 graded now, 2 from the journal" in second
    rows = {row["student"]: row for row in csv.DictReader(output.open())}
    assert list(rows) == ["ann", "bob", "cy", "dee"]
    assert [rows[name][SCORE_COLUMN] for name in rows] == ["31", "30", "0", "31"]
    assert rows["ann"]["R04"] == "FAIL"  # graded again: the file changed
    assert rows["cy"]["note"] == f"no class GameState in {folder / 'cy'}/: found nothing"
    assert rows["dee"]["R10"] == "FAIL" and rows["dee"]["O1"] == "PASS"
    assert list(rows["ann"]) == [
        "student", SCORE_COLUMN, *OPTIONAL,
        *(req for req in REQUIREMENTS if req not in OPTIONAL), "seconds", "note",
    ]  # fmt: skip


def test_no_jdk_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(javac.shutil, "which", lambda _name: None)
    with pytest.raises(LoadError) as raised:
        javac.find_jdk()
    assert str(raised.value) == JDK_NEEDED
    assert "javac 11 or newer" in JDK_NEEDED


def test_no_jdk_is_the_graders_error_never_the_students(tmp_path: Path) -> None:
    """Issue 35: a Gradescope image whose JDK did not install graded a
    correct Java class 0/32 with exit 0; a missing JDK is the grader's
    set-up, so every requirement is GRADER-ERROR, there is no score, and
    the exit status is 3 (run_autograder then fails loudly)."""
    correct = Path(__file__).parent / "conformance" / "java" / "correct" / "GameState.java"
    shutil.copy(correct, tmp_path)
    no_jdk = {**os.environ, "PATH": str(tmp_path / "empty")}  # no javac on it
    done = subprocess.run(
        [sys.executable, "-m", "gamestate.conformance", str(tmp_path), "-f", "json"],
        cwd=tmp_path, env=no_jdk, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 3, done.stdout + done.stderr
    report = json.loads(done.stdout)
    verdicts = {row["verdict"] for row in report["requirements"]}
    assert verdicts == {"GRADER-ERROR"}, verdicts
    assert JDK_NEEDED in done.stdout


def test_a_python_time_limit_names_the_method_and_spends_it() -> None:
    class Looping(WriteupGameState):
        def slideDown(self) -> bool:
            while True:
                pass

    game = time_limited(Looping, 0.2)(2, 2)
    with pytest.raises(TimeLimitError, match=r"^timed out after 0.2 s of CPU time in slideDown$"):
        game.move(Direction.UP)
    with pytest.raises(TimeLimitError, match=r"in slideDown \(an earlier call; not run"):
        game.canSlideDown()
    assert game.getScore() == 0  # the other methods still run


def test_a_python_time_limit_still_holds_after_another_limit_on_the_alarm() -> None:
    """The clocks' SIGALRM handler is installed once; a time_limit() block
    (the module grader's) puts back the handler it found, and the next
    timed call installs the clocks' again instead of dying of the alarm."""

    class Looping(WriteupGameState):
        def slideDown(self) -> bool:
            while True:
                pass

    first = time_limited(Looping, 0.2)(2, 2)
    assert first.getScore() == 0  # the clocks' handler is now installed
    with time_limit(5, "the import"):
        pass
    with pytest.raises(TimeLimitError, match=r"^timed out after 0.2 s of CPU time in slideDown$"):
        time_limited(Looping, 0.2)(2, 2).slideDown()


@settings(max_examples=60, deadline=None)
@given(
    lines=st.lists(st.text(alphabet="abc 0123:\u00e9", max_size=8), max_size=12),
    cuts=st.lists(st.integers(min_value=0, max_value=120), max_size=6),
)
def test_pipe_lines_reads_every_line_however_the_writes_cut_them(
    lines: list[str], cuts: list[int]
) -> None:
    """The Java proxy's reader: the lines come back whole and in order
    whether the JVM wrote them one by one or many in one write, cut
    anywhere (even inside a character), then end of file."""
    data = "".join(f"{line}\n" for line in lines).encode("utf-8")
    read, write = os.pipe()
    with os.fdopen(read, "rb") as stream:
        reader = PipeLines(stream)
        with os.fdopen(write, "wb", buffering=0) as sink:
            start = 0
            for cut in sorted({*cuts, len(data)}):
                sink.write(data[start:cut])
                start = max(start, cut)
        got = []
        while (line := reader.read(time.monotonic() + 5)) is not None:
            got.append(line)
        reader.close()
    assert got == lines


def test_an_exception_of_a_python_class_is_the_classs_with_its_line() -> None:
    """Without a time limit too: what the class raises is a TargetRaisedError
    (an ERROR), never taken for the grader's own failure."""

    class Raising(WriteupGameState):
        def slideDown(self) -> bool:
            raise ValueError("no")

    pattern = r"^ValueError: no \(test_grader.py:\d+ in slideDown\)$"
    for seconds in (0, 2):
        with pytest.raises(TargetRaisedError, match=pattern):
            time_limited(Raising, seconds)(2, 2).move(Direction.UP)


def test_gradescope_grades_the_one_submission_in_a_nested_folder(tmp_path: Path) -> None:
    """As run_autograder would: the student uploaded the folder of files."""
    nested = tmp_path / "submission" / "pa4"
    nested.mkdir(parents=True)
    (nested / "game_state.py").write_text(STUDENT.format(module="merge_twice"))
    (nested / "notes.txt").write_text("my tests are in my head")
    results = tmp_path / "results" / "results.json"
    code = cli.main([str(tmp_path / "submission"), "--gradescope", str(results), "-o",
                     str(tmp_path / "table.txt")])
    assert code == 1
    graded = json.loads(results.read_text())
    assert check_gradescope(graded) == []
    assert graded["score"] == 30.0  # merge_twice: R24 and E2
    assert "Score: 30/32 requirements met" in (tmp_path / "table.txt").read_text()


def test_a_folder_with_game_state_java_and_a_stray_copy_is_one_student(tmp_path: Path) -> None:
    """Java names a file after its class: a folder holding GameState.java is
    one student's, though "GameState copy.java" declares GameState too (it
    was a class of two students, with a CSV written, before); two files of
    other names declaring GameState are two students' files."""
    declaring = "public class GameState {}\n"
    (tmp_path / "GameState.java").write_text(declaring)
    (tmp_path / "GameState copy.java").write_text(declaring)
    assert is_single_target(str(tmp_path))
    assert javac.submission_notes(tmp_path) == [
        "graded GameState.java; also declaring class GameState, not graded: GameState copy.java"
    ]
    (tmp_path / "GameState.java").rename(tmp_path / "alice.java")
    assert not is_single_target(str(tmp_path))


def test_a_changed_config_is_named_constant_by_constant(tmp_path: Path) -> None:
    """Only constants whose values differ are named; comments, layout and a
    package line are not differences."""
    (tmp_path / "GameState.java").write_text("public class GameState {}\n")
    starter = javac.starter_source("Config.java")
    (tmp_path / "Config.java").write_text("package pa4;\n// mine\n" + starter.replace("    ", "\t"))
    assert javac.submission_notes(tmp_path) == []
    changed = starter.replace("RANDOM_SEED = 118", "RANDOM_SEED = /* try */ 7")
    (tmp_path / "Config.java").write_text(changed)
    [note] = javac.submission_notes(tmp_path)
    assert note.endswith("not yours: RANDOM_SEED 7 (the starter's 118)")


def test_gradescope_with_nothing_to_grade_scores_zero(tmp_path: Path) -> None:
    """Exit 2, as in every mode; results.json still tells the student why."""
    (tmp_path / "submission").mkdir()
    results = tmp_path / "results.json"
    assert cli.main([str(tmp_path / "submission"), "--gradescope", str(results),
                     "-o", str(tmp_path / "t")]) == 2
    graded = json.loads(results.read_text())
    assert graded["score"] == 0.0
    assert graded["output"].startswith("Score: 0/32 requirements met (")
    assert f"no class GameState in {tmp_path / 'submission'}/: found nothing" in graded["output"]
    assert not (tmp_path / "t").exists()


def test_the_child_run_journals_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The grader's child command, run in this process: a journal of the
    session, each test's start and outcome; a resumed run skips them all."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    (tmp_path / "pytest.ini").write_text(INI)
    target = "tests.conformance.mutants.getboard_alias:GameState"
    launcher = len(python_module_command("pytest"))  # python -c LAUNCH ROOT pytest
    arguments = child_command(tmp_path, target, Limits(), None, resume=False)[launcher:]
    arguments[0] = str(SUITE / "test_board_and_score.py")
    assert pytest.main(arguments) == pytest.ExitCode.TESTS_FAILED
    journal = tmp_path / "journal.jsonl"
    events = [json.loads(line) for line in journal.read_text().splitlines()]
    # "loading" first: the student's code runs from there on (a death
    # before it is the grader's, GRADER-ERROR).
    assert events[0] == {"event": "loading"}
    assert events[1] == {
        "event": "session",
        "label": f"{target} with tests.conformance.mutants.getboard_alias:Direction",
        "absent": [],
    }
    outcomes = [event for event in events if event["event"] == "outcome"]
    starts = [event for event in events if event["event"] == "start"]
    assert len(outcomes) == len(starts) == 15
    [r04] = [event for event in outcomes if event["requirement"] == "R04"]
    assert r04["status"] == "failed" and "not a deep copy" in r04["message"]
    assert pytest.main([*arguments, "--conformance-resume"]) == (
        pytest.ExitCode.NO_TESTS_COLLECTED
    )
    again = journal.read_text().splitlines()[len(events) :]
    assert [json.loads(line)["event"] for line in again] == [
        "loading",
        "session",
        "collected",
    ]


@pytest.mark.parametrize(
    "option", [["--jobs", "0"], ["--time-limit", "0"], ["--memory", "10"]]
)
def test_a_bad_limit_is_a_usage_error(
    option: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(["gamestate:GameState", *option])
    assert exited.value.code == 2
    assert "--time-limit must be > 0, --memory >= 64, --jobs >= 1" in capsys.readouterr().err


def test_a_class_that_kills_every_process_is_given_up_on(tmp_path: Path) -> None:
    path = tmp_path / "killer.py"
    path.write_text(ABUSIVE_PYTHON.format(body="    def __init__(self, rows, cols):\n"
                                                "        os.kill(os.getpid(), 9)\n"))
    report = grade(f"{path}:GameState", Limits(restarts=1))
    messages = {outcome.message for outcome in report.outcomes}
    assert len(report.outcomes) == 114  # 109 required tests and O1's 5
    assert report.score == 0
    assert "the process died (signal 9) in test_constructor_makes_an_empty_board[4-4]" in (
        messages
    )
    assert "not run: the process died 2 times in test_writeup_example_game" in messages


def test_a_class_that_kills_its_process_while_loading_is_its_problem(tmp_path: Path) -> None:
    """Not the grader's (issue 35 item 4): the class's import ended it."""
    path = tmp_path / "suicide.py"
    path.write_text("import os\nos.kill(os.getpid(), 9)\n")
    report = grade(f"{path}:GameState", Limits())
    assert report.problem == (
        "the class could not be loaded: the process died (signal 9) while loading it"
    )
    assert not report.grader_failed
    assert report.score == 0


def test_the_progress_line_draws_a_bar() -> None:
    stream = io.StringIO()
    progress = Progress(stream, total=4)
    progress.advance("ann")
    progress.advance("bob")
    progress.clear()
    text = stream.getvalue()
    assert "\r[" + "#" * 15 + "." * 15 + "] 2/4 graded" in text
    assert text.endswith("\r\x1b[K")


# ----------------------------------------- no grader helper raises (item 4)
class Unprintable:
    """A value whose repr raises: a student's object may do anything."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


# Anything a class can return: Java's values through the proxy (ints,
# booleans, null, text, boards with null or ragged rows) and Python's.
RETURNED = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.floats(allow_nan=True)
    | st.text(max_size=4) | st.builds(Unprintable),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner),
    max_leaves=16,
)
SMALL_BOARDS = st.integers(1, 3).flatmap(
    lambda rows: st.integers(1, 3).flatmap(
        lambda cols: st.tuples(*[st.tuples(*[st.sampled_from([0, 2, 4, 8])] * cols)] * rows)
    )
)


class Returns:
    """A game whose getBoard and getScore return whatever it was given."""

    def __init__(self, board: object, score: object) -> None:
        self.board, self.score = board, score

    def getBoard(self) -> object:
        return self.board

    def getScore(self) -> object:
        return self.score


@settings(max_examples=300, deadline=None, derandomize=True)
@given(value=RETURNED, board=SMALL_BOARDS)
def test_no_board_helper_raises_on_any_returned_value(value: object, board: Snapshot) -> None:
    """A board of the wrong shape, null, a ragged array, text: a FAIL
    (AssertionError) naming what came back, never the grader's own error."""
    assert isinstance(describe(value), str)
    assert isinstance(text_difference("toString()", value, "Score: 0\n"), str)
    try:
        checked = board_of(value, "getBoard()", shape_of(board))
    except AssertionError as failure:
        assert "getBoard() returned" in str(failure)
    else:
        assert shape_of(checked) == shape_of(board)
    with contextlib.suppress(AssertionError):
        assert_unchanged(Returns(value, value), board, 0, "isGameOver()")


@settings(max_examples=300, deadline=None, derandomize=True)
@given(before=SMALL_BOARDS, after=SMALL_BOARDS, returned=RETURNED)
def test_the_tile_check_fails_or_passes_on_any_boards(
    before: Snapshot, after: Snapshot, returned: object
) -> None:
    with contextlib.suppress(AssertionError):
        assert_one_tile_added(before, after, "addTile()", returned)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(board=SMALL_BOARDS, answers=st.lists(RETURNED, min_size=6, max_size=6))
def test_no_differential_property_raises_on_any_answers(
    board: Snapshot, answers: list[object]
) -> None:
    """Each property answers a message or None on whatever the class
    returned; what is no board of the game's shape is a FAIL naming it."""
    shape = shape_of(board)
    slid, gain, returned, can, over, after_over = answers
    observed = Observed(
        board, _as_board(slid, shape, "getBoard()"), gain, returned, can,
        over, _as_board(after_over, shape, "getBoard()"),
    )  # fmt: skip
    moved = Moved(observed, "LEFT", board, _as_board(slid, shape, "getBoard()"), gain, returned)
    for prop in PROPERTIES.values():
        item = moved if prop.on_moves else observed
        assert prop.check(item) is None or isinstance(prop.check(item), str)
        problem = problem_on(prop, [observed], [moved])
        assert problem is None or isinstance(problem, AssertionError)


def test_a_group_of_the_class_errors_is_the_class_s() -> None:
    """Hypothesis wraps a failure that did not recur on replay (a time
    limit reached once on a loaded machine) in an exception group: when
    every error in it is the class's, so is the group; one of the grader's
    own makes it the grader's."""
    timed_out = TimeLimitError("timed out after 2 s of CPU time in slideDown")
    raised = TargetRaisedError("ValueError: x (a.py:1 in slideDown)")
    assert _kind_of(BaseExceptionGroup("flaky", [timed_out, raised])) == "class"
    nested = BaseExceptionGroup("outer", [BaseExceptionGroup("inner", [timed_out])])
    assert _kind_of(nested) == "class"
    mixed = BaseExceptionGroup("flaky", [timed_out, ValueError("zip() argument 2")])
    assert _kind_of(mixed) == "grader"


def test_a_grader_error_is_its_own_verdict_in_every_format(tmp_path: Path) -> None:
    """An exception in the grader's code: GRADER-ERROR, scored as met,
    "please report", exit 3, in the table, JSON, JUnit, Gradescope and CSV."""
    assert _kind_of(ValueError("zip() argument 2 is shorter")) == "grader"
    assert _kind_of(TargetRaisedError("ValueError: x (a.py:1 in slideDown)")) == "class"
    message = f"{GRADER_ERROR_NOTE}: ValueError: zip() argument 2 is shorter"
    outcomes = [
        Outcome("test_a", "R14", GRADER_ERROR, message),
        Outcome("test_b", "R13", "passed"),
        Outcome("test_c", "R12", "failed", "countEmptyTiles() of 2 0 gave 2"),
    ]
    report = Report("alice/", outcomes)
    assert {row.requirement: row.verdict for row in report.rows()} == {
        "R12": "FAIL", "R13": "PASS", "R14": "GRADER-ERROR",
    }  # fmt: skip
    assert report.score == 2 and report.exit_status == 3
    assert "R14  GRADER-ERROR" in render_table(report)
    assert "please report" in render_table(report)
    assert to_json(report)["requirements"][2]["verdict"] == "GRADER-ERROR"
    junit = ElementTree.fromstring(render_junit(report))
    error = junit.find("testcase[3]/error")
    assert error is not None and "please report" in (error.text or "")
    gradescope = to_gradescope(report)["tests"][2]
    assert gradescope["score"] == 1.0 and "GRADER-ERROR" in gradescope["output"]
    assert csv_row("alice", report)["R14"] == "GRADER-ERROR"


def test_a_folder_without_game_state_is_one_line_and_nothing_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The starter folder, as a student might submit it, in table mode."""
    starter = tmp_path / "starter"
    starter.mkdir()
    for name in ("PlayManager", "Config", "Game2048", "Direction"):
        (starter / f"{name}.java").write_text(f"public class {name} {{}}\n")
    for options in ([], ["--format", "json"], ["--gradescope", str(tmp_path / "r.json")]):
        assert cli.main([str(starter), *options]) == 2
        assert capsys.readouterr().err == (
            f"gamestate-grade: no class GameState in {starter}/: found Config.java, "
            "Direction.java, Game2048.java, PlayManager.java\n"
        )
    assert sorted(path.name for path in tmp_path.iterdir()) == ["r.json", "starter"]
    board = tmp_path / "Board.java"
    board.write_text("/* class GameState? */\npublic class Board {\n    int[][] grid;\n}\n")
    assert cli.main([str(board)]) == 2
    assert capsys.readouterr().err == (
        f"gamestate-grade: {board}: its public class is Board, not GameState\n"
    )


def test_csv_notes_are_whole() -> None:
    report = Report("x", problem="x.java does not compile (javac):\nx.java:3: error: ';' expected\n  int a\n")
    assert csv_row("x", report)["note"] == (
        "x.java does not compile (javac): | x.java:3: error: ';' expected | int a"
    )


@pytest.mark.parametrize(
    ("window", "checks", "wrong"), [(RANDOM_TILE, 1, 0.5), (ADD_TILE, 3, 0.6), (ADD_TILE, 3, 0.1)]
)
def test_a_correct_class_fails_a_statistical_check_with_a_chance_below_1e_9(
    window: Window, checks: int, wrong: float
) -> None:
    """The documented bound, from the binomial distribution (R10: one count
    of 2s; R15: a count per empty cell), and a wrong class fails as surely:
    a 2 half the time; a cell chosen 60% or 10% of the time, not a third."""
    assert checks * window.false_failure() < FALSE_FAILURE_BOUND
    wrong_class = Window(window.calls, wrong, window.low, window.high)
    assert 1 - wrong_class.false_failure() < FALSE_FAILURE_BOUND


def test_a_class_drawing_unseeded_without_rollrng_gets_one_report_on_five_runs() -> None:
    """Issue 28 items 1-3: no rollRNG (R09 N/A), an unseeded random module,
    an addTile that retries cells until one is empty: every requirement is
    met (E2 replayed with the writeup's tiles), and five runs of the
    command, each a process of its own, give five identical reports
    (scores, verdicts, messages)."""
    reports = separate_runs(f"{MUTANTS / 'unseeded_no_rollrng.py'}:GameState", 5)
    assert all(report == reports[0] for report in reports)
    assert reports[0]["score"] == 32
    assert verdicts(reports[0])["R09"] == "N/A"
    assert set(verdicts(reports[0]).values()) == {"PASS", "N/A"}


@pytest.mark.parametrize("mutant", ["odd_draw_misplaced", "odd_draw_misplaced_own_draws"])
def test_a_move_wrong_for_some_draws_gets_one_report_in_two_processes(mutant: str) -> None:
    """A class whose new tile goes wrong only for some draws (odd ones, on
    boards that are not square), graded twice, each run a process of its
    own: every verdict and message is the same, and it fails R27 and
    R28. With rollRNG (unseeded) the grader seeds it and shows the board the
    class gave; with draws of its own, no board its draws made."""
    reports = separate_runs(f"{MUTANTS / mutant}.py:GameState", 2)
    assert reports[1] == reports[0], [
        [(row["id"], json_messages(report, row["id"])) for row in report["requirements"]]
        for report in reports
    ]
    assert failed(reports[0]) == EXPECTED_FAILURES[mutant] == {"R27", "R28"}
    [r27] = json_messages(reports[0], "R27")
    if mutant == "odd_draw_misplaced":
        assert re.search(r"plus one new tile \(slid \w+\); got [\d /]+$", r27), r27
    else:
        assert r27.endswith("got another board (its new tile is its own draw, so no one board is shown)"), r27


@settings(max_examples=300, deadline=None, derandomize=True)
@given(board=SMALL_BOARDS, direction=st.sampled_from(["UP", "DOWN", "LEFT", "RIGHT"]))
def test_the_oracle_answers_as_the_model_game_state(board: Snapshot, direction: str) -> None:
    """reference.py (the model's kernel, turned) agrees with GameState."""
    game = ModelGameState(len(board), len(board[0]))
    game.setBoard([list(row) for row in board])
    game.addTile = lambda: 0  # type: ignore[method-assign]  # the slide alone, no new tile
    over = game.isGameOver()
    moved = game.move(Direction[direction])
    want = reference.move(board, direction)
    assert (tuple(map(tuple, game.getBoard())), game.getScore(), moved) == (
        want.board, want.gain, want.moved,
    )  # fmt: skip
    assert over == reference.is_game_over(board)
