"""The command line hands the chosen game down (playmanager.games.Launch):
a typed front end loaded lazily, FILE read once, one main skeleton."""

from __future__ import annotations

import builtins
import importlib
import io
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from playmanager import games
from playmanager.cli import main
from playmanager.games import Files, Launch
from playmanager.storage import SaveFileError
from playmanager.terminal import PLAIN

SAVES = Path(__file__).resolve().parent.parent / "saves"


@pytest.fixture
def opens(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many times each path is opened (os.open and open)."""
    counted: dict[str, int] = {}
    real_os_open, real_open = os.open, builtins.open

    def count(path: Any) -> None:
        if isinstance(path, (str, os.PathLike)):
            key = os.path.abspath(os.fspath(path))
            counted[key] = counted.get(key, 0) + 1

    def os_open(path: Any, *args: Any, **kwargs: Any) -> int:
        count(path)
        return real_os_open(path, *args, **kwargs)

    def open_(path: Any, *args: Any, **kwargs: Any) -> Any:
        count(path)
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", os_open)
    monkeypatch.setattr(builtins, "open", open_)
    return counted


@pytest.mark.parametrize(
    ("name", "argv"),
    [
        ("midgame.2048", []),
        ("in_progress.forty-thieves", []),
        ("last_move.dots", []),
        ("in_progress.forty-thieves", ["--game", "forty-thieves"]),
        ("last_move.dots", ["--game", "dots", "--tui"]),  # refused: no terminal
    ],
)
def test_file_is_read_once_before_play(
    name: str,
    argv: list[str],
    tmp_path: Path,
    opens: dict[str, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """It was opened three times: choosing the game, the mismatch check and
    the loader."""
    source = SAVES / name
    path = tmp_path / name
    path.write_bytes(source.read_bytes())
    monkeypatch.chdir(tmp_path)
    main([*argv, str(path)], io.StringIO("q\nn\n"), io.StringIO(), io.StringIO())
    assert opens.get(str(path), 0) == 1


def test_a_file_of_another_game_is_refused_from_the_same_read(
    tmp_path: Path, opens: dict[str, int]
) -> None:
    path = tmp_path / "game.dots"
    path.write_bytes((SAVES / "fresh.dots").read_bytes())
    err = io.StringIO()
    status = main(["--game", "2048", str(path)], io.StringIO(""), io.StringIO(), err)
    assert status == 2 and "holds a game of dots" in err.getvalue()
    assert opens[str(path)] == 1


def test_files_keep_what_they_read_and_its_error(tmp_path: Path) -> None:
    files = Files()
    path = tmp_path / "x.2048"
    path.write_text("4 4\n0\n" + "0 0 0 0\n" * 4)
    assert files.game_in(str(path)) is games.TWENTY_FORTY_EIGHT
    path.write_text("changed")
    assert files.text(str(path)).startswith("4 4")  # the text that was read
    missing = str(tmp_path / "missing")
    assert files.game_in(missing) is None
    with pytest.raises(SaveFileError, match="No such file"):
        files.text(missing)


def test_only_the_chosen_games_front_end_is_imported() -> None:
    code = (
        "import io, sys\n"
        "from playmanager.cli import main\n"
        "main(['--game', 'dots', '--help'], io.StringIO(''), io.StringIO())\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    import subprocess

    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert "playmanager.dots.cli" in loaded
    assert "playmanager.forty_thieves.cli" not in loaded
    assert "playmanager.twenty48.play2048" not in loaded


def test_a_launch_hands_the_game_its_streams_environment_and_terminal() -> None:
    out = io.StringIO()
    launch = Launch(
        games.DOTS,
        ["--help"],
        stdin=io.StringIO(""),
        stdout=out,
        stderr=io.StringIO(),
        environ={},
        terminal=PLAIN,
    )
    assert importlib.import_module(games.DOTS.front_end).main(launch) == 0
    assert out.getvalue().startswith("usage: playmanager --game dots")


class TerminalOut(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("no_color", "coloured"), [("1", False), ("", True)])
def test_main_reads_the_environment_it_is_given(no_color: str, coloured: bool) -> None:
    """NO_COLOR in the given environment, not os.environ, decides."""
    out = TerminalOut()
    environ = {"TERM": "xterm-256color", "NO_COLOR": no_color}
    main(["--game", "dots", "--seed", "1"], io.StringIO(""), out, environ=environ)
    assert ("\x1b[" in out.getvalue()) is coloured
