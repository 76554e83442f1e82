"""The ADT grader (``--spec adt``): ours scores full marks, each mutant
fails exactly the requirement its bug breaks, and the outputs are the
GameState grader's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamestate.conformance.adt_suite import ADT, CHECKS
from gamestate.conformance.cli import main
from gamestate.conformance.module_grade import grade_module
from gamestate.conformance.report import Report
from gamestate.conformance.runner import Limits

MUTANTS = "tests.conformance.adt_mutants"


def grade_adt(target: str, limits: Limits) -> Report:
    return grade_module("adt", target, limits)


def failing(target: str) -> dict[str, str]:
    report = grade_adt(target, Limits())
    return {row.requirement: row.verdict for row in report.rows() if row.verdict != "PASS"}


def test_every_check_has_an_id_and_quotes_the_spec() -> None:
    assert list(CHECKS) == [f"A{n:02}" for n in range(1, len(CHECKS) + 1)]
    assert set(ADT.requirements) == set(CHECKS)
    assert all((check.__doc__ or "").lstrip().startswith('"') for check in CHECKS.values())


def test_our_adt_scores_full_marks() -> None:
    report = grade_adt("gamestate.adt", Limits())
    assert (report.score, report.success) == (len(CHECKS), True)


@pytest.mark.parametrize(
    ("mutant", "expected"),
    [
        ("wrong_message", {"A02": "FAIL"}),
        ("double_merge", {"A11": "FAIL"}),
        ("board_accepts_lists", {"A13": "FAIL"}),
        ("score_any_value", {"A09": "FAIL"}),
    ],
)
def test_each_mutant_fails_exactly_its_requirement(mutant: str, expected: dict[str, str]) -> None:
    assert failing(f"{MUTANTS}.{mutant}") == expected


def test_a_module_that_exits_fails_the_checks_that_call_it_and_the_grader_goes_on() -> None:
    """board_reduce exits: the three checks calling it end a child each; a
    new child runs the checks after them, which pass."""
    report = grade_adt(f"{MUTANTS}.exits", Limits())
    errors = {row.requirement for row in report.rows() if row.verdict == "ERROR"}
    assert errors == {"A10", "A11", "A12"}
    assert report.score == 12
    message = next(row for row in report.rows() if row.requirement == "A10").explanation()
    assert "exited with status 3" in message


def test_a_file_target_and_a_missing_module(tmp_path: Path) -> None:
    file = Path("tests/conformance/adt_mutants/double_merge.py")
    assert {r.requirement for r in grade_adt(str(file), Limits()).rows()
            if r.verdict != "PASS"} == {"A11"}
    missing = grade_adt("no_such_module_here", Limits())
    assert missing.score == 0
    assert "cannot import: ModuleNotFoundError" in missing.problem


def test_the_command_writes_json_and_gradescope(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "results.json"
    status = main(["--spec", "adt", f"{MUTANTS}.double_merge", "-f", "json",
                   "--gradescope", str(results)])
    printed = json.loads(capsys.readouterr().out)
    assert (status, printed["score"], printed["max_score"]) == (1, 14, 15)
    gradescope = json.loads(results.read_text("utf-8"))
    assert gradescope["score"] == 14.0
    assert [t["score"] for t in gradescope["tests"]].count(0.0) == 1
    assert gradescope["tests"][10]["name"].startswith("A11 ")


def test_a_module_that_hangs_is_cut_off_and_the_other_checks_keep_their_verdicts() -> None:
    limits = Limits(time_limit=0.5)
    report = grade_adt(f"{MUTANTS}.hangs", limits)
    verdicts = {row.requirement: row.verdict for row in report.rows()}
    assert {req for req, verdict in verdicts.items() if verdict != "PASS"} == {"A14"}
    assert verdicts["A14"] == "ERROR"
    message = next(row for row in report.rows() if row.requirement == "A14").explanation()
    assert "timed out after 0.5 s in board_finish" in message


def test_every_check_passes_on_our_adt_in_process() -> None:
    """The same checks, called here rather than in the grader's child
    process: a check that raises on a correct ADT is the check's bug."""
    from gamestate import adt

    for ident, check in CHECKS.items():
        try:
            check(adt)
        except AssertionError as error:  # pragma: no cover - the message says which
            raise AssertionError(f"{ident} fails gamestate.adt: {error}") from None


def test_a_check_names_what_the_mutant_got_wrong_in_process() -> None:
    from tests.conformance.adt_mutants import double_merge

    with pytest.raises(AssertionError):
        CHECKS["A11"](double_merge)
