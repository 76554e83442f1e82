"""How the ADT grader reads a module (adt_names), called in this process:
the language its names are in, the notes on what is missing or mixed, and
an import cut short graded on what it defined before."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamestate.conformance.adt_names import (
    GRADED,
    ORIGINAL,
    MissingFunctionError,
    load_adt,
)

CORPUS = Path(__file__).resolve().parent / "conformance" / "adt_corpus"


def test_english_names_are_read_as_english() -> None:
    adt = load_adt("gamestate.adt")
    assert adt.language == "English"
    assert adt.missing() == []
    assert adt.notes == []
    assert adt.invalid("create_coordinate") == "create_coordinate: invalid arguments"


def test_portuguese_names_are_read_with_their_messages() -> None:
    adt = load_adt(str(CORPUS / "pt_tuple_dict.py"))
    assert adt.language == "Portuguese"
    assert adt.notes[0] == "graded under spec 004's original Portuguese names"
    assert adt.name("create_coordinate") == ORIGINAL["create_coordinate"]
    assert adt.invalid("create_coordinate").startswith("cria_coordenada: ")


def test_a_missing_function_is_named_in_the_notes_and_fails_its_checks() -> None:
    adt = load_adt(str(CORPUS / "pt_mixed_names.py"))
    missing = adt.missing()
    assert missing
    assert any(note.startswith("not defined: ") for note in adt.notes)
    english = next(name for name in GRADED if not adt.defines(name))
    with pytest.raises(MissingFunctionError, match=f"spec 004's {english}"):
        getattr(adt, english)


def test_a_game_started_at_import_is_graded_on_what_came_before() -> None:
    adt = load_adt(str(CORPUS / "pt_game_at_end.py"))
    assert adt.missing() == []
    cut = [note for note in adt.notes if note.startswith("importing it raised")]
    assert len(cut) == 1
    assert "at line" in cut[0] and "(stdin is empty)" in cut[0]


def test_an_exit_at_import_is_a_note(tmp_path: Path) -> None:
    source = (CORPUS / "pt_tuple_dict.py").read_text(encoding="utf-8")
    module = tmp_path / "exits_at_end.py"
    module.write_text(source + "\nimport sys\nsys.exit(3)\n", encoding="utf-8")
    adt = load_adt(str(module))
    assert any("raised sys.exit(3)" in note for note in adt.notes)


def test_a_module_that_defines_nothing_before_it_raises_cannot_be_graded(
    tmp_path: Path,
) -> None:
    module = tmp_path / "raises_first.py"
    module.write_text("raise RuntimeError('at once')\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match="at once"):
        load_adt(str(module))


def test_a_target_that_is_not_there_is_said(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no such file"):
        load_adt(str(tmp_path / "absent.py"))
    with pytest.raises(ModuleNotFoundError):
        load_adt("no_such_module_here")
