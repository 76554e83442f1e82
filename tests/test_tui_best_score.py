"""The best score file of the full-screen game: where it lives, what counts
as corrupt, and that writing it is atomic (issue 6)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from playmanager.twenty48.tui.best_score import default_path, load_best, store_best


def test_xdg_data_home_is_used_when_absolute() -> None:
    path = default_path({"XDG_DATA_HOME": "/data", "HOME": "/home/ann"})
    assert path == Path("/data/gamestate2048/best-score")


@pytest.mark.parametrize("xdg", ["", "relative/data"])
def test_otherwise_home_local_share(xdg: str) -> None:
    path = default_path({"XDG_DATA_HOME": xdg, "HOME": "/home/ann"})
    assert path == Path("/home/ann/.local/share/gamestate2048/best-score")


def test_missing_file_means_no_best(tmp_path: Path) -> None:
    best, problem = load_best(tmp_path / "best-score")
    assert best is None
    assert problem == f"No best score yet (kept in {tmp_path / 'best-score'})"


@pytest.mark.parametrize("text", ["12\n", "12", " 12 \n", "0\n"])
def test_a_number_is_read(tmp_path: Path, text: str) -> None:
    (tmp_path / "best").write_text(text)
    assert load_best(tmp_path / "best") == (int(text), None)


@pytest.mark.parametrize(
    "data", [b"", b"-4\n", b"4.5\n", b"1 2\n", b"\xff\xfe", b"9" * 65, b"\x00"]
)
def test_anything_else_is_corrupt(tmp_path: Path, data: bytes) -> None:
    (tmp_path / "best").write_bytes(data)
    best, problem = load_best(tmp_path / "best")
    assert best is None
    assert problem is not None
    assert problem.startswith(f"Best score file {tmp_path / 'best'} is corrupt (")
    assert problem.endswith("); starting anew")
    assert "\n" not in problem


def test_an_unreadable_path_is_reported(tmp_path: Path) -> None:
    best, problem = load_best(tmp_path)  # a folder
    assert best is None
    assert (
        problem == f"Cannot read best score {tmp_path}: Is a directory; starting anew"
    )


def test_store_creates_the_folder_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "best-score"
    store_best(path, 2048)
    store_best(path, 4096)
    assert path.read_text() == "4096\n"
    assert os.listdir(path.parent) == ["best-score"]
    assert load_best(path) == (4096, None)


def test_a_failed_store_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "best-score"
    store_best(path, 8)

    def disk_full(source: object, target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(OSError, match="No space left"):
        store_best(path, 16)
    assert path.read_text() == "8\n"
    assert os.listdir(tmp_path) == ["best-score"]
