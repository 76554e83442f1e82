"""One rescue file per game, and a rescue never replaces another game's
(issue 29, finding 3): a game with no file of its own goes to its kind's
``rescued.dots``, a game in a FILE of its own to the one kept for that
file, a resumed game back to the file it came from; where another game
still waits there (never offered, or put off with Esc), the first free
``rescued-N`` beside it. A file goes when its game is resumed and saved,
or discarded, so files are only as many as the games not yet dealt with.
"""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest

from playmanager.cli import main
from playmanager.screen.shell import ESCAPE
from playmanager.session import rescue_path
from tests.test_hang_up import GAMES, SAVES, GoneTerminal
from tests.test_rescue_files import launch, play_a_move, quit_unsaved, rescues

HANG_UPS = 6


def data(tmp_path: Path) -> Path:
    return tmp_path / "data" / "gamestate2048"


@pytest.mark.parametrize("name", list(GAMES))
def test_many_hang_ups_of_every_line_mode_keep_each_game_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    game = GAMES[name]
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    shutil.copy(SAVES / game.example, tmp_path / f"mine.{game.suffix}")
    for launch_number in range(HANG_UPS):
        seed = ["--seed", str(5 + launch_number)]  # a new deal each time
        file = [f"mine.{game.suffix}"] if launch_number % 2 else seed
        keys = GoneTerminal(game.line_move)
        main(["--game", name, *file], keys, io.StringIO(), io.StringIO())
    kept = list(data(tmp_path).iterdir())
    own = rescue_path(str(data(tmp_path)), game.rescue_name, f"mine.{game.suffix}")
    assert {path.name for path in kept} >= {game.rescue_name, Path(own).name}
    # each new deal kept, none replaced; mine.EXT played the same way each
    # time is the same game, kept once (issue 36: rescues piled up)
    assert len(kept) == HANG_UPS // 2 + 1
    for path in kept:
        game.load(str(path))  # each a whole game


def test_escape_at_resume_keeps_the_game_put_off(tmp_path: Path) -> None:
    """The box promises "the next launch asks again": the game put off is
    never replaced by the next one kept, whether it is quit or hung up."""
    for launch_number in range(HANG_UPS * 2):
        controller = launch(tmp_path)
        if launch_number:
            controller.press(ESCAPE)  # put off: play another game
        for _ in range(launch_number + 1):  # another game each time
            play_a_move(controller)
        if launch_number % 2:
            quit_unsaved(controller)
        else:
            controller.hang_up()
        assert len(rescues(tmp_path)) == launch_number + 1


def test_a_game_discarded_at_resume_frees_its_file(tmp_path: Path) -> None:
    for _ in range(HANG_UPS):
        controller = launch(tmp_path)
        if rescues(tmp_path):
            controller.press("n")  # discard the one offered
        play_a_move(controller)
        controller.hang_up()
        assert rescues(tmp_path) == ["rescued.dots"]


def test_a_resumed_game_hung_up_goes_back_to_its_file(tmp_path: Path) -> None:
    first = launch(tmp_path)
    play_a_move(first)
    first.hang_up()
    for _ in range(HANG_UPS):
        again = launch(tmp_path)
        again.press("y")
        play_a_move(again)
        again.hang_up()
        assert rescues(tmp_path) == ["rescued.dots"]


def test_each_game_from_its_file_hung_up_keeps_a_rescue_of_its_own(
    tmp_path: Path,
) -> None:
    first = launch(tmp_path)
    play_a_move(first)
    first.press("o")  # now in save.dots
    folder = str(tmp_path / "data")
    for moves in range(1, HANG_UPS + 1):
        again = launch(tmp_path, loaded=True)
        for _ in range(moves):  # another game each time
            play_a_move(again)
        assert again.hang_up().endswith("(no save was touched)")
    slot = Path(rescue_path(folder, "rescued.dots", str(tmp_path / "save.dots")))
    kept = rescues(tmp_path)
    assert slot.name in kept and len(kept) == HANG_UPS  # one per game played


def test_the_rescue_kept_for_a_file_is_named_after_it_and_its_path(
    tmp_path: Path,
) -> None:
    folder = str(tmp_path / "data")
    here = rescue_path(folder, "rescued.dots", str(tmp_path / "a" / "deal.dots"))
    there = rescue_path(folder, "rescued.dots", str(tmp_path / "b" / "deal.dots"))
    assert Path(here).name.startswith("rescued-deal-") and here != there
    assert rescue_path(folder, "rescued.dots") == str(tmp_path / "data" / "rescued.dots")
    played = str(tmp_path / "data" / "rescued-deal-1234abcd.dots")
    assert rescue_path(folder, "rescued.dots", played) == played  # its own


def test_the_page_states_the_rule_once_as_the_code_names_the_files(
    tmp_path: Path,
) -> None:
    page = Path(__file__).parent.parent / "docs" / "play" / "saves-are-safe.md"
    text = " ".join(page.read_text().split())
    assert text.count("at most one rescue file") == 1
    assert text.count("A rescue never replaces another game's") == 1
    assert "`rescued-NAME-DIGEST.dots` for `NAME.dots`" in text
    kept = Path(rescue_path(str(tmp_path), "rescued.dots", str(tmp_path / "x" / "a.dots")))
    assert re.fullmatch(r"rescued-a-[0-9a-f]{8}\.dots", kept.name)


def test_a_save_of_the_players_kept_in_the_data_folder_is_never_a_rescue(
    tmp_path: Path,
) -> None:
    """Only a rescue file played is its own rescue: a save the player keeps
    in the data folder gets a rescue beside it, never its unsaved moves
    written over it at a hang-up."""
    folder = str(tmp_path / "data")
    mine = str(tmp_path / "data" / "mine.dots")
    kept = rescue_path(folder, "rescued.dots", mine)
    assert kept != mine and Path(kept).name.startswith("rescued-mine-")


def test_input_ending_at_the_replace_question_rescues_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nobody answers "replace it?": as at the quit question, the game on
    screen is rescued and the other game's file is left as it was."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    keys = "A 1\no\nnew\nA 1\no\n"  # the input ends at the question
    main(["--game", "dots", "--seed", "5"], io.StringIO(keys), io.StringIO(), io.StringIO())
    saved = (tmp_path / "save.dots").read_text()
    rescued = list(data(tmp_path).glob("rescued*.dots"))
    assert len(rescued) == 1
    assert rescued[0].read_text() != saved  # the second game, kept apart
