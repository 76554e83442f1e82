"""What a FILE on the command line decides at launch (issue 29 findings 5
and 6): a FILE that does not exist yet picks its game by its extension,
and a FILE that cannot be saved to is said at once, in one line."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from playmanager import games
from playmanager.cli import main
from playmanager.dots import savefile as dots_savefile
from playmanager.forty_thieves import savefile as ft_savefile
from playmanager.messages import cannot_load
from playmanager.options import EXIT_USAGE
from playmanager.storage import SaveFileError


@pytest.mark.parametrize(
    ("name", "game"),
    [
        ("new.forty-thieves", games.FORTY_THIEVES),
        ("new.dots", games.DOTS),
        ("new.2048", games.TWENTY_FORTY_EIGHT),
        ("notes.txt", games.DEFAULT),
    ],
)
def test_a_missing_files_extension_picks_its_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, game: games.Game
) -> None:
    monkeypatch.chdir(tmp_path)
    assert games.choose([name]) is game
    assert games.choose(["--seed", "5", name]) is game


def test_a_new_forty_thieves_file_is_played_and_saved_as_forty_thieves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, ``python -m playmanager new.forty-thieves`` started 2048 and
    saved a 2048 board under that name."""
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    status = main(["new.forty-thieves", "--seed", "3"], io.StringIO("d\no\nq\n"), out)
    assert status == 0
    assert "Forty Thieves, deal 3" in out.getvalue()
    assert ft_savefile.load(str(tmp_path / "new.forty-thieves")).seed == 3


@pytest.mark.parametrize(
    "args",
    [
        ["--tui", "nowhere/x.2048"],
        ["nowhere/x.2048"],  # the line mode too (issue 36: it played on)
        ["nowhere/x.forty-thieves"],
        ["nowhere/x.dots"],
    ],
)
def test_a_new_file_in_a_missing_folder_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    file = args[-1]
    status = main(args, io.StringIO("q\n"), out, err)
    assert status == 2
    assert err.getvalue() == (
        f"playmanager: cannot save to {file}: the folder nowhere does not exist\n"
    )
    assert out.getvalue() == ""
    assert not (tmp_path / "nowhere").exists()


def test_an_existing_file_that_cannot_be_replaced_is_said_and_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only save still plays (its moves can go elsewhere: ``o FILE``),
    but the launch says at once that saving there will fail. The check is
    os.access, faked here: the tests may run as root, who may write anything."""
    monkeypatch.chdir(tmp_path)
    saved = tmp_path / "mine.forty-thieves"
    assert (
        main(
            ["--game", "forty-thieves", "--seed", "3", str(saved)],
            io.StringIO("d\no\nq\n"),
            io.StringIO(),
        )
        == 0
    )
    real_access = os.access
    monkeypatch.setattr(
        os, "access", lambda path, mode: path != str(saved) and real_access(path, mode)
    )
    out, err = io.StringIO(), io.StringIO()
    assert main([str(saved)], io.StringIO("q\n"), out, err) == 0
    assert err.getvalue() == (
        f"playmanager: {saved} cannot be saved to: the file is read-only\n"
    )
    assert "Loaded" in out.getvalue()


@pytest.mark.parametrize("game", ["2048", "forty-thieves", "dots"])
def test_the_full_screens_first_line_says_a_loaded_file_is_read_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """The launch's line on stderr is hidden under a full screen: its
    first status line says it too."""
    import playmanager.dots.tui as dots_tui
    import playmanager.forty_thieves.tui as ft_tui
    import playmanager.twenty48.tui as twenty48_tui

    monkeypatch.chdir(tmp_path)
    saved = tmp_path / f"mine.{game}"
    keys = "a\no\nq\n" if game == "2048" else "A 1\no\nq\n"
    main(["--game", game, "--seed", "3", str(saved)], io.StringIO(keys), io.StringIO())
    assert saved.exists()
    real_access = os.access
    monkeypatch.setattr(
        os, "access", lambda path, mode: path != str(saved) and real_access(path, mode)
    )
    seen: list[str] = []

    def run(*args: object, **options: object) -> int:
        """Each game's tui.run: note its first status line, play nothing."""
        seen.append(str(options.get("greeting") or args[1]))
        return 0

    for module in (twenty48_tui, ft_tui, dots_tui):
        monkeypatch.setattr(module, "run", run)
    main(["--tui", str(saved)], io.StringIO(), io.StringIO(), io.StringIO())
    assert seen and seen[0].startswith(
        f"Loaded {saved}, which cannot be saved to: the file is read-only"
    )


GARBLED = {
    "garbled": b"garbled first line\nstuff\n",
    "empty": b"",
    "control-junk": bytes(range(32)) + b"\n",
    "not-utf8": bytes(range(128, 256)),
}
"""Save files whose header cannot be read."""

LOADERS = {
    "dots": dots_savefile.load,
    "forty-thieves": ft_savefile.load,
}
"""The loader of each game with a header, whose one-line error is the one said."""


@pytest.mark.parametrize("junk", list(GARBLED))
@pytest.mark.parametrize("game", list(LOADERS))
def test_a_garbled_save_gets_its_own_games_error(
    tmp_path: Path, game: str, junk: str
) -> None:
    """Before, a ``broken.dots`` whose first line named no game was loaded
    as 2048 and got 2048's error about a 2048 save."""
    path = tmp_path / f"broken.{game}"
    path.write_bytes(GARBLED[junk])
    with pytest.raises(SaveFileError) as loaded:
        LOADERS[game](str(path))
    expected = cannot_load(path.name, loaded.value.detail)
    run = subprocess.run(
        [sys.executable, "-m", "playmanager", path.name],
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == EXIT_USAGE
    assert run.stderr == expected  # one line, no traceback
    assert run.stdout == ""  # 2048's "Attempting to load..." no more
    assert path.read_bytes() == GARBLED[junk]
    if junk != "not-utf8":  # that one is read before any game's format
        assert f"expected '{game} save" in expected
