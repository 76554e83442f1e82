"""Differential checking: the class against the package's Java-exact model.

Besides the hand-written cases, the movement requirements are checked on a
fixed, seeded set of boards (:func:`board_set`): every shape from 1 x 1 to
6 x 6, square or not, :data:`BOARDS_PER_SHAPE` boards each, tiles drawn
with runs of equal values (where merges go wrong) and some full boards
(where games end). The class answers every board in few round trips
(:func:`observe`); each requirement then keeps its own property
(:data:`PROPERTIES`), judged only where it is the one at stake, so one bug
costs what it breaks: a wrong score is R25's alone, a double merge R24's,
a gap left on a long line R21's, a move that turns the board wrong R27's
(on boards the class's own slideDown gets right). The smallest board on
which a property fails is shrunk (fewest cells, smallest tiles) and shown
in the writeup's words.

A move adds a random tile, so the moves are made with the class's rollRNG
(OPTIONAL in the writeup) seeded (support.seed_draws): a class drawing
through it places the same tiles on every run, and the failing board and
the message are the same on every run. Whether they are is probed
(:func:`draws_repeat`); a class whose draws are its own (no rollRNG, or
one it does not use) is judged on what its moves do alone (one new 2 or 4
in a cell the slide left empty), and its message names a board found in a
fixed order, moved TRIES times, and never shows a board its draws made.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, TypeVar

from gamestate.conformance import reference
from gamestate.conformance.limits import TargetError, TargetRaisedError
from gamestate.conformance.reference import TURNS, clockwise
from gamestate.conformance.support import (
    Call,
    Snapshot,
    board_of,
    call_each,
    describe,
    seed_draws,
    show,
)

SIZES: Final = range(1, 7)
BOARDS_PER_SHAPE: Final = 100
# Of those, how many are also moved in each direction (move's checks).
MOVED_PER_SHAPE: Final = 12
TILES: Final = (2, 2, 2, 4, 4, 8, 16, 32)
SHRINK_TRIES: Final = 60
# rollRNG's seed in every game that moves (the starter's Config seed).
MOVE_SEED: Final = 118
# Where the class's draws are its own: how often each board is moved when
# one is looked for to show (a move wrong a quarter of the time passes all
# of them with a chance below 1e-7), and how many boards are moved at once.
TRIES: Final = 60
SCAN_CHUNK: Final = 25
# The draws probe: a board every move DOWN slides, leaving 12 empty cells.
PROBE: Final = ((2, 4, 8, 16), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))
PROBE_MOVES: Final = 8


# ------------------------------------------------------------ the boards
def board_set() -> list[Snapshot]:
    """The fixed boards, the same on every run and machine: BOARDS_PER_SHAPE
    drawn for each shape, each board once (a small shape has fewer)."""
    boards: dict[Snapshot, None] = {}
    for rows in SIZES:
        for cols in SIZES:
            draw = random.Random(f"{rows}x{cols}")  # a str seed is stable
            boards |= dict.fromkeys(_random_board(draw, rows, cols) for _ in range(BOARDS_PER_SHAPE))
    return list(boards)


def _random_board(draw: random.Random, rows: int, cols: int) -> Snapshot:
    full = draw.random() < 0.25
    empty = 0.0 if full else draw.choice((0.2, 0.4, 0.6))
    cells: list[list[int]] = [[0] * cols for _ in range(rows)]
    previous = 0
    for col in range(cols):  # column by column: runs down a column merge
        for row in range(rows):
            if draw.random() < empty:
                value = 0
            elif previous and draw.random() < 0.4:
                value = previous
            else:
                value = draw.choice(TILES)
            cells[row][col] = previous = value
    return tuple(tuple(row) for row in cells)


# ------------------------------------------------ what the class answers
@dataclasses.dataclass(frozen=True)
class Observed:
    """What the class did with one board (a TargetError where it raised)."""

    board: Snapshot
    slid: Any  # the board after slideDown(), or an error
    gain: Any
    returned: Any
    can: Any
    over: Any
    after_over: Any


@dataclasses.dataclass(frozen=True)
class Moved:
    """What move(direction) did to a board turned so that the move is the
    slide down of ``base`` (whose slideDown the class was also asked)."""

    base: Observed
    direction: str
    board: Snapshot
    after: Any
    gain: Any
    returned: Any
    # Whether the class's draws repeat (draws_repeat): if not, a message
    # never shows ``after`` (another run draws another new tile).
    repeatable: bool = True


SLIDE_CALLS: Final = 8
MOVE_CALLS: Final = 4


def _slide_calls(board: Snapshot) -> list[Call]:
    """slideDown, then canSlideDown and isGameOver, of ``board`` (the score
    gained is the difference of two getScore() answers: one setScore(0) a
    game). canSlideDown and isGameOver must change nothing: a changed board
    after both is R20's (canSlideDown's own cases are hand-written)."""

    def fresh() -> list[list[int]]:
        return [list(row) for row in board]

    return [
        ("setBoard", (fresh(),)), ("slideDown", ()), ("getBoard", ()), ("getScore", ()),
        ("setBoard", (fresh(),)), ("canSlideDown", ()), ("isGameOver", ()), ("getBoard", ()),
    ]  # fmt: skip


def _move_calls(board: Snapshot, direction: Any) -> list[Call]:
    fresh = [list(row) for row in board]
    return [("setBoard", (fresh,)), ("move", (direction,)), ("getBoard", ()), ("getScore", ())]


def _as_board(value: Any, shape: tuple[int, int], what: str) -> Any:
    """The board, or an AssertionError saying what came back instead."""
    if isinstance(value, TargetError):
        return value
    try:
        return board_of(value, what, shape)
    except AssertionError as wrong:
        return wrong


def observe_slides(GameState: Any, boards: Sequence[Snapshot]) -> list[Observed]:
    """Each board's answers, one game per shape, few round trips."""
    observed = []
    for shape, group in _by_shape(boards):
        calls = [call for board in group for call in _slide_calls(board)]
        results = _answers(GameState, shape, [("setScore", (0,)), *calls])[1:]
        score: Any = 0
        for number, board in enumerate(group):
            r = results[number * SLIDE_CALLS : (number + 1) * SLIDE_CALLS]
            gain = _difference(r[3], score)
            score = r[3]
            observed.append(Observed(
                board, _as_board(r[2], shape, "getBoard() after slideDown()"), gain, r[1],
                r[5], r[6], _as_board(r[7], shape, "getBoard() after isGameOver()"),
            ))  # fmt: skip
    return observed


def _difference(after: Any, before: Any) -> Any:
    """The score gained; what getScore() answered if it is no number."""
    if type(after) is int and type(before) is int:
        return after - before
    return after if type(after) is not int else before


def observe_moves(
    GameState: Any, Direction: Any, bases: Sequence[Observed], repeatable: bool = True
) -> list[Moved]:
    """move(d) of each base board turned so that the move is its slide down."""
    return _observe_turned(
        GameState, Direction, [(base, name) for base in bases for name in TURNS], 1, repeatable
    )


def _observe_turned(
    GameState: Any, Direction: Any, todo: Sequence[tuple[Observed, str]], tries: int, repeatable: bool
) -> list[Moved]:
    """Each (base, direction) moved ``tries`` times, in one game a shape
    (whose rollRNG is seeded: the same draws on every run)."""
    by_shape: dict[tuple[int, int], list[tuple[Observed, str, Snapshot]]] = {}
    for base, name in todo:
        board = clockwise(base.board, TURNS[name])
        by_shape.setdefault(_shape(board), []).extend([(base, name, board)] * tries)
    moved = []
    for shape, group in by_shape.items():
        calls = [call for _, name, board in group for call in _move_calls(board, getattr(Direction, name))]
        results = _answers(GameState, shape, [("setScore", (0,)), *calls], seeded=True)[1:]
        score: Any = 0
        for number, (base, name, board) in enumerate(group):
            r = results[number * MOVE_CALLS : (number + 1) * MOVE_CALLS]
            after = _as_board(r[2], shape, f"getBoard() after move({name})")
            moved.append(Moved(base, name, board, after, _difference(r[3], score), r[1], repeatable))
            score = r[3]
    return moved


def draws_repeat(GameState: Any, Direction: Any) -> bool:
    """Whether two new games, rollRNG seeded alike, make the same PROBE_MOVES
    moves: a class drawing through rollRNG (or a generator of its own seeded
    alike in each game) does; one drawing unseeded numbers of its own
    almost never (a chance below 1e-10)."""

    def run() -> list[Any]:
        calls: list[Call] = []
        for _ in range(PROBE_MOVES):
            calls += [("setBoard", ([list(row) for row in PROBE],)), ("move", (Direction.DOWN,)), ("getBoard", ())]
        answers = _answers(GameState, _shape(PROBE), calls, seeded=True)
        return [str(answer) if isinstance(answer, BaseException) else answer for answer in answers]

    return run() == run()


def observe_board_set(GameState: Any, Direction: Any) -> tuple[list[Observed], list[Moved]]:
    """What the class answers on every board of :func:`board_set`: each
    slid down, and the first MOVED_PER_SHAPE of each shape moved every way."""
    slides = observe_slides(GameState, board_set())
    per_shape: dict[tuple[int, int], int] = {}
    bases = []
    for seen in slides:
        shape = _shape(seen.board)
        per_shape[shape] = per_shape.get(shape, 0) + 1
        if per_shape[shape] <= MOVED_PER_SHAPE:
            bases.append(seen)
    moves = observe_moves(GameState, Direction, bases)
    # Probed after the moves: a move that times out does so on a board of
    # the set first, and its message names that board.
    if not draws_repeat(GameState, Direction):
        moves = [dataclasses.replace(m, repeatable=False) for m in moves]
    return slides, moves


def _answers(
    GameState: Any, shape: tuple[int, int], calls: list[Call], seeded: bool = False
) -> list[Any]:
    """The results of ``calls`` on a new game of ``shape``, its rollRNG
    ``seeded`` (its error for each, if the constructor raised)."""
    try:
        game = GameState(*shape)
        if seeded:
            seed_draws(game, MOVE_SEED)
    except TargetError as error:
        return [error] * len(calls)
    return call_each(game, calls)


def _shape(board: Snapshot) -> tuple[int, int]:
    return (len(board), len(board[0]))


def _by_shape(boards: Sequence[Snapshot]) -> Iterator[tuple[tuple[int, int], list[Snapshot]]]:
    groups: dict[tuple[int, int], list[Snapshot]] = {}
    for board in boards:
        groups.setdefault(_shape(board), []).append(board)
    yield from groups.items()


# ---------------------------------------------------------- properties
Verdict = str | None  # what is wrong, or None


def _raised(*values: Any) -> BaseException | None:
    return next((v for v in values if isinstance(v, (TargetError, AssertionError))), None)


@functools.cache
def _columns(board: Snapshot) -> list[tuple[int, ...]]:
    return [tuple(row[col] for row in board) for col in range(len(board[0]))]


@functools.cache
def _has_gap(board: Snapshot) -> bool:
    """A tile above an empty cell in some column."""
    return any(
        any(top and not below for top, below in itertools.pairwise(column))
        for column in _columns(board)
    )


@functools.cache
def _has_pair(board: Snapshot) -> bool:
    """Two equal tiles with only empty cells between them in a column."""
    for column in _columns(board):
        tiles = [value for value in column if value]
        if any(a == b for a, b in itertools.pairwise(tiles)):
            return True
    return False


def _slid(column: tuple[int, ...], top_first: bool = False, again: bool = False) -> tuple[int, ...]:
    """The column slid down, merged bottom first, or as two common bugs do:
    top tiles merged first (R23's), a merged tile merging again (R24's)."""
    tiles = [value for value in column if value]
    if not top_first:
        tiles.reverse()  # bottom first
    stack: list[int] = []  # the slid tiles, first merged first
    fresh: list[bool] = []  # whether each may still merge
    for value in tiles:
        if stack and stack[-1] == value and (fresh[-1] or again):
            stack[-1] *= 2
            fresh[-1] = False
        else:
            stack.append(value)
            fresh.append(True)
    if not top_first:
        stack.reverse()
    return (0,) * (len(column) - len(stack)) + tuple(stack)


def _slide_text(board: Snapshot) -> str:
    if len(board[0]) == 1:
        return f"slideDown() of the column {' '.join(str(r[0]) for r in board)} (top to bottom)"
    return f"slideDown() of the {len(board)} x {len(board[0])} board {show(board)}"


def _column_text(board: Snapshot) -> str:
    return show(board) if len(board[0]) > 1 else " ".join(str(r[0]) for r in board)


def _can_slide_down(o: Observed, domain: bool) -> Verdict:
    if not domain or _raised(o.can):
        return None
    want = reference.can_slide_down(o.board)
    if o.can != want:
        return f"canSlideDown() of {show(o.board)} must be {describe(want)}, got {describe(o.can)}"
    return None


def r16(o: Observed) -> Verdict:
    """Two tiles that can combine, and no gap: must be true."""
    return _can_slide_down(o, _has_pair(o.board) and not _has_gap(o.board))


def r17(o: Observed) -> Verdict:
    """No two tiles that can combine: true exactly when there is a gap."""
    return _can_slide_down(o, not _has_pair(o.board))


def r18(o: Observed) -> Verdict:
    """canSlideDown agrees with slideDown, judged where the class's own
    slideDown is right: a slide that leaves a tile in place is R21-R24's,
    not canSlideDown's for foreseeing that it moves."""
    if _raised(o.slid, o.can) or o.can not in (True, False):
        return None
    if o.slid != reference.slide_down(o.board).board:
        return None
    changes = o.slid != o.board
    if o.can != changes:
        return (
            f"canSlideDown() of {show(o.board)} gave {describe(o.can)}, but slideDown() "
            f"{'changes' if changes else 'does not change'} it"
        )
    return None


def r19(o: Observed) -> Verdict:
    if _raised(o.over):
        return None
    want = reference.is_game_over(o.board)
    if o.over != want:
        return f"isGameOver() of {show(o.board)} must be {describe(want)}, got {describe(o.over)}"
    return None


def r20(o: Observed) -> Verdict:
    if isinstance(o.after_over, BaseException):
        return str(o.after_over)
    if o.after_over != o.board:
        return f"isGameOver() changed the board {show(o.board)} into {show(o.after_over)}"
    return None


def r21(o: Observed) -> Verdict:
    if isinstance(o.slid, BaseException) or not _has_gap(o.slid):
        return None
    want = reference.slide_down(o.board).board
    return (
        f"{_slide_text(o.board)} must give {_column_text(want)}: tiles slide down as far "
        f"as they can; got {_column_text(o.slid)}, a tile above an empty cell"
    )


def _column_verdict(o: Observed, requirement: str) -> Verdict:
    """R22, R23, R24: the first column the class slides wrong, whichever
    requirement that column's mistake breaks."""
    if isinstance(o.slid, BaseException) or _has_gap(o.slid):
        return None  # a gap is R21's
    want = reference.slide_down(o.board).board
    for got, right, before in zip(_columns(o.slid), _columns(want), _columns(o.board), strict=True):
        if got == right:
            continue
        fewer = sum(map(bool, got)) < sum(map(bool, right))
        if got == _slid(before, top_first=True):
            broken = "R23"
        elif fewer or got == _slid(before, again=True):
            broken = "R24"
        else:
            broken = "R22"
        if broken == requirement:
            why = {
                "R22": "equal tiles merge where the bottom tile was",
                "R23": "the farthest down tiles combine first",
                "R24": "a combined tile cannot merge with any other tile in the same move",
            }[requirement]
            return f"{_slide_text(o.board)} must give {_column_text(want)} ({why}); got {_column_text(o.slid)}"
    return None


def r25(o: Observed) -> Verdict:
    if isinstance(o.slid, BaseException) or _raised(o.gain):
        return None
    want = reference.slide_down(o.board)
    if o.slid == want.board and o.gain != want.gain:
        return (
            f"{_slide_text(o.board)} from score 0 must give score {want.gain} (each "
            f"combined tile's number), got {describe(o.gain)}"
        )
    return None


def r26(o: Observed) -> Verdict:
    if isinstance(o.slid, BaseException) or _raised(o.returned):
        return None
    changed = o.slid != o.board
    if o.returned != changed:
        return (
            f"{_slide_text(o.board)} returned {describe(o.returned)} but "
            f"{'changed' if changed else 'did not change'} the board"
        )
    if sum(map(sum, o.slid)) != sum(map(sum, o.board)):
        return f"{_slide_text(o.board)} gave {show(o.slid)}: the tiles' sum changed (no tile may be added)"
    return None


def _move_parts(m: Moved) -> tuple[reference.Slide, list[tuple[int, int]]] | None:
    """The model's move and the cells where the class's board differs from
    it; None when the class's own slideDown of the turned board is wrong
    (that is slideDown's requirement, not move's) or a call raised."""
    right = reference.slide_down(m.base.board)
    if m.base.slid != right.board or _raised(m.after, m.returned):
        return None
    want = reference.move(m.board, m.direction)
    cells = [
        (r, c)
        for r, (a, b) in enumerate(zip(m.after, want.board, strict=True))
        for c, (x, y) in enumerate(zip(a, b, strict=True))
        if x != y
    ]
    return want, cells


def _gave(m: Moved) -> str:
    """The board the class gave, where its draws repeat; else no board:
    another run would draw another new tile."""
    if m.repeatable:
        return show(m.after)
    return "another board (its new tile is its own draw, so no one board is shown)"


def _one_new_tile(want: Snapshot, after: Snapshot, cells: list[tuple[int, int]]) -> bool:
    return len(cells) == 1 and want[cells[0][0]][cells[0][1]] == 0 and after[cells[0][0]][cells[0][1]] in (2, 4)


def r27(m: Moved) -> Verdict:
    parts = _move_parts(m)
    if parts is None:
        return None
    want, cells = parts
    if cells and not _one_new_tile(want.board, m.after, cells):
        return (
            f"move({m.direction}) of {show(m.board)} must give {show(want.board)} "
            f"{'plus one new tile ' if want.moved else ''}(slid {m.direction.lower()}); "
            f"got {_gave(m)}"
        )
    if not _raised(m.gain) and m.gain != want.gain and m.base.gain == want.gain:
        got = describe(m.gain) if m.repeatable else "another score"
        return f"move({m.direction}) of {show(m.board)} from score 0 must give score {want.gain}, got {got}"
    return None


def r28(m: Moved) -> Verdict:
    """A move that slides adds one new tile, whatever move returned (the
    return is R29's; judged where the slide itself is right: a wrong slide
    is R27's)."""
    parts = _move_parts(m)
    if parts is None or not parts[0].moved:
        return None
    want, cells = parts
    if not cells:
        return f"move({m.direction}) of {show(m.board)} slid it to {show(want.board)} but added no new tile"
    return None


def r29(m: Moved) -> Verdict:
    """move returns whether the board changed, and a move that cannot slide
    changes nothing (judged where the board is the slide, with or without
    one new tile: else R27's)."""
    parts = _move_parts(m)
    if parts is None:
        return None
    want, cells = parts
    if cells and not _one_new_tile(want.board, m.after, cells):
        return None
    if want.moved:
        if m.returned is not True:
            return f"move({m.direction}) of {show(m.board)} changed it but returned {describe(m.returned)}"
        return None
    if cells or m.returned is not False:
        return (
            f"move({m.direction}) of {show(m.board)} cannot change it: it must return false "
            f"and leave it; it returned {describe(m.returned)} and gave {_gave(m)}"
        )
    return None


@dataclasses.dataclass(frozen=True)
class Property:
    """A requirement's property; ``depends`` are the requirements it is
    built on: it is judged only on board shapes where those hold for this
    class (one bug, one requirement: a slide that leaves gaps on tall
    boards fails R21 there, not R22 too)."""

    requirement: str
    check: Callable[[Any], Verdict]
    on_moves: bool = False
    depends: tuple[str, ...] = ()


PROPERTIES: Final = {
    "R16": Property("R16", r16),
    "R17": Property("R17", r17),
    "R18": Property("R18", r18),
    "R19": Property("R19", r19),
    "R20": Property("R20", r20),
    "R21": Property("R21", r21),
    "R22": Property("R22", lambda o: _column_verdict(o, "R22"), depends=("R21",)),
    "R23": Property("R23", lambda o: _column_verdict(o, "R23"), depends=("R21",)),
    "R24": Property("R24", lambda o: _column_verdict(o, "R24"), depends=("R21",)),
    "R25": Property("R25", r25),
    "R26": Property("R26", r26),
    "R27": Property("R27", r27, on_moves=True),
    "R28": Property("R28", r28, on_moves=True),
    "R29": Property("R29", r29, on_moves=True, depends=("R27",)),
}


def broken_shapes(requirements: Sequence[str], slides: list[Observed], moves: list[Moved]) -> set[tuple[int, int]]:
    """The board shapes on which the class breaks one of ``requirements``."""
    shapes = set()
    for ident in requirements:
        prop = PROPERTIES[ident]
        items: Sequence[Any] = moves if prop.on_moves else slides
        shapes |= {_shape(item.board) for item in items if prop.check(item) is not None}
    return shapes


def own_property(prop: Property, slides: list[Observed], moves: list[Moved]) -> Property:
    """``prop`` judged only on the shapes where what it depends on holds."""
    broken = broken_shapes(prop.depends, slides, moves)
    if not broken:
        return prop

    def check(item: Any) -> Verdict:
        return None if _shape(item.board) in broken else prop.check(item)

    return dataclasses.replace(prop, check=check)


def also_wrong(prop: Property, slides: list[Observed], moves: list[Moved]) -> str | None:
    """Where ``prop`` fails only on shapes a requirement it depends on
    breaks, the words that say so without charging it ("R29: also wrong
    on non-square boards, through R27"); None where it does not."""
    items: Sequence[Any] = moves if prop.on_moves else slides
    said = []
    for ident in prop.depends:
        broken = broken_shapes((ident,), slides, moves)
        shapes = {
            _shape(item.board)
            for item in items
            if _shape(item.board) in broken and prop.check(item) is not None
        }
        if shapes:
            said.append(f"{prop.requirement}: also wrong on {_shapes_text(shapes)}, through {ident}")
    return "; ".join(said) or None


def _shapes_text(shapes: set[tuple[int, int]]) -> str:
    if all(rows != cols for rows, cols in shapes):
        return "non-square boards"
    named = [f"{rows} x {cols}" for rows, cols in sorted(shapes)]
    more = f" and {len(named) - 4} more" if len(named) > 4 else ""
    return f"the {', '.join(named[:4])}{more} boards"


# ----------------------------------------------------------- shrinking
def _size(board: Snapshot) -> tuple[int, int, int]:
    cells = [value for row in board for value in row]
    return (len(cells), max(cells, default=0), sum(cells))


def _smaller(board: Snapshot) -> Iterator[Snapshot]:
    """Boards one step simpler: a row or column fewer, a tile emptied,
    the tiles renumbered 2, 4, 8, ... in their order (equal stay equal)."""
    rows, cols = len(board), len(board[0])
    for row in range(rows if rows > 1 else 0):
        yield board[:row] + board[row + 1 :]
    for col in range(cols if cols > 1 else 0):
        yield tuple(r[:col] + r[col + 1 :] for r in board)
    values = sorted({value for row in board for value in row if value})
    renumber = {value: 2 << index for index, value in enumerate(values)} | {0: 0}
    renumbered = tuple(tuple(renumber[value] for value in row) for row in board)
    if renumbered != board:
        yield renumbered
    for row in range(rows):
        for col in range(cols):
            if board[row][col]:
                yield tuple(
                    tuple(0 if (r, c) == (row, col) else v for c, v in enumerate(line))
                    for r, line in enumerate(board)
                )


def shrink(board: Snapshot, fails: Callable[[Snapshot], Verdict], verdict: str) -> tuple[Snapshot, str]:
    """The simplest board still failing, greedily, within SHRINK_TRIES tries."""
    tries = 0
    improved = True
    while improved and tries < SHRINK_TRIES:
        improved = False
        for candidate in _smaller(board):
            tries += 1
            if tries > SHRINK_TRIES:
                break
            found = fails(candidate)
            if found is not None:
                board, verdict, improved = candidate, found, True
                break
    return board, verdict


def first_failure(
    prop: Property, GameState: Any, Direction: Any, slides: list[Observed], moves: list[Moved]
) -> str | None:
    """The property's message on the smallest failing board, shrunk; or None
    (a move's board found again in a fixed order where the class's draws
    are its own: _steady_failure). A class that raised on a board of the
    property is an ERROR (raised)."""
    prop = own_property(prop, slides, moves)
    items: Sequence[Any] = moves if prop.on_moves else slides
    failing = [(item, verdict) for item in items if (verdict := prop.check(item)) is not None]
    if not failing:
        return None
    if prop.on_moves and not moves[0].repeatable:
        return _steady_failure(prop, GameState, Direction, moves)
    item, verdict = min(failing, key=lambda pair: _size(pair[0].board))

    def fails(board: Snapshot) -> Verdict:
        if prop.on_moves:
            base = observe_slides(GameState, [clockwise(board, 4 - TURNS[item.direction])])[0]
            turned = observe_moves(GameState, Direction, [base])
            return next((prop.check(m) for m in turned if m.direction == item.direction), None)
        return prop.check(observe_slides(GameState, [board])[0])

    _, verdict = shrink(item.board, fails, verdict)
    return verdict


def _steady_failure(prop: Property, GameState: Any, Direction: Any, moves: list[Moved]) -> str:
    """The message of a class whose draws are its own, the same on every
    run: not the smallest of the boards that failed (its draws chose them)
    but the first board of :func:`_first_found` the property fails, shrunk
    (each smaller board moved TRIES times); the message shows no board its
    draws made (see _gave)."""
    found = _first_found(prop.check, GameState, Direction, moves)
    if found is None:
        return (
            f"move() breaks this on some boards of the set, but on none of them in {TRIES} "
            "tries each; the class draws its own new tiles (no rollRNG the grader can seed), "
            "so no one board is shown"
        )
    board, direction, verdict = found

    def fails(smaller: Snapshot) -> Verdict:
        return _tried(prop.check, GameState, Direction, [(smaller, direction)])[0]

    return shrink(board, fails, verdict)[1]


def _steady_problem(
    prop: Property, GameState: Any, Direction: Any, moves: list[Moved], error: BaseException
) -> BaseException:
    """As _steady_failure, for an exception the class's moves raised: the
    first board of :func:`_first_found` on which one does."""

    def raised(m: Moved) -> TargetRaisedError | None:
        return next((v for v in _values(prop, m) if isinstance(v, TargetRaisedError)), None)

    found = _first_found(raised, GameState, Direction, moves)
    if found is None:
        return type(error)(
            f"{error} (on a board of the set; the class draws its own new tiles, so no one "
            "board is shown)"
        )
    board, _, first = found
    return _on(first, board)


Found = TypeVar("Found")


def _first_found(
    find: Callable[[Moved], Found | None], GameState: Any, Direction: Any, moves: list[Moved]
) -> tuple[Snapshot, str, Found] | None:
    """The first (board, direction, what ``find`` found) of the moved
    boards, smallest first in a fixed order, on which one of TRIES moves
    gives a finding; None if none does. A class wrong often enough is found
    on a small board at once; one wrong on no board TRIES times running
    costs every board of the set TRIES moves."""
    candidates = sorted({(m.board, m.direction) for m in moves}, key=lambda c: (_size(c[0]), c))
    for start in range(0, len(candidates), SCAN_CHUNK):
        chunk = candidates[start : start + SCAN_CHUNK]
        for (board, direction), found in zip(chunk, _tried(find, GameState, Direction, chunk), strict=True):
            if found is not None:
                return board, direction, found
    return None


def _tried(
    find: Callable[[Moved], Found | None],
    GameState: Any,
    Direction: Any,
    todo: Sequence[tuple[Snapshot, str]],
) -> list[Found | None]:
    """For each (board, direction), what ``find`` finds on the first of
    TRIES moves on which it finds anything, or None."""
    slid = {o.board: o for o in observe_slides(GameState, [clockwise(b, 4 - TURNS[d]) for b, d in todo])}
    turned = [(slid[clockwise(board, 4 - TURNS[d])], d) for board, d in todo]
    first: dict[tuple[Snapshot, str], Found | None] = {}
    for m in _observe_turned(GameState, Direction, turned, TRIES, False):
        if first.get((m.board, m.direction)) is None:  # in the order moved
            first[m.board, m.direction] = find(m)
    return [first.get(move) for move in todo]


def problem_on(
    prop: Property,
    slides: list[Observed],
    moves: list[Moved],
    GameState: Any = None,
    Direction: Any = None,
) -> BaseException | None:
    """What went wrong before the property could be judged: the first error
    the class raised (a TargetError: ERROR; later ones may only repeat it,
    "not run again"), else the wrong-shaped board (an AssertionError: FAIL)
    on the smallest board. Where the class's draws are its own and its
    moves raised, the board is found again in a fixed order (given the
    class: _steady_problem)."""
    wrong: tuple[Any, BaseException] | None = None
    for item in moves if prop.on_moves else slides:
        for value in _values(prop, item):
            if isinstance(value, TargetRaisedError) and _draws_its_own(item) and GameState is not None:
                return _steady_problem(prop, GameState, Direction, moves, value)
            if isinstance(value, TargetError):
                return _on(value, item.board)
            if isinstance(value, AssertionError) and (
                wrong is None or _size(item.board) < _size(wrong[0].board)
            ):
                wrong = (item, value)
    return None if wrong is None else _on(wrong[1], wrong[0].board)


def _draws_its_own(item: Observed | Moved) -> bool:
    return isinstance(item, Moved) and not item.repeatable


def _on(error: BaseException, board: Snapshot) -> BaseException:
    return type(error)(f"{error} (on the {len(board)} x {len(board[0])} board {show(board)})")


def _values(prop: Property, item: Any) -> tuple[Any, ...]:
    """The answers of the class that ``prop`` looks at."""
    if prop.on_moves:
        # A board of the wrong shape after a move is R27's alone.
        return (item.after, item.gain, item.returned) if prop.requirement == "R27" else ()
    o: Observed = item
    return {
        "R16": (o.can,),
        "R17": (o.can,),
        "R18": (o.can, o.slid),
        "R19": (o.over,),
        "R20": (o.after_over,),
    }.get(prop.requirement, (o.slid, o.gain, o.returned))
