"""Issue 21, item 7: spec 004's console game is a front end, not the model.

gamestate.adt keeps the ADT and its pure functions; the game loop, its
prompts and its printing live in playmanager.twenty48.adt_game, with the
randomness handed in; Ctrl-C and Ctrl-D end a game without a traceback.
"""

from __future__ import annotations

import ast
import io
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import TextIO, cast

import pytest

from playmanager.twenty48.adt_game import PROMPT, game_2048, main

ROOT = Path(__file__).resolve().parent.parent
TERMINAL_NAMES = {"print", "input", "stdin", "stdout", "stderr"}


def test_no_model_module_prints_reads_or_draws_from_the_global_random() -> None:
    offences = []
    # gamestate.conformance is the grader, a command-line tool that issue 24
    # places under gamestate (python -m gamestate.conformance); not a model.
    grader = ROOT / "gamestate" / "conformance"
    # gamestate/agent/cli.py is the agent's training command (progress bar,
    # figures): a command-line tool too; the learner and network stay quiet.
    agent_command = ROOT / "gamestate" / "agent" / "cli.py"
    for path in sorted((ROOT / "gamestate").rglob("*.py")):
        if grader in path.parents or path == agent_command:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = (
                node.id
                if isinstance(node, ast.Name)
                else node.attr
                if isinstance(node, ast.Attribute)
                else None
            )
            imported = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and node.level == 0
                else []
            )
            if name in TERMINAL_NAMES or "random" in imported:
                where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
                offences.append(where)
    assert offences == []


class Interrupted:
    """Input on which the player presses Ctrl-C at the first prompt (the
    game reads with readline alone)."""

    def readline(self) -> str:
        raise KeyboardInterrupt


def test_ctrl_c_ends_the_game_quietly_on_a_new_line() -> None:
    out = io.StringIO()
    game_2048(
        cast("TextIO", Interrupted()), out, random.Random(1)
    )  # no KeyboardInterrupt
    assert out.getvalue().endswith("Score: 0\n" + PROMPT + "\n")


def test_ctrl_c_is_exit_status_130_and_the_end_of_input_is_0(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", Interrupted())
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert main(["--seed", "4"]) == 130
    monkeypatch.setattr(sys, "stdin", io.StringIO("N\n"))
    assert main([]) == 0


def run_program(stdin_text: str | None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m playmanager.twenty48.adt_game``; with None for
    ``stdin_text``, press Ctrl-C (SIGINT) once it asks for a move."""
    program = subprocess.Popen(
        [sys.executable, "-m", "playmanager.twenty48.adt_game", "--seed", "5"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert program.stdin is not None and program.stdout is not None
    if stdin_text is None:
        seen = ""
        while not seen.endswith(PROMPT):
            seen += program.stdout.read(1)
        program.send_signal(signal.SIGINT)
        out, err = program.communicate(timeout=30)
        out = seen + out
    else:
        out, err = program.communicate(stdin_text, timeout=30)
    return subprocess.CompletedProcess(program.args, program.returncode, out, err)


def test_the_program_ends_on_ctrl_c_with_130_and_no_traceback() -> None:
    done = run_program(None)
    assert done.returncode == 130
    assert done.stderr == ""
    assert done.stdout.endswith(PROMPT + "\n")


def test_the_program_ends_on_ctrl_d_with_0_and_no_traceback() -> None:
    done = run_program("W\nE\n")
    assert done.returncode == 0
    assert done.stderr == ""
    assert done.stdout.count(PROMPT) == 3
    assert done.stdout.endswith(PROMPT + "\n")


def test_the_same_seed_and_moves_replay_the_same_game() -> None:
    assert run_program("W\nS\nE\n").stdout == run_program("W\nS\nE\n").stdout
