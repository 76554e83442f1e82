"""The quit question on a file that cannot be written offers no save there:
it offers what works (keep the game in the rescue folder, quit, keep
playing), in every game, full screen and line mode (issue 36)."""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from playmanager import messages
from playmanager.cli import main
from playmanager.data_folder import data_folder
from playmanager.forty_thieves.adapter import FortyThieves
from playmanager.forty_thieves.tui.controller import Controller as FortyController
from playmanager.screen.keys import QuitChoice
from playmanager.screen.shell import ControllerApp, say
from playmanager.session import Session
from playmanager.storage import READ_ONLY
from tests import screens

READ_ONLY_MODE = stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH

Screen = Callable[..., ControllerApp[Any]]
SCREENS: dict[str, tuple[Screen, str, str]] = {
    # game: (its screen, a move, its file's extension)
    "2048": (screens.twenty48, "d", "2048"),
    "forty-thieves": (screens.forty, "d", "forty-thieves"),
    "dots": (screens.dots, "H\n", "dots"),
}


class Typed(io.StringIO):
    """Input typed at a terminal: the 2048 line mode asks only there."""

    def isatty(self) -> bool:
        return True


def read_only_save(tmp_path: Path, game: str) -> tuple[Path, bytes]:
    make, move, extension = SCREENS[game]
    path = tmp_path / f"ro.{extension}"
    make(tmp_path, move + "o", save=str(path))
    path.chmod(READ_ONLY_MODE)
    return path, path.read_bytes()


def rescued(folder: Path) -> list[str]:
    return os.listdir(folder) if folder.is_dir() else []


@pytest.mark.parametrize("game", SCREENS)
def test_the_full_screen_quit_question_offers_no_save_to_a_read_only_file(
    tmp_path: Path, game: str
) -> None:
    path, held = read_only_save(tmp_path, game)
    make, move, _ = SCREENS[game]
    app = make(tmp_path, move + "q", save=str(path))
    box = app.controller.overlay()
    assert box is not None
    text = " ".join(box.lines)
    assert READ_ONLY in text
    assert QuitChoice.SAVE_AND_QUIT.value not in text
    assert QuitChoice.KEEP_AND_QUIT.value in text
    app.controller.press("y")  # keep it
    assert app.controller.finished
    assert path.read_bytes() == held
    (kept,) = rescued(tmp_path / "rescued")
    # the screen that said so is gone: the last line says where it waits
    assert app.farewell() == messages.kept_to_resume(str(tmp_path / "rescued" / kept))


LINE_GAMES = {
    "2048": ([], "a\nq\n"),
    "forty-thieves": (["--game", "forty-thieves"], "d\nq\n"),
    "dots": (["--game", "dots"], "2,0 2,1\nq\n"),
}


@pytest.mark.parametrize("game", LINE_GAMES)
def test_the_line_mode_quit_question_offers_no_save_to_a_read_only_file(
    tmp_path: Path, game: str
) -> None:
    path, held = read_only_save(tmp_path, game)
    argv, keys = LINE_GAMES[game]
    out, err = io.StringIO(), io.StringIO()
    folder = Path(data_folder(os.environ))
    before = set(rescued(folder))
    status = main([*argv, str(path)], stdin=Typed(keys + "y\n"), stdout=out, stderr=err)
    said = (out.getvalue() + err.getvalue()).replace("\n", " ")
    assert status == 0
    assert path.read_bytes() == held
    assert "y saves" not in said
    assert messages.KEEP_QUIT_ANSWERS.split(",")[0] in said
    new = set(rescued(folder)) - before
    assert len(new) == 1
    assert new.pop() in said


def test_the_last_line_wraps_at_words_and_keeps_the_path_whole(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A new user's 60-column terminal broke the farewell's path mid-word."""
    path = "/home/someone/.local/share/gamestate2048/rescued.2048"
    say(messages.kept_to_resume(path), 59)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) > 1 and all(len(line) <= 59 for line in lines)
    assert path in lines


def test_the_last_line_keeps_a_path_longer_than_the_terminal_whole(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A crash's rescue path in a deep folder came out as
    "/tmp/.../test_a_crash_restores_.../rescued.2048": no use to resume."""
    path = (
        "/tmp/pytest-of-root/pytest-1/test_a_crash_restores_the_term0/data/rescued.2048"
    )
    say(messages.kept_to_resume(path), 59)
    assert path in capsys.readouterr().err.splitlines()


@pytest.mark.parametrize("game", ["forty-thieves", "dots"])
def test_a_line_mode_save_names_why_it_cannot_be_made_before_asking_anything(
    tmp_path: Path, game: str
) -> None:
    """A new user's try: the Dots line mode's ``o nowhere/x.dots`` printed
    the system's "No such file or directory", and ``o`` on a read-only file
    first asked "Replace it?" and only after y said it was read-only. Both
    now say why in the launch's words, and ask nothing."""
    path, held = read_only_save(tmp_path, game)
    argv, keys = LINE_GAMES[game]
    move = keys.split("\n")[0]
    missing = tmp_path / "nowhere" / f"x.{path.suffix[1:]}"
    typed = f"{move}\no\no {missing}\nq\nn\n"
    out, err = io.StringIO(), io.StringIO()
    main([*argv, str(path)], stdin=Typed(typed), stdout=out, stderr=err)
    said = out.getvalue() + err.getvalue()
    assert messages.not_saved(str(path), READ_ONLY) in said
    assert f"the folder {missing.parent} does not exist" in said
    assert "Replace" not in said
    assert path.read_bytes() == held
    assert not missing.parent.exists()


def test_a_move_taken_back_in_a_read_only_save_is_kept_at_quit(tmp_path: Path) -> None:
    """Found by the no-game-lost stateful test: a Forty Thieves save keeps
    its history; loaded read-only, u took its move back, q asked "Keep this
    game to resume?", y quit and kept nothing (undo was not play)."""
    path, held = read_only_save(tmp_path, "forty-thieves")
    adapter = FortyThieves()
    model, seed, past = adapter.load_play(str(path))
    session = Session(adapter, model, seed, str(path), loaded=True, past=past)
    controller = FortyController(session, rescue_folder=str(tmp_path / "rescued"))
    for key in "uqy":  # undo, quit, keep it
        controller.press(key)
    assert controller.finished
    assert path.read_bytes() == held
    (kept,) = rescued(tmp_path / "rescued")
    assert "waste:\n" in (tmp_path / "rescued" / kept).read_text()  # the deal undone
