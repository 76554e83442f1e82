"""The three games as the web server drives them, on the shared sessions.

Each game here wraps a :class:`playmanager.session.Session` with that
game's own adapter (``playmanager/<game>/adapter.py``), exactly as the
terminal front ends use them, and answers in plain JSON-ready values: the
state to draw (:meth:`WebGame.view`), an intent played or refused
(:meth:`WebGame.play`), a hint, an autoplay step, the save text and a dump
for the database. The rules stay in the models; this module translates
the page's intents (pile names, direction words, lists of cells) into
the sessions' intents and their effects into marks for the page.

The session's undo history lives in memory; the database keeps every
step too (:mod:`playmanager.web.store`), so undo still works after a
restart.

Nothing here imports FastAPI, so it is tested on its own.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Final, NamedTuple

from gamestate import Config, Direction, GameState
from gamestate.dots import SIZE, CellT, GameBoardT, Level
from gamestate.forty_thieves import BoardT, CategoryT, deal
from gamestate.forty_thieves.board import FOUNDATION_PILES, TABLEAU_PILES
from gamestate.forty_thieves.moves import DeckMove, Move, TabMove, WasteMove, describe

from ..dots import savefile as dots_savefile
from ..dots.adapter import Dots
from ..forty_thieves import deal_numbers
from ..forty_thieves import savefile as ft_savefile
from ..forty_thieves.adapter import FortyThieves
from ..forty_thieves.commands import ToFoundation
from ..forty_thieves.text import hint_words
from ..options import draw_seed
from ..session import MoveRefusedError, Session
from ..twenty48.adapter import Twenty48
from ..twenty48.play2048 import start_game
from ..twenty48.rules import MVC, PRESETS, WinTracker
from ..twenty48.savefile import parse_save

JSON = dict[str, Any]
Cell = tuple[int, int]

WEB_MAX_SIDE: Final = 12
"""The biggest 2048 board the page draws; bigger saves play in the terminal."""
DB_SOURCE: Final = "the game database"
"""How a dump read back from the database is named if it ever fails."""


class RefusedError(Exception):
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
    """A game in play as the server drives it: a :class:`Session` (the
    model, its seed, undo in memory, hint, save text) and what the page
    shows beside it (the move count, the last move's marks)."""

    kind: ClassVar[str]
    """The game's name in :data:`playmanager.games.GAMES`."""
    intent_kind: ClassVar[type]
    """The intent this game takes."""
    extension: ClassVar[str]
    """The suffix of its save files (no dot)."""

    def __init__(self, session: Session[Any, Any, Any], moves: int) -> None:
        self.session = session
        self.moves = moves
        """Moves made in this game (undo takes them back)."""
        self.last: JSON | None = None
        """What the last move did, for the page to mark; None after undo."""

    @classmethod
    @abstractmethod
    def new(cls, options: JSON) -> WebGame:
        """A new game; ``options`` are already validated by the API."""

    @classmethod
    @abstractmethod
    def load(cls, text: str, source: str) -> WebGame:
        """The game a save file's ``text`` holds; raise SaveFileError
        (the terminal's loader, the terminal's messages) or RefusedError."""

    @classmethod
    @abstractmethod
    def restore(cls, dump: JSON) -> WebGame:
        """The game :meth:`dump` wrote."""

    @abstractmethod
    def dump(self) -> JSON:
        """Everything needed to go on exactly from here (JSON-ready)."""

    @abstractmethod
    def view(self) -> JSON:
        """What the page draws."""

    @abstractmethod
    def _play(self, intent: Any) -> None:
        """Play an intent of :attr:`intent_kind` on the session; set
        :attr:`last`; raise RefusedError."""

    @abstractmethod
    def _web_intent(self, intent: Any) -> tuple[Intent, str]:
        """The session's hint as a web intent and its words."""

    def restore_marks(self, dump: JSON) -> None:
        """Take the page's marks from ``dump`` (after the session's undo)."""
        self.moves = dump["moves"]
        self.last = dump["last"]

    def save_text(self) -> str:
        """The save file the terminal writes for this game."""
        return self.session.save_text()

    def finished(self) -> bool:
        """Whether no move is possible (won, lost or stuck)."""
        return self.session.ended

    def play(self, intent: Intent) -> None:
        """Play ``intent``; raise RefusedError (nothing changed) when it cannot be."""
        if not isinstance(intent, self.intent_kind):
            raise RefusedError(
                "intent", f"this game is {self.kind}: it takes a {self.intent_name()}"
            )
        self._play(intent)
        self.moves += 1

    def undo(self) -> bool:
        """The session's undo (in memory); False when it has no history
        (a game read back from the database: the caller restores it)."""
        return self.session.undo()

    @classmethod
    def intent_name(cls) -> str:
        return _INTENT_NAMES[cls.intent_kind]

    def hint(self) -> tuple[Intent, str] | None:
        """The session's hint as a web intent and its words; None when no
        move is left."""
        if self.finished():
            return None
        found = self.session.hint()
        return None if found is None else self._web_intent(found)

    def autoplay_step(self) -> tuple[Intent, str] | None:
        """Play the hint; return it, or None (nothing played) when the game
        is over or no move is left."""
        found = self.hint()
        if found is not None:
            self.play(found[0])
        return found


def refused(error: MoveRefusedError, field: str) -> RefusedError:
    return RefusedError(field, str(error))


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


class Twenty48Game(WebGame):
    """2048 on a :class:`Session` of :class:`GameState`, with the rules of
    a preset (java or mvc) and their win."""

    kind = "2048"
    intent_kind = Slide
    extension = "2048"

    def __init__(
        self, game: GameState, seed: int, rules: str, reached: bool, moves: int
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
        data = parse_save(text, source)
        rows, cols = len(data.board), len(data.board[0])
        if max(rows, cols) > WEB_MAX_SIDE:
            raise RefusedError(
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
    def restore(cls, dump: JSON) -> Twenty48Game:
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

    def restore_marks(self, dump: JSON) -> None:
        super().restore_marks(dump)
        self.tracker.reached = dump["reached"]

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
            "last": self.last,
        }

    def view(self) -> JSON:
        view = self.dump()
        del view["rng"]
        view["seed"] = str(self.session.seed)  # a Java long: too long for a JS number
        view["goal"] = self.rules.goal
        view["over"] = self.game.isGameOver()
        return view

    def _play(self, intent: Slide) -> None:
        direction = DIRECTIONS.get(intent.direction)
        if direction is None:
            raise RefusedError(
                "direction", "the direction must be up, down, left or right"
            )
        before = self.game.getBoard()
        try:
            effects = self.session.play(direction)
        except MoveRefusedError as error:
            raise refused(error, "direction") from None
        self.last = {
            "direction": intent.direction,
            "motion": [[*a, *b] for a, b in tile_motion(before, direction)],
            "merged": sorted([r, c] for r, c in effects.merged),
            "new_tile": None if effects.new_tile is None else list(effects.new_tile),
            "gained": effects.points,
            "won": self.tracker.check(self.game.getBoard()),
        }

    def _web_intent(self, intent: Direction) -> tuple[Intent, str]:
        name = intent.name.lower()
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
    limits = {
        "t": (CategoryT.Tableau, TABLEAU_PILES),
        "f": (CategoryT.Foundation, FOUNDATION_PILES),
    }
    if kind in limits and number.isdigit() and len(number) == 1:
        category, count = limits[kind]
        if int(number) < count:
            return category, int(number)
    raise RefusedError(
        field,
        f"{field} must be t0 to t9, f0 to f7, waste or deck"
        + (" (or home)" if field == "target" else ""),
    )


def _pile_name(category: CategoryT, n: int) -> str:
    if category is CategoryT.Tableau:
        return f"t{n}"
    if category is CategoryT.Foundation:
        return f"f{n}"
    return str(category.value)


def _session_intent(intent: CardMove) -> Move | ToFoundation:
    """The session's intent for a card move; RefusedError when it names none."""
    source, n0 = _pile_of(intent.source, "source")
    if source is CategoryT.Deck:
        if intent.target != "waste":
            raise RefusedError("target", "a card from the deck goes to the waste")
        return DeckMove()
    if source is CategoryT.Foundation:
        raise RefusedError("source", "a card on a foundation stays there")
    if intent.target == "home":
        return ToFoundation(None if source is CategoryT.Waste else n0)
    target, n1 = _pile_of(intent.target, "target")
    if target not in (CategoryT.Tableau, CategoryT.Foundation):
        raise RefusedError("target", "a card goes to a tableau pile or a foundation")
    if source is CategoryT.Waste:
        return WasteMove(target, n1)
    return TabMove(target, n0, n1)


def _move_names(move: Move) -> CardMove:
    if isinstance(move, DeckMove):
        return CardMove("deck", "waste")
    if isinstance(move, TabMove):
        return CardMove(f"t{move.n0}", _pile_name(move.c, move.n1))
    return CardMove("waste", _pile_name(move.c, move.n))


class FortyThievesGame(WebGame):
    """Forty Thieves on a :class:`Session` of :class:`BoardT`."""

    kind = "forty-thieves"
    intent_kind = CardMove
    extension = "forty-thieves"

    def __init__(self, board: BoardT, seed: int, moves: int) -> None:
        super().__init__(Session(FortyThieves(), board, seed, "", loaded=False), moves)

    @property
    def board(self) -> BoardT:
        model: BoardT = self.session.model
        return model

    @classmethod
    def new(cls, options: JSON) -> FortyThievesGame:
        seed = options.get("seed")
        seed = deal_numbers.draw() if seed is None else seed  # a readable number
        return cls(BoardT(deal(seed)), seed, 0)

    @classmethod
    def load(cls, text: str, source: str) -> FortyThievesGame:
        """The game a save holds; a format 2 save's undo history is not
        taken in: the web's undo is the database's steps (and restore()
        starts a fresh session to keep the one in memory short)."""
        saved = ft_savefile.loads(text, source)
        return cls(saved.board, saved.seed, 0)

    def save_text(self) -> str:
        """The terminal's save of the position, with no undo history: the
        web's undo is its database's, and the session's own past is cut
        short whenever restore() starts it afresh."""
        return ft_savefile.dumps(self.board, self.session.seed)

    @classmethod
    def restore(cls, dump: JSON) -> FortyThievesGame:
        made = cls.load(dump["save"], DB_SOURCE)
        made.restore_marks(dump)
        return made

    def dump(self) -> JSON:
        return {"save": self.save_text(), "moves": self.moves, "last": self.last}

    def view(self) -> JSON:
        board = self.board
        won = board.is_win_state()
        return {
            "seed": str(self.session.seed),
            "tableau": [list(map(str, board.get_tab(n))) for n in range(TABLEAU_PILES)],
            "foundations": [
                list(map(str, board.get_foundation(n))) for n in range(FOUNDATION_PILES)
            ],
            "deck": board.get_deck().size(),
            "waste": list(map(str, board.get_waste())),
            "moves": self.moves,
            "won": won,
            "stuck": not won and not board.valid_mv_exists(),
            "last": self.last,
        }

    def _play(self, intent: CardMove) -> None:
        before = self.board.copy()
        try:
            moves = self.session.play(_session_intent(intent))
        except MoveRefusedError as error:
            raise refused(error, "target") from None
        move = moves[-1]
        names = _move_names(move)
        self.last = {
            "source": names.source,
            "target": names.target,
            "words": describe(move, before),
        }

    def _web_intent(self, intent: Move) -> tuple[Intent, str]:
        return _move_names(intent), hint_words(intent, self.board, str)


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


class DotsGame(WebGame):
    """Dots on a :class:`Session` of :class:`GameBoardT`."""

    kind = "dots"
    intent_kind = DotsPath
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

    @classmethod
    def restore(cls, dump: JSON) -> DotsGame:
        made = cls.load(dump["save"], DB_SOURCE)
        made.restore_marks(dump)
        return made

    def dump(self) -> JSON:
        return {"save": self.save_text(), "moves": self.moves, "last": self.last}

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

    def _web_intent(self, intent: tuple[Cell, ...]) -> tuple[Intent, str]:
        words = " ".join(f"({r},{c})" for r, c in intent)
        return DotsPath(tuple(intent)), f"join {words}"


def _on_board(path: Sequence[Cell]) -> bool:
    return all(0 <= r < SIZE and 0 <= c < SIZE for r, c in path)


GAME_KINDS: Final[dict[str, type[WebGame]]] = {
    kind.kind: kind for kind in (Twenty48Game, FortyThievesGame, DotsGame)
}
"""The games the web plays, by name (the names of playmanager.games)."""
