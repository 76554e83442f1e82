"""The PA4 corpus: student-style GameState.java submissions and their hand verdicts.

Each folder here is one submission (see README.md): GameState.java and
expected.json, the verdict of every requirement decided by hand from the
writeup. This module grades a submission through the command line, as an
instructor would, and compares the report with expected.json; both
tests/test_grader_corpus.py and bench/grade_corpus.py use it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Final

CORPUS: Final = Path(__file__).resolve().parent
ROOT: Final = CORPUS.parent.parent.parent
SUBMISSIONS: Final = sorted(path.parent.name for path in CORPUS.glob("*/GameState.java"))
# Folders that hold no GameState: the grader must say what it found, not grade.
NOT_SUBMISSIONS: Final = sorted(
    path.parent.name
    for path in CORPUS.glob("*/expected.json")
    if path.parent.name not in SUBMISSIONS
)
# The grader's verdicts as the hand verdicts name them: ERROR (the class
# raised, crashed or ran out of time) is the student's failure as FAIL is;
# ABSENT (an optional method not written) is not applicable. Anything else
# (a grader error) matches no hand verdict.
HAND: Final = {"PASS": "PASS", "FAIL": "FAIL", "ERROR": "FAIL", "ABSENT": "N/A", "N/A": "N/A"}


def expected(name: str) -> dict[str, Any]:
    """A folder's expected.json."""
    data: dict[str, Any] = json.loads((CORPUS / name / "expected.json").read_text())
    return data


def copy_out(name: str, scratch: Path) -> Path:
    """The submission's files (not expected.json) in a folder of ``scratch``:
    nothing is compiled or written beside the corpus."""
    folder = scratch / name
    shutil.copytree(CORPUS / name, folder, ignore=shutil.ignore_patterns("*.json", "*.md"))
    return folder


def grade(folder: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """``python -m gamestate.conformance FOLDER OPTIONS`` run from the folder's parent."""
    command = [sys.executable, "-m", "gamestate.conformance", str(folder), *options]
    return subprocess.run(
        command, cwd=folder.parent, capture_output=True, text=True, timeout=600, check=False
    )


def grade_json(folder: Path) -> dict[str, Any]:
    """One run's JSON report, without the time it took (the one field that may
    differ between runs)."""
    done = grade(folder, "-f", "json", "--no-progress")
    try:  # exit 1 (a requirement not met) and 3 (a grader error) report too
        report: dict[str, Any] = json.loads(done.stdout)
    except json.JSONDecodeError:
        raise RuntimeError(
            f"grading {folder.name} exited {done.returncode} without a report: {done.stderr}"
        ) from None
    del report["seconds"]
    return report


def points_lost(report: dict[str, Any]) -> int:
    """The maximum minus the score: comparable whether a requirement that does
    not apply is scored as met or left out of the maximum."""
    return int(report["max_score"]) - int(report["score"])


def hand_points_lost(name: str) -> int:
    hand = expected(name)
    return int(hand["out_of"]) - int(hand["score"])


def disagreements(name: str, report: dict[str, Any]) -> list[str]:
    """One line per requirement where the report and the hand verdict differ:
    the hand verdict, the grader's, its first message and the hand reason."""
    hand = expected(name)
    rows = {row["id"]: row for row in report["requirements"]}
    lines = []
    for requirement, verdict in hand["verdicts"].items():
        row = rows.get(requirement)
        graded = HAND.get(row["verdict"], row["verdict"]) if row else "missing"
        if graded != verdict:
            said = row["failures"][0]["message"] if row and row["failures"] else ""
            why = hand["why"].get(requirement, "")
            lines.append(f"{requirement}: expected {verdict}, graded {graded} {said!r}; {why}")
    return lines


def run_differences(first: dict[str, Any], other: dict[str, Any]) -> list[str]:
    """What differs between two reports of the same submission, one line per
    requirement (or top-level field): its verdict and first message in each."""
    lines = [f"{key}: {first.get(key)!r} / {other.get(key)!r}"
             for key in sorted(set(first) | set(other))
             if key != "requirements" and first.get(key) != other.get(key)]
    if len(first["requirements"]) != len(other["requirements"]):
        lines.append("the reports list different requirements")
    for one, two in zip(first["requirements"], other["requirements"], strict=False):
        if one != two:
            said = [row["failures"][0]["message"] if row["failures"] else "" for row in (one, two)]
            lines.append(f"{one['id']}: {one['verdict']} {said[0]!r} / {two['verdict']} {said[1]!r}")
    return lines
