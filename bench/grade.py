"""Issue 24: how long the grader takes, one submission and a class of 100.

Prints, with the load average at the start and the end (the machine is
shared):

- baseline: the suite run in-process on our own GameState
  (``pytest tests/conformance``), the cost of the tests themselves;
- one Python submission and one Java submission (compile included)
  through ``python -m gamestate.conformance``, median of ``--rounds``
  interleaved runs, each against the baseline; target: Java <= 10 s;
- a folder of ``--class-size`` submissions generated from the mutants
  (Python and Java in turn, correct controls among them) graded with
  ``--jobs``; target: 100 in <= 600 s.

    python bench/grade.py [--rounds 3] [--class-size 100] [--jobs 2]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conformance.java import MUTANTS as JAVA_MUTANTS
from tests.conformance.java import write as write_java

PYTHON_MUTANTS = ROOT / "tests" / "conformance" / "mutants"
JAVA_TARGET_SECONDS = 10.0
CLASS_TARGET_SECONDS = 600.0


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def seconds(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
    return time.perf_counter() - started


def grader(*arguments: str) -> list[str]:
    return [sys.executable, "-m", "gamestate.conformance", *arguments]


def make_class(folder: Path, size: int) -> None:
    """``size`` submissions: Python and Java mutants and controls in turn."""
    python = sorted(path for path in PYTHON_MUTANTS.glob("*.py") if path.stem != "__init__")
    java = ["correct", *JAVA_MUTANTS]
    correct = ROOT / "tests" / "conformance" / "java" / "correct" / "GameState.java"
    for number in range(size):
        name = f"student{number:03d}"
        if number % 2 == 0:
            source = python[(number // 2) % len(python)]
            shutil.copyfile(source, folder / f"{name}.py")
            continue
        mutant = java[(number // 2) % len(java)]
        if mutant == "correct":
            (folder / name).mkdir()
            shutil.copyfile(correct, folder / name / "GameState.java")
        else:
            write_java(mutant, folder / name)


def median_of(rounds: int, runs: dict[str, Callable[[], float]]) -> dict[str, float]:
    """Each run ``rounds`` times, interleaved; the median of each."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, run in runs.items():
            times[name].append(run())
    return {name: statistics.median(values) for name, values in times.items()}


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--rounds", type=int, default=3)
    options.add_argument("--class-size", type=int, default=100)
    options.add_argument("--jobs", type=int, default=2)
    arguments = options.parse_args()
    print(f"load average at start: {load()}  ({os.cpu_count()} cores)")
    java_target = ROOT / "tests" / "conformance" / "java" / "correct"
    python_target = str(PYTHON_MUTANTS / "merge_twice.py")
    baseline = [sys.executable, "-m", "pytest", "tests/conformance", "-q", "--no-cov"]
    baseline += ["-p", "no:cacheprovider", "--tb=no"]
    runs = {
        "baseline: pytest tests/conformance, in-process": lambda: seconds(baseline),
        "one Python submission": lambda: seconds(grader(python_target)),
        "one Java submission (javac + JVM)": lambda: seconds(grader(str(java_target))),
    }
    medians = median_of(arguments.rounds, runs)
    base = medians["baseline: pytest tests/conformance, in-process"]
    print(f"\nmedian of {arguments.rounds} interleaved runs:")
    for name, value in medians.items():
        print(f"  {name:<48} {value:6.2f} s  {value / base:5.2f}x baseline")
    java = medians["one Java submission (javac + JVM)"]
    verdict = "met" if java <= JAVA_TARGET_SECONDS else "MISSED"
    print(f"  Java target <= {JAVA_TARGET_SECONDS:g} s: {verdict}")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "class"
        folder.mkdir()
        make_class(folder, arguments.class_size)
        output = Path(scratch) / "grades.csv"
        command = grader(str(folder), "--jobs", str(arguments.jobs), "-o", str(output))
        took = seconds([*command, "--no-progress"])
        rows = output.read_text().count("\n") - 1 if output.exists() else 0
    verdict = "met" if took <= CLASS_TARGET_SECONDS and rows == arguments.class_size else "MISSED"
    print(
        f"\na class of {arguments.class_size} ({rows} rows graded), --jobs {arguments.jobs}: "
        f"{took:6.1f} s, {took / max(rows, 1):.2f} s per submission, "
        f"{took / max(rows, 1) / base:.2f}x baseline each; "
        f"target <= {CLASS_TARGET_SECONDS:g} s: {verdict}"
    )
    print(f"load average at end: {load()}")


if __name__ == "__main__":
    main()
