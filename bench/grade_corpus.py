"""Issue 28 item 9: the grader on the PA4 corpus, timed, against the hand verdicts.

Grades every submission of tests/conformance/pa4_corpus through
``python -m gamestate.conformance SUBMISSION -f json`` ``--runs`` times,
one at a time (so each time is one submission's, javac and the JVM
included), and prints one row per submission: its style, the hand score,
the graded score, whether every run gave the same report, the median
seconds, and the requirements where the grader and the hand verdict
differ; then, for a submission whose runs differed, what differed from
run 1 (tests/conformance/pa4_corpus.run_differences, the rule the corpus
test uses). The load average at the start and the end is printed too
(the machine is shared), and on stderr the load as each submission
ends. ``--markdown`` prints the table for the corpus README; ``--jobs 2`` grades two submissions at a time (quicker, but then each
time includes the other's load).

    python bench/grade_corpus.py [--runs 5] [--jobs 1] [--only NAME] [--markdown]
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.conformance.pa4_corpus import (
    SUBMISSIONS,
    copy_out,
    disagreements,
    expected,
    grade_json,
    hand_points_lost,
    points_lost,
    run_differences,
)


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def timed_runs(folder: Path, runs: int) -> tuple[list[dict[str, Any]], list[float]]:
    reports, seconds = [], []
    for _ in range(runs):
        started = time.perf_counter()
        reports.append(grade_json(folder))
        seconds.append(time.perf_counter() - started)
    return reports, seconds


def graded_row(name: str, scratch: Path, runs: int) -> dict[str, Any]:
    reports, seconds = timed_runs(copy_out(name, scratch), runs)
    # On stderr as each submission ends: a long run's log shows its progress
    # and the load it ran under.
    print(f"{time.strftime('%H:%M:%S')} {name}: {sum(seconds):.0f} s for {runs} runs; "
          f"load average {load()}", file=sys.stderr, flush=True)
    return row(name, reports, seconds)


def row(name: str, reports: list[dict[str, Any]], seconds: list[float]) -> dict[str, Any]:
    hand = expected(name)
    first = reports[0]
    return {
        "name": name,
        "expected": f"{hand['score']}/{hand['out_of']}",
        "graded": f"{first['score']}/{first['max_score']}",
        "score_agrees": points_lost(first) == hand_points_lost(name),
        "identical": all(report == first for report in reports),
        "run_differences": [
            f"run {number}: {line}"
            for number, other in enumerate(reports[1:], 2)
            for line in run_differences(first, other)
        ],
        "runs": len(reports),
        "seconds": statistics.median(seconds),
        "disagreements": disagreements(name, first),
    }


def print_plain(rows: list[dict[str, Any]]) -> None:
    for entry in rows:
        same = "yes" if entry["identical"] else "NO"
        print(
            f"{entry['name']:<28} expected {entry['expected']:>5}  graded "
            f"{entry['graded']:>5}  {entry['runs']} runs identical {same:<3} "
            f"{entry['seconds']:5.1f} s"
        )
        for line in entry["disagreements"] + entry["run_differences"]:
            print(f"    {line[:300]}")


def print_markdown(rows: list[dict[str, Any]]) -> None:
    print("| style | expected score | graded score | runs identical | s per run | differs on |")
    print("|---|---|---|---|---|---|")
    for entry in rows:
        same = f"{'yes' if entry['identical'] else 'no'} ({entry['runs']})"
        differs = ", ".join(line.split(":")[0] for line in entry["disagreements"]) or "-"
        print(
            f"| {entry['name']} | {entry['expected']} | {entry['graded']} | {same} | "
            f"{entry['seconds']:.1f} | {differs} |"
        )
    print_run_differences(rows)


def print_run_differences(rows: list[dict[str, Any]]) -> None:
    """Below the table: for each submission whose runs differed, what
    differed from run 1 (a verdict, a message, the score)."""
    for entry in rows:
        if entry["run_differences"]:
            print(f"\n{entry['name']}: the runs differ from run 1 in")
            for line in entry["run_differences"]:
                print(f"- {line[:300]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs per submission (1)")
    parser.add_argument("--jobs", type=int, default=1, help="submissions at once (1)")
    parser.add_argument("--only", action="append", help="grade only this submission")
    parser.add_argument("--markdown", action="store_true", help="a Markdown table")
    options = parser.parse_args()
    names = options.only or SUBMISSIONS
    print(f"load average at start: {load()}")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="pa4-corpus-") as scratch:
        grade_one = functools.partial(graded_row, scratch=Path(scratch), runs=options.runs)
        with ThreadPoolExecutor(max_workers=options.jobs) as pool:
            rows = list(pool.map(grade_one, names))
    (print_markdown if options.markdown else print_plain)(rows)
    total = time.perf_counter() - started
    per_run = statistics.median(entry["seconds"] for entry in rows)
    print(
        f"{len(rows)} submissions x {options.runs} runs, {options.jobs} at a time, in "
        f"{total:.0f} s; median "
        f"{per_run:.1f} s a run; load average at end: {load()}"
    )


if __name__ == "__main__":
    main()
