"""The command line in process: main(argv, stdin, stdout, stderr) with
StringIO streams; start-up as PlayManager.java, options, usage errors, bad
save files, Ctrl-C (issue 3)."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest

from gamestate import Config, Direction, GameState
from playmanager.cli import main

DATA = Path(__file__).parent / "data" / "saves"
INVALID = sorted(DATA.glob("invalid/*.2048"))
# The first board of the writeup's example game (seed 118).
WRITEUP_START = (
    "Score: 0\n"
    "    -    -    -    -\n"
    "    -    -    -    -\n"
    "    2    -    -    2\n"
    "    -    -    -    -\n"
)
HELP_TEXT = (
    "Possible commands:\n w - up\n a - left\n s - down\n d - right\n"
    " o - save to file\n q - quit game\n"
)


def run(argv: list[str], keys: str = "q\n") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(keys), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def first_board(
    rows: int = 4, cols: int = 4, seed: int = 118, two_prob: int | None = None
) -> str:
    """The board of a new game, drawn by the model itself."""
    game = GameState(rows, cols, seed=seed, two_prob=two_prob)
    game.addTile()
    game.addTile()
    return game.toString()


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# ------------------------------------------------------------- start-up
def test_no_argument_starts_the_default_game() -> None:
    assert run([]) == (
        0,
        "Starting a default-sized random game...\n" + WRITEUP_START + "> ",
        "",
    )
    assert first_board() == WRITEUP_START


def test_o_without_a_file_saves_to_save_2048(in_tmp: Path) -> None:
    status, out, _ = run([], "o\nq\n")
    assert out.endswith("> Saved current state to: save.2048\n" + WRITEUP_START + "> ")
    assert (
        in_tmp / "save.2048"
    ).read_text() == "4 4\n0\n0 0 0 0\n0 0 0 0\n2 0 0 2\n0 0 0 0\n"
    assert status == 0


def test_a_missing_file_keeps_the_default_game_and_saves_there(in_tmp: Path) -> None:
    status, out, err = run(["later.2048"], "o\nq\n")
    assert out == (
        "Attempting to load game from later.2048..\n" + WRITEUP_START + "> "
        "Saved current state to: later.2048\n" + WRITEUP_START + "> "
    )
    assert (status, err) == (0, "")
    assert (in_tmp / "later.2048").exists()


def test_a_loaded_game_gets_a_fresh_seed_118_generator(in_tmp: Path) -> None:
    (in_tmp / "g.2048").write_text("2 2\n6\n2 0\n0 0\n")
    expected = GameState(2, 2)  # fresh: nothing drawn yet
    expected.setBoard([[2, 0], [0, 0]])
    expected.setScore(6)
    before = expected.toString()
    expected.move(Direction.DOWN)
    assert run(["g.2048"], "s\nq\n") == (
        0,
        "Attempting to load game from g.2048..\n"
        + before
        + "> "
        + expected.toString()
        + "> ",
        "",
    )


def test_config_is_read_when_main_runs(
    monkeypatch: pytest.MonkeyPatch, in_tmp: Path
) -> None:
    monkeypatch.setattr(Config, "DEFAULT_SIZE", 3)
    monkeypatch.setattr(Config, "INITIAL_TILE_COUNT", 3)
    monkeypatch.setattr(Config, "DEFAULT_OUTFILE", "other.2048")
    game = GameState(3, 3)
    for _ in range(3):
        game.addTile()
    assert run([], "o\nq\n") == (
        0,
        "Starting a default-sized random game...\n" + game.toString() + "> "
        "Saved current state to: other.2048\n" + game.toString() + "> ",
        "",
    )
    assert (in_tmp / "other.2048").exists()


# --------------------------------------------------------------- options
def test_seed_size_and_two_prob_shape_the_new_game() -> None:
    start = "Starting a default-sized random game...\n"
    assert run(["--seed", "7"])[1] == start + first_board(seed=7) + "> "
    assert run(["--seed", "-7"])[1] == start + first_board(seed=-7) + "> "
    assert run(["--size", "5"])[1] == start + first_board(5, 5) + "> "
    assert run(["--rows", "3", "--cols", "6"])[1] == start + first_board(3, 6) + "> "
    assert run(["--rows", "3"])[1] == start + first_board(3, 4) + "> "
    assert run(["--two-prob", "0"])[1] == start + first_board(two_prob=0) + "> "
    assert "4" not in first_board(two_prob=100)
    assert "4" in first_board(two_prob=0)


def test_two_prob_applies_to_every_new_tile() -> None:
    keys = "dsaw" * 4
    for percent in (0, 100):
        game = GameState(4, 4, two_prob=percent)
        game.addTile()
        game.addTile()
        screens = [game.toString()]
        for key in keys:
            game.move(
                {
                    "d": Direction.RIGHT,
                    "s": Direction.DOWN,
                    "a": Direction.LEFT,
                    "w": Direction.UP,
                }[key]
            )
            screens.append(game.toString())
        _, out, _ = run(["--two-prob", str(percent)], "\n".join(keys) + "\nq\n")
        expected = (
            "Starting a default-sized random game...\n" + "> ".join(screens) + "> "
        )
        assert out == expected
    assert game.randomTile() == 2


def test_a_seed_and_two_prob_apply_to_a_loaded_game(in_tmp: Path) -> None:
    (in_tmp / "g.2048").write_text("1 3\n0\n2 0 0\n")
    expected = GameState(1, 3, seed=5, two_prob=0)
    expected.setBoard([[2, 0, 0]])
    expected.move(Direction.RIGHT)
    _, out, _ = run(["--seed", "5", "--two-prob", "0", "g.2048"], "d\nq\n")
    assert out.endswith(expected.toString() + "> ")


def test_seed_random_prints_a_seed_that_replays_the_game() -> None:
    status, out, _ = run(["--seed", "random"], "d\ns\nq\n")
    first, rest = out.split("\n", 1)
    match = re.fullmatch(r"Seed: (-?\d+)", first)
    assert match is not None and status == 0
    assert run(["--seed", match.group(1)], "d\ns\nq\n")[1] == rest


def test_help_lists_every_option_and_key() -> None:
    status, out, err = run(["--help"])
    assert (status, err) == (0, "")
    assert out.startswith("usage: playmanager")
    for word in (
        "FILE",
        "--seed",
        "--size",
        "--rows",
        "--cols",
        "--two-prob",
    ):
        assert word in out
    for key, what in (("w", "up"), ("o", "save to file"), ("q", "quit game")):
        assert f"  {key:<16}{what}\n" in out  # Java's keys, from Config


@pytest.mark.parametrize(
    ("argv", "complaint"),
    [
        (
            ["--size", "0"],
            "argument --size: a side must be a whole number from 1 to 1024, got '0'",
        ),
        (
            ["--size", "1025"],
            "argument --size: a side must be a whole number from 1 to 1024",
        ),
        (["--rows", "x"], "argument --rows: a side must be a whole number"),
        (["--cols", "1_0"], "argument --cols: a side must be a whole number"),
        (
            ["--two-prob", "101"],
            "argument --two-prob: the percentage must be a whole number from 0 to 100",
        ),
        (["--two-prob", "-1"], "argument --two-prob: the percentage"),
        (
            ["--seed", "1.5"],
            "argument --seed: the seed (or 'random') must be a whole number",
        ),
        (["--seed", str(1 << 63)], "argument --seed: the seed (or 'random') must be"),
        (["--seed"], "argument --seed: expected one argument"),
        (
            ["--size", "4", "--rows", "3"],
            "--size cannot be combined with --rows or --cols",
        ),
        (["a.2048", "b.2048"], "unrecognized arguments: b.2048"),
        (["--colour"], "unrecognized arguments: --colour"),
    ],
)
def test_usage_errors_exit_2_with_argparse_message(
    argv: list[str], complaint: str
) -> None:
    status, out, err = run(argv)
    assert (status, out) == (2, "")
    assert err.startswith(f"playmanager: error: {complaint}")
    assert err.endswith(" (--help lists the options)\n") and err.count("\n") == 1


def test_a_size_with_a_file_to_load_is_a_usage_error(in_tmp: Path) -> None:
    (in_tmp / "g.2048").write_text("1 1\n0\n2\n")
    for option in (["--size", "5"], ["--rows", "2"], ["--cols", "2"]):
        status, out, err = run([*option, "g.2048"])
        assert (status, out) == (2, "")
        assert "g.2048 exists and its save sets the size" in err
    # a size for a file that does not exist yet is a new game saved there
    status, out, _ = run(["--size", "5", "new.2048"], "o\nq\n")
    assert status == 0
    assert (in_tmp / "new.2048").read_text().startswith("5 5\n")


# ------------------------------------------------------- bad save files
@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_a_bad_save_exits_2_with_one_line_and_is_untouched(path: Path) -> None:
    reason = path.with_suffix(".error").read_text(encoding="utf-8").rstrip("\n")
    before = path.read_bytes()
    status, out, err = run([str(path)], "o\nq\n")
    assert status == 2
    assert out == f"Attempting to load game from {path}..\n"
    assert err == f"playmanager: cannot load {path}: {reason}\n"
    assert path.read_bytes() == before


def test_a_directory_a_fifo_and_a_huge_file_are_refused(in_tmp: Path) -> None:
    (in_tmp / "dir.2048").mkdir()
    os.mkfifo(in_tmp / "fifo.2048")
    (in_tmp / "huge.2048").write_bytes(b"1 1\n0\n2\n" + b" " * (1 << 20))
    for name, reason in (
        ("dir.2048", "Is a directory"),
        ("fifo.2048", "Not a regular file"),
        ("huge.2048", "the file is larger than the 1 MiB limit"),
    ):
        assert run([name]) == (
            2,
            f"Attempting to load game from {name}..\n",
            f"playmanager: cannot load {name}: {reason}\n",
        )


# ----------------------------------------------------- interrupts, pipes
class Interrupting(io.StringIO):
    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


def test_ctrl_c_exits_130_quietly() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main([], stdin=Interrupting(), stdout=out, stderr=err) == 130
    assert (
        out.getvalue()
        == "Starting a default-sized random game...\n" + WRITEUP_START + "> "
    )
    assert err.getvalue() == ""


def test_ctrl_c_during_a_save_leaves_no_temporary(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (in_tmp / "save.2048").write_text("1 2\n0\n2 0\n")

    def interrupt(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupt)
    assert run(["save.2048"], "o\n")[0] == 130
    monkeypatch.undo()
    assert os.listdir(in_tmp) == ["save.2048"]
    assert (in_tmp / "save.2048").read_text() == "1 2\n0\n2 0\n"


class ClosedPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError


def test_a_closed_stdout_exits_141_without_a_traceback() -> None:
    err = io.StringIO()
    assert main([], stdin=io.StringIO("q\n"), stdout=ClosedPipe(), stderr=err) == 141
    assert err.getvalue() == ""


# --------------------------------------------- the process's own streams
def test_main_reads_the_real_stdin_as_java_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # bad UTF-8 becomes one U+FFFD (a one-char line: help); CRLF is a line end
    raw = io.TextIOWrapper(io.BytesIO(b"\xff\r\nq\r\n"), encoding="latin-1")
    monkeypatch.setattr("sys.stdin", raw)
    assert main([]) == 0
    prompt = WRITEUP_START + "> "
    assert capsys.readouterr().out == (
        "Starting a default-sized random game...\n" + prompt + HELP_TEXT + prompt
    )


def test_main_without_any_stdin_ends_as_at_the_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", None)
    assert main([]) == 0
    assert capsys.readouterr().out.endswith(WRITEUP_START + "> ")
