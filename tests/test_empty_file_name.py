"""An empty FILE is refused at launch, in one line and exit status 2, in
every game and mode (issue 36, new-user finding 6): before, ``--game dots
''`` said " does not exist yet: a new game, saved there." and its save
failed with "Not saved to : Is a directory"."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from playmanager import messages
from playmanager.cli import main


@pytest.mark.parametrize("mode", [[], ["--tui"]], ids=["line", "tui"])
@pytest.mark.parametrize("game", ["2048", "dots", "forty-thieves"])
@pytest.mark.parametrize("name", ["", "  "])
def test_an_empty_file_name_is_refused(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    mode: list[str],
    name: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    status = main(["--game", game, *mode, name], io.StringIO("q\n"), out, err)
    assert (status, err.getvalue(), out.getvalue()) == (2, messages.EMPTY_FILE_NAME, "")
    assert list(tmp_path.iterdir()) == []
