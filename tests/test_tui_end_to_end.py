"""The real ``python -m playmanager --tui`` in a pseudo-terminal (issue 6).

pexpect runs the program on a pty; pyte, a terminal emulator, turns what it
prints into a screen that the tests read as a person would: a move, an
undo, the help overlay, the win overlay (from a save one merge from 2048),
saving, quitting with the save prompt, Ctrl-C, resizing, colours and
NO_COLOR, and the terminal given back afterwards. Waiting for the screen
has a generous limit so that a slow machine only makes the test slower.
"""

from __future__ import annotations

import re
import shlex
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest

from gamestate import Direction, GameState
from playmanager.statistics import load
from playmanager.twenty48 import savefile
from playmanager.twenty48.play2048 import start_game
from tests.pty_terminal import Terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")

FOOTER_END = "? help  q quit"


def terminal(command: str, cwd: Path, **options: object) -> Terminal:
    """The game on a pty; a frame is complete when its key line is drawn."""
    return Terminal(command, cwd, footer=FOOTER_END, **options)  # type: ignore[arg-type]


UP, DOWN, RIGHT, LEFT = "\x1bOA", "\x1bOB", "\x1bOC", "\x1bOD"  # xterm keypad mode
ONE_MERGE_FROM_2048 = [
    [1024, 1024, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 2],
]


def RESCUE(folder: Path) -> Path:
    """Where a hung-up game goes (the fixture's XDG_DATA_HOME)."""
    return folder / "data" / "gamestate2048" / "rescued.2048"


def playmanager(*args: str, seed: int | None = 118) -> str:
    """The full screen's command line; ``seed`` None leaves --seed out (the
    full screen then draws one), and a --seed in ``args`` is kept."""
    chosen = () if seed is None or "--seed" in args else ("--seed", str(seed))
    command = [sys.executable, "-m", "playmanager", "--tui", *chosen, *args]
    return shlex.join(command)


def shown_seed(screen: str) -> int:
    match = re.search(r"seed (-?\d+)", screen)
    assert match is not None, screen
    return int(match.group(1))


def test_each_launch_deals_a_fresh_game_that_its_seed_replays(folder: Path) -> None:
    seeds = []
    for _ in range(2):
        term = terminal(playmanager(seed=None), folder)
        screen = term.wait_for("seed ")
        seeds.append(shown_seed(screen))
        term.press("q")
        assert term.wait_for_exit() == 0
    assert seeds[0] != seeds[1]
    replay = terminal(playmanager("--seed", str(seeds[1])), folder)
    screen = replay.wait_for(f"seed {seeds[1]}")
    assert board_numbers(screen) == tiles(start_game(4, 4, seeds[1], None))
    replay.press("q")
    assert replay.wait_for_exit() == 0


def board_numbers(screen_text: str) -> list[int]:
    """The tile numbers on screen, row by row: the lines between the header
    and the status line (the one above the key line)."""
    lines = screen_text.splitlines()
    footer = next(i for i, line in enumerate(lines) if "? help" in line)
    return [int(n) for line in lines[3 : footer - 1] for n in re.findall(r"\d+", line)]


def tiles(game: GameState) -> list[int]:
    return [value for row in game.getBoard() for value in row if value]


def score_is(score: int) -> Callable[[str], bool]:
    return lambda screen: re.search(rf"Score {score}\b", screen) is not None


def write_save(path: Path, board: list[list[int]]) -> Path:
    game = GameState(len(board), len(board[0]))
    game.setBoard(board)
    savefile.save(game, str(path))
    return path


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path


def test_a_move_and_an_undo(folder: Path) -> None:
    term = terminal(playmanager(), folder)
    game = start_game(4, 4, None, None)
    screen = term.wait_for("seed 118")
    assert board_numbers(screen) == tiles(game)
    before = board_numbers(screen)
    game.move(Direction.RIGHT)
    game.move(Direction.DOWN)
    term.press(RIGHT + DOWN)
    screen = term.wait_until(score_is(game.getScore()), f"score {game.getScore()}")
    term.wait_until(lambda s: board_numbers(s) == tiles(game), "the moved board")
    term.press("u")
    term.wait_for("Undone; 1 more step to undo")
    term.press("u")
    screen = term.wait_for("Undone; nothing more to undo")
    assert board_numbers(screen) == before
    assert score_is(0)(screen)
    term.press("q")  # back at the fresh deal: nothing to lose, no question
    assert term.wait_for_exit() == 0


def test_the_help_overlay_lists_the_keys(folder: Path) -> None:
    term = terminal(playmanager(), folder)
    term.wait_for("seed 118")
    term.press("?")
    term.footer = "Press any key to close this help."  # the box's last line
    term.wait_for(
        "How to play", "Up w k", "Down s j", "Left a h", "Right d l", "undo", "save"
    )
    term.footer = FOOTER_END
    term.press("x")
    term.wait_until(lambda s: "Press any key" not in s, "the help closed")
    term.press("q")
    assert term.wait_for_exit() == 0


def test_the_win_overlay_then_keep_going(folder: Path) -> None:
    save = write_save(folder / "near.2048", ONE_MERGE_FROM_2048)
    term = terminal(playmanager("near.2048"), folder)  # a long path would be clipped
    term.wait_for("Loaded near.2048")
    term.press(LEFT)
    term.footer = "q quit"  # the end box's last keys: it covers the key line
    screen = term.wait_for("You win!", "You reached the 2048 tile.", "keep going")
    term.footer = FOOTER_END
    assert score_is(2048)(screen)
    term.press("k")
    screen = term.wait_until(lambda s: "You win!" not in s, "the overlay gone")
    assert 2048 in board_numbers(screen)
    term.press("q")
    term.wait_for("before quitting?")
    term.press("n")
    assert term.wait_for_exit() == 0
    assert savefile.read_save(str(save)).score == 0  # n: the file is untouched


def test_saving_and_quitting_with_the_save_prompt(folder: Path) -> None:
    term = terminal(playmanager("game.2048"), folder)
    term.wait_for("game.2048 does not exist yet")
    term.press("d")
    term.press("o")
    term.wait_for("Saved to game.2048")
    saved = savefile.read_save(str(folder / "game.2048"))
    term.press("s")
    term.press("q")
    term.wait_for(
        "Save to game.2048 before quitting?", "save, then quit", "quit without saving"
    )
    term.press("y")
    assert term.wait_for_exit() == 0
    final = savefile.read_save(str(folder / "game.2048"))
    game = start_game(4, 4, None, None)
    game.move(Direction.RIGHT)
    assert saved.board == tuple(tuple(row) for row in game.getBoard())
    game.move(Direction.DOWN)
    assert final.board == tuple(tuple(row) for row in game.getBoard())
    statistics = load(folder / "data" / "gamestate2048" / "statistics.json")[0]
    assert statistics.best_score("2048", "4x4 java") == 4


def test_ctrl_c_asks_then_quits_and_the_terminal_is_restored(folder: Path) -> None:
    # The shell survives Ctrl-C (a trap, unlike an ignore, is not inherited)
    # to show the exit status and the terminal's settings afterwards.
    command = f"trap : INT; {playmanager()}; echo status=$?; stty -a"
    term = terminal(command, folder)
    term.wait_for("seed 118")
    term.press("d")
    term.wait_until(score_is(4), "the move")
    term.press("\x03")
    term.wait_for("before quitting?")
    term.press("\x03")
    assert term.wait_for_exit() == 0
    after = term.raw.rsplit(b"status=", 1)[1]
    assert after.startswith(b"0")
    settings = after.decode()
    assert re.search(r"(?<!-)\bicanon\b", settings)  # line mode is back
    assert re.search(r"(?<!-)\becho\b", settings)
    assert not (folder / "save.2048").exists()


def test_a_small_terminal_gets_a_message_and_resizing_redraws(folder: Path) -> None:
    term = terminal(playmanager(), folder, rows=6, cols=20)
    term.wait_until(
        lambda s: "Too small" in s and "20x6" in s,
        "the too-small message",
    )
    term.child.setwinsize(30, 80)
    term.screen.resize(30, 80)
    term.wait_for("seed 118")
    term.press("q")
    assert term.wait_for_exit() == 0


def test_a_ten_by_ten_board_is_whole_at_80x24(folder: Path) -> None:
    """Issue 23: --size 10 asked for 62x27, so it never fitted 80x24."""
    term = terminal(playmanager("--size", "10"), folder, rows=24, cols=80)
    screen = term.wait_for("seed 118", "? help  q quit")
    lines = screen.splitlines()
    assert "Too small" not in screen
    numbers = [int(n) for line in lines[1:-2] for n in re.findall(r"\d+", line)]
    assert sorted(numbers) == sorted(tiles(start_game(10, 10, None, None)))
    assert len(lines) == 24
    status, keys = lines[-2], lines[-1]
    assert keys.strip().startswith("arrows") and keys.rstrip().endswith("? help  q quit")
    assert status.strip().startswith("New game")
    term.press("q")
    assert term.wait_for_exit() == 0


@pytest.mark.parametrize(("size", "need"), [("30", "151x33"), ("1024", "5121x1027")])
def test_a_board_that_cannot_be_drawn_is_refused_up_front(
    folder: Path, size: str, need: str
) -> None:
    """Issue 23: --size 1024 started and asked for 6146x2055 inside."""
    term = terminal(playmanager("--size", size), folder, rows=24, cols=80)
    term.child.expect(pexpect.EOF, timeout=60)
    term.child.close()
    assert term.child.exitstatus == 2
    assert term.child.before.decode().strip() == (
        f"playmanager: --tui cannot start: a {size}x{size} board needs a terminal "
        f"of at least {need} (this one is 80x24)"
    )


def test_tiles_are_coloured_unless_no_color_is_set(folder: Path) -> None:
    term = terminal(playmanager(), folder)
    screen = term.wait_for("seed 118")
    row = next(
        i for i, line in enumerate(screen.splitlines()) if re.search(r"\b2\b", line)
    )
    col = re.search(r"\b2\b", screen.splitlines()[row])
    assert col is not None
    assert term.screen.buffer[row][col.start()].bg != "default"
    term.press("q")
    term.wait_for_exit()

    plain = terminal(playmanager(), folder, env={"NO_COLOR": "1"})
    screen = plain.wait_for("seed 118")
    assert "+--------+" in screen and "|   2    |" in screen
    cells = [char for line in plain.screen.buffer.values() for char in line.values()]
    assert all(char.bg == "default" and char.fg == "default" for char in cells)
    plain.press("q")
    plain.wait_for_exit()


def test_without_a_terminal_it_says_so(folder: Path) -> None:
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "playmanager", "--tui"],
        input="",
        capture_output=True,
        text=True,
        cwd=folder,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr == (
        "playmanager: --tui cannot start: stdin and stdout must be a terminal\n"
    )
    assert done.stdout == ""


def test_the_terminal_closing_rescues_unsaved_progress(folder: Path) -> None:
    term = terminal(f"exec {playmanager('kept.2048')}", folder)
    term.wait_for("kept.2048 does not exist yet")
    game = start_game(4, 4, None, None)
    game.move(Direction.RIGHT)
    game.move(Direction.DOWN)
    term.press("d")
    term.wait_until(score_is(4), "the first move")  # it merges two 2s
    term.press("s")
    term.wait_until(lambda s: board_numbers(s) == tiles(game), "the second move")
    term.child.kill(signal.SIGHUP)  # what a closing terminal window sends
    term.wait_for_exit()
    assert not (folder / "kept.2048").exists()  # no save was written
    kept = savefile.read_save(str(RESCUE(folder)))
    assert kept.board == tuple(tuple(row) for row in game.getBoard())
    assert kept.score == 4


def test_a_crash_restores_the_terminal_and_keeps_the_game(folder: Path) -> None:
    # A bug planted in the controller: the third key raises.
    script = folder / "crash.py"
    script.write_text(
        "import sys\n"
        "from playmanager.cli import main\n"
        "from playmanager.twenty48.tui import controller\n"
        "original = controller.Controller.press\n"
        "def press(self, key):\n"
        "    if key == 'x':\n"
        "        raise RuntimeError('planted bug')\n"
        "    original(self, key)\n"
        "controller.Controller.press = press\n"
        "sys.exit(main(['--tui', '--seed', '118']))\n"
    )
    command = f"{shlex.join([sys.executable, str(script)])}; echo status=$?; stty -a"
    term = terminal(command, folder)
    term.wait_for("seed 118")
    term.press("d")
    term.wait_for("Best 0")
    term.press("x")
    term.wait_for_exit()
    after = term.raw.decode(errors="replace")
    said = " ".join(after.split())  # the last line wraps at words to the terminal
    assert f"playmanager crashed; game rescued to {RESCUE(folder)}" in said
    assert "RuntimeError: planted bug" in after
    settings = after.rsplit("status=", 1)[1]
    assert settings.startswith("1")
    assert re.search(r"(?<!-)\bicanon\b", settings)
    assert re.search(r"(?<!-)\becho\b", settings)
    game = start_game(4, 4, None, None)
    game.move(Direction.RIGHT)
    kept = savefile.read_save(str(RESCUE(folder)))
    assert kept.board == tuple(tuple(row) for row in game.getBoard())
    assert not (folder / "save.2048").exists()


def test_the_mvc_preset_and_another_goal(folder: Path) -> None:
    save = write_save(folder / "eights.2048", [[4, 4, 0, 0], [0] * 4, [0] * 4, [0] * 4])
    term = terminal(playmanager("--rules", "mvc", "--goal", "8", str(save)), folder)
    term.wait_for("mvc rules, goal 8")
    term.press("a")
    term.footer = "q quit"  # the end box's last keys: it covers the key line
    term.wait_for("You win!", "You reached the 8 tile.", "keep going")
    term.footer = FOOTER_END
    term.press("n")
    term.wait_for("seed 119", "Score 0")
    term.press("q")  # a fresh deal: nothing to lose, no question
    # issue 36: but the won game n gave up is one u away: q keeps it, says
    # where, and a second q quits
    term.wait_for("Kept the previous game in", "q quits")
    term.press("q")
    assert term.wait_for_exit() == 0


@pytest.mark.parametrize(
    ("term", "reason"),
    [
        ("dumb", "this terminal (TERM=dumb) cannot move the cursor"),
        ("no-such-terminal", "setupterm: could not find terminal"),
    ],
)
def test_a_terminal_curses_cannot_drive_is_refused(
    folder: Path, term: str, reason: str
) -> None:
    refused = terminal(playmanager(), folder, env={"TERM": term}, cols=120)
    status = refused.wait_for_exit()
    assert status == 2
    assert refused.text().strip() == f"playmanager: --tui cannot start: {reason}"
