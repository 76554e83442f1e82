"""One set of controls (issue 21): the same keys, question and words in
every full screen and every line mode but 2048's Java one."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from gamestate.dots import GameBoardT
from gamestate.forty_thieves import BoardT, deal
from playmanager.cli import main
from playmanager.controls import Control
from playmanager.dots.adapter import Dots
from playmanager.dots.tui.controller import Controller as DotsController
from playmanager.forty_thieves import savefile as ft_savefile
from playmanager.forty_thieves.adapter import FortyThieves
from playmanager.forty_thieves.tui.controller import Controller as FortyController
from playmanager.options import LONG_MAX
from playmanager.screen.modal import ModalController
from playmanager.session import Session
from playmanager.twenty48.play2048 import start_game
from playmanager.twenty48.rules import JAVA
from playmanager.twenty48.tui.controller import new_controller

# Any game's full screen: the tests use only what every game shares.
Full = ModalController[Any, Any, Any, Any]


def full_screens(tmp_path: Path) -> dict[str, Full]:
    dots = GameBoardT(seed=5)
    forty = BoardT(deal(118))
    return {
        "2048": new_controller(
            start_game(4, 4, 118, None),
            rules=JAVA._replace(goal=2048),
            seed=118,
            new_game=lambda seed: start_game(4, 4, seed, None),
            save_target=str(tmp_path / "save.2048"),
            statistics_path=tmp_path / "data" / "statistics.json",
            loaded=False,
        ),
        "forty-thieves": FortyController(
            Session(FortyThieves(), forty, 118, str(tmp_path / "s.ft"), loaded=False),
            rescue_folder=str(tmp_path / "data"),
        ),
        "dots": DotsController(
            Session(Dots(dots.level), dots, 5, str(tmp_path / "s.dots"), loaded=False),
            rescue_folder=str(tmp_path / "data"),
        ),
    }


@pytest.mark.parametrize("game", ["2048", "forty-thieves", "dots"])
def test_every_full_screen_lists_the_shared_keys_and_none_is_taken(
    tmp_path: Path, game: str
) -> None:
    controller = full_screens(tmp_path)[game]
    own_keys = {key for binding in controller.game_keys for key in binding.keys}
    assert not own_keys & {control.value for control in Control}
    controller.press("?")
    overlay = controller.overlay()
    assert overlay is not None
    new_game = controller.session.adapter.new_game_summary
    for control in Control:
        assert any(
            line.startswith(control.value) and control.summary_in(new_game) in line
            for line in overlay.lines
        )


@pytest.mark.parametrize("game", ["2048", "forty-thieves", "dots"])
def test_every_full_screen_undoes_says_and_asks_alike(
    tmp_path: Path, game: str
) -> None:
    controller = full_screens(tmp_path)[game]
    controller.press("u")
    assert controller.status == "Nothing to undo"
    controller.press("A")  # autoplay: one move, then any key stops it
    controller.autoplay_step()
    controller.press("x")
    assert controller.status == "Autoplay stopped"
    controller.press("u")
    assert controller.status == "Undone; nothing more to undo"
    controller.press("A")
    controller.autoplay_step()
    controller.press("x")
    controller.press("q")
    overlay = controller.overlay()
    assert overlay is not None and overlay.title == "Unsaved game"
    assert (
        overlay.lines[0].startswith("Save to ")
        and "before quitting?" in overlay.lines[0]
    )
    controller.press("y")
    assert controller.finished
    assert controller.status.startswith("Saved to ")


@pytest.mark.parametrize("game", ["2048", "forty-thieves", "dots"])
def test_undo_after_n_brings_the_last_game_back_as_its_help_says(
    tmp_path: Path, game: str
) -> None:
    """The help said "undo (as often as you like; new games too)": it means
    that after n, u brings back the last game as it was left, and more u's
    take back its moves."""
    controller = full_screens(tmp_path)[game]
    session = controller.session
    controller.press("A")  # one move, then any key stops autoplay
    controller.autoplay_step()
    controller.press("x")
    played = session.adapter.save_text(session.model, session.seed)
    seed = session.seed
    controller.press("n")
    assert session.seed != seed
    controller.press("u")
    assert session.seed == seed
    assert session.adapter.save_text(session.model, session.seed) == played
    assert controller.status == "Undone; 1 more step to undo"  # its move
    assert Control.UNDO.summary.endswith("; after n, back to the last game")


@pytest.mark.parametrize(("game", "ext"), [("forty-thieves", "ft"), ("dots", "dots")])
def test_every_line_mode_takes_the_shared_keys_and_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, ext: str
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    out = io.StringIO()
    keys = "?\nu\nA 1\nUNDO\nauto 1\nq\nc\nsave\nquit\n"
    status = main(
        ["--game", game, "--seed", "5"], io.StringIO(keys), out, io.StringIO()
    )
    assert status == 0
    text = out.getvalue()
    for control in Control:
        assert f"  {control.value} or {control.word}" in text
    assert "Nothing to undo\n" in text and "Undone; nothing more to undo\n" in text
    question = "before quitting? y saves and quits, n quits, c keeps playing:"
    assert question in " ".join(text.split())  # wrapped at 79 columns
    assert "Keep playing\n" in text and f"Saved to save.{game}\n" in text


def test_forty_thieves_new_deal_after_the_largest_seed_saves_a_loadable_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21: --seed 9223372036854775807, n, s said "Saved" and the file
    could not be loaded (seed + 1 was not wrapped to a Java long). Now n
    deals the first deal number after one outside 1 to 2^31-1."""
    monkeypatch.chdir(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    argv = ["--game", "forty-thieves", "--seed", str(LONG_MAX)]
    assert main(argv, io.StringIO("n\no\n"), out, err) == 0
    assert err.getvalue() == ""
    assert ft_savefile.load("save.forty-thieves").seed == 1
