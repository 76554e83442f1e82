"""Rule presets and the win rule, in one place for every front end.

The slide and merge rules live in :mod:`gamestate`; a preset only chooses
what the three specs of this project disagree on: the chance of a 2, and
whether reaching a goal tile wins.

========  ========================  ===========  =====================
preset    new tile is a 2           win          spec
========  ========================  ===========  =====================
java      Config.TWO_PROB (70 %)    none         CSE 8B PA4 (default)
mvc       90 %                      tile 2048    SFWR ENG 2AA4 MVC spec
========  ========================  ===========  =====================

The win logic is :class:`WinTracker`: the line mode and the full-screen
game both ask it, after every move, whether this move won. The messages
and keys of the MVC spec (keep going ``k``, play again ``y``, try again
``t``) are here too, so both front ends say the same thing. This module
never prints and never reads input.
"""

from __future__ import annotations

from types import MappingProxyType

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any, Final

DEFAULT_GOAL: Final = 2048
"""The goal tile of the original game and of the MVC spec."""

MIN_GOAL: Final = 4
"""A 2 is on the board from the start, so the smallest goal worth playing is 4."""
MAX_TILE: Final = 1 << 30
"""The biggest tile: the biggest power of two that is a Java int."""
MAX_GOAL: Final = MAX_TILE
MAX_SIDE: Final = 1024
"""Most rows or columns a game may have (printing it is already slow)."""

KEEP_GOING_KEY: Final = "k"
PLAY_AGAIN_KEY: Final = "y"
TRY_AGAIN_KEY: Final = "t"
"""The MVC spec's keys: "play again ("y"), try again ("t") and keep going ("k")"."""


class Rules:
    """What a preset sets on top of the shared model (immutable).

    A plain class rather than a dataclass or a NamedTuple: the line mode
    imports this at start-up, and dataclasses or typing cost more to
    import than the whole model (issue 14).

    ``two_prob`` is the percent chance that a new tile is a 2; None means
    ``Config.TWO_PROB``, read each time a tile is drawn, as in Java.
    ``goal`` is the tile that wins; None means there is no win (Java).
    """

    __slots__ = ("goal", "name", "summary", "two_prob")

    def __init__(
        self, name: str, two_prob: int | None, goal: int | None, summary: str
    ) -> None:
        self.name = name
        self.two_prob = two_prob
        self.goal = goal
        self.summary = summary

    def _fields(self) -> tuple[str, int | None, int | None, str]:
        return self.name, self.two_prob, self.goal, self.summary

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        name, two_prob, goal, summary = self._fields()
        return f"Rules({name=!r}, {two_prob=!r}, {goal=!r}, {summary=!r})"

    def _replace(self, **changes: Any) -> Rules:
        """These rules with some fields changed, as a NamedTuple's _replace."""
        fields: dict[str, Any] = {
            "name": self.name,
            "two_prob": self.two_prob,
            "goal": self.goal,
            "summary": self.summary,
        }
        fields.update(changes)
        return Rules(**fields)

    def with_goal(self, goal: int) -> Rules:
        """Return these rules with another goal tile (``--goal N``)."""
        return self._replace(goal=check_goal(goal))


def check_goal(goal: int) -> int:
    """Return ``goal`` if it is a tile a game can make, else raise ValueError."""
    if not MIN_GOAL <= goal <= MAX_GOAL or goal & (goal - 1):
        raise ValueError(
            f"the goal must be a power of two from {MIN_GOAL} to {MAX_GOAL}, got {goal}"
        )
    return goal


JAVA: Final = Rules(
    name="java",
    two_prob=None,
    goal=None,
    summary="the CSE 8B PA4 reference, Config.TWO_PROB percent twos, no win",
)
MVC: Final = Rules(
    name="mvc",
    two_prob=90,
    goal=DEFAULT_GOAL,
    summary="the MVC spec, 90% twos, a win at 2048, keys k/y/t at its prompts",
)
PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(
    {rules.name: rules for rules in (JAVA, MVC)}
)


def has_won(board: Sequence[Sequence[int]], goal: int) -> bool:
    """Return True when some tile has reached ``goal`` (or gone past it)."""
    return any(value >= goal for row in board for value in row)


class WinTracker:
    """Whether this game has already been won, so the win shows once.

    Reaching the goal the first time is a win; after the player chooses to
    keep going, bigger tiles do not win again. A game that already holds
    the goal tile when it starts (a loaded save) counts as won before:
    the player saw that win when they made the tile.
    """

    def __init__(self, goal: int | None, reached: bool = False) -> None:
        self.goal = goal
        self.reached = reached

    def __repr__(self) -> str:
        return f"WinTracker(goal={self.goal!r}, reached={self.reached!r})"

    def start(self, board: Sequence[Sequence[int]]) -> None:
        """Begin a new or loaded game with ``board``."""
        self.reached = self.goal is not None and has_won(board, self.goal)

    def check(self, board: Sequence[Sequence[int]]) -> bool:
        """Return True exactly when ``board`` wins for the first time."""
        if self.goal is None or self.reached or not has_won(board, self.goal):
            return False
        self.reached = True
        return True


WIN_TITLE: Final = "You win!"


def reached_message(goal: int) -> str:
    """What the player did to win."""
    return f"You reached the {goal} tile."


def win_message(goal: int) -> str:
    """The line shown when the goal tile is reached."""
    return f"{WIN_TITLE} {reached_message(goal)}"


def win_prompt(quit_key: str) -> str:
    """What the player may do after a win (the MVC spec's keys)."""
    return (
        f"Keep going ({KEEP_GOING_KEY}), play again ({PLAY_AGAIN_KEY}) "
        f"or quit ({quit_key})? "
    )


def game_over_prompt(quit_key: str) -> str:
    """What the player may do when no move is left (the MVC spec's keys)."""
    return f"Try again ({TRY_AGAIN_KEY}) or quit ({quit_key})? "
