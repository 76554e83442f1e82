"""Rescue files (issue 29 findings 3 and 16): they never pile up, and the
question that offers one says which game it holds and is not asked when
FILE is on the command line.

The rule (docs/play/saves-are-safe.md): a game left without a save goes
to a rescue file, at most one per game left; ``n`` at "resume it?"
removes it, ``y`` plays it (its file goes once it is saved, finished or
given up; quitting it unfinished again rewrites that same file), Esc
keeps it for the next launch. A game that has a file of its own (loaded
or saved there) needs no copy: quitting it without saving keeps none.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from gamestate.dots import CellT
from gamestate.dots.board import Level
from gamestate.dots.hint import hint
from playmanager.dots.adapter import Dots
from playmanager.dots.tui.controller import Controller
from playmanager.screen.shell import ESCAPE
from playmanager.session import Session
from tests.pty_terminal import Terminal


def launch(tmp_path: Path, *, loaded: bool = False) -> Controller:
    """A Dots full screen as a launch builds it, offering the newest rescue."""
    from playmanager.data_folder import rescued_game

    adapter = Dots(Level(seed=5, moves=99, objective=(CellT.R, 999)))
    target = tmp_path / "save.dots"
    if loaded:
        model, seed = adapter.load(str(target))
    else:
        model, seed = adapter.new_model(5), 5
    session = Session(adapter, model, seed, str(target), loaded=loaded)
    folder = str(tmp_path / "data")
    offered = None if loaded else rescued_game(folder, adapter.rescue_name)
    return Controller(session, rescue_folder=folder, rescued=offered)


def play_a_move(controller: Controller) -> None:
    path = hint(controller.session.model)
    assert path is not None
    controller.play(tuple((row, col) for row, col in path))


def rescues(tmp_path: Path) -> list[str]:
    folder = tmp_path / "data"
    return sorted(p.name for p in folder.glob("rescued*")) if folder.exists() else []


def quit_unsaved(controller: Controller) -> None:
    controller.press("q")
    controller.press("n")
    assert controller.finished


def test_twenty_launches_quit_without_saving_leave_one_rescue_file(
    tmp_path: Path,
) -> None:
    """Before, every ``q n`` left a new rescued-N file (nine in twenty
    minutes), and only the newest was ever offered."""
    for launch_number in range(20):
        controller = launch(tmp_path)
        if launch_number % 2:
            controller.press("n")  # discard the one offered
        else:
            controller.press("y")  # play it on
        play_a_move(controller)
        quit_unsaved(controller)
        assert rescues(tmp_path) == ["rescued.dots"]


def test_put_off_it_stays_and_is_offered_again(tmp_path: Path) -> None:
    first = launch(tmp_path)
    play_a_move(first)
    quit_unsaved(first)
    second = launch(tmp_path)
    second.press(ESCAPE)
    assert rescues(tmp_path) == ["rescued.dots"]
    third = launch(tmp_path)
    overlay = third.overlay()
    assert overlay is not None and overlay.title == "A rescued game"


def test_a_game_in_its_own_file_quit_without_saving_keeps_no_copy(
    tmp_path: Path,
) -> None:
    first = launch(tmp_path)
    play_a_move(first)
    first.press("o")
    play_a_move(first)
    quit_unsaved(first)  # the moves after the save are declined
    assert rescues(tmp_path) == []
    again = launch(tmp_path, loaded=True)
    play_a_move(again)
    quit_unsaved(again)
    assert rescues(tmp_path) == []


def test_the_full_screen_offers_the_rescue_only_without_file(tmp_path: Path) -> None:
    """Finding 16: the player who names FILE asked for that file."""
    rescue = tmp_path / "data" / "gamestate2048" / "rescued.2048"
    rescue.parent.mkdir(parents=True)
    rescue.write_text("4 4\n36\n16 8 4 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n")
    base = [sys.executable, "-m", "playmanager", "--tui", "--seed", "3"]
    with_file = Terminal("exec " + shlex.join([*base, "mine.2048"]), tmp_path)
    with_file.wait_until(lambda s: "mine.2048 does not exist yet" in s, "the game")
    assert "A rescued game" not in with_file.text()
    with_file.press("q")
    assert with_file.wait_for_exit() == 0
    without = Terminal("exec " + shlex.join(base), tmp_path, cols=100)
    screen = without.wait_until(lambda s: "saved today at" in s, "the question")
    text = " ".join(screen.replace("│", " ").split())
    assert "a game of 2048 with score 36, highest tile 16" in text
    assert "saved today at" in text
    without.press("n")
    without.wait_until(lambda s: "Rescued game removed" in s, "the discard")
    without.press("q")
    assert without.wait_for_exit() == 0
    assert not rescue.exists()


def test_a_declined_rescue_counts_once_as_given_up(tmp_path: Path) -> None:
    """Every game counts once, when it ends: discarding it ends it."""
    from playmanager.dots.tui import variant
    from playmanager.statistics import load
    from tests.test_statistics_screens import dots, statistics

    level = Level(seed=5, moves=99, objective=(CellT.R, 999))
    first = dots(tmp_path, level)
    play_a_move(first)
    quit_unsaved(first)
    assert "dots" in load(statistics(tmp_path))[0].pending
    kept = tmp_path / "data" / "rescued.dots"
    again = dots(tmp_path, level, rescued=str(kept))
    again.press("n")
    counted = load(statistics(tmp_path))[0]
    assert "dots" not in counted.pending
    tally = counted.tally("dots", variant(level))
    assert (tally.played, tally.won) == (1, 0)
    quit_unsaved(again)  # no move here: nothing more counts
    assert load(statistics(tmp_path))[0].tally("dots", variant(level)).played == 1
