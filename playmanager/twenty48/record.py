"""A 2048 game's rescue record: Java's save, then the rest of the game.

A ``.2048`` save is Java's: the board and the score, nothing else (see
:mod:`~playmanager.twenty48.savefile`). A rescue file (``rescued.2048``,
written when a terminal hangs up or a game is kept at a quit) is the
project's own record of the game, so that resuming it is the same game:
after Java's lines it carries the seed, the state of the game's
java.util.Random (the next tiles are the ones the game would have drawn),
the percent of 2s, and the moves since the game started or was loaded,
with the position they started from, which give ``u`` its history back::

    4 4
    4
    0 0 0 0
    0 0 0 2
    0 0 2 0
    0 0 0 4
    rescue record 1
    seed 118
    two-prob 70
    generator 3747620766549
    start 0 0 0 0 0 0 0 0 0 2 0 0 0 0 0 2 0
    start-generator 90851447428227
    moves D L

``start`` is the score, then the cells row by row; ``moves`` one letter a
move (Up, Down, Left, Right), first first. Java's ``loadGame`` reads the
board's numbers and stops, so Java still opens a rescue file (as does
this program, given one as FILE); a file without the ``rescue record``
line is a plain Java save and loads as one. Reading replays the moves
from the start and refuses (one :class:`~playmanager.storage.SaveFileError`
naming the line) a record they do not lead to, so a resumed game is
exactly the one rescued or none.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Final, NamedTuple

from gamestate import Direction, GameState
from gamestate.effects import MoveEffects

from ..options import LONG_MAX, LONG_MIN
from ..rescue_record import GENERATOR_STATES, MARKER, RecordLines, record_lines
from . import savefile
from .rules import MAX_TILE
from .savefile import INT_MAX, INT_MIN

LETTERS: Final = {direction.name[0]: direction for direction in Direction}


class Record(NamedTuple):
    """A game read from a save or a rescue record."""

    game: GameState
    """The game as it was saved, its generator where it was."""
    seed: int
    """The seed it was dealt from (a plain save: the one it was given)."""
    start: GameState
    """The position its ``moves`` start from (a plain save: the game)."""
    moves: tuple[Direction, ...]
    """The moves made from ``start``, first first (a plain save: none)."""

    def past(self) -> list[tuple[GameState, MoveEffects]]:
        """The position before each move and what the move did, first first:
        the undo history, replayed from :attr:`start`."""
        game = self.start.copy()
        steps = []
        for direction in self.moves:
            before = game.copy()
            effects = game.move_with_effects(direction)
            if effects is None:  # checked when read: a record always replays
                raise ValueError(f"{direction.name} moves nothing")
            steps.append((before, effects))
        return steps


def format_record(
    game: GameState, seed: int, start: GameState, moves: Sequence[Direction]
) -> str:
    """The rescue record of ``game`` (dealt from ``seed``): Java's save,
    then the seed, the generator and the ``moves`` made from ``start``."""
    start_cells = " ".join(str(cell) for row in start.getBoard() for cell in row)
    lines = [
        MARKER,
        f"seed {seed}",
        f"two-prob {game.two_prob}",
        f"generator {game.rng.getstate()}",
        f"start {start.getScore()} {start_cells}",
        f"start-generator {start.rng.getstate()}",
        "moves " + " ".join(direction.name[0] for direction in moves),
    ]
    return savefile.format_save(game) + "\n".join(lines).rstrip() + "\n"


def moves_between(positions: Sequence[GameState]) -> list[Direction]:
    """The move that leads from each position to the next (a game's
    positions, first first): the one whose slide and new tile make it."""
    return [_move_to(before, after) for before, after in pairwise(positions)]


def _move_to(before: GameState, after: GameState) -> Direction:
    for direction in Direction:
        game = before.copy()
        if game.move(direction) and _same(game, after):
            return direction
    raise ValueError("no move leads from one position of the history to the next")


def _same(one: GameState, other: GameState) -> bool:
    return (
        one.getBoard() == other.getBoard()
        and one.getScore() == other.getScore()
        and one.rng.getstate() == other.rng.getstate()
    )


def read_record(
    text: str, path: str, *, seed: int | None, two_prob: int | None
) -> Record:
    """The game in ``text`` (the file ``path``): a rescue record's, or a
    plain Java save's, whose generator starts from ``seed`` with
    ``two_prob`` as a new Java GameState's (today's load). Raises
    SaveFileError naming the file, the line and the problem."""
    lines = record_lines(text, path)
    if lines is None:
        game = savefile.load_text(text, path, seed=seed, two_prob=two_prob)
        return Record(game, game_seed(seed), game.copy(), ())
    return _record(savefile.parse_save(text, path), lines)


def game_seed(seed: int | None) -> int:
    """The seed a game given ``seed`` is dealt from: Java's default for none."""
    from gamestate import Config

    return Config.RANDOM_SEED if seed is None else seed


def _record(saved: savefile.SaveData, lines: RecordLines) -> Record:
    seed = lines.number("seed", LONG_MIN, LONG_MAX)
    two_prob = lines.number("two-prob", 0, 100)
    generator = lines.number("generator", 0, GENERATOR_STATES - 1)
    rows, cols = len(saved.board), len(saved.board[0])
    start = _start(lines, rows, cols, two_prob)
    start.rng.setstate(lines.number("start-generator", 0, GENERATOR_STATES - 1))
    moves = _moves(lines)
    lines.end()
    game = GameState(rows, cols, seed=0, two_prob=two_prob)
    game.setBoard(saved.board)
    game.setScore(saved.score)
    game.rng.setstate(generator)
    replayed = start.copy()
    for number, direction in enumerate(moves, 1):
        if not replayed.move(direction):
            raise lines.error(f"move {number} ({direction.name}) moves nothing there")
    if not _same(replayed, game):
        raise lines.error("the moves do not lead to the saved board and generator")
    return Record(game, seed, start, moves)


def _start(lines: RecordLines, rows: int, cols: int, two_prob: int) -> GameState:
    words = lines.words("start")
    if len(words) != 1 + rows * cols:
        raise lines.error(f"start must be the score then {rows * cols} cells")
    score = lines.number("the start's score", INT_MIN, INT_MAX, words[:1])
    cells = [lines.number("a start cell", 0, MAX_TILE, [word]) for word in words[1:]]
    if any(cell & (cell - 1) or cell == 1 for cell in cells):
        raise lines.error("a start cell must be 0 or a power of two from 2")
    start = GameState(rows, cols, seed=0, two_prob=two_prob)
    start.setBoard([cells[row * cols : (row + 1) * cols] for row in range(rows)])
    start.setScore(score)
    return start


def _moves(lines: RecordLines) -> tuple[Direction, ...]:
    words = lines.words("moves")
    wrong = [word for word in words if word not in LETTERS]
    if wrong:
        raise lines.error(f"a move must be U, D, L or R, got {wrong[0][:10]!r}")
    return tuple(LETTERS[word] for word in words)
