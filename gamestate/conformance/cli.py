"""``python -m gamestate.conformance TARGET`` (or ``gamestate-grade TARGET``).

One submission prints the table (or JSON, JUnit XML, Gradescope's
results.json); a folder of submissions writes a CSV. Exit status: 0 when
every graded requirement passed, 1 otherwise, 2 for a usage error or a
path that holds no submission, 3 when the grader's own code failed
(GRADER-ERROR: please report).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from gamestate.conformance.batch import (
    NoSubmissionsError,
    grade_folder,
    grading,
    score_column,
)
from gamestate.conformance.module_grade import SPECS, grade_module
from gamestate.conformance.report import (
    GRADER_ERROR_EXIT,
    GRADER_ERROR_NOTE,
    RENDERERS,
    Report,
    render_gradescope,
)
from gamestate.conformance.runner import Limits, grade
from gamestate.conformance.targets import (
    is_batch,
    is_single_module_target,
    is_single_target,
    module_submission,
    nested_submission,
    no_game_state,
    submission,
)

GRADESCOPE_RESULTS: Final = "/autograder/results/results.json"


def parser() -> argparse.ArgumentParser:
    parse = argparse.ArgumentParser(
        prog="gamestate-grade",
        description="Grade PA4 GameState submissions (Python or Java) against "
        "the writeup's 32 requirements (or spec 004's ADT functions: --spec adt; "
        "spec 000's MVC modules: --spec mvc).",
    )
    parse.add_argument(
        "target",
        help="a GameState.java, a folder holding one, a Python file or "
        "module:Class; or a folder of submissions (one subfolder or file each)",
    )
    parse.add_argument(
        "--spec", choices=("gamestate", *SPECS), default="gamestate",
        help="what TARGET implements: the PA4 GameState (default), spec 004's "
        "ADT functions (adt: TARGET a module name or path/to/file.py) or spec "
        "000's MVC modules (mvc: TARGET a folder of SetUp.py, Score.py, Move.py, "
        "Board.py, View.py)",
    )
    parse.add_argument(
        "-f", "--format", choices=sorted(RENDERERS), default="table",
        help="how to print one submission's results (default: table)",
    )
    parse.add_argument("-o", "--output", type=Path, help="write there instead of stdout "
                       "(a folder of submissions: the CSV, default FOLDER-grades.csv)")
    parse.add_argument(
        "--gradescope", nargs="?", const=GRADESCOPE_RESULTS, metavar="PATH",
        help=f"also write Gradescope's results.json (default {GRADESCOPE_RESULTS})",
    )
    parse.add_argument("--time-limit", type=float, default=2.0, metavar="SECONDS",
                       help="longest run of one method call (default 2)")
    parse.add_argument("--memory", type=int, default=512, metavar="MB",
                       help="memory for the submission (default 512)")
    parse.add_argument("--direction", metavar="MODULE:ENUM",
                       help="a Python class's Direction enum (default: its module's)")
    parse.add_argument("-j", "--jobs", type=int, default=1,
                       help="submissions graded at once in a folder (default 1)")
    parse.add_argument("--journal", type=Path,
                       help="a folder's resumable journal (default CSV + .journal)")
    parse.add_argument("--no-progress", action="store_true", help="no progress bar")
    parse.add_argument(
        "--batch", action="store_true",
        help="TARGET is a folder of submissions even if some entries hold no "
        "GameState (each gets a row saying so); without it, a folder is a batch "
        "only when every entry is a submission",
    )
    return parse


def main(argv: Sequence[str] | None = None) -> int:
    options = parser().parse_args(argv)
    if options.time_limit <= 0 or options.memory < 64 or options.jobs < 1:
        parser().error("--time-limit must be > 0, --memory >= 64, --jobs >= 1")
    limits = Limits(options.time_limit, options.memory)
    # Gradescope grades one student: never a batch, whatever the folders.
    one = options.gradescope is not None
    if options.spec in SPECS:
        if one or is_single_module_target(options.spec, options.target):
            return _grade_one_module(options, limits)
    elif one or is_single_target(options.target):
        return _grade_one(options, limits)
    elif not (options.batch or is_batch(Path(options.target))):
        folder = Path(options.target)
        some = any(entry.is_dir() for entry in folder.iterdir())
        return _not_a_submission(no_game_state(folder), batch_hint=some)
    return _grade_many(options, limits)


def _grade_one(options: argparse.Namespace, limits: Limits) -> int:
    path = Path(options.target)
    if not path.exists():
        return _print_report(options, grade(options.target, limits, options.direction))
    found = nested_submission(path) if path.is_dir() else submission(path)
    if not found.problem:
        return _print_report(options, grade(found.spec, limits, options.direction))
    if options.gradescope is not None:  # the student sees why, on Gradescope
        _write(Path(options.gradescope), render_gradescope(Report(options.target, problem=found.problem)))
    return _not_a_submission(found.problem)


def _not_a_submission(problem: str, batch_hint: bool = False) -> int:
    """What was found instead of a submission: one line, exit 2."""
    hint = " (a folder of submissions with some lacking one: give --batch)" if batch_hint else ""
    print(f"gamestate-grade: {problem}{hint}", file=sys.stderr)
    return 2


def _grade_one_module(options: argparse.Namespace, limits: Limits) -> int:
    path = Path(options.target)
    if not path.exists():  # an ADT module's name; the loader says if not
        return _print_report(options, grade_module(options.spec, options.target, limits))
    found = module_submission(options.spec, path)
    if found.problem:
        catalogue = SPECS[options.spec].catalogue
        report = Report(options.target, problem=f"{path}: {found.problem}", catalogue=catalogue)
    else:
        report = grade_module(options.spec, found.spec, limits)
    return _print_report(options, report)


def _print_report(options: argparse.Namespace, report: Report) -> int:
    report.label = options.target
    text = RENDERERS[options.format](report)
    if options.output is not None:
        _write(options.output, text)
    else:
        sys.stdout.write(text)
    if options.gradescope is not None:
        _write(Path(options.gradescope), render_gradescope(report))
    if report.grader_failed:
        print(f"gamestate-grade: {GRADER_ERROR_NOTE}", file=sys.stderr)
    return report.exit_status


def _grade_many(options: argparse.Namespace, limits: Limits) -> int:
    folder = Path(options.target)
    output = options.output or Path(f"{folder.resolve().name}-grades.csv")
    journal = options.journal or output.with_name(output.name + ".journal")
    try:
        result = grade_folder(
            folder, output, journal, limits, options.jobs,
            progress=False if options.no_progress else None, spec=options.spec,
        )
    except NoSubmissionsError as error:
        print(f"gamestate-grade: {error}", file=sys.stderr)
        return 2
    catalogue = grading(options.spec).catalogue
    scores = [int(row[score_column(catalogue)]) for row in result.rows]
    mean = sum(scores) / len(scores) if scores else 0.0
    print(
        f"{len(result.rows)} submissions ({result.graded} graded now, "
        f"{result.skipped} from the journal {journal}); mean score "
        f"{mean:.1f}/{catalogue.required_count}; CSV: {output}"
    )
    if result.grader_failed:
        print(f"gamestate-grade: GRADER-ERROR in some rows: {GRADER_ERROR_NOTE}", file=sys.stderr)
        return GRADER_ERROR_EXIT
    return 0


def _write(path: Path, text: str) -> None:
    """Write ``text`` whole: a temporary file renamed over ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)
