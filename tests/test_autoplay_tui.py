"""Issue 7 in the full-screen game: H shows the solver's move, A autoplays.

The controller is driven by key names (no terminal); one end-to-end test
runs the real ``--tui`` on a pty and watches autoplay move and stop.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gamestate import Direction, GameState
from gamestate.solver import best_move
from playmanager.controls import Control
from playmanager.screen.modal import CONTROL_KEYS
from playmanager.twenty48.play2048 import start_game
from playmanager.twenty48.rules import JAVA
from playmanager.twenty48.tui.controller import (
    Action,
    Controller,
    Solver,
    new_controller,
    playing_keys,
)
from tests.test_tui_end_to_end import playmanager, terminal

RULES = JAVA._replace(goal=2048)


def quick(game: GameState) -> Direction | None:
    """The solver at depth 1, so the tests stay fast."""
    return best_move(game, depth=1)


def make(tmp_path: Path, game: GameState, solver: Solver = quick) -> Controller:
    return new_controller(
        game,
        rules=RULES,
        seed=118,
        new_game=lambda seed: start_game(4, 4, seed, None),
        save_target=str(tmp_path / "save.2048"),
        best_path=tmp_path / "best-score",
        solver=solver,
    )


def snapshot(game: GameState) -> tuple[list[list[int]], int, int]:
    return game.getBoard(), game.getScore(), game.rng.getstate()


def test_the_keys_are_in_the_one_key_table() -> None:
    controls = {key: b.action for b in CONTROL_KEYS for key in b.keys}
    assert controls["H"] is Control.HINT
    assert controls["A"] is Control.AUTOPLAY
    actions = {key: b.action for b in playing_keys() for key in b.keys}
    assert "H" not in actions and "A" not in actions
    assert actions["h"] is Action.LEFT  # vim's left stays a move


def test_hint_names_the_solvers_move_and_changes_nothing(tmp_path: Path) -> None:
    controller = make(tmp_path, start_game(4, 4, 118, None))
    before = snapshot(controller.game)
    controller.press("H")
    expected = quick(controller.game)
    assert expected is not None
    assert controller.screen().status == f"Hint: move {expected.name.lower()}"
    assert snapshot(controller.game) == before
    assert not controller.unsaved


def test_hint_says_so_when_the_solver_has_no_move(tmp_path: Path) -> None:
    controller = make(tmp_path, start_game(4, 4, 118, None), solver=lambda g: None)
    controller.press("H")
    assert controller.screen().status == "Hint: no move is left"


def test_autoplay_plays_the_solvers_moves_until_a_key_stops_it(tmp_path: Path) -> None:
    controller = make(tmp_path, start_game(4, 4, 118, None))
    twin = controller.game.copy()
    controller.press("A")
    assert controller.autoplaying
    for _ in range(5):
        before_last = snapshot(twin)
        move = quick(twin)
        assert move is not None
        twin.move(move)
        controller.autoplay_step()
        assert snapshot(controller.game) == snapshot(twin)
        assert (
            controller.screen().status
            == f"Autoplay: {move.name.lower()} (any key stops)"
        )
    controller.press("w")  # stops autoplay; does not also move up
    assert not controller.autoplaying
    assert controller.screen().status == "Autoplay stopped"
    assert snapshot(controller.game) == snapshot(twin)
    controller.autoplay_step()  # the view may still call it once: nothing moves
    assert snapshot(controller.game) == snapshot(twin)
    controller.press("u")  # autoplay's moves are ordinary moves: they undo
    assert snapshot(controller.game) == before_last


def test_autoplay_stops_when_the_game_is_over(tmp_path: Path) -> None:
    game = GameState(2, 2, seed=3)
    game.setBoard([[2, 0], [0, 0]])
    controller = make(tmp_path, game)
    controller.press("A")
    for _ in range(200):
        if not controller.autoplaying:
            break
        controller.autoplay_step()
    assert not controller.autoplaying
    assert controller.game.isGameOver()
    screen = controller.screen()
    assert screen.overlay is not None and screen.overlay.title == "Game over!"


def test_autoplay_that_finds_no_move_turns_itself_off(tmp_path: Path) -> None:
    controller = make(tmp_path, start_game(4, 4, 118, None), solver=lambda g: None)
    controller.press("A")
    controller.autoplay_step()
    assert not controller.autoplaying
    assert controller.screen().status == "Autoplay stopped: no move is left"


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
def test_autoplay_on_a_real_terminal_moves_visibly_and_any_key_stops_it(
    tmp_path: Path,
) -> None:
    term = terminal(playmanager("--seed", "5"), tmp_path)
    term.wait_for("Score")
    term.press("H")
    term.wait_for("Hint: move ")
    term.press("A")
    term.wait_for("Autoplay: ", "(any key stops)")
    term.press("x")
    term.wait_for("Autoplay stopped")
    term.press("q")
    term.wait_until(lambda text: "Save to" in text, "the save prompt")
    term.press("n")
    assert term.wait_for_exit() == 0
