"""What every game's web piece shares: the intent errors and the base class.

Each game's web piece (``games/<game>.py``, beside ``static/<game>.js``)
wraps a :class:`playmanager.session.Session` with that game's own adapter
(``playmanager/<game>/adapter.py``), exactly as the terminal front ends
use them, and answers in plain JSON-ready values: the state to draw
(:meth:`WebGame.view`), an intent played or refused (:meth:`WebGame.play`),
a hint, the save text and a dump for the database. The rules stay in the
models; a game's piece translates the page's intents (pile names,
direction words, lists of cells) into the session's intents and their
effects into marks for the page.

Nothing here imports FastAPI, so it is tested on its own.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar, Final, TypeGuard

from ...options import draw_seed
from ...session import MoveRefusedError, Session
from ...statistics import Result

JSON = dict[str, Any]
Cell = tuple[int, int]

DB_SOURCE: Final = "the game database"
"""How a dump read back from the database is named if it ever fails."""


class RefusedError(Exception):
    """An intent the game cannot take: ``field`` names the input at fault,
    ``message`` says why in one line. The game is unchanged."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class NothingMovedError(RefusedError):
    """An intent the rules take but that changes nothing (a 2048 slide
    toward a wall every tile is already against): the page ignores it, as
    the original game ignores the key."""


def new_seed(seed: int | None) -> int:
    """``seed`` when given, else a random Java long."""
    return draw_seed() if seed is None else seed


def refused(error: MoveRefusedError, field: str) -> RefusedError:
    return RefusedError(field, str(error))


def is_whole_number(value: object) -> TypeGuard[int]:
    """An int of JSON (``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_count(value: object) -> TypeGuard[int]:
    return is_whole_number(value) and value >= 0


def step_field(
    step: JSON, name: str, source: str, fits: Callable[[Any], bool], wanted: str
) -> Any:
    """``step[name]`` when it ``fits``; else RefusedError naming the field,
    what it must be and (cut short) what it is."""
    value = step.get(name)
    if not fits(value):
        shown = repr(value)
        shown = shown if len(shown) <= 24 else shown[:24] + "..."
        raise RefusedError("text", f"{source}: {name} must be {wanted}, got {shown}")
    return value


class WebGame(ABC):
    """A game in play as the server drives it: a :class:`Session` (the
    model, its seed, undo in memory, hint, save text) and what the page
    shows beside it (the move count, the last move's marks)."""

    kind: ClassVar[str]
    """The game's name in :data:`playmanager.games.GAMES`."""
    intent_kind: ClassVar[type]
    """The intent this game takes (a NamedTuple of the intent's fields)."""
    intent_tag: ClassVar[str]
    """The intent's ``kind`` in the API's JSON."""
    intent_words: ClassVar[str]
    """The intent in words, for a refusal."""
    extension: ClassVar[str]
    """The suffix of its save files (no dot)."""
    keeps_history: ClassVar[bool] = False
    """Whether its save file (so its dump) keeps the undo history: then the
    session's history is kept in memory whole, as the file keeps it."""

    def __init__(self, session: Session[Any, Any, Any], moves: int) -> None:
        self.session = session
        self.moves = moves
        """Moves made in this game (undo takes them back)."""
        self.last: JSON | None = None
        """What the last move did, for the page to mark; None after undo."""
        self.count_made: tuple[str, str] | None = None
        """The browser's statistics (JSON) before and after this game's
        count, while a count may still be taken back (:mod:`..tally`)."""

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

    @classmethod
    @abstractmethod
    def from_step(cls, step: JSON, source: str) -> WebGame:
        """The game one step of a browser save holds (:mod:`..whole`),
        checked as an upload is: RefusedError or SaveFileError naming the
        field at fault. What only this server may say (the best score's
        earned points, the clock, the last move's marks) is not taken."""

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
    def _web_intent(self, intent: Any) -> tuple[Any, str]:
        """The session's hint as a web intent and its words."""

    @classmethod
    def intent_of(cls, fields: JSON) -> Any:
        """The intent the API's JSON fields (without ``kind``) name."""
        return cls.intent_kind(**fields)

    @classmethod
    def intent_json(cls, intent: Any) -> JSON:
        """An intent as the API's JSON: its ``kind`` and its fields."""
        return {"kind": cls.intent_tag, **intent._asdict()}

    def news(self) -> str:
        """The status line of this game when new, as a terminal's ``n``
        words it (``New deal 7``), without "u brings the last one back"
        (the route adds it when the page keeps the game it replaced)."""
        return self.session.adapter.new_game_words(self.session.seed)

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

    def best_score(self) -> int | None:
        """The score this game earned on this server, for the best score
        (None: the game keeps no best)."""
        return None

    def clock(self) -> JSON | None:
        """The time played, for the page's timer: ``started`` (epoch seconds
        of the first move here, or None) and ``stopped`` (seconds of play at
        the end, or None while it runs). Not the game's: no save keeps it.
        None: the game shows no timer."""
        return None

    def carry_over(self, before: WebGame) -> None:
        """Take from ``before`` (this game one step on, before an undo read
        this one back from the database) what undo never takes back: the
        in-memory undo keeps it too. Nothing, unless a game keeps a clock."""
        del before  # a game without a clock keeps nothing through undo

    def count_now(self) -> Result | None:
        """The result to count in the browser's statistics now (the game
        ended, or is given up), once; None: nothing to count (no move made
        here, counted already, or the game keeps no statistics)."""
        return None

    def uncount(self) -> None:
        """Its count was taken back: it counts again when it ends or is
        given up. (Nothing, unless a game keeps statistics.)"""
        return

    def score(self) -> int:
        """The score shown now: the best shown is never below it."""
        return 0

    def play(self, intent: Any) -> None:
        """Play ``intent``; raise RefusedError (nothing changed) when it cannot be."""
        if not isinstance(intent, self.intent_kind):
            raise RefusedError(
                "intent", f"this game is {self.kind}: it takes a {self.intent_words}"
            )
        self._play(intent)
        self.moves += 1

    def undo(self) -> bool:
        """The session's undo (in memory); False when it has no history
        (a game read back from the database: the caller restores it)."""
        return self.session.undo()

    def hint(self) -> tuple[Any, str] | None:
        """The session's hint as a web intent and its words; None when no
        move is left."""
        if self.finished():
            return None
        found = self.session.hint()
        return None if found is None else self._web_intent(found)


class SavedGame(WebGame):
    """A game whose save text holds all it needs to go on: its dump is that
    text and the page's marks."""

    @classmethod
    def restore(cls, dump: JSON) -> WebGame:
        made = cls.load(dump["save"], DB_SOURCE)
        made.restore_marks(dump)
        return made

    @classmethod
    def from_step(cls, step: JSON, source: str) -> WebGame:
        text = step_field(step, "save", source, _is_text, "a save file's text")
        moves = step_field(step, "moves", source, is_count, "a count of moves")
        made = cls.load(text, source)
        made.moves = moves
        return made

    def dump(self) -> JSON:
        return {"save": self.save_text(), "moves": self.moves, "last": self.last}


def _is_text(value: object) -> bool:
    return isinstance(value, str)
