"""Rule presets and the one win rule (issue 8 part 2), and the line mode's
``--rules mvc``: a clear win message and the MVC spec's y/t/k prompts.
Without a preset the line mode stays the Java game byte for byte."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamestate import Config, Direction, GameState
from playmanager.cli import main
from playmanager.options import LONG_MAX, LONG_MIN, next_seed
from playmanager.twenty48.play2048 import build_parser, game_rules
from playmanager.twenty48.rules import (
    JAVA,
    MVC,
    PRESETS,
    WinTracker,
    check_goal,
    has_won,
)

boards = st.lists(
    st.lists(st.sampled_from([0, 2, 4, 8, 1024, 2048, 4096]), min_size=1, max_size=5),
    min_size=1,
    max_size=5,
)


# ---------------------------------------------------------------- presets
def test_presets_table() -> None:
    assert set(PRESETS) == {"java", "mvc"}
    assert (JAVA.two_prob, JAVA.goal) == (None, None)
    assert (MVC.two_prob, MVC.goal) == (90, 2048)


def test_mvc_tiles_are_twos_ninety_percent_of_the_time() -> None:
    game = GameState(4, 4, seed=5, two_prob=MVC.two_prob)
    counts = Counter(game.randomTile() for _ in range(10_000))
    assert set(counts) == {2, 4}
    assert 0.88 < counts[2] / 10_000 < 0.92


@pytest.mark.parametrize("goal", [4, 8, 2048, 1 << 30])
def test_goals_are_powers_of_two(goal: int) -> None:
    assert check_goal(goal) == goal
    assert JAVA.with_goal(goal).goal == goal


@pytest.mark.parametrize("goal", [-2, 0, 1, 2, 3, 6, 2047, 1 << 31])
def test_other_goals_are_refused(goal: int) -> None:
    with pytest.raises(
        ValueError, match=f"power of two from 4 to {1 << 30}, got {goal}"
    ):
        check_goal(goal)


# ---------------------------------------------------------------- the win rule
@given(boards, st.sampled_from([4, 8, 2048]))
def test_has_won_when_some_tile_reaches_the_goal(
    board: list[list[int]], goal: int
) -> None:
    flat = [value for row in board for value in row]
    assert has_won(board, goal) == (max(flat) >= goal)


@given(st.lists(boards, min_size=1, max_size=8))
def test_a_game_is_won_at_most_once(sequence: list[list[list[int]]]) -> None:
    tracker = WinTracker(2048)
    tracker.start([[0]])
    wins = [tracker.check(board) for board in sequence]
    assert wins.count(True) == (1 if any(has_won(b, 2048) for b in sequence) else 0)
    if True in wins:
        first = wins.index(True)
        assert not any(has_won(b, 2048) for b in sequence[:first])
        assert has_won(sequence[first], 2048)


def test_a_game_that_starts_with_the_goal_was_won_before() -> None:
    tracker = WinTracker(2048)
    tracker.start([[2048, 0]])
    assert not tracker.check([[2048, 2]])


def test_no_goal_never_wins() -> None:
    tracker = WinTracker(None)
    tracker.start([[0]])
    assert not tracker.check([[1 << 30]])


def test_next_seed_counts_up_and_wraps_as_a_java_long() -> None:
    assert next_seed(118) == 119
    assert next_seed(-1) == 0
    assert next_seed(LONG_MAX) == LONG_MIN


# ---------------------------------------------------------------- line mode
def run(argv: list[str], keys: str) -> str:
    out = io.StringIO()
    err = io.StringIO()
    assert main(argv, stdin=io.StringIO(keys), stdout=out, stderr=err) == 0
    assert err.getvalue() == ""
    return out.getvalue()


def write_save(path: Path, board: list[list[int]], score: int = 0) -> str:
    rows = "".join(" ".join(map(str, row)) + "\n" for row in board)
    path.write_text(f"{len(board)} {len(board[0])}\n{score}\n{rows}")
    return str(path)


ONE_MERGE = [[1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]]


def test_mvc_win_message_and_k_keeps_going(tmp_path: Path) -> None:
    save = write_save(tmp_path / "w.2048", ONE_MERGE)
    out = run(["--rules", "mvc", save], "a\nk\nq\n")
    game = GameState(4, 4, two_prob=90)
    game.setBoard(ONE_MERGE)
    game.move(Direction.LEFT)
    win = (
        game.toString()
        + "You win! You reached the 2048 tile.\n"
        + "Keep going (k), play again (y) or quit (q)? "
    )
    assert out.split("> ")[1] == win + game.toString()  # k: the game goes on


def test_mvc_win_prompt_asks_again_until_k_y_or_q(tmp_path: Path) -> None:
    save = write_save(tmp_path / "w.2048", ONE_MERGE)
    out = run(["--rules", "mvc", save], "a\nw\nK\n\nq\n")
    prompt = "Keep going (k), play again (y) or quit (q)? "
    assert out.count(prompt) == 4
    assert out.endswith(prompt)  # q quits there


def test_mvc_y_plays_again_with_the_next_seed(tmp_path: Path) -> None:
    save = write_save(tmp_path / "w.2048", ONE_MERGE)
    out = run(["--rules", "mvc", save], "a\ny\nq\n")
    fresh = GameState(4, 4, seed=Config.RANDOM_SEED + 1, two_prob=90)
    fresh.addTile()
    fresh.addTile()
    assert out.endswith("(q)? " + fresh.toString() + "> ")


def test_mvc_end_of_input_at_the_win_prompt_quits(tmp_path: Path) -> None:
    save = write_save(tmp_path / "w.2048", ONE_MERGE)
    assert run(["--rules", "mvc", save], "a\n").endswith("or quit (q)? ")


def test_mvc_game_over_offers_try_again(tmp_path: Path) -> None:
    save = write_save(tmp_path / "o.2048", [[2, 4], [4, 2]])
    out = run(["--rules", "mvc", save], "x\nt\nq\n")
    over = "Score: 0\n    2    4\n    4    2\nGame Over!\n"
    again = "Try again (t) or quit (q)? "
    fresh = GameState(2, 2, seed=Config.RANDOM_SEED + 1, two_prob=90)
    fresh.addTile()
    fresh.addTile()
    assert out == (
        f"Attempting to load game from {save}..\n"
        + over
        + again
        + again  # x is not an answer: asked again
        + fresh.toString()
        + "> "
    )


def test_mvc_game_over_then_q_or_end_of_input_ends(tmp_path: Path) -> None:
    save = write_save(tmp_path / "o.2048", [[2, 4], [4, 2]])
    assert run(["--rules", "mvc", save], "q\nt\n").endswith(
        "Try again (t) or quit (q)? "
    )
    assert run(["--rules", "mvc", save], "").endswith("Try again (t) or quit (q)? ")


def test_win_and_game_over_together_show_the_win_first(tmp_path: Path) -> None:
    save = write_save(tmp_path / "wo.2048", [[1024, 1024], [2, 4]])
    out = run(["--rules", "mvc", "--two-prob", "100", save], "a\nk\n")
    win = out.index("You win! You reached the 2048 tile.")
    over = out.index("Game Over!\nTry again (t) or quit (q)? ")
    assert win < over


def test_mvc_draws_ninety_percent_twos(tmp_path: Path) -> None:
    out = run(["--rules", "mvc"], "q\n")
    game = GameState(4, 4, two_prob=90)
    game.addTile()
    game.addTile()
    assert out == "Starting a default-sized random game...\n" + game.toString() + "> "


def test_goal_option_turns_the_win_on_in_the_java_rules(tmp_path: Path) -> None:
    save = write_save(tmp_path / "g.2048", [[4, 4], [0, 0]])
    out = run(["--goal", "8", save], "a\nq\n")
    assert "You win! You reached the 8 tile.\n" in out


def test_without_rules_reaching_2048_prints_nothing_new(tmp_path: Path) -> None:
    save = write_save(tmp_path / "j.2048", ONE_MERGE)
    java = run([save], "a\nk\nq\n")
    explicit = run(["--rules", "java", save], "a\nk\nq\n")
    assert java == explicit
    assert "win" not in java.lower()
    # k is not a Java command: the help block, as Java prints it.
    assert "Possible commands:\n w - up\n" in java


@pytest.mark.parametrize("bad", ["3", "1", "x", "0", "4096.0", str(1 << 31)])
def test_a_bad_goal_is_a_usage_error(bad: str) -> None:
    err = io.StringIO()
    status = main(
        ["--goal", bad], stdin=io.StringIO(""), stdout=io.StringIO(), stderr=err
    )
    assert status == 2
    last_line = err.getvalue().splitlines()[-1]
    assert last_line.startswith("playmanager: error: argument --goal: the goal must be")
    assert repr(bad) in last_line or f"got {bad}" in last_line
    assert "Traceback" not in err.getvalue()


def test_an_unknown_preset_is_a_usage_error() -> None:
    err = io.StringIO()
    status = main(
        ["--rules", "web"], stdin=io.StringIO(""), stdout=io.StringIO(), stderr=err
    )
    assert status == 2
    assert "invalid choice: 'web'" in err.getvalue()


def test_help_lists_each_preset_with_what_it_sets() -> None:
    out = io.StringIO()
    assert (
        main(["--help"], stdin=io.StringIO(""), stdout=out, stderr=io.StringIO()) == 0
    )
    text = " ".join(out.getvalue().split())
    for preset in PRESETS.values():
        assert f"{preset.name}: {preset.summary}" in text
    assert "--goal N" in text and "--tui" in text


@pytest.mark.parametrize(
    ("argv", "name", "two_prob", "goal"),
    [
        ([], "java", None, None),
        (["--tui"], "java", None, 2048),
        (["--rules", "mvc"], "mvc", 90, 2048),
        (["--rules", "mvc", "--two-prob", "50", "--goal", "64"], "mvc", 50, 64),
        (["--goal", "8"], "java", None, 8),
        (["--tui", "--goal", "4096"], "java", None, 4096),
    ],
)
def test_options_on_top_of_a_preset(
    argv: list[str], name: str, two_prob: int | None, goal: int | None
) -> None:
    chosen = game_rules(build_parser().parse_args(argv))
    assert (chosen.name, chosen.two_prob, chosen.goal) == (name, two_prob, goal)
