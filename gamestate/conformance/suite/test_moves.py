"""Writeup requirements of move(), and the writeup's example game."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any

import pytest

from gamestate.conformance import reference
from gamestate.conformance.fixtures import NewGame
from gamestate.conformance.limits import TargetError
from gamestate.conformance.reference import TURNS, clockwise
from gamestate.conformance.support import (
    NOT_APPLICABLE,
    AddTileSpy,
    Call,
    ScriptedTile,
    Seeded,
    Snapshot,
    assert_one_tile_added,
    assert_unchanged,
    board_of,
    call_all,
    changed_cells,
    describe,
    requirement,
    shape_of,
    show,
    snapshot,
)

SQUARE = ((2, 0, 2, 4), (0, 4, 4, 0), (2, 2, 0, 2), (0, 0, 0, 2))
WIDE = ((2, 2, 0), (0, 2, 4))

# (board, direction, board after the slide, score gained), worked by hand.
MOVES = [
    (SQUARE, "LEFT", ((4, 4, 0, 0), (8, 0, 0, 0), (4, 2, 0, 0), (2, 0, 0, 0)), 16),
    (SQUARE, "RIGHT", ((0, 0, 4, 4), (0, 0, 0, 8), (0, 0, 2, 4), (0, 0, 0, 2)), 16),
    (SQUARE, "UP", ((4, 4, 2, 4), (0, 2, 4, 4), (0, 0, 0, 0), (0, 0, 0, 0)), 8),
    (SQUARE, "DOWN", ((0, 0, 0, 0), (0, 0, 0, 0), (0, 4, 2, 4), (4, 2, 4, 4)), 8),
    (WIDE, "LEFT", ((4, 0, 0), (2, 4, 0)), 4),
    (WIDE, "RIGHT", ((0, 0, 4), (0, 2, 4)), 4),
    (WIDE, "UP", ((2, 4, 4), (0, 0, 0)), 4),
    (WIDE, "DOWN", ((0, 0, 0), (2, 4, 4)), 4),
]

# How often R28's case is moved where the class draws its own tiles (a tile
# wrong for a quarter of the draws passes all with a chance below 1e-7).
OWN_DRAW_MOVES = 60

# For each direction, a board that cannot move that way.
BLOCKED = {
    "UP": ((2, 4), (0, 0)),
    "DOWN": ((0, 0), (2, 4)),
    "LEFT": ((2, 0), (4, 0)),
    "RIGHT": ((0, 2), (0, 4)),
}


@requirement("R27")
@pytest.mark.parametrize(
    ("board", "name", "expected", "gain_wanted"),
    MOVES,
    ids=[f"{len(move[0])}x{len(move[0][0])}-{move[1]}" for move in MOVES],
)
def test_move_slides_toward_the_direction(
    new_game: NewGame,
    Direction: Any,
    board: Snapshot,
    name: str,
    expected: Snapshot,
    gain_wanted: int,
) -> None:
    """move: "This method should slide the board in the specified direction."
    Rows and columns may differ: "Create a board with numRows rows and
    numCols columns." (addTile is replaced by a stub here, so the board
    after the move is the slide alone.)"""
    game = new_game(board, score=2)
    game.addTile = AddTileSpy()
    game.move(getattr(Direction, name))
    after, score = snapshot(game), game.getScore()
    # Where the class's own slideDown is wrong, move is judged on its own
    # part (turn, slide with that slideDown, turn back): the slide's
    # requirements (R21-R25) pay for the slide.
    own_board, own_gain = own_slide(new_game, board, name)
    right = reference.slide_down(clockwise(board, 4 - TURNS[name]))
    if own_board != right.board:
        expected = clockwise(own_board, TURNS[name])
    gain_expected = own_gain if own_gain != right.gain else gain_wanted
    assert after == expected, (
        f"move({name}) of {show(board)} must give {show(expected)}, got {show(after)}"
    )
    assert score == 2 + gain_expected, (
        f"move({name}) of {show(board)} must raise the score from 2 to "
        f"{2 + gain_expected}, got {describe(game.getScore())}"
    )


def own_slide(new_game: NewGame, board: Snapshot, name: str) -> tuple[Snapshot, int]:
    """The class's own slideDown (board, score gained) of ``board`` turned
    so that move(name) is its slide down."""
    turned = clockwise(board, 4 - TURNS[name])
    try:
        own = new_game(turned, score=0)
        own.slideDown()
        return snapshot(own, shape_of(turned)), own.getScore()
    except (TargetError, AssertionError):  # judged as if it slid right
        right = reference.slide_down(turned)
        return right.board, right.gain


@requirement("R28")
@pytest.mark.parametrize("name", ["UP", "DOWN", "LEFT", "RIGHT"])
def test_a_successful_move_calls_add_tile_once(
    new_game: NewGame, Direction: Any, name: str
) -> None:
    """move: "If the sliding is done successfully, then a new random tile must
    be added to the board using your addTile() method." (What move returns
    is R29's: a wrong return costs one requirement.)"""
    spy = AddTileSpy()
    game = new_game(SQUARE)
    game.addTile = spy
    game.move(getattr(Direction, name))
    assert spy.calls == 1, f"move({name}) called addTile() {spy.calls} times, not once"


@requirement("R28")
@pytest.mark.parametrize("scripted", [True, False], ids=["rollRNG", "own-random"])
def test_a_successful_move_adds_the_tile_to_the_slid_board(
    new_game: NewGame, Direction: Any, scripted: bool
) -> None:
    """move: "a new random tile must be added to the board" after the slide:
    the board is the slid board plus one new tile (2 or 4) in one of its
    empty cells, whatever the class draws its numbers with (with its own
    draws, 60 moves, so a tile wrong for some draws fails on every run)."""
    found = board_its_slide_changes(new_game)
    if found is None:
        return
    board, slid = found
    action = f"move(DOWN) of {show(board)}"
    if scripted:
        game = new_game(board, rolls=Seeded())
        game.move(Direction.DOWN)
        assert_one_tile_added(slid, snapshot(game), action)
        return
    # Its own draws: a tile wrong only for some draws must fail on every
    # run, and the message must not show a board the draws made.
    game = new_game(board, own_random=True)
    calls: list[Call] = []
    for _ in range(OWN_DRAW_MOVES):
        calls += [("setBoard", ([list(row) for row in board],)), ("move", (Direction.DOWN,)), ("getBoard", ())]
    for returned in call_all(game, calls)[2::3]:
        try:
            assert_one_tile_added(slid, board_of(returned, "getBoard() after move(DOWN)", (3, 3)), action)
        except AssertionError:
            raise AssertionError(
                f"{action} must give {show(slid)} plus one new 2 or 4 in an empty cell; with "
                f"the class's own draws some of {OWN_DRAW_MOVES} such moves gave another board"
            ) from None


# R28's boards (square: any shape is R27's), the first one the class's own
# slideDown changes is moved: the first needs slides and merges, the second
# one short slide.
R28_BOARDS = (((2, 2, 0), (0, 2, 4), (0, 0, 4)), ((0, 0, 0), (0, 2, 0), (0, 0, 0)))


def board_its_slide_changes(new_game: NewGame) -> tuple[Snapshot, Snapshot] | None:
    """A board of R28_BOARDS and the class's own slide down of it: R28 asks
    for one new tile on the board move slid, and a slide gone wrong is
    R21-R25's to charge. None when its slideDown changes none of them:
    then no move of theirs changes the board, and R28 asks nothing."""
    for board in R28_BOARDS:
        slid, _ = own_slide(new_game, board, "DOWN")
        if slid != board:
            return board, slid
    return None


@requirement("R29")
@pytest.mark.parametrize("name", list(BLOCKED))
def test_a_move_that_changes_nothing_adds_no_tile(
    new_game: NewGame, Direction: Any, name: str
) -> None:
    """move: "If the sliding is done successfully, then a new random tile must
    be added" and "return whether the move was successful": a slide that
    changes nothing returns false, adds no tile and draws no number."""
    board = BLOCKED[name]
    game = new_game(board, score=6)
    moved = game.move(getattr(Direction, name))
    if slid_elsewhere(board, snapshot(game, shape_of(board))):
        return  # it slid the board another way: R27's, and true was honest
    assert moved is False, (
        f"move({name}) cannot change {show(board)}, returned {moved!r}"
    )
    assert_unchanged(game, board, 6, f"move({name})")
    spy = AddTileSpy()
    spied = new_game(board)
    spied.addTile = spy
    spied.move(getattr(Direction, name))
    assert spy.calls == 0, f"move({name}) changed nothing but called addTile()"


def slid_elsewhere(board: Snapshot, after: Snapshot) -> bool:
    """Whether a move that cannot change ``board`` changed more than one
    empty cell of it (a tile added to it is R29's; tiles moved are a slide
    the wrong way, R27's)."""
    changed = changed_cells(board, after)
    return len(changed) > 1 or any(board[row][col] for row, col in changed)


@requirement("R29")
@pytest.mark.parametrize("name", ["UP", "DOWN", "LEFT", "RIGHT"])
def test_a_move_that_changes_the_board_returns_true(
    new_game: NewGame, Direction: Any, name: str
) -> None:
    """move: "This method should return whether the move was successful or
    not." (A square board: a rotation wrong on other shapes is R27's.)"""
    game = new_game(SQUARE)
    game.addTile = AddTileSpy()
    moved = game.move(getattr(Direction, name))
    assert moved is True, f"move({name}) of {show(SQUARE)} changes it but returned {moved!r}"


@requirement("R30")
def test_move_null_does_nothing(new_game: NewGame) -> None:
    """move: "If dir is null, return false without doing anything.\""""
    spy = AddTileSpy()
    game = new_game(SQUARE, score=6)
    game.addTile = spy
    moved = game.move(None)
    assert moved is False, f"move(None) must return False, got {moved!r}"
    assert_unchanged(game, SQUARE, 6, "move(None)")
    assert spy.calls == 0, "move(None) called addTile()"


# The writeup's transcript, verbatim from "> d" to the last board: the board
# after the two starting tiles, then "> key" and the board after each key.
TRANSCRIPT = """\
Score: 0
    -    -    -    -
    -    -    -    -
    2    -    -    2
    -    -    -    -
> d
Score: 4
    -    -    -    -
    -    -    -    -
    -    -    -    4
    -    -    2    -
> s
Score: 4
    -    -    -    -
    -    -    -    -
    -    -    -    -
    2    -    2    4
> a
Score: 8
    -    -    -    -
    -    -    -    -
    -    -    4    -
    4    4    -    -
> w
Score: 8
    4    4    4    -
    -    -    -    -
    -    -    -    -
    -    -    -    2
> a
Score: 16
    8    4    -    -
    -    -    2    -
    -    -    -    -
    2    -    -    -
> a
Score: 16
    8    4    -    -
    2    -    -    2
    -    -    -    -
    2    -    -    -
> s
Score: 20
    -    -    -    -
    -    -    -    -
    8    -    -    4
    4    4    -    2
"""
KEYS = {"w": "UP", "a": "LEFT", "s": "DOWN", "d": "RIGHT"}


@dataclass(frozen=True)
class Position:
    """A board of the writeup's game: the keys pressed so far, score, board."""

    keys: tuple[str, ...]
    score: int
    board: Snapshot

    @property
    def when(self) -> str:
        return f"after keys {' '.join(self.keys)}" if self.keys else "after the two starting tiles"


def writeup_positions() -> list[Position]:
    """The transcript's boards, parsed: each row's "-" is an empty cell."""
    first, *keys_and_boards = re.split(r"^> (.)\n", TRANSCRIPT, flags=re.MULTILINE)
    texts = [first, *keys_and_boards[1::2]]
    keys = tuple(keys_and_boards[0::2])
    positions = []
    for done, text in enumerate(texts):
        score_line, *rows = text.strip("\n").splitlines()
        board = tuple(
            tuple(0 if cell == "-" else int(cell) for cell in row.split()) for row in rows
        )
        positions.append(Position(keys[:done], int(score_line.split()[1]), board))
    return positions


@requirement("E2")
def test_writeup_example_game(GameState: Any, Direction: Any) -> None:
    """The writeup's "An example game may be" transcript: the real game,
    compared through getBoard() and getScore(). A new 4 x 4 game (the
    class draws as it does: Config's seed 118), two addTile() calls, then
    for each key of d s a w a a s what the starter's loop calls: isGameOver(),
    then move(). A class whose draws differ from the reference's (legally:
    another Random, another way to pick; wrongly: R10-R18 judge its draws)
    cannot show the writeup's tiles; its game is replayed from the writeup's
    boards (setBoard) with each new tile placed by the grader's addTile, so
    the replay, and every word it reports, is the same on every run. Where
    setBoard cannot place them, the real game alone is judged, and E2 is
    not applicable (not a failure) if it shows other tiles."""
    positions = writeup_positions()
    reason = replay_not_applicable(GameState, positions[0])
    if reason:
        if real_game_differs(GameState, Direction, positions) is not None:
            pytest.skip(
                f"{NOT_APPLICABLE}the real game differs from the writeup's; {reason}"
            )
        return
    try:
        if real_game_differs(GameState, Direction, positions) is None:
            return
    except AssertionError:
        pass  # its own draws: R10-R18's; its moves are the replay's to judge
    replay(GameState, Direction, positions)


def real_game_differs(GameState: Any, Direction: Any, positions: list[Position]) -> str | None:
    """Where the real game first shows another board or score than the
    writeup's ("after keys d s"), or None. A difference must be a legal
    draw (the right board plus new tiles of 2 or 4 in empty cells): anything
    else fails here, as the real game shows it."""
    game = GameState(4, 4)
    game.addTile()
    game.addTile()
    board = snapshot(game, (4, 4))
    first = positions[0]
    if board != first.board or game.getScore() != first.score:
        tiles = sorted(value for row in board for value in row if value)
        assert len(tiles) == 2 and set(tiles) <= {2, 4} and game.getScore() == 0, (
            "in the real game, a new 4 x 4 game after addTile() twice must hold two "
            f"tiles (2 or 4) and score 0, as the writeup's {show(first.board)}; it "
            f"holds {show(board)}, score {describe(game.getScore())}"
        )
        return first.when
    for before, after in itertools.pairwise(positions):
        name = KEYS[after.keys[-1]]
        game.isGameOver()
        game.move(getattr(Direction, name))
        board = snapshot(game, (4, 4))
        if board != after.board or game.getScore() != after.score:
            expected = reference.move(before.board, name)
            action = (
                f"in the real game (the class's own draws), {before.when}, isGameOver() "
                f"then move({name}) of {show(before.board)}"
            )
            assert_one_tile_added(expected.board, board, action)
            check_score(game, before.score + expected.gain, action)
            return after.when
    return None


def check_score(game: Any, score: int, action: str) -> None:
    got = game.getScore()
    assert got == score, f"{action} must give score {score}, got {describe(got)}"


def replay_not_applicable(GameState: Any, first: Position) -> str:
    game = GameState(4, 4)
    game.setBoard([list(row) for row in first.board])
    if snapshot(game) != first.board:
        return (
            "the class draws its tiles differently from the reference, and its "
            "setBoard() does not store the board it is given, so the writeup's "
            "tiles cannot be placed for a replay"
        )
    return ""


def replay(GameState: Any, Direction: Any, positions: list[Position]) -> None:
    """The writeup's game with its tiles placed: each move must give the
    reference's slide plus the writeup's new tile, and the writeup's score."""
    game = GameState(4, 4)
    game.setBoard([list(row) for row in positions[0].board])
    for before, after in itertools.pairwise(positions):
        key = after.keys[-1]
        name = KEYS[key]
        where = (
            "the class's own game does not give the writeup's boards (its draws or its "
            "moves differ), so it is replayed with the writeup's new tiles placed by the "
            f"grader's addTile(), {before.when}"
        )
        over = game.isGameOver()
        assert over is False, (
            f"{where}: isGameOver() of {show(before.board)} returned {describe(over)}; "
            f"the game goes on (key {key} moves it)"
        )
        slid = reference.move(before.board, name).board
        [(row, col)] = changed_cells(slid, after.board)
        placed = ScriptedTile(game, row, col, after.board[row][col])
        game.addTile = placed
        moved = game.move(getattr(Direction, name))
        action = f"{where}: isGameOver() then move({name}) of {show(before.board)}"
        check_replayed_board(
            snapshot(game, (4, 4)), before.board, slid, after.board, placed.calls, action
        )
        assert moved is True, (
            f"{where}: move({name}) of {show(before.board)} returned {describe(moved)}"
        )
        check_score(
            game, after.score, f"{where}: move({name}) from score {before.score}"
        )
        game.setBoard([list(row) for row in after.board])


def check_replayed_board(
    board: Snapshot,
    before: Snapshot,
    slid: Snapshot,
    expected: Snapshot,
    placed: int,
    action: str,
) -> None:
    """The board after a replayed move: ``expected`` (``slid`` plus the
    writeup's tile) when the move added its tile through addTile; else
    ``slid`` plus one new tile of the class's own, whose place is left out
    of the message (it differs from run to run)."""
    if placed or board == before:
        gave = "it left the board as it was" if board == before else f"it gave {show(board)}"
        assert board == expected, (
            f"{action} must give {show(expected)} (the slide {show(slid)} plus the "
            f"writeup's new tile, placed through addTile()); {gave}"
        )
        return
    try:
        assert_one_tile_added(slid, board, action)
    except AssertionError:
        raise AssertionError(
            f"{action} must give {show(slid)} plus one new 2 or 4 in an empty cell; it "
            "did not (its move adds its tile without calling addTile(), so its board, "
            "which holds its own draw, is not shown)"
        ) from None
