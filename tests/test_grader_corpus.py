"""Issue 28 item 9: the grader on a corpus of student-style PA4 submissions.

tests/conformance/pa4_corpus/<style>/ holds a GameState.java written here
from the writeup in a style real classes use, and expected.json: the
verdict of every requirement decided by hand from the writeup (with the
reason beside each non-obvious one) and the score. Each submission is
graded through the command line (``-f json``, as an instructor would) and
every report must equal its expected.json, requirement by requirement.

Run to run: a submission whose class draws from an unseeded Random
("draws": "unseeded") is graded five times, and the five reports must be
identical (scores, verdicts and messages; only the time taken may differ).
The others draw from Random(Config.RANDOM_SEED) or not at all, so every
call they answer is the same on every run, and the grader's own sampling
(the same code for every class) is already run five times on the
unseeded ones: they are graded once. Five runs of everything would take
about four times as long, past CI's budget on two cores
(bench/grade_corpus.py prints the time per submission).

The starter folder (the four starter files, no GameState.java) and an
older assignment's Board.java are not submissions: graded, each must give
one line naming what was found, exit status 2, and write nothing.
"""

from __future__ import annotations

import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final

import pytest

from gamestate.conformance.requirements import REQUIREMENTS
from tests.conformance.pa4_corpus import (
    NOT_SUBMISSIONS,
    SUBMISSIONS,
    copy_out,
    disagreements,
    expected,
    grade,
    grade_json,
    hand_points_lost,
    points_lost,
    run_differences,
)

pytestmark = pytest.mark.skipif(
    shutil.which("javac") is None or shutil.which("java") is None,
    reason="needs a JDK: apt-get install openjdk-17-jdk-headless",
)

RUNS: Final = {"unseeded": 5}  # runs per submission by its "draws"; else 1
# Graded five times, in every format, by tests/test_grader_same_words.py.
FIVE_FORMATS: Final = {"addtile_new_random"}
REPEATED: Final = [
    name
    for name in SUBMISSIONS
    if expected(name)["draws"] in RUNS and name not in FIVE_FORMATS
]


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, Any]]]:
    """Every run's report of every submission, graded two at a time (CI has
    two cores)."""
    scratch = tmp_path_factory.mktemp("pa4-corpus")
    jobs: list[tuple[str, Path]] = []
    for name in SUBMISSIONS:
        runs = 1 if name in FIVE_FORMATS else RUNS.get(expected(name)["draws"], 1)
        jobs += [(name, copy_out(name, scratch))] * runs
    with ThreadPoolExecutor(max_workers=2) as pool:
        graded = list(pool.map(lambda job: grade_json(job[1]), jobs))
    by_name: dict[str, list[dict[str, Any]]] = {name: [] for name in SUBMISSIONS}
    for (name, _), report in zip(jobs, graded, strict=True):
        by_name[name].append(report)
    return by_name


def test_the_corpus_has_every_style_with_a_verdict_for_every_requirement() -> None:
    assert len(SUBMISSIONS) >= 15, SUBMISSIONS
    assert len(REPEATED) >= 2, "no class drawing from an unseeded Random"
    assert DETAILED, "no requirement wrong only through another"
    for name in SUBMISSIONS:
        hand = expected(name)
        assert set(hand["verdicts"]) == set(REQUIREMENTS), name
        assert set(hand["verdicts"].values()) <= {"PASS", "FAIL", "N/A"}, name
        lost = sum(verdict == "FAIL" for req, verdict in hand["verdicts"].items() if req != "O1")
        assert hand["score"] == hand["out_of"] - lost, name
        assert hand["draws"] in ("seeded", "unseeded", "none"), name


@pytest.mark.parametrize("name", SUBMISSIONS)
def test_each_requirement_is_graded_as_the_writeup_says(
    reports: dict[str, list[dict[str, Any]]], name: str
) -> None:
    assert disagreements(name, reports[name][0]) == []


@pytest.mark.parametrize("name", SUBMISSIONS)
def test_the_score_is_the_hand_score(
    reports: dict[str, list[dict[str, Any]]], name: str
) -> None:
    report = reports[name][0]
    assert points_lost(report) == hand_points_lost(name), (report["score"], report["max_score"])


@pytest.mark.parametrize("name", REPEATED)
def test_every_run_gives_the_same_report(
    reports: dict[str, list[dict[str, Any]]], name: str
) -> None:
    first, *others = reports[name]
    assert len(others) == RUNS["unseeded"] - 1
    for number, other in enumerate(others, 2):
        assert run_differences(first, other) == [], f"run {number} differs from run 1"


DETAILED: Final = [name for name in SUBMISSIONS if "details" in expected(name)]


@pytest.mark.parametrize("name", DETAILED)
def test_a_requirement_wrong_only_through_another_says_so_without_failing(
    reports: dict[str, list[dict[str, Any]]], name: str
) -> None:
    """Issue 35 item 1: a requirement whose property fails only on boards
    where one it depends on is broken is met, and its details say where
    and through what ("R22: also wrong on ... boards, through R21")."""
    rows = {row["id"]: row for row in reports[name][0]["requirements"]}
    for ident, detail in expected(name)["details"].items():
        assert rows[ident]["verdict"] == "PASS", rows[ident]
        assert detail in rows[ident]["details"], rows[ident]


def test_the_corpus_has_folders_that_are_not_submissions() -> None:
    assert "starter_folder" in NOT_SUBMISSIONS
    for name in NOT_SUBMISSIONS:
        assert expected(name)["submission"] is False, name


@pytest.mark.parametrize("name", NOT_SUBMISSIONS)
def test_a_folder_without_game_state_is_one_line_exit_2_nothing_written(
    tmp_path: Path, name: str
) -> None:
    hand = expected(name)
    folder = copy_out(name, tmp_path)
    before = sorted(tmp_path.rglob("*"))
    done = grade(folder)  # table mode, the default, run from the folder's parent
    said = (done.stdout + done.stderr).strip()
    assert done.returncode == hand["exit"], said
    assert len(said.splitlines()) == 1, said
    for found in hand["names"]:
        assert found in said, said
    assert sorted(tmp_path.rglob("*")) == before
