"""The spec-004 corpus: student-style submissions written here from the
spec (tests/conformance/adt_corpus/), in the course's Portuguese names
and in English, each with its verdicts decided by hand from the spec
(expected.json, the reason beside each non-obvious one). The grader's
report must equal them, the same on five runs."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from gamestate.conformance.adt_suite import CHECKS
from gamestate.conformance.cli import main
from gamestate.conformance.module_grade import grade_module
from gamestate.conformance.report import to_json
from gamestate.conformance.runner import Limits

CORPUS = Path(__file__).parent / "conformance" / "adt_corpus"
EXPECTED: dict[str, dict[str, Any]] = json.loads((CORPUS / "expected.json").read_text("utf-8"))
RUNS = 5


def test_the_corpus_is_at_least_twelve_submissions_in_both_languages() -> None:
    files = sorted(path.name for path in CORPUS.glob("*.py"))
    assert files == sorted(EXPECTED)
    assert len(files) >= 12
    assert {name[:3] for name in files} == {"pt_", "en_"}
    for name, expected in EXPECTED.items():
        assert set(expected["verdicts"]) == set(CHECKS), name
        assert expected["score"] == list(expected["verdicts"].values()).count("PASS"), name
        failing = [req for req, verdict in expected["verdicts"].items() if verdict != "PASS"]
        assert all(req in expected["why"] for req in failing), f"{name}: say why {failing}"
        twin = expected.get("twin", "")
        if twin:  # "PA4 corpus: <folder> (...)": the twin is there
            folder = twin.removeprefix("PA4 corpus: ").split()[0]
            assert (CORPUS.parent / "pa4_corpus" / folder).is_dir(), f"{name}: {twin}"


def _graded(path: Path) -> dict[str, Any]:
    """The report as JSON, but for the time it took."""
    report = to_json(grade_module("adt", str(path), Limits()))
    del report["seconds"]
    return report


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_report_is_the_hand_judged_one_on_five_runs(name: str) -> None:
    expected = EXPECTED[name]
    reports = [_graded(CORPUS / name) for _ in range(RUNS)]
    assert all(report == reports[0] for report in reports[1:]), "reports differ between runs"
    report = reports[0]
    verdicts = {row["id"]: row["verdict"] for row in report["requirements"]}
    messages = {row["id"]: [f["message"] for f in row["failures"]]
                for row in report["requirements"] if row["failures"]}
    assert verdicts == expected["verdicts"], messages
    assert (report["score"], report["max_score"]) == (expected["score"], expected["out_of"])
    assert report["notes"] == expected["notes"]
    for messages_of_one in messages.values():  # every message a student can act on
        assert all(len(message) > 40 and "expected" in message or "defines no" in message
                   or "recognizer" in message or "must change nothing" in message
                   for message in messages_of_one), messages_of_one


def test_a_class_of_portuguese_submissions_in_folders_is_a_batch(tmp_path: Path) -> None:
    """A folder of students' folders, each holding a file that defines
    cria_tabuleiro (not create_board), is graded as a batch."""
    folder = tmp_path / "class"
    for name in ("pt_tuple_dict.py", "pt_double_merge.py", "en_gap_left.py"):
        student = folder / name.removesuffix(".py") / "projeto"
        student.mkdir(parents=True)
        shutil.copy(CORPUS / name, student / "FP1516_P2.py")
    output = tmp_path / "grades.csv"
    assert main(["--spec", "adt", str(folder), "-o", str(output)]) == 0
    rows = {row["student"]: (row["score (of 15)"], row["note"])
            for row in csv.DictReader(output.open(encoding="utf-8"))}
    portuguese = "graded under spec 004's original Portuguese names"
    assert rows == {"pt_tuple_dict": ("15", portuguese), "pt_double_merge": ("14", portuguese),
                    "en_gap_left": ("14", "")}


def test_the_teaching_page_lists_every_check_and_the_corpus_as_expected() -> None:
    page = (Path(__file__).parent.parent / "docs" / "teach" / "grader-adt.md").read_text("utf-8")
    rows = [line.split("|")[1:-1] for line in page.splitlines() if line.startswith("| ")]
    assert [cells[0].strip() for cells in rows if cells[0].strip() in CHECKS] == list(CHECKS)
    corpus = {cells[0].strip(): cells[2].strip() for cells in rows if len(cells) == 4
              and f"{cells[0].strip()}.py" in EXPECTED}
    assert set(corpus) == {name.removesuffix(".py") for name in EXPECTED}
    for name, expected in corpus.items():
        assert expected.startswith(str(EXPECTED[f"{name}.py"]["score"])), name
