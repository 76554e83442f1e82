"""Dots save files (``.dots``): one game, in lines a person can read.

::

    dots save 1
    R R R B R R
    O R R R B O
    B B O G G G
    G R R G O B
    B B R O G B
    B B R O G B
    moves 4
    objective R 6
    score 0
    squares off
    generator 25214903917
    level seed 0 board default moves 4 objective 6

The header (:func:`playmanager.storage.header`), the grid (row 0, the top,
first; six dots R, O, G or B a row, separated by spaces), the moves left,
the objective's colour and the dots of it still to clear (below 0 when the
last path cleared more), the score (at most 36 dots a move used), whether
squares are on, the 48-bit state of the game's java.util.Random (so a
loaded game draws the same dots it would have), and the level the game
started from (its seed, a ``default`` or ``random`` starting grid, its
moves and objective), which "play again" starts anew with the next seed.
The limits are the model's (:data:`gamestate.dots.board.MAX_MOVES`...),
so every game it accepts saves and loads back; and the moves left, the
objective's count and the score together must be ones that play reaches
(:func:`gamestate.dots.board.unreachable`: a score below the objective's
dots cleared, a won game whose moves could not clear its objective, or a
score that the moves used could not make is refused).

Every line is checked, in order; the first problem raises
:class:`~playmanager.storage.SaveFileError` naming its line, and nothing
is changed. Lines may end in ``\\r\\n``; words are separated by spaces or
tabs; blank lines may follow the last line. Saving writes the whole file
in one step (:func:`~playmanager.storage.write_atomically`).
"""

from __future__ import annotations

from typing import Final, TypeVar

from gamestate.dots import SIZE, CellT, GameBoardT, Level
from gamestate.dots.board import MAX_MOVES, MAX_OBJECTIVE, MOST_CLEARED, unreachable

from ..options import LONG_MAX, LONG_MIN
from ..storage import (
    SaveFileError,
    check_header,
    header,
    read_text,
    whole_word,
    write_atomically,
)

GAME: Final = "dots"
VERSION: Final = 1
GENERATOR_STATES: Final = 1 << 48
LETTERS: Final = {cell.value: cell for cell in CellT}
BOARDS: Final = {"default": False, "random": True}
SWITCH: Final = {"on": True, "off": False}

T = TypeVar("T")


def format_save(game: GameBoardT) -> str:
    """The text of a save file of ``game``."""
    colour, count = game.get_obj()
    level = game.level
    board = "random" if level.random_board else "default"
    level_line = (
        f"level seed {level.seed} board {board} moves {level.moves} "
        f"objective {level.objective[1]}"
    )
    rows = [" ".join(cell.value for cell in row) for row in game.get_boardT()]
    lines = [
        *rows,
        f"moves {game.get_moves()}",
        f"objective {colour.value} {count}",
        f"score {game.get_score()}",
        f"squares {'on' if game.squares else 'off'}",
        f"generator {game.generator_state()}",
        level_line,
    ]
    return header(GAME, VERSION) + "\n".join(lines) + "\n"


def save(game: GameBoardT, path: str) -> None:
    """Write ``game`` to ``path`` in one step; raise OSError on failure."""
    write_atomically(path, format_save(game))


def load(path: str) -> GameBoardT:
    """Read the game saved at ``path``; raise SaveFileError naming the problem."""
    return parse_save(read_text(path), path)


def parse_save(text: str, path: str) -> GameBoardT:
    """The game in ``text`` (the file ``path``; a rescue record's save
    part, :mod:`playmanager.dots.record`); raise SaveFileError."""
    from ..rescue_record import save_part

    body = check_header(save_part(text), path, GAME, frozenset({VERSION}))
    return _Reader(body.split("\n"), path).game()


def parse_game(lines: list[str], path: str, first_line: int) -> GameBoardT:
    """The game in ``lines``, those of a save after its header, the first
    line ``first_line`` of the file ``path``; raise SaveFileError."""
    return _Reader(lines, path, first_line).game()


class _Reader:
    """Reads the lines after the header, one by one, checking each."""

    def __init__(self, lines: list[str], path: str, first_line: int = 2) -> None:
        lines = [line.removesuffix("\r") for line in lines]
        while lines and not lines[-1].strip(" \t"):
            lines.pop()  # blank lines at the end
        self.lines = lines
        self.path = path
        self.index = 0
        self.before = first_line - 1
        """The file's lines before the first of ``lines``."""

    def error(self, message: str, line: int | None = None) -> SaveFileError:
        """An error at ``line``, or at the line just read (line 1 is the
        header, so ``lines[i]`` is line i + 2)."""
        return SaveFileError(self.path, line or self.here(), message)

    def here(self) -> int:
        """The file's line number of the line just read."""
        return self.index + self.before

    def words(self, expected: str) -> list[str]:
        """The next line's words; ``expected`` describes it for errors."""
        if self.index >= len(self.lines):
            self.index += 1
            raise self.error(f"the file ends here; expected {expected}")
        words = self.lines[self.index].replace("\t", " ").split(" ")
        self.index += 1
        return [word for word in words if word]

    def game(self) -> GameBoardT:
        grid = [self.row() for _ in range(SIZE)]
        moves = self.number("moves", 0, MAX_MOVES)
        moves_line = self.here()
        colour, count = self.objective()
        objective_line = self.here()
        score = self.number("score", 0, MOST_CLEARED * MAX_MOVES)
        score_line = self.here()
        squares = self.choice("squares", SWITCH)
        generator = self.number("generator", 0, GENERATOR_STATES - 1)
        level = self.level(colour, squares)
        if self.index < len(self.lines):
            self.index += 1
            raise self.error("unexpected text after the level line")
        # A game never has more than its level started with, nor counters
        # that no play reaches (the model's unreachable says which do).
        if moves > level.moves:
            raise self.error(
                f"moves {moves} is more than the level's {level.moves}", moves_line
            )
        if count > level.objective[1]:
            raise self.error(
                f"{count} {colour.value} to clear is more than the level's "
                f"{level.objective[1]}",
                objective_line,
            )
        used = level.moves - moves
        if score > MOST_CLEARED * used:
            raise self.error(
                f"score {score} is more than {used} move{'' if used == 1 else 's'} "
                f"can clear ({MOST_CLEARED} dots a move at most)",
                score_line,
            )
        problem = unreachable(level, moves, count, score)
        if problem is not None:
            raise self.error(problem, score_line)
        return GameBoardT.from_state(
            level,
            grid,
            moves=moves,
            objective_count=count,
            score=score,
            generator_state=generator,
        )

    def row(self) -> list[CellT]:
        expected = f"a row of {SIZE} dots (R, O, G or B) separated by spaces"
        words = self.words(expected)
        if len(words) != SIZE or not all(word in LETTERS for word in words):
            raise self.error(f"expected {expected}, got {' '.join(words)[:40]!r}")
        return [LETTERS[word] for word in words]

    def keyed(self, key: str, shape: str) -> list[str]:
        """The words after ``key`` on the next line, which must start with it."""
        words = self.words(f"'{key} {shape}'")
        if not words or words[0] != key:
            got = " ".join(words)
            raise self.error(f"expected '{key} {shape}', got {got[:40]!r}")
        return words[1:]

    def number(self, key: str, low: int, high: int) -> int:
        """The line ``key N``, N a whole number from ``low`` to ``high``."""
        words = self.keyed(key, "N")
        return self.whole(words, key, low, high)

    def whole(self, words: list[str], key: str, low: int, high: int) -> int:
        try:
            return whole_word(words, key, low, high)
        except ValueError as problem:
            raise self.error(str(problem)) from None

    def choice(self, key: str, choices: dict[str, T]) -> T:
        """The line ``key WORD``, WORD one of ``choices``."""
        words = self.keyed(key, "|".join(choices))
        return self.lookup(" ".join(words), choices, key)

    def objective(self) -> tuple[CellT, int]:
        """The line ``objective COLOUR N``."""
        words = self.keyed("objective", "COLOUR N")
        if not words or words[0] not in LETTERS:
            raise self.error(
                f"the objective's colour must be R, O, G or B, got "
                f"{' '.join(words)[:40]!r}"
            )
        low = -MOST_CLEARED  # a square can clear every dot past the count
        return LETTERS[words[0]], self.whole(
            words[1:], "the objective's count", low, MAX_OBJECTIVE
        )

    def level(self, colour: CellT, squares: bool) -> Level:
        """The line ``level seed N board default|random moves N objective N``."""
        shape = "seed N board default|random moves N objective N"
        words = self.keyed("level", shape)
        keys = words[0::2]
        if keys != ["seed", "board", "moves", "objective"] or len(words) != 8:
            raise self.error(f"expected 'level {shape}', got {' '.join(words)[:60]!r}")
        seed = self.whole([words[1]], "the level's seed", LONG_MIN, LONG_MAX)
        board = self.lookup(words[3], BOARDS, "the level's board")
        moves = self.whole([words[5]], "the level's moves", 1, MAX_MOVES)
        target = self.whole([words[7]], "the level's objective", 1, MAX_OBJECTIVE)
        return Level(seed, board, moves, (colour, target), squares)

    def lookup(self, word: str, choices: dict[str, T], what: str) -> T:
        """``choices[word]``; an error naming ``what`` if there is none."""
        if word not in choices:
            raise self.error(f"{what} must be {'|'.join(choices)}, got {word[:40]!r}")
        return choices[word]
