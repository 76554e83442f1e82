"""2048's full screen on the shared shell: its colours, and the app the shell runs.

The colours are the original web game's palette, matched to the nearest
of the 256 xterm colours, or to bands of the 8 basic ones; the marks of
issue 16 (the new tile's ring) have their own colour. :class:`App` joins
the :class:`~.controller.Controller` (keys in, a Screen out) and
:func:`~.layout.render` (a Screen laid out as spans) into the
:class:`~.shell.FullScreenApp` that :func:`.shell.run` drives; the
terminal itself (curses, signals, giving it back) is the shell's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from gamestate.palette import BOARD_COLOUR, PALETTE, palette_key

from .controller import Controller
from .layout import render
from .shell import ControllerApp, Span, Style, xterm_index

NEW_TILE_RING: Final = "#f9f6f2"
"""The ring around a new tile: the web game's light text colour, clear on the board."""

# The 8 basic colours (curses COLOR_BLACK ... COLOR_WHITE are 0 to 7).
BLACK, RED, GREEN, YELLOW, BLUE, CYAN, WHITE = 0, 1, 2, 3, 4, 6, 7
# With only 8 colours: (text, background) per tile, in bands that follow
# the original (pale, orange-red, yellow, dark). Never plain magenta
# (term2048#24: it reads badly on many terminals).
EIGHT_COLOURS: Final[Mapping[int, tuple[int, int]]] = {
    0: (BLACK, WHITE),
    2: (BLACK, WHITE),
    4: (BLACK, CYAN),
    8: (BLACK, YELLOW),
    16: (WHITE, RED),
    32: (YELLOW, RED),
    64: (WHITE, BLUE),
    128: (BLACK, GREEN),
    256: (WHITE, GREEN),
    512: (BLUE, YELLOW),
    1024: (RED, YELLOW),
    2048: (WHITE, YELLOW),
    4096: (YELLOW, BLACK),
}
EIGHT_BOARD: Final = BLACK


def tile_colours(rich: bool) -> dict[int, tuple[int, int]]:
    """(text, background) colour numbers per PALETTE key.

    ``rich``: the terminal has 256 colours, so the web palette is matched
    to the nearest xterm colours; otherwise the 8-colour bands.
    """
    if not rich:
        return dict(EIGHT_COLOURS)
    colours: dict[int, tuple[int, int]] = {}
    for value, (background, text) in PALETTE.items():
        used = frozenset(pair[1] for pair in colours.values())
        colours[value] = (xterm_index(text), xterm_index(background, avoid=used))
    return colours


def styles() -> dict[str, Style]:
    """Every role of the 2048 screen: each possible tile value, the board,
    the new tile's ring, and bold text for the title, status and overlays."""
    rich, eight = tile_colours(rich=True), tile_colours(rich=False)
    found = {
        "title": Style(bold=True),
        "status": Style(bold=True),
        "overlay": Style(bold=True),
    }
    for power in range(31):
        value = 0 if power == 0 else 1 << power
        key = palette_key(value)
        (fg, bg), (fg8, bg8) = rich[key], eight[key]
        found[f"tile:{value}"] = Style(fg, bg, fg8, bg8, bold=True)
    found["tile"] = found["tile:0"]
    board = xterm_index(BOARD_COLOUR)
    found["board"] = Style(board, board, EIGHT_BOARD, EIGHT_BOARD)
    ring = xterm_index(NEW_TILE_RING)
    # A new tile is a 2 or a 4: white or cyan with 8 colours, so its ring
    # is yellow there (a white ring would look like a merged tile's pop).
    found["new"] = Style(ring, ring, YELLOW, YELLOW)
    return found


class App(ControllerApp[Controller]):
    """The 2048 controller as an app of the shared shell."""

    def styles(self) -> Mapping[str, Style]:
        return styles()

    def frame(self, width: int, height: int, *, colour: bool) -> list[Span]:
        return render(self.controller.screen(), width, height, colour=colour)
