"""Saving over a file that holds another game asks first, naming what the
file holds (issue 29 finding 1), in every full screen and line mode.

Before, the session took a file it had written as its own whatever game
was on screen since: ``--tui a.2048``, ``n Left Up o``, ``n Down o``
replaced the second game's save with the third without a word, and in
the Forty Thieves line mode ``o n d q y`` replaced deal 1 with deal 2.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from gamestate.dots import CellT, Level
from playmanager.cli import main
from playmanager.dots import savefile as dots_savefile
from playmanager.forty_thieves import savefile as ft_savefile
from playmanager.twenty48 import savefile as twenty48_savefile
from tests.test_statistics_screens import dots
from tests.test_tui_controller import make


def test_the_2048_full_screen_asks_before_saving_a_new_game_over_the_last(
    tmp_path: Path,
) -> None:
    controller = make(tmp_path, save_target=tmp_path / "a.2048")
    for key in ("n", "KEY_LEFT", "KEY_UP", "o"):
        controller.press(key)
    kept = (tmp_path / "a.2048").read_text()
    score = twenty48_savefile.read_save(str(tmp_path / "a.2048")).score
    for key in ("n", "KEY_DOWN", "o"):
        controller.press(key)
    overlay = controller.overlay()
    assert overlay is not None and overlay.title == "Replace a file?"
    assert overlay.lines[0].startswith(
        f"{tmp_path / 'a.2048'} holds another game (a game of 2048 with score {score},"
    )
    controller.press("n")
    assert (tmp_path / "a.2048").read_text() == kept
    controller.press("u")  # the new game's move
    controller.press("u")  # the new game: the saved one is back
    controller.press("o")  # its own file: saved without a question
    assert controller.overlay() is None and controller.status.startswith("Saved to")


def test_the_dots_full_screen_names_the_seed_and_moves_in_the_file(
    tmp_path: Path,
) -> None:
    controller = dots(tmp_path, Level(seed=5, moves=30, objective=(CellT.R, 99)))
    controller.press("H")
    controller.press("\n")
    controller.press("o")
    controller.press("n")
    controller.press("o")  # a new game, no move: still another game than the file's
    overlay = controller.overlay()
    assert overlay is not None
    assert "(a game of Dots, seed 5, 1 move made, score" in overlay.lines[0]
    controller.press("y")
    assert dots_savefile.load(str(tmp_path / "save.dots")).level.seed == 6


@pytest.mark.parametrize("answer", ["n", "y"])
def test_the_forty_thieves_line_mode_asks_before_replacing_the_last_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, answer: str
) -> None:
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    keys = f"d\no\nn\nd\nq\ny\n{answer}\nn\n"
    status = main(
        ["--game", "forty-thieves", "--seed", "1", "a.forty-thieves"],
        io.StringIO(keys),
        out,
        io.StringIO(),
    )
    assert status == 0
    question = (
        "a.forty-thieves holds another game (Forty Thieves deal 1, 1 move, "
        "0 cards home). Replace it with this one? (y/n)"
    )
    assert question in " ".join(out.getvalue().split())  # wrapped at 79 columns
    deal = ft_savefile.load(str(tmp_path / "a.forty-thieves")).seed
    assert deal == (1 if answer == "n" else 2)


def test_the_dots_line_mode_asks_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    keys = "A 1\no\nnew\nA 1\no\nn\nquit\nn\n"
    main(["--game", "dots", "--seed", "5"], io.StringIO(keys), out, io.StringIO())
    assert "save.dots holds another game (a game of Dots, seed 5, 1 move made" in (
        out.getvalue()
    )
    assert dots_savefile.load(str(tmp_path / "save.dots")).level.seed == 5
