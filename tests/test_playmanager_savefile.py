"""playmanager.twenty48.savefile: reading every whitespace layout Java reads, refusing
everything else with file and line, and atomic saves that never lose data
(issue 3)."""

from __future__ import annotations

import errno
import os
import random
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamestate import Config, Direction, GameState
from playmanager import storage
from playmanager.storage import MAX_FILE_BYTES, SaveFileError, whole_number
from playmanager.twenty48.savefile import format_save, load, parse_save, read_save, save

DATA = Path(__file__).parent / "data" / "saves"
SAVES = Path(__file__).parent.parent / "saves"
VALID = sorted(DATA.glob("valid/*.2048"))
INVALID = sorted(DATA.glob("invalid/*.2048"))


def game_of(board: list[list[int]], score: int = 0) -> GameState:
    game = GameState(len(board), len(board[0]))
    game.setBoard(board)
    game.setScore(score)
    return game


# ------------------------------------------------------------ data files
def test_the_data_folders_hold_cases() -> None:
    assert len(VALID) >= 10
    assert len(INVALID) >= 30


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_valid_file_loads_as_its_expected_java_layout(path: Path) -> None:
    expected = path.with_suffix(".expected").read_text(encoding="utf-8")
    game = load(str(path))
    assert format_save(game) == expected
    # and the canonical text reads back to the same game
    again = parse_save(expected, "expected")
    assert [list(row) for row in again.board] == game.getBoard()
    assert again.score == game.getScore()


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_invalid_file_is_refused_with_its_reason(path: Path) -> None:
    expected = path.with_suffix(".error").read_text(encoding="utf-8").rstrip("\n")
    before = path.read_bytes()
    with pytest.raises(SaveFileError) as caught:
        read_save(str(path))
    assert caught.value.detail == expected
    assert str(caught.value) == f"{path}: {expected}"
    assert "\n" not in str(caught.value)
    assert path.read_bytes() == before


def test_error_without_a_line_has_no_line_prefix() -> None:
    error = SaveFileError("x.2048", None, "Is a directory")
    assert error.detail == "Is a directory"
    assert str(error) == "x.2048: Is a directory"
    assert isinstance(error, ValueError)


# ------------------------------------------------------ Scanner numbers
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0", 0),
        ("+4", 4),
        ("007", 7),
        ("-0", 0),
        ("-2147483648", -(1 << 31)),
        ("0" * 5000 + "12", 12),
        ("9" * 5000, 10**20),
        ("-" + "9" * 5000, -(10**20)),
    ],
)
def test_whole_number_reads_what_java_scanner_reads(text: str, value: int) -> None:
    assert whole_number(text) == value


@pytest.mark.parametrize(
    "text",
    [
        "",
        "+",
        "-",
        "1_0",
        "0x2",
        "2.0",
        "1e3",
        "4,",
        "1,024",
        " 4",
        "4 ",
        "\u0661",
        "--4",
        "+-4",
        "٤",
    ],
)
def test_whole_number_refuses_what_python_int_might_take(text: str) -> None:
    assert whole_number(text) is None


# ------------------------------------------------------------- limits
def test_a_file_of_exactly_the_size_limit_loads(tmp_path: Path) -> None:
    body = b"1 1\n0\n2\n"
    path = tmp_path / "big.2048"
    path.write_bytes(body + b" " * (MAX_FILE_BYTES - len(body)))
    assert load(str(path)).getBoard() == [[2]]


def test_a_file_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    body = b"1 1\n0\n2\n"
    path = tmp_path / "big.2048"
    path.write_bytes(body + b" " * (MAX_FILE_BYTES + 1 - len(body)))
    with pytest.raises(SaveFileError) as caught:
        read_save(str(path))
    assert caught.value.detail == "the file is larger than the 1 MiB limit"


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError) as caught:
        read_save(str(tmp_path))
    assert caught.value.detail == "Is a directory"


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.2048"
    os.mkfifo(fifo)
    with pytest.raises(SaveFileError) as caught:
        read_save(str(fifo))
    assert caught.value.detail == "Not a regular file"


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError) as caught:
        read_save(str(tmp_path / "nope.2048"))
    assert caught.value.detail == "No such file or directory"


def test_an_unreadable_file_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The tests may run as root, who reads any file: make open() say no.
    path = tmp_path / "secret.2048"
    path.write_text("1 1\n0\n2\n")
    real_open = os.open

    def refuse(name: str, *args: int) -> int:
        if name == str(path):
            raise PermissionError(errno.EACCES, "Permission denied", name)
        return real_open(name, *args)

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(SaveFileError) as caught:
        read_save(str(path))
    assert caught.value.detail == "Permission denied"


# ------------------------------------------------------------ loading
def test_load_builds_a_fresh_game_seeded_like_a_new_one(tmp_path: Path) -> None:
    path = tmp_path / "g.2048"
    path.write_text("2 3\n-5\n2 0 4\n0 0 8\n")
    game = load(str(path))
    assert game.getBoard() == [[2, 0, 4], [0, 0, 8]]
    assert game.getScore() == -5
    assert game.rng.getstate() == GameState(1, 1, seed=118).rng.getstate()
    seeded = load(str(path), seed=7, two_prob=100)
    assert seeded.rng.getstate() == GameState(1, 1, seed=7).rng.getstate()
    assert seeded.two_prob == 100


def test_load_reads_the_seed_from_config_when_called(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.2048"
    path.write_text("1 2\n0\n2 0\n")
    monkeypatch.setattr(Config, "RANDOM_SEED", 99)
    assert load(str(path)).rng.getstate() == GameState(1, 1, seed=99).rng.getstate()


def test_format_save_is_the_java_layout() -> None:
    game = game_of([[0, 2, 1024], [4, 0, 0]], score=-12)
    assert format_save(game) == "2 3\n-12\n0 2 1024\n4 0 0\n"


# -------------------------------------------------- round-trip property
POWERS = [0] + [1 << k for k in range(1, 31)]
boards = st.integers(1, 7).flatmap(
    lambda rows: st.integers(1, 7).flatmap(
        lambda cols: st.lists(
            st.lists(st.sampled_from(POWERS), min_size=cols, max_size=cols),
            min_size=rows,
            max_size=rows,
        )
    )
)
scores = st.integers(-(1 << 31), (1 << 31) - 1)


@given(board=boards, score=scores)
def test_save_then_load_gives_back_board_and_score(
    board: list[list[int]], score: int
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "round.2048")
        save(game_of(board, score), path)
        loaded = load(path)
    assert loaded.getBoard() == board
    assert loaded.getScore() == score


JAVA_WHITESPACE = [
    "\t",
    "\n",
    "\r\n",
    "\r",
    "\x0b",
    "\x0c",
    "\x1c",
    "\u2028",
    "\u3000",
    "  ",
]


@given(board=boards, score=scores, data=st.data())
def test_any_java_whitespace_layout_reads_the_same(
    board: list[list[int]], score: int, data: st.DataObject
) -> None:
    numbers = [len(board), len(board[0]), score] + [v for row in board for v in row]
    gaps = data.draw(
        st.lists(
            st.lists(st.sampled_from(JAVA_WHITESPACE), min_size=1, max_size=3).map(
                "".join
            ),
            min_size=len(numbers) + 1,
            max_size=len(numbers) + 1,
        )
    )
    leading = data.draw(st.booleans())
    text = (gaps[0] if leading else "") + "".join(
        str(n) + gap for n, gap in zip(numbers, gaps[1:], strict=True)
    )
    parsed = parse_save(text, "layout")
    assert [list(row) for row in parsed.board] == board
    assert parsed.score == score


# -------------------------------------------------------- atomic saves
def test_save_writes_the_java_layout_and_leaves_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "s.2048"
    save(game_of([[2, 4], [0, 8]], 12), str(path))
    assert path.read_text() == "2 2\n12\n2 4\n0 8\n"
    assert os.listdir(tmp_path) == ["s.2048"]


def test_save_replaces_an_old_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "s.2048"
    path.write_text("old")
    path.chmod(0o640)
    save(game_of([[2]]), str(path))
    assert path.read_text() == "1 1\n0\n2\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_save_follows_a_symlink_and_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real.2048"
    real.write_text("old")
    link = tmp_path / "link.2048"
    link.symlink_to(real)
    save(game_of([[4]]), str(link))
    assert link.is_symlink()
    assert real.read_text() == "1 1\n0\n4\n"


def assert_save_fails(path: Path, reason: str) -> None:
    with pytest.raises(OSError) as caught:
        save(game_of([[2]]), str(path))
    assert storage.describe_os_error(caught.value) == reason


def test_saving_into_a_missing_folder_fails_cleanly(tmp_path: Path) -> None:
    assert_save_fails(tmp_path / "no" / "s.2048", "No such file or directory")
    assert os.listdir(tmp_path) == []


def test_saving_over_a_directory_fails_and_keeps_it(tmp_path: Path) -> None:
    folder = tmp_path / "dir.2048"
    folder.mkdir()
    (folder / "inside").write_text("kept")
    assert_save_fails(folder, "Is a directory")
    assert (folder / "inside").read_text() == "kept"
    assert sorted(os.listdir(tmp_path)) == ["dir.2048"]


def test_saving_over_a_fifo_fails_and_keeps_it(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.2048"
    os.mkfifo(fifo)
    assert_save_fails(fifo, "Not a regular file")
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert os.listdir(tmp_path) == ["pipe.2048"]


def test_a_target_ending_in_a_slash_is_a_folder_not_a_file(tmp_path: Path) -> None:
    with pytest.raises(IsADirectoryError):
        save(game_of([[2]]), f"{tmp_path}/new/")  # a pathlib.Path would drop the /
    assert os.listdir(tmp_path) == []


def test_saving_under_a_file_fails_cleanly(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    assert_save_fails(tmp_path / "file" / "s.2048", "Not a directory")


def test_saving_without_permission_fails_cleanly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Root may write anywhere, so make creating the temporary file say no.
    def refuse(name: str, *args: int) -> int:
        raise PermissionError(errno.EACCES, "Permission denied", name)

    path = tmp_path / "s.2048"
    path.write_text("old")
    monkeypatch.setattr(os, "open", refuse)
    assert_save_fails(path, f"the folder {tmp_path} is not writable")
    monkeypatch.undo()
    assert path.read_text() == "old"
    assert os.listdir(tmp_path) == ["s.2048"]


@pytest.mark.parametrize(
    ("step", "error"),
    [
        ("fsync", OSError(errno.ENOSPC, "No space left on device")),
        ("replace", OSError(errno.EIO, "Input/output error")),
        ("replace", KeyboardInterrupt()),
    ],
)
def test_a_crash_between_write_and_replace_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str, error: BaseException
) -> None:
    path = tmp_path / "s.2048"
    path.write_text("2 2\n0\n2 0\n0 2\n")

    def crash(*args: object) -> None:
        raise error

    monkeypatch.setattr(os, step, crash)
    with pytest.raises(type(error)):
        save(game_of([[4, 4], [4, 4]], 8), str(path))
    monkeypatch.undo()
    assert path.read_text() == "2 2\n0\n2 0\n0 2\n"
    assert os.listdir(tmp_path) == ["s.2048"]


SAVER = """
import sys
from gamestate import GameState
from playmanager.twenty48.savefile import save
games = []
for side, tile in ((120, 2), (90, 4)):
    game = GameState(side, side)
    game.setBoard([[tile] * side for _ in range(side)])
    game.setScore(side)
    games.append(game)
save(games[0], sys.argv[1])
print("ready", flush=True)
turn = 0
while True:
    turn += 1
    save(games[turn % 2], sys.argv[1])
"""


def test_killing_a_process_in_the_middle_of_saves_leaves_a_complete_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.2048"
    picker = random.Random(2048)
    for _ in range(8):
        child = subprocess.Popen(
            [sys.executable, "-c", SAVER, str(path)], stdout=subprocess.PIPE
        )
        assert child.stdout is not None
        assert child.stdout.readline() == b"ready\n"
        time.sleep(picker.uniform(0.0, 0.05))
        child.kill()
        child.wait()
        child.stdout.close()
        game = load(str(path))  # a half-written file would fail here
        side = len(game.getBoard())
        assert (side, game.getScore()) in ((120, 120), (90, 90))
        assert game.getBoard() == [[2 if side == 120 else 4] * side] * side


# -------------------------------------------------- the example saves
EXAMPLES = sorted(SAVES.glob("*.2048"))


def test_every_example_save_loads_and_is_described() -> None:
    readme = (SAVES / "README.md").read_text()
    assert len(EXAMPLES) == 6
    for path in EXAMPLES:
        load(str(path))
        assert f"`{path.name}`" in readme


def example(name: str) -> GameState:
    return load(str(SAVES / name))


def test_example_fresh_is_a_new_default_game() -> None:
    game = example("fresh.2048")
    assert game.getScore() == 0
    assert game.countEmptyTiles() == 14
    assert not game.isGameOver()


def test_example_one_merge_from_2048() -> None:
    game = example("one_merge_from_2048.2048")
    assert not any(2048 in row for row in game.getBoard())
    game.move(Direction.LEFT)
    assert any(2048 in row for row in game.getBoard())


def test_example_lost_board_cannot_move() -> None:
    game = example("lost.2048")
    assert game.countEmptyTiles() == 0
    assert game.isGameOver()


@pytest.mark.parametrize(
    ("name", "shape"),
    [("midgame.2048", (4, 4)), ("5x5.2048", (5, 5)), ("3x6.2048", (3, 6))],
)
def test_example_games_in_progress(name: str, shape: tuple[int, int]) -> None:
    game = example(name)
    board = game.getBoard()
    assert (len(board), len(board[0])) == shape
    assert game.getScore() > 0
    assert not game.isGameOver()


def test_the_readme_import_path_still_loads_and_saves() -> None:
    """``playmanager.savefile`` (the README's path) is 2048's save module."""
    import playmanager.savefile as public
    from playmanager.twenty48 import savefile as moved

    assert (public.load, public.save) == (moved.load, moved.save)
