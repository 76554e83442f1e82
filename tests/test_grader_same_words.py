"""Issue 35 item 3: the same words every run, in every format.

A class whose own draws differ from run to run (a new Random per call in
addTile) and whose moves have a bug the writeup's example game shows (a
merged tile merges again, R24 and E2) is graded five times, each run a
grader process of its own (a Java class: one JVM per run). Every report,
rendered as a table, JSON, JUnit XML, Gradescope's results.json and the
batch CSV's row, must be byte-identical to the first run's once the time
each run took (the one field that may differ) is taken out; and E2's
message quotes the writeup's tile, which the grader's addTile placed, not
the class's own.
"""

from __future__ import annotations

import json
import re
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Final

import pytest

from gamestate.conformance.batch import csv_row
from gamestate.conformance.report import (
    Report,
    render_gradescope,
    render_json,
    render_junit,
    render_table,
)
from gamestate.conformance.runner import Limits, grade
from tests.conformance.pa4_corpus import copy_out

RUNS: Final = 5
# E2's replay after keys d s: the writeup's 'a' board, with its new 4 placed
# by the grader; the class merges the 4 4 it slid into 8.
E2_MESSAGE_END: Final = (
    "must give 0 0 0 0 / 0 0 0 0 / 0 0 4 0 / 4 4 0 0 (the slide 0 0 0 0 / 0 0 0 0 / "
    "0 0 0 0 / 4 4 0 0 plus the writeup's new tile, placed through addTile()); it gave "
    "0 0 0 0 / 0 0 0 0 / 0 0 4 0 / 8 0 0 0"
)

# The Python twin: unseeded draws of its own (no rollRNG), merge_twice's slide.
PYTHON_CLASS: Final = '''\
from tests.conformance.mutants.merge_twice import GameState as MergeTwice
from tests.conformance.mutants.unseeded_no_rollrng import Direction
from tests.conformance.mutants.unseeded_no_rollrng import GameState as Unseeded

__all__ = ["Direction", "GameState"]


class GameState(Unseeded):
    slideColumn = MergeTwice.slideColumn
'''


def every_format(report: Report) -> dict[str, str]:
    """The report in each format, without the time the run took."""
    as_json = json.loads(render_json(report))
    del as_json["seconds"]
    gradescope = json.loads(render_gradescope(report))
    del gradescope["execution_time"]
    row = csv_row("student", report)
    del row["seconds"]
    return {
        "table": render_table(report),
        "json": json.dumps(as_json, indent=2),
        "junit": re.sub(r' time="[\d.]+"', "", render_junit(report)),
        "gradescope": json.dumps(gradescope, indent=2),
        "csv": json.dumps(row),
    }


def five_runs(target: str) -> list[dict[str, str]]:
    """Every format of five gradings, each a process of its own, two at a
    time (CI has two cores)."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        reports = list(pool.map(lambda _: grade(target, Limits()), range(RUNS)))
    return [every_format(report) for report in reports]


def assert_same_words(runs: list[dict[str, str]]) -> None:
    for number, run in enumerate(runs[1:], 2):
        for name, text in run.items():
            assert text == runs[0][name], f"run {number}'s {name} differs from run 1's"
    assert re.search(r"^E2 +FAIL ", runs[0]["table"], re.MULTILINE)
    assert E2_MESSAGE_END in runs[0]["table"]


@pytest.mark.skipif(
    shutil.which("javac") is None or shutil.which("java") is None,
    reason="needs a JDK: apt-get install openjdk-17-jdk-headless",
)
def test_a_java_class_drawing_new_random_in_addtile_gets_one_report(tmp_path: Path) -> None:
    folder = copy_out("addtile_new_random", tmp_path)
    runs = five_runs(str(folder / "GameState.java"))
    assert_same_words(runs)
    assert json.loads(runs[0]["json"])["score"] == 30  # R24 and E2


def test_a_python_class_drawing_its_own_tiles_gets_one_report(tmp_path: Path) -> None:
    module = tmp_path / "merge_twice_unseeded.py"
    module.write_text(PYTHON_CLASS, encoding="utf-8")
    runs = five_runs(f"{module}:GameState")
    assert_same_words(runs)
    report = json.loads(runs[0]["json"])
    failed = {row["id"] for row in report["requirements"] if row["verdict"] == "FAIL"}
    assert failed == {"R24", "E2"}
