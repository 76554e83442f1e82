"""The line-mode loop, in process: input lines as Java's Scanner reads them,
every message, saves that fail, Config keys read at call time (issue 3)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from gamestate import Config, Direction, GameState
from playmanager.lines import read_lines
from playmanager.twenty48 import messages
from playmanager.twenty48.loop import LineGame, java_length

HELP = (
    "Possible commands:\n w - up\n a - left\n s - down\n d - right\n"
    " o - save to file\n q - quit game\n"
)
# Every cell is blocked except (0, 0); sliding up or left changes nothing.
CORNER = [[2, 0], [0, 0]]


# --------------------------------------------------------- reading lines
@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("", []),
        ("d", ["d"]),
        ("d\n", ["d"]),
        ("d\ns\n", ["d", "s"]),
        ("d \n", ["d "]),
        (" d\n", [" d"]),
        ("\n\n", ["", ""]),
        ("d\r\ns\r\n", ["d", "s"]),
        ("d\rs\r", ["d", "s"]),
        ("d\r\r\n", ["d", ""]),
        ("d\n\r", ["d", ""]),
        ("a\u2028b\u0085c\u2029d", ["a", "b", "c", "d"]),
        ("a\tb\x0bc\x0c\n", ["a\tb\x0bc\x0c"]),
    ],
)
def test_read_lines_splits_as_java_nextline(text: str, lines: list[str]) -> None:
    assert list(read_lines(io.StringIO(text))) == lines
    # the real stdin is a TextIOWrapper with newline="": same lines
    wrapped = io.TextIOWrapper(io.BytesIO(text.encode()), encoding="utf-8", newline="")
    assert list(read_lines(wrapped)) == lines


TERMINATORS = ["\n", "\r\n", "\r", "\u0085", "\u2028", "\u2029"]
line_text = st.text(st.characters(exclude_characters="".join(TERMINATORS)))


@given(
    st.lists(st.tuples(line_text, st.sampled_from(TERMINATORS))),
    line_text,
)
@example([("a", "\r"), ("", "\r\n"), ("", "\r")], "b")
@example([("a", "\r\n"), ("", "\n")], "")
def test_read_lines_gives_back_any_lines_with_any_java_terminators(
    ended: list[tuple[str, str]], last: str
) -> None:
    """Lines joined by any mix of terminators come back as they were; a
    last line without a terminator still counts, an empty one does not."""
    text = "".join(line + end for line, end in ended) + last
    # A "\r" ending followed by an empty line ended by "\n" is one "\r\n"
    # ending, in Java too: those texts cannot say which lines they hold.
    ends_at = 0
    for line, end in ended:
        ends_at += len(line) + len(end)
        assume(not (end == "\r" and text.startswith("\n", ends_at)))
    expected = [line for line, _ in ended] + ([last] if last else [])
    assert list(read_lines(io.StringIO(text))) == expected
    wrapped = io.TextIOWrapper(
        io.BytesIO(text.encode("utf-8", "surrogatepass")),
        encoding="utf-8",
        errors="surrogatepass",
        newline="",
    )
    assert list(read_lines(wrapped)) == expected


def test_read_lines_is_lazy() -> None:
    class OneLine(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            if self.tell() > 0:
                raise AssertionError("read past the first line")
            return super().readline()

    assert next(read_lines(OneLine("d\nq\n"))) == "d"


@pytest.mark.parametrize(
    ("line", "length"),
    [
        ("", 0),
        ("d", 1),
        ("d ", 2),
        ("\u00e9", 1),
        ("\u0661", 1),
        ("\U0001f600", 2),
        ("x\U0001f600", 3),
    ],
)
def test_java_length_counts_utf16_units(line: str, length: int) -> None:
    assert java_length(line) == length


# ------------------------------------------------------------ the loop
def run_loop(
    game: GameState, keys: str, target: str = "save.2048"
) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = LineGame(game, target, io.StringIO(keys), out, err).play()
    return status, out.getvalue(), err.getvalue()


def corner_game() -> GameState:
    game = GameState(2, 2)
    game.setBoard(CORNER)
    return game


def screen(board: list[list[int]], score: int = 0) -> str:
    game = GameState(len(board), len(board[0]))
    game.setBoard(board)
    game.setScore(score)
    return game.toString() + "> "


START = "Score: 0\n    2    -\n    -    -\n> "


def test_the_prompt_is_the_board_then_angle_space() -> None:
    assert screen(CORNER) == START  # the helper agrees with a literal


@pytest.mark.parametrize(
    ("line", "printed"),
    [
        ("", messages.ONE_CHAR),
        ("ww", messages.ONE_CHAR),
        ("w ", messages.ONE_CHAR),
        (" ", HELP),
        ("\U0001f600", messages.ONE_CHAR),
        ("\u00e9", HELP),
        ("W", HELP),
        ("A", HELP),
        ("S", HELP),
        ("D", HELP),
        ("O", HELP),
        ("Q", HELP),
        ("x", HELP),
        ("w", ""),  # a move that changes nothing prints nothing more
        ("a", ""),
    ],
)
def test_each_line_prints_what_java_prints(line: str, printed: str) -> None:
    status, out, err = run_loop(corner_game(), line + "\nq\n")
    assert (status, out, err) == (0, START + printed + START, "")


def test_the_messages_are_the_java_strings() -> None:
    assert messages.ONE_CHAR == "Command must be one char long.\n"
    assert messages.possible_commands() == HELP
    assert messages.GAME_OVER == "Game Over!\n"
    assert messages.START_DEFAULT == "Starting a default-sized random game...\n"
    assert messages.start_load("f.2048") == "Attempting to load game from f.2048..\n"
    assert messages.saved("f.2048") == "Saved current state to: f.2048\n"


def test_q_ends_at_once_and_the_end_of_input_acts_as_q() -> None:
    assert run_loop(corner_game(), "q\nd\n") == (0, START, "")
    assert run_loop(corner_game(), "") == (0, START, "")
    assert run_loop(corner_game(), "x") == (0, START + HELP + START, "")


def test_a_move_plays_through_the_model() -> None:
    game = corner_game()
    expected = corner_game()
    expected.move(Direction.DOWN)
    assert run_loop(game, "s\nq\n") == (0, START + expected.toString() + "> ", "")
    assert game.getBoard() == expected.getBoard()


def test_a_game_that_ends_prints_the_board_and_game_over() -> None:
    game = GameState(2, 2)  # seed 118: the one empty cell gets a 2
    game.setBoard([[4, 8], [16, 0]])
    before = "Score: 0\n    4    8\n   16    -\n> "
    after = "Score: 0\n    4    8\n    2   16\nGame Over!\n"
    assert run_loop(game, "d\nthis line is never read\n") == (0, before + after, "")


def test_a_board_that_cannot_move_ends_before_reading_input() -> None:
    class NoInput(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise AssertionError("read input from a finished game")

    for board in ([[0, 0], [0, 0]], [[2, 4], [4, 2]]):
        game = GameState(2, 2)
        game.setBoard(board)
        out = io.StringIO()
        assert LineGame(game, "s.2048", NoInput(), out, io.StringIO()).play() == 0
        assert out.getvalue() == game.toString() + "Game Over!\n"


def test_o_saves_and_says_where(tmp_path: Path) -> None:
    target = tmp_path / "mine.2048"
    assert run_loop(corner_game(), "o\nq\n", str(target)) == (
        0,
        START + f"Saved current state to: {target}\n" + START,
        "",
    )
    assert target.read_text() == "2 2\n0\n2 0\n0 0\n"


def test_a_failed_save_says_why_on_stderr_and_the_game_goes_on(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "s.2048"
    status, out, err = run_loop(corner_game(), "o\ns\nq\n", str(target))
    moved = corner_game()
    moved.move(Direction.DOWN)
    assert status == 0
    assert out == START + START + moved.toString() + "> "
    assert err == f"playmanager: Not saved to {target}: No such file or directory\n"


def test_a_failed_save_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "s.2048"
    target.mkdir()  # the save target is a directory: refused, kept
    (target / "keep").write_text("x")
    _, _, err = run_loop(corner_game(), "o\nq\n", str(target))
    assert err == f"playmanager: Not saved to {target}: Is a directory\n"
    assert (target / "keep").read_text() == "x"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.2048"]


def test_keys_and_help_follow_config_at_call_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Config, "DOWN_KEY", "j")
    monkeypatch.setattr(Config, "QUIT_KEY", "x")
    moved = corner_game()
    moved.move(Direction.DOWN)
    _, out, _ = run_loop(corner_game(), "s\nj\nx\n")
    help_text = HELP.replace(" s - down", " j - down").replace(" q - quit", " x - quit")
    assert out == START + help_text + START + moved.toString() + "> "
