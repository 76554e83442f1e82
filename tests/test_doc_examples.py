"""The terminal transcripts of the README and the docs run as printed.

A transcript is a ```console block: each ``$ command`` line (a line that
ends in ``\\`` goes on to the next) is run by bash, with stderr merged into
stdout as a terminal shows them, and what it prints must be the lines
under it up to the next ``$``; ``...`` stands for any text (doctest's
ELLIPSIS). Every command must exit with status 0: a transcript shows a
failure as ``cmd || echo "exit status $?"``.

Commands run in a scratch folder that links the checkout's folders
(``tests/``, ``saves/``, ...), so paths read as in the checkout but nothing
is written there, with a HOME and data folder of their own.

A page's transcripts run in order in one scratch folder.

A transcript that cannot run here (a browser opening, a full-screen
session) is marked by the line before its fence:
``<!-- not-run: the reason -->``. ``python tests/test_doc_examples.py``
counts the transcripts and lists the marked ones with their reasons.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = "```console"
NOT_RUN = re.compile(r"^<!-- not-run:(.*)-->$")
LINKED = ("bench", "docs", "gamestate", "playmanager", "saves", "tests",
          "pyproject.toml", "README.md", "mkdocs.yml")
"""What the scratch folder links from the checkout."""
SECONDS = 300


@dataclass(frozen=True)
class Command:
    text: str
    expected: str


@dataclass(frozen=True)
class Transcript:
    page: Path
    line: int
    commands: tuple[Command, ...]
    not_run: str | None
    """Why it is not run (the marker's text), or None: it is run."""

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def commands(body: list[str]) -> tuple[Command, ...]:
    """The ``$`` commands of a transcript, each with the output under it."""
    found: list[Command] = []
    lines = iter(body)
    text: str | None = None
    output: list[str] = []
    for line in lines:
        if not line.startswith("$ "):
            output.append(line)
            continue
        if text is not None:
            found.append(Command(text, "\n".join(output)))
        text, output = line[2:], []
        while text.endswith("\\"):
            text += "\n" + next(lines)
    if text is not None:
        found.append(Command(text, "\n".join(output)))
    return tuple(found)


def transcripts(page: Path) -> list[Transcript]:
    lines = page.read_text(encoding="utf-8").splitlines()
    found = []
    for number, line in enumerate(lines):
        if line.strip() != FENCE:
            continue
        indent = line[: len(line) - len(line.lstrip())]  # a block in a list item
        end = lines.index(indent + "```", number + 1)
        body = [text.removeprefix(indent) for text in lines[number + 1 : end]]
        marker = NOT_RUN.match(lines[number - 1].strip()) if number else None
        reason = marker.group(1).strip() if marker else None
        found.append(Transcript(page, number + 1, commands(body), reason))
    return found


ALL = [transcript for page in PAGES for transcript in transcripts(page)]
RUN = [transcript for transcript in ALL if transcript.not_run is None]
MARKED = [transcript for transcript in ALL if transcript.not_run is not None]


def scratch(folder: Path) -> dict[str, str]:
    """A working folder that reads like the checkout; the commands' env."""
    for name in LINKED:
        (folder / name).symlink_to(ROOT / name)
    home = folder.parent / "home"
    home.mkdir()
    return {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "COLUMNS": "80",
        "TERM": "dumb",
    }


def normalised(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())


def test_the_docs_have_transcripts_and_most_run() -> None:
    assert RUN
    assert len(RUN) > len(MARKED)


def test_every_transcript_has_commands() -> None:
    empty = [transcript.name for transcript in ALL if not transcript.commands]
    assert not empty, f"console blocks without a `$ command`: {empty}"


def unexplained(found: list[Transcript]) -> list[str]:
    """The transcripts marked not-run without a reason."""
    return [transcript.name for transcript in found if transcript.not_run == ""]


def test_every_transcript_not_run_says_why() -> None:
    assert not unexplained(ALL), f"<!-- not-run: --> without a reason: {unexplained(ALL)}"


def test_a_marker_is_read_with_its_reason(tmp_path: Path) -> None:
    page = ROOT / "docs" / "example.md"  # named as a docs page; read from tmp
    text = ("<!-- not-run: opens a browser -->\n```console\n$ a\n```\n\n"
            "<!-- not-run: -->\n```console\n$ b\n```\n```console\n$ c\n```\n")
    (tmp_path / "example.md").write_text(text, encoding="utf-8")
    found = [Transcript(page, t.line, t.commands, t.not_run)
             for t in transcripts(tmp_path / "example.md")]
    assert [t.not_run for t in found] == ["opens a browser", "", None]
    assert unexplained(found) == ["docs/example.md:7"]  # its fence


def test_a_transcript_in_a_list_item_is_read_without_its_indent(tmp_path: Path) -> None:
    text = "- an item:\n\n  ```console\n  $ echo a\n  a\n  ```\n\n```console\n$ b\n```\n"
    (tmp_path / "example.md").write_text(text, encoding="utf-8")
    found = transcripts(tmp_path / "example.md")
    assert [t.commands for t in found] == [(Command("echo a", "a"),), (Command("b", ""),)]


def run(command: Command, folder: Path, env: dict[str, str]) -> None:
    done = subprocess.run(
        ["bash", "-c", command.text], cwd=folder, env=env, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        timeout=SECONDS, check=False,
    )
    got = normalised(done.stdout)
    assert done.returncode == 0, f"$ {command.text}\nexit status {done.returncode}:\n{got}"
    want = normalised(command.expected)
    assert doctest.OutputChecker().check_output(want + "\n", got + "\n", doctest.ELLIPSIS), (
        f"$ {command.text}\nthe page shows:\n{want}\nit printed:\n{got}"
    )


def test_a_transcript_is_read_command_by_command() -> None:
    body = ["$ echo one \\", "  two", "one two", "$ true", "$ printf 'a\\nb\\n'", "a", "b"]
    assert commands(body) == (
        Command("echo one \\\n  two", "one two"),
        Command("true", ""),
        Command("printf 'a\\nb\\n'", "a\nb"),
    )


def test_an_output_other_than_the_page_shows_fails(tmp_path: Path) -> None:
    env = scratch(tmp_path)
    run(Command("echo 'Score: 32/32'", "Score: ..."), tmp_path, env)
    with pytest.raises(AssertionError, match="the page shows"):
        run(Command("echo 'Score: 31/32'", "Score: 32/32"), tmp_path, env)
    with pytest.raises(AssertionError, match="exit status 1"):
        run(Command("false", ""), tmp_path, env)


@pytest.mark.parametrize(
    "page", sorted({transcript.page for transcript in RUN}),
    ids=lambda page: str(page.relative_to(ROOT)),
)
def test_every_transcript_runs_as_printed(page: Path, tmp_path: Path) -> None:
    """A page's transcripts run in order in one folder: a later one may
    read what an earlier one wrote, as a reader's would."""
    folder = tmp_path / "work"
    folder.mkdir()
    env = scratch(folder)
    for transcript in RUN:
        if transcript.page == page:
            for command in transcript.commands:
                run(command, folder, env)


if __name__ == "__main__":
    print(f"{len(ALL)} transcripts: {len(RUN)} run, {len(MARKED)} marked not-run")
    for transcript in MARKED:
        print(f"  {transcript.name}: {transcript.not_run}")
