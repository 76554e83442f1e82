"""GameState: the CSE 8B PA4 2048 model, method for method as in Java.

The public methods keep the Java names (camelCase) so that a test written
against the writeup's API runs unchanged. The rules themselves live in
:mod:`gamestate._kernels`; this class owns the board, the score and the
random generator, and checks its arguments. It never prints and never
reads input.

Randomness follows the Java reference exactly: one ``JavaRandom`` seeded
in the constructor; ``addTile`` draws the position first (the k-th empty
cell, row by row from the top left), then the value through
``randomTile``; nothing is drawn on a full board, by ``move(None)``, or by
a move that changes nothing.

Speed (issues 5 and 14) comes from representation, never from a second
copy of the rules: a 4x4 board whose tiles are 0 or 2..2**15 is kept
packed in one int (:mod:`gamestate._bitboard`, whose tables are computed
from ``_kernels.slide_line``, once per process: at :func:`warm_up`, or
after enough packed moves that building them pays, see
``_bitboard.UNTABLED_MOVES``); any other board is a list of rows moved by
:mod:`gamestate._kernels`. A board switches to lists whenever the packed
form cannot hold it (setBoard of a 3, a merge past 32768, a Config tile
that is not a power of two) and back when it can.

A move that changes a packed board adds its tile inline: the same draws
in the same order as ``addTile`` (the cell, then the value, through
``JavaRandom.next_int_pair``), without its five calls. It does so only
for a game whose spawn is this module's, which is decided in two plain
steps:

* when the game is built: it is a GameState itself (not a subclass) and
  GameState's spawn hooks (:data:`SPAWN_HOOKS`) are the ones defined
  here. Replacing a hook on the class (a monkeypatch in a test) reaches
  the games built after it;
* when a hook method is set on the game itself, the writeup's way of
  scripting randomness (``game.rollRNG = scripted``, as the conformance
  suite does after building the game): :meth:`GameState.__setattr__`
  turns the inline spawn off for that game. So that a move's own writes
  never run that method, the cells and the score live in a small record
  of their own (:class:`_Position`), and a move reads one flag.

Any other game gets ``self.addTile()`` after its slide, as in the Java
reference.
"""

from __future__ import annotations

from collections.abc import Sequence

# typing costs a few ms of start-up (it imports re): only type checkers
# read these names, and the annotations are never evaluated.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, TypeAlias, TypeGuard

    from .direction import Direction
    from .effects import Cell, MoveEffects

from . import _bitboard, _kernels
from . import config as Config
from .java_random import JavaRandom, to_int32

_CELLS: Final = _bitboard.CELLS
_EXPONENTS: Final = _bitboard.EXPONENTS
_INT32_MIN: Final = -(1 << 31)
_INT32_MAX: Final = (1 << 31) - 1

Cells: TypeAlias = int | list[list[int]]
"""A board: packed 4x4 (see :mod:`gamestate._bitboard`) or a list of rows."""


def _check_int(name: str, value: object) -> int:
    """Return ``value`` if it is a Java int (not a bool), else raise."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {value!r}")
    if not _INT32_MIN <= value <= _INT32_MAX:
        raise ValueError(f"{name} must fit a 32-bit Java int, got {value!r}")
    return value


def _check_size(name: str, value: object) -> int:
    size = _check_int(name, value)
    if size <= 0:
        raise ValueError(f"{name} must be positive, got {size!r}")
    return size


def _is_sequence(value: object) -> TypeGuard[Sequence[object]]:
    """A Sequence but not a string: a list or tuple answers at once (the
    Sequence ABC's isinstance check is the slow part of a setBoard)."""
    if type(value) in (list, tuple):
        return True
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes))


def _copy_row(name: str, r: int, row: Sequence[object]) -> list[int]:
    """Copy row ``r`` of a board, checking each cell with _check_int.

    A row of plain ints in Java's range passes in three C-speed passes
    (types, min, max); only a row with something else in it pays for a
    check per cell, and for the name each check puts in its message.
    """
    values = list(row)
    if (
        values
        and _plain_ints(values)
        and min(values) >= _INT32_MIN
        and max(values) <= _INT32_MAX
    ):
        return values
    return [_check_int(f"{name}[{r}][{c}]", v) for c, v in enumerate(values)]


def _plain_ints(values: list[object]) -> TypeGuard[list[int]]:
    """True when every value is an int itself (no bool, no int subclass)."""
    return {*map(type, values)} == _PLAIN_INT


_PLAIN_INT: Final = {int}


def _copy_board(name: str, board: object) -> list[list[int]]:
    """Deep-copy a rectangular, non-empty board of ints, or raise."""
    if not _is_sequence(board):
        raise TypeError(f"{name} must be a list of rows, got {board!r}")
    if len(board) == 0:
        raise ValueError(f"{name} must have at least one row, got {board!r}")
    rows: list[list[int]] = []
    for r, row in enumerate(board):
        if not _is_sequence(row):
            raise TypeError(f"{name}[{r}] must be a list of ints, got {row!r}")
        rows.append(_copy_row(name, r, row))
    width = len(rows[0])
    if width == 0:
        raise ValueError(f"{name} rows must not be empty, got {board!r}")
    for r, row_values in enumerate(rows):
        if len(row_values) != width:
            raise ValueError(
                f"{name} must be rectangular: row 0 has {width} cells, "
                f"row {r} has {len(row_values)}"
            )
    return rows


SPAWN_HOOKS: Final = ("addTile", "countEmptyTiles", "rollRNG", "randomTile", "two_prob")
"""What adding a tile goes through: addTile and what it calls, which a
subclass (or a test) may replace to script its tiles."""
_HOOK_METHODS: Final = frozenset(SPAWN_HOOKS) - {"two_prob"}
"""The hooks a game may have set on itself (a property cannot be)."""


class _Position:
    """What a game's moves change: its cells and its score.

    A record of its own, so that a move's writes go here and never run
    :meth:`GameState.__setattr__`.
    """

    __slots__ = ("cells", "score")

    def __init__(self, cells: Cells, score: int) -> None:
        self.cells = cells
        self.score = score


class GameState:
    """The state of one 2048 game: board, score and random generator."""

    def __init__(
        self,
        numRows: int,
        numCols: int,
        *,
        seed: int | None = None,
        two_prob: int | None = None,
    ) -> None:
        """Create an empty numRows x numCols board with score 0.

        ``seed`` defaults to Config.RANDOM_SEED (read now, as the Java
        constructor does); ``two_prob`` (percent of 2s) defaults to
        Config.TWO_PROB, read each time a tile is drawn.
        """
        rows = _check_size("numRows", numRows)
        cols = _check_size("numCols", numCols)
        if seed is None:
            seed = Config.RANDOM_SEED
        elif not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, got {seed!r}")
        if two_prob is not None:
            _check_int("two_prob", two_prob)
            if not 0 <= two_prob <= 100:
                raise ValueError(f"two_prob must be 0 to 100, got {two_prob!r}")
        self._position = _Position(0, 0)
        self._store([[0] * cols for _ in range(rows)])
        self._rng = JavaRandom(seed)
        self._two_prob = two_prob
        # Whether move may add its tile inline: see the module's docstring.
        self._own_spawn = type(self) is GameState and _class_hooks_are_own()

    def __setattr__(self, name: str, value: object) -> None:
        """Set an attribute; a spawn hook set on the game itself (the
        writeup's ``game.rollRNG = scripted``) ends its inline spawn."""
        if name in _HOOK_METHODS:
            object.__setattr__(self, "_own_spawn", False)
        object.__setattr__(self, name, value)

    # ------------------------------------------------------ representation
    def _store(self, rows: list[list[int]]) -> None:
        """Make ``rows`` (now owned by this game) the board, packed if it fits."""
        packed = _bitboard.pack(rows)
        self._position.cells = rows if packed is None else packed

    def _rows(self) -> list[list[int]]:
        """The board as a list of rows; the game's own lists: do not change."""
        cells = self._position.cells
        return _bitboard.unpack(cells) if isinstance(cells, int) else cells

    def _rows_to_change(self) -> list[list[int]]:
        """Switch to the list form and return the game's own rows."""
        cells = self._position.cells
        if isinstance(cells, int):
            cells = self._position.cells = _bitboard.unpack(cells)
        return cells

    # ----------------------------------------------------------- extras
    @property
    def rng(self) -> JavaRandom:
        """The game's random generator (for saving and restoring its state)."""
        return self._rng

    @property
    def two_prob(self) -> int:
        """The percent chance of a 2 that the next drawn tile will use."""
        return Config.TWO_PROB if self._two_prob is None else self._two_prob

    def copy(self) -> GameState:
        """Return an independent copy: board, score and generator state.

        Attributes a subclass adds are copied shallowly (shared values).
        """
        clone = GameState.__new__(type(self))
        clone.__dict__.update(self.__dict__)  # its own state and any hooks set
        cells = self._position.cells
        clone._position = _Position(
            cells if isinstance(cells, int) else [row[:] for row in cells],
            self._position.score,
        )
        clone._rng = JavaRandom(0)
        clone._rng.setstate(self._rng.getstate())
        return clone

    # ------------------------------------------------ getters and setters
    def getBoard(self) -> list[list[int]]:
        """Return a deep copy of the board, ``board[row][col]``, 0 = empty."""
        cells = self._position.cells
        if isinstance(cells, int):
            return _bitboard.unpack(cells)
        return [row[:] for row in cells]

    def setBoard(self, newBoard: Sequence[Sequence[int]] | None) -> None:
        """Replace the board with a deep copy of ``newBoard``.

        None changes nothing. The new board may have another shape; it must
        be non-empty, rectangular and hold ints in Java's int range. A list
        of four lists of tiles the packed form holds is packed at once,
        its check included (:func:`_bitboard.pack_exact`); anything else
        gets the full checks.
        """
        packed = _bitboard.pack_exact(newBoard)
        if packed is not None:
            self._position.cells = packed
        elif newBoard is not None:
            self._store(_copy_board("newBoard", newBoard))

    def getScore(self) -> int:
        """Return the current score."""
        return self._position.score

    def setScore(self, newScore: int) -> None:
        """Set the score; negative scores are allowed, as in the writeup."""
        self._position.score = _check_int("newScore", newScore)

    # ------------------------------------------------------ random tiles
    def rollRNG(self, bound: int) -> int:
        """Return ``nextInt(bound)`` of the game's generator: 0 <= n < bound."""
        return self._rng.nextInt(bound)

    def randomTile(self) -> int:
        """Draw one number; return 2 if it is below TWO_PROB, else 4."""
        if self.rollRNG(100) < self.two_prob:
            return Config.TWO_TILE
        return Config.FOUR_TILE

    def countEmptyTiles(self) -> int:
        """Return the number of cells holding 0."""
        cells = self._position.cells
        if isinstance(cells, int):
            return _bitboard.count_empty(cells)
        return sum(row.count(0) for row in cells)

    def addTile(self) -> int:
        """Put a random tile in a random empty cell; return it, or 0.

        On a full board nothing is drawn and 0 is returned. Otherwise the
        position is drawn first, ``k = rollRNG(countEmptyTiles())``, the
        k-th empty cell counting row by row from the top left, then the
        value with ``randomTile()``.
        """
        placed = self._place_tile()
        return 0 if placed is None else placed[1]

    def _place_tile(self) -> tuple[Cell, int] | None:
        """addTile's work: (its cell, its tile), or None on a full board."""
        empty = self.countEmptyTiles()
        if empty == 0:
            return None
        k = self.rollRNG(empty)
        board = self._rows_to_change()
        row, col = _nth_empty_cell(board, k)
        tile = self.randomTile()
        board[row][col] = tile
        if self._position.cells is board:  # randomTile may have set another board
            self._store(board)
        return (row, col), tile

    def _spawn_packed(self, board: int, cells: int) -> None:
        """Make ``board`` (packed, just moved) the board and add its tile.

        ``cells`` is the board's set of empty cells (bit i for cell i),
        never empty: a move that changes the board merges tiles or leaves
        empty the cells they slid from. This draws what addTile draws, in
        the same order (the cell, then the value), without its calls.
        """
        try:
            offsets = _CELLS[cells]
        except IndexError:  # no tables yet (see _bitboard.UNTABLED_MOVES)
            offsets = _bitboard.cell_offsets(cells)
        two_prob = self._two_prob
        if two_prob is None:
            two_prob = Config.TWO_PROB
        k, draw = self._rng.next_int_pair(len(offsets), 100)
        tile = Config.TWO_TILE if draw < two_prob else Config.FOUR_TILE
        try:  # a subscript, not .get(): a method call costs more
            self._position.cells = board | _EXPONENTS[tile] << offsets[k]
        except KeyError:  # Config holds a tile four bits cannot: lists from now on
            index = offsets[k] >> 2
            rows = self._position.cells = _bitboard.unpack(board)
            rows[index >> 2][index & 3] = tile

    # ------------------------------------------------------------ moving
    def rotateCounterClockwise(self) -> None:
        """Turn the board a quarter counter-clockwise (R x C becomes C x R)."""
        cells = self._position.cells
        if isinstance(cells, int):
            self._position.cells = _bitboard.rotate_counter_clockwise(cells)
        else:
            self._store(_kernels.rotate_counter_clockwise(cells))

    def canSlideDown(self) -> bool:
        """Return True exactly when slideDown() would change the board."""
        cells = self._position.cells
        if isinstance(cells, int):
            # A merge past 2**15 comes back above BOARD_MASK: a change too.
            return _bitboard.slide_parts(cells, 0)[0] != cells
        return _kernels.can_slide_down(cells)

    def isGameOver(self) -> bool:
        """Return True when no direction can move; changes nothing."""
        cells = self._position.cells
        if isinstance(cells, int):
            return not _bitboard.has_move(cells)
        return not any(_kernels.can_move(cells, turns) for turns in (1, 3, 0, 2))

    def slideDown(self) -> bool:
        """Slide every column down, merging; add the merges to the score.

        Returns True when the board changed. Adds no tile.
        """
        cells = self._position.cells
        if isinstance(cells, int):
            slid_packed, _empty, gain = _bitboard.slide_parts(cells, 0)
            if slid_packed <= _bitboard.BOARD_MASK:
                if slid_packed == cells:
                    return False
                self._position.cells = slid_packed
                self._add_score(gain)
                return True
            cells = self._rows_to_change()  # a merge past 2**15: lists
        slid, gain = _kernels.slide_board_down(cells)
        if slid == cells:
            return False
        self._store(slid)
        self._add_score(gain)
        return True

    def _add_score(self, gain: int) -> None:
        score = self._position.score + gain
        if not _INT32_MIN <= score <= _INT32_MAX:
            score = to_int32(score)
        self._position.score = score

    def move(self, dir: Direction | None) -> bool:
        """Slide toward ``dir``; if the board changed, add a tile.

        Returns whether the board changed. ``None`` returns False and draws
        nothing; so does a move that changes nothing.

        A packed board moves through the tables of
        :mod:`gamestate._bitboard` (``slide_parts``) once they exist
        (:func:`warm_up`, or ``_bitboard.UNTABLED_MOVES`` packed moves).
        """
        if dir is None:
            return False
        if type(dir) is not _direction:  # a Direction after the first move
            _check_direction(dir)
        # The value is the rotation count (Direction.getRotationCount); read
        # directly, since Enum's value property and __hash__ run Python code.
        turns: int = dir._value_
        position = self._position
        board = position.cells
        if type(board) is not int:
            return self._move_rows(turns)
        moved, cells, gain = _bitboard.slide_parts(board, turns)
        if moved == board:
            return False
        score = position.score + gain
        if score > _INT32_MAX:  # a Java int wraps, or a merge overflows
            if moved > _bitboard.BOARD_MASK:
                return self._move_rows(turns)
            score = to_int32(score)
        position.score = score
        if self._own_spawn:  # no spawn hook of its own: see the module's docstring
            self._spawn_packed(moved, cells)
        else:  # hooks of the game's own: addTile calls them, as in Java
            position.cells = moved
            self.addTile()
        return True

    def move_with_effects(self, dir: Direction | None) -> MoveEffects | None:
        """``move(dir)``, saying what it did; None when nothing moved.

        The board, the score and the generator end exactly as after
        ``move(dir)``. The merged cells come from the one slide that moves
        the board (:func:`gamestate._kernels.move_with_merges`); the new
        tile's cell from the spawn that placed it. For the full screens,
        one move per key: it takes the list path, not the tables.
        """
        turns = _rotation_count(dir)
        if turns is None:
            return None
        rows = self._rows()
        slid, gain, merged = _kernels.move_with_merges(rows, turns)
        if slid == rows:
            return None
        self._store(slid)
        self._add_score(gain)
        new_tile, tile = self._spawn_reporting()
        from .effects import MoveEffects  # here: typing costs start-up

        return MoveEffects(merged, new_tile, tile, gain)

    def _spawn_reporting(self) -> tuple[Cell | None, int]:
        """Add the tile a move adds: (its cell or None, its value or 0)."""
        if "addTile" not in self.__dict__ and type(self).addTile is _OWN_ADD_TILE:
            placed = self._place_tile()  # addTile's own work: it tells where
            return (None, 0) if placed is None else placed
        before = self.getBoard()
        tile = self.addTile()  # an addTile of the game's own: what changed tells
        after = self._rows()
        for r, (old_row, new_row) in enumerate(zip(before, after, strict=False)):
            for c, (old, new) in enumerate(zip(old_row, new_row, strict=False)):
                if old == 0 and new != 0:
                    return (r, c), tile
        return None, tile

    def _move_rows(self, turns: int) -> bool:
        """``move`` on the list form (any shape, any ints), through addTile."""
        board = self._rows_to_change()
        slid, gain = _kernels.move_board(board, turns)
        if slid == board:
            return False
        self._store(slid)
        self._add_score(gain)
        self.addTile()
        return True

    # ----------------------------------------------------------- display
    def toString(self) -> str:
        """Return the writeup's REQUIRED toString text, byte for byte."""
        lines = [f"Score: {self.getScore()}\n"]
        for row in self.getBoard():
            cells = ("    -" if value == 0 else f"{value:5d}" for value in row)
            lines.append("".join(cells) + "\n")
        return "".join(lines)

    def __str__(self) -> str:
        return self.toString()

    def __repr__(self) -> str:
        board = self._rows()
        return (
            f"{type(self).__name__}({len(board)}, {len(board[0])}, "
            f"score={self._position.score}, board={board!r})"
        )


def warm_up() -> None:
    """Build the 4x4 engine's tables now, once per process.

    A process builds them by itself after ``_bitboard.UNTABLED_MOVES``
    packed moves (about what the build costs in moves made without them;
    bench/engine.py prints the build's time and memory); a simulation or a
    benchmark calls this first so that every move is fast. Start-up and
    a person's game never build them.
    """
    _bitboard.build()


def _nth_empty_cell(board: list[list[int]], k: int) -> tuple[int, int]:
    """(row, col) of the k-th empty cell (from 0), counting row by row."""
    if k >= 0:
        for r, row in enumerate(board):
            empty = row.count(0)
            if k < empty:
                col = row.index(0)
                for _ in range(k):
                    col = row.index(0, col + 1)
                return r, col
            k -= empty
    raise AssertionError("unreachable: k is below the empty count")


class _NoDirectionYet:
    """Stands for :class:`~gamestate.Direction` until a move loads it."""


_direction: type = _NoDirectionYet
"""The Direction class once a move has loaded it. Not imported with this
module: ``enum`` costs start-up (issue 36), and a game's first screen
makes no move; no Direction exists before its module is loaded."""


def _check_direction(dir: object) -> None:
    """Raise TypeError unless ``dir`` is a Direction, loading the class
    into ``_direction`` first. Its type, not isinstance: an Enum with
    members has no subclass."""
    global _direction
    from .direction import Direction

    _direction = Direction
    if type(dir) is not Direction:
        raise _not_a_direction(dir)


def _rotation_count(dir: Direction | None) -> int | None:
    """The rotation count of a Direction, None for None; else TypeError."""
    if dir is None:
        return None
    if type(dir) is not _direction:
        _check_direction(dir)
    return dir.getRotationCount()


def _not_a_direction(dir: object) -> TypeError:
    return TypeError(f"dir must be a Direction or None, got {dir!r}")


_OWN_HOOKS: Final = {name: vars(GameState)[name] for name in SPAWN_HOOKS}
"""The spawn hooks as this module defines them."""
_OWN_ADD_TILE: Final = _OWN_HOOKS["addTile"]


def _class_hooks_are_own() -> bool:
    """True while GameState's spawn hooks are the ones this module defines."""
    return all(vars(GameState).get(name) is hook for name, hook in _OWN_HOOKS.items())
