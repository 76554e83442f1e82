"""Forty Thieves save files: plain text a person can read and edit.

::

    forty-thieves save 2
    seed: 118
    foundation 1: AH 2H 3H
    foundation 2:
    ...
    foundation 8:
    tableau 1: 7S 6S
    ...
    tableau 10: KD
    deck: 9C 2H ... 5D
    waste: 4S JC
    history: 3 7; d; w 7; 3 f1, 9 f2

The first line names the game and the format version
(:func:`playmanager.storage.header`). Then one line per pile, named as
the game names it (piles numbered from 1), its cards bottom to top
written as ``7S``, ``10H``, ``AD``, ``KC`` (rank, then the suit's letter,
ASCII letters in either case); ``seed`` is the deal the game started
from. The lines may come in any order; blank lines and lines starting
with ``#`` are skipped.

``history`` (format 2) is what undo takes back, first step first: the
steps are separated by ``;``, the moves of one step (``a`` sends several
cards home in one step) by ``,``, each written as the line mode's command
(``3 7``, ``3 f1``, ``w 7``, ``w f2``, ``d``). The move counter is the
number of steps, so it is kept too. Loading takes the steps back one by
one from the position saved and refuses a history that no play could
have made. Format 1 (no history) still loads, with an empty history.

Loading checks everything (every line present once, every card token,
foundations that are Ace-up runs of one suit, exactly two of each card)
and raises :class:`playmanager.storage.SaveFileError` naming the line
and the problem; saving goes through :func:`storage.write_atomically`, so
a save is never half-written. This module never prints.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Final, NamedTuple

from gamestate.forty_thieves import BoardT, CardStackT, CardT
from gamestate.forty_thieves.board import (
    COPIES,
    FOUNDATION_PILES,
    TABLEAU_PILES,
    foundation_problem,
)
from gamestate.forty_thieves.card_types import card_from_text, full_deck
from gamestate.forty_thieves.moves import DeckMove, Move, TabMove, WasteMove, undone

from .. import storage
from ..games import FORTY_THIEVES
from ..options import LONG_MAX, LONG_MIN
from ..storage import SaveFileError
from .commands import command_text, parse

FORMAT_VERSION: Final = 2
"""2 adds the history line; 1 is still read."""
READABLE_VERSIONS: Final = frozenset({1, FORMAT_VERSION})

SEED: Final = "seed"
DECK: Final = "deck"
WASTE: Final = "waste"
HISTORY: Final = "history"
STEP_SEPARATOR: Final = ";"
MOVE_SEPARATOR: Final = ","


def foundation_key(n: int) -> str:
    """The line name of foundation ``n`` (0-based): ``foundation 1``."""
    return f"foundation {n + 1}"


def tableau_key(n: int) -> str:
    """The line name of tableau pile ``n`` (0-based): ``tableau 1``."""
    return f"tableau {n + 1}"


FOUNDATION_KEYS: Final = tuple(foundation_key(n) for n in range(FOUNDATION_PILES))
TABLEAU_KEYS: Final = tuple(tableau_key(n) for n in range(TABLEAU_PILES))
PILE_KEYS: Final = (*FOUNDATION_KEYS, *TABLEAU_KEYS, DECK, WASTE)
KEYS: Final = (SEED, *PILE_KEYS, HISTORY)
"""Every line of a save, in the order the writer writes them."""
KEYS_OF_VERSION: Final = {1: KEYS[:-1], FORMAT_VERSION: KEYS}


class SavedGame(NamedTuple):
    """What a save holds: the position and the seed of its deal."""

    board: BoardT
    seed: int


class SavedStep(NamedTuple):
    """One step of the undo history: the position before it, its moves."""

    before: BoardT
    moves: tuple[Move, ...]


class SavedPlay(NamedTuple):
    """A save with its undo history (:func:`load_play`)."""

    board: BoardT
    seed: int
    history: tuple[SavedStep, ...]


def history_text(steps: Sequence[Sequence[Move]]) -> str:
    """The history line's value: ``3 7; d; 3 f1, 9 f2``."""
    return f"{STEP_SEPARATOR} ".join(
        f"{MOVE_SEPARATOR} ".join(map(command_text, step)) for step in steps
    )


def dumps(board: BoardT, seed: int, history: Sequence[Sequence[Move]] = ()) -> str:
    """The text of a save of ``board``, dealt from ``seed``, with the moves
    of each step undo can take back (first first)."""

    def line(key: str, pile: CardStackT) -> str:
        return f"{key}: {' '.join(map(str, pile))}".rstrip() + "\n"

    lines = [storage.header(FORTY_THIEVES.name, FORMAT_VERSION), f"{SEED}: {seed}\n"]
    lines += [
        line(foundation_key(n), board.get_foundation(n))
        for n in range(FOUNDATION_PILES)
    ]
    lines += [line(tableau_key(n), board.get_tab(n)) for n in range(TABLEAU_PILES)]
    lines += [line(DECK, board.get_deck()), line(WASTE, board.get_waste())]
    lines.append(f"{HISTORY}: {history_text(history)}".rstrip() + "\n")
    return "".join(lines)


def save(
    board: BoardT, seed: int, path: str, history: Sequence[Sequence[Move]] = ()
) -> None:
    """Write the save of ``board`` to ``path`` in one step; raise OSError."""
    storage.write_atomically(path, dumps(board, seed, history))


def load(path: str) -> SavedGame:
    """Read the save at ``path``; raise SaveFileError naming what is wrong."""
    return loads(storage.read_text(path), path)


def load_play(path: str) -> SavedPlay:
    """Read the save at ``path`` with its undo history; SaveFileError
    naming what is wrong."""
    return loads_play(storage.read_text(path), path)


class _Line(NamedTuple):
    number: int
    key: str
    value: str


def loads(text: str, path: str) -> SavedGame:
    """The game a save's ``text`` holds (``path`` names it in errors)."""
    board, seed, _ = loads_play(text, path)
    return SavedGame(board, seed)


def loads_play(text: str, path: str) -> SavedPlay:
    """The game and undo history a save's ``text`` holds (``path`` names it
    in errors)."""
    rest = storage.check_header(text, path, FORTY_THIEVES.name, READABLE_VERSIONS)
    version = storage.whole_number(text.partition("\n")[0].split()[-1])
    keys = KEYS_OF_VERSION[version or FORMAT_VERSION]
    lines = _named_lines(rest, path, keys)
    seed = _seed(lines[SEED], path) if SEED in lines else None
    piles = {key: _cards(line, path) for key, line in lines.items() if key in PILE_KEYS}
    missing = [key for key in keys if key not in lines]
    if missing or seed is None:
        raise SaveFileError(path, None, f"there is no line for {missing[0]}")
    for key in FOUNDATION_KEYS:
        problem = foundation_problem(piles[key])
        if problem is not None:
            raise SaveFileError(path, lines[key].number, f"{key}: {problem}")
    _check_two_of_each(piles, lines, path)
    board = BoardT.from_piles(
        [piles[key] for key in TABLEAU_KEYS],
        [piles[key] for key in FOUNDATION_KEYS],
        piles[DECK],
        piles[WASTE],
    )
    history = _history(board, lines[HISTORY], path) if HISTORY in lines else ()
    return SavedPlay(board, seed, history)


def _history(board: BoardT, line: _Line, path: str) -> tuple[SavedStep, ...]:
    """The steps of the history line, each with the position before it,
    found by taking the steps back from ``board`` (the last first)."""
    steps = [_step_moves(text, line, path) for text in _step_texts(line.value)]
    history: list[SavedStep] = []
    after = board
    for number in range(len(steps), 0, -1):
        before = after
        for move in reversed(steps[number - 1]):
            try:
                before = undone(before, move)
            except ValueError as error:
                raise SaveFileError(
                    path,
                    line.number,
                    f"{HISTORY}: step {number} ({command_text(move)}) was not "
                    f"played into this position: {error}",
                ) from error
        history.append(SavedStep(before, steps[number - 1]))
        after = before
    return tuple(reversed(history))


def _step_texts(value: str) -> list[str]:
    return [] if not value.strip() else value.split(STEP_SEPARATOR)


def _step_moves(text: str, line: _Line, path: str) -> tuple[Move, ...]:
    moves = []
    for word in text.split(MOVE_SEPARATOR):
        command = parse(word) if word.isascii() else None
        if not isinstance(command, (TabMove, WasteMove, DeckMove)):
            raise SaveFileError(
                path,
                line.number,
                f"{HISTORY}: {word.strip()[:20]!r} is not a move (write moves as "
                "the line mode does: 3 7, 3 f1, w 7, w f2, d)",
            )
        moves.append(command)
    return tuple(moves)


def _content_lines(rest: str) -> Iterator[tuple[int, str]]:
    """(line number, text) of each line after the header that is not blank
    or a ``#`` comment."""
    for number, raw in enumerate(rest.split("\n"), start=2):
        line = raw.strip()
        if line and not line.startswith("#"):
            yield number, line


def _named_lines(rest: str, path: str, keys: Sequence[str]) -> dict[str, _Line]:
    """The lines of ``keys`` (the pile lines, the seed line and in format 2
    the history), by name; none twice. Names are ASCII letters in either
    case (Python's Unicode case mapping would read a Kelvin sign as k)."""
    lines: dict[str, _Line] = {}
    history = f", {HISTORY}" if HISTORY in keys else ""
    for number, text in _content_lines(rest):
        name, colon, value = text.partition(":")
        key = " ".join(name.lower().split()) if name.isascii() else ""
        if not colon or key not in keys:
            raise SaveFileError(
                path,
                number,
                f"expected 'NAME: cards' with NAME one of seed, foundation 1-"
                f"{FOUNDATION_PILES}, tableau 1-{TABLEAU_PILES}, deck, waste"
                f"{history}; got {text[:40]!r}",
            )
        if key in lines:
            first = lines[key].number
            raise SaveFileError(
                path, number, f"{key} is listed twice (first on line {first})"
            )
        lines[key] = _Line(number, key, value.strip())
    return lines


def _seed(line: _Line, path: str) -> int:
    value = storage.whole_number(line.value)
    if value is None or not LONG_MIN <= value <= LONG_MAX:
        raise SaveFileError(
            path,
            line.number,
            f"the seed must be a whole number (a Java long), got {line.value!r}",
        )
    return value


def _cards(line: _Line, path: str) -> list[CardT]:
    cards = []
    for word in line.value.split():
        try:
            cards.append(card_from_text(word))
        except ValueError as error:
            raise SaveFileError(path, line.number, f"{line.key}: {error}") from error
    return cards


def _check_two_of_each(
    piles: dict[str, list[CardT]], lines: dict[str, _Line], path: str
) -> None:
    """SaveFileError unless the piles hold two of each card: a card found a
    third time is named on its line; a missing card on no line."""
    seen: Counter[CardT] = Counter()
    for key in sorted(piles, key=lambda key: lines[key].number):
        for card in piles[key]:
            seen[card] += 1
            if seen[card] > COPIES:
                raise SaveFileError(
                    path,
                    lines[key].number,
                    f"{key}: {card} is there a third time (the two decks hold it twice)",
                )
    for card in full_deck()[: len(full_deck()) // COPIES]:
        if seen[card] < COPIES:
            times = "once" if seen[card] == 1 else "not at all"
            raise SaveFileError(
                path, None, f"{card} is there {times}; the two decks hold it twice"
            )
