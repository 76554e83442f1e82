"""The catalogue: one id and one short line per requirement of the writeup.

The writeup is shared/spec/001_8c56057509aa4f7a.txt, section "Your Task:
GameState.java". R-ids are its rules, E-ids its worked examples, O-ids the
rules of the methods it marks OPTIONAL. Each test carries one id
(``@requirement("R04")``) and quotes the rule in its docstring; the
end-of-run table prints these lines, so they are written for a reader who
has never seen the tests.

An optional requirement is checked only when the class has the method
named in :data:`OPTIONAL` (its tests are skipped otherwise, and the table
reports it ABSENT), and it is left out of the score of the required ones
(see plugin.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

REQUIREMENTS: Final[dict[str, str]] = {
    "R01": "constructor: an empty numRows x numCols board",
    "R02": "constructor: the score starts at 0",
    "R03": "toString: exactly the writeup's format",
    "R04": "getBoard: returns a deep copy, changes nothing",
    "R05": "setBoard: stores a deep copy of its argument",
    "R06": "setBoard(null): changes nothing",
    "R07": "setBoard: sets the board and nothing else",
    "R08": "getScore/setScore: any score, negative too; board untouched",
    "R09": "rollRNG(bound): a number from 0 to bound - 1",
    "R10": "randomTile: 2 with probability TWO_PROB (70%), else 4",
    "R11": "randomTile: changes nothing",
    "R12": "countEmptyTiles: counts the empty cells, changes nothing",
    "R13": "addTile on a full board: returns 0, changes nothing",
    "R14": "addTile: puts randomTile()'s tile in an empty cell and returns it",
    "R15": "addTile: the cell is chosen uniformly among all empty cells",
    "R16": "canSlideDown: true when two equal tiles can combine",
    "R17": "canSlideDown: true when an empty cell is below a tile",
    "R18": "canSlideDown: true exactly when slideDown would change the board",
    "R19": "isGameOver: true exactly when no direction can move",
    "R20": "isGameOver: changes nothing (board not left rotated)",
    "R21": "slideDown: tiles slide down as far as they can",
    "R22": "slideDown: equal tiles merge where the bottom tile was",
    "R23": "slideDown: farthest-down tiles merge first (4 4 4 -> 0 4 8)",
    "R24": "slideDown: a merged tile does not merge again in the same move",
    "R25": "slideDown: the score rises by each combined tile's value",
    "R26": "slideDown: returns whether the board changed; adds no tile",
    "R27": "move: slides toward the given direction (any board shape)",
    "R28": "move: a move that changes the board adds one tile",
    "R29": "move: returns whether it changed the board; a no-op adds no tile",
    "R30": "move(null): returns false and does nothing",
    "E1": "writeup slideDown examples 1-4",
    "E2": "writeup example game (keys d s a w a a s)",
    "O1": "OPTIONAL rotateCounterClockwise: turns the board a quarter "
    "counter-clockwise (R x C -> C x R)",
}

# The optional requirements and the method each one needs: a class without
# the method is not checked against the requirement.
OPTIONAL: Final[dict[str, str]] = {"O1": "rotateCounterClockwise"}


@dataclass(frozen=True)
class Catalogue:
    """One spec's requirements: what a report lists, scores and calls itself."""

    name: str  # the report's title: "<name> conformance: TARGET"
    source: str  # the table's heading: where the requirements come from
    requirements: dict[str, str]
    optional: dict[str, str]

    @property
    def required_count(self) -> int:
        return len(self.requirements) - len(self.optional)


GAMESTATE: Final = Catalogue(
    "GameState", "PA4 writeup, GameState section", REQUIREMENTS, OPTIONAL
)


Check = Callable[[Any], None]


@dataclass
class Checks:
    """A module spec's checks (adt_suite.py, mvc_suite.py), in id order.

    Each check takes what the spec's target loaded into and raises an
    AssertionError saying what was wrong; :meth:`requirement` registers one
    under its id with the table's one-line text.
    """

    by_id: dict[str, Check] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)

    def requirement(self, ident: str, text: str) -> Callable[[Check], Check]:
        """Register the decorated check as requirement ``ident``."""

        def register(check: Check) -> Check:
            self.by_id[ident] = check
            self.texts[ident] = text
            return check

        return register
