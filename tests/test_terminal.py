"""One Terminal value (playmanager.terminal), decided at the command line
and handed to every full screen and line mode."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from playmanager import terminal
from playmanager.terminal import PLAIN, Terminal, detect, terminfo_colours


class FakeTerminal(io.StringIO):
    """A stream that says it is a terminal, in the encoding it is given."""

    def __init__(self, encoding: str = "utf-8") -> None:
        super().__init__()
        self._encoding = encoding

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding

    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def utf8_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(terminal, "locale_encoding", lambda: "UTF-8")


@pytest.mark.parametrize(
    ("environ", "colours"),
    [
        ({"TERM": "xterm-256color"}, 256),
        ({"TERM": "tmux-256color"}, 256),
        ({"TERM": "xterm"}, 8),
        ({"TERM": "screen"}, 8),
        ({"TERM": "vt100"}, 0),
        ({"TERM": "dumb"}, 0),
        ({"TERM": "no-such-terminal"}, 0),
        ({}, 0),
        ({"TERM": "xterm-256color", "NO_COLOR": "1"}, 0),
        ({"TERM": "xterm-256color", "NO_COLOR": ""}, 256),  # empty: no effect
    ],
)
def test_colours_from_terminfo_and_no_color(
    environ: dict[str, str], colours: int
) -> None:
    found = detect(environ, FakeTerminal())
    assert found.colours == colours
    assert found.colour is (colours > 0)
    assert found.is_terminal and found.mouse


def test_one_process_can_ask_about_several_terminals() -> None:
    """curses.setupterm binds the first TERM for good; the reader does not."""
    assert [terminfo_colours(t, os.environ) for t in ("xterm", "xterm-256color")] == [
        8,
        256,
    ]


def test_no_color_takes_the_colours_never_the_symbols() -> None:
    found = detect({"TERM": "xterm-256color", "NO_COLOR": "1"}, FakeTerminal())
    assert found == Terminal(colours=0, unicode=True, is_terminal=True)


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "no-such-codec"])
def test_symbols_only_where_the_encoding_takes_them(encoding: str) -> None:
    assert not detect({"TERM": "xterm"}, FakeTerminal(encoding)).unicode


def test_the_locale_counts_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(terminal, "locale_encoding", lambda: "ANSI_X3.4-1968")
    assert not detect({"TERM": "xterm"}, FakeTerminal()).unicode


def test_a_pipe_or_a_file_is_plain() -> None:
    assert detect({"TERM": "xterm-256color"}, io.StringIO()) == PLAIN
    assert not PLAIN.colour and not PLAIN.unicode and not PLAIN.mouse


def test_a_closed_stream_is_plain() -> None:
    stream = io.StringIO()
    stream.close()
    assert detect({"TERM": "xterm-256color"}, stream) == PLAIN


def test_terminfo_is_found_where_ncurses_looks(tmp_path: Path) -> None:
    """TERMINFO first, letter folders (Linux) and hex folders (macOS)."""
    entry = (
        Path("/lib/terminfo/x/xterm-256color"),
        Path("/usr/share/terminfo/x/xterm-256color"),
    )
    source = next((path for path in entry if path.exists()), None)
    if source is None:
        pytest.skip("no xterm-256color terminfo entry here (apt install ncurses-base)")
    (tmp_path / "6d").mkdir()  # "m" in hex
    (tmp_path / "6d" / "mine").write_bytes(source.read_bytes())
    assert terminfo_colours("mine", {"TERMINFO": str(tmp_path)}) == 256
    assert terminfo_colours("../x", {"TERMINFO": str(tmp_path)}) == 0


@pytest.mark.parametrize("garbage", [b"", b"\x1a\x01" + b"\x00" * 4, b"\x00" * 40])
def test_a_broken_entry_has_no_colours(tmp_path: Path, garbage: bytes) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "broken").write_bytes(garbage)
    assert terminfo_colours("broken", {"TERMINFO": str(tmp_path)}) == 0


def test_unicode_covers_every_character_the_games_draw() -> None:
    from playmanager.dots.tui.layout import FILL
    from playmanager.forty_thieves.text import SUIT_SYMBOLS
    from playmanager.screen.widgets import QUADRANT_GLYPHS

    drawn = {*QUADRANT_GLYPHS.strip(), *SUIT_SYMBOLS.values(), *FILL}
    assert drawn <= set(terminal.SHOWN_CHARACTERS)
