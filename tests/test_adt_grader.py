"""The ADT grader (``--spec adt``): ours scores full marks, each mutant
fails exactly the requirement its bug breaks, and the outputs are the
GameState grader's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate.conformance.adt_names import ORIGINAL, Adt, load_adt
from gamestate.conformance.adt_suite import (
    ADT,
    CHECKS,
    NOT_BOARDS,
    NOT_COORDINATES,
    _reduces,
    _smallest,
)
from gamestate.conformance.cli import main
from gamestate.conformance.module_grade import grade_module
from gamestate.conformance.report import Report, render_table
from gamestate.conformance.runner import Limits
from tests.test_grader import json_messages, separate_runs

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
        # Issue 28: missed before (a recognizer must answer and change nothing).
        ("recognizer_raises", {"A13": "FAIL"}),
        ("finished_mutates", {"A14": "FAIL"}),
        # Issue 28: tuple coordinates failed A06 and A08, probed with (1, 1).
        ("tuple_coordinates", {}),
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
    # The limit is what is under test for A14 alone; 1 s of CPU time is
    # several times what any other check uses, on a loaded machine too.
    limits = Limits(time_limit=1.0)
    report = grade_adt(f"{MUTANTS}.hangs", limits)
    verdicts = {row.requirement: row.verdict for row in report.rows()}
    assert {req for req, verdict in verdicts.items() if verdict != "PASS"} == {"A14"}
    assert verdicts["A14"] == "ERROR"
    message = next(row for row in report.rows() if row.requirement == "A14").explanation()
    assert "timed out after 1 s of CPU time in board_finish" in message


def test_every_check_passes_on_our_adt_in_process() -> None:
    """The same checks, called here rather than in the grader's child
    process: a check that raises on a correct ADT is the check's bug."""
    from gamestate import adt

    for ident, check in CHECKS.items():
        try:
            check(Adt(vars(adt)))
        except AssertionError as error:  # pragma: no cover - the message says which
            raise AssertionError(f"{ident} fails gamestate.adt: {error}") from None


def test_a_check_names_what_the_mutant_got_wrong_in_process() -> None:
    from tests.conformance.adt_mutants import double_merge

    with pytest.raises(AssertionError, match=r"board_reduce\(b, 'N'\) on 2 0 0 0 / 2 0 0 0 / 4 0"):
        CHECKS["A11"](Adt(vars(double_merge)))


def _portuguese_copy(folder: Path) -> Path:
    """gamestate/adt.py with spec 004's original names and messages."""
    source = Path("gamestate/adt.py").read_text("utf-8")
    source = source.replace("from . import", "from gamestate import")
    source = source.replace("from .direction", "from gamestate.direction")
    source = source.replace("invalid arguments", "argumentos invalidos")
    for english, original in sorted(ORIGINAL.items(), key=lambda item: -len(item[0])):
        source = re.sub(rf"\b{english}\b", original, source)
    copy = folder / "projeto_2048.py"
    copy.write_text(source, "utf-8")
    return copy


def test_a_portuguese_copy_of_our_adt_scores_full_marks(tmp_path: Path) -> None:
    """Issue 28: the course's own names scored 0/15, an AttributeError each."""
    copy = _portuguese_copy(tmp_path)
    assert "def tabuleiro_reduz(" in copy.read_text("utf-8")
    report = grade_adt(str(copy), Limits())
    assert report.score == len(CHECKS), [row.explanation() for row in report.rows()]
    assert report.notes == ("graded under spec 004's original Portuguese names",)


def test_a_portuguese_message_is_expected_under_a_portuguese_name(tmp_path: Path) -> None:
    """The English message under a Portuguese name is A02's FAIL, and says so."""
    copy = _portuguese_copy(tmp_path)
    source = copy.read_text("utf-8").replace(
        'raise ValueError("cria_coordenada: argumentos invalidos")',
        'raise ValueError("cria_coordenada:  argumentos invalidos")',
    )
    copy.write_text(source, "utf-8")
    row = next(r for r in grade_adt(str(copy), Limits()).rows() if r.requirement == "A02")
    assert row.verdict == "FAIL"
    assert ("cria_coordenada(-1, 1): raised ValueError('cria_coordenada:  argumentos invalidos'),"
            " expected ValueError('cria_coordenada: argumentos invalidos')") in row.explanation()


def test_a_mixed_file_says_which_names_are_missing(tmp_path: Path) -> None:
    """Portuguese names, one in English, one missing: the English one is
    graded, the missing one fails the checks that call it, the notes say both."""
    source = _portuguese_copy(tmp_path).read_text("utf-8")
    source = source.replace("def tabuleiros_iguais(", "def boards_equal(")
    source = source.replace("def tabuleiro_terminado(", "def acabou(")
    mixed = tmp_path / "misto.py"
    mixed.write_text(source, "utf-8")
    report = grade_adt(str(mixed), Limits())
    assert {r.requirement: r.verdict for r in report.rows() if r.verdict != "PASS"} == {
        "A14": "FAIL"
    }
    assert report.notes == (
        "graded under spec 004's original Portuguese names",
        "not defined: tabuleiro_terminado",
        "Portuguese names but also boards_equal",
    )
    a14 = next(r for r in report.rows() if r.requirement == "A14").explanation()
    assert "the module defines no tabuleiro_terminado (spec 004's board_finished" in a14


def test_a_game_called_at_import_is_graded_on_what_was_defined_before_it() -> None:
    """Issue 28: a file ending in its console game scored 0/15 'cannot
    import: EOFError'; now the functions above that line are graded."""
    report = grade_adt(f"{MUTANTS}.game_at_import", Limits())
    assert report.problem == ""
    assert {r.requirement for r in report.rows() if r.verdict != "PASS"} == {"A14"}
    assert report.notes[-1] == (
        "importing it raised EOFError: EOF when reading a line at line 31 (game_2048()) "
        "(stdin is empty); graded on the 14 of spec 004's 15 functions defined before that"
    )
    assert "Note: importing it raised EOFError" in render_table(report)


def test_a_game_looping_at_import_is_cut_by_the_child_and_graded(tmp_path: Path) -> None:
    """A game that retries on EOFError forever: the child's import limit
    (shorter than the parent's patience) ends it and keeps the functions."""
    source = (Path(__file__).parent / "conformance" / "adt_corpus" / "pt_tuple_dict.py")
    looping = tmp_path / "sempre.py"
    looping.write_text(source.read_text("utf-8") + (
        "\n\nwhile True:\n    try:\n        jogo_2048()\n    except EOFError:\n        pass\n"
    ), "utf-8")
    # 1 s of CPU time for each check (none is near it); the import's
    # limit, 1 s + 3 s, is the one under test.
    report = grade_adt(str(looping), Limits(time_limit=1.0))
    assert report.score == len(CHECKS), report.problem
    assert report.notes[-1].startswith("importing it timed out after 4 s of CPU time at line 16")


def test_a_module_raising_before_any_function_cannot_be_graded(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("x = 1 / 0\ndef create_board():\n    return {}\n", "utf-8")
    report = grade_adt(str(broken), Limits())
    assert "cannot import: ZeroDivisionError: division by zero" in report.problem


def test_probes_of_invalid_arguments_are_values_no_representation_can_take() -> None:
    """Issue 28: (1, 1) is a coordinate when coordinates are tuples; the
    probes are values that are no coordinate and no board in any of them."""
    from tests.conformance.adt_mutants import tuple_coordinates

    assert not any(tuple_coordinates.is_coordinate(v) for v in NOT_COORDINATES)
    assert not any(tuple_coordinates.is_board(v) for v in NOT_BOARDS)
    assert all(not isinstance(v, tuple) or not all(1 <= n <= 4 for n in v)
               for v in NOT_COORDINATES)


def test_the_report_is_the_same_every_run() -> None:
    """A sample drawn from a fixed seed: a failing module gets the same
    report (every check's verdict and message: the same smallest board)
    from three runs of the command, each a process of its own as an
    instructor runs it (two in one process could agree through state the
    process kept)."""
    reports = separate_runs(f"{MUTANTS}.finished_mutates", 3, "--spec", "adt")
    assert reports[1] == reports[0] and reports[2] == reports[0]
    [shown] = json_messages(reports[0], "A14")
    assert "board_finished(b) on " in shown and "it must change nothing" in shown, shown


GRIDS = st.lists(st.lists(st.sampled_from([0, 0, 2, 2, 4, 8, 16]), min_size=4, max_size=4),
                 min_size=4, max_size=4)
ACTION = st.sampled_from(["N", "S", "W", "E"])
GAP_LEFT = load_adt(str(Path(__file__).parent / "conformance" / "adt_corpus" / "en_gap_left.py"))


@given(grid=GRIDS, action=ACTION)
@settings(max_examples=150, deadline=None)
def test_our_adt_passes_the_reduction_checks_on_any_board(grid: list[list[int]],
                                                          action: str) -> None:
    from gamestate import adt

    for merging_again in (False, True):
        _reduces(Adt(vars(adt)), merging_again)(action, grid)


@given(grid=GRIDS, action=ACTION)
@settings(max_examples=150, deadline=None)
def test_a_double_merge_costs_a11_alone_and_a_gap_a10_alone(grid: list[list[int]],
                                                            action: str) -> None:
    """On any board, the double merge passes A10's comparison and the gap
    A11's: one bug, one requirement."""
    from tests.conformance.adt_mutants import double_merge

    _reduces(Adt(vars(double_merge)), merging_again=False)(action, grid)
    _reduces(GAP_LEFT, merging_again=True)(action, grid)


@given(grid=GRIDS)
@settings(max_examples=100, deadline=None)
def test_the_shrunk_board_still_differs_and_is_no_larger(grid: list[list[int]]) -> None:
    def differs(_: str, g: list[list[int]]) -> str:
        return "big" if sum(map(sum, g)) >= 8 else ""

    message = _smallest([("", grid)], differs)
    assert (message == "big") == (sum(map(sum, grid)) >= 8)


ANY_VALUE = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 40), st.floats(allow_nan=True), st.text(max_size=3),
    st.lists(st.integers(0, 8), max_size=5), st.tuples(st.integers(0, 5), st.integers(0, 5)),
    st.dictionaries(st.text(max_size=2), st.integers(0, 4), max_size=2),
    st.lists(st.lists(st.integers(0, 8), max_size=5), max_size=5),
)


class _Anything:
    """A module whose every function returns whatever Hypothesis draws."""

    def __init__(self, data: st.DataObject) -> None:
        self.namespace = {name: self._answer for name in ORIGINAL}
        self.data = data

    def _answer(self, *_: object) -> object:
        return self.data.draw(ANY_VALUE)


@given(data=st.data())
@settings(max_examples=25, deadline=None)
def test_no_check_crashes_on_any_value_a_module_returns(data: st.DataObject) -> None:
    """Whatever the functions return, a check passes or fails with a
    message: the grader's own code never raises on it."""
    module = Adt(_Anything(data).namespace)
    for ident, check in CHECKS.items():
        try:
            check(module)
        except AssertionError as failure:
            assert str(failure), ident


def test_the_graders_own_exception_is_a_grader_error_never_the_modules() -> None:
    """An exception out of a check's own code (here a check with a bug) is
    a GRADER-ERROR, scored as met and exit 3; the module's is its ERROR."""
    from gamestate import adt
    from gamestate.conformance.module_grade import SPECS, ModuleSpec, _outcome
    from gamestate.conformance.report import GRADER_ERROR

    def buggy(m: Adt) -> None:
        m.create_board()
        {}["no such key"]  # the grader's bug

    spec = ModuleSpec(ADT, {"A05": buggy}, SPECS["adt"].load, wraps_target=True)
    outcome = _outcome("A05", spec, Adt(vars(adt)), 2.0)
    assert outcome.status == GRADER_ERROR
    assert "please report" in outcome.message and "KeyError" in outcome.message
    report = Report("x", [outcome], catalogue=ADT)
    assert (report.score, report.exit_status) == (1, 3)


def test_an_exception_the_module_raises_is_its_error_with_the_line(tmp_path: Path) -> None:
    raising = tmp_path / "raising.py"
    raising.write_text(
        Path("tests/conformance/adt_corpus/en_tuple_slide_loops.py").read_text("utf-8")
        + "\n\ndef coordinates_equal(c1, c2):\n    return c1 == c2 / 0\n", "utf-8")
    row = next(r for r in grade_adt(str(raising), Limits()).rows() if r.requirement == "A04")
    assert row.verdict == "ERROR"
    assert "TypeError: unsupported operand type(s) for /: 'tuple' and 'int' (raising.py:" in (
        row.explanation())


def test_notes_are_printed_in_every_format() -> None:
    from gamestate.conformance.report import RENDERERS

    note = "graded under spec 004's original Portuguese names"
    report = Report("x.py", [], catalogue=ADT, notes=(note,))
    for name, render in RENDERERS.items():
        assert note in render(report).replace("&apos;", "'").replace("&#x27;", "'"), name


def test_the_hand_reductions_are_each_on_their_requirements_side() -> None:
    """A10's hand boards have no line where a merged tile could merge
    again, A11's each have one (else the check would skip them)."""
    from gamestate.conformance.adt_suite import MERGING_AGAIN, REDUCTIONS, _merges_again

    assert not any(_merges_again(grid, action) for action, grid in REDUCTIONS)
    assert all(_merges_again(grid, action) for action, grid in MERGING_AGAIN)
