"""The slide-and-merge rule, in one place, and the board moves built on it.

Every move in every front end ends up in :func:`slide_line`: a direction is
"rotate k times, slide down, rotate back" (Direction.getRotationCount), and
sliding a board down is sliding each column toward its bottom. Boards here
are lists of rows, ``board[row][col]``, 0 for an empty cell. This module
never prints and holds no game state.

For speed the board functions do not turn the board: rotating k times,
sliding every column down and rotating back slides exactly the lines
:func:`_lines` picks (the columns for DOWN and UP, the rows for LEFT and
RIGHT, each read toward the side tiles move to), so that is what they
slide. Results of short lines are cached, since small boards repeat them
all the time; long lines go straight to :func:`slide_line`.
"""

from __future__ import annotations

from collections.abc import Sequence

# typing costs a few ms of start-up (it imports re): only type checkers
# read these names, and the annotations are never evaluated.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, TypeAlias

from .java_random import to_int32

Line: TypeAlias = tuple[int, ...]
Board: TypeAlias = list[list[int]]

_INT32_MIN: Final = -(1 << 31)
_INT32_MAX: Final = (1 << 31) - 1


def slide_line(line: Sequence[int]) -> tuple[Line, int]:
    """Slide one line toward its end and merge; return (new line, gain).

    The line runs from the far side (index 0, the top of a column) to the
    edge tiles slide toward (index -1, the bottom). The writeup's rule:
    tiles slide past empty cells; two equal tiles that meet merge into their
    sum where the bottom tile was; the farthest-down tiles merge first
    (4 4 4 -> 0 4 8, 4 4 4 4 -> 0 0 8 8); a merged tile never merges again
    in the same move. The gain is the sum of the merged tiles, the amount
    the score rises by. Sums wrap as Java ints do.
    """
    tiles = [value for value in line if value != 0]
    result: list[int] = []
    gain = 0
    index = len(tiles) - 1
    while index >= 0:
        value = tiles[index]
        if index > 0 and tiles[index - 1] == value:
            merged = value + value
            if not _INT32_MIN <= merged <= _INT32_MAX:
                merged = to_int32(merged)
            result.append(merged)
            gain += merged
            index -= 2
        else:
            result.append(value)
            index -= 1
    result.extend([0] * (len(line) - len(result)))
    result.reverse()
    return tuple(result), gain


_CACHED_LINE_MAX: Final = 6
"""Lines up to this long have their results cached by :func:`_slide`."""
_CACHE_LIMIT: Final = 1 << 16
"""The cache is emptied when it reaches this many lines, to bound memory."""
_LINE_CACHE: Final[dict[Line, tuple[Line, int]]] = {}


def _slide(line: Line) -> tuple[Line, int]:
    """:func:`slide_line`, remembered for short lines."""
    if len(line) > _CACHED_LINE_MAX:
        return slide_line(line)
    found = _LINE_CACHE.get(line)
    if found is None:
        if len(_LINE_CACHE) >= _CACHE_LIMIT:
            _LINE_CACHE.clear()
        found = _LINE_CACHE[line] = slide_line(line)
    return found


def _lines(board: Sequence[Sequence[int]], turns: int) -> list[Line]:
    """The lines a move with rotation count ``turns`` (0..3) slides.

    Each runs toward the side its tiles move to, as :func:`slide_line`
    expects: DOWN (0) the columns top to bottom, LEFT (1) the rows right to
    left, UP (2) the columns bottom to top, RIGHT (3) the rows left to right.
    """
    if turns % 2:
        lines = [tuple(row) for row in board]
    else:
        lines = list(zip(*board, strict=True))
    if turns in (1, 2):
        lines = [line[::-1] for line in lines]
    return lines


def _board_from_lines(lines: list[Line], turns: int) -> Board:
    """Undo :func:`_lines`: the board whose lines for ``turns`` these are."""
    if turns in (1, 2):
        lines = [line[::-1] for line in lines]
    if turns % 2:
        return [list(line) for line in lines]
    return [list(row) for row in zip(*lines, strict=True)]


def rotate_counter_clockwise(board: Sequence[Sequence[int]]) -> Board:
    """Return ``board`` turned a quarter counter-clockwise (R x C -> C x R).

    The new row i is the old column ``C - 1 - i`` read top to bottom.
    """
    columns = [list(column) for column in zip(*board, strict=True)]
    columns.reverse()
    return columns


def move_board(board: Sequence[Sequence[int]], turns: int) -> tuple[Board, int]:
    """Move in the direction whose rotation count is ``turns``.

    The result of: rotate ``turns`` times, slide down, rotate back, as
    (new board, gain); ``board`` is not changed.
    """
    turns %= 4
    slid = [_slide(line) for line in _lines(board, turns)]
    gain = to_int32(sum(gained for _line, gained in slid))
    return _board_from_lines([line for line, _gained in slid], turns), gain


def move_with_merges(
    board: Sequence[Sequence[int]], turns: int
) -> tuple[Board, int, frozenset[tuple[int, int]]]:
    """:func:`move_board`, and the (row, col) of every tile it merged.

    The same slide of the same lines; each line's merged tiles are read
    off its result by :func:`merged_indexes`. For a move a person sees.
    """
    turns %= 4
    width = len(board[0])
    # The same lines, holding each cell's index (row * width + col).
    places = _lines(
        [[r * width + c for c in range(width)] for r in range(len(board))], turns
    )
    slid_lines = []
    gain = 0
    merged = set()
    for line, line_places in zip(_lines(board, turns), places, strict=True):
        slid, gained = _slide(line)
        slid_lines.append(slid)
        gain += gained
        for index in merged_indexes(line, slid):
            merged.add(divmod(line_places[index], width))
    return _board_from_lines(slid_lines, turns), to_int32(gain), frozenset(merged)


def merged_indexes(line: Sequence[int], slid: Sequence[int]) -> list[int]:
    """Indexes of ``slid`` (``slide_line(line)``) that hold merged tiles.

    Walking from the end tiles slide toward, each result tile either is
    the next tile of ``line`` moved (the same value) or two of them merged
    (twice the value, never equal to it): so the values tell which.
    """
    tiles = [value for value in reversed(line) if value]
    merged = []
    taken = 0
    for index in range(len(slid) - 1, -1, -1):
        if not slid[index]:
            break
        if slid[index] == tiles[taken]:
            taken += 1
        else:
            merged.append(index)
            taken += 2
    return merged


def slide_board_down(board: Sequence[Sequence[int]]) -> tuple[Board, int]:
    """Slide every column down; return (new board, total gain)."""
    return move_board(board, 0)


def can_move(board: Sequence[Sequence[int]], turns: int) -> bool:
    """Return True when a move with rotation count ``turns`` changes it."""
    return any(_slide(line)[0] != line for line in _lines(board, turns % 4))


def can_slide_down(board: Sequence[Sequence[int]]) -> bool:
    """Return True exactly when :func:`slide_board_down` would change it."""
    return can_move(board, 0)
