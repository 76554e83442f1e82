"""The hint of Dots: the best path for the objective, by exhaustive search.

:func:`hint` reads a game and returns a path (never changing the game).
The best path clears, in this order of preference:

1. the most dots of the objective's colour (any path of that colour
   beats every path of another);
2. then the most dots in all (the score);
3. then, with squares on, a closed loop rather than an open path that
   clears as many (a loop clears every dot of its colour, so for its
   colour nothing clears more).

Among equally good paths the first found is kept; the search order below
is fixed, so a board always gets the same hint, on every machine.

How. The dots of one colour that touch form a region, and a path stays in
one. Each region gets a bound, the most a path in it could clear, and
regions are searched best bound first, until no region left can beat the
best path found (most are never searched):

* with squares on, a region with a cycle holds a loop (every cycle on a
  grid has at least 4 dots), found in one depth-first walk;
* otherwise its longest simple path is searched exhaustively, depth first
  on bit masks: first a probe of :data:`PROBE_STEPS` steps from each start
  that could meet the bound (a path through a whole big region is usually
  found in a few steps from the right start, and the bound then ends the
  search), then the full search; start dots most promising first, steps
  to the neighbour
  with the fewest ways on first (Warnsdorff's rule, which finds long
  paths early). A branch is cut only when it cannot be longer than the
  best path found: its end may face separate parts of the region (it can
  enter only one); a path alternates the checkerboard's two shades; and
  a dot with one neighbour (a dead end) can only be a path's last. A
  region stops once a path reaches its bound; a state reached twice (the
  same dots, ending at the same dot) is searched once.

Longest paths are NP-hard, and a board with a huge region of one colour
can need far more steps to prove than the issue's 50 ms allow: the
hardest found (32 R, in bench/dots_hint.py) needs 19836. Random play
does not make one (of the 1000 random and mid-game boards of the bench,
none needed more than 110 steps; of 1000 boards of 70% to 95% one
colour, 11 needed more than 2000). So the search takes at most
:data:`MAX_STEPS` steps (bench/dots_hint.py times the worst boards): on
a board that needs more, it returns the best path found by then and
:func:`best_path` says it is not proven best. The steps, not the clock,
set the limit, so a board gets the same hint on every machine.
This module never prints.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, NamedTuple

from .board import SIZE, Cell, GameBoardT
from .cell import CellT

MAX_STEPS: Final = 2000
"""Paths the search extends at most for one hint, a bound set to keep the
worst boards within the issue's 50 ms (bench/dots_hint.py times them); the
probes count among them."""

PROBE_STEPS: Final = SIZE * SIZE
"""Steps of the probe from each start (:meth:`_LongestPath.run`)."""
_CELLS: Final = SIZE * SIZE
_ALL: Final = (1 << _CELLS) - 1
_LEFT_COLUMN: Final = sum(1 << (r * SIZE) for r in range(SIZE))
_NOT_LEFT_COLUMN: Final = _ALL ^ _LEFT_COLUMN
_NOT_RIGHT_COLUMN: Final = _ALL ^ (_LEFT_COLUMN << (SIZE - 1))
_DARK: Final = sum(
    1 << (r * SIZE + c) for r in range(SIZE) for c in range(SIZE) if (r + c) % 2
)
"""The checkerboard's dark squares: each step of a path changes shade."""
_LIGHT: Final = _ALL ^ _DARK


def _neighbour_masks() -> tuple[int, ...]:
    masks = []
    for r in range(SIZE):
        for c in range(SIZE):
            around = ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
            masks.append(
                sum(
                    1 << (a * SIZE + b)
                    for a, b in around
                    if 0 <= a < SIZE and 0 <= b < SIZE
                )
            )
    return tuple(masks)


_NEIGHBOURS: Final = _neighbour_masks()
"""Bit mask of the cells next to each cell (bit r * SIZE + c)."""

Key = tuple[int, int, bool]
"""How good a path is: (objective dots cleared, dots cleared, is a loop)."""


class Found(NamedTuple):
    """What the search found."""

    path: list[Cell] | None
    """The best path, None when no move is possible."""
    proven: bool
    """True when no path is better (the search ended within its steps)."""
    steps: int
    """How many paths the search extended."""


def hint(board: GameBoardT) -> list[Cell] | None:
    """The best path to play on ``board`` (see the module docstring), as
    (row, col) pairs that ``board.move`` accepts; None when the game has
    ended or no two neighbouring dots match."""
    return best_path(board).path


def best_path(board: GameBoardT, max_steps: int = MAX_STEPS) -> Found:
    """The best path on ``board``, and whether it is proven best within
    ``max_steps`` steps (the hint's limit; bench/dots_hint.py lifts it to
    count the steps a board needs)."""
    if board.game_over() or board.is_win():
        return Found(None, proven=True, steps=0)
    grid = board.get_boardT()
    search = _Search(grid, board.get_obj()[0], board.squares, max_steps)
    path = search.run()
    cells = None if path is None else [divmod(index, SIZE) for index in path]
    steps = max_steps - search.steps_left
    return Found(cells, proven=search.steps_left >= 0, steps=min(steps, max_steps))


class _Search:
    """One hint: the grid's regions, the best path so far, steps left."""

    def __init__(
        self, grid: list[list[CellT]], objective: CellT, squares: bool, max_steps: int
    ):
        self.objective = objective
        self.squares = squares
        self.masks = {colour: _mask_of(grid, colour) for colour in CellT}
        self.steps_left = max_steps

    def run(self) -> list[int] | None:
        best: list[int] | None = None
        best_key: Key = (0, 0, False)
        for bound, region in self._regions_by_bound():
            if bound <= best_key:
                break  # sorted: no region left can do better
            found = self._best_in(region, bound[1])
            key = self._key(region, found)
            if key > best_key:
                best, best_key = found, key
        return best

    def _key(self, region: int, path: list[int]) -> Key:
        colour = self._colour(region)
        loop = self.squares and _closes_loop(path)
        cleared = self.masks[colour].bit_count() if loop else len(path)
        return (cleared if colour is self.objective else 0, cleared, loop)

    def _colour(self, region: int) -> CellT:
        return next(c for c, mask in self.masks.items() if mask & region)

    def _regions_by_bound(self) -> list[tuple[Key, int]]:
        """Regions of 2 dots or more with the best key a path in each could
        have, best first (ties: the region whose first dot comes first)."""
        bounded = []
        for region in _regions(self.masks.values()):
            colour = self._colour(region)
            loop = self.squares and _has_cycle(region)
            cleared = self.masks[colour].bit_count() if loop else _most_in(region)
            bounded.append(
                ((cleared if colour is self.objective else 0, cleared, loop), region)
            )
        bounded.sort(key=lambda item: (_negated(item[0]), item[1] & -item[1]))
        return bounded

    def _best_in(self, region: int, most: int) -> list[int]:
        """The best path in ``region``, where no path has more than ``most`` dots."""
        if self.squares and _has_cycle(region):
            return _a_loop(region)
        longest = _LongestPath(region, most, self.steps_left)
        longest.run()
        self.steps_left = longest.steps_left
        return longest.best


def _negated(key: Key) -> tuple[int, int, int]:
    return (-key[0], -key[1], -int(key[2]))


def _mask_of(grid: list[list[CellT]], colour: CellT) -> int:
    mask = 0
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell is colour:
                mask |= 1 << (r * SIZE + c)
    return mask


def _regions(masks: Iterable[int]) -> list[int]:
    """Each set of touching dots of one colour, 2 dots or more, by first dot."""
    found = []
    for mask in masks:
        left = mask
        while left:
            region = _reach(left & -left, mask)
            left &= ~region
            if region & (region - 1):  # more than one dot
                found.append(region)
    return sorted(found, key=lambda region: region & -region)


def _indexes(cells: int) -> Iterator[int]:
    """The dots of ``cells`` in row-major order."""
    while cells:
        lowest = cells & -cells
        yield lowest.bit_length() - 1
        cells ^= lowest


def _reach(start: int, within: int) -> int:
    """The cells of ``within`` joined to ``start`` through ``within``.

    (The four shifts are a step up, down, left and right at once.)
    """
    reached = start
    while True:
        grown = reached | (
            (
                (reached << SIZE)
                | (reached >> SIZE)
                | ((reached << 1) & _NOT_LEFT_COLUMN)
                | ((reached >> 1) & _NOT_RIGHT_COLUMN)
            )
            & within
        )
        if grown == reached:
            return reached
        reached = grown


def _has_cycle(cells: int) -> bool:
    """True when a region holds a cycle: as many neighbour pairs as dots."""
    pairs = (cells & (cells >> SIZE)).bit_count()
    pairs += (cells & (cells >> 1) & _NOT_RIGHT_COLUMN).bit_count()
    return pairs >= cells.bit_count()


def _closes_loop(path: list[int]) -> bool:
    return len(path) >= 4 and bool(_NEIGHBOURS[path[0]] >> path[-1] & 1)


def _a_loop(cells: int) -> list[int]:
    """A closed path through a region that has a cycle: a depth-first walk
    from its first dot until a step meets a dot of the walk other than the
    one it came from; the walk from that dot on is the loop."""
    first = (cells & -cells).bit_length() - 1
    walk = [first]
    position = {first: 0}
    untried = {first: cells & _NEIGHBOURS[first]}
    while walk:
        here = walk[-1]
        if not untried[here]:
            del position[walk.pop()]
            continue
        step = (untried[here] & -untried[here]).bit_length() - 1
        untried[here] ^= 1 << step
        if step in position:
            if len(walk) < 2 or step != walk[-2]:
                return walk[position[step] :]
        elif step not in untried:
            position[step] = len(walk)
            walk.append(step)
            untried[step] = cells & _NEIGHBOURS[step]
    raise ValueError("the region has no cycle")


def _dead_ends(cells: int) -> int:
    """The dots of ``cells`` with exactly one neighbour in ``cells``: a path
    through them can only start or end there."""
    sides = (
        cells & (cells << SIZE),
        cells & (cells >> SIZE),
        cells & (cells << 1) & _NOT_LEFT_COLUMN,
        cells & (cells >> 1) & _NOT_RIGHT_COLUMN,
    )
    some = two = 0
    for side in sides:
        two |= some & side
        some |= side
    return cells & some & ~two


def _most_from(part: int, entry: int, entries: int) -> int:
    """At most how many dots of ``part`` a path entering it at ``entry``
    visits; ``entries`` are the dots where it might enter.

    A path alternates shades, starting with the entry's. A dead end (not
    an entry) can only be the path's last dot, so at most one is visited,
    and its shade decides whether the path has an odd length.
    """
    ends = _dead_ends(part) & ~entries
    base = part & ~ends
    shade = _DARK if _DARK >> entry & 1 else _LIGHT
    same = (base & shade).bit_count()
    other = base.bit_count() - same
    most = min(same, other + 1) + min(other, same)
    if ends & shade:  # ends on a dead end of the entry's shade: odd length
        most = max(most, 2 * min(same, other) + 1)
    if ends & ~shade:  # ends on one of the other shade: even length
        most = max(most, 2 * min(same, other + 1))
    return most


def _room(end: int, free: int) -> int:
    """At most how many dots a path ending at ``end`` can still add from
    ``free``. The free dots next to ``end`` may lie in separate parts, and
    the path cannot leave one for another, so the best part counts."""
    room = 0
    entries = _NEIGHBOURS[end] & free
    left = entries
    while left:
        step = (left & -left).bit_length() - 1
        part = _reach(1 << step, free)
        left &= ~part
        room = max(room, _most_from(part, step, entries))
    return room


def _most_in(region: int) -> int:
    """At most how many dots of ``region`` one path visits."""
    return max(1 + _room(start, region & ~(1 << start)) for start in _indexes(region))


class _LongestPath:
    """The search for a longest simple path through one region."""

    def __init__(self, cells: int, bound: int, steps_left: int) -> None:
        self.cells = cells
        self.bound = bound
        self.best: list[int] = []
        self.steps_left = steps_left
        self.seen: set[int] = set()
        """(visited dots, last dot) of every path extended."""

    def run(self) -> None:
        """Search from each start dot, most promising first (then row-major).

        First a probe from each start that could meet the bound: a path
        through every dot of a big region is usually found in a few steps
        from the right start, and the search ends there; from a wrong
        start, proving that none exists could take thousands (the "33 R"
        board of bench/dots_hint.py took 6021 steps without probes, 356
        with them). Then the full search, start by start.
        """
        cells = self.cells
        rooms = {
            start: _room(start, cells & ~(1 << start)) for start in _indexes(cells)
        }
        starts = sorted(rooms, key=lambda start: -rooms[start])
        for start in starts:
            if 1 + rooms[start] < self.bound or self.done():
                break
            self.probe(start)
        for start in starts:
            if self.done():
                return
            self.extend([start], 1 << start)

    def probe(self, start: int) -> None:
        """Search from ``start`` for :data:`PROBE_STEPS` steps at most (they
        count among the hint's), keeping the longest path found. Its states
        are not remembered: the full search explores them again."""
        budget = min(PROBE_STEPS, self.steps_left)
        steps_left, seen = self.steps_left, self.seen
        self.steps_left, self.seen = budget, set()
        self.extend([start], 1 << start)
        self.steps_left = steps_left - (budget - self.steps_left)
        self.seen = seen

    def done(self) -> bool:
        """True once the best path reaches the bound or the steps run out."""
        return len(self.best) >= self.bound or self.steps_left < 0

    def extend(self, path: list[int], visited: int) -> None:
        """Try every way on from ``path``, keeping the longest found."""
        if len(path) > len(self.best):
            self.best = list(path)
        end = path[-1]
        state = visited | end << _CELLS
        if self.done() or state in self.seen:
            return  # the same dots ending at the same dot have the same ways on
        self.seen.add(state)
        self.steps_left -= 1
        free = self.cells & ~visited
        if len(path) + _room(end, free) <= len(self.best):
            return
        ahead = _NEIGHBOURS[end] & free
        steps = sorted(
            _indexes(ahead), key=lambda step: (_NEIGHBOURS[step] & free).bit_count()
        )
        for step in steps:
            path.append(step)
            self.extend(path, visited | (1 << step))
            path.pop()
            if self.done():
                return
