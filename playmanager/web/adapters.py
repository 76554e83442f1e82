"""One adapter per game: what the web server asks of a game in play.

Each adapter wraps a model of :mod:`gamestate` and the game's own save
format, and answers in plain JSON-ready values: the state to draw
(:meth:`view`), an intent played or refused (:meth:`play`), a hint, an
autoplay step, the save text and a dump to keep in the database. The
rules stay in the model; an adapter only translates. Undo is the
database's: every dump is one step of the game's history.

Nothing here imports FastAPI, so the adapters are tested on their own.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final, NamedTuple

from gamestate import Config, Direction, GameState
from gamestate.dots import SIZE, CellT, GameBoardT, Level, RefusedMoveError
from gamestate.effects import added_tile, slide_effects
from gamestate.forty_thieves import BoardT, CategoryT, deal
from gamestate.forty_thieves.board import FOUNDATION_PILES, TABLEAU_PILES
from gamestate.forty_thieves.moves import (
    DeckMove,
    Move,
    TabMove,
    WasteMove,
    apply,
    describe,
    foundation_move,
    why_invalid,
    why_no_foundation,
)

from ..dots import savefile as dots_savefile
from ..forty_thieves import savefile as ft_savefile
from ..options import LONG_MAX, LONG_MIN, draw_seed
from ..twenty48.rules import MVC, PRESETS, WinTracker
from ..twenty48.savefile import format_save, parse_save

JSON = dict[str, Any]
Cell = tuple[int, int]

WEB_MAX_SIDE: Final = 12
"""The biggest 2048 board the page draws; bigger saves play in the terminal."""
FT_HINT_MS: Final = 300
"""How long a Forty Thieves hint may search, as in the terminal."""
DB_SOURCE: Final = "the game database"
"""How a dump read back from the database is named if it ever fails."""


class Refused(Exception):
    """An intent the game cannot take: ``field`` names the input at fault,
    ``message`` says why in one line. The game is unchanged."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class Slide(NamedTuple):
    """2048: slide every tile toward ``direction`` (up, down, left, right)."""

    direction: str


class CardMove(NamedTuple):
    """Forty Thieves: the top card of ``source`` onto ``target``.

    Piles are ``t0``..``t9`` (tableau), ``f0``..``f7`` (foundations),
    ``waste`` and ``deck``; the target ``home`` is the first foundation
    that takes the card (a double-click).
    """

    source: str
    target: str


class DotsPath(NamedTuple):
    """Dots: the dots of one path, (row, col), row 0 the top."""

    path: tuple[Cell, ...]


Intent = Slide | CardMove | DotsPath


def new_seed(seed: int | None) -> int:
    """``seed`` when given, else a random Java long."""
    return draw_seed() if seed is None else seed


class WebGame(ABC):
    """A game in play, as the server drives it."""

    kind: ClassVar[str]
    """The game's name in :data:`playmanager.games.GAMES`."""
    intent_kind: ClassVar[type]
    """The intent this game takes."""
    extension: ClassVar[str]
    """The suffix of its save files (no dot)."""

    @classmethod
    @abstractmethod
    def new(cls, options: JSON) -> WebGame:
        """A new game; ``options`` are already validated by the API."""

    @classmethod
    @abstractmethod
    def load(cls, text: str, source: str) -> WebGame:
        """The game a save file's ``text`` holds; raise SaveFileError
        (the terminal's loader, the terminal's messages) or Refused."""

    @classmethod
    @abstractmethod
    def restore(cls, dump: JSON) -> WebGame:
        """The game :meth:`dump` wrote."""

    @abstractmethod
    def dump(self) -> JSON:
        """Everything needed to go on exactly from here (JSON-ready)."""

    @abstractmethod
    def save_text(self) -> str:
        """The save file the terminal writes for this game."""

    @abstractmethod
    def view(self) -> JSON:
        """What the page draws."""

    @abstractmethod
    def finished(self) -> bool:
        """Whether no move is possible (won, lost or stuck)."""

    @abstractmethod
    def _play(self, intent: Any) -> None:
        """Play an intent of :attr:`intent_kind`; raise Refused."""

    @abstractmethod
    def hint(self) -> tuple[Intent, str] | None:
        """A good next intent and its words, or None when none is left."""

    def play(self, intent: Intent) -> None:
        """Play ``intent``; raise Refused (nothing changed) when it cannot be."""
        if not isinstance(intent, self.intent_kind):
            raise Refused(
                "intent", f"this game is {self.kind}: it takes a {self.intent_name()}"
            )
        self._play(intent)

    @classmethod
    def intent_name(cls) -> str:
        return _INTENT_NAMES[cls.intent_kind]

    def autoplay_step(self) -> tuple[Intent, str] | None:
        """Play the hint; return it, or None (nothing played) when the game
        is over or no move is left."""
        if self.finished():
            return None
        found = self.hint()
        if found is not None:
            self.play(found[0])
        return found


_INTENT_NAMES: Final[dict[type, str]] = {
    Slide: "slide (a direction)",
    CardMove: "card move (source and target piles)",
    DotsPath: "path of dots",
}


# ---------------------------------------------------------------- 2048
DIRECTIONS: Final = {d.name.lower(): d for d in Direction}


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
    ((from, to) pairs, for the page's slide animation).

    The page animates; the model decides: the result is checked against
    the model's slide (:func:`slide_effects`) and dropped if they differ.
    """
    motion: list[tuple[Cell, Cell]] = []
    rows, cols = len(board), len(board[0])
    slid = [[0] * cols for _ in range(rows)]
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
            slid[to[0]][to[1]] += value
            motion.append(((r, c), to))
    expected = slide_effects(board, direction).board
    return motion if [list(row) for row in expected] == slid else []


class Twenty48(WebGame):
    """2048 on :class:`GameState`, with the rules of a preset (java or mvc)."""

    kind = "2048"
    intent_kind = Slide
    extension = "2048"

    def __init__(
        self, game: GameState, seed: int, rules: str, reached: bool, moves: int
    ) -> None:
        self.game = game
        self.seed = seed
        self.rules = PRESETS[rules]
        self.tracker = WinTracker(self.rules.goal, reached)
        self.moves = moves
        self.last: JSON | None = None

    @classmethod
    def new(cls, options: JSON) -> Twenty48:
        seed = new_seed(options.get("seed"))
        rules = PRESETS[options.get("rules") or MVC.name]
        game = GameState(
            options.get("rows", 4), options.get("cols", 4), seed=seed,
            two_prob=rules.two_prob,
        )
        for _ in range(Config.INITIAL_TILE_COUNT):
            game.addTile()
        made = cls(game, seed, rules.name, False, 0)
        made.tracker.start(game.getBoard())
        return made

    @classmethod
    def load(cls, text: str, source: str) -> Twenty48:
        data = parse_save(text, source)
        rows, cols = len(data.board), len(data.board[0])
        if max(rows, cols) > WEB_MAX_SIDE:
            raise Refused(
                "text",
                f"{source}: the board is {rows}x{cols}; the page shows boards up "
                f"to {WEB_MAX_SIDE}x{WEB_MAX_SIDE}: play it in the terminal",
            )
        seed = Config.RANDOM_SEED  # as the terminal loads a save: Java's seed
        game = GameState(rows, cols, seed=seed, two_prob=MVC.two_prob)
        game.setScore(data.score)
        game.setBoard(data.board)
        made = cls(game, seed, MVC.name, False, 0)
        made.tracker.start(game.getBoard())
        return made

    @classmethod
    def restore(cls, dump: JSON) -> Twenty48:
        rules = PRESETS[dump["rules"]]
        game = GameState(
            dump["rows"], dump["cols"], seed=dump["seed"], two_prob=rules.two_prob
        )
        game.setBoard(dump["board"])
        game.setScore(dump["score"])
        game.rng.setstate(dump["rng"])
        made = cls(game, dump["seed"], rules.name, dump["reached"], dump["moves"])
        made.last = dump["last"]
        return made

    def dump(self) -> JSON:
        board = self.game.getBoard()
        return {
            "rows": len(board),
            "cols": len(board[0]),
            "board": board,
            "score": self.game.getScore(),
            "rng": self.game.rng.getstate(),
            "seed": self.seed,
            "rules": self.rules.name,
            "reached": self.tracker.reached,
            "moves": self.moves,
            "last": self.last,
        }

    def save_text(self) -> str:
        return format_save(self.game)

    def finished(self) -> bool:
        return self.game.isGameOver()

    def view(self) -> JSON:
        view = self.dump()
        del view["rng"]
        view["seed"] = str(self.seed)  # a Java long: more digits than a JS number
        view["goal"] = self.rules.goal
        view["over"] = self.game.isGameOver()
        return view

    def _play(self, intent: Slide) -> None:
        direction = DIRECTIONS.get(intent.direction)
        if direction is None:
            raise Refused("direction", "the direction must be up, down, left or right")
        before = self.game.getBoard()
        effects = slide_effects(before, direction)
        if not self.game.move(direction):
            raise Refused("direction", f"nothing moves {intent.direction}")
        after = self.game.getBoard()
        new_tile = added_tile(effects.board, after)
        self.moves += 1
        self.last = {
            "direction": intent.direction,
            "motion": [[*a, *b] for a, b in tile_motion(before, direction)],
            "merged": sorted([r, c] for r, c in effects.merged),
            "new_tile": None if new_tile is None else list(new_tile),
            "gained": effects.gained,
            "won": self.tracker.check(after),
        }

    def hint(self) -> tuple[Intent, str] | None:
        from gamestate.solver import best_move  # only when asked: it is big

        direction = best_move(self.game)
        if direction is None:
            return None
        name = direction.name.lower()
        return Slide(name), f"move {name}"


# ---------------------------------------------------------------- Forty Thieves
def _card(card: object) -> str:
    return str(card)


def _pile_of(text: str, field: str) -> tuple[CategoryT, int]:
    """The pile a name means: t0..t9, f0..f7, waste, deck."""
    if text == "waste":
        return CategoryT.Waste, 0
    if text == "deck":
        return CategoryT.Deck, 0
    kind, number = text[:1], text[1:]
    limits = {"t": (CategoryT.Tableau, TABLEAU_PILES), "f": (CategoryT.Foundation,
                                                            FOUNDATION_PILES)}
    if kind in limits and number.isdigit() and len(number) == 1:
        category, count = limits[kind]
        if int(number) < count:
            return category, int(number)
    raise Refused(
        field,
        f"{field} must be t0 to t9, f0 to f7, waste or deck"
        + (" (or home)" if field == "target" else ""),
    )


def _pile_name(category: CategoryT, n: int) -> str:
    if category is CategoryT.Tableau:
        return f"t{n}"
    if category is CategoryT.Foundation:
        return f"f{n}"
    return category.value


def _move_of(board: BoardT, intent: CardMove) -> Move:
    """The model's move for an intent; Refused when it names no move."""
    source, n0 = _pile_of(intent.source, "source")
    if source is CategoryT.Deck:
        if intent.target != "waste":
            raise Refused("target", "a card from the deck goes to the waste")
        return DeckMove()
    if source is CategoryT.Foundation:
        raise Refused("source", "a card on a foundation stays there")
    if intent.target == "home":
        move = foundation_move(board, None if source is CategoryT.Waste else n0)
        if move is None:
            raise Refused(
                "target",
                why_no_foundation(board, None if source is CategoryT.Waste else n0),
            )
        return move
    target, n1 = _pile_of(intent.target, "target")
    if target not in (CategoryT.Tableau, CategoryT.Foundation):
        raise Refused("target", "a card goes to a tableau pile or a foundation")
    if source is CategoryT.Waste:
        return WasteMove(target, n1)
    return TabMove(target, n0, n1)


def _move_names(move: Move) -> CardMove:
    if isinstance(move, DeckMove):
        return CardMove("deck", "waste")
    if isinstance(move, TabMove):
        return CardMove(f"t{move.n0}", _pile_name(move.c, move.n1))
    return CardMove("waste", _pile_name(move.c, move.n))


class FortyThieves(WebGame):
    """Forty Thieves on :class:`BoardT`, its deal's seed and a move count."""

    kind = "forty-thieves"
    intent_kind = CardMove
    extension = "forty-thieves"

    def __init__(self, board: BoardT, seed: int, moves: int) -> None:
        self.board = board
        self.seed = seed
        self.moves = moves
        self.last: JSON | None = None

    @classmethod
    def new(cls, options: JSON) -> FortyThieves:
        seed = new_seed(options.get("seed"))
        return cls(BoardT(deal(seed)), seed, 0)

    @classmethod
    def load(cls, text: str, source: str) -> FortyThieves:
        saved = ft_savefile.loads(text, source)
        return cls(saved.board, saved.seed, 0)

    @classmethod
    def restore(cls, dump: JSON) -> FortyThieves:
        made = cls.load(dump["save"], DB_SOURCE)
        made.moves = dump["moves"]
        made.last = dump["last"]
        return made

    def dump(self) -> JSON:
        return {"save": self.save_text(), "moves": self.moves, "last": self.last}

    def save_text(self) -> str:
        return ft_savefile.dumps(self.board, self.seed)

    def won(self) -> bool:
        return self.board.is_win_state()

    def finished(self) -> bool:
        return self.won() or not self.board.valid_mv_exists()

    def view(self) -> JSON:
        board = self.board
        return {
            "seed": str(self.seed),
            "tableau": [list(map(_card, board.get_tab(n))) for n in range(TABLEAU_PILES)],
            "foundations": [
                list(map(_card, board.get_foundation(n)))
                for n in range(FOUNDATION_PILES)
            ],
            "deck": board.get_deck().size(),
            "waste": list(map(_card, board.get_waste())),
            "moves": self.moves,
            "won": self.won(),
            "stuck": not self.won() and not board.valid_mv_exists(),
            "last": self.last,
        }

    def _play(self, intent: CardMove) -> None:
        move = _move_of(self.board, intent)
        reason = why_invalid(self.board, move)
        if reason is not None:
            raise Refused("target", reason)
        words = describe(move, self.board)
        apply(self.board, move)
        self.moves += 1
        names = _move_names(move)
        self.last = {"source": names.source, "target": names.target, "words": words}

    def hint(self) -> tuple[Intent, str] | None:
        from gamestate.forty_thieves.solver import hint  # only when asked: it is big

        move = hint(self.board, budget_ms=FT_HINT_MS)
        if move is None:
            return None
        return _move_names(move), describe(move, self.board)


# ---------------------------------------------------------------- Dots
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


class Dots(WebGame):
    """Dots on :class:`GameBoardT`."""

    kind = "dots"
    intent_kind = DotsPath
    extension = "dots"

    def __init__(self, game: GameBoardT) -> None:
        self.game = game
        self.last: JSON | None = None

    @classmethod
    def new(cls, options: JSON) -> Dots:
        level = Level(
            seed=new_seed(options.get("seed")),
            random_board=options.get("random_board", True),
            moves=options.get("moves", 20),
            objective=(CellT(options.get("colour", "R")), options.get("objective", 20)),
            squares=options.get("squares", True),
        )
        return cls(GameBoardT(**level._asdict()))

    @classmethod
    def load(cls, text: str, source: str) -> Dots:
        return cls(dots_savefile.parse_save(text, source))

    @classmethod
    def restore(cls, dump: JSON) -> Dots:
        made = cls.load(dump["save"], DB_SOURCE)
        made.last = dump["last"]
        return made

    def dump(self) -> JSON:
        return {"save": self.save_text(), "last": self.last}

    def save_text(self) -> str:
        return dots_savefile.format_save(self.game)

    def finished(self) -> bool:
        game = self.game
        return game.is_win() or game.game_over() or not game.has_path()

    def view(self) -> JSON:
        game = self.game
        colour, count = game.get_obj()
        level = game.level
        return {
            "seed": str(level.seed),
            "grid": [[cell.value for cell in row] for row in game.get_boardT()],
            "moves_left": game.get_moves(),
            "moves": level.moves - game.get_moves(),
            "level_moves": level.moves,
            "objective": {"colour": colour.value, "left": max(count, 0),
                          "total": level.objective[1]},
            "score": game.get_score(),
            "squares": game.squares,
            "won": game.is_win(),
            "over": game.game_over() and not game.is_win(),
            "stuck": not game.is_win() and not game.game_over()
            and not game.has_path(),
            "last": self.last,
        }

    def _play(self, intent: DotsPath) -> None:
        path = intent.path
        try:
            cleared = self.game.cleared_by(path) if _on_board(path) else frozenset()
            self.game.move(path)
        except RefusedMoveError as error:
            raise Refused("path", str(error)) from None
        self.last = {
            "path": [list(cell) for cell in path],
            "cleared": sorted([r, c] for r, c in cleared),
            "fall": fall_distances(cleared),
        }

    def hint(self) -> tuple[Intent, str] | None:
        from gamestate.dots.hint import hint

        if self.finished():
            return None
        path = hint(self.game)
        if path is None:
            return None
        words = " ".join(f"({r},{c})" for r, c in path)
        return DotsPath(tuple(path)), f"join {words}"


def _on_board(path: Sequence[Cell]) -> bool:
    return all(0 <= r < SIZE and 0 <= c < SIZE for r, c in path)


GAME_KINDS: Final[dict[str, type[WebGame]]] = {
    kind.kind: kind for kind in (Twenty48, FortyThieves, Dots)
}
"""The games the web plays, by name (the names of playmanager.games)."""

SEED_RANGE: Final = (LONG_MIN, LONG_MAX)

Loader = Callable[[str, str], WebGame]
