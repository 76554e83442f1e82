"""The Forty Thieves full screen on the shared shell: colours, and the app.

White cards with red and black suits on a green felt, the chosen card in
yellow, the hint's two piles in light blue, the cards the last move put
down in pink for a moment, the deck as a blue card back
showing how many cards it holds. With 8 colours the nearest basic ones;
with ``NO_COLOR`` or no colours the layout marks cards with characters
instead. Cards are written as the controller writes them in the status
line (suit symbols where the terminal shows them, else letters: ``7S``).
:class:`App` joins the controller and the layout into
the :class:`~playmanager.screen.shell.FullScreenApp` the shell runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ...screen.input import MouseEvent
from ...screen.shell import ControllerApp, Span, Style, xterm_index
from .controller import Controller
from .layout import BLACK, RED, pile_at, render

# The 8 basic colours (curses COLOR_BLACK ... COLOR_WHITE are 0 to 7).
BLACK8, RED8, GREEN8, YELLOW8, BLUE8, MAGENTA8, CYAN8, WHITE8 = 0, 1, 2, 3, 4, 5, 6, 7

FELT: Final = "#1f7a3a"
SLOT: Final = "#125c2a"
CARD: Final = "#ffffff"
RED_SUIT: Final = "#c8102e"
BLACK_SUIT: Final = "#000000"
CHOSEN: Final = "#ffd75f"
HINTED: Final = "#87d7ff"
MOVED: Final = "#ffafd7"
"""Pink: unlike the white cards, the chosen card's yellow, the hint's blue
and the felt."""
BACK: Final = "#1f4fa8"
LABEL: Final = "#d7ffd7"
EDGE: Final = "#a8a8a8"
"""The rule between two cards of a pile: light grey, quieter than the suits."""


def styles() -> dict[str, Style]:
    """Every role of the layout (see its docstring)."""
    x = xterm_index
    suits = {RED: (x(RED_SUIT), RED8), BLACK: (x(BLACK_SUIT), BLACK8)}
    found = {
        "title": Style(bold=True),
        "status": Style(bold=True),
        "overlay": Style(bold=True),
        "felt": Style(x(FELT), x(FELT), GREEN8, GREEN8),
        "label": Style(x(LABEL), x(FELT), WHITE8, GREEN8),
        "cursor": Style(x(BLACK_SUIT), x(LABEL), BLACK8, WHITE8, bold=True),
        "slot": Style(x(SLOT), x(SLOT), BLACK8, BLACK8),
        "back": Style(x(CARD), x(BACK), WHITE8, BLUE8, bold=True),
        "selected": Style(x(BLACK_SUIT), x(CHOSEN), BLACK8, YELLOW8, bold=True),
        "hint": Style(x(BLACK_SUIT), x(HINTED), BLACK8, CYAN8, bold=True),
        "moved": Style(x(BLACK_SUIT), x(MOVED), WHITE8, MAGENTA8, bold=True),
        "edge": Style(x(EDGE), x(CARD), BLACK8, WHITE8),
    }
    for value, (fg, fg8) in suits.items():
        found[f"card:{value}"] = Style(fg, x(CARD), fg8, WHITE8, bold=True)
        # a card under another: its lower edge is the line between two cards
        found[f"covered:{value}"] = Style(
            fg, x(CARD), fg8, WHITE8, bold=True, underline=True
        )
        found[f"selected:{value}"] = Style(fg, x(CHOSEN), fg8, YELLOW8, bold=True)
        found[f"hint:{value}"] = Style(fg, x(HINTED), fg8, CYAN8, bold=True)
        # 8 colours: white on magenta for either suit (red on it reads badly)
        found[f"moved:{value}"] = Style(fg, x(MOVED), WHITE8, MAGENTA8, bold=True)
    found["card"] = found[f"card:{BLACK}"]
    found["covered"] = found[f"covered:{BLACK}"]
    return found


class App(ControllerApp[Controller]):
    """The Forty Thieves controller as an app of the shared shell."""

    wants_mouse = True

    def __init__(self, controller: Controller, *, drawn: bool = False) -> None:
        """``drawn``: the terminal shows line-drawing characters."""
        super().__init__(controller)
        self.size = (0, 0)
        self.drawn = drawn

    def styles(self) -> Mapping[str, Style]:
        return styles()

    def frame(self, width: int, height: int, *, colour: bool) -> list[Span]:
        self.size = (width, height)
        screen = self.controller.screen()
        return render(
            screen,
            width,
            height,
            colour=colour,
            card_text=self.controller.card_text,
            drawn=self.drawn,
        )

    def mouse(self, event: MouseEvent) -> None:
        pile = pile_at(*self.size, event.row, event.col)
        if event.action == "press" and event.button == 1:
            self.controller.mouse_press(pile)
        elif event.action == "release":
            self.controller.mouse_release(pile)
