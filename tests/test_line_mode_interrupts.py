"""Ctrl-C and Ctrl-D in every line mode, on a real pty (issue 29 finding
2): with play to lose they never end the program without a question or a
rescue. In Forty Thieves and Dots they are ``q`` (the question comes);
Ctrl-C or Ctrl-D at that question rescues the game as a hang-up does.
2048's Java line mode, whose ``q`` asks nothing, asks too, on a terminal
only (piped input, Java's case, is never asked).
Before, Ctrl-C ended the program at once (exit 130) and Ctrl-D quit,
both losing the moves."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from playmanager.session import rescue_path
from tests.pty_terminal import Terminal
from tests.test_hang_up import GAMES, snapshot

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")

CTRL_C = "\x03"
CTRL_D = "\x04"
QUESTION = "before quitting?"


def start(tmp_path: Path, name: str, cols: int = 100) -> Terminal:
    args = [sys.executable, "-m", "playmanager", "--game", name, "--seed", "5"]
    term = Terminal("exec " + shlex.join(args), tmp_path, cols=cols)
    game = GAMES[name]
    term.press(game.line_move)
    if game.line_moved:
        term.wait_until(lambda _: game.line_moved in term.raw.decode(), "the move")
    else:  # 2048's Java loop: four moves, then the fifth prompt
        term.wait_until(lambda _: term.raw.count(b"> ") >= 5, "four moves")
    return term


def rescue(tmp_path: Path, name: str) -> Path:
    return tmp_path / "data" / "gamestate2048" / GAMES[name].rescue_name


def asked(term: Terminal, times: int = 1) -> None:
    term.wait_until(lambda _: term.raw.decode().count(QUESTION) >= times, "the question")


@pytest.mark.parametrize("name", ["forty-thieves", "dots"])
def test_ctrl_c_and_ctrl_d_ask_as_q_does(tmp_path: Path, name: str) -> None:
    term = start(tmp_path, name)
    term.press(CTRL_C)
    asked(term)
    term.press("c\n")
    term.wait_until(lambda _: "Keep playing" in term.raw.decode(), "keep playing")
    term.press(CTRL_D)
    asked(term, 2)
    term.press("n\n")  # quit without saving: the player said so
    assert term.wait_for_exit() == 0
    assert not rescue(tmp_path, name).exists()


@pytest.mark.parametrize("answer", [CTRL_C, CTRL_D], ids=["ctrl-c", "ctrl-d"])
@pytest.mark.parametrize("name", ["forty-thieves", "dots"])
def test_no_answer_to_the_question_rescues_the_game(
    tmp_path: Path, name: str, answer: str
) -> None:
    before = snapshot(tmp_path)
    term = start(tmp_path, name)
    term.press(CTRL_C)
    asked(term)
    term.press(answer)
    status = term.wait_for_exit()
    assert status == (130 if answer == CTRL_C else 0)
    GAMES[name].load(str(rescue(tmp_path, name)))  # the whole game, loadable
    assert snapshot(tmp_path) == before  # no save touched
    said = term.raw.decode()  # the path fitted to the terminal: its name whole
    assert "game rescued to" in said and rescue(tmp_path, name).name in said


@pytest.mark.parametrize("name", ["forty-thieves", "dots", "2048"])
def test_the_rescue_line_wraps_at_words_at_60_columns(tmp_path: Path, name: str) -> None:
    """The line saying where the game went is fitted like any message: its
    path shortened in the middle, the file name whole on one line."""
    term = start(tmp_path, name, cols=60)
    term.press(CTRL_C)
    asked(term)
    term.press(CTRL_C)
    term.wait_for_exit()
    screen = term.text()
    assert "rescued to" in screen
    assert GAMES[name].rescue_name in screen  # not "rescued.forty-t" / "hieves"


@pytest.mark.parametrize("key", [CTRL_C, CTRL_D], ids=["ctrl-c", "ctrl-d"])
def test_the_java_line_mode_asks_at_ctrl_c_and_ctrl_d_on_a_terminal(
    tmp_path: Path, key: str
) -> None:
    """Java's q asks nothing (and piped input, Java's case, is never
    asked), but a person at a terminal is asked as in the other games."""
    term = start(tmp_path, "2048")
    term.press(key)
    asked(term)
    term.press("c\n")
    term.wait_until(lambda _: "Keep playing" in term.raw.decode(), "keep playing")
    term.press(key)
    asked(term, 2)
    term.press("n\n")
    assert term.wait_for_exit() == 0
    assert not rescue(tmp_path, "2048").exists()


@pytest.mark.parametrize("answer", [CTRL_C, CTRL_D], ids=["ctrl-c", "ctrl-d"])
def test_the_java_line_mode_rescues_when_nobody_answers(
    tmp_path: Path, answer: str
) -> None:
    term = start(tmp_path, "2048")
    term.press(CTRL_D)
    asked(term)
    term.press(answer)
    assert term.wait_for_exit() == (130 if answer == CTRL_C else 0)
    GAMES["2048"].load(str(rescue(tmp_path, "2048")))
    assert not (tmp_path / "save.2048").exists()


def test_the_java_line_mode_saves_on_yes(tmp_path: Path) -> None:
    term = start(tmp_path, "2048")
    term.press(CTRL_C)
    asked(term)
    term.press("y\n")
    assert term.wait_for_exit() == 0
    GAMES["2048"].load(str(tmp_path / "save.2048"))
    assert not rescue(tmp_path, "2048").exists()


def test_ctrl_d_at_the_java_line_modes_win_question_rescues(tmp_path: Path) -> None:
    (tmp_path / "near.2048").write_text("2 2\n0\n4 4\n0 0\n")
    args = [sys.executable, "-m", "playmanager", "--goal", "8", "near.2048"]
    term = Terminal("exec " + shlex.join(args), tmp_path, cols=100)
    term.press("a\n")  # 4 + 4: the goal
    term.wait_until(lambda _: "play again (y) or quit (q)?" in term.raw.decode(), "win")
    term.press(CTRL_D)
    assert term.wait_for_exit() == 0
    folder = str(tmp_path / "data" / "gamestate2048")
    kept = rescue_path(folder, "rescued.2048", str(tmp_path / "near.2048"))
    assert GAMES["2048"].load(kept) is not None  # the one kept for near.2048
    assert (tmp_path / "near.2048").read_text() == "2 2\n0\n4 4\n0 0\n"
