"""Gradescope's results.json in the cases an instructor met (issue 35):
a broken set-up gives no score at all, an ABSENT test says what it means,
and the summary counts the tests that do not apply to the class."""

from __future__ import annotations

from gamestate.conformance.report import (
    ABSENT_MEANING,
    NOT_APPLICABLE_STATUS,
    PASSED,
    Outcome,
    Report,
    score_line,
    to_gradescope,
)


def a_class_without_rollrng_or_o1() -> Report:
    outcomes = [
        Outcome("rollrng_range", "R09", NOT_APPLICABLE_STATUS, "the class has no rollRNG"),
        Outcome("rollrng_bound", "R09", NOT_APPLICABLE_STATUS, "the class has no rollRNG"),
        Outcome("constructor", "R01", PASSED),
        Outcome("rotate", "O1", PASSED),
    ]
    return Report("alice", outcomes=outcomes, absent=frozenset({"O1"}))


def test_a_broken_set_up_gives_no_score_that_could_be_read_as_a_grade() -> None:
    report = Report("alice", problem="the grader could not start its tests", graders=True)
    results = to_gradescope(report)
    assert "score" not in results
    assert results["tests"] == []


def test_an_absent_optional_test_says_what_absent_means() -> None:
    tests = to_gradescope(a_class_without_rollrng_or_o1())["tests"]
    (absent,) = [test for test in tests if test["name"].startswith("O1 ")]
    assert absent["name"].endswith("[ABSENT]")
    assert absent["max_score"] == 0.0
    assert absent["output"] == f"ABSENT (- tests)\n{ABSENT_MEANING}"


def test_the_summary_counts_the_tests_that_do_not_apply() -> None:
    report = a_class_without_rollrng_or_o1()
    line = score_line(report)
    assert "(1/3 tests passed, 2 not applicable to this class, not charged)" in line
    assert to_gradescope(report)["output"].startswith(line)


def test_without_a_test_that_does_not_apply_the_summary_is_as_before() -> None:
    report = Report("bob", outcomes=[Outcome("constructor", "R01", PASSED)])
    assert "(1/1 tests passed)" in score_line(report)
