"""The real program in a subprocess (and in a pseudo-terminal): stdin script
in, stdout compared byte for byte with what the Java reference prints
(issue 3)."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from gamestate import Direction, GameState

HERE = Path(__file__).parent
TRANSCRIPTS = sorted((HERE / "data" / "transcripts").glob("*.txt"))
SAVES = HERE.parent / "saves"
PROGRAM = [sys.executable, "-m", "playmanager"]

WRITEUP_KEYS = ["d", "s", "a", "w", "a", "a", "s", "q"]
START = b"Starting a default-sized random game...\n"
FIRST = (
    b"Score: 0\n"
    b"    -    -    -    -\n"
    b"    -    -    -    -\n"
    b"    2    -    -    2\n"
    b"    -    -    -    -\n"
)
HELP = (
    b"Possible commands:\n w - up\n a - left\n s - down\n d - right\n"
    b" o - save to file\n q - quit game\n"
)
ONE_CHAR = b"Command must be one char long.\n"


def play(args: list[str], keys: bytes, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*PROGRAM, *args],
        input=keys,
        cwd=cwd,
        capture_output=True,
        timeout=60,
        check=False,
    )


def lines(*keys: str) -> bytes:
    return "".join(key + "\n" for key in keys).encode()


# ----------------------------------------------------------- transcripts
def parse_transcript(path: Path) -> tuple[list[str], list[str], str]:
    """Return (arguments, input lines, expected stdout) of a transcript."""
    command, body = path.read_text(encoding="utf-8").split("\n", 1)
    words = command.split()
    name = next(i for i, word in enumerate(words) if word.lower() == "playmanager")
    keys: list[str] = []
    stdout: list[str] = []
    for line in body.splitlines(keepends=True):
        if line.startswith("> "):
            keys.append(line[2:].rstrip("\n"))
            stdout.append("> ")
        else:
            stdout.append(line)
    return words[name + 1 :], keys, "".join(stdout)


def test_the_writeup_transcript_is_there_and_has_its_keys() -> None:
    path = HERE / "data" / "transcripts" / "writeup_example.txt"
    args, keys, _ = parse_transcript(path)
    assert (args, keys) == ([], WRITEUP_KEYS)


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.stem)
def test_transcript_through_a_pipe_byte_for_byte(path: Path, tmp_path: Path) -> None:
    args, keys, expected = parse_transcript(path)
    result = play(args, lines(*keys), tmp_path)
    assert result.stdout == expected.encode()
    assert (result.returncode, result.stderr) == (0, b"")


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.stem)
def test_transcript_in_a_terminal_shows_the_same_screen(
    path: Path, tmp_path: Path
) -> None:
    """A person typing: the terminal echoes each key after the prompt."""
    args, keys, _ = parse_transcript(path)
    screen = io.BytesIO()
    child = pexpect.spawn(
        PROGRAM[0], [*PROGRAM[1:], *args], cwd=str(tmp_path), timeout=30
    )
    child.logfile_read = screen
    for key in keys:
        child.expect_exact(b"> ")
        child.sendline(key)
    # Java's q quits at once; a person at a terminal with moves not saved
    # is asked first (the one place the screen may differ from Java's).
    asked = child.expect([rb"before quitting\?", pexpect.EOF]) == 0
    if asked:
        child.sendline("n")
        child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    shown = screen.getvalue().replace(b"\r\n", b"\n").decode()
    expected = path.read_text(encoding="utf-8").split("\n", 1)[1]
    assert shown.startswith(expected)
    question = " ".join(shown[len(expected) :].split())
    if keys[-1] == "q":  # the transcripts' games end with moves not saved
        assert question.startswith("Save to save.2048 before quitting? y saves")
        assert question.endswith(": n")
    else:
        assert question == ""


def writeup_stdout() -> bytes:
    return parse_transcript(TRANSCRIPTS[-1])[2].encode()


def test_crlf_input_plays_the_same_game(tmp_path: Path) -> None:
    keys = "".join(key + "\r\n" for key in WRITEUP_KEYS).encode()
    result = play([], keys, tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        writeup_stdout(),
        b"",
    )


def test_the_end_of_input_ends_the_game_as_q_does(tmp_path: Path) -> None:
    expected = writeup_stdout()
    result = play([], lines(*WRITEUP_KEYS[:-1]), tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, expected, b"")
    # without the final newline, and with no input at all
    assert play([], b"d\ns\na\nw\na\na\ns", tmp_path).stdout == expected
    assert play([], b"", tmp_path).stdout == START + FIRST + b"> "


# -------------------------------------------------------------- messages
def test_every_message_of_the_loop(tmp_path: Path) -> None:
    keys = b"dd\n\nd \n x\nW\nA\nS\nD\nO\nQ\n?\n\xf0\x9f\x98\x80\n\xc3\xa9\n\xff\nq\n"
    result = play([], keys, tmp_path)
    prompt = FIRST + b"> "
    replies = [ONE_CHAR] * 4 + [HELP] * 7 + [ONE_CHAR] + [HELP] * 2
    assert result.stdout == START + prompt + b"".join(r + prompt for r in replies)
    assert (result.returncode, result.stderr) == (0, b"")
    assert os.listdir(tmp_path) == []  # uppercase O did not save


def test_a_move_that_changes_nothing_prints_the_board_again(tmp_path: Path) -> None:
    (tmp_path / "corner.2048").write_text("2 2\n0\n0 0\n2 0\n")
    board = b"Score: 0\n    -    -\n    2    -\n> "
    result = play(["corner.2048"], b"s\na\nq\n", tmp_path)
    assert result.stdout == b"Attempting to load game from corner.2048..\n" + board * 3


def test_a_game_played_to_game_over(tmp_path: Path) -> None:
    save = "4 4\n100\n2 4 2 4\n4 2 4 2\n2 4 2 4\n0 16 8 32\n"
    (tmp_path / "end.2048").write_text(save)
    result = play(["end.2048"], b"a\nnever read\n", tmp_path)
    assert result.stdout == (
        b"Attempting to load game from end.2048..\n"
        b"Score: 100\n"
        b"    2    4    2    4\n"
        b"    4    2    4    2\n"
        b"    2    4    2    4\n"
        b"    -   16    8   32\n"
        b"> Score: 100\n"
        b"    2    4    2    4\n"
        b"    4    2    4    2\n"
        b"    2    4    2    4\n"
        b"   16    8   32    2\n"
        b"Game Over!\n"
    )
    assert (result.returncode, result.stderr) == (0, b"")
    assert (tmp_path / "end.2048").read_text() == save


def test_the_lost_example_save_ends_at_once(tmp_path: Path) -> None:
    lost = SAVES / "lost.2048"
    before = lost.read_bytes()
    result = play([str(lost)], b"", tmp_path)
    assert result.stdout.endswith(b"\nGame Over!\n")
    assert b"> " not in result.stdout
    assert (result.returncode, lost.read_bytes()) == (0, before)


# ------------------------------------------------------------ save, load
def test_save_with_o_then_load_starts_a_fresh_seed_118_generator(
    tmp_path: Path,
) -> None:
    first = play([], lines("d", "o", "q"), tmp_path)
    after_d = writeup_stdout().split(b"> ")[1]
    assert first.stdout == (
        START + FIRST + b"> " + after_d + b"> "
        b"Saved current state to: save.2048\n" + after_d + b"> "
    )
    saved = "4 4\n4\n0 0 0 0\n0 0 0 0\n0 0 0 4\n0 0 2 0\n"
    assert (tmp_path / "save.2048").read_text() == saved

    fresh = GameState(4, 4)  # the reloaded game: seed 118, nothing drawn
    fresh.setBoard([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 4], [0, 0, 2, 0]])
    fresh.setScore(4)
    loaded = fresh.toString()
    fresh.move(Direction.DOWN)
    second = play(["save.2048"], lines("s", "q"), tmp_path)
    assert second.stdout.decode() == (
        "Attempting to load game from save.2048..\n"
        + loaded
        + "> "
        + fresh.toString()
        + "> "
    )
    # Java's game without the reload goes on differently (the writeup's "s")
    assert b"    2    -    2    4\n" not in second.stdout
    assert (tmp_path / "save.2048").read_text() == saved


def test_a_missing_file_becomes_the_save_target(tmp_path: Path) -> None:
    result = play(["later.2048"], lines("o", "q"), tmp_path)
    assert result.stdout == (
        b"Attempting to load game from later.2048..\n" + FIRST + b"> "
        b"Saved current state to: later.2048\n" + FIRST + b"> "
    )
    assert (
        tmp_path / "later.2048"
    ).read_text() == "4 4\n0\n0 0 0 0\n0 0 0 0\n2 0 0 2\n0 0 0 0\n"


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "line 1: expected the number of rows, found the end of the file"),
        (
            b"4 4\n0\n" + b"0 0 0 0\n" * 3,
            "line 5: expected the cell at row 4, column 1, found the end of the file",
        ),
        (b"1 2\n0\n2 4 8\n", "line 3: unexpected data after the last cell: '8'"),
        (
            b"1 1\n0\n3\n",
            "line 3: the cell at row 1, column 1 must be 0 or a power of two from 2 to 1073741824, got 3",
        ),
        (
            b"1 1\n99999999999\n2\n",
            "line 2: the score must be -2147483648 to 2147483647, got '99999999999'",
        ),
        (b"1 1\n0\n\xff\n", "line 3: not UTF-8 text (byte 0xff)"),
    ],
)
def test_a_bad_save_file_exits_2_and_stays_as_it_was(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    (tmp_path / "bad.2048").write_bytes(content)
    result = play(["bad.2048"], lines("o", "q"), tmp_path)
    assert result.returncode == 2
    assert result.stdout == b"Attempting to load game from bad.2048..\n"
    assert result.stderr.decode() == f"playmanager: cannot load bad.2048: {reason}\n"
    assert (tmp_path / "bad.2048").read_bytes() == content
    assert os.listdir(tmp_path) == ["bad.2048"]


def test_a_directory_given_as_file_exits_2(tmp_path: Path) -> None:
    (tmp_path / "dir.2048").mkdir()
    result = play(["dir.2048"], b"q\n", tmp_path)
    assert result.returncode == 2
    assert result.stderr == b"playmanager: cannot load dir.2048: Is a directory\n"


def test_a_new_file_in_a_missing_folder_exits_2_as_in_every_game(
    tmp_path: Path,
) -> None:
    """Issue 36: Java's line mode played on (its every save failing) and said
    the missing folder in other words than the other games, which exit 2."""
    result = play(["no/such/folder.2048"], lines("o", "d", "q"), tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        b"playmanager: cannot save to no/such/folder.2048: the folder no/such "
        b"does not exist\n"
    )
    assert result.stdout == b""
    assert os.listdir(tmp_path) == []


def test_saving_over_a_directory_keeps_it_and_leaves_nothing(tmp_path: Path) -> None:
    (tmp_path / "save.2048").mkdir()
    (tmp_path / "save.2048" / "keep").write_text("kept")
    result = play([], lines("o", "q"), tmp_path)
    assert result.returncode == 0
    assert result.stderr == b"playmanager: Not saved to save.2048: Is a directory\n"
    assert result.stdout == START + FIRST + b"> " + FIRST + b"> "
    assert os.listdir(tmp_path) == ["save.2048"]
    assert (tmp_path / "save.2048" / "keep").read_text() == "kept"


# -------------------------------------------------- signals, pipes, cli
def test_sigint_exits_130_without_a_traceback(tmp_path: Path) -> None:
    child = subprocess.Popen(
        PROGRAM,
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None
    seen = b""
    while not seen.endswith(b"> "):
        seen += child.stdout.read1(4096)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=30)
    assert child.returncode == 130
    assert seen + out == START + FIRST + b"> "
    assert err == b""


def test_ctrl_c_in_a_terminal_exits_130(tmp_path: Path) -> None:
    child = pexpect.spawn(PROGRAM[0], PROGRAM[1:], cwd=str(tmp_path), timeout=30)
    child.expect_exact(b"> ")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert b"Traceback" not in (child.before or b"")


def test_a_closed_stdout_exits_141_quietly(tmp_path: Path) -> None:
    child = subprocess.Popen(
        PROGRAM,
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None
    child.stdout.close()
    _, err = child.communicate(b"x\n" * 20000, timeout=60)
    assert (child.returncode, err) == (141, b"")


def test_usage_errors_and_help(tmp_path: Path) -> None:
    usage = play(["--size", "4", "--cols", "4"], b"", tmp_path)
    assert usage.returncode == 2
    assert usage.stdout == b""
    assert usage.stderr == (
        b"playmanager: error: --size cannot be combined with --rows or --cols"
        b" (--help lists the options)\n"
    )
    helped = play(["--help"], b"", tmp_path)
    assert (helped.returncode, helped.stderr) == (0, b"")
    assert helped.stdout.startswith(b"usage: playmanager")


def test_the_console_script_plays_too(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "playmanager"
    result = subprocess.run(
        [str(script)],
        input=b"q\n",
        cwd=tmp_path,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        START + FIRST + b"> ",
        b"",
    )
