"""A conformance run's results and every way of printing them.

A run yields one :class:`Outcome` per test; a :class:`Report` groups them by
requirement (catalogue order, see requirements.py) into rows with a
verdict, and scores the required ones. The same report prints as the table
of the pytest plugin and of ``python -m gamestate.conformance``, as JSON,
as JUnit XML and as Gradescope's ``results.json``.

Verdicts: PASS (every test passed), FAIL (an assertion about the class's
behaviour failed), ERROR (the class did not answer: it raised an
exception, ran out of time or memory, exited or crashed, or the target
could not be loaded or compiled at all), ABSENT (an optional requirement
whose method the class does not have: not checked, not scored), N/A (the
requirement cannot be checked on this class, with the reason: scored as
met) and GRADER-ERROR (the grader's own code failed: scored as met, the
run exits 3 and says "please report").
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Final
from xml.etree import ElementTree

from gamestate.conformance.requirements import GAMESTATE, Catalogue

PASSED: Final = "passed"
FAILED: Final = "failed"  # an assertion failed: the behaviour is wrong
ERROR: Final = "error"  # no answer: an exception, a limit, a crash
SKIPPED: Final = "skipped"
# The test does not apply to the class (the reason says why): not charged.
NOT_APPLICABLE_STATUS: Final = "not applicable"
# The grader's own code raised: never charged to the class; exit status 3.
GRADER_ERROR: Final = "grader error"
GRADER_ERROR_NOTE: Final = "the grader failed here, not the class (please report)"
GRADER_ERROR_EXIT: Final = 3
# What an ABSENT verdict means, where a student sees it without the docs.
ABSENT_MEANING: Final = (
    "The class has no method for this optional requirement: not checked, "
    "no points either way (the total counts required requirements alone)."
)
# Verdicts that score the requirement's point: met, or not the class's to meet.
SCORED: Final = ("PASS", "N/A", "GRADER-ERROR")
REQUIRED_COUNT: Final = GAMESTATE.required_count
MESSAGE_WIDTH: Final = 480


@dataclass(frozen=True)
class Outcome:
    """One test's result: its name, requirement id, status and first line."""

    name: str
    requirement: str
    status: str
    message: str = ""

    @property
    def passed(self) -> bool:
        return self.status == PASSED

    def to_json(self) -> dict[str, str]:
        return {
            "name": self.name,
            "requirement": self.requirement,
            "status": self.status,
            "message": self.message,
        }


@dataclass(frozen=True)
class Row:
    """One requirement's line of the table."""

    requirement: str
    verdict: str  # PASS, FAIL, ERROR or ABSENT
    passed: int
    total: int
    failures: tuple[Outcome, ...]
    catalogue: Catalogue = GAMESTATE
    # What a test that passed says besides: where the requirement is also
    # wrong, but only through another requirement (not charged here).
    details: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return self.catalogue.requirements[self.requirement]

    @property
    def optional(self) -> bool:
        return self.requirement in self.catalogue.optional

    @property
    def counts(self) -> str:
        absent = self.verdict == "ABSENT" or not self.total
        return "-" if absent else f"{self.passed}/{self.total}"

    def explanation(self) -> str:
        """What failed, one line per failing test (empty for a PASS)."""
        return "\n".join(f"{test.name}: {test.message}" for test in self.failures)


@dataclass
class Report:
    """The results of one target: a class, a Java file or a submission.

    ``problem`` is set when the target could not be run at all (a file that
    does not compile, a module that does not import): every requirement is
    then an ERROR and the score is 0. With ``graders`` the problem is the
    grader's own (its harness stopped before any test ran): every
    requirement is then a GRADER-ERROR and there is no score at all.
    """

    label: str
    outcomes: list[Outcome] = field(default_factory=list)
    absent: frozenset[str] = frozenset()
    problem: str = ""
    seconds: float = 0.0
    catalogue: Catalogue = GAMESTATE
    # How the target was read, when the student should know (an ADT module
    # under its Portuguese names, an import cut short): printed in every format.
    notes: tuple[str, ...] = ()
    graders: bool = False

    def rows(self) -> list[Row]:
        """A row per requirement that was run (``-k`` may leave some out)."""
        rows = (self._row(requirement) for requirement in self.catalogue.requirements)
        return [row for row in rows if row is not None]

    def _row(self, requirement: str) -> Row | None:
        tests = [test for test in self.outcomes if test.requirement == requirement]
        if self.problem:
            verdict = "GRADER-ERROR" if self.graders else "ERROR"
            return Row(requirement, verdict, 0, 0, (), self.catalogue)
        if requirement in self.absent:
            return Row(requirement, "ABSENT", 0, len(tests), (), self.catalogue)
        if not tests:
            return None
        failures = tuple(test for test in tests if not test.passed)
        details = tuple(test.message for test in tests if test.passed and test.message)
        statuses = {test.status for test in failures}
        if not failures:
            verdict = "PASS"
        elif ERROR in statuses:
            verdict = "ERROR"
        elif FAILED in statuses or SKIPPED in statuses:
            verdict = "FAIL"
        elif GRADER_ERROR in statuses:
            verdict = "GRADER-ERROR"
        else:
            verdict = "N/A"
        passed = len(tests) - len(failures)
        return Row(requirement, verdict, passed, len(tests), failures, self.catalogue, details)

    @property
    def score(self) -> int:
        """Required requirements met (or not the class's to meet: N/A, a
        GRADER-ERROR), out of :data:`REQUIRED_COUNT`; 0 when the target
        could not be run (and no score at all when that was the grader's
        fault: see :attr:`has_score`)."""
        if self.problem:
            return 0
        return sum(row.verdict in SCORED for row in self.rows() if not row.optional)

    @property
    def success(self) -> bool:
        """Every required requirement met and no optional one failing."""
        return all(row.verdict in (*SCORED, "ABSENT") for row in self.rows())

    @property
    def grader_failed(self) -> bool:
        """Whether the grader's own code failed in some test, or its harness."""
        return self.graders or any(test.status == GRADER_ERROR for test in self.outcomes)

    @property
    def has_score(self) -> bool:
        """False when the grader could not run the tests at all: a score
        would charge the student for the grader's failure."""
        return not (self.problem and self.graders)

    @property
    def exit_status(self) -> int:
        """3 when the grader failed somewhere, else 0 on success, 1 otherwise."""
        if self.grader_failed:
            return GRADER_ERROR_EXIT
        return 0 if self.success else 1

    def optional_verdicts(self) -> dict[str, str]:
        return {row.requirement: row.verdict for row in self.rows() if row.optional}


# ------------------------------------------------------------------ table
def table_lines(report: Report) -> list[str]:
    """The per-requirement table and the score line, without a title."""
    lines = [f"Req  Result  Tests  Requirement ({report.catalogue.source})"]
    for row in report.rows():
        lines.append(f"{row.requirement:<4} {row.verdict:<7} {row.counts:<6} {row.text}")
        lines += [f"{'':19}- {test.name}: {test.message}" for test in row.failures]
        lines += [f"{'':19}- {detail}" for detail in row.details]
    if report.problem:
        lines += [f"{'':5}{line}" for line in report.problem.splitlines()]
    lines += [f"Note: {note}" for note in report.notes]
    lines.append(score_line(report))
    return lines


def score_line(report: Report) -> str:
    required_count = report.catalogue.required_count
    required = [row for row in report.rows() if not row.optional]
    total = sum(row.total for row in required)
    passed = sum(row.passed for row in required)
    if report.problem:
        cause = report.problem.splitlines()[0].rstrip(":")
        if report.graders:
            return f"Score: none, GRADER-ERROR: {cause}; {GRADER_ERROR_NOTE}"
        return f"Score: 0/{required_count} requirements met ({cause})"
    not_applicable = sum(
        test.status == NOT_APPLICABLE_STATUS
        for row in required
        for test in row.failures
    )
    tests = f"{passed}/{total} tests passed"
    if not_applicable:
        tests += f", {not_applicable} not applicable to this class, not charged"
    line = f"Score: {report.score}/{required_count} requirements met ({tests})"
    not_run = required_count - len(required)
    if not_run:
        line += f"; {not_run} requirements not run"
    if report.grader_failed:
        line += f"; GRADER-ERROR: {GRADER_ERROR_NOTE}"
    optional = report.optional_verdicts()
    if optional:
        verdicts = ", ".join(f"{req} {verdict}" for req, verdict in optional.items())
        line += f"; optional, not scored: {verdicts}"
    return line


def title(report: Report) -> str:
    return f"{report.catalogue.name} conformance: {report.label}"


def render_table(report: Report) -> str:
    heading = f" {title(report)} ".center(78, "=")
    return "\n".join([heading, *table_lines(report)]) + "\n"


# ------------------------------------------------------------------- JSON
def to_json(report: Report) -> dict[str, Any]:
    return {
        "target": report.label,
        "score": report.score if report.has_score else None,
        "max_score": report.catalogue.required_count,
        "success": report.success,
        "problem": report.problem,
        "notes": list(report.notes),
        "seconds": round(report.seconds, 3),
        "requirements": [
            {
                "id": row.requirement,
                "requirement": row.text,
                "optional": row.optional,
                "verdict": row.verdict,
                "passed": row.passed,
                "tests": row.total,
                "failures": [test.to_json() for test in row.failures],
                "details": list(row.details),
            }
            for row in report.rows()
        ],
    }


def render_json(report: Report) -> str:
    return json.dumps(to_json(report), indent=2) + "\n"


# -------------------------------------------------------------- JUnit XML
def render_junit(report: Report) -> str:
    """One <testsuite> per target, one <testcase> per requirement."""
    rows = report.rows()
    suite = ElementTree.Element(
        "testsuite",
        name=title(report),
        tests=str(len(rows)),
        failures=str(sum(row.verdict == "FAIL" for row in rows)),
        errors=str(sum(row.verdict in ("ERROR", "GRADER-ERROR") for row in rows)),
        skipped=str(sum(row.verdict == "ABSENT" for row in rows)),
        time=f"{report.seconds:.3f}",
    )
    for row in rows:
        case = ElementTree.SubElement(
            suite, "testcase", classname="conformance", name=f"{row.requirement} {row.text}"
        )
        detail = row.explanation() or report.problem
        if row.verdict in ("N/A", "GRADER-ERROR"):
            ElementTree.SubElement(case, "system-out").text = f"{row.verdict}: {detail}"
        if row.verdict == "GRADER-ERROR":
            ElementTree.SubElement(case, "error", message=detail.split("\n")[0]).text = detail
        if row.verdict == "FAIL":
            ElementTree.SubElement(case, "failure", message=detail.split("\n")[0]).text = detail
        elif row.verdict == "ERROR":
            ElementTree.SubElement(case, "error", message=detail.split("\n")[0]).text = detail
        elif row.verdict == "ABSENT":
            ElementTree.SubElement(case, "skipped", message="optional method absent")
    if report.notes:
        ElementTree.SubElement(suite, "system-out").text = "\n".join(report.notes)
    ElementTree.indent(suite)
    return ElementTree.tostring(suite, encoding="unicode", xml_declaration=True) + "\n"


# ------------------------------------------------------------- Gradescope
def to_gradescope(report: Report, visibility: str = "visible") -> dict[str, Any]:
    """Gradescope's results.json: one test per requirement, one point each.

    The optional requirement is listed with max_score 0 (shown, not
    scored), so the total is out of the required requirements alone. A
    verdict other than PASS or FAIL (N/A, ABSENT, ERROR, GRADER-ERROR)
    stands in the test's name, where Gradescope shows it without opening
    the test, and an ABSENT test says what that means. When the grader
    could not run at all, no test and no score are listed and the output
    says the autograder is broken, not a grade (run_autograder then exits
    non-zero).
    """
    if not report.has_score:
        return {  # no "score": a number here would be taken for a grade
            "output": f"The autograder is broken, this is NOT a grade: {score_line(report)}",
            "visibility": visibility,
            "stdout_visibility": "hidden",
            "tests": [],
        }
    tests = []
    for number, row in enumerate(report.rows(), 1):
        points = 0.0 if row.optional else 1.0
        output = row.explanation() or (report.problem if row.verdict == "ERROR" else "")
        if row.verdict == "ABSENT":
            output = ABSENT_MEANING
        output = "\n".join([output, *row.details]).strip("\n")
        tests.append(
            {
                "name": f"{row.requirement} {row.text}{_named_verdict(row.verdict)}",
                "number": str(number),
                "score": points if row.verdict in SCORED else 0.0,
                "max_score": points,
                "status": "passed" if row.verdict in ("PASS", "ABSENT", "N/A") else "failed",
                "output": f"{row.verdict} ({row.counts} tests)\n{output}".rstrip(),
                "visibility": visibility,
            }
        )
    return {
        "score": float(report.score),
        "execution_time": round(report.seconds),
        "output": "\n".join([score_line(report), *report.notes]),
        "visibility": visibility,
        "stdout_visibility": "hidden",
        "tests": tests,
    }


def _named_verdict(verdict: str) -> str:
    return "" if verdict in ("PASS", "FAIL") else f" [{verdict}]"


def render_gradescope(report: Report) -> str:
    return json.dumps(to_gradescope(report), indent=2) + "\n"


RENDERERS: Final = {
    "table": render_table,
    "json": render_json,
    "junit": render_junit,
    "gradescope": render_gradescope,
}
