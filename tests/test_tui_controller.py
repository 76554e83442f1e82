"""The full-screen game's controller, driven by key names, without a terminal.

Issue 6: moves on arrows, wasd and hjkl; undo restoring board, score and
the random generator; saving through savefile.save; new game; the help,
win (k/y/q) and game-over (t/u/q) overlays; quitting that asks to save;
the terminal closing; the best score file.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gamestate import Direction, GameState
from playmanager.controls import Control
from playmanager.screen.keys import key_label
from playmanager.screen.shell import CTRL_C, ESCAPE
from playmanager.session import Session
from playmanager.statistics import load
from playmanager.twenty48 import savefile
from playmanager.twenty48.adapter import Twenty48
from playmanager.twenty48.play2048 import start_game
from playmanager.twenty48.rules import JAVA, MVC, Rules
from playmanager.twenty48.tui.controller import (
    Controller,
    follow_statistics,
    playing_keys,
)

ONE_MERGE_FROM_2048 = [
    [1024, 1024, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 2],
]
TUI_RULES = JAVA._replace(goal=2048)


def make(
    tmp_path: Path,
    board: list[list[int]] | None = None,
    *,
    score: int = 0,
    rules: Rules = TUI_RULES,
    seed: int = 118,
    save_target: Path | None = None,
) -> Controller:
    """A controller over a new game (seed 118) or over ``board``."""
    if board is None:
        game = start_game(4, 4, seed, rules.two_prob)
    else:
        game = GameState(len(board), len(board[0]), seed=seed, two_prob=rules.two_prob)
        game.setBoard(board)
        game.setScore(score)
    rows, cols = len(game.getBoard()), len(game.getBoard()[0])
    adapter = Twenty48(
        lambda next_seed: start_game(rows, cols, next_seed, rules.two_prob)
    )
    target = str(save_target or tmp_path / "save.2048")
    session = Session(adapter, game, seed, target, loaded=board is not None)
    controller = Controller(
        session,
        rules=rules,
        rescue_folder=str(tmp_path / "data"),
    )
    path = tmp_path / "data" / "statistics.json"
    follow_statistics(controller, path, rules, loaded=board is not None)
    return controller


def press(controller: Controller, *keys: str) -> None:
    for key in keys:
        controller.press(key)


def state(game: GameState) -> tuple[list[list[int]], int, int]:
    return game.getBoard(), game.getScore(), game.rng.getstate()


# ---------------------------------------------------------------- moves
@pytest.mark.parametrize(
    ("key", "direction"),
    [
        ("KEY_UP", Direction.UP),
        ("w", Direction.UP),
        ("k", Direction.UP),
        ("KEY_DOWN", Direction.DOWN),
        ("s", Direction.DOWN),
        ("j", Direction.DOWN),
        ("KEY_LEFT", Direction.LEFT),
        ("a", Direction.LEFT),
        ("h", Direction.LEFT),
        ("KEY_RIGHT", Direction.RIGHT),
        ("d", Direction.RIGHT),
        ("l", Direction.RIGHT),
    ],
)
def test_arrow_wasd_and_hjkl_keys_move(
    tmp_path: Path, key: str, direction: Direction
) -> None:
    controller = make(tmp_path)
    expected = controller.game.copy()
    assert expected.move(direction)
    controller.press(key)
    assert state(controller.game) == state(expected)
    assert controller.unsaved


def test_the_writeup_example_game_plays_the_same(tmp_path: Path) -> None:
    # d s a w a a: the writeup's example game, seed 118, 70% twos.
    controller = make(tmp_path, rules=TUI_RULES._replace(two_prob=70))
    press(controller, "d", "s")
    assert controller.screen().board == (
        (0, 0, 0, 0),
        (0, 0, 0, 0),
        (0, 0, 0, 0),
        (2, 0, 2, 4),
    )
    assert controller.screen().score == 4


def test_a_move_that_changes_nothing_does_nothing(tmp_path: Path) -> None:
    controller = make(tmp_path, [[2, 0], [4, 0]])
    before = state(controller.game)
    controller.press("a")
    assert state(controller.game) == before
    assert not controller.unsaved
    assert controller.screen().status == ""


def test_unknown_keys_are_ignored(tmp_path: Path) -> None:
    controller = make(tmp_path)
    before = controller.screen()
    press(controller, "x", "KEY_F1", "Z", "y", "t")
    assert controller.screen() == before


# ---------------------------------------------------------------- undo
def test_undo_many_levels_restores_board_score_and_generator(tmp_path: Path) -> None:
    controller = make(tmp_path)
    history = []
    for key in "dsawaasdwd":
        history.append(state(controller.game))
        controller.press(key)
    assert len({str(board) for board, _, _ in history}) > 5
    for expected in reversed(history):
        controller.press("u")
        assert state(controller.game) == expected


def test_a_move_replayed_after_undo_draws_the_same_tile(tmp_path: Path) -> None:
    controller = make(tmp_path)
    press(controller, "d", "s")
    after = state(controller.game)
    press(controller, "u", "s")
    assert state(controller.game) == after


def test_undo_with_no_history_says_so_and_changes_nothing(tmp_path: Path) -> None:
    controller = make(tmp_path)
    before = state(controller.game)
    controller.press("u")
    assert state(controller.game) == before
    assert controller.screen().status == "Nothing to undo"


# ---------------------------------------------------------------- save
def test_o_saves_with_the_line_modes_save_file_code(tmp_path: Path) -> None:
    controller = make(tmp_path)
    press(controller, "d", "s", "o")
    target = tmp_path / "save.2048"
    data = savefile.read_save(str(target))
    assert [list(row) for row in data.board] == controller.game.getBoard()
    assert data.score == controller.game.getScore() == 4
    assert target.read_text() == savefile.format_save(controller.game)
    assert controller.screen().status == f"Saved to {target}"
    assert not controller.unsaved


def test_a_failed_save_is_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    target = tmp_path / "missing-folder" / "save.2048"
    controller = make(tmp_path, save_target=target)
    press(controller, "d", "o")
    assert controller.screen().status.startswith(f"Not saved to {target}: ")
    assert "No such file" in controller.screen().status
    assert controller.unsaved
    assert not controller.finished
    controller.press("s")
    assert controller.game.getScore() == 4


# ---------------------------------------------------------------- new game
def test_new_game_takes_the_next_seed_and_can_be_undone(tmp_path: Path) -> None:
    controller = make(tmp_path)
    press(controller, "d", "s")
    old = state(controller.game)
    controller.press("n")
    assert controller.screen().seed == 119
    assert state(controller.game) == state(start_game(4, 4, 119, None))
    assert controller.screen().score == 0
    controller.press("u")
    assert state(controller.game) == old
    assert controller.screen().seed == 118


# ---------------------------------------------------------------- help
def test_help_lists_every_key_and_any_key_closes_it(tmp_path: Path) -> None:
    controller = make(tmp_path)
    controller.press("?")
    overlay = controller.screen().overlay
    assert overlay is not None and overlay.title == "How to play"
    text = "\n".join(overlay.lines)
    for binding in playing_keys():
        assert binding.action.value in text
        for key in binding.keys:
            assert key_label(key) in text
    for control in Control:
        assert f"{control.value}\t" in text and control.summary in text
    before = state(controller.game)
    controller.press("d")  # closes the help, does not move
    assert controller.screen().overlay is None
    assert state(controller.game) == before


# ---------------------------------------------------------------- win
def test_reaching_the_goal_shows_the_win_and_k_keeps_going(tmp_path: Path) -> None:
    controller = make(tmp_path, ONE_MERGE_FROM_2048)
    controller.press("KEY_LEFT")
    assert controller.game.getBoard()[0][0] == 2048
    overlay = controller.screen().overlay
    assert overlay is not None and overlay.title == "You win!"
    assert "You reached the 2048 tile." in overlay.lines
    keys = " ".join(overlay.lines).replace("\xa0", " ")
    assert "keep going" in keys and "play again" not in keys
    before = state(controller.game)
    controller.press("d")  # only the keys of the win box work on it
    assert state(controller.game) == before
    controller.press("k")
    assert controller.screen().overlay is None
    controller.press("KEY_RIGHT")
    assert controller.screen().overlay is None  # the win shows only once


def test_n_after_a_win_plays_again_and_y_keeps_going(tmp_path: Path) -> None:
    """Issue 29: the win box's y and n read as the same thing; y keeps going."""
    controller = make(tmp_path, ONE_MERGE_FROM_2048)
    press(controller, "a", "y")
    assert controller.screen().overlay is None
    assert controller.game.getBoard()[0][0] == 2048
    controller = make(tmp_path, ONE_MERGE_FROM_2048)
    press(controller, "a", "n")
    assert controller.screen().overlay is None
    assert controller.screen().seed == 119
    assert state(controller.game) == state(start_game(4, 4, 119, None))


def test_a_win_counts_when_you_win_shows(tmp_path: Path) -> None:
    """Issue 29 finding 4: a win counted only at the move after it."""
    rules = JAVA._replace(goal=8)
    controller = make(tmp_path, [[4, 4], [0, 2]], rules=rules)
    controller.press("a")
    overlay = controller.screen().overlay
    assert overlay is not None and overlay.title == "You win!"
    tallies = load(tmp_path / "data" / "statistics.json")[0].games["2048"]
    assert [(t.played, t.won) for t in tallies.values()] == [(1, 1)]
    press(controller, "y", "q", "n")  # keep going, quit without saving
    again = load(tmp_path / "data" / "statistics.json")[0]
    assert [(t.played, t.won) for t in again.games["2048"].values()] == [(1, 1)]
    assert "2048" not in again.pending  # counted, not kept waiting


def test_a_won_game_played_on_raises_its_best_when_it_ends(tmp_path: Path) -> None:
    """It counts once, at the win; its best score is its highest."""
    rules = JAVA._replace(goal=8)
    controller = make(tmp_path, [[4, 4], [0, 2]], rules=rules)
    path = tmp_path / "data" / "statistics.json"
    follow_statistics(controller, path, rules, loaded=False)  # dealt here: bests count
    controller.press("a")
    controller.press("y")
    assert [t.best_score for t in load(path)[0].games["2048"].values()] == [8]
    controller.game.setScore(500)  # what keeping going scored
    controller.press("n")  # given up for a new game
    tallies = load(path)[0].games["2048"]
    assert [(t.played, t.won, t.best_score) for t in tallies.values()] == [(1, 1, 500)]


def test_goal_follows_the_rules(tmp_path: Path) -> None:
    controller = make(tmp_path, [[64, 64], [0, 0]], rules=TUI_RULES._replace(goal=128))
    controller.press("a")
    overlay = controller.screen().overlay
    assert overlay is not None and "You reached the 128 tile." in overlay.lines


def test_a_move_that_wins_and_ends_the_game_shows_the_win_first(tmp_path: Path) -> None:
    # 1024 1024 / 2 4 -> left: 2048 _ / 2 4, and the new tile (a 2, as
    # two_prob is 100) leaves no move: won and over at once.
    rules = TUI_RULES._replace(two_prob=100)
    controller = make(tmp_path, [[1024, 1024], [2, 4]], rules=rules)
    controller.press("a")
    assert controller.game.getBoard() == [[2048, 2], [2, 4]]
    assert controller.game.isGameOver()
    overlay = controller.screen().overlay
    assert overlay is not None and overlay.title == "You win!"
    controller.press("k")
    overlay = controller.screen().overlay
    assert overlay is not None and overlay.title == "Game over!"


def test_a_loaded_game_that_already_holds_the_goal_does_not_win_again(
    tmp_path: Path,
) -> None:
    controller = make(tmp_path, [[2048, 2, 0, 0], [0] * 4, [0] * 4, [0] * 4])
    press(controller, "d", "a", "s")
    assert controller.screen().overlay is None


def test_undoing_the_winning_move_lets_the_win_show_again(tmp_path: Path) -> None:
    controller = make(tmp_path, ONE_MERGE_FROM_2048)
    press(controller, "a", "k", "u", "a")
    overlay = controller.screen().overlay
    assert overlay is not None and overlay.title == "You win!"


# ---------------------------------------------------------------- game over
def test_game_over_offers_try_again_and_undo(tmp_path: Path) -> None:
    rules = TUI_RULES._replace(two_prob=100)
    controller = make(tmp_path, [[4, 8], [16, 0]], rules=rules)
    before = state(controller.game)
    # Down: the 8 falls into the empty corner and the new 2 fills its place.
    controller.press("j")
    assert controller.game.getBoard() == [[4, 2], [16, 8]]
    assert controller.game.isGameOver()
    overlay = controller.screen().overlay
    assert overlay is not None and overlay.title == "Game over!"
    assert "No move is left. Score: 0" in overlay.lines
    controller.press("u")
    assert controller.screen().overlay is None
    assert state(controller.game) == before
    press(controller, "j", "t")
    assert controller.screen().overlay is None
    assert controller.screen().seed == 119


def test_a_loaded_game_that_is_already_over_shows_game_over(tmp_path: Path) -> None:
    controller = make(tmp_path, [[2, 4], [4, 2]])
    overlay = controller.screen().overlay
    assert overlay is not None and overlay.title == "Game over!"


# ---------------------------------------------------------------- quit
def test_quit_without_progress_quits_at_once(tmp_path: Path) -> None:
    controller = make(tmp_path)
    controller.press("q")
    assert controller.finished
    assert not (tmp_path / "save.2048").exists()


def test_quit_with_unsaved_progress_asks_and_c_or_esc_cancels(tmp_path: Path) -> None:
    controller = make(tmp_path)
    press(controller, "d", "q")
    overlay = controller.screen().overlay
    assert overlay is not None
    assert f"Save to {tmp_path / 'save.2048'} before quitting?" in overlay.lines
    controller.press("c")
    assert controller.screen().overlay is None and not controller.finished
    press(controller, "q", ESCAPE)
    assert controller.screen().overlay is None and not controller.finished


def test_quit_then_y_saves_and_quits(tmp_path: Path) -> None:
    controller = make(tmp_path)
    press(controller, "d", "s", "q", "y")
    assert controller.finished
    data = savefile.read_save(str(tmp_path / "save.2048"))
    assert data.score == 4


def test_quit_then_n_quits_without_saving(tmp_path: Path) -> None:
    controller = make(tmp_path)
    press(controller, "d", "q", "n")
    assert controller.finished
    assert not (tmp_path / "save.2048").exists()


def test_quit_after_saving_does_not_ask(tmp_path: Path) -> None:
    controller = make(tmp_path)
    press(controller, "d", "o", "q")
    assert controller.finished


def test_quit_offers_no_save_to_a_missing_folder_and_keeps_the_game(
    tmp_path: Path,
) -> None:
    """Issue 36: the save it offered could only fail; y now keeps the game
    in the rescue folder (a save that fails otherwise still keeps it open:
    tests/test_no_save_overwritten.py)."""
    controller = make(tmp_path, save_target=tmp_path / "no" / "save.2048")
    press(controller, "d", "q")
    overlay = controller.screen().overlay
    assert overlay is not None and "does not exist" in " ".join(overlay.lines)
    press(controller, "y")
    assert controller.finished
    assert not (tmp_path / "no").exists()


def test_ctrl_c_asks_like_q_and_a_second_ctrl_c_quits(tmp_path: Path) -> None:
    controller = make(tmp_path)
    press(controller, "d", CTRL_C)
    overlay = controller.screen().overlay
    assert overlay is not None and overlay.title == "Unsaved game"
    controller.press(CTRL_C)
    assert controller.finished
    assert not (tmp_path / "save.2048").exists()


def test_ctrl_c_in_the_help_asks_too(tmp_path: Path) -> None:
    controller = make(tmp_path)
    press(controller, "d", "?", CTRL_C)
    overlay = controller.screen().overlay
    assert overlay is not None and overlay.title == "Unsaved game"


def test_q_on_the_win_overlay_asks_and_c_goes_back_to_it(tmp_path: Path) -> None:
    controller = make(tmp_path, ONE_MERGE_FROM_2048)
    press(controller, "a", "q")
    overlay = controller.screen().overlay
    assert overlay is not None and overlay.title == "Unsaved game"
    controller.press("c")
    overlay = controller.screen().overlay
    assert overlay is not None and overlay.title == "You win!"


def test_keys_after_quitting_do_nothing(tmp_path: Path) -> None:
    controller = make(tmp_path)
    press(controller, "q", "d")
    assert controller.game.getScore() == 0


# ---------------------------------------------------------------- hang up
def test_terminal_closing_rescues_unsaved_play_and_touches_no_save(
    tmp_path: Path,
) -> None:
    """Issue 21: the rescue went over ./save.2048; now to a file of its own."""
    target = tmp_path / "save.2048"
    target.write_bytes(b"4 4\n8\n2 2 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n")
    before = target.read_bytes()
    controller = make(tmp_path, save_target=target)
    press(controller, "d", "s")
    message = controller.hang_up()
    rescue = tmp_path / "data" / "rescued.2048"
    assert controller.finished
    assert message == (
        f"Terminal closed; game rescued to {rescue} (no save was touched)"
    )
    assert target.read_bytes() == before
    kept = savefile.read_save(str(rescue))
    assert [list(row) for row in kept.board] == controller.game.getBoard()


def test_terminal_closing_during_the_quit_question_rescues(tmp_path: Path) -> None:
    controller = make(tmp_path)
    press(controller, "d", "q")
    controller.hang_up()
    assert not (tmp_path / "save.2048").exists()
    assert (tmp_path / "data" / "rescued.2048").exists()


def test_terminal_closing_without_progress_writes_nothing(tmp_path: Path) -> None:
    controller = make(tmp_path)
    assert controller.hang_up() == "Terminal closed; nothing to save."
    assert not (tmp_path / "save.2048").exists()
    assert not (tmp_path / "data" / "rescued.2048").exists()


def test_quitting_a_saved_game_keeps_no_second_copy(tmp_path: Path) -> None:
    controller = make(tmp_path)
    press(controller, "d", "o", "q")
    assert controller.finished
    assert (tmp_path / "save.2048").exists()
    assert not (tmp_path / "data" / "rescued.2048").exists()


def test_quitting_an_unsaved_game_keeps_it_to_resume(tmp_path: Path) -> None:
    controller = make(tmp_path)
    press(controller, "d", "q", "n")
    assert controller.finished
    assert not (tmp_path / "save.2048").exists()
    assert (tmp_path / "data" / "rescued.2048").exists()


def test_terminal_closing_when_no_rescue_works_says_why(tmp_path: Path) -> None:
    controller = make(tmp_path)
    (tmp_path / "data").write_text("a file where the folder should be")
    controller.press("d")
    message = controller.hang_up()
    assert message.startswith("Terminal closed; the game could not be rescued: ")


# ---------------------------------------------------------------- saves of others
def test_o_asks_before_replacing_a_save_it_did_not_load(tmp_path: Path) -> None:
    """Issue 21: o replaced an existing default save holding another game."""
    target = tmp_path / "save.2048"
    target.write_bytes(b"another game")
    controller = make(tmp_path, save_target=target)
    press(controller, "d", "o")
    overlay = controller.screen().overlay
    assert overlay is not None and overlay.title == "Replace a file?"
    controller.press("n")
    assert target.read_bytes() == b"another game"
    assert controller.screen().status == f"Not saved; {target} is as it was"
    press(controller, "o", "y")
    assert savefile.read_save(str(target)).score == controller.game.getScore()
    assert controller.screen().status == f"Saved to {target}"


def test_yes_at_the_quit_question_asks_before_replacing_too(tmp_path: Path) -> None:
    target = tmp_path / "save.2048"
    target.write_bytes(b"another game")
    controller = make(tmp_path, save_target=target)
    press(controller, "d", "q", "y")
    assert not controller.finished
    controller.press("n")
    assert target.read_bytes() == b"another game" and not controller.finished
    press(controller, "q", "y", "y")
    assert controller.finished
    assert savefile.read_save(str(target)).score == controller.game.getScore()


def test_n_with_no_move_then_q_does_not_ask_nor_write(tmp_path: Path) -> None:
    """Issue 21: after n with zero moves, q asked, and y saved an empty game."""
    target = tmp_path / "save.2048"
    savefile.save(start_game(4, 4, 5, None), str(target))
    before = target.read_bytes()
    controller = make(
        tmp_path, [[2, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4], save_target=target
    )
    press(controller, "n", "q")
    assert controller.finished
    assert target.read_bytes() == before


def test_a_rescued_game_is_offered_and_resumed(tmp_path: Path) -> None:
    first = make(tmp_path)
    press(first, "d", "s")
    rescue = first.hang_up().split(" rescued to ")[1].split(" ")[0]
    board = first.game.getBoard()
    again = make(tmp_path)
    again = Controller(
        again.session,
        rules=TUI_RULES,
        rescue_folder=str(tmp_path / "data"),
        rescued=rescue,
    )
    overlay = again.screen().overlay
    assert overlay is not None and overlay.title == "A rescued game"
    assert any(rescue in line for line in overlay.lines)
    again.press("y")
    assert again.game.getBoard() == board
    assert again.unsaved
    press(again, "o")
    assert not Path(rescue).exists()  # safe in the save now
    assert savefile.read_save(str(tmp_path / "save.2048")).score == 4


def rescued_2048(tmp_path: Path) -> tuple[Path, Controller]:
    """A launch that finds a rescued 2 x 2 game of score 12, tile 8."""
    rescue = tmp_path / "data" / "rescued.2048"
    rescue.parent.mkdir()
    rescue.write_text("2 2\n12\n8 2\n0 0\n")
    controller = Controller(
        make(tmp_path).session,
        rules=TUI_RULES,
        rescue_folder=str(tmp_path / "data"),
        rescued=str(rescue),
    )
    return rescue, controller


def test_a_rescued_game_declined_is_removed(tmp_path: Path) -> None:
    """Issue 29 finding 3: n at "resume it?" discards the rescued game, so
    rescue files never pile up."""
    rescue, controller = rescued_2048(tmp_path)
    overlay = controller.overlay()
    assert overlay is not None
    assert any(line.split()[:2] == ["n", "discard"] for line in overlay.lines)
    controller.press("n")
    assert not rescue.exists()
    assert controller.screen().status == f"Rescued game removed: {rescue}"


def test_a_rescued_game_put_off_stays_for_the_next_launch(tmp_path: Path) -> None:
    rescue, controller = rescued_2048(tmp_path)
    controller.press(ESCAPE)
    assert rescue.exists()
    assert "next launch" in controller.screen().status


def test_the_rescue_question_names_the_game_and_when_it_was_saved(
    tmp_path: Path,
) -> None:
    """Issue 29 finding 16: which game (score), and when."""
    rescue, controller = rescued_2048(tmp_path)
    overlay = controller.overlay()
    assert overlay is not None
    text = " ".join(overlay.lines)
    assert "score 12, highest tile 8" in text
    assert "saved today at " in text and str(rescue) in text


def test_config_keys_drive_the_full_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21: Config.UP_KEY and friends did nothing under --tui."""
    from gamestate import Config

    monkeypatch.setattr(Config, "UP_KEY", "i")
    monkeypatch.setattr(Config, "SAVE_KEY", "v")
    controller = make(tmp_path, [[0, 0], [2, 0]])
    controller.press("i")
    assert controller.game.getBoard()[0][0] == 2
    controller.press("v")
    assert controller.status == f"Saved to {tmp_path / 'save.2048'}"


# ---------------------------------------------------------------- best score
def test_no_best_score_before_the_first_game(tmp_path: Path) -> None:
    controller = make(tmp_path)
    assert controller.screen().best == 0  # this game's score is the best yet
    assert controller.screen().status == ""
    assert not (tmp_path / "data" / "statistics.json").exists()


def test_a_corrupt_statistics_file_is_reported_in_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "data" / "statistics.json"
    path.parent.mkdir()
    path.write_bytes(b"\xff\x1b[31mlots\n")
    status = make(tmp_path).screen().status
    assert status == (
        f"The statistics in {path} could not be read (it is not text); "
        "the file is kept as statistics.json.unreadable and new statistics begin."
    )


def test_best_score_rises_with_the_score_and_is_kept_on_quit(tmp_path: Path) -> None:
    controller = make(tmp_path)
    press(controller, "d", "s")
    assert controller.screen().best == 4
    press(controller, "u", "u")
    assert controller.screen().best == 4  # undo does not take a best back
    press(controller, "q", "n")
    statistics = load(tmp_path / "data" / "statistics.json")[0]
    assert statistics.best_score("2048", "4x4 java") == 4
    assert make(tmp_path).screen().best == 4


def test_best_scores_are_kept_per_board_size_and_rules(tmp_path: Path) -> None:
    press(make(tmp_path), "d", "s", "q", "n")
    assert make(tmp_path, [[0, 2], [2, 0]]).screen().best is None
    assert make(tmp_path, rules=MVC).screen().best == 0


def test_loading_a_save_never_raises_the_best_score(tmp_path: Path) -> None:
    """Issue 23: the best score jumped to 23608 after loading a save."""
    loaded = make(tmp_path, [[0, 0, 0, 2], [0] * 4, [0] * 4, [0] * 4], score=23608)
    assert loaded.screen().best is None
    press(loaded, "a", "q", "n")
    assert make(tmp_path).screen().best == 0


def test_a_statistics_file_that_cannot_be_written_is_reported(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file where the folder should be")
    controller = make(tmp_path, [[2, 4], [8, 16]])  # no move left: the game ends
    status = controller.screen().status
    assert status.startswith(f"The statistics in {tmp_path / 'data'}")
    assert status.endswith("this run's games are not counted.")
    assert "Errno" not in status and "\n" not in status
    press(controller, "q")
    assert controller.finished


def test_the_statistics_screen_shows_played_won_and_bests(tmp_path: Path) -> None:
    won = make(tmp_path, [[1024, 1024], [0, 0]], rules=MVC)
    press(won, "n", "a")  # abandoned for a new game: not counted (no move yet)
    lost = make(tmp_path, [[0, 0, 0, 2], [4, 8, 4, 8], [8, 4, 8, 4], [4, 8, 4, 8]])
    press(lost, "a", "n", "S")  # a loss: given up for a new game
    overlay = lost.screen().overlay
    assert overlay is not None and overlay.title == "Statistics"
    header, row = overlay.lines[:2]
    assert header.split() == [
        "Variant",
        "Played",
        "Won",
        "Win%",
        "Streak",
        "Max",
        "Score",
        "Time",
        "Loaded",
    ]
    assert row.split() == ["4x4", "java", "1", "0", "0%", "0", "0", "-", "-", "1"]
    press(lost, "x")
    assert lost.screen().overlay is None  # any key closes it


def test_screen_shows_score_best_seed_and_rules(tmp_path: Path) -> None:
    controller = make(tmp_path, ONE_MERGE_FROM_2048, score=40, rules=MVC, seed=7)
    screen = controller.screen()
    assert (screen.score, screen.best, screen.seed) == (40, None, 7)  # loaded
    assert (screen.rules_name, screen.goal) == ("mvc", 2048)
    assert screen.save_target == str(tmp_path / "save.2048")
    assert os.path.basename(screen.save_target) == "save.2048"


def test_a_game_in_another_terminal_counts_too(tmp_path: Path) -> None:
    first = make(tmp_path)
    second = make(tmp_path)
    press(first, "d", "s", "n")  # a loss: given up for a new game
    press(second, "d", "n")
    tally = load(tmp_path / "data" / "statistics.json")[0].tally("2048", "4x4 java")
    assert (tally.played, tally.won, tally.best_score) == (2, 0, 4)
    assert first.screen().best == 4


def test_a_new_game_names_the_saved_game_it_would_not_load(tmp_path: Path) -> None:
    target = tmp_path / "save.2048"
    target.write_text("2 2\n0\n2 0\n0 2\n")
    controller = make(tmp_path, save_target=target)
    assert controller.screen().status == (
        f"{target} holds another game; o asks before replacing it"
    )


def test_a_new_game_with_no_save_there_keeps_its_greeting(tmp_path: Path) -> None:
    assert "holds another game" not in make(tmp_path).screen().status
