"""The JSON the API takes and gives (pydantic models: the OpenAPI schema).

Every field is bounded: numbers by range, strings by length and pattern,
lists by length; unknown fields are refused. The game rules are not
here: a well-formed intent may still be refused by the game (409).
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
)

from gamestate.java_random import to_int64

from .games.twenty48 import WEB_MAX_SIDE
from .slots import NAME_MAX, NAME_PATTERN


def _integral(value: object) -> object:
    """5.0 is the JSON number 5 (JSON Schema says so); 5.5, "5" and true
    stay what they are, for the strict int to refuse."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


Whole = Annotated[StrictInt, BeforeValidator(_integral)]
"""An integer, written 5 or 5.0 (never "5" or true)."""

JS_SAFE: Final = (1 << 53) - 1
"""The biggest integer a page's JavaScript number holds exactly; bigger
seeds travel as their digits."""


def _java_long(value: int | str | None) -> int | None:
    """A seed as a Java long: a number or its digits, wrapped as Java's
    ``(long)`` cast wraps (every 19-digit string is a seed)."""
    return None if value is None else to_int64(int(value))


Seed = Annotated[
    Annotated[StrictInt, Field(ge=-JS_SAFE, le=JS_SAFE), BeforeValidator(_integral)]
    | Annotated[str, Field(pattern=r"^[+-]?[0-9]{1,19}$")]
    | None,
    AfterValidator(_java_long),
    Field(
        description="a number, or up to 19 digits as a string, wrapped to a "
        "Java long; none: a random one"
    ),
]
Cell = Annotated[StrictInt, Field(ge=0, le=5), BeforeValidator(_integral)]
"""A row or a column of Dots (the bounds before the validator: that order
puts them in the schema as minimum and maximum)."""
GameName = Literal["2048", "forty-thieves", "dots"]
GAME_NAMES: Final[tuple[GameName, ...]] = get_args(GameName)


def game_name(kind: str) -> GameName:
    """``kind`` as a :data:`GameName`: a game the server's tables name."""
    for name in GAME_NAMES:
        if name == kind:
            return name
    raise ValueError(f"no game is called {kind!r}")


GAME_ID_PATTERN = r"^[A-Za-z0-9_-]{16,64}$"
PILE_PATTERN = r"^(t[0-9]|f[0-7]|waste|deck|safe)$"
MAX_SAVE_CHARS = 12 << 20
"""The longest save text the API takes: every save the command line
writes, up to a 1024x1024 2048 board of ten-digit tiles (11 MiB)."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewOptions(Strict):
    replaces: StrictBool = Field(
        False,
        description="the page keeps the game this one replaces one undo away: "
        "the status line says so, as the terminal's n does",
    )


class New2048(NewOptions):
    game: Literal["2048"]
    rows: Whole = Field(4, ge=2, le=WEB_MAX_SIDE)
    cols: Whole = Field(4, ge=2, le=WEB_MAX_SIDE)
    rules: Literal["java", "mvc"] = Field(
        "mvc", description="java: 70% twos, no win; mvc: 90% twos, win at 2048"
    )
    seed: Seed = None


class NewFortyThieves(NewOptions):
    game: Literal["forty-thieves"]
    seed: Seed = None


class NewDots(NewOptions):
    game: Literal["dots"]
    seed: Seed = None
    moves: Whole = Field(20, ge=1, le=999)
    colour: Literal["R", "O", "G", "B"] = "R"
    objective: Whole = Field(20, ge=1, le=999)
    random_board: StrictBool = True
    squares: StrictBool = True


NewGame = Annotated[New2048 | NewFortyThieves | NewDots, Field(discriminator="game")]


class SlideIntent(Strict):
    kind: Literal["slide"]
    direction: Literal["up", "down", "left", "right"]


class CardIntent(Strict):
    kind: Literal["cards"]
    source: str = Field(
        pattern=PILE_PATTERN,
        description="t0-t9, f0-f7, waste, deck; safe (target home): every safe "
        "card home, the terminal's a",
    )
    target: str = Field(
        pattern=r"^(t[0-9]|f[0-7]|waste|home)$",
        description="t0-t9, f0-f7, waste (from the deck) or home (a foundation)",
    )


class PathIntent(Strict):
    kind: Literal["path"]
    path: list[Annotated[list[Cell], Field(min_length=2, max_length=2)]] = Field(
        min_length=1, max_length=64, description="(row, col) dots, row 0 on top"
    )


Intent = Annotated[SlideIntent | CardIntent | PathIntent, Field(discriminator="kind")]


class Upload(Strict):
    text: str = Field(max_length=MAX_SAVE_CHARS, description="a save file's text")
    filename: str = Field(
        "upload",
        max_length=255,
        description="its name: for messages, and its game when the first line names none",
    )


class SlotSave(Strict):
    name: str = Field(pattern=NAME_PATTERN, max_length=NAME_MAX)
    game_id: str = Field(pattern=GAME_ID_PATTERN)
    overwrite: StrictBool = Field(False, description="replace a slot of that name")


class SlotOpen(Strict):
    name: str = Field(pattern=NAME_PATTERN, max_length=NAME_MAX)
    game: GameName


class Refusal(BaseModel):
    error: str = Field(description="why the rules refuse the move, in one line")
    field: str | None = Field(description="the intent's field at fault")


class GameOut(BaseModel):
    id: str
    game: GameName
    version: int = Field(
        description="raised by every change; send it back with the next change"
    )
    state: dict[str, Any] = Field(
        description="what the page draws; see docs/reference/web-api.md"
    )
    can_undo: bool
    finished: bool
    best: int | None = Field(None, description="2048: this browser's best score")
    clock: dict[str, Any] | None = Field(
        None,
        description="Forty Thieves' timer: started (epoch seconds of the first "
        "move, or null), stopped (seconds of play at the end, or null)",
    )
    played: dict[str, Any] | None = Field(None, description="autoplay: the intent")
    words: str | None = Field(
        None,
        description="autoplay: the move in words; a new game: the status line "
        "the terminal's n says ('New deal 7', 'New game, seed 7'); an undo: "
        "the terminal's line ('Undone; 2 more steps to undo')",
    )
    no_change: str | None = Field(
        None,
        description="the move changed nothing (a 2048 slide no tile takes): "
        "why; the game is as it was, for the page to ignore",
    )
    refused: Refusal | None = Field(
        None,
        description="with ?refusal=answer, a change refused (a move the "
        "rules refuse, nothing to undo, no move left, a stale version): why; "
        "the game as it is now (without it the refusal is a 409)",
    )


class GameSummary(BaseModel):
    id: str
    game: GameName
    updated: float


class HintOut(BaseModel):
    hint: dict[str, Any] | None = Field(description="an intent; none: no move left")
    words: str


class SlotOut(BaseModel):
    name: str
    game: GameName
    size: int
    modified: float


class Opening(BaseModel):
    game: GameName | None = Field(description="the game the command line named")
    file: str | None = Field(description="the save FILE it opened, if any")
    largest_save: int = Field(
        description="the longest save an upload takes (the page refuses a bigger "
        "file by its own size before sending it)",
    )


class HelpOut(BaseModel):
    title: str
    rules: list[str] = Field(description="the terminal's rules, one sentence a line")
    keys: list[list[str]] = Field(description="[keys, what they do] pairs")


class StatisticsOut(BaseModel):
    played: int
    won: int
    streak: int = Field(description="games won in a row, up to the last one")
    best_streak: int
    best_seconds: float | None = Field(description="the fastest win (not from a file)")
    from_file: int = Field(description="how many of played were started from a save")


class ErrorOut(BaseModel):
    error: str = Field(description="one line")
    field: str | None = Field(None, description="the input at fault")
    download: str | None = Field(
        None, description="410: where the game's save can still be downloaded"
    )
    game: dict[str, Any] | None = Field(
        None, description="409 on field version: the game as it is now"
    )
