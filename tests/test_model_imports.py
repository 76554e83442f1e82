"""Issue 21, item 1 (the model half): one game's model loads no other's engine.

``gamestate/__init__`` loads its public names on first use (PEP 562), so
importing Dots' or Forty Thieves' model pays for neither 2048's engine
nor its tables, while ``from gamestate import GameState, ...`` works as
the README says.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE_2048 = {
    "gamestate.game_state",
    "gamestate._bitboard",
    "gamestate._kernels",
    "gamestate.config",
    "gamestate.direction",
}


def modules_after(statement: str) -> set[str]:
    """The modules a fresh interpreter holds after ``statement``."""
    done = subprocess.run(
        [sys.executable, "-c", f"{statement}\nimport sys\nprint(*sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return set(done.stdout.split())


@pytest.mark.parametrize("game", ["gamestate.dots", "gamestate.forty_thieves"])
def test_another_game_s_model_loads_no_2048_engine(game: str) -> None:
    loaded = modules_after(f"import {game}")
    assert game in loaded
    assert "gamestate.java_random" in loaded  # the shared generator
    assert not loaded & ENGINE_2048


def test_the_readme_s_imports_still_work() -> None:
    loaded = modules_after(
        "from gamestate import Config, Direction, GameState, JavaRandom, warm_up\n"
        "import gamestate\n"
        "assert Config is gamestate.config and GameState(4, 4).getScore() == 0\n"
        "assert callable(warm_up) and JavaRandom(0).nextInt(16) >= 0\n"
        "assert Direction.UP in list(Direction)"
    )
    assert loaded >= ENGINE_2048


def test_a_name_gamestate_does_not_have_is_an_attribute_error() -> None:
    import gamestate

    with pytest.raises(AttributeError, match="no attribute 'Board'"):
        gamestate.Board  # noqa: B018
    assert {"GameState", "Config", "warm_up"} <= set(dir(gamestate))
