"""A resumed game given up for a new one keeps its rescue file, and no
other game takes it (docs/play/saves-are-safe.md, "Rescue files").

The player resumes game A from its rescue file (``y``), then presses
``n``: A is given up, but undo could still bring it back. Before, a
hang-up (or ``q``, ``n``) then wrote the new game B into A's file, since
the run remembered that file as its own; later A's file was removed when
the run ended on another game, and A, with its moves, was gone without a
question naming it (issue 36). Now A goes back into its own file when the
run ends, and B is rescued as any game with no file of its own; undo back
to A makes the file A's again.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from playmanager.data_folder import rescued_game
from playmanager.screen.modal import ModalController
from playmanager.session import rescue_path
from tests import screens

Controller = ModalController[Any, Any, Any, Any]
Build = Callable[..., Any]

BUILDERS: dict[str, Build] = {
    "2048": screens.twenty48,
    "forty-thieves": screens.forty,
    "dots": screens.dots,
}
"""Each game's full screen, by its name (its save files' extension)."""


def folder(tmp_path: Path) -> Path:
    return tmp_path / "rescued"  # where the screens of tests/screens.py rescue


def start(
    tmp_path: Path, name: str, save: str, rescued: str | None = None
) -> Controller:
    controller: Controller = BUILDERS[name](
        tmp_path, rescued=rescued, save=save
    ).controller
    return controller


def a_move(controller: Controller) -> None:
    intent = controller.session.hint()
    assert intent is not None
    assert controller.play(intent) is not None


def rescues(tmp_path: Path) -> list[str]:
    return sorted(path.name for path in folder(tmp_path).glob("rescued*"))


def rescued_from_its_file(tmp_path: Path, name: str) -> Path:
    """Game A: saved to ``mine.EXT``, a move made, hung up: it waits in the
    rescue file kept for that file."""
    mine = str(tmp_path / f"mine.{name}")
    first = start(tmp_path, name, mine)
    first.press("o")
    a_move(first)
    first.hang_up()
    kept = Path(
        rescue_path(str(folder(tmp_path)), first.session.adapter.rescue_name, mine)
    )
    assert rescues(tmp_path) == [kept.name]
    return kept


def resumed_then_given_up(tmp_path: Path, name: str) -> tuple[Path, Controller]:
    """A launch without FILE resumes A (``y``), then deals B (``n``)."""
    kept = rescued_from_its_file(tmp_path, name)
    adapter_name = start(tmp_path, name, "x").session.adapter.rescue_name
    offered = rescued_game(str(folder(tmp_path)), adapter_name)
    assert offered == str(kept)
    again = start(tmp_path, name, str(tmp_path / f"save.{name}"), offered)
    again.press("y")
    assert again.session.rescue_text() == kept.read_text()  # A is on screen
    again.press("n")
    return kept, again


def alone_in_its_kinds_file(tmp_path: Path, controller: Controller) -> None:
    """The game on screen is the one rescue file left: its kind's."""
    own = folder(tmp_path) / controller.session.adapter.rescue_name
    assert rescues(tmp_path) == [own.name]
    assert own.read_text() == controller.session.rescue_text()


def hang_up(controller: Controller) -> None:
    controller.hang_up()


def quit_unsaved(controller: Controller) -> None:
    controller.press("q")
    controller.press("n")  # quit without saving: the game is kept to resume
    assert controller.finished


@pytest.mark.parametrize("end", [hang_up, quit_unsaved], ids=["hang-up", "q-n"])
@pytest.mark.parametrize("name", list(BUILDERS))
def test_after_giving_up_a_resumed_game_the_new_one_is_kept_apart(
    tmp_path: Path, name: str, end: Callable[[Controller], None]
) -> None:
    kept, again = resumed_then_given_up(tmp_path, name)
    game_a = kept.read_text()
    a_move(again)
    end(again)
    assert kept.read_text() == game_a  # A waits in its file, B is not there
    own = folder(tmp_path) / again.session.adapter.rescue_name
    assert rescues(tmp_path) == sorted([kept.name, own.name])
    assert own.read_text() == again.session.rescue_text()


@pytest.mark.parametrize("name", list(BUILDERS))
def test_a_resumed_game_given_up_waits_in_its_file_again(
    tmp_path: Path, name: str
) -> None:
    """B has no move: nothing of B is rescued, and A, which undo could
    still bring back, is not dropped: it waits in its file to be offered."""
    kept, again = resumed_then_given_up(tmp_path, name)
    game_a = kept.read_text()
    again.hang_up()
    assert rescues(tmp_path) == [kept.name]
    assert kept.read_text() == game_a
    adapter_name = again.session.adapter.rescue_name
    assert rescued_game(str(folder(tmp_path)), adapter_name) == str(kept)


def back_to_a_and_a_move(tmp_path: Path, name: str) -> tuple[Path, Controller]:
    kept, again = resumed_then_given_up(tmp_path, name)
    a_move(again)
    again.press("u")
    again.press("u")  # B's move, then B itself: A is on screen again
    a_move(again)
    return kept, again


@pytest.mark.parametrize("name", ["2048", "forty-thieves"])
def test_undo_back_to_the_resumed_game_makes_its_file_its_own_again(
    tmp_path: Path, name: str
) -> None:
    kept, again = back_to_a_and_a_move(tmp_path, name)
    assert not again.session.ended
    again.hang_up()
    assert rescues(tmp_path) == [kept.name]
    assert kept.read_text() == again.session.rescue_text()


def test_a_resumed_game_that_ends_takes_its_file_with_it(tmp_path: Path) -> None:
    """Dots' A has one move left: it ends. Its file held it unfinished and
    would offer it back so; a finished game has nothing to resume."""
    kept, again = back_to_a_and_a_move(tmp_path, "dots")
    assert again.session.ended
    again.hang_up()
    assert not kept.exists()
    assert rescues(tmp_path) == []


@pytest.mark.parametrize("name", ["2048", "dots"])
def test_undo_of_a_resume_at_launch_stops_at_its_start(
    tmp_path: Path, name: str
) -> None:
    """Undo of A, resumed at launch, ends at A's start: the blank deal
    behind the resume question never comes back (a new user's finding),
    and A stays in the file kept for it."""
    kept = rescued_from_its_file(tmp_path, name)
    again = start(tmp_path, name, str(tmp_path / f"save.{name}"), str(kept))
    again.press("y")
    for _ in range(again.session.undo_depth + 3):
        again.press("u")  # the moves A was rescued with, then refusals
    assert again.session.undo_depth == 0
    assert not again.session.undo_brings_back_a_game
    again.hang_up()
    assert rescues(tmp_path) == [kept.name]
    assert kept.read_text() == again.session.rescue_text()


@pytest.mark.parametrize("name", list(BUILDERS))
def test_saving_the_new_game_lets_the_given_up_ones_file_go(
    tmp_path: Path, name: str
) -> None:
    kept, again = resumed_then_given_up(tmp_path, name)
    a_move(again)
    again.press("o")
    assert not kept.exists()
    assert rescues(tmp_path) == []
    again.press("u")
    again.press("u")  # A again, in no file now: a hang-up keeps it
    again.hang_up()
    alone_in_its_kinds_file(tmp_path, again)
