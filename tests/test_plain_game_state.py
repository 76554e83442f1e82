"""Issue 21, item 6: a plain GameState that teaches 2048, not tricks.

No metaclass, no game built at import, no module writing the private
state of JavaRandom, one copy of java.util.Random's nextInt reduction,
and an inline spawn that steps aside for the spawn hooks set on a game,
not for any attribute at all.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType

import pytest

from gamestate import Direction, GameState, JavaRandom, java_random

ROOT = Path(__file__).resolve().parent.parent
START = [[2, 2, 0, 0], [0, 0, 0, 0], [0, 4, 0, 0], [0, 0, 0, 8]]


def test_game_state_is_a_plain_class() -> None:
    assert type(GameState) is type


def test_importing_the_model_builds_no_game() -> None:
    script = """
import sys
built = []
def watch(frame, event, arg):
    code = frame.f_code
    if event == "call" and code.co_name == "__init__" and "game_state" in code.co_filename:
        built.append(code.co_filename)
sys.setprofile(watch)
import gamestate
sys.setprofile(None)
print(len(built))
"""
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert done.stdout.split() == ["0"]


def test_only_java_random_reads_or_writes_a_generator_s_seed() -> None:
    """``rng._seed`` is JavaRandom's own: no other module reaches into it."""
    trespassers = []
    for path in sorted((ROOT / "gamestate").rglob("*.py")):
        if path.name == "java_random.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "_seed":
                owner = node.value
                if not (isinstance(owner, ast.Name) and owner.id == "self"):
                    trespassers.append(f"{path.name}:{node.lineno}")
    assert trespassers == []


def test_every_bounded_draw_goes_through_the_one_reduction(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reduce = java_random._reduce
    bounds: list[int] = []

    def spy(draw: int, bound: int) -> int:
        bounds.append(bound)
        return reduce(draw, bound)

    monkeypatch.setattr(java_random, "_reduce", spy)
    JavaRandom(1).nextInt(7)
    JavaRandom(1).next_int_pair(5, 100)
    game = GameState(4, 4, seed=3)
    game.setBoard(START)
    assert game.move(Direction.LEFT)  # 13 empty cells after the merge
    assert bounds == [7, 5, 100, 13, 100]


def calls_during(action: Callable[[], object], name: str) -> int:
    """How many times a function called ``name`` ran during ``action()``."""
    seen = []

    def watch(frame: FrameType, event: str, _arg: object) -> None:
        if event == "call" and frame.f_code.co_name == name:
            seen.append(name)

    sys.setprofile(watch)
    try:
        action()
    finally:
        sys.setprofile(None)
    return len(seen)


def test_an_attribute_that_is_no_hook_keeps_the_inline_spawn() -> None:
    """The old check counted the instance's attributes: any one more sent
    every move through addTile. Only a spawn hook set on the game does."""
    game = GameState(4, 4, seed=3)
    game.setBoard(START)
    game.note = "a front end's own mark"  # type: ignore[attr-defined]
    assert calls_during(lambda: game.move(Direction.LEFT), "addTile") == 0
    scripted = GameState(4, 4, seed=3)
    scripted.setBoard(START)
    scripted.rollRNG = lambda bound: 0  # type: ignore[method-assign]
    assert calls_during(lambda: scripted.move(Direction.LEFT), "addTile") == 1
    assert scripted.getBoard()[0][1] == 2  # the first empty cell, a 2 (0 < 70)
