"""Grade a folder of submissions: one CSV row per student, resumable.

Each submission is graded by runner.grade in its own process, ``jobs`` at
a time. Every finished row is appended at once to a journal (JSON lines,
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
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TextIO

from gamestate.conformance.report import REQUIRED_COUNT, Report, to_json
from gamestate.conformance.requirements import OPTIONAL, REQUIREMENTS
from gamestate.conformance.runner import Limits, grade
from gamestate.conformance.targets import Submission, batch, fingerprint

REQUIRED_IDS: Final = [req for req in REQUIREMENTS if req not in OPTIONAL]
SCORE_COLUMN: Final = f"score (of {REQUIRED_COUNT})"
COLUMNS: Final = [
    "student",
    SCORE_COLUMN,
    *OPTIONAL,
    *REQUIRED_IDS,
    "seconds",
    "note",
]
BAR_WIDTH: Final = 30


def csv_row(name: str, report: Report) -> dict[str, str]:
    verdicts = {row.requirement: row.verdict for row in report.rows()}
    first_problem = report.problem.splitlines()[0] if report.problem else ""
    return {
        "student": name,
        SCORE_COLUMN: str(report.score),
        **{req: verdicts.get(req, "ERROR") for req in [*OPTIONAL, *REQUIRED_IDS]},
        "seconds": f"{report.seconds:.1f}",
        "note": first_problem,
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


def grade_folder(
    folder: Path,
    output: Path,
    journal_path: Path,
    limits: Limits,
    jobs: int = 1,
    progress: bool | None = None,
) -> BatchResult:
    """Grade every submission in ``folder``; write the CSV to ``output``."""
    journal = Journal(journal_path)
    known = journal.load()
    skip = {output.resolve(), journal_path.resolve()}
    items = batch(folder, skip)
    prints = {item.name: fingerprint(item.path) for item in items}
    todo = [item for item in items if known.get(item.name, {}).get("fingerprint") != prints[item.name]]
    show = sys.stderr.isatty() if progress is None else progress
    bar = Progress(sys.stderr, len(todo)) if show and todo else None
    for name, report in _graded(todo, limits, jobs):
        journal.add(name, prints[name], report)
        known[name] = {"row": csv_row(name, report)}
        if bar is not None:
            bar.advance(name)
    if bar is not None:
        bar.clear()
    rows = [known[item.name]["row"] for item in items]
    write_csv(output, rows)
    return BatchResult(rows, len(todo), len(items) - len(todo))


def _graded(
    todo: list[Submission], limits: Limits, jobs: int
) -> Iterator[tuple[str, Report]]:
    """(student, report) as each submission is done, ``jobs`` at a time."""
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {pool.submit(_report_of, item, limits): item.name for item in todo}
        for future in as_completed(futures):
            yield futures[future], future.result()


def _report_of(item: Submission, limits: Limits) -> Report:
    if item.problem:
        return Report(str(item.path), problem=item.problem)
    report = grade(item.spec, limits)
    report.label = str(item.path)
    return report


def write_csv(output: Path, rows: list[dict[str, str]]) -> None:
    """Write the CSV whole (a temporary file renamed over the old one)."""
    partial = output.with_name(output.name + ".partial")
    with partial.open("w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    partial.replace(output)
