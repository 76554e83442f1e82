"""Dots save files: what loads, what is refused and why, and round trips.

``tests/data/dots/invalid/NAME.dots`` must be refused with the reason in
``NAME.error`` (written by hand: the message we want a player to read);
``valid/NAME.dots`` must load and write back as ``NAME.expected``.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamestate.dots import SIZE, CellT, GameBoardT, Level
from gamestate.dots.board import MAX_MOVES, MAX_OBJECTIVE, MOST_CLEARED, unreachable
from playmanager import games
from playmanager.cli import main
from playmanager.dots.savefile import format_save, load, parse_save, save
from playmanager.storage import SaveFileError
from tests.dots_helpers import levels, valid_paths

DATA = Path(__file__).parent / "data" / "dots"
SAVES = Path(__file__).parent.parent / "saves"
INVALID = sorted(DATA.glob("invalid/*.dots"))
VALID = sorted(DATA.glob("valid/*.dots"))


def test_the_data_folders_hold_cases() -> None:
    assert len(INVALID) >= 30
    assert len(VALID) >= 5


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_an_invalid_file_is_refused_with_its_reason(path: Path) -> None:
    expected = path.with_suffix(".error").read_text(encoding="utf-8").rstrip("\n")
    before = path.read_bytes()
    with pytest.raises(SaveFileError) as caught:
        load(str(path))
    assert caught.value.detail == expected
    assert "\n" not in str(caught.value)
    assert path.read_bytes() == before


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_a_valid_file_loads_and_writes_back_canonically(path: Path) -> None:
    game = load(str(path))
    assert format_save(game) == path.with_suffix(".expected").read_text()


def test_the_save_holds_the_whole_state() -> None:
    game = GameBoardT(seed=-12, random_board=True, moves=9, objective=(CellT.B, 20))
    text = format_save(game)
    assert text.splitlines()[0] == "dots save 1"
    assert text.splitlines()[7:] == [
        "moves 9",
        "objective B 20",
        "score 0",
        "squares off",
        f"generator {game.generator_state()}",
        "level seed -12 board random moves 9 objective 20",
    ]


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(level=levels(), data=st.data())
def test_play_save_load_and_continue_identically(
    level: Level, data: st.DataObject
) -> None:
    game = GameBoardT(**level._asdict())
    for _ in range(data.draw(st.integers(0, 3))):
        path = data.draw(valid_paths(game))
        if path is None or game.game_over() or game.is_win():
            break
        game.move(path)
    loaded = parse_save(format_save(game), "round trip")
    assert loaded == game
    assert loaded.level == game.level
    while not (game.game_over() or game.is_win()):
        path = data.draw(valid_paths(game))
        if path is None:
            break
        game.move(path)
        loaded.move(path)
        assert loaded == game


@settings(max_examples=200)
@given(
    seed=st.integers(),
    random_board=st.booleans(),
    moves=st.integers(1, MAX_MOVES),
    objective=st.tuples(st.sampled_from(list(CellT)), st.integers(1, MAX_OBJECTIVE)),
    squares=st.booleans(),
)
def test_every_level_the_model_accepts_saves_and_loads_back(
    seed: int,
    random_board: bool,
    moves: int,
    objective: tuple[CellT, int],
    squares: bool,
) -> None:
    """Any int seed (kept as the Java long it wraps to), moves and objective
    over the whole of the model's ranges: the save loads as the same game."""
    game = GameBoardT(
        seed=seed,
        random_board=random_board,
        moves=moves,
        objective=objective,
        squares=squares,
    )
    loaded = parse_save(format_save(game), "round trip")
    assert loaded == game
    assert loaded.level == game.level


@st.composite
def states(draw: st.DrawFn) -> GameBoardT:
    """Any game whose counters some play reaches (each move clears 2 to 36
    dots, of the objective's colour or not, until it is won), over the
    model's whole ranges."""
    level = Level(
        seed=draw(st.integers()),
        random_board=draw(st.booleans()),
        moves=draw(st.integers(1, MAX_MOVES)),
        objective=(
            draw(st.sampled_from(list(CellT))),
            draw(st.integers(1, MAX_OBJECTIVE)),
        ),
        squares=draw(st.booleans()),
    )
    count, score, used = level.objective[1], 0, 0
    for _ in range(draw(st.integers(0, level.moves))):
        if count <= 0:  # won: no move follows
            break
        cleared = draw(st.integers(2, MOST_CLEARED))
        score, used = score + cleared, used + 1
        if draw(st.booleans()):  # of the objective's colour
            count -= cleared
    moves = level.moves - used
    return GameBoardT.from_state(
        level,
        draw(
            st.lists(
                st.lists(st.sampled_from(list(CellT)), min_size=SIZE, max_size=SIZE),
                min_size=SIZE,
                max_size=SIZE,
            )
        ),
        moves=moves,
        objective_count=count,
        score=score,
        generator_state=draw(st.integers(0, (1 << 48) - 1)),
    )


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(game=states(), data=st.data())
def test_every_state_the_model_accepts_saves_and_loads_back(
    game: GameBoardT, data: st.DataObject
) -> None:
    """from_state's ranges are the states a game reaches and a save holds:
    the game saves and loads back, and so it does after a move."""
    assert parse_save(format_save(game), "round trip") == game
    path = data.draw(valid_paths(game))
    if path is not None and not (game.game_over() or game.is_win()):
        game.move(path)
        assert parse_save(format_save(game), "round trip") == game


def test_save_replaces_the_file_and_a_failed_save_leaves_it(tmp_path: Path) -> None:
    target = tmp_path / "game.dots"
    game = GameBoardT(seed=4)
    save(game, str(target))
    assert load(str(target)) == game
    folder = tmp_path / "folder.dots"
    folder.mkdir()
    with pytest.raises(OSError):
        save(game, str(folder))
    assert folder.is_dir() and not any(folder.iterdir())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.dots", "game.dots"]


def test_a_directory_and_a_missing_file_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError) as caught:
        load(str(tmp_path))
    assert caught.value.line is None
    with pytest.raises(SaveFileError):
        load(str(tmp_path / "missing.dots"))


@pytest.mark.parametrize("path", sorted(SAVES.glob("*.dots")), ids=lambda p: p.name)
def test_the_example_saves_load(path: Path) -> None:
    game = load(str(path))
    assert format_save(game) == path.read_text()


def test_the_examples_exist_and_are_listed_in_the_readme() -> None:
    examples = sorted(SAVES.glob("*.dots"))
    assert len(examples) >= 3
    listed = (SAVES / "README.md").read_text()
    for path in examples:
        assert f"`{path.name}`" in listed


def test_the_docs_count_the_invalid_files_and_name_the_format_section() -> None:
    formats = (SAVES.parent / "docs/reference/save-formats.md").read_text(
        encoding="utf-8"
    )
    assert f"`tests/data/dots/invalid/` holds {len(INVALID)} such" in formats
    assert "\n## Dots: the save format\n" in formats
    listed = (SAVES / "README.md").read_text(encoding="utf-8")
    assert "(../docs/reference/save-formats.md#dots-the-save-format)" in listed


def test_a_dots_save_chooses_the_game_by_its_first_line(tmp_path: Path) -> None:
    target = tmp_path / "any-name.txt"
    save(GameBoardT(), str(target))
    assert games.choose([str(target)]) is games.DOTS


@pytest.mark.parametrize("game_option", [["--game", "dots"], []])
def test_the_command_line_refuses_an_invalid_file_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game_option: list[str]
) -> None:
    path = DATA / "invalid" / "moves_negative.dots"
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.chdir(tmp_path)
    status = main([*game_option, str(path)], io.StringIO(""), out, err)
    assert status == 2
    reason = path.with_suffix(".error").read_text().rstrip("\n")
    assert err.getvalue() == f"playmanager: cannot load {path}: {reason}\n"
    assert out.getvalue() == ""
    assert list(tmp_path.iterdir()) == []  # nothing written anywhere


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(level=levels(), data=st.data())
def test_every_state_real_play_reaches_loads(level: Level, data: st.DataObject) -> None:
    """The loader's reachability rules refuse no state that play reaches:
    after every move of a whole game (squares on and off, won, past the
    objective, out of moves), the save loads back as the same game."""
    game = GameBoardT(**level._asdict())
    while not (game.game_over() or game.is_win()):
        path = data.draw(valid_paths(game))
        if path is None:
            break
        game.move(path)
        assert (
            unreachable(
                game.level, game.get_moves(), game.get_obj()[1], game.get_score()
            )
            is None
        )
        assert parse_save(format_save(game), "round trip") == game
