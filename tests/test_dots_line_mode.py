"""Dots in the line mode: transcripts through the real command line.

Each test runs ``playmanager.cli.main`` with lines in and reads what comes
out. Expected grids come from the MIS's grid written out by hand and from
draws of a JavaRandom seeded alike (the documented refill order), never
from the program's own output.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from gamestate import JavaRandom
from gamestate.dots import GameBoardT
from gamestate.dots.hint import hint
from playmanager.cli import main
from playmanager.dots.savefile import format_save, load, save
from tests.test_dots_view import MIS_GRID_TEXT

FIVE_R = "1,3 1,2 0,2 0,1 1,1"  # five R dots of the MIS's grid


class Run:
    """One run of the command line: its status and what it printed."""

    def __init__(self, args: list[str], lines: str = "") -> None:
        self.out, self.err = io.StringIO(), io.StringIO()
        self.status = main(
            ["--game", "dots", *args], io.StringIO(lines), self.out, self.err
        )

    @property
    def text(self) -> str:
        return self.out.getvalue()

    def answers(self) -> list[str]:
        """What each prompt was followed by (the output of each line typed)."""
        return self.text.split("> ")[1:]


@pytest.fixture(autouse=True)
def in_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    return tmp_path


def grid_text(rows: list[str]) -> str:
    header = "    0 1 2 3 4 5\n"
    return header + "".join(f" {r}  {' '.join(row)}\n" for r, row in enumerate(rows))


def draws(seed: int, count: int) -> list[str]:
    rng = JavaRandom(seed)
    return ["ROGB"[rng.nextInt(4)] for _ in range(count)]


# ------------------------------------------------------------ a game
def test_the_start_shows_the_level_the_mis_grid_and_the_status() -> None:
    run = Run(["--seed", "5"])
    assert run.status == 0
    lines = run.text.splitlines()
    assert lines[0] == "Dots, seed 5: clear 6 R (red) in 4 moves."
    assert (
        MIS_GRID_TEXT + "Objective: clear 6 more R (red)   Score: 0   Moves left: 4\n> "
        in run.text
    )
    assert run.err.getvalue() == ""


def test_a_path_is_played_and_the_new_grid_shown() -> None:
    run = Run(["--seed", "5"], FIVE_R + "\n")
    # Cleared: (0,1) (0,2) (1,1) (1,2) (1,3). Column 3's B falls from row 0
    # to row 1; the empty cells are refilled in row-major order:
    # (0,1) (0,2) (0,3) (1,1) (1,2).
    new = draws(5, 5)
    rows = [
        f"R{new[0]}{new[1]}{new[2]}RR",
        f"O{new[3]}{new[4]}BBO",
        "BBOGGG",
        "GRRGOB",
        "BBROGB",
        "BBROGB",
    ]
    assert run.answers()[0] == (
        grid_text(rows) + "Objective: clear 1 more R (red)   Score: 5   Moves left: 3\n"
    )


def test_a_refused_path_prints_one_line_and_changes_nothing() -> None:
    run = Run(["--seed", "5"], "0,2 0,3\n0,0 1,1\n00 00\n9,9 0,0\nhint\n")
    answers = run.answers()
    assert answers[0] == "(0,3) is B, the path is R\n"
    assert answers[1] == "(0,0) to (1,1) is not a step up, down, left or right\n"
    assert answers[2] == "(0,0) is in the path twice\n"
    assert answers[3] == "(9,9) is off the board: rows and columns go from 0 to 5\n"
    assert answers[4].startswith("Hint: ")  # the same game: no move was played


def test_text_that_is_no_path_or_command_says_so() -> None:
    run = Run([], "0,0 -0,1\nfly\n\n")
    answers = run.answers()
    assert answers[0].startswith("Unexpected '-' in a path: type a row and a column")
    assert answers[1] == "Unknown command 'fly': ? lists the commands.\n"
    assert answers[2] == ""  # an empty line only asks again


def test_win_message_and_then_moves_are_refused() -> None:
    run = Run(["--seed", "5"], f"{FIVE_R}\n3,1 3,2\n2,3 2,4\n")
    answers = run.answers()
    assert answers[1].endswith(
        "Objective: R (red) cleared   Score: 7   Moves left: 2\n"
        "You win! R (red) cleared with 2 moves to spare. Score: 7.\n"
        "n starts a new game, u undoes, o saves, q quits.\n"
    )
    assert answers[2] == "The objective is reached: the game is won\n"


def test_lose_message_when_the_moves_run_out() -> None:
    run = Run(["--seed", "5", "--moves", "1"], "2,3 2,4 2,5\n0,0 0,1\n")
    answers = run.answers()
    assert answers[0].endswith(
        "Objective: clear 6 more R (red)   Score: 3   Moves left: 0\n"
        "Game over: out of moves, with 6 R still to clear. Score: 3.\n"
        "n starts a new game, u undoes, o saves, q quits.\n"
    )
    assert answers[1] == "No moves are left: the game is over\n"


def test_hint_prints_the_hints_path_in_the_typed_form() -> None:
    run = Run(["--seed", "5"], "H\n")
    path = hint(GameBoardT(seed=5))
    assert path is not None
    typed = " ".join(f"{r},{c}" for r, c in path)
    assert run.answers()[0] == f"Hint: {typed} (clears {len(path)} R)\n"


def test_hint_of_a_square_says_it_clears_every_dot_of_its_colour() -> None:
    run = Run(["--seed", "5", "--squares"], "hint\n")
    answer = run.answers()[0]
    assert answer.startswith("Hint: ") and answer.endswith(
        "(a square: clears all 12 R)\n"
    )


def test_a_square_is_announced() -> None:
    run = Run(["--seed", "5", "--squares"], "0,1 0,2 1,2 1,1\n")
    answer = run.answers()[0]
    assert answer.startswith("Square! Every R (red) is cleared.\n")
    assert "\nYou win!" in answer


def test_undo_takes_back_moves_one_by_one() -> None:
    run = Run(["--seed", "5"], f"u\n{FIVE_R}\n3,1 3,2\nundo\nu\n")
    answers = run.answers()
    assert answers[0] == "Nothing to undo\n"
    assert answers[3].startswith("Undone; 1 more step to undo\n")
    assert answers[4] == (
        "Undone; nothing more to undo\n"
        + MIS_GRID_TEXT
        + "Objective: clear 6 more R (red)   Score: 0   Moves left: 4\n"
    )


def test_undo_then_the_same_move_draws_the_same_dots() -> None:
    run = Run(["--seed", "5"], f"{FIVE_R}\nu\n{FIVE_R}\n")
    answers = run.answers()
    assert answers[2] == answers[0]


def test_new_plays_the_level_again_with_the_next_seed_and_can_be_undone() -> None:
    run = Run(["--seed", "5", "--moves", "6"], f"{FIVE_R}\nn\nu\n")
    answers = run.answers()
    assert answers[1].startswith(
        "New game, seed 6 (u brings the last one back)\n"
        "Dots, seed 6: clear 6 R (red) in 6 moves.\n" + MIS_GRID_TEXT
    )
    assert "Score: 5   Moves left: 5\n" in answers[2]


def test_play_again_after_the_largest_seed_wraps_as_java_does(
    in_a_folder: Path,
) -> None:
    run = Run(["--seed", str(2**63 - 1)], "n\no\n")
    assert f"Dots, seed {-(2**63)}: clear 6 R (red) in 4 moves." in run.text
    assert load("save.dots").level.seed == -(2**63)


def test_save_writes_the_game_and_save_file_moves_the_target(in_a_folder: Path) -> None:
    run = Run(["--seed", "5"], f"{FIVE_R}\no\nsave other.dots\n3,1 3,2\no\n")
    answers = run.answers()
    assert answers[1] == "Saved to save.dots\n"
    assert answers[2] == "Saved to other.dots\n"
    assert answers[4] == "Saved to other.dots\n"
    after_one = GameBoardT(seed=5)
    after_one.move([(1, 3), (1, 2), (0, 2), (0, 1), (1, 1)])
    assert (in_a_folder / "save.dots").read_text() == format_save(after_one)
    assert load("other.dots").get_score() == 7


def test_a_failed_save_says_why_on_stderr_and_the_game_goes_on(
    in_a_folder: Path,
) -> None:
    (in_a_folder / "folder").mkdir()
    run = Run(["--seed", "5"], "save folder\nhint\n")
    assert run.err.getvalue().startswith("playmanager: Not saved to folder: ")
    assert run.answers()[1].startswith("Hint: ")


def test_quit_asks_to_save_unsaved_progress(in_a_folder: Path) -> None:
    keep = Run(["--seed", "5"], f"{FIVE_R}\nq\nmaybe\nq\nn\n")
    assert keep.answers()[1].endswith("n quits, c keeps\nplaying: Keep playing\n")
    assert keep.status == 0 and not (in_a_folder / "save.dots").exists()
    saved = Run(["--seed", "5"], f"{FIVE_R}\nquit\ny\n")
    assert saved.text.endswith("Saved to save.dots\n")
    assert load("save.dots").get_score() == 5


def test_quit_without_unsaved_progress_ends_at_once() -> None:
    run = Run(["--seed", "5"], "q\nhint\n")
    assert run.status == 0
    assert len(run.answers()) == 1 and run.answers()[0] == ""


def test_the_end_of_input_quits_with_0() -> None:
    run = Run(["--seed", "5"], FIVE_R)  # no newline at the end either
    assert run.status == 0
    assert "Score: 5" in run.text


def test_help_lists_the_commands() -> None:
    run = Run([], "help\n?\n")
    answer = run.answers()[0]
    assert answer == run.answers()[1]
    for word in ("hint", "undo", "save", "new", "help", "quit", "0,0 0,1 0,2"):
        assert word in answer


# ------------------------------------------------------------ options and files
def test_level_options_make_the_level() -> None:
    run = Run(
        ["--seed", "8", "--moves", "9", "--objective", "blue:10", "--random-board"]
    )
    assert run.text.splitlines()[0] == "Dots, seed 8: clear 10 B (blue) in 9 moves."
    letters = "".join(draws(8, 36))
    rows = [letters[i : i + 6] for i in range(0, 36, 6)]
    assert grid_text(rows) + "Objective: clear 10 more B (blue)" in run.text


def test_squares_are_announced() -> None:
    run = Run(["--squares"])
    assert "Squares are on: a closed loop clears every dot of its colour." in run.text


def test_without_a_seed_one_is_drawn_and_shown() -> None:
    first, second = Run([]).text.splitlines()[0], Run(["--seed", "random"]).text
    assert first.startswith("Dots, seed ") and first != second.splitlines()[0]


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--moves", "0"], "the moves must be a whole number from 1 to 999"),
        (["--objective", "R6"], "the objective must be COLOUR:N"),
        (["--objective", "purple:3"], "the objective must be COLOUR:N"),
        (["--objective", "R:0"], "the objective must be COLOUR:N"),
        (["--seed", "x"], "the seed (or 'random') must be a whole number"),
        (["--games", "3"], "--games only applies with --autoplay"),
        (["--json"], "--json only applies with --autoplay"),
        (["--autoplay", "--tui"], "--autoplay plays new headless games"),
        (["--autoplay", "x.dots"], "--autoplay plays new headless games"),
    ],
)
def test_usage_errors_exit_2_with_one_line(args: list[str], problem: str) -> None:
    run = Run(args)
    assert run.status == 2
    assert problem in run.err.getvalue()
    assert run.text == ""


def test_help_says_how_to_type_a_path() -> None:
    run = Run(["--help"])
    assert run.status == 0
    assert "0,0 0,1 0,2" in run.text and "--objective COLOUR:N" in run.text


def test_a_file_that_does_not_exist_is_a_new_game_saved_there(
    in_a_folder: Path,
) -> None:
    run = Run(["--seed", "5", "mine.dots"], "o\n")
    assert (
        run.text.splitlines()[0]
        == "mine.dots does not exist yet: a new game, saved there."
    )
    assert (in_a_folder / "mine.dots").exists()


def test_a_saved_game_loads_and_continues_exactly(in_a_folder: Path) -> None:
    game = GameBoardT(seed=41, random_board=True, squares=True)
    save(game, "mid.dots")
    path = hint(game)
    assert path is not None
    typed = " ".join(f"{r},{c}" for r, c in path)
    run = Run(["mid.dots"], typed + "\n")
    assert run.text.splitlines()[0] == "Loaded mid.dots."
    game.move(path)
    assert (
        f"Score: {game.get_score()}   Moves left: {game.get_moves()}"
        in run.answers()[0]
    )


def test_a_loaded_game_that_has_ended_says_so_at_once(in_a_folder: Path) -> None:
    game = GameBoardT(moves=1)
    game.move([(4, 0), (4, 1)])
    save(game, "over.dots")
    run = Run(["over.dots"])
    assert (
        "Game over: out of moves, with 6 R still to clear." in run.text.split("> ")[0]
    )


def test_level_options_cannot_change_an_existing_file(in_a_folder: Path) -> None:
    save(GameBoardT(), "mine.dots")
    run = Run(["mine.dots", "--moves", "9"])
    assert run.status == 2
    assert (
        "--moves only applies to a new game, but mine.dots exists" in run.err.getvalue()
    )


def test_a_2048_save_is_refused_for_dots(in_a_folder: Path) -> None:
    (in_a_folder / "other.txt").write_text("4 4\n")
    run = Run(["other.txt"])
    assert run.status == 2
    assert run.err.getvalue() == (
        "playmanager: other.txt holds a game of 2048, not dots; "
        "leave out --game or use --game 2048\n"
    )


# ------------------------------------------------------------ colours
class TerminalOut(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_letters_are_coloured_on_a_terminal_and_plain_with_no_color(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TERM", "xterm-256color")
    out = TerminalOut()
    main(["--game", "dots", "--seed", "1"], io.StringIO(""), out, io.StringIO())
    assert "\x1b[1;38;5;196mR\x1b[0m" in out.getvalue()
    monkeypatch.setenv("NO_COLOR", "1")
    plain = TerminalOut()
    main(["--game", "dots", "--seed", "1"], io.StringIO(""), plain, io.StringIO())
    assert "\x1b[" not in plain.getvalue()
    assert MIS_GRID_TEXT in plain.getvalue()
