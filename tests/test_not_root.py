"""Saves refused by the system, as a player who is not root meets them
(issue 36). Every read-only test before ran as root, who can write a 444
file (the project refuses it anyway: the mode bits are the player's wish).
Here the real command runs as ``nobody`` (``setpriv``), where the system
itself refuses the write: 2048's line mode ``o`` on a 444 file and on a
file in a folder the player cannot write, and the full screen on the
latter. Each time: one line says why, the file is unchanged, and the game
goes on.
"""

from __future__ import annotations

import os
import pwd
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pty_terminal import Terminal

ROOT = Path(__file__).resolve().parent.parent
SAVE = "4 4\n4\n0 0 0 0\n0 0 0 0\n4 0 0 0\n0 0 2 0\n"  # Java's: size, score, rows

pytestmark = [
    pytest.mark.skipif(
        sys.platform == "win32" or os.geteuid() != 0,
        reason="runs the game as the user nobody, which needs root",
    ),
    pytest.mark.skipif(
        shutil.which("setpriv") is None,
        reason="needs setpriv (util-linux: apt-get install util-linux)",
    ),
]


def as_nobody(python: str) -> list[str]:
    """The start of a command line that runs ``python`` as nobody, with this
    checkout's packages (the game needs the standard library only)."""
    return [
        "setpriv",
        "--reuid=nobody",
        "--regid=nogroup",
        "--clear-groups",
        "env",
        f"PYTHONPATH={ROOT}",
        "PYTHONDONTWRITEBYTECODE=1",
        python,
    ]


def python_for_nobody() -> str:
    """An interpreter nobody may run (this one may live in root's home)."""
    for python in (sys.executable, "/usr/bin/python3"):
        done = subprocess.run(
            [*as_nobody(python), "-c", "import playmanager"],
            capture_output=True,
            check=False,
        )
        if done.returncode == 0:
            return python
    pytest.skip(f"no Python that nobody can run with {ROOT} (tried {sys.executable})")


@pytest.fixture
def place() -> Iterator[Path]:
    """A folder nobody can reach: ``mine/`` is theirs (their data folder
    too), ``root/`` is root's, readable by all."""
    nobody = pwd.getpwnam("nobody")
    with tempfile.TemporaryDirectory(dir="/tmp") as folder:
        base = Path(folder)
        base.chmod(0o755)
        for name in ("mine", "root", "data"):
            (base / name).mkdir(mode=0o755)
        for name in ("mine", "data"):
            os.chown(base / name, nobody.pw_uid, nobody.pw_gid)
        yield base


def their_file(path: Path, mode: int) -> bytes:
    """A 2048 save owned by nobody, with permission bits ``mode``."""
    nobody = pwd.getpwnam("nobody")
    path.write_text(SAVE)
    os.chown(path, nobody.pw_uid, nobody.pw_gid)
    path.chmod(mode)
    return path.read_bytes()


def line_mode(place: Path, path: str, keys: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*as_nobody(python_for_nobody()), "-m", "playmanager", path],
        input=keys,
        capture_output=True,
        text=True,
        cwd=place,
        env={"PATH": os.environ.get("PATH", ""), "XDG_DATA_HOME": str(place / "data")},
        check=False,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("path", "mode", "why"),
    [
        ("mine/ro.2048", 0o444, "the file is read-only"),
        ("root/theirs.2048", 0o644, "the folder root is not writable"),
    ],
    ids=["read-only file", "folder not theirs"],
)
def test_the_line_mode_save_is_refused_in_one_line(
    place: Path, path: str, mode: int, why: str
) -> None:
    held = their_file(place / path, mode)
    done = line_mode(place, path, "a\no\nd\nq\n")
    assert done.returncode == 0, done.stderr
    assert f"playmanager: Not saved to {path}: {why}\n" in done.stderr
    assert "Traceback" not in done.stderr
    assert (place / path).read_bytes() == held
    assert sorted(os.listdir(place / path.split("/")[0])) == [path.split("/")[1]]
    # the game went on: the move after the refused save was played
    assert done.stdout.count("> ") == 4 and "Saved" not in done.stdout


def test_the_full_screen_save_is_refused_in_one_line(place: Path) -> None:
    path = "root/theirs.2048"
    held = their_file(place / path, 0o644)
    command = [*as_nobody(python_for_nobody()), "-m", "playmanager", "--tui", path]
    term = Terminal(shlex.join(command), place, rows=24, cols=80, footer="q quit")
    term.wait_for("Loaded root/theirs.2048", "the folder root is not writable")
    term.press("ao")
    screen = term.wait_for(
        "Not saved to root/theirs.2048: the folder root is not writable"
    )
    assert "Score " in screen  # the game is still on screen, to play on
    term.press("q")
    term.wait_for("this game to resume?", "keep it to resume, then quit")
    term.press("y")
    assert term.wait_for_exit() == 0
    assert (place / path).read_bytes() == held
    assert (place / "data/gamestate2048/rescued.2048").is_file()  # kept
