"""Issue 24: the grader on Java submissions (needs a JDK: javac and java).

One batch run grades a folder of Java submissions, one per subfolder or
file: the correct class (tests/conformance/java/correct), the Java twins of
nine Python mutants, and five that would hang or kill a naive grader. Each
submission is compiled once and runs in one JVM; the tests read the batch's
CSV and its journal (which keeps each student's whole report).
"""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gamestate.conformance.batch import SCORE_COLUMN
from gamestate.conformance.implementation import (
    Implementation,
    LoadError,
    load_implementation,
)
from gamestate.conformance.limits import (
    TargetCrashError,
    TargetRaisedError,
    TimeLimitError,
)
from gamestate.conformance.requirements import REQUIREMENTS
from gamestate.conformance.support import Rolls, call_each
from tests.conformance.java import ABUSES, CORRECT, MUTANTS, write
from tests.test_conformance_meta import EXPECTED_FAILURES, ROOT
from tests.test_grader import grade_json, json_messages, separate_runs

pytestmark = pytest.mark.skipif(
    shutil.which("javac") is None or shutil.which("java") is None,
    reason="needs a JDK: apt-get install openjdk-17-jdk-headless",
)
STARTER = Path(__file__).resolve().parent.parent / "gamestate" / "conformance" / "java"


def run_command(*arguments: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "gamestate.conformance", *arguments]
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=900, check=False
    )


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The batch of every Java submission: {"csv": rows, "reports": ...}."""
    folder = tmp_path_factory.mktemp("java-class")
    correct = folder / "correct"
    correct.mkdir()
    shutil.copyfile(CORRECT, correct / "GameState.java")
    for starter in ("Direction.java", "Config.java"):  # with the starter's files
        shutil.copyfile(STARTER / starter, correct / starter)
    for name in [*MUTANTS, *ABUSES]:
        write(name, folder / name)
    own_config(folder / "own_config")
    # A file of its own, not named GameState.java, as in a folder of files.
    (folder / "does_not_compile" / "GameState.java").rename(folder / "typo.java")
    (folder / "does_not_compile").rmdir()
    output = folder.parent / "grades.csv"
    done = run_command(str(folder), "--jobs", "2", "-o", str(output), "--no-progress")
    journal = output.with_name(output.name + ".journal")
    entries = [json.loads(line) for line in journal.read_text().splitlines()]
    assert done.returncode == 0, done.stdout + done.stderr + grader_errors(entries)
    return {
        "csv": {row["student"]: row for row in csv.DictReader(output.open())},
        "reports": {entry["student"]: entry["report"] for entry in entries},
    }


def own_config(folder: Path) -> None:
    """A correct student who changed Config.java to test (as the writeup
    invites) and left a stray copy of GameState.java beside the real one."""
    folder.mkdir()
    shutil.copyfile(CORRECT, folder / "GameState.java")
    (folder / "GameState copy.java").write_text("public class GameState { broken", encoding="utf-8")
    config = (STARTER / "Config.java").read_text(encoding="utf-8")
    (folder / "Config.java").write_text(config.replace("TWO_PROB = 70;", "TWO_PROB = 50;"), encoding="utf-8")


def test_the_starters_own_config_is_graded_and_a_stray_copy_is_named(graded: dict[str, Any]) -> None:
    """The writeup: "We will use our own copy when grading" (Config.java);
    a student's TWO_PROB 50 cost R10 before. The folder is one student's,
    though two of its files declare GameState: GameState.java is graded."""
    report = graded["reports"]["own_config"]
    assert report["score"] == 32, report
    assert report["notes"] == [
        "graded GameState.java; also declaring class GameState, not graded: GameState copy.java",
        ("Config.java: graded with the starter's own copy, as the writeup says (\"We will use our "
        "own copy when grading\"), not yours: TWO_PROB 50 (the starter's 70)"),
    ]


def grader_errors(entries: list[dict[str, Any]]) -> str:
    """Each GRADER-ERROR's student, requirement and messages: what a failed
    run on another machine (CI) must show to be mended."""
    lines = [
        f"{entry['student']} {row['id']}: {[f['message'] for f in row['failures']]}"
        for entry in entries
        for row in entry["report"]["requirements"]
        if row["verdict"] == "GRADER-ERROR"
    ]
    return "\n".join(lines)


def verdicts(report: dict[str, Any]) -> dict[str, str]:
    return {row["id"]: row["verdict"] for row in report["requirements"]}


def messages(report: dict[str, Any], requirement: str) -> list[str]:
    [row] = [row for row in report["requirements"] if row["id"] == requirement]
    return [failure["message"] for failure in row["failures"]]


def test_the_correct_java_class_scores_32_with_o1(graded: dict[str, Any]) -> None:
    report = graded["reports"]["correct"]
    assert report["score"] == 32, report
    assert set(verdicts(report).values()) == {"PASS"}
    assert graded["csv"]["correct"]["O1"] == "PASS"


@pytest.mark.parametrize("mutant", sorted(MUTANTS))
def test_each_java_mutant_fails_what_its_python_twin_fails(
    graded: dict[str, Any], mutant: str
) -> None:
    report = graded["reports"][mutant]
    failed = {req for req, verdict in verdicts(report).items() if verdict != "PASS"}
    assert failed == EXPECTED_FAILURES[mutant], report


def test_a_file_that_does_not_compile_scores_zero_with_javac_lines(
    graded: dict[str, Any],
) -> None:
    report = graded["reports"]["typo"]
    assert report["score"] == 0
    assert set(verdicts(report).values()) == {"ERROR"}
    lines = report["problem"].splitlines()
    assert lines[0] == "typo.java does not compile (javac):"
    assert lines[1] == "typo.java:15: error: ';' expected"
    assert graded["csv"]["typo"]["note"] == " | ".join(line.strip() for line in lines)


@pytest.mark.parametrize(
    ("name", "requirement", "message"),
    [
        ("infinite_loop", "R21", "timed out after 2 s of CPU time in slideDown"),
        ("system_exit", "R27", "the program exited with status 0 in move (System.exit?)"),
        ("stack_overflow", "R21", "StackOverflowError"),
        ("allocates_1gb", "R12", "OutOfMemoryError: Java heap space"),
    ],
)
def test_a_java_class_that_misbehaves_fails_with_what_happened(
    graded: dict[str, Any], name: str, requirement: str, message: str
) -> None:
    report = graded["reports"][name]
    assert verdicts(report)[requirement] == "ERROR", report
    assert all(message in text for text in messages(report, requirement)), report
    # The run went on: what does not touch the broken method still passes.
    assert verdicts(report)["R01"] == verdicts(report)["R08"] == "PASS"


@pytest.mark.parametrize(
    ("name", "error"), [("infinite_loop", "timed out"), ("stack_overflow", "StackOverflowError")]
)
def test_a_method_that_hangs_or_recurses_forever_costs_it_once(
    graded: dict[str, Any], name: str, error: str
) -> None:
    """slideDown loops or recurses without end once; later calls of it fail
    at once (each would cost a time limit, or fill and unwind the stack
    again, on every board of the differential checks)."""
    report = graded["reports"][name]
    reported = [
        failure["message"]
        for row in report["requirements"]
        for failure in row["failures"]
        if error in failure["message"]
    ]
    # Once (the requirements judged on that call all report it).
    assert len({text for text in reported if "not run again" not in text}) == 1, reported


def test_the_batch_csv_has_a_row_per_student(graded: dict[str, Any]) -> None:
    rows = graded["csv"]
    assert set(rows) == {"correct", "own_config", "typo", *MUTANTS, *(set(ABUSES) - {"does_not_compile"})}
    assert rows["correct"][SCORE_COLUMN] == "32"
    assert rows["merge_twice"][SCORE_COLUMN] == "30"  # R24 and E2
    assert rows["merge_twice"]["R24"] == "FAIL"
    assert rows["infinite_loop"]["R21"] == "ERROR"
    assert rows["typo"][SCORE_COLUMN] == "0"
    assert all(float(row["seconds"]) > 0 for row in rows.values())
    assert set(rows["correct"]) >= set(REQUIREMENTS)


def test_pytest_runs_the_suite_on_a_java_folder() -> None:
    """``pytest tests/conformance --impl FOLDER`` as documented."""
    command = [sys.executable, "-m", "pytest", "tests/conformance", "--no-cov", "-q"]
    command += ["-p", "no:cacheprovider", "--tb=no", "--impl", str(CORRECT.parent)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout
    assert "Score: 32/32 requirements met (109/109 tests passed)" in done.stdout


# ------------------------------------------- the proxy, in this process
@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Implementation]]:
    """Compiled classes behind their Python proxies, one JVM each."""
    folder = tmp_path_factory.mktemp("proxies")
    targets = {"correct": CORRECT}
    names = ("getboard_alias", "infinite_loop", "system_exit", "stack_overflow")
    targets |= {name: write(name, folder / name) for name in names}
    # 1 s a call (a loop's time-out is quick to see); an overflow, whose
    # stack fills in the interpreter, gets room on a loaded machine.
    limits = {"stack_overflow": 20.0}
    loaded = {
        name: load_implementation(str(path), None, limits.get(name, 1.0), 256)
        for name, path in targets.items()
    }
    yield loaded
    for implementation in loaded.values():
        implementation.close()


def test_the_proxy_has_the_java_api_and_scripted_randomness(
    loaded: dict[str, Implementation],
) -> None:
    correct = loaded["correct"]
    assert correct.has("rotateCounterClockwise") and not correct.has("slideColumn")
    game = correct.game_class(2, 3)
    game.setBoard([[2, 0, 2], [0, 0, 0]])
    game.setScore(10)
    rolls = Rolls(0, 0)  # the first empty cell, then a 2
    game.rollRNG = rolls
    assert game.move(correct.direction.LEFT) is True
    assert game.getBoard() == [[4, 2, 0], [0, 0, 0]]
    assert rolls.bounds == [5, 100]
    assert game.getScore() == 14
    assert game.toString() == "Score: 14\n    4    2    -\n    -    -    -\n"
    assert game.move(None) is False
    game.rollRNG = Rolls()  # no draw expected: the script's failure surfaces
    with pytest.raises(AssertionError, match=r"unexpected draw rollRNG\(4\)"):
        game.addTile()


def test_a_java_exception_names_itself_and_its_line(
    loaded: dict[str, Implementation],
) -> None:
    game = loaded["correct"].game_class(0, 0)
    with pytest.raises(TargetRaisedError, match=r"^ArrayIndexOutOfBoundsException: .* "
                       r"\(GameState\.java:\d+ in slideDown\)$"):
        game.slideDown()


def test_a_board_the_test_holds_stays_shared_as_in_java(
    loaded: dict[str, Implementation],
) -> None:
    for name, shared in (("getboard_alias", True), ("correct", False)):
        game = loaded[name].game_class(1, 2)
        board = game.getBoard()
        board[0][0] = 64
        assert (game.getBoard()[0][0] == 64) is shared, name


def test_a_loop_times_out_once_and_the_jvm_starts_again(
    loaded: dict[str, Implementation],
) -> None:
    looping = loaded["infinite_loop"].game_class
    game = looping(2, 2)
    with pytest.raises(TimeLimitError, match=r"^timed out after 1 s of CPU time in slideDown$"):
        game.move(loaded["infinite_loop"].direction.UP)
    with pytest.raises(TargetCrashError, match="lost when the JVM stopped"):
        game.getScore()
    again = looping(2, 2)  # a new JVM
    assert again.getScore() == 0
    with pytest.raises(TimeLimitError, match="in slideDown .an earlier call; not run again"):
        again.canSlideDown()
    # Calls sent together (the statistical and differential checks): a spent
    # method's error takes its call's place, and the replies stay in step.
    calls = [("getScore", ()), ("slideDown", ()), ("setScore", (7,)), ("getScore", ())]
    results = call_each(again, calls * 40)
    assert [type(result).__name__ for result in results[:4]] == [
        "int", "TimeLimitError", "NoneType", "int",
    ]  # fmt: skip
    assert results[-1] == 7 and looping(1, 1).getBoard() == [[0]]


def test_a_method_that_overflows_the_stack_is_not_run_again(
    loaded: dict[str, Implementation],
) -> None:
    recursing = loaded["stack_overflow"]
    game = recursing.game_class(2, 2)
    with pytest.raises(TargetRaisedError, match=r"^StackOverflowError \(GameState\.java:\d+ in slideDown\)$"):
        game.slideDown()
    # The same JVM goes on; slideDown, directly or through move, fails at
    # once, and what does not call it still runs.
    game.setScore(5)
    assert game.getScore() == 5
    for call in (game.slideDown, lambda: game.move(recursing.direction.UP)):
        with pytest.raises(TargetRaisedError, match=r"in slideDown\) \(an earlier call; not run again\)$"):
            call()
    assert game.move(None) is False


def test_system_exit_is_reported_and_survived(loaded: dict[str, Implementation]) -> None:
    exiting = loaded["system_exit"]
    game = exiting.game_class(2, 2)
    with pytest.raises(TargetCrashError, match=r"exited with status 0 in move \(System"):
        game.move(exiting.direction.DOWN)
    assert exiting.game_class(3, 1).getBoard() == [[0], [0], [0]]


def test_a_class_without_the_writeup_constructor_is_named_as_such(tmp_path: Path) -> None:
    source = CORRECT.read_text().replace(
        "public GameState(int numRows, int numCols) {",
        "public GameState(int size) {\n        int numRows = size, numCols = size;",
    )
    (tmp_path / "GameState.java").write_text("package pa4;\n" + source)
    with pytest.raises(LoadError) as raised:
        load_implementation(str(tmp_path), None, 1.0, 256)
    lines = str(raised.value).splitlines()
    assert lines[0] == (
        "GameState.java compiles, but its GameState does not have the writeup's "
        "constructor and method signatures (javac):"
    )
    assert "ConformanceGameState.java" in lines[1]


def test_a_package_declaration_is_dropped(tmp_path: Path) -> None:
    (tmp_path / "GameState.java").write_text("package pa4;\n" + CORRECT.read_text())
    implementation = load_implementation(str(tmp_path), None, 1.0, 256)
    try:
        assert implementation.game_class(2, 2).getBoard() == [[0, 0], [0, 0]]
    finally:
        implementation.close()


def test_prints_and_reads_of_the_class_leave_the_protocol_alone(tmp_path: Path) -> None:
    chatty = CORRECT.read_text().replace(
        "    public int getScore() {\n        return score;",
        "    public int getScore() {\n        System.out.println(\"V i 99\");\n"
        "        System.err.println(\"debug\");\n"
        "        if (new java.util.Scanner(System.in).hasNextLine()) {\n"
        "            return -1;\n        }\n        return score;",
    )
    (tmp_path / "GameState.java").write_text(chatty)
    implementation = load_implementation(str(tmp_path), None, 1.0, 256)
    try:
        game = implementation.game_class(1, 1)
        assert [game.getScore(), game.getScore()] == [0, 0]
        assert game.getBoard() == [[0]]
    finally:
        implementation.close()


def test_a_java_move_wrong_for_some_draws_gets_one_report_in_two_processes(
    tmp_path: Path,
) -> None:
    """The Java twin of odd_draw_misplaced (an unseeded new Random(), its
    new tile wrong for odd draws on boards that are not square), graded
    twice, each run a process of its own: the same report both times.
    Its rollRNG is seeded in the JVM as the Python twin's is in Python
    (java.util.Random(118)), so R27-R29 say word for word what the twin's
    do."""
    folder = tmp_path / "odd_draw_misplaced"
    write("odd_draw_misplaced", folder)
    reports = separate_runs(str(folder), 2)
    assert reports[1] == reports[0]
    twin = grade_json(f"{ROOT / 'tests' / 'conformance' / 'mutants' / 'odd_draw_misplaced'}.py:GameState")
    for requirement in ("R27", "R28", "R29"):
        assert messages(reports[0], requirement) == json_messages(twin, requirement)
