"""What Dots says to the player, in the line mode and on the full screen.

One place for each sentence, so the two front ends and the tests cannot
drift apart. Functions return text without a final newline.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from gamestate.dots import CellT, GameBoardT
from gamestate.dots.board import closes_square

from .. import messages as shared
from .. import rules_text
from ..messages import count
from .paths import FORMAT_HELP, Cell, format_path
from .view import NAMES, objective_text

RULES: Final = "\n".join(rules_text.DOTS)
"""The rules (:mod:`playmanager.rules_text`, as the full screen's help)."""
SQUARES_RULE: Final = rules_text.DOTS_SQUARES
TYPE_A_KEY: Final = (
    "Space starts a path at the cursor, or use the mouse; " + shared.KEYS_HINT
)
TYPE_A_PATH: Final = (
    "Type a path such as 0,0 0,1 0,2 (row,col; row 0 is the top), or help."
)


def level_text(game: GameBoardT) -> str:
    """``clear 6 R (red) in 4 moves``: the level ``game`` started as."""
    colour, target = game.level.objective
    moves = game.level.moves
    return f"clear {target} {colour.value} ({NAMES[colour]}) in {count(moves, 'move')}"


def cleared_text(colour: CellT, count: int) -> str:
    return f"{count} {colour.value}"


class Ending(NamedTuple):
    """How a game ended: a title ("You win!", "Game over") and what happened."""

    title: str
    detail: str

    @property
    def won(self) -> bool:
        return self.title == WIN_TITLE

    def line(self) -> str:
        """One sentence for the line mode."""
        if self.won:
            return f"{self.title} {self.detail}"
        return f"{self.title}: {self.detail[0].lower()}{self.detail[1:]}"


WIN_TITLE: Final = shared.WIN
LOSS_TITLE: Final = "Game over"


def ending(game: GameBoardT) -> Ending | None:
    """How the game ended, or None while it goes on (a game with no move
    left is lost: no path can be played)."""
    colour, target = game.get_obj()
    score = f"Score: {game.get_score()}."
    if game.is_win():
        spare = count(game.get_moves(), "move")
        return Ending(
            WIN_TITLE,
            f"{objective_text(colour, target)} with {spare} to spare. {score}",
        )
    if game.game_over():
        still = cleared_text(colour, target)
        return Ending(LOSS_TITLE, f"Out of moves, with {still} still to clear. {score}")
    if not game.has_path():
        return Ending(
            LOSS_TITLE, f"No two neighbouring dots match: no move is left. {score}"
        )
    return None


def hint_text(game: GameBoardT, path: list[Cell] | None) -> str:
    """The hint as the player can type it back, and what it clears."""
    if path is None:
        return "No move is left to hint at."
    colour = game.get_boardT()[path[0][0]][path[0][1]]
    if game.squares and closes_square(path):
        everything = len(game.cleared_by(path))
        gain = f"a square: clears all {cleared_text(colour, everything)}"
    else:
        gain = f"clears {cleared_text(colour, len(path))}"
    return f"Hint: {format_path(path)} ({gain})"


def square_text(colour: CellT) -> str:
    return f"Square! Every {colour.value} ({NAMES[colour]}) is cleared."


HELP: Final = (
    f"A path is {FORMAT_HELP} (row 0 is the top row).",
    "o FILE (or save FILE) saves to FILE from then on. The commands:",
)
