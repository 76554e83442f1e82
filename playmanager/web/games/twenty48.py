"""2048's web piece (the page's half is ``static/twenty48.js``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from gamestate import Config, Direction, GameState

from ...options import LONG_MAX, LONG_MIN
from ...session import MoveRefusedError, Session
from ...twenty48.adapter import Twenty48
from ...twenty48.play2048 import start_game
from ...twenty48.rules import MAX_SIDE, MVC, PRESETS, WinTracker
from ...twenty48.savefile import parse_save
from .base import (
    JSON,
    Cell,
    NothingMovedError,
    RefusedError,
    WebGame,
    is_count,
    is_whole_number,
    new_seed,
    step_field,
)

WEB_MAX_SIDE: Final = 12
"""The biggest 2048 board the page draws; bigger saves play in the terminal."""
DIRECTIONS: Final = {d.name.lower(): d for d in Direction}
GENERATOR_STATES: Final = 1 << 48
"""java.util.Random's states: 48 bits."""


class Slide(NamedTuple):
    """2048: slide every tile toward ``direction`` (up, down, left, right)."""

    direction: str


def _lines_toward(rows: int, cols: int, direction: Direction) -> list[list[Cell]]:
    """The board's lines, each listed from the wall its tiles slide to."""
    if direction in (Direction.LEFT, Direction.RIGHT):
        lines = [[(r, c) for c in range(cols)] for r in range(rows)]
    else:
        lines = [[(r, c) for r in range(rows)] for c in range(cols)]
    if direction in (Direction.RIGHT, Direction.DOWN):
        lines = [line[::-1] for line in lines]
    return lines


def tile_motion(
    board: Sequence[Sequence[int]], direction: Direction
) -> list[tuple[Cell, Cell]]:
    """Where each tile of ``board`` goes when it slides toward ``direction``
    ((from, to) pairs), for the page's slide animation only: the board
    after the move is the model's (a test checks that the two agree).
    """
    motion: list[tuple[Cell, Cell]] = []
    rows, cols = len(board), len(board[0])
    for line in _lines_toward(rows, cols, direction):
        placed = 0
        open_value = 0  # the last placed tile, while it may still merge
        for r, c in line:
            value = board[r][c]
            if not value:
                continue
            if value == open_value:
                to = line[placed - 1]
                open_value = 0
            else:
                to = line[placed]
                placed += 1
                open_value = value
            motion.append(((r, c), to))
    return motion


def _refuse_a_big_board(rows: int, cols: int, source: str) -> None:
    """Refuse a board the page cannot show (one too big for any save is
    left to the loader to name)."""
    if WEB_MAX_SIDE < max(rows, cols) <= MAX_SIDE:
        raise RefusedError(
            "text",
            f"{source}: the board is {rows}x{cols}; the page shows boards up "
            f"to {WEB_MAX_SIDE}x{WEB_MAX_SIDE}: play it in the terminal",
        )


class Twenty48Game(WebGame):
    """2048 on a :class:`Session` of :class:`GameState`, with the rules of
    a preset (java or mvc) and their win.

    ``earned`` is the score this game made on this server (a loaded save's
    score is not: the best score counts only what was played here).
    """

    kind = "2048"
    intent_kind = Slide
    intent_tag = "slide"
    intent_words = "slide (a direction)"
    extension = "2048"

    def __init__(
        self,
        game: GameState,
        seed: int,
        rules: str,
        reached: bool,
        moves: int,
        earned: int = 0,
    ) -> None:
        self.rules = PRESETS[rules]
        rows, cols = len(game.getBoard()), len(game.getBoard()[0])
        two_prob = self.rules.two_prob

        def make_game(seed: int) -> GameState:
            return start_game(rows, cols, seed, two_prob)

        super().__init__(
            Session(Twenty48(make_game), game, seed, "", loaded=False), moves
        )
        self.tracker = WinTracker(self.rules.goal, reached)
        self.earned = earned

    @property
    def game(self) -> GameState:
        model: GameState = self.session.model
        return model

    @classmethod
    def new(cls, options: JSON) -> Twenty48Game:
        seed = new_seed(options.get("seed"))
        rules = PRESETS[options.get("rules") or MVC.name]
        game = start_game(
            options.get("rows", 4), options.get("cols", 4), seed, rules.two_prob
        )
        made = cls(game, seed, rules.name, False, 0)
        made.tracker.start(game.getBoard())
        return made

    @classmethod
    def load(cls, text: str, source: str) -> Twenty48Game:
        """The Java layout holds the board and the score only: the game gets
        the mvc rules and Java's seed, as the terminal loads it."""
        sides = text.split(None, 2)[:2]
        if len(sides) == 2 and all(side.isdigit() for side in sides):
            # Before reading a million cells: the command line writes 1024x1024.
            _refuse_a_big_board(int(sides[0]), int(sides[1]), source)
        data = parse_save(text, source)
        rows, cols = len(data.board), len(data.board[0])
        _refuse_a_big_board(rows, cols, source)
        seed = Config.RANDOM_SEED  # as the terminal loads a save: Java's seed
        game = GameState(rows, cols, seed=seed, two_prob=MVC.two_prob)
        game.setScore(data.score)
        game.setBoard(data.board)
        made = cls(game, seed, MVC.name, False, 0)
        made.tracker.start(game.getBoard())
        return made

    @classmethod
    def restore(cls, dump: JSON) -> Twenty48Game:
        rules = PRESETS[dump["rules"]]
        game = GameState(
            dump["rows"], dump["cols"], seed=dump["seed"], two_prob=rules.two_prob
        )
        game.setBoard(dump["board"])
        game.setScore(dump["score"])
        game.rng.setstate(dump["rng"])
        made = cls(
            game,
            dump["seed"],
            rules.name,
            dump["reached"],
            dump["moves"],
            dump.get("earned", 0),
        )
        made.last = dump["last"]
        return made

    @classmethod
    def from_step(cls, step: JSON, source: str) -> Twenty48Game:
        """The board and score are checked by the ``.2048`` reader (so a
        browser save holds only boards the Java file may); the rest here."""
        board = step_field(step, "board", source, _is_grid, "rows of whole numbers")
        score = step_field(step, "score", source, is_whole_number, "a whole number")
        java_text = f"{len(board)} {len(board[0])}\n{score}\n" + "".join(
            " ".join(map(str, row)) + "\n" for row in board
        )
        checked = cls.load(java_text, source).dump()
        fields = {
            "rules": step_field(step, "rules", source, _is_rules, "java or mvc"),
            "seed": step_field(step, "seed", source, _is_long, "a Java long"),
            "rng": step_field(
                step, "rng", source, _is_generator, "a 48-bit generator state"
            ),
            "reached": step_field(step, "reached", source, _is_bool, "true or false"),
            "moves": step_field(step, "moves", source, is_count, "a count of moves"),
        }
        return cls.restore({**checked, **fields, "earned": 0, "last": None})

    def restore_marks(self, dump: JSON) -> None:
        super().restore_marks(dump)
        self.tracker.reached = dump["reached"]
        self.earned = dump.get("earned", 0)

    def dump(self) -> JSON:
        board = self.game.getBoard()
        return {
            "rows": len(board),
            "cols": len(board[0]),
            "board": board,
            "score": self.game.getScore(),
            "rng": self.game.rng.getstate(),
            "seed": self.session.seed,
            "rules": self.rules.name,
            "reached": self.tracker.reached,
            "moves": self.moves,
            "earned": self.earned,
            "last": self.last,
        }

    def view(self) -> JSON:
        view = self.dump()
        del view["rng"]
        view["seed"] = str(self.session.seed)  # a Java long: too long for a JS number
        view["goal"] = self.rules.goal
        view["over"] = self.game.isGameOver()
        return view

    def best_score(self) -> int:
        return self.earned

    def score(self) -> int:
        return self.game.getScore()

    def _play(self, intent: Slide) -> None:
        direction = DIRECTIONS.get(intent.direction)
        if direction is None:
            raise RefusedError(
                "direction", "the direction must be up, down, left or right"
            )
        before = self.game.getBoard()
        try:
            effects = self.session.play(direction)
        except MoveRefusedError as error:  # the rules' one refusal: no tile moves
            raise NothingMovedError("direction", str(error)) from None
        self.earned += effects.points
        self.last = {
            "direction": intent.direction,
            "motion": [[*a, *b] for a, b in tile_motion(before, direction)],
            "merged": sorted([r, c] for r, c in effects.merged),
            "new_tile": None if effects.new_tile is None else list(effects.new_tile),
            "gained": effects.points,
            "won": self.tracker.check(self.game.getBoard()),
        }

    def _web_intent(self, intent: Direction) -> tuple[Slide, str]:
        name = intent.name.lower()
        return Slide(name), f"move {name}"


def _is_grid(value: object) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(row, list) and row for row in value)
        and all(is_whole_number(cell) for row in value for cell in row)
    )


def _is_rules(value: object) -> bool:
    return isinstance(value, str) and value in PRESETS


def _is_long(value: object) -> bool:
    return is_whole_number(value) and LONG_MIN <= value <= LONG_MAX


def _is_generator(value: object) -> bool:
    return is_count(value) and value < GENERATOR_STATES


def _is_bool(value: object) -> bool:
    return isinstance(value, bool)
