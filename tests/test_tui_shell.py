"""The shared curses shell (playmanager.screen.shell), apart from any game.

Colours become reversed curses pairs (so no coloured run is ever drawn by
an erase sequence), NO_COLOR keeps only bold and underline, the mouse is
decoded into presses, drags and releases, and a small app on a real pty
gets its keys, its mouse events and its timed ticks.
"""

from __future__ import annotations

import shlex
import sys
import textwrap
from pathlib import Path

import pytest

from playmanager.screen.shell import Span, Style, _make_attributes, clip
from tests.pty_terminal import Terminal


class FakeCurses:
    """The few curses names the colour code uses."""

    A_BOLD, A_UNDERLINE, A_REVERSE = 1 << 16, 1 << 17, 1 << 18
    error = RuntimeError

    def __init__(self, colours: int = 256, pairs: int = 256) -> None:
        self.COLORS = colours
        self.COLOR_PAIRS = pairs
        self.pairs: dict[int, tuple[int, int]] = {}

    def has_colors(self) -> bool:
        return self.COLORS > 0

    def use_default_colors(self) -> None:
        pass

    def init_pair(self, number: int, fg: int, bg: int) -> None:
        self.pairs[number] = (fg, bg)

    def color_pair(self, number: int) -> int:
        return number << 8



STYLES = {
    "tile": Style(fg=255, bg=180, fg8=0, bg8=7, bold=True),
    "board": Style(fg=145, bg=145, fg8=0, bg8=0),
    "title": Style(bold=True),
    "link": Style(underline=True),
}


def test_coloured_styles_are_reversed_pairs() -> None:
    curses = FakeCurses()
    attributes = _make_attributes(curses, STYLES, colours=256)
    assert attributes.coloured
    tile = attributes.of(Span(0, 0, "x", "tile"))
    pair = (tile >> 8) & 0xFF
    assert curses.pairs[pair] == (180, 255)  # background first...
    assert tile & curses.A_REVERSE and tile & curses.A_BOLD  # ...shown reversed
    assert attributes.of(Span(0, 0, "x", "title")) == curses.A_BOLD  # no colour
    assert attributes.of(Span(0, 0, "x", "nothing")) == 0


def test_a_valued_role_finds_its_own_style_first() -> None:
    curses = FakeCurses()
    styles = {**STYLES, "tile:8": Style(fg=1, bg=2)}
    attributes = _make_attributes(curses, styles, colours=256)
    eight = attributes.of(Span(0, 0, "x", "tile", 8))
    assert curses.pairs[(eight >> 8) & 0xFF] == (2, 1)
    assert attributes.of(Span(0, 0, "x", "tile", 16)) == attributes.of(
        Span(0, 0, "x", "tile")
    )


def test_eight_colours_use_the_fallbacks() -> None:
    curses = FakeCurses(colours=8)
    attributes = _make_attributes(curses, STYLES, colours=256)
    tile = attributes.of(Span(0, 0, "x", "tile"))
    assert curses.pairs[(tile >> 8) & 0xFF] == (7, 0)


def test_a_terminal_value_of_eight_colours_uses_the_fallbacks() -> None:
    """The terminal the command line decided, even where curses has more."""
    curses = FakeCurses(colours=256)
    attributes = _make_attributes(curses, STYLES, colours=8)
    tile = attributes.of(Span(0, 0, "x", "tile"))
    assert curses.pairs[(tile >> 8) & 0xFF] == (7, 0)


@pytest.mark.parametrize(
    "curses", [FakeCurses(), FakeCurses(colours=0), FakeCurses(pairs=2)]
)
def test_no_colour_wanted_or_possible_keeps_bold_and_underline(
    curses: FakeCurses,
) -> None:
    wanted = curses.COLORS == 256 and curses.COLOR_PAIRS == 256
    attributes = _make_attributes(curses, STYLES, colours=0 if wanted else 256)
    assert not attributes.coloured
    assert attributes.of(Span(0, 0, "x", "tile")) == curses.A_BOLD
    assert attributes.of(Span(0, 0, "x", "link")) == curses.A_UNDERLINE
    assert attributes.of(Span(0, 0, "x", "board")) == 0


def test_clip_keeps_spans_inside_and_off_the_last_cell() -> None:
    spans = [
        Span(0, 0, "abcdef", "t"),
        Span(1, 3, "abcdef", "t"),
        Span(2, 0, "abcdef", "t"),
        Span(3, 0, "x", "t"),
        Span(0, 9, "x", "t"),
        Span(0, -1, "x", "t"),
    ]
    assert clip(spans, 5, 3) == [
        Span(0, 0, "abcde", "t"),
        Span(1, 3, "ab", "t"),
        Span(2, 0, "abcd", "t"),
    ]


DEMO_APP = textwrap.dedent(
    """
    import sys, time
    from playmanager.screen.shell import FullScreenApp, Span, Style, run
    from playmanager.terminal import Terminal

    class Demo(FullScreenApp):
        wants_mouse = True

        def __init__(self):
            self.events = []
            self.ticks = 0
            self.done = False
            self.wake = time.monotonic() + 0.3

        @property
        def finished(self):
            return self.done

        def styles(self):
            return {"box": Style(fg=231, bg=19, fg8=7, bg8=4)}

        def frame(self, width, height, *, colour):
            lines = [f"ticks {self.ticks} colour {colour}", *self.events[-6:], "END"]
            spans = [Span(i, 0, line, "text") for i, line in enumerate(lines)]
            return spans + [Span(10, 2, " " * 20, "box")]

        def press(self, key):
            if key == "q":
                self.done = True
            else:
                self.events.append(f"key {key!r}")

        def mouse(self, event):
            self.events.append(f"mouse {event.action} {event.row} {event.col}")

        def wake_at(self):
            return self.wake if self.ticks < 2 else None

        def tick(self):
            self.ticks += 1
            self.wake = time.monotonic() + 0.3

        def hang_up(self, why):
            return why

    terminal = Terminal(colours=256, unicode=True, is_terminal=True)
    print(run(Demo(), terminal), file=sys.stderr)
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
def test_an_app_gets_keys_mouse_drags_and_ticks_on_a_real_terminal(
    tmp_path: Path,
) -> None:
    script = tmp_path / "demo.py"
    script.write_text(DEMO_APP)
    term = Terminal(shlex.join([sys.executable, str(script)]), tmp_path, footer="END")
    term.wait_for("ticks 2 colour True")  # two ticks, then no more wake-ups
    assert term.background(10, 2) != "default"
    assert b"\x1b[?1002h" in term.raw  # drags are reported
    # SGR mouse (1006): button 0 press at column 5, row 3 (1-based), a drag
    # with the button held (32), then the release ("m").
    term.press("\x1b[<0;5;3M")
    term.press("\x1b[<32;6;3M")
    term.press("\x1b[<0;6;3m")
    term.press("\x1b")
    term.wait_for("mouse press 2 4", "mouse drag 2 5", "mouse release 2 5", "key '^['")
    term.press("\n")
    term.wait_for("key '\\n'")
    term.press("q")
    assert term.wait_for_exit() == 0
    assert b"\x1b[?1002l" in term.raw  # and no longer after the game
