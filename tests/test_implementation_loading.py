"""How the grader loads a Python target (module:Class or file.py:Class),
and the one-line error for each way it cannot."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gamestate.conformance.implementation import LoadError, load_implementation

MUTANTS = Path(__file__).resolve().parent / "conformance" / "mutants"


def test_a_file_target_is_loaded_with_its_own_direction() -> None:
    loaded = load_implementation(f"{MUTANTS / 'merge_twice.py'}:GameState", None)
    assert loaded.game_class.__name__ == "GameState"
    assert {"UP", "DOWN", "LEFT", "RIGHT"} <= set(dir(loaded.direction))
    # One module for the file, however often it is named (--impl, --direction).
    assert sys.modules["conformance_impl_merge_twice"].Direction is loaded.direction


@pytest.mark.parametrize(
    ("impl", "message"),
    [
        ("no_colon_here", "expected MODULE:NAME"),
        ("gamestate:NoSuchClass", "gamestate has no NoSuchClass"),
        ("gamestate.conformance.implementation:DEFAULT_IMPL", "not a class"),
        ("absent/student.py:GameState", "cannot import absent/student.py: FileNotFoundError"),
        ("no_such_module_at_all:GameState", "cannot import no_such_module_at_all"),
    ],
)
def test_a_target_that_cannot_be_loaded_is_one_line(impl: str, message: str) -> None:
    with pytest.raises(LoadError, match=message) as raised:
        load_implementation(impl, None)
    assert "\n" not in str(raised.value)


def test_a_direction_without_the_four_members_is_refused() -> None:
    with pytest.raises(LoadError, match="no member .* \\(not a Direction\\)"):
        load_implementation("gamestate:GameState", "gamestate:GameState")


def test_a_module_that_raises_at_import_is_one_line(tmp_path: Path) -> None:
    student = tmp_path / "broken_student.py"
    student.write_text("raise ValueError('oops')\n", encoding="utf-8")
    with pytest.raises(LoadError, match="cannot import .*ValueError: oops"):
        load_implementation(f"{student}:GameState", None)
