"""The 2048 line mode, typed at a terminal, asks before replacing another
game's file: one that held another game at launch, or one another terminal
wrote since this game loaded or saved it (issue 36). Piped input stays
Java's: ``o`` replaces the file unasked (the Java transcript tests pin the
rest of that output)."""

from __future__ import annotations

import io
import shlex
import sys
from pathlib import Path

import pytest

from playmanager.cli import main
from tests.pty_terminal import Terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")

OTHER = "4 4\n1234\n2 4 8 16\n0 0 0 0\n0 0 0 0\n0 0 0 2\n"
"""Another game's Java save (score 1234, highest tile 16)."""


def line_mode(cwd: Path, *args: str) -> Terminal:
    command = [sys.executable, "-m", "playmanager", *args]
    return Terminal("exec " + shlex.join(command), cwd, cols=100)


def answer(term: Terminal, keys: str, then: str) -> None:
    """Type ``keys`` and wait for ``then`` in what the program printed."""
    seen = len(term.raw)
    term.press(keys)
    term.wait_until(lambda _: then in term.raw[seen:].decode(), repr(then))


def test_it_asks_before_replacing_a_file_that_holds_another_game(tmp_path: Path) -> None:
    save = tmp_path / "save.2048"
    save.write_text(OTHER)
    term = line_mode(tmp_path, "--seed", "5")
    answer(term, "a\n", "> ")
    answer(term, "o\n", "(y/n)")
    assert "save.2048 holds another game (a game of 2048 with score 1234" in " ".join(
        term.text().split()
    )
    answer(term, "n\n", "is as it was")
    assert save.read_text() == OTHER  # no: the other game is kept
    answer(term, "o\n", "(y/n)")
    answer(term, "y\n", "Saved current state to: save.2048")
    assert save.read_text() != OTHER
    answer(term, "a\n", "> ")
    answer(term, "o\n", "Saved current state to")  # its own file now: no question
    term.press("q\n")
    assert term.wait_for_exit() == 0


def test_a_file_another_terminal_wrote_is_not_replaced_unasked(tmp_path: Path) -> None:
    (tmp_path / "mine.2048").write_text(OTHER)
    first = line_mode(tmp_path, "mine.2048")
    second = line_mode(tmp_path, "mine.2048")
    for term in (first, second):  # both have loaded the file before it changes
        term.wait_until(lambda _, term=term: "> " in term.raw.decode(), "a prompt")
    answer(first, "a\n", "> ")
    answer(first, "o\n", "Saved current state to")  # the file it loaded
    kept = (tmp_path / "mine.2048").read_text()
    answer(second, "d\n", "> ")
    answer(second, "o\n", "(y/n)")  # the first terminal wrote it since
    answer(second, "n\n", "is as it was")
    assert (tmp_path / "mine.2048").read_text() == kept
    for term in (first, second):  # nothing to lose in either: Java's q
        term.press("q\n")
        assert term.wait_for_exit() == 0


def test_q_with_moves_not_saved_asks_at_a_terminal(tmp_path: Path) -> None:
    term = line_mode(tmp_path, "--seed", "5")
    answer(term, "a\n", "> ")
    answer(term, "q\n", "before quitting?")
    answer(term, "c\n", "> ")  # keeps playing
    answer(term, "q\n", "before quitting?")
    answer(term, "y\n", "Saved current state to: save.2048")
    assert term.wait_for_exit() == 0
    assert (tmp_path / "save.2048").is_file()
    assert not (tmp_path / "data" / "gamestate2048").exists()  # nothing rescued


def test_ctrl_d_at_the_question_keeps_the_file_and_rescues_the_game(
    tmp_path: Path,
) -> None:
    save = tmp_path / "save.2048"
    save.write_text(OTHER)
    term = line_mode(tmp_path, "--seed", "5")
    answer(term, "a\n", "> ")
    answer(term, "o\n", "(y/n)")
    term.press("\x04")
    assert term.wait_for_exit() == 0
    assert save.read_text() == OTHER
    assert (tmp_path / "data" / "gamestate2048" / "rescued.2048").is_file()


def test_piped_input_replaces_the_file_as_java_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "save.2048").write_text(OTHER)
    out = io.StringIO()
    assert main(["--seed", "5"], io.StringIO("a\no\nq\n"), out, io.StringIO()) == 0
    assert "holds another game" not in out.getvalue()
    assert "Saved current state to: save.2048\n" in out.getvalue()
    assert (tmp_path / "save.2048").read_text() != OTHER
