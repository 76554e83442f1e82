"""The MVC grader (``--spec mvc``, spec 000): a correct submission scores
full marks, each one-bug copy of it fails exactly the requirements its bug
breaks, a submission that hangs, exits or does not load costs what it
should and no more, and the outputs are the other graders'."""

from __future__ import annotations

import csv
import io
import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamestate.conformance import mvc_suite
from gamestate.conformance.cli import main
from gamestate.conformance.module_grade import SPECS, grade_module, run_checks
from gamestate.conformance.mvc_modules import MODULES, load_mvc
from gamestate.conformance.mvc_suite import CHECKS, MVC
from gamestate.conformance.report import Report
from gamestate.conformance.runner import Limits

CORRECT = Path(__file__).parent / "conformance" / "mvc" / "correct"
MOVES = {"M07", "M08", "M09", "M10"}

# (file, text in the correct submission, the bug's text instead)
Edit = tuple[str, str, str]

MUTANTS: dict[str, tuple[Edit, set[str]]] = {
    "always_two": (
        ("SetUp.py", "        if r < 10:\n            return 4\n", ""),
        {"M02"},
    ),
    "cells_skewed": (
        ("SetUp.py", "[random.randint(0, 3), random.randint(0, 3)]",
         "[random.randint(0, 3), random.randint(0, 2)]"),
        {"M03"},
    ),
    "one_pass": (  # the spec's loop taken literally: tiles move one cell
        ("Move.py", "        while moved:\n", "        for _ in range(1):\n"),
        MOVES | {"M16"},
    ),
    "double_merge": (
        ("Move.py", "elif self.game_board[a][b] == value and not merged[k - 1] and not merged[k]:",
         "elif self.game_board[a][b] == value:"),
        MOVES,
    ),
    "merge_scores_nothing": (
        ("Move.py", "        Score.add_score(self.game_board[cell2[0]][cell2[1]])\n", ""),
        {"M11"},
    ),
    "move_copies_board": (  # Board.move's Move moves a board nobody sees
        ("Move.py", "self.game_board = board", "self.game_board = [list(row) for row in board]"),
        {"M02", "M03", "M06", "M13", "M16"} | MOVES,
    ),
    "no_block_on_no_shift": (  # PA4's rule, not spec 000's
        ("Move.py",
         "        for line in lines:\n            self.__shift(line)\n        self.__add_new_block()\n",
         ("        before = [list(row) for row in self.game_board]\n"
          "        for line in lines:\n            self.__shift(line)\n"
          "        if self.game_board != before:\n            self.__add_new_block()\n")),
        {"M13"},
    ),
    "view_without_score": (
        ("View.py", '        print("Score: " + str(Score.get_score()))\n', ""),
        {"M17"},
    ),
    "reset_keeps_score": (
        ("Score.py", "    def reset_score() -> None:\n        Score.score = 0\n",
         "    def reset_score() -> None:\n        pass\n"),
        {"M05"},
    ),
    "value_transposed": (
        ("Board.py", "return self.game_board[i][j]", "return self.game_board[j][i]"),
        {"M15"},
    ),
    "s_moves_up": (
        ("Board.py", 'elif direction == "s":\n            move.down()',
         'elif direction == "s":\n            move.up()'),
        {"M16"},
    ),
    "play_starts_on_import": (  # Play.py is never imported: nothing fails
        ("Play.py", 'if __name__ == "__main__":\n    main()\n', "main()\n"),
        set(),
    ),
}


def mutant(tmp_path: Path, edit: Edit) -> Path:
    """A copy of the correct submission with one edit applied."""
    folder = tmp_path / "submission"
    shutil.copytree(CORRECT, folder)
    name, old, new = edit
    text = (folder / name).read_text("utf-8")
    assert text.count(old) == 1, f"{name}: {old!r} is not there exactly once"
    (folder / name).write_text(text.replace(old, new), "utf-8")
    return folder


def verdicts(report: Report) -> dict[str, str]:
    return {row.requirement: row.verdict for row in report.rows() if row.verdict != "PASS"}


def explanation(report: Report, ident: str) -> str:
    return next(row for row in report.rows() if row.requirement == ident).explanation()


def test_every_check_has_an_id_and_quotes_the_spec() -> None:
    assert list(CHECKS) == [f"M{n:02}" for n in range(1, len(CHECKS) + 1)]
    assert set(MVC.requirements) == set(CHECKS)
    assert all((check.__doc__ or "").lstrip().startswith('"') for check in CHECKS.values())


def test_the_correct_submission_scores_full_marks() -> None:
    report = grade_module("mvc", str(CORRECT), Limits())
    assert (report.score, report.success, verdicts(report)) == (len(CHECKS), True, {})


@pytest.mark.parametrize("name", MUTANTS)
def test_each_mutant_fails_exactly_what_its_bug_breaks(tmp_path: Path, name: str) -> None:
    edit, broken = MUTANTS[name]
    report = grade_module("mvc", str(mutant(tmp_path, edit)), Limits())
    assert verdicts(report) == dict.fromkeys(broken, "FAIL")


def test_a_move_that_loops_forever_is_cut_off_in_each_check_that_calls_it(
    tmp_path: Path,
) -> None:
    edit = ("Move.py", "    def down(self) -> None:\n",
            "    def down(self) -> None:\n        while True:\n            pass\n")
    # 1 s of CPU time: the limit is what is under test for the five checks
    # that call down(); every other check uses a sixth of it or less, on a
    # loaded machine too (CPU time, not the wall clock's).
    report = grade_module("mvc", str(mutant(tmp_path, edit)), Limits(time_limit=1.0))
    # down() is called by its own check, the full board's, the no-shift
    # one's, the score's and Board.move("s"): every other check passes.
    assert verdicts(report) == dict.fromkeys({"M10", "M11", "M12", "M13", "M16"}, "ERROR")
    assert "move_down: timed out after 1 s of CPU time in move_down" in explanation(report, "M10")
    assert "timed out after 1 s of CPU time in board_move" in explanation(report, "M16")


IGNORES_THE_ALARM = '''"""board_finished notes the call, ignores the limit's signals and loops."""
import signal

from gamestate import adt


def __getattr__(name):
    return getattr(adt, name)


def board_finished(b):
    open(__file__ + ".calls", "a").write("called")
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    signal.signal(signal.SIGPROF, signal.SIG_IGN)
    while True:
        pass
'''


def test_a_loop_that_ignores_the_time_limit_costs_its_child_and_no_more(
    tmp_path: Path,
) -> None:
    """The module grader's last resort, shown with an ADT module (its
    checks are quick enough for a short time limit on a busy machine): a
    child silent past a check's limit is killed, and a new one runs the
    checks after the one it died in, not that one again."""
    module = tmp_path / "ignores_the_alarm.py"
    module.write_text(IGNORES_THE_ALARM, "utf-8")
    # 0.5 s of CPU time: the limit is under test for A14 alone; each other
    # check, comparing hundreds of boards, uses a fifth of it or less. The
    # child is killed after twice the 5 s backstop and a second.
    report = grade_module("adt", str(module), Limits(time_limit=0.5))
    assert verdicts(report) == {"A14": "ERROR"}
    assert (tmp_path / "ignores_the_alarm.py.calls").read_text("utf-8") == "called"
    assert "ran past its time limit (11 s on the wall clock) in board_finish" in explanation(
        report, "A14"
    )


def test_sys_exit_in_a_routine_is_an_error_of_the_checks_that_call_it(tmp_path: Path) -> None:
    edit = ("View.py", "    def __init__(self, game_board: list[list[int]]) -> None:\n",
            ("    def __init__(self, game_board: list[list[int]]) -> None:\n"
             "        import sys\n        sys.exit(0)\n"))
    report = grade_module("mvc", str(mutant(tmp_path, edit)), Limits())
    assert verdicts(report) == {"M17": "ERROR", "M18": "ERROR"}
    assert "the program called sys.exit(0)" in explanation(report, "M17")


def test_os_exit_ends_a_child_and_a_new_one_runs_the_checks_after(tmp_path: Path) -> None:
    edit = ("Score.py", "    def reset_score() -> None:\n",
            "    def reset_score() -> None:\n        import os\n        os._exit(4)\n")
    report = grade_module("mvc", str(mutant(tmp_path, edit)), Limits())
    assert verdicts(report) == {"M05": "ERROR"}
    assert "exited with status 4" in explanation(report, "M05")


def test_the_child_has_the_memory_limit(tmp_path: Path) -> None:
    """1 GB in reset_score: past --memory 64 (+ 256 MB for Python)."""
    edit = ("Score.py", "    def reset_score() -> None:\n",
            "    def reset_score() -> None:\n        bytearray(1 << 30)\n")
    report = grade_module("mvc", str(mutant(tmp_path, edit)), Limits(memory_mb=64))
    assert verdicts(report) == {"M05": "ERROR"}
    assert explanation(report, "M05").startswith("score_reset: MemoryError")


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (("Move.py", '"""Move: slides', 'import sys\nsys.exit(2)\n"""Move: slides'),
         "Move.py: cannot import: SystemExit: 2"),
        (("Board.py", "from View import View", "from Veiw import View"),
         "Board.py: cannot import: ModuleNotFoundError: No module named 'Veiw'"),
        (("Board.py", "class Board:", "class GameBoard:"), "Board.py: no class Board"),
    ],
)
def test_a_submission_that_does_not_load_scores_zero_saying_why(
    tmp_path: Path, edit: tuple[str, str, str], problem: str
) -> None:
    report = grade_module("mvc", str(mutant(tmp_path, edit)), Limits())
    assert report.score == 0
    assert problem in report.problem
    assert len(report.problem.splitlines()) == 1


def test_a_missing_module_file_scores_zero_naming_it(tmp_path: Path) -> None:
    folder = tmp_path / "submission"
    shutil.copytree(CORRECT, folder)
    (folder / "View.py").unlink()
    report = grade_module("mvc", str(folder), Limits())
    assert report.score == 0
    assert report.problem == f"{folder}: no View.py"
    nowhere = grade_module("mvc", str(tmp_path / "nowhere"), Limits())
    assert nowhere.problem.startswith(f"{tmp_path / 'nowhere'}: no such folder")


def test_file_names_in_any_case_in_a_src_folder_and_score_as_functions(
    tmp_path: Path,
) -> None:
    """setup.py, score.py ... in src/; Score's routines as module functions."""
    source = tmp_path / "alice" / "src"
    source.mkdir(parents=True)
    for file in CORRECT.glob("*.py"):
        text = file.read_text("utf-8").replace("from Score import Score", "import score as Score")
        for name in MODULES:
            text = text.replace(f"from {name} import", f"from {name.lower()} import")
        (source / file.name.lower()).write_text(text, "utf-8")
    (source / "score.py").write_text(SCORE_FUNCTIONS, "utf-8")
    report = grade_module("mvc", str(tmp_path / "alice"), Limits())
    assert (report.score, verdicts(report)) == (len(CHECKS), {})


SCORE_FUNCTIONS = '''"""Score (abstract object) as the module's own functions."""
score = 0


def set_score(s):
    global score
    score = s


def get_score():
    return score


def add_score(new_score):
    global score
    score = score + new_score


def reset_score():
    global score
    score = 0
'''


def test_the_command_writes_json_and_gradescope(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = mutant(tmp_path, MUTANTS["value_transposed"][0])
    results = tmp_path / "results.json"
    status = main(["--spec", "mvc", str(folder), "-f", "json", "--gradescope", str(results)])
    printed = json.loads(capsys.readouterr().out)
    assert (status, printed["score"], printed["max_score"]) == (1, 17, 18)
    assert [row["id"] for row in printed["requirements"] if row["verdict"] != "PASS"] == ["M15"]
    gradescope = json.loads(results.read_text("utf-8"))
    assert gradescope["score"] == 17.0
    assert [t["score"] for t in gradescope["tests"]].count(0.0) == 1
    assert gradescope["tests"][14]["name"].startswith("M15 ")


def test_the_command_prints_the_table_and_junit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--spec", "mvc", str(CORRECT)]) == 0
    out = capsys.readouterr().out
    assert "MVC conformance" in out
    assert "Score: 18/18 requirements met" in out
    folder = mutant(tmp_path, MUTANTS["view_without_score"][0])
    assert main(["--spec", "mvc", str(folder), "-f", "junit"]) == 1
    suite = ElementTree.fromstring(capsys.readouterr().out.split("\n", 1)[1])
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("18", "1", "0")
    failed = [case.get("name", "") for case in suite if case.find("failure") is not None]
    assert [name.split()[0] for name in failed] == ["M17"]


@pytest.fixture(scope="module")
def correct_modules() -> Iterator[object]:
    """The correct submission loaded here, forgotten afterwards."""
    path = list(sys.path)
    try:
        yield load_mvc(str(CORRECT))
    finally:
        sys.path[:] = path
        for name in MODULES:
            sys.modules.pop(name, None)


def test_every_check_passes_on_the_correct_submission_in_process(
    correct_modules: object,
) -> None:
    """The same checks, called here rather than in the grader's child
    process: a check that raises on a correct submission is the check's bug."""
    for ident, check in CHECKS.items():
        try:
            check(correct_modules)
        except AssertionError as error:  # pragma: no cover - the message says which
            raise AssertionError(f"{ident} fails the correct submission: {error}") from None


def test_a_folder_of_submissions_is_a_batch_with_the_spec_s_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One CSV row per subfolder (the modules at any depth in it); a rerun
    grades only the changed; a folder holding the modules is one target."""
    folder = tmp_path / "class"
    shutil.copytree(CORRECT, folder / "alice")
    shutil.copytree(mutant(tmp_path, MUTANTS["s_moves_up"][0]), folder / "bob" / "upload")
    (folder / "carol").mkdir()
    shutil.copytree(CORRECT, folder / "dave" / "src")
    (folder / "dave" / "src" / "Move.py").unlink()  # forgot one file
    output = tmp_path / "grades.csv"
    assert main(["--spec", "mvc", str(folder), "-o", str(output), "--jobs", "2"]) == 0
    rows = list(csv.DictReader(output.open(encoding="utf-8")))
    assert list(rows[0]) == ["student", "score (of 18)", *CHECKS, "seconds", "note"]
    got = {row["student"]: (row["score (of 18)"], row["M16"], row["note"][:9]) for row in rows}
    assert got == {"alice": ("18", "PASS", ""), "bob": ("17", "FAIL", ""),
                   "carol": ("0", "ERROR", "no folder"), "dave": ("0", "ERROR", str(folder)[:9])}
    dave = next(row["note"] for row in rows if row["student"] == "dave")
    assert dave == f"{folder / 'dave' / 'src'} has no Move.py (spec 000's modules are five files)"
    assert "4 submissions (4 graded now" in capsys.readouterr().out
    main(["--spec", "mvc", str(folder), "-o", str(output)])
    assert "(0 graded now, 4 from the journal" in capsys.readouterr().out


def test_a_folder_of_adt_modules_is_a_batch_too(tmp_path: Path) -> None:
    adt_mutants = Path(__file__).parent / "conformance" / "adt_mutants"
    folder = tmp_path / "class"
    (folder / "dan").mkdir(parents=True)
    shutil.copy(adt_mutants / "double_merge.py", folder / "erin.py")
    (folder / "dan" / "notes.py").write_text("x = 1\n", "utf-8")
    output = tmp_path / "adt.csv"
    assert main(["--spec", "adt", str(folder), "-o", str(output)]) == 0
    rows = {row["student"]: row for row in csv.DictReader(output.open(encoding="utf-8"))}
    assert (rows["erin"]["score (of 15)"], rows["erin"]["A11"]) == ("14", "FAIL")
    assert rows["dan"]["note"] == "no .py file defining create_board found"


def test_gradescope_grades_the_modules_found_in_the_upload(tmp_path: Path) -> None:
    """Gradescope's submission folder may hold the student's own folder."""
    shutil.copytree(CORRECT, tmp_path / "submission" / "a4" / "src")
    results = tmp_path / "results.json"
    status = main(["--spec", "mvc", str(tmp_path / "submission"), "--gradescope", str(results)])
    assert (status, json.loads(results.read_text("utf-8"))["score"]) == (0, 18.0)


GRIDS = st.lists(
    st.lists(st.sampled_from([0, 0, 2, 4, 8, 16]), min_size=4, max_size=4),
    min_size=4, max_size=4,
)


@given(grid=GRIDS, direction=st.sampled_from(mvc_suite.DIRECTIONS))
def test_the_checks_expect_what_a_correct_move_does_on_any_board(
    correct_modules: object, grid: list[list[int]], direction: str
) -> None:
    """The suite's expected slide, with spec 000's new block wherever a
    cell is free, is what the correct submission's Move does to any board:
    the checks' own board helpers (lines, slide, new block) are right."""
    after = mvc_suite._move(correct_modules, grid, direction)
    expected = mvc_suite._slid(grid, direction)
    if all(all(row) for row in expected):
        assert after == expected
    else:
        mvc_suite._new_block(grid, expected, after, direction)


def child_events(target: str, idents: list[str], seconds: float = 2.0) -> list[dict[str, str]]:
    """What the grader's child writes for ``idents``, run here."""
    events = io.StringIO()
    path = list(sys.path)
    try:
        run_checks(SPECS["mvc"], target, seconds, idents, events)
    finally:
        sys.path[:] = path
        for name in MODULES:
            sys.modules.pop(name, None)
    # The "loading" event marks where the student's code starts to run (a
    # death before it is the grader's); these tests look at what follows.
    lines = [json.loads(line) for line in events.getvalue().splitlines()]
    return [event for event in lines if event.get("event") != "loading"]


def test_the_child_writes_one_json_line_per_check(tmp_path: Path) -> None:
    folder = mutant(tmp_path, MUTANTS["view_without_score"][0])
    loaded, passed, failed = child_events(str(folder), ["M04", "M17"])
    assert loaded == {"event": "loaded"}
    assert (passed["requirement"], passed["status"]) == ("M04", "passed")
    assert (failed["requirement"], failed["status"]) == ("M17", "failed")
    assert failed["message"].startswith("the score 16384 is not printed")


def test_the_child_cuts_a_check_off_and_goes_on(tmp_path: Path) -> None:
    edit = ("Move.py", "    def down(self) -> None:\n",
            "    def down(self) -> None:\n        while True:\n            pass\n")
    # 2 s: M09 (which passes) runs far within it on a loaded machine too.
    _, cut, passed = child_events(str(mutant(tmp_path, edit)), ["M10", "M09"], seconds=2.0)
    assert (cut["status"], cut["message"]) == ("error", "timed out after 2 s of CPU time in move_down")
    assert passed["status"] == "passed"


def test_the_child_says_when_the_modules_do_not_load(tmp_path: Path) -> None:
    folder = mutant(tmp_path, ("Board.py", "from View import View", "from Veiw import View"))
    [event] = child_events(str(folder), ["M01"])
    assert event["event"] == "unloadable"
    assert event["message"].endswith("Board.py: cannot import: ModuleNotFoundError: "
                                     "No module named 'Veiw'")


def test_one_students_folder_lacking_a_file_is_graded_and_told_which(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    alice = tmp_path / "alice"
    shutil.copytree(CORRECT, alice)
    (alice / "Move.py").unlink()
    assert main(["--spec", "mvc", str(alice)]) == 1
    printed = capsys.readouterr().out
    assert f"{alice} has no Move.py" in printed and "Score: 0/18" in printed
    assert not list(tmp_path.glob("*.csv"))


def test_a_folder_with_no_submission_says_so_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "class"
    empty.mkdir()
    for spec in ("mvc", "adt"):
        assert main(["--spec", spec, str(empty), "-o", str(tmp_path / "g.csv")]) == 2
        assert capsys.readouterr().err == f"gamestate-grade: {empty}: no submission in it (a subfolder or file each)\n"
    # The GameState spec's one rule for what is a submission names what the
    # folder holds (here nothing), as for a starter folder.
    assert main(["--spec", "gamestate", str(empty), "-o", str(tmp_path / "g.csv")]) == 2
    assert capsys.readouterr().err == f"gamestate-grade: no class GameState in {empty}/: found nothing\n"
    assert not (tmp_path / "g.csv").exists()


def test_a_child_that_cannot_load_after_a_restart_keeps_what_ran_before(
    tmp_path: Path,
) -> None:
    """The first child ran some checks, then exited; the next one cannot
    import the module any more: the checks already run keep their verdicts
    and only the rest are ERRORs (the report is not zeroed)."""
    module = tmp_path / "breaks_later.py"
    marker = tmp_path / "ran_once"
    module.write_text(
        "import os, sys\n"
        f"if os.path.exists({str(marker)!r}):\n"
        "    raise ImportError('the second import fails')\n"
        "from gamestate.adt import *\n"
        "from gamestate import adt as _adt\n"
        "def board_finished(board):\n"
        f"    open({str(marker)!r}, 'w').close()\n"
        "    os._exit(3)\n",
        "utf-8",
    )
    report = grade_module("adt", str(module), Limits())
    assert report.problem == ""
    got = verdicts(report)
    assert set(got) == {"A14", "A15"} and got["A14"] == "ERROR"
    assert "the second import fails" in explanation(report, "A15")
    assert report.score == 13  # A01-A13, run by the first child


def test_a_value_that_equals_anything_does_not_pass(tmp_path: Path) -> None:
    """A submission cannot answer with an object whose == says yes to all."""
    edit = ("Score.py", "        return Score.score\n",
            ("        class Yes(int):\n            def __eq__(self, other: object) -> bool:\n"
            "                return True\n        return Yes(Score.score)\n"))
    report = grade_module("mvc", str(mutant(tmp_path, edit)), Limits())
    assert {"M04", "M05", "M11"} <= set(verdicts(report))
    assert "is not a whole number (int)" in explanation(report, "M04")
