"""Start-up of the line mode (issue 14): what ``python -m playmanager`` loads.

The time itself is a benchmark (bench/startup.py); these tests pin what
makes it: the commonest starts (no option, or only a FILE) build no
argparse parser, and nothing loads the save parser, the full screen or
the solver before they are needed. The parser-free path must give
exactly what the parser gives.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from playmanager.twenty48.play2048 import NO_OPTIONS, build_parser, without_options

ROOT = Path(__file__).resolve().parent.parent


def test_no_options_is_what_the_parser_gives_without_options() -> None:
    parsed = vars(build_parser().parse_args([]))
    assert parsed == {**NO_OPTIONS, "file": None}
    assert vars(without_options([])) == parsed
    with_file = vars(build_parser().parse_args(["game.2048"]))
    assert vars(without_options(["game.2048"])) == with_file


@pytest.mark.parametrize(
    "argv", [["--tui"], ["-h"], ["a", "b"], ["--seed", "3"], ["-"], ["--"]]
)
def test_anything_with_an_option_goes_to_the_parser(argv: list[str]) -> None:
    assert without_options(argv) is None


def _modules_after(code: str, cwd: Path) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", code + "import sys\nprint(' '.join(sys.modules))\n"],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=True,
        # an empty data folder: a rescued game waiting on this machine
        # would be told of, in wrapped words (textwrap), at the launch
        env={"PYTHONPATH": str(ROOT), "PATH": "", "XDG_DATA_HOME": str(cwd / "data")},
    )
    return set(done.stdout.split())


def loaded_modules(argv: list[str], stdin: str, cwd: Path) -> set[str]:
    """The modules a line-mode game loads, from start to its end, beyond
    those the interpreter itself starts with here (an editable install's
    import hook, for one, loads ``re`` before any of our code runs)."""
    code = (
        "import io\n"
        "from playmanager.cli import main\n"
        f"main({argv!r}, stdin=io.StringIO({stdin!r}), stdout=io.StringIO())\n"
    )
    return _modules_after(code, cwd) - _modules_after("", cwd)


NOT_AT_START = {
    "argparse",
    "shutil",
    "playmanager.twenty48.savefile",
    "playmanager.twenty48.tui",
    "gamestate.solver",
    "playmanager.twenty48.autoplay",
    "typing",  # a few ms (it imports re): names for type checkers only
    "re",  # the terminal value's locale check imports it, on a terminal only
    "curses",
    # issue 36: the words of a launch notice are wrapped only when there is one
    "textwrap",
    "playmanager.screen.text_layout",
}


@pytest.mark.parametrize("argv", [[], ["game.2048"]])
def test_a_plain_start_loads_no_parser_no_saves_no_screen(
    argv: list[str], tmp_path: Path
) -> None:
    loaded = loaded_modules(argv, "q\n", tmp_path)
    assert "playmanager.twenty48.play2048" in loaded  # the game did run
    assert not loaded & NOT_AT_START


def test_saving_loads_the_save_module_when_it_is_needed(tmp_path: Path) -> None:
    loaded = loaded_modules([], "o\nq\n", tmp_path)
    assert "playmanager.twenty48.savefile" in loaded
    assert (tmp_path / "save.2048").exists()


# Issue 36: what ``python -m playmanager`` must not import before its first
# prompt, a new game's board: the path and pattern machinery, the wrapping
# of long messages, the save and storage layers (a start with no FILE
# reads and writes none).
NOT_BEFORE_THE_FIRST_PROMPT = {
    "pathlib",
    "fnmatch",
    "re",
    "urllib",
    "urllib.parse",
    "ipaddress",
    "typing",
    "argparse",
    "shutil",
    "shlex",
    "textwrap",
    "playmanager.screen.text_layout",
    "playmanager.storage",
    "playmanager.messages",
    "playmanager.twenty48.savefile",
    # the enums, a few ms: signal's (the hang-up handler goes through the
    # C module _signal) and the model's Direction (loaded by the first move)
    "enum",
    "signal",
    "gamestate.direction",
}


def test_the_first_prompt_imports_only_what_it_draws(tmp_path: Path) -> None:
    """``python -X importtime -m playmanager``, answered ``q``: the imports
    it lists. ``-S``: as an installed package starts, without an editable
    install's import hook (which loads pathlib and re itself)."""
    done = subprocess.run(
        [sys.executable, "-S", "-X", "importtime", "-m", "playmanager"],
        input="q\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path / "data")},
        check=True,
    )
    assert done.stdout.endswith("> ")  # the first prompt, then q
    imported = {
        line.split("|")[-1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:")
    }
    assert "playmanager.twenty48.loop" in imported  # the listing is the game's
    assert not imported & NOT_BEFORE_THE_FIRST_PROMPT
