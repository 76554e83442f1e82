"""A rescued game resumes as the same game: the next tiles or dots are the
ones it would have drawn, and ``u`` takes back the moves made before the
hang-up (issue 36). 2048's ``.2048`` file stays Java's (board and score);
its rescue file is the project's record (:mod:`playmanager.twenty48.record`),
which Java still opens; Dots' rescue file adds its moves to its save
(:mod:`playmanager.dots.record`)."""

from __future__ import annotations

import errno
import io
import signal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate import Direction, GameState
from gamestate.dots import CellT, GameBoardT
from playmanager.cli import main
from playmanager.dots import savefile as dots_savefile
from playmanager.dots.adapter import Dots
from playmanager.dots.adapter import Path as DotsPath
from playmanager.dots.record import format_record as dots_record
from playmanager.dots.record import read_record as read_dots
from playmanager.screen.modal import ModalController
from playmanager.storage import SaveFileError
from playmanager.twenty48 import savefile
from playmanager.twenty48.play2048 import start_game
from playmanager.twenty48.record import format_record, read_record
from tests import screens

SEED = 5
BEFORE = 6
"""Moves made before the hang-up."""
AFTER = 6
"""Moves made after the relaunch, compared with an uninterrupted game."""
ORDER = [Direction.LEFT, Direction.UP, Direction.RIGHT, Direction.DOWN]
KEYS = {Direction.LEFT: "a", Direction.UP: "w", Direction.RIGHT: "d", Direction.DOWN: "s"}


def long_dots(seed: int) -> GameBoardT:
    """A Dots level that lasts: the default one is won in three moves."""
    return GameBoardT(seed=seed, moves=20, objective=(CellT.R, 200))


def position(game: GameState) -> tuple[object, ...]:
    """All a 2048 game's state: the next tiles depend on the generator."""
    return game.getBoard(), game.getScore(), game.rng.getstate()


def moves_that_move(game: GameState, count: int) -> list[Direction]:
    """``count`` moves that each move ``game`` (played on it)."""
    made: list[Direction] = []
    while len(made) < count:
        direction = next(d for d in ORDER[len(made) % 4 :] + ORDER if game.copy().move(d))
        game.move(direction)
        made.append(direction)
    return made


# ------------------------------------------------------------ the records
@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(-(1 << 63), (1 << 63) - 1),
    moves=st.lists(st.sampled_from(list(Direction)), max_size=30),
    later=st.lists(st.sampled_from(list(Direction)), max_size=10),
)
def test_a_2048_record_reads_back_the_same_game_and_history(
    seed: int, moves: list[Direction], later: list[Direction]
) -> None:
    game = start_game(4, 4, seed, None)
    start = game.copy()
    positions, made = [], []
    for direction in moves:
        before = game.copy()
        if game.move(direction):
            positions.append(position(before))
            made.append(direction)
    record = read_record(
        format_record(game, seed, start, made), "r.2048", seed=None, two_prob=None
    )
    assert record.seed == seed and position(record.game) == position(game)
    assert [position(before) for before, _ in record.past()] == positions
    for direction in later:  # the same tiles from here on
        assert record.game.move(direction) == game.move(direction)
        assert position(record.game) == position(game)


def test_a_2048_rescue_record_is_still_a_java_save_and_a_plain_save_loads_as_before(
    tmp_path: Path,
) -> None:
    game = start_game(4, 4, SEED, None)
    start = game.copy()
    made = moves_that_move(game, 3)
    text = format_record(game, SEED, start, made)
    assert text.startswith(savefile.format_save(game))  # Java reads this, then stops
    assert savefile.parse_save(text, "r.2048") == savefile.parse_save(
        savefile.format_save(game), "s.2048"
    )
    plain = read_record(savefile.format_save(game), "s.2048", seed=9, two_prob=None)
    java = savefile.load_text(savefile.format_save(game), "s.2048", seed=9)
    assert position(plain.game) == position(java) and plain.moves == ()


@pytest.mark.parametrize(
    ("change", "line", "says"),
    [
        (("moves L", "moves U"), 13, "do not lead to the saved board"),
        (("seed 5", "seed five"), 8, "seed must be a whole number"),
        (("two-prob 70", "two-prob 101"), 9, "two-prob must be"),
        (("start 0", "start 0 3"), 11, "the score then 16 cells"),
    ],
)
def test_a_2048_record_that_does_not_replay_is_refused_naming_its_line(
    change: tuple[str, str], line: int, says: str
) -> None:
    game = start_game(4, 4, SEED, None)
    start = game.copy()
    made = moves_that_move(game, 4)
    text = format_record(game, SEED, start, made).replace(*change, 1)
    with pytest.raises(SaveFileError) as error:
        read_record(text, "r.2048", seed=None, two_prob=None)
    assert error.value.line == line and says in str(error.value)


def dots_paths(game: GameBoardT, count: int) -> list[DotsPath]:
    """``count`` hint paths, played on ``game``."""
    adapter = Dots(game.level)
    paths = []
    for _ in range(count):
        path = adapter.hint(game)
        assert path is not None
        adapter.play(game, path)
        paths.append(path)
    return paths


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 1 << 40), count=st.integers(0, 4))
def test_a_dots_record_reads_back_the_same_game_and_history(seed: int, count: int) -> None:
    game = long_dots(seed)
    start = game.copy()
    paths = dots_paths(game, count)
    text = dots_record(game, start, paths)
    record = read_dots(text, "r.dots")
    assert record.game == game and record.start == start and record.paths == tuple(paths)
    assert dots_savefile.parse_save(text, "r.dots") == game  # a save, read as one


def test_a_dots_record_whose_paths_do_not_replay_is_refused_naming_its_line() -> None:
    game = long_dots(SEED)
    start = game.copy()
    paths = dots_paths(game, 2)
    text = dots_record(game, start, paths[:1] + paths[:1])
    with pytest.raises(SaveFileError) as error:
        read_dots(text, "r.dots")
    assert error.value.line == text.count("\n")  # the second path's line


# ------------------------------------------------------------ the line modes
class GoneTerminal(io.StringIO):
    """A terminal whose read fails once its lines are read: a hang-up."""

    def readline(self, size: int = -1, /) -> str:
        line = super().readline()
        if not line:
            raise OSError(errno.EIO, "Input/output error")
        return line


def run(args: list[str], keys: str, stdin: type[io.StringIO] = io.StringIO) -> int:
    return main(args, stdin(keys), io.StringIO(), io.StringIO())


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


def rescued(here: Path, name: str) -> Path:
    return here / "data" / "gamestate2048" / name


def test_the_2048_line_mode_resumes_a_hang_up_with_the_same_tiles(here: Path) -> None:
    keys = [KEYS[d] for d in moves_that_move(start_game(4, 4, SEED, None), BEFORE + AFTER)]
    whole = "\n".join(keys) + "\no\nq\n"
    assert run(["--seed", str(SEED), "all.2048"], whole) == 0

    before = "\n".join(keys[:BEFORE]) + "\n"
    status = run(["--seed", str(SEED)], before, GoneTerminal)
    assert status == 128 + signal.SIGHUP
    rescue = rescued(here, "rescued.2048")
    after = "\n".join(keys[BEFORE:]) + "\no\nq\n"
    assert run([str(rescue)], after) == 0  # piped: o saves over it, as Java's
    assert rescue.read_text() == (here / "all.2048").read_text()


def test_the_dots_line_mode_resumes_a_hang_up_with_the_same_dots_and_undo(
    here: Path,
) -> None:
    dealt = long_dots(SEED)
    paths = dots_paths(dealt, BEFORE + AFTER)
    lines = [" ".join(f"{r},{c}" for r, c in path) for path in paths]
    args = ["--game", "dots", "--seed", str(SEED), "--moves", "20", "--objective", "R:200"]
    assert run(args, "\n".join(lines) + "\no all.dots\nq\n") == 0

    status = run(args, "\n".join(lines[:BEFORE]) + "\n", GoneTerminal)
    assert status == 128 + signal.SIGHUP
    rescue = str(rescued(here, "rescued.dots"))
    assert run([rescue], "\n".join(lines[BEFORE:]) + "\no after.dots\nq\n") == 0
    assert (here / "after.dots").read_text() == (here / "all.dots").read_text()

    assert run([*args, "dealt.dots"], "o\nq\n") == 0
    assert run([rescue], "u\n" * BEFORE + "o undone.dots\nq\n") == 0
    assert (here / "undone.dots").read_text() == (here / "dealt.dots").read_text()


# ------------------------------------------------------------ the full screens
Controller = ModalController[Any, Any, Any, Any]


def hint_moves(controller: Controller, count: int) -> list[object]:
    played = []
    for _ in range(count):
        intent = controller.session.hint()
        assert intent is not None and controller.play(intent) is not None
        played.append(intent)
    return played


@pytest.mark.parametrize("name", ["2048", "dots"])
def test_a_full_screen_resumes_a_hang_up_as_the_same_game_with_its_undo(
    tmp_path: Path, name: str
) -> None:
    def build(tmp: Path, rescued: str | None = None) -> Any:
        if name == "2048":
            return screens.twenty48(tmp, rescued=rescued)
        long_game = long_dots(SEED)
        return screens.dots(tmp, game=long_game, rescued=rescued)

    whole = build(tmp_path / "whole").controller
    dealt = whole.session.adapter.copy(whole.session.model)
    intents = hint_moves(whole, BEFORE + AFTER)

    first = build(tmp_path).controller
    for intent in intents[:BEFORE]:
        assert first.play(intent) is not None
    first.hang_up()
    (rescue,) = (tmp_path / "rescued").glob("rescued*")
    again = build(tmp_path, rescued=str(rescue)).controller
    again.press("y")
    assert again.session.undo_depth == BEFORE  # its moves, not the deal behind
    for intent in intents[BEFORE:]:
        assert again.play(intent) is not None
    assert again.session.save_text() == whole.session.save_text()
    assert again.session.seed == whole.session.seed
    for _ in range(AFTER + BEFORE):
        again.press("u")
    assert again.session.save_text() == whole.session.adapter.save_text(
        dealt, whole.session.seed
    )


def test_the_2048_record_in_the_docs_is_the_one_written() -> None:
    """docs/reference/save-formats.md shows seed 118's deal after D, L."""
    page = (Path(__file__).parent.parent / "docs/reference/save-formats.md").read_text()
    shown = next(
        block.removeprefix("\n")
        for block in page.split("```")[1::2]
        if "rescue record 1\nseed" in block
    )
    game = start_game(4, 4, 118, None)
    start = game.copy()
    for direction in (Direction.DOWN, Direction.LEFT):
        assert game.move(direction)
    assert shown == format_record(game, 118, start, [Direction.DOWN, Direction.LEFT])
