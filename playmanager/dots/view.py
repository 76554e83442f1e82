"""The MIS's View module: the grid and the status, printed for the player.

The MIS: "print_boardT(): out := Prints the grid to the console row by
row"; "print_info(): out := Prints the state variables objective CellT,
objective target, score, moves". A :class:`View` writes to the stream it
is given, with row and column labels, and each dot as its letter (R, O, G,
B), in its colour when the View is made with a palette (a terminal that
has colours, NO_COLOR unset). The text is built by plain functions, so
the line mode's messages and the tests share it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, TextIO

from gamestate.dots import SIZE, CellT

from ..screen.text_layout import GLUE, HELP_WIDTH, wrap_lines
from ..terminal import RICH_COLOURS, Terminal

NAMES: Final[Mapping[CellT, str]] = {
    CellT.R: "red",
    CellT.O: "orange",
    CellT.G: "green",
    CellT.B: "blue",
}
"""The MIS's colour names (its "CellT.Red"), as the player reads them."""

Palette = Mapping[CellT, str]
"""A dot's colour as an ANSI SGR parameter string (``"1;31"``)."""

BASIC: Final[Palette] = {
    CellT.R: "1;31",
    CellT.O: "1;33",  # no orange among the 8 basic colours: bright yellow
    CellT.G: "1;32",
    CellT.B: "1;34",
}
"""For terminals with the 8 basic colours."""
RICH: Final[Palette] = {
    CellT.R: "1;38;5;196",
    CellT.O: "1;38;5;208",
    CellT.G: "1;38;5;40",
    CellT.B: "1;38;5;33",
}
"""For terminals with 256 colours (xterm's red, orange, green and blue)."""


def palette_for(terminal: Terminal) -> Palette | None:
    """The palette for ``terminal``'s colours: None (plain letters) without
    colours (a pipe, NO_COLOR, TERM=dumb), RICH with 256."""
    if terminal.colours >= RICH_COLOURS:
        return RICH
    return BASIC if terminal.colour else None


def dot(cell: CellT, palette: Palette | None) -> str:
    """One dot: its letter, coloured when there is a palette."""
    if palette is None:
        return cell.value
    return f"\x1b[{palette[cell]}m{cell.value}\x1b[0m"


def board_text(board: Sequence[Sequence[CellT]], palette: Palette | None) -> str:
    """The grid with column numbers above and row numbers left, row 0 on top::

       0 1 2 3 4 5
    0  R R R B R R
    """
    header = "    " + " ".join(str(col) for col in range(SIZE)) + "\n"
    rows = (
        f" {r}  " + " ".join(dot(cell, palette) for cell in row) + "\n"
        for r, row in enumerate(board)
    )
    return header + "".join(rows)


def objective_text(colour: CellT, target: int) -> str:
    """``clear 6 more R (red)``, or ``R (red) cleared`` once reached."""
    if target <= 0:
        return f"{colour.value} ({NAMES[colour]}) cleared"
    return f"clear {target} more {colour.value} ({NAMES[colour]})"


def info_text(
    colour: CellT, target: int, score: int, moves: int, width: int = HELP_WIDTH
) -> str:
    """The status line: objective, score and moves left; where it is wider
    than ``width``, it wraps between the three, never inside one."""
    parts = (
        f"Objective: {objective_text(colour, target)}",
        f"Score: {score}",
        f"Moves left: {moves}",
    )
    line = "   ".join(part.replace(" ", GLUE) for part in parts)
    return "".join(row + "\n" for row in wrap_lines([line], width))


class View:
    """The MIS's View: prints to ``out`` (plain, or coloured with a palette)."""

    def __init__(
        self, out: TextIO, palette: Palette | None = None, width: int = HELP_WIDTH
    ) -> None:
        self.out = out
        self.palette = palette
        self.width = width

    def print_boardT(self, board: Sequence[Sequence[CellT]]) -> None:  # noqa: N802 -- the MIS name
        """Print the grid row by row, row 0 (the top) first, with labels."""
        self.out.write(board_text(board, self.palette))

    def print_info(self, colour: CellT, target: int, score: int, moves: int) -> None:
        """Print the objective (``colour``, ``target`` dots still to clear),
        the score and the moves left, in the MIS's argument order."""
        self.out.write(info_text(colour, target, score, moves, self.width))
