"""Statistics and the game kept to resume, in the Dots and Forty Thieves
full screens (2048's are in test_tui_controller.py): the shared modal
controller counts, each game says what a win and a score are."""

from __future__ import annotations

from pathlib import Path

from gamestate.dots import GameBoardT
from gamestate.dots.board import Level
from gamestate.dots.hint import hint
from playmanager.dots import savefile as dots_savefile
from playmanager.dots.adapter import Dots
from playmanager.dots.tui import variant
from playmanager.dots.tui.controller import Controller as DotsController
from playmanager.forty_thieves.adapter import FortyThieves
from playmanager.forty_thieves.tui.controller import Controller as FtController
from playmanager.session import Session
from playmanager.statistics import Tracker, load


def dots(tmp_path: Path, level: Level, rescued: str | None = None) -> DotsController:
    game = GameBoardT(**level._asdict())
    session = Session(
        Dots(level), game, level.seed, str(tmp_path / "save.dots"), loaded=False
    )
    controller = DotsController(
        session,
        rescue_folder=str(tmp_path / "data"),
        rescued=rescued,
    )
    tracker = Tracker(tmp_path / "data" / "statistics.json", "dots")
    tracker.start(variant(level), from_file=False)
    controller.follow(tracker)
    return controller


def statistics(tmp_path: Path) -> Path:
    return tmp_path / "data" / "statistics.json"


def a_level_won_by_the_hint(seed: int = 5) -> Level:
    """A level whose objective is one dot of the hint's colour: won at once."""
    game = GameBoardT(seed=seed)
    path = hint(game)
    assert path is not None
    colour = game.get_boardT()[path[0][0]][path[0][1]]
    return Level(seed=seed, moves=5, objective=(colour, 1))


def test_a_won_dots_game_counts_with_its_score_and_time(tmp_path: Path) -> None:
    level = a_level_won_by_the_hint()
    controller = dots(tmp_path, level)
    controller.press("H")
    controller.press("\n")  # plays the hint
    assert controller.session.ended
    tally = load(statistics(tmp_path))[0].tally("dots", variant(level))
    assert (tally.played, tally.won, tally.streak) == (1, 1, 1)
    assert tally.best_score == controller.session.model.get_score() > 0
    assert tally.best_seconds is not None
    assert variant(level) == f"5 moves, 1 {level.objective[0].value}"


def test_an_unfinished_game_is_kept_apart_and_offered_next_time(tmp_path: Path) -> None:
    level = Level(seed=5)
    first = dots(tmp_path, level)
    (tmp_path / "save.dots").write_text("the player's own file\n")
    first.press("H")
    first.press("\n")
    board = first.session.model.get_boardT()
    first.press("q")
    first.press("n")  # quit without saving
    assert first.finished
    assert (tmp_path / "save.dots").read_text() == "the player's own file\n"
    kept = tmp_path / "data" / "rescued.dots"
    assert dots_savefile.load(str(kept)).get_boardT() == board
    assert "dots" in load(statistics(tmp_path))[0].pending
    again = dots(tmp_path, level, rescued=str(kept))
    overlay = again.screen().overlay
    assert overlay is not None and any(str(kept) in line for line in overlay.lines)
    again.press("y")
    assert again.session.model.get_boardT() == board
    assert "dots" not in load(statistics(tmp_path))[0].pending  # resumed
    again.press("n")  # given up for a new game: a loss, not from a file
    tally = load(statistics(tmp_path))[0].tally("dots", variant(level))
    assert (tally.played, tally.won, tally.from_file) == (1, 0, 0)


def test_a_game_without_moves_is_neither_kept_nor_counted(tmp_path: Path) -> None:
    controller = dots(tmp_path, Level(seed=5))
    controller.press("q")
    assert controller.finished
    assert not (tmp_path / "data").exists()


def test_forty_thieves_counts_a_given_up_deal_with_its_cards_home(
    tmp_path: Path,
) -> None:
    adapter = FortyThieves()
    session = Session(
        adapter, adapter.new_model(3), 3, str(tmp_path / "save.ft"), loaded=False
    )
    controller = FtController(
        session,
        rescue_folder=str(tmp_path / "data"),
    )
    tracker = Tracker(statistics(tmp_path), "forty-thieves")
    tracker.start("", from_file=False)
    controller.follow(tracker)
    controller.press("d")  # deal a card to the waste
    controller.press("n")
    tally = load(statistics(tmp_path))[0].tally("forty-thieves", "")
    assert (tally.played, tally.won, tally.best_score) == (1, 0, 0)
    controller.press("S")
    overlay = controller.screen().overlay
    assert overlay is not None and overlay.title == "Statistics"
    assert overlay.lines[1].split()[:5] == ["all", "games", "1", "0", "0%"]


def test_a_resumed_game_quit_at_once_is_still_kept(tmp_path: Path) -> None:
    level = Level(seed=5)
    first = dots(tmp_path, level)
    first.press("H")
    first.press("\n")
    board = first.session.model.get_boardT()
    first.press("q")
    first.press("n")
    kept = tmp_path / "data" / "rescued.dots"
    again = dots(tmp_path, level, rescued=str(kept))
    again.press("y")
    again.press("q")
    again.press("n")  # quit without saving, not a move made
    assert again.finished
    assert dots_savefile.load(str(kept)).get_boardT() == board


def test_undo_after_a_new_game_brings_the_game_back_uncounted(tmp_path: Path) -> None:
    level = Level(seed=5)
    controller = dots(tmp_path, level)
    controller.press("H")
    controller.press("\n")
    board = controller.session.model.get_boardT()
    controller.press("n")  # given up: counted as a loss
    assert load(statistics(tmp_path))[0].tally("dots", variant(level)).played == 1
    controller.press("u")  # ... and back
    assert controller.session.model.get_boardT() == board
    uncounted = load(statistics(tmp_path))[0].tally("dots", variant(level))
    assert uncounted.played == 0  # its best stays: Best never goes down
    controller.press("q")
    controller.press("n")  # quit without saving: kept to resume, as before the n
    assert controller.finished
    assert "dots" in load(statistics(tmp_path))[0].pending
    assert (tmp_path / "data" / "rescued.dots").exists()
