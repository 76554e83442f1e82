"""Issue 35 item 4: the grader's harness runs isolated from the current folder,
and its own failures are GRADER-ERROR (exit 3), never a score.

An instructor who installs the grader from a checkout and grades from inside
it has a ``gamestate/`` folder in the current folder: the grader's children
must still import the installed grader, so grading there, in the
submission's folder and elsewhere gives the same report.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gamestate.conformance import cli, runner
from gamestate.conformance.module_grade import grade_module
from gamestate.conformance.report import (
    GRADER_ERROR_EXIT,
    Report,
    render_table,
    to_gradescope,
    to_json,
)
from gamestate.conformance.runner import PACKAGE_ROOT, Limits, grade
from tests.test_conformance_meta import ROOT

CORRECT_PYTHON = ROOT / "tests" / "conformance" / "mutants" / "writeup_style.py"
CORRECT_ADT = ROOT / "tests" / "conformance" / "adt_corpus" / "pt_tuple_dict.py"


def a_checkout(folder: Path) -> Path:
    """A folder holding a copy of the grader's package, as a checkout does."""
    shutil.copytree(PACKAGE_ROOT / "gamestate", folder / "gamestate")
    (folder / "conftest.py").write_text("raise RuntimeError('the checkout conftest ran')\n")
    return folder


def report_without_time(report: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in report.items() if key != "seconds"}


def test_the_same_report_from_a_checkout_the_submission_folder_and_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    submission = tmp_path / "alice"
    submission.mkdir()
    shutil.copyfile(CORRECT_PYTHON, submission / "game.py")
    target = f"{submission / 'game.py'}:GameState"
    reports = []
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for folder in (a_checkout(tmp_path / "checkout"), submission, elsewhere):
        monkeypatch.chdir(folder)
        reports.append(report_without_time(to_json(grade(target, Limits()))))
    assert reports[0]["score"] == 32, reports[0]
    assert reports[0] == reports[1] == reports[2]
    # nothing written where it ran or beside the submission (Hypothesis
    # kept its .hypothesis folder in the current folder: issue 35)
    assert sorted(path.name for path in submission.iterdir()) == ["game.py"]
    assert list(elsewhere.iterdir()) == []


def test_an_adt_module_graded_from_a_checkout_is_graded_as_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(a_checkout(tmp_path / "checkout"))
    from_checkout = to_json(grade_module("adt", str(CORRECT_ADT), Limits()))
    monkeypatch.chdir(tmp_path)
    elsewhere = to_json(grade_module("adt", str(CORRECT_ADT), Limits()))
    assert not from_checkout["problem"]
    assert report_without_time(from_checkout) == report_without_time(elsewhere)


def test_a_harness_that_stops_before_any_test_is_a_grader_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A suite that cannot be collected: the class is never charged."""
    broken = tmp_path / "suite"
    broken.mkdir()
    (broken / "test_broken.py").write_text("this is not python\n")
    monkeypatch.setattr(runner, "SUITE", broken)
    status = cli.main([f"{CORRECT_PYTHON}:GameState", "--format", "json"])
    printed = capsys.readouterr()
    report = json.loads(printed.out)
    assert status == GRADER_ERROR_EXIT
    assert report["score"] is None
    assert report["problem"].startswith("the grader could not start its tests (")
    assert "os._exit" not in report["problem"]
    assert {row["verdict"] for row in report["requirements"]} == {"GRADER-ERROR"}
    assert "please report" in printed.err


def test_a_grader_error_before_any_test_prints_no_score_anywhere() -> None:
    report = Report("alice", problem="the grader could not start its tests", graders=True)
    assert "Score: none, GRADER-ERROR" in render_table(report)
    gradescope = to_gradescope(report)
    assert gradescope["tests"] == []
    assert gradescope["output"].startswith("The autograder is broken, this is NOT a grade")



def test_an_installed_grader_run_inside_the_checkout_grades_as_elsewhere(tmp_path: Path) -> None:
    """The instructor's first command: the package installed (not
    editable: its files outside the checkout, found through the path as
    in site-packages) and ``gamestate-grade`` run with the checkout as the
    current folder, its ``gamestate/``, ``conftest.py`` and ``tests/``
    beside it, grades as it does from the submission's folder."""
    site = tmp_path / "site-packages"
    shutil.copytree(
        PACKAGE_ROOT / "gamestate", site / "gamestate", ignore=shutil.ignore_patterns("__pycache__")
    )
    script = tmp_path / "bin" / "gamestate-grade"  # what pip writes: no current folder on the path
    script.parent.mkdir()
    script.write_text("import sys\nfrom gamestate.conformance.cli import main\nsys.exit(main())\n")
    submission = tmp_path / "alice"
    submission.mkdir()
    student = submission / "game_state.py"
    shutil.copyfile(CORRECT_PYTHON, student)
    environment = {**os.environ, "PYTHONPATH": str(site)}
    reports = []
    for folder in (ROOT, submission):
        done = subprocess.run(
            [sys.executable, str(script), f"{student}:GameState", "-f", "json", "--no-progress"],
            cwd=folder, env=environment, capture_output=True, text=True, timeout=300, check=False,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        reports.append(report_without_time(json.loads(done.stdout)))
    assert reports[0]["score"] == 32, reports[0]
    assert reports[0] == reports[1]
