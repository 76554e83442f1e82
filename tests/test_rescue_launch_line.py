"""The line each game prints at launch when a rescued game waits (issue 29
leftover): it fits 79 columns, wrapped at words by the shared rule, and the
rescue file's path stays whole on a line, to be copied; 2048 says it on
stderr, so its Java stdout stays as it was."""

from __future__ import annotations

import io
import shlex
import string
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from playmanager.cli import main
from playmanager.messages import rescued_game
from playmanager.screen.text_layout import HELP_WIDTH, printed

GAMES = [  # (--game, the rescue file's name, the stream the line is on)
    ("2048", "rescued.2048", "stderr"),
    ("dots", "rescued.dots", "stdout"),
    ("forty-thieves", "rescued.forty-thieves", "stdout"),
]
FOLDERS = [  # the data home: short, longer than a line, with a space
    "home",
    "a-folder-name-long-enough-" + "that-the-rescue-path-alone-is-wider-than-79",
    "two words",
]


def the_rescue_line(text: str) -> list[str]:
    """The launch line's rows, from its first words to ``resumes it``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("A game rescued"))
    end = next(i for i in range(start, len(lines)) if lines[i].endswith("resumes it"))
    return lines[start : end + 1]


def assert_fits_with_the_path_whole(rows: list[str], path: str) -> None:
    quoted = shlex.quote(path)
    assert any(f" {quoted} " in f" {row} " for row in rows), rows  # one row
    for row in rows:
        assert len(row) <= HELP_WIDTH or row == quoted, row


@pytest.mark.parametrize(("game", "rescue_name", "stream"), GAMES)
@pytest.mark.parametrize("folder", FOLDERS)
def test_the_launch_line_of_a_waiting_rescue_fits_and_keeps_its_path(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    rescue_name: str,
    stream: str,
    folder: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    data_home = tmp_path / folder
    rescue = data_home / "gamestate2048" / rescue_name
    rescue.parent.mkdir(parents=True)
    rescue.write_text("a game\n")  # not read at launch: only its path is told
    out, err = io.StringIO(), io.StringIO()
    file = f"new.{game}"
    status = main(
        ["--game", game, "--seed", "3", file],
        io.StringIO("q\n"),
        out,
        err,
        {"XDG_DATA_HOME": str(data_home), "HOME": str(tmp_path)},
    )
    assert status == 0
    told, other = (err, out) if stream == "stderr" else (out, err)
    assert_fits_with_the_path_whole(the_rescue_line(told.getvalue()), str(rescue))
    assert "A game rescued" not in other.getvalue()  # 2048: stdout is Java's


def test_no_line_is_told_when_the_rescue_is_the_file_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Playing the rescue file itself: nothing else waits, nothing is said."""
    monkeypatch.chdir(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    main(["--game", "dots", "--seed", "3", "r.dots"], io.StringIO("o\nq\n"), out)
    rescue = tmp_path / "data" / "gamestate2048" / "rescued.dots"
    rescue.parent.mkdir(parents=True)
    (tmp_path / "r.dots").rename(rescue)
    environ = {"XDG_DATA_HOME": str(tmp_path / "data"), "HOME": str(tmp_path)}
    main([str(rescue)], io.StringIO("q\n"), out, err, environ)
    assert "A game rescued" not in out.getvalue() + err.getvalue()


PATH_CHARACTERS = string.ascii_letters + string.digits + "-_. '"


@given(
    st.lists(st.text(PATH_CHARACTERS, min_size=1, max_size=40), min_size=1, max_size=5)
)
def test_every_rescue_path_is_told_whole_in_79_columns(parts: list[str]) -> None:
    path = "/" + "/".join(parts) + "/rescued.dots"
    rows = printed(rescued_game(path)).splitlines()
    assert_fits_with_the_path_whole(rows, path)
    assert " ".join(rows).endswith("resumes it")
