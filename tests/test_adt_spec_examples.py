"""Every interaction example of spec 004, run as printed in the spec.

tests/data/adt/*.txt are the spec's example blocks copied verbatim. Each
file is one interpreter session: ``>>>`` lines run in order in a namespace
holding the spec's functions (``gamestate.adt.__all__``, the model, and
``playmanager.twenty48.adt_game.__all__``, its I/O), and what they print (and, for
expressions, their repr, as the REPL shows it) must equal the lines below
them. The spec shows errors in its IDE's form, ``[...]`` for the elided
traceback and then ``builtins.ValueError: message``; such a block passes
when the statement raises that exception with exactly that message.

The request_move example is a terminal transcript: what the player typed
follows each prompt on the same line. The runner feeds those answers as
stdin and echoes them to the output, as a terminal does, so the whole
transcript is compared.
"""

from __future__ import annotations

import builtins
import code
import contextlib
import io
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO, cast

import pytest

from gamestate import adt
from playmanager.twenty48 import adt_game

DATA = Path(__file__).parent / "data" / "adt"
SPEC_PROMPT = "Pick a move (N, S, E, W): "
ERROR_LINE = re.compile(r"builtins\.(\w+): (.*)")
ELIDED_LINES = {"[...]", "Traceback (most recent call last):"}


@dataclass
class Example:
    line: int
    source: str
    expected: list[str]


def parse_session(text: str) -> list[Example]:
    """Split a transcript into statements and the lines each one prints."""
    examples: list[Example] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(">>> "):
            examples.append(Example(number, line[4:], []))
        else:
            examples[-1].expected.append(line)
    return examples


class EchoingInput:
    """Typed answers as stdin; each line read is echoed to ``echo``.

    Only readline is offered: it is all request_move reads with.
    """

    def __init__(self, answers: list[str], echo: io.StringIO) -> None:
        self._typed = io.StringIO("".join(answer + "\n" for answer in answers))
        self._echo = echo

    def readline(self) -> str:
        line = self._typed.readline()
        self._echo.write(line)
        return line


def typed_answers(expected: list[str]) -> list[str]:
    return [
        line[len(SPEC_PROMPT) :] for line in expected if line.startswith(SPEC_PROMPT)
    ]


def expected_error(expected: list[str]) -> tuple[type[BaseException], str] | None:
    """The exception a block shows, if its last line is ``builtins.X: msg``."""
    match = ERROR_LINE.fullmatch(expected[-1]) if expected else None
    if match is None:
        return None
    assert set(expected[:-1]) <= ELIDED_LINES, expected
    exception = getattr(builtins, match[1])
    assert issubclass(exception, BaseException)
    return exception, match[2]


class Session(code.InteractiveInterpreter):
    """The REPL the spec's examples were typed into, keeping its errors.

    The stock interpreter prints a traceback; this one keeps the exception
    so the test can compare its type and message.
    """

    def __init__(self, namespace: dict[str, object]) -> None:
        super().__init__(namespace)
        self.error: BaseException | None = None

    def showtraceback(self) -> None:
        self.error = sys.exc_info()[1]


def run_statement(session: Session, source: str, answers: list[str]) -> str:
    """Run one REPL statement; return everything it wrote, echoes included.

    An exception the statement raised is raised again here.
    """
    output = io.StringIO()
    saved_stdin = sys.stdin
    sys.stdin = cast(TextIO, EchoingInput(answers, output))
    session.error = None
    try:
        with contextlib.redirect_stdout(output):
            session.runcode(compile(source, "<spec example>", "single"))
    finally:
        sys.stdin = saved_stdin
    if session.error is not None:
        raise session.error
    return output.getvalue()


def check_example(example: Example, session: Session) -> None:
    where = f"line {example.line}: >>> {example.source}"
    error = expected_error(example.expected)
    answers = typed_answers(example.expected)
    if error is None:
        printed = run_statement(session, example.source, answers)
        assert printed.splitlines() == example.expected, where
        return
    exception, message = error
    with pytest.raises(exception) as raised:
        run_statement(session, example.source, answers)
    assert str(raised.value) == message, where


def new_session() -> Session:
    """A fresh REPL holding every function of the spec: the model's and the I/O."""
    names = {key: getattr(adt, key) for key in adt.__all__}
    names.update((key, getattr(adt_game, key)) for key in adt_game.__all__)
    return Session(names)


@pytest.mark.parametrize(
    "name",
    ["coordinate_examples.txt", "board_examples.txt", "request_move_examples.txt"],
)
def test_spec_examples_run_as_printed(name: str) -> None:
    session = new_session()
    examples = parse_session((DATA / name).read_text(encoding="utf-8"))
    assert examples, f"{name} holds no examples"
    for example in examples:
        check_example(example, session)


def test_the_runner_catches_a_wrong_output() -> None:
    """The runner is not vacuous: a mismatching line fails it."""
    wrong = Example(1, "coordinate_row(create_coordinate(1, 2))", ["2"])
    with pytest.raises(AssertionError):
        check_example(wrong, new_session())


def test_the_runner_catches_a_wrong_error_message() -> None:
    wrong = Example(
        1, "create_coordinate(0, 0)", ["[...]", "builtins.ValueError: wrong message"]
    )
    with pytest.raises(AssertionError):
        check_example(wrong, new_session())
