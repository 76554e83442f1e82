"""2048's full screen on the shared shell: its colours, and the app the shell runs.

The colours are the original web game's palette, matched to the nearest
of the 256 xterm colours (the pale beiges by hue, :data:`WARM_256`), or
to bands of the 8 basic ones. The marks of
a move (rings around the new tile and the merged ones) have colours of
their own, unlike every tile's and the board's, and unlike each other. :class:`App` joins
the :class:`~.controller.Controller` (keys in, a Screen out) and
:func:`~.layout.render` (a Screen laid out as spans) into the
:class:`~.shell.FullScreenApp` that :func:`.shell.run` drives; the
terminal itself (curses, signals, giving it back) is the shell's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from gamestate.palette import PALETTE, palette_key

from ...screen.shell import ControllerApp, Span, Style, xterm_index
from ...screen.widgets import ring_styles
from .controller import Controller
from .layout import render

NEW_TILE_RING: Final = "#00d700"
"""The ring around the new tile: green, unlike every (warm) tile and the board."""
MERGED_RING: Final = "#005fff"
"""The ring around a merged tile: blue, unlike every tile, the board and
the new tile's green."""
MERGED_NEIGHBOUR_RING: Final = "#5fafff"
"""Merged tiles' rings alternate with this lighter blue as a chessboard's
squares do, so two merged neighbours keep two rings (issue 29)."""

WARM_256: Final[Mapping[int | str, int]] = {
    "board": 180,  # (215, 175, 135) for #bbada0
    0: 223,  # (255, 215, 175) for the empty cell's #cdc1b4
    2: 255,  # (238, 238, 238) for #eee4da
    4: 230,  # (255, 255, 215) for #ede0c8
}
"""xterm colours for the original's pale beiges. The xterm cube has no
colour that pale and that little saturated: the nearest ones are greys,
which turn the board grey. These keep the beige's hue and its order of
lightness (board, empty cell, then the 2 and 4 tiles, close to each
other), a little more saturated."""

# The 8 basic colours (curses COLOR_BLACK ... COLOR_WHITE are 0 to 7).
BLACK, RED, GREEN, YELLOW, BLUE, MAGENTA, CYAN, WHITE = 0, 1, 2, 3, 4, 5, 6, 7
# With only 8 colours: (text, background) per tile, in bands that follow
# the original (pale, orange-red, yellow, dark). The board is blue (a
# rectangle on dark and light terminals alike), empty cells are black
# holes in it, and green and magenta are kept for the marks' rings, so no
# tile, ring or board shares a background (the dark tiles from 512 on
# are told from a hole by their number). Never a magenta tile
# (term2048#24: it reads badly on many terminals); a thin ring is fine.
EIGHT_COLOURS: Final[Mapping[int, tuple[int, int]]] = {
    0: (WHITE, BLACK),
    2: (BLACK, WHITE),
    4: (BLACK, CYAN),
    8: (BLACK, YELLOW),
    16: (WHITE, RED),
    32: (YELLOW, RED),
    64: (BLACK, RED),
    128: (BLUE, YELLOW),
    256: (RED, YELLOW),
    512: (YELLOW, BLACK),
    1024: (WHITE, BLACK),
    2048: (CYAN, BLACK),
    4096: (RED, BLACK),
}
EIGHT_BOARD: Final = BLUE
EIGHT_NEW_RING: Final = GREEN
EIGHT_MERGED_RING: Final = MAGENTA
EIGHT_MERGED_NEIGHBOUR_RING: Final = MAGENTA
"""With 8 colours none is left that no tile uses: one magenta."""


def tile_colours(rich: bool) -> dict[int, tuple[int, int]]:
    """(text, background) colour numbers per PALETTE key.

    ``rich``: the terminal has 256 colours, so the web palette is matched
    to the nearest xterm colours; otherwise the 8-colour bands.
    """
    if not rich:
        return dict(EIGHT_COLOURS)
    colours: dict[int, tuple[int, int]] = {}
    taken = frozenset(WARM_256.values())
    for value, (background, text) in PALETTE.items():
        used = taken | frozenset(pair[1] for pair in colours.values())
        matched = WARM_256.get(value) or xterm_index(background, avoid=used)
        colours[value] = (xterm_index(text), matched)
    return colours


def styles() -> dict[str, Style]:
    """Every role of the 2048 screen: each possible tile value, the board,
    the rings of the marks, and bold text for the title, status and overlays."""
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
    board = WARM_256["board"]
    found["board"] = Style(board, board, EIGHT_BOARD, EIGHT_BOARD)
    found |= ring_styles(
        {
            "board": (board, EIGHT_BOARD),
            "new": (xterm_index(NEW_TILE_RING), EIGHT_NEW_RING),
            "merged": (xterm_index(MERGED_RING), EIGHT_MERGED_RING),
            "merged2": (
                xterm_index(MERGED_NEIGHBOUR_RING),
                EIGHT_MERGED_NEIGHBOUR_RING,
            ),
        }
    )
    return found


class App(ControllerApp[Controller]):
    """The 2048 controller as an app of the shared shell."""

    def __init__(self, controller: Controller, *, blocks: bool = True) -> None:
        """``blocks``: the terminal takes block characters (UTF-8), which
        draw the marks' rings in half a gap; else they are characters."""
        super().__init__(controller)
        self.blocks = blocks

    def styles(self) -> Mapping[str, Style]:
        return styles()

    def frame(self, width: int, height: int, *, colour: bool) -> list[Span]:
        screen = self.controller.screen()
        return render(screen, width, height, colour=colour, blocks=self.blocks)
