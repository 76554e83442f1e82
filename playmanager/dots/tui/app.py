"""Dots on the shared curses shell: its colours, and the app the shell runs.

:class:`App` joins the :class:`~.controller.Controller` (keys and mouse
events in, a Screen out) and :func:`~.layout.render` into the
:class:`~playmanager.screen.shell.FullScreenApp` that the shell drives; the
terminal itself (curses, signals, giving it back) is the shell's. The
mouse comes in screen rows and columns and goes to the controller as the
dot under it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from gamestate.dots import CellT

from ...screen.input import MouseEvent
from ...screen.shell import ControllerApp, Span, Style, xterm_index
from ...screen.widgets import ring_styles
from .controller import Controller
from .layout import grid_for, render, role_value

# The dots' colours on a dark board, as hex (matched to the nearest xterm
# colour) and, for 8-colour terminals, the curses colour numbers.
BLACK, RED, GREEN, YELLOW, BLUE, MAGENTA, CYAN, WHITE = 0, 1, 2, 3, 4, 5, 6, 7
DOT_COLOURS: Final[Mapping[CellT, tuple[str, int]]] = {
    CellT.R: ("#e5473c", RED),
    CellT.O: ("#f5962a", YELLOW),  # no orange among the 8: yellow
    CellT.G: ("#4cc04c", GREEN),
    CellT.B: ("#3d8ae5", BLUE),
}
BOARD_COLOUR: Final = "#262626"
LETTER_COLOUR: Final = "#1c1c1c"
CURSOR_COLOUR: Final = "#eeeeee"
FRESH_COLOUR: Final = "#808080"
FRESH_NEIGHBOUR_COLOUR: Final = "#bcbcbc"
"""New dots' rings alternate between two greys, as a chessboard's squares
do, so that two rings that meet in a gap stay two (issue 29)."""


def styles() -> dict[str, Style]:
    """Every role of the Dots screen: the dots (and the path's bars, in
    their colours), the board, the cursor, bold text for the title,
    status and overlays."""
    letter = xterm_index(LETTER_COLOUR)
    found = {
        "title": Style(bold=True),
        "status": Style(bold=True),
        "overlay": Style(bold=True),
        "cursor": Style(bold=True),  # the brackets without colours
    }
    board = xterm_index(BOARD_COLOUR)
    found["board"] = Style(board, board, BLACK, BLACK)
    found |= ring_styles(
        {
            "board": (board, BLACK),
            "cursor": (xterm_index(CURSOR_COLOUR), WHITE),
            "fresh": (xterm_index(FRESH_COLOUR), CYAN),
            "fresh2": (xterm_index(FRESH_NEIGHBOUR_COLOUR), MAGENTA),
        }
    )
    for colour, (hex_colour, eight) in DOT_COLOURS.items():
        found[f"dot:{role_value(colour)}"] = Style(
            letter, xterm_index(hex_colour), BLACK, eight, bold=True
        )
        # A rim is a half block: the dot's colour on the board's.
        found[f"rim:{role_value(colour)}"] = Style(
            xterm_index(hex_colour), board, eight, BLACK
        )
    found["dot"] = Style(bold=True)
    return found


class App(ControllerApp[Controller]):
    """The Dots controller as an app of the shared shell, with the mouse."""

    wants_mouse = True

    def __init__(self, controller: Controller, *, round_dots: bool) -> None:
        """``round_dots``: the terminal takes UTF-8, so half blocks round
        the dots off."""
        super().__init__(controller)
        self.round_dots = round_dots
        self.size = (80, 24)

    def styles(self) -> Mapping[str, Style]:
        return styles()

    def frame(self, width: int, height: int, *, colour: bool) -> list[Span]:
        self.size = (width, height)
        screen = self.controller.screen()
        return render(screen, width, height, colour=colour, round_dots=self.round_dots)

    def mouse(self, event: MouseEvent) -> None:
        """Presses, drags and releases of the left button, on dots."""
        grid = grid_for(*self.size)
        cell = None if grid is None else grid.cell_at(event.row, event.col)
        if event.action == "press" and event.button == 1:
            self.controller.mouse_press(cell)
        elif event.action == "drag":
            self.controller.mouse_drag(cell)
        elif event.action == "release":
            self.controller.mouse_release(cell)
