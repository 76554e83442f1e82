"""No save is ever lost (issue 21): every game, line mode and full screen,
on a real pty, closed by SIGHUP or stopped by SIGTERM in the middle of a
game, with an existing default save and with an explicit FILE.

Every file that was there before is byte-identical afterwards, and the
game (with the move just made) is in its one rescue file in the
data folder; the next launch says where it is. Before issue 21 the full
screens wrote the game over the save (default or FILE), and the line
modes rescued nothing.
"""

from __future__ import annotations

import errno
import io
import shlex
import shutil
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from playmanager.cli import main
from playmanager.dots.savefile import load as load_dots
from playmanager.forty_thieves.savefile import load as load_forty_thieves
from playmanager.session import rescue_path
from playmanager.twenty48.savefile import load as load_2048
from tests.pty_terminal import Terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")

SAVES = Path(__file__).parent.parent / "saves"


class Game:
    """How to start one game, make a move and read its saves."""

    def __init__(
        self,
        name: str,
        example: str,
        load: Callable[[str], object],
        line_move: str,
        line_moved: str,
    ) -> None:
        self.name = name
        self.suffix = name if name != "2048" else "2048"
        self.example = example
        self.load = load
        self.line_move = line_move
        """Keys that make a move in the line mode."""
        self.line_moved = line_moved
        """What the line mode shows once the move is made."""

    @property
    def default_save(self) -> str:
        return f"save.{self.name}"

    @property
    def rescue_name(self) -> str:
        return f"rescued.{self.name}"


GAMES = {
    "2048": Game("2048", "midgame.2048", load_2048, "a\nd\nw\ns\n", ""),
    "forty-thieves": Game(
        "forty-thieves",
        "in_progress.forty-thieves",
        load_forty_thieves,
        "A 1\n",
        "Autoplay played 1 move",
    ),
    "dots": Game(
        "dots", "square_ready.dots", load_dots, "A 1\n", "Autoplay played 1 move"
    ),
}


def command(game: Game, *, tui: bool, file: str | None) -> str:
    args = [sys.executable, "-m", "playmanager", "--game", game.name]
    if tui:
        args.append("--tui")
    args += ["--seed", "5"] if file is None else [file]
    return "exec " + shlex.join(args)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file in ``folder`` (not the data folder) and its bytes."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in folder.rglob("*")
        if path.is_file() and "data" not in path.relative_to(folder).parts
    }


def make_a_move(term: Terminal, game: Game, *, tui: bool) -> None:
    """Make at least one move and wait until the game has made it."""
    if tui:
        term.press("A")  # autoplay: the hint's moves, in every game
        term.wait_until(lambda screen: "Autoplay: " in screen, "an autoplay move")
        return
    term.press(game.line_move)
    if game.line_moved:
        term.wait_until(lambda screen: game.line_moved in term.raw.decode(), "the move")
    else:  # 2048's Java loop: four moves, then the fifth prompt
        term.wait_until(lambda screen: term.raw.count(b"> ") >= 5, "four moves")


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM], ids=["HUP", "TERM"])
@pytest.mark.parametrize("tui", [False, True], ids=["line", "tui"])
@pytest.mark.parametrize("with_file", [False, True], ids=["default-save", "FILE"])
@pytest.mark.parametrize("name", list(GAMES))
def test_a_hang_up_leaves_every_file_and_rescues_the_game(
    tmp_path: Path, name: str, with_file: bool, tui: bool, signum: int
) -> None:
    game = GAMES[name]
    shutil.copy(SAVES / game.example, tmp_path / game.default_save)
    file = None
    if with_file:
        file = f"mine.{game.suffix}"
        shutil.copy(SAVES / game.example, tmp_path / file)
    before = snapshot(tmp_path)
    term = Terminal(command(game, tui=tui, file=file), tmp_path, cols=100)
    make_a_move(term, game, tui=tui)
    term.child.kill(signum)
    term.wait_for_exit()
    assert snapshot(tmp_path) == before  # no save touched, none written
    folder = tmp_path / "data" / "gamestate2048"
    (rescue,) = folder.glob("rescued*")  # the game's one rescue file
    mine = None if file is None else str(tmp_path / file)
    own = None if mine is None else rescue_path(str(folder), game.rescue_name, mine)
    assert str(rescue) == own or (own is None and rescue.name == game.rescue_name)
    game.load(str(rescue))  # a whole game, loadable
    assert rescue.read_bytes() not in before.values()  # with the move in it

    again = Terminal(command(game, tui=False, file=file), tmp_path, cols=100)
    again.press("q\n")
    again.wait_for_exit()
    told = again.raw.decode().replace("\r\n", "\n").replace("\n", " ")
    assert f"python -m playmanager {rescue}" in " ".join(told.split())


class GoneTerminal(io.StringIO):
    """A terminal whose reads fail once its lines are read, as a closed
    pty does (EIO), before or without the SIGHUP."""

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = super().readline()
        if not line:
            raise OSError(errno.EIO, "Input/output error")
        return line


@pytest.mark.parametrize(
    ("game", "keys", "rescue_name"),
    [
        ("2048", "a\nd\nw\ns\n", "rescued.2048"),
        ("forty-thieves", "d\n", "rescued.forty-thieves"),
        ("dots", "1,3 1,2 0,2 0,1 1,1\n", "rescued.dots"),
    ],
)
def test_a_read_that_fails_is_a_hang_up_and_rescues_the_game(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    keys: str,
    rescue_name: str,
) -> None:
    """A closing pty fails the read (EIO) and only then sends SIGHUP; the
    line modes crashed with a traceback there and kept nothing."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    err = io.StringIO()
    status = main(
        ["--game", game, "--seed", "5"], GoneTerminal(keys), io.StringIO(), err
    )
    assert status == 128 + signal.SIGHUP
    rescue = tmp_path / "data" / "gamestate2048" / rescue_name
    assert err.getvalue().endswith(f"game rescued to {rescue} (no save was touched)\n")
    GAMES[game].load(str(rescue))
    assert not (tmp_path / f"save.{game}").exists()
