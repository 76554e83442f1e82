"""Dots' web piece (the page's half is ``static/dots.js``).

Cells are (row, col) from 0 in the API, row 0 the top; words for people
(hints) count rows and columns from 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from gamestate.dots import SIZE, CellT, GameBoardT, Level

from ...dots import savefile as dots_savefile
from ...dots.adapter import Dots
from ...session import MoveRefusedError, Session
from .base import JSON, Cell, SavedGame, new_seed, refused


class DotsPath(NamedTuple):
    """Dots: the dots of one path, (row, col), row 0 the top."""

    path: tuple[Cell, ...]


def fall_distances(cleared: frozenset[Cell]) -> list[list[int]]:
    """How many rows each dot of the grid after a move fell (the page's
    "dots fall in"): the dots above a cleared one fall one row per cleared
    dot below them, and each column's new dots come in from above it."""
    fall = [[0] * SIZE for _ in range(SIZE)]
    for c in range(SIZE):
        gone = sorted(r for r, col in cleared if col == c)
        kept = [r for r in range(SIZE) if (r, c) not in cleared]
        for r in range(len(gone)):
            fall[r][c] = len(gone)
        for new_row, old_row in enumerate(kept, start=len(gone)):
            fall[new_row][c] = new_row - old_row
    return fall


class DotsGame(SavedGame):
    """Dots on a :class:`Session` of :class:`GameBoardT`."""

    kind = "dots"
    intent_kind = DotsPath
    intent_tag = "path"
    intent_words = "path of dots"
    extension = "dots"

    def __init__(self, game: GameBoardT, moves: int) -> None:
        session = Session(Dots(game.level), game, game.level.seed, "", loaded=False)
        super().__init__(session, moves)

    @property
    def game(self) -> GameBoardT:
        model: GameBoardT = self.session.model
        return model

    @classmethod
    def new(cls, options: JSON) -> DotsGame:
        level = Level(
            seed=new_seed(options.get("seed")),
            random_board=options.get("random_board", True),
            moves=options.get("moves", 20),
            objective=(CellT(options.get("colour", "R")), options.get("objective", 20)),
            squares=options.get("squares", True),
        )
        return cls(GameBoardT(**level._asdict()), 0)

    @classmethod
    def load(cls, text: str, source: str) -> DotsGame:
        game = dots_savefile.parse_save(text, source)
        return cls(game, game.level.moves - game.get_moves())

    def finished(self) -> bool:
        return self.session.ended or not self.game.has_path()

    def view(self) -> JSON:
        game = self.game
        colour, count = game.get_obj()
        level = game.level
        won, over = game.is_win(), game.game_over()
        return {
            "seed": str(level.seed),
            "grid": [[cell.value for cell in row] for row in game.get_boardT()],
            "moves_left": game.get_moves(),
            "moves": self.moves,
            "level_moves": level.moves,
            "objective": {
                "colour": colour.value,
                "left": max(count, 0),
                "total": level.objective[1],
            },
            "score": game.get_score(),
            "squares": game.squares,
            "won": won,
            "over": over and not won,
            "stuck": not won and not over and not game.has_path(),
            "last": self.last,
        }

    def _play(self, intent: DotsPath) -> None:
        path = intent.path
        cleared = self.game.cleared_by(path) if _on_board(path) else frozenset()
        try:
            effects = self.session.play(path)
        except MoveRefusedError as error:
            raise refused(error, "path") from None
        self.last = {
            "path": [list(cell) for cell in path],
            "cleared": sorted([r, c] for r, c in cleared),
            "fall": fall_distances(cleared),
            "gained": effects.gained,
            "square": effects.square,
        }

    @classmethod
    def intent_of(cls, fields: JSON) -> DotsPath:
        return DotsPath(tuple((r, c) for r, c in fields["path"]))

    def _web_intent(self, intent: tuple[Cell, ...]) -> tuple[DotsPath, str]:
        return DotsPath(tuple(intent)), path_words(intent)


def path_words(path: Sequence[Cell]) -> str:
    """A path in words, rows and columns counted from 1 as the page names
    its dots (``red dot, row 1, column 5``) and Forty Thieves its piles."""
    return "join " + ", ".join(f"row {r + 1} column {c + 1}" for r, c in path)


def _on_board(path: Sequence[Cell]) -> bool:
    return all(0 <= r < SIZE and 0 <= c < SIZE for r, c in path)
