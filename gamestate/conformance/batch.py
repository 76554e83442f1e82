"""Grade a folder of submissions: one CSV row per student, resumable.

Each submission is graded in its own process (runner.grade for a
GameState, module_grade.grade_module for ``--spec adt``/``mvc``), ``jobs``
at a time; the CSV's columns are the spec's requirements. Every finished row is appended at once to a journal (JSON lines,
with a hash of the submission's files); a rerun reads it and grades only
the students it lacks or whose files changed, so an interrupted batch goes
on where it stopped. The CSV is rewritten from the journal at the end.
"""

from __future__ import annotations

import csv
import json
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Final, TextIO

from gamestate.conformance.module_grade import SPECS, grade_module
from gamestate.conformance.report import Report, to_json
from gamestate.conformance.requirements import GAMESTATE, Catalogue
from gamestate.conformance.runner import Limits, grade
from gamestate.conformance.targets import (
    Submission,
    batch,
    fingerprint,
    module_batch,
)

BAR_WIDTH: Final = 30


@dataclass(frozen=True)
class Grading:
    """What a spec's batch grades: its catalogue, submissions and grader."""

    catalogue: Catalogue
    submissions: Callable[[Path, set[Path]], list[Submission]]  # (folder, skip)
    grade: Callable[[str, Limits], Report]  # (a submission's TARGET, limits)


def grading(spec: str) -> Grading:
    """``--spec``'s grading: "gamestate" or a module spec's name."""
    if spec == "gamestate":
        return Grading(GAMESTATE, batch, grade)
    return Grading(SPECS[spec].catalogue, partial(module_batch, spec), partial(grade_module, spec))


def score_column(catalogue: Catalogue) -> str:
    return f"score (of {catalogue.required_count})"


def columns(catalogue: Catalogue) -> list[str]:
    """The CSV's columns: the optional requirements first, as the table."""
    required = [req for req in catalogue.requirements if req not in catalogue.optional]
    return ["student", score_column(catalogue), *catalogue.optional, *required,
            "seconds", "note"]


SCORE_COLUMN: Final = score_column(GAMESTATE)


def csv_row(name: str, report: Report) -> dict[str, str]:
    verdicts = {row.requirement: row.verdict for row in report.rows()}
    # The whole note on one line: javac's errors follow their heading; then
    # how the target was read (an ADT module's names, an import cut short).
    lines = [*report.problem.splitlines(), *report.notes]
    note = " | ".join(line.strip() for line in lines if line.strip())
    requirements = columns(report.catalogue)[2:-2]
    return {
        "student": name,
        score_column(report.catalogue): str(report.score),
        **{req: verdicts.get(req, "ERROR") for req in requirements},
        "seconds": f"{report.seconds:.1f}",
        "note": note,
    }


@dataclass
class Journal:
    """The rows graded so far, by student, with their submissions' hashes."""

    path: Path

    def load(self) -> dict[str, dict[str, Any]]:
        if not self.path.exists():
            return {}
        entries: dict[str, dict[str, Any]] = {}
        for line in self.path.read_text("utf-8").splitlines():
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue  # the last line of an interrupted run
            entries[entry["student"]] = entry
        return entries

    def add(self, student: str, print_: str, report: Report) -> None:
        """Journal a graded student: the CSV row and the whole report."""
        entry = {
            "student": student,
            "fingerprint": print_,
            "row": csv_row(student, report),
            "report": to_json(report),
        }
        with self.path.open("a", encoding="utf-8") as journal:
            journal.write(json.dumps(entry) + "\n")


class Progress:
    """One line on a terminal: a bar, done/total, the last student."""

    def __init__(self, stream: TextIO, total: int) -> None:
        self.stream = stream
        self.total = total
        self.done = 0
        self.lock = threading.Lock()
        self.started = time.monotonic()

    def advance(self, student: str) -> None:
        with self.lock:
            self.done += 1
            filled = BAR_WIDTH * self.done // max(self.total, 1)
            elapsed = time.monotonic() - self.started
            self.stream.write(
                f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {self.done}/{self.total}"
                f" graded, {elapsed:.0f} s  {student[:30]}\x1b[K"
            )
            self.stream.flush()

    def clear(self) -> None:
        self.stream.write("\r\x1b[K")
        self.stream.flush()


@dataclass(frozen=True)
class BatchResult:
    rows: list[dict[str, str]]
    graded: int
    skipped: int
    grader_failed: bool = False


class NoSubmissionsError(ValueError):
    """A folder to grade that holds no submission; nothing is written."""


def grade_folder(
    folder: Path,
    output: Path,
    journal_path: Path,
    limits: Limits,
    jobs: int = 1,
    progress: bool | None = None,
    spec: str = "gamestate",
) -> BatchResult:
    """Grade every submission in ``folder``; write the CSV to ``output``."""
    how = grading(spec)
    journal = Journal(journal_path)
    known = journal.load()
    skip = {output.resolve(), journal_path.resolve()}
    items = how.submissions(folder, skip)
    if not items:
        raise NoSubmissionsError(f"{folder}: no submission in it (a subfolder or file each)")
    # Another spec's row of a student is graded again, not reused.
    prints = {item.name: _spec_mark(spec) + fingerprint(item.path) for item in items}
    todo = [item for item in items if known.get(item.name, {}).get("fingerprint") != prints[item.name]]
    show = sys.stderr.isatty() if progress is None else progress
    bar = Progress(sys.stderr, len(todo)) if show and todo else None
    for name, report in _graded(todo, limits, jobs, how):
        journal.add(name, prints[name], report)
        known[name] = {"row": csv_row(name, report)}
        if bar is not None:
            bar.advance(name)
    if bar is not None:
        bar.clear()
    rows = [known[item.name]["row"] for item in items]
    write_csv(output, rows, columns(how.catalogue))
    grader_failed = any("GRADER-ERROR" in row.values() for row in rows)
    return BatchResult(rows, len(todo), len(items) - len(todo), grader_failed)


def _spec_mark(spec: str) -> str:
    return "" if spec == "gamestate" else f"{spec}:"


def _graded(
    todo: list[Submission], limits: Limits, jobs: int, how: Grading
) -> Iterator[tuple[str, Report]]:
    """(student, report) as each submission is done, ``jobs`` at a time."""
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {pool.submit(_report_of, item, limits, how): item.name for item in todo}
        for future in as_completed(futures):
            yield futures[future], future.result()


def _report_of(item: Submission, limits: Limits, how: Grading) -> Report:
    if item.problem:
        return Report(str(item.path), problem=item.problem, catalogue=how.catalogue)
    report = how.grade(item.spec, limits)
    report.label = str(item.path)
    return report


def write_csv(output: Path, rows: list[dict[str, str]], fields: list[str]) -> None:
    """Write the CSV whole (a temporary file renamed over the old one)."""
    unfinished = output.with_name(output.name + ".partial")
    with unfinished.open("w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    unfinished.replace(output)
