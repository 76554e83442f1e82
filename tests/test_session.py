"""The game-agnostic session (playmanager.session) with each game's adapter:
undo, "changed", effects, seeds, and the rules that keep saves safe."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate import Direction, GameState
from gamestate.dots import Level
from gamestate.effects import MoveEffects
from playmanager.dots import savefile as dots_savefile
from playmanager.dots.adapter import Dots
from playmanager.forty_thieves import savefile as ft_savefile
from playmanager.forty_thieves.adapter import PLAY_SAFE, FortyThieves
from playmanager.forty_thieves.commands import ToFoundation
from playmanager.options import LONG_MAX, LONG_MIN
from playmanager.session import (
    GameAdapter,
    MoveRefusedError,
    Session,
    WouldOverwriteError,
    rescue_path,
)
from playmanager.twenty48.adapter import Twenty48
from playmanager.twenty48.play2048 import start_game
from playmanager.twenty48.savefile import parse_save


def make_2048(seed: int) -> GameState:
    return start_game(4, 4, seed, None)


def fresh_2048(
    target: Path, seed: int = 118
) -> Session[GameState, Direction, MoveEffects]:
    adapter = Twenty48(make_2048, solver=lambda game: Direction.LEFT)
    return Session(adapter, make_2048(seed), seed, str(target), loaded=False)


def a_move(session: Session[GameState, Direction, MoveEffects]) -> Direction:
    """Play the first direction that moves; return it."""
    for direction in Direction:
        try:
            session.play(direction)
        except MoveRefusedError:
            continue
        return direction
    raise AssertionError("no move")


# ------------------------------------------------------------ changed
def test_a_fresh_game_is_not_changed_until_a_move(tmp_path: Path) -> None:
    session = fresh_2048(tmp_path / "save.2048")
    assert not session.changed
    a_move(session)
    assert session.changed


def test_a_new_game_with_no_move_is_not_changed(tmp_path: Path) -> None:
    session = fresh_2048(tmp_path / "save.2048")
    a_move(session)
    session.new_game()
    assert not session.changed
    a_move(session)
    assert session.changed


def test_undo_back_to_the_saved_position_is_not_changed(tmp_path: Path) -> None:
    session = fresh_2048(tmp_path / "save.2048")
    a_move(session)
    session.save()
    assert not session.changed
    a_move(session)
    assert session.changed
    assert session.undo()
    assert not session.changed
    assert session.undo()
    assert not session.changed  # the fresh deal: --seed deals it again


def test_a_loaded_game_then_n_then_q_has_nothing_to_lose(tmp_path: Path) -> None:
    target = tmp_path / "save.2048"
    target.write_text("4 4\n0\n2 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 2\n")
    adapter = Twenty48(make_2048)
    session = Session(adapter, make_2048(1), 1, str(target), loaded=True)
    assert not session.changed
    session.new_game()
    assert not session.changed


def test_a_game_given_up_keeps_the_rescue_of_its_own_file(tmp_path: Path) -> None:
    """Issue 36 (new user, 12): a game saved to its file, played on and
    given up with ``n`` went to ``rescued.2048``, where the docs promise
    the rescue kept for its file."""
    target = tmp_path / "save.2048"
    session = fresh_2048(target)
    a_move(session)
    session.save()
    a_move(session)
    session.new_game()
    folder = str(tmp_path / "data")
    (kept,) = session.keep_given_up(folder)
    assert kept == rescue_path(folder, "rescued.2048", str(target))


# ------------------------------------------------------------ undo and effects
def test_undo_restores_board_score_generator_and_seed(tmp_path: Path) -> None:
    session = fresh_2048(tmp_path / "save.2048")
    board, score = session.model.getBoard(), session.model.getScore()
    direction = a_move(session)
    first = session.effects
    session.new_game()
    assert session.seed == 119
    assert session.undo() and session.seed == 118
    assert session.undo() and session.effects is None
    assert (session.model.getBoard(), session.model.getScore()) == (board, score)
    assert session.play(direction) == first  # the same tile drawn again
    assert session.undo_depth == 1


def test_the_effects_of_a_2048_move_name_its_tile_merges_and_points(
    tmp_path: Path,
) -> None:
    session = fresh_2048(tmp_path / "save.2048")
    session.model.setBoard([[2, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    effects = session.play(Direction.LEFT)
    assert effects.merged == frozenset({(0, 0)})
    assert effects.points == 4
    assert effects.new_tile is not None
    row, col = effects.new_tile
    assert session.model.getBoard()[row][col] in (2, 4)


def test_a_refused_move_changes_nothing(tmp_path: Path) -> None:
    session = fresh_2048(tmp_path / "save.2048")
    session.model.setBoard([[2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    with pytest.raises(MoveRefusedError):
        session.play(Direction.LEFT)
    assert session.undo_depth == 0 and not session.changed


def test_autoplay_plays_the_hint(tmp_path: Path) -> None:
    session = fresh_2048(tmp_path / "save.2048")
    session.model.setBoard([[0, 0, 0, 2], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    assert session.hint() is Direction.LEFT
    assert session.autoplay_step() is not None
    assert session.model.getBoard()[0][0] == 2


# ------------------------------------------------------------ seeds
@pytest.mark.parametrize(
    ("seed", "after"), [(LONG_MAX, 1), (-1, 1), (5, 6), (2**31 - 1, 1)]
)
def test_forty_thieves_new_deal_keeps_a_java_long_seed_that_loads(
    tmp_path: Path, seed: int, after: int
) -> None:
    """Issue 21: --seed 9223372036854775807, n, s wrote an unloadable file.
    Forty Thieves' n deals the next deal number (1 to 2^31-1), back to 1
    after the last or after any other Java long."""
    adapter = FortyThieves()
    target = tmp_path / "save.forty-thieves"
    session = Session(adapter, adapter.new_model(seed), seed, str(target), loaded=False)
    assert session.new_game() == after
    session.save()
    loaded = ft_savefile.load(str(target))
    assert loaded.seed == after
    assert loaded.board == session.model


def test_dots_new_game_wraps_too(tmp_path: Path) -> None:
    adapter = Dots(dots_level()._replace(seed=LONG_MAX))
    session = Session(adapter, adapter.new_model(LONG_MAX), LONG_MAX, "x", loaded=False)
    session.new_game()
    assert session.seed == LONG_MIN == session.model.level.seed


# ------------------------------------------------------------ saves
def test_save_refuses_a_file_it_did_not_load_or_write(tmp_path: Path) -> None:
    target = tmp_path / "save.2048"
    target.write_bytes(b"another game\n")
    session = fresh_2048(target)
    a_move(session)
    assert session.would_overwrite()
    with pytest.raises(WouldOverwriteError):
        session.save()
    assert target.read_bytes() == b"another game\n"
    session.save(overwrite=True)  # the player said yes
    assert parse_save(target.read_text(), str(target)).score == session.model.getScore()
    assert not session.would_overwrite()  # written by this session now
    a_move(session)
    session.save()


def test_save_refuses_a_file_that_changed_on_disk_since(tmp_path: Path) -> None:
    target = tmp_path / "save.2048"
    session = fresh_2048(target)
    session.save()
    target.write_text("changed by another game, longer than before\n")
    assert session.would_overwrite()


def test_after_n_the_earlier_games_save_is_another_game(tmp_path: Path) -> None:
    """Issue 29 finding 1: ``o n ... o`` replaced the first game's save
    without a word: the file was "this session's", not this game's."""
    adapter = FortyThieves()
    target = tmp_path / "a.forty-thieves"
    session = Session(adapter, adapter.new_model(7), 7, str(target), loaded=False)
    session.save()
    session.new_game()
    assert session.would_overwrite()
    assert session.file_holds() == "Forty Thieves deal 7, 0 moves, 0 cards home"
    with pytest.raises(WouldOverwriteError):
        session.save()
    assert ft_savefile.load(str(target)).seed == 7
    session.undo()  # the saved game is on screen again: its own file
    assert not session.would_overwrite()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["move", "undo", "new", "save"]), max_size=25))
def test_only_the_game_a_file_holds_may_replace_it_unasked(
    tmp_path_factory: pytest.TempPathFactory, steps: list[str]
) -> None:
    """Whatever is done, a save asks first exactly when the file exists and
    holds another game than the one on screen (a shadow of the session's
    games: n and undo of an n move between them)."""
    target = tmp_path_factory.mktemp("g") / "save.2048"
    session = fresh_2048(target)
    games = [0]  # the game on screen, with the games before n under it
    history: list[list[int]] = []
    newest = 0
    in_file: int | None = None
    for step in steps:
        if step == "move" and not session.ended:
            a_move(session)
            history.append(list(games))
        elif step == "undo" and session.undo():
            games = history.pop()
        elif step == "new":
            history.append(list(games))
            newest += 1
            games = [*games, newest]
            session.new_game()
        elif step == "save":
            asks = in_file is not None and in_file != games[-1]
            assert session.would_overwrite() == asks
            session.save(overwrite=True)
            in_file = games[-1]
    assert session.would_overwrite() == (in_file is not None and in_file != games[-1])


def test_the_file_named_in_the_question_says_what_it_holds(tmp_path: Path) -> None:
    dots = Dots(Level(seed=5))
    session = Session(dots, dots.new_model(5), 5, str(tmp_path / "s.dots"), loaded=False)
    path = dots.hint(session.model)
    assert path is not None
    session.play(path)
    session.save()
    assert session.file_holds() == "a game of Dots, seed 5, 1 move made, score " + str(
        session.model.get_score()
    )
    twenty = fresh_2048(tmp_path / "x.2048")
    (tmp_path / "x.2048").write_text("2 2\n12\n8 4\n0 0\n")
    assert twenty.file_holds() == "a game of 2048 with score 12, highest tile 8"
    (tmp_path / "x.2048").write_text("not a save\n")
    assert twenty.file_holds() == "a file that is not a saved game of 2048"


def test_save_to_a_new_path_makes_it_the_target(tmp_path: Path) -> None:
    session = fresh_2048(tmp_path / "save.2048")
    other = str(tmp_path / "other.2048")
    assert session.save(other) == other
    assert session.save_target == other


def test_rescue_never_writes_over_a_file_and_only_when_changed(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    session = fresh_2048(tmp_path / "save.2048")
    assert session.rescue(str(folder)) is None
    a_move(session)
    first = session.rescue(str(folder))
    a_move(session)
    second = session.rescue(str(folder))
    assert first == second == str(folder / "rescued.2048")  # one file, rewritten
    assert Path(second).read_text() == session.rescue_text()
    assert not (tmp_path / "save.2048").exists()
    assert session.changed  # a rescue is not a save


def test_a_resumed_game_is_rescued_to_its_file_and_no_other_game_is(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    session = fresh_2048(tmp_path / "save.2048")
    a_move(session)  # a game played: undo of the resume brings it back
    into = str(folder / "rescued-elsewhere.2048")
    session.resume(make_2048(7), 7, rescue_file=into)
    a_move(session)
    assert session.resumed_from == into and session.given_up_rescue is None
    assert session.rescue(str(folder)) == into  # the file it was resumed from
    session.new_game()  # the resumed game given up: its file is not this one's
    a_move(session)
    assert session.resumed_from is None and session.given_up_rescue == into
    assert session.rescue(str(folder)) == str(folder / "rescued.2048")
    session.undo()
    session.undo()  # the resumed game again: its file is its own again
    assert session.resumed_from == into and session.given_up_rescue is None
    while session.undo():  # back before the resume: the game was put off
        pass
    assert session.resumed_from is None and session.given_up_rescue is None


def test_undo_of_a_game_resumed_at_launch_ends_at_its_start(tmp_path: Path) -> None:
    """Issue 36 (new user, 8): undo went past the resumed game's start into
    the blank deal behind the resume question."""
    session = fresh_2048(tmp_path / "save.2048")  # the launch's deal, no move
    resumed = make_2048(7)
    session.resume(resumed.copy(), 7, rescue_file=str(tmp_path / "r.2048"))
    a_move(session)
    assert session.undo_depth == 1
    assert session.undo() and not session.undo()
    assert session.model.toString() == resumed.toString()
    assert session.resumed_from == str(tmp_path / "r.2048")


# ------------------------------------------------------------ other games' intents
def test_forty_thieves_intents_and_refusals(tmp_path: Path) -> None:
    adapter = FortyThieves()
    session = Session(adapter, adapter.new_model(1), 1, "x", loaded=False)
    with pytest.raises(MoveRefusedError):
        session.play(ToFoundation(None))  # no waste yet
    try:
        moves = session.play(PLAY_SAFE)
    except MoveRefusedError:
        moves = ()
    assert session.undo_depth == (1 if moves else 0)


def test_dots_a_path_reports_its_colour_points_and_fresh_dots() -> None:
    adapter = Dots(dots_level())
    session = Session(adapter, adapter.new_model(0), 0, "x", loaded=False)
    path = adapter.hint(session.model)
    assert path is not None
    effects = session.play(path)
    assert effects.gained == len(path)
    assert len(effects.fresh) == len(path)
    assert dots_savefile.parse_save(session.save_text(), "x") == session.model


def dots_level() -> Level:
    from gamestate.dots import GameBoardT

    return GameBoardT().level


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["move", "undo", "new", "save"]), max_size=25))
def test_changed_means_moves_the_save_does_not_hold(
    tmp_path_factory: pytest.TempPathFactory, steps: list[str]
) -> None:
    """Whatever is done, ``changed`` is: the position has moves in it since
    its deal, and differs from the last saved one."""
    target = tmp_path_factory.mktemp("s") / "save.2048"
    session = fresh_2048(target)
    saved: str | None = None
    for step in steps:
        if step == "move" and not session.ended:
            a_move(session)
        elif step == "undo":
            session.undo()
        elif step == "new":
            session.new_game()
        else:
            session.save(overwrite=session.would_overwrite())
            saved = session.save_text()
    if not session.changed:
        assert (
            saved == session.save_text()
            or session.save_text()
            == session.adapter.save_text(
                session.adapter.new_model(session.seed), session.seed
            )
        )


SESSION_SAVER = """
import sys
from playmanager.dots.adapter import Dots
from playmanager.forty_thieves.adapter import FortyThieves
from playmanager.session import Session
from gamestate.dots import GameBoardT
adapter = FortyThieves() if sys.argv[2] == "forty-thieves" else Dots(GameBoardT().level)
sessions = [
    Session(adapter, adapter.new_model(seed), seed, sys.argv[1], loaded=False)
    for seed in (1, 2)
]
sessions[0].save(overwrite=True)
print("ready", flush=True)
turn = 0
while True:
    turn += 1
    sessions[turn % 2].save(overwrite=True)
"""


@pytest.mark.parametrize("game", ["forty-thieves", "dots"])
def test_kill_9_in_the_middle_of_saves_leaves_the_old_or_the_new_file(
    tmp_path: Path, game: str
) -> None:
    """The session's writer (the shared atomic one), killed at any instant."""
    import random
    import subprocess
    import sys
    import time

    path = tmp_path / f"s.{game}"
    loads = {
        "forty-thieves": lambda p: ft_savefile.load(p).seed,
        "dots": lambda p: dots_savefile.load(p).level.seed,
    }
    picker = random.Random(21)
    for _ in range(6):
        child = subprocess.Popen(
            [sys.executable, "-c", SESSION_SAVER, str(path), game],
            stdout=subprocess.PIPE,
        )
        assert child.stdout is not None
        assert child.stdout.readline() == b"ready\n"
        time.sleep(picker.uniform(0.0, 0.05))
        child.kill()
        child.wait()
        child.stdout.close()
        assert loads[game](str(path)) in (1, 2)  # a whole file, never half


def test_every_adapter_reads_back_what_it_saves(tmp_path: Path) -> None:
    """save_text and load are one save format per game (the rescue's too)."""
    adapters: list[GameAdapter[Any, Any, Any]] = [
        Twenty48(make_2048, load_seed=118),
        FortyThieves(),
        Dots(dots_level()),
    ]
    for adapter in adapters:
        session = Session(adapter, adapter.new_model(9), 9, "x", loaded=False)
        path = tmp_path / adapter.rescue_name
        path.write_text(session.save_text())
        model, seed = adapter.load(str(path))
        assert adapter.save_text(model, seed) == session.save_text()
