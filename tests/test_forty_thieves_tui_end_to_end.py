"""The real ``python -m playmanager --game forty-thieves --tui`` on a pty,
read through a terminal emulator as a person sees it: a move by keys, a
move by mouse clicks and by a drag (xterm SGR mouse sequences), undo,
save, the quit question, NO_COLOR, and the terminal given back."""

from __future__ import annotations

import re
import shlex
import signal
import sys
from pathlib import Path

import pyte
import pytest

from gamestate.forty_thieves import BoardT, CardT, CategoryT, SuitT, deal
from gamestate.forty_thieves.moves import DeckMove, TabMove, apply
from playmanager.forty_thieves.savefile import load
from playmanager.forty_thieves.tui.layout import TOP_CARDS, covered_lines, geometry
from playmanager.forty_thieves.tui.view import MOVED
from playmanager.screen.shell import xterm_index
from tests.pty_terminal import Terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")

FOOTER_END = "? help  q quit"
ROWS, COLS = 30, 80
UTF8 = {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}


def playmanager(*args: str) -> str:
    command = [sys.executable, "-m", "playmanager", "--game", "forty-thieves", "--tui"]
    return shlex.join([*command, *args])


def terminal(command: str, cwd: Path, env: dict[str, str] | None = None) -> Terminal:
    return Terminal(
        command,
        cwd,
        rows=ROWS,
        cols=COLS,
        env={**UTF8, **(env or {})},
        footer=FOOTER_END,
    )


def click(
    term: Terminal, row: int, col: int, *, release_at: tuple[int, int] | None = None
) -> None:
    """Press the left button at (row, col) (0-based) and release it there or
    at ``release_at``, as xterm reports it in SGR mode (1-based)."""
    term.press(f"\x1b[<0;{col + 1};{row + 1}M")
    end_row, end_col = release_at or (row, col)
    if release_at is not None:
        term.press(f"\x1b[<32;{end_col + 1};{end_row + 1}M")  # the drag
    term.press(f"\x1b[<0;{end_col + 1};{end_row + 1}m")


def card_row(depth: int) -> int:
    """The screen row of the card ``depth`` deep in a tableau pile (0: the
    bottom card), while the longest pile holds 5 cards at most, as here."""
    found = geometry(COLS, ROWS)
    assert found is not None
    five = ((CardT(SuitT.Spade, 1),) * 5,)
    return found.tableau_top + depth * covered_lines(found.tableau_rows, found.card_height, five)


def top_card_cell(pile: int, height: int) -> tuple[int, int]:
    """Where the top card of tableau ``pile`` (0-based) is, ``height`` cards high."""
    found = geometry(COLS, ROWS)
    assert found is not None
    return card_row(height - 1), found.columns.cell_left(pile) + 1


def after(*moves: object) -> BoardT:
    board = BoardT(deal(118))
    for move in moves:
        apply(board, move)  # type: ignore[arg-type]
    return board


def test_keys_move_undo_save_and_quit(tmp_path: Path) -> None:
    term = terminal(playmanager("--seed", "118", "game.ft"), tmp_path)
    screen = term.wait_for("deal 118", "home 0/104", "moves 0")
    assert "game.ft does not exist yet" in screen
    assert "3\u2660" in screen and "7\u2663" in screen  # suit symbols
    term.press("3")
    term.wait_for("3\u2660 chosen")
    term.press("7")
    term.wait_for("moves 1", "3\u2660 from tableau 3 to tableau 7")
    term.press("u")
    term.wait_for("moves 0", "Undone; nothing more to undo")
    term.press("d")
    term.wait_for("moves 1", "Dealt 8\u2665")
    term.press("H")
    term.wait_for("Hint: ")
    term.press("o")
    term.wait_for("Saved to game.ft")
    assert load(str(tmp_path / "game.ft")).board == after(DeckMove())
    term.press("q")
    assert term.wait_for_exit() == 0


def test_mouse_clicks_and_a_drag_move_cards(tmp_path: Path) -> None:
    term = terminal(playmanager("--seed", "118", "game.ft"), tmp_path)
    term.wait_for("deal 118")
    click(term, *top_card_cell(2, 4))  # 3S, the top of pile 3
    term.wait_for("3\u2660 chosen")
    click(term, *top_card_cell(6, 4))  # onto 4S, the top of pile 7
    term.wait_for("moves 1", "3\u2660 from tableau 3 to tableau 7")
    click(term, *top_card_cell(3, 4), release_at=top_card_cell(7, 4))  # 9C onto 10C
    term.wait_for("moves 2", "9\u2663 from tableau 4 to tableau 8")
    click(term, *top_card_cell(9, 4), release_at=(3, 8))  # QD to foundation 1
    term.wait_for("Q\u2666 cannot start a foundation: only an Ace can")
    term.press("q")
    term.wait_for("before quitting?")
    term.press("y")
    assert term.wait_for_exit() == 0
    expected = after(TabMove(CategoryT.Tableau, 2, 6), TabMove(CategoryT.Tableau, 3, 7))
    assert load(str(tmp_path / "game.ft")).board == expected


def test_no_color_takes_the_colours_not_the_symbols_and_the_terminal_comes_back(
    tmp_path: Path,
) -> None:
    # The shell survives Ctrl-C (a trap is not inherited) to show the exit
    # status and the terminal's settings afterwards.
    command = f"trap : INT; {playmanager('--seed', '118')}; echo status=$?; stty -a"
    term = terminal(command, tmp_path, env={"NO_COLOR": "1"})
    screen = term.wait_for("deal 118")
    assert "3\u2660" in screen  # NO_COLOR used to turn the suits into letters
    cells = [char for line in term.screen.buffer.values() for char in line.values()]
    assert all(char.bg == "default" for char in cells)
    term.press("3")
    term.wait_for(">3\u2660<")
    term.press("\x03")  # Ctrl-C: nothing unsaved yet, so it quits
    assert term.wait_for_exit() == 0
    settings = term.raw.decode(errors="replace").rsplit("status=", 1)[1]
    assert settings.startswith("0")
    assert re.search(r"(?<!-)\bicanon\b", settings)
    assert re.search(r"(?<!-)\becho\b", settings)


def test_cards_are_red_and_black_on_the_felt(tmp_path: Path) -> None:
    term = terminal(playmanager("--seed", "118"), tmp_path)
    screen = term.wait_for("deal 118")
    lines = screen.splitlines()
    six_hearts = (card_row(0), lines[card_row(0)].index("6\u2665"))
    nine_spades = (card_row(1), lines[card_row(1)].index("9\u2660"))
    assert term.foreground(*six_hearts) != term.foreground(*nine_spades)
    assert term.background(*six_hearts) == term.background(*nine_spades) != "default"
    felt = geometry(COLS, ROWS)
    assert felt is not None
    assert term.background(4, felt.columns.left) != "default"  # the felt, between rows
    term.press("q")
    assert term.wait_for_exit() == 0


def test_a_moved_card_is_marked_where_it_landed_and_a_key_plays_at_once(
    tmp_path: Path,
) -> None:
    # The mark would last a minute: a key while it shows is played at once.
    script = tmp_path / "run.py"
    script.write_text(
        "import sys\n"
        "from playmanager.screen import marks\n"
        "marks.MARK_SECONDS = 60\n"
        "from playmanager.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    command = [sys.executable, str(script), "--game", "forty-thieves", "--tui"]
    term = terminal(shlex.join([*command, "--seed", "118"]), tmp_path)
    term.wait_for("deal 118")
    pink = pyte.graphics.FG_BG_256[xterm_index(MOVED)]
    card_bg = term.background(*top_card_cell(6, 4))
    term.press("3")
    term.press("7")
    term.wait_for("moves 1")
    moved, below = top_card_cell(6, 5), top_card_cell(6, 4)
    uncovered = top_card_cell(2, 3)  # pile 3's new top: not marked
    term.wait_until(lambda _text: term.background(*moved) == pink, "the mark")
    assert term.background(*below) == term.background(*uncovered) == card_bg != pink
    term.press("d")  # a deal: the new waste card is marked, the 3 no longer
    term.wait_for("moves 2")
    found = geometry(COLS, ROWS)
    assert found is not None
    waste = (TOP_CARDS, found.columns.cell_left(9) + 1)
    term.wait_until(
        lambda _text: (
            term.background(*waste) == pink and term.background(*moved) == card_bg
        ),
        "the mark on the waste only",
    )
    term.press("q")
    term.wait_for("quitting?")
    term.press("n")
    assert term.wait_for_exit() == 0


def test_no_move_left_then_a_new_deal_and_back(tmp_path: Path) -> None:
    save = Path(__file__).parent.parent / "saves" / "no_move_left.forty-thieves"
    term = terminal(playmanager(str(save)), tmp_path)
    term.wait_for("No move left", "u undo  n new  o save  ? help  q quit")
    term.press("n")
    term.wait_until(lambda s: "No move left" not in s and "deal 1 " in s, "deal 1")
    term.press("u")
    term.wait_for("No move left", "Undone; nothing more to undo")
    term.press("q")
    assert term.wait_for_exit() == 0  # the loaded position again: nothing to save


def test_the_terminal_closing_rescues_the_game(tmp_path: Path) -> None:
    term = terminal(f"exec {playmanager('--seed', '118', 'kept.ft')}", tmp_path)
    term.wait_for("deal 118")
    term.press("d")
    term.wait_for("moves 1")
    term.child.kill(signal.SIGHUP)  # what a closing terminal window sends
    term.wait_for_exit()
    assert not (tmp_path / "kept.ft").exists()
    rescue = tmp_path / "data" / "gamestate2048" / "rescued.forty-thieves"
    assert load(str(rescue)).board == after(DeckMove())


def test_a_small_terminal_says_so_until_it_grows(tmp_path: Path) -> None:
    term = Terminal(playmanager("--seed", "5"), tmp_path, rows=10, cols=40, env=UTF8)
    term.wait_until(lambda s: "Too small" in s, "the too-small message")
    term.child.setwinsize(ROWS, COLS)
    term.screen.resize(ROWS, COLS)
    term.footer = FOOTER_END
    term.wait_for("deal 5")
    term.press("q")
    assert term.wait_for_exit() == 0


def test_a_terminal_that_is_not_utf8_shows_plain_letters(tmp_path: Path) -> None:
    # Under the C locale Python runs in UTF-8 mode, but curses writes in the
    # locale's encoding (ASCII): a suit symbol would vanish, leaving "3 ".
    c_locale = {"LC_ALL": "C", "LANG": "C"}
    term = terminal(playmanager("--seed", "118"), tmp_path, env=c_locale)
    screen = term.wait_for("deal 118")
    board = after()
    for depth in range(4):
        cards = [str(board.get_tab(n).toSeq()[depth]) for n in range(10)]
        row = screen.splitlines()[card_row(depth)]
        assert row.split() == cards  # 7S-style letters, every one
    term.press("3")
    term.press("7")
    term.wait_for("moves 1", "3S from tableau 3 to tableau 7")
    term.press("q")
    term.wait_for("quitting?")
    term.press("n")
    assert term.wait_for_exit() == 0


def test_shift_f_and_the_function_keys_name_a_foundation(tmp_path: Path) -> None:
    term = terminal(playmanager("--seed", "118"), tmp_path)
    term.wait_for("deal 118")
    term.press("dddd")  # 8H, QS, 8H, then AH on the waste
    term.wait_for("moves 4", "Dealt A\u2665")
    term.press("w")
    term.wait_for("A\u2665 chosen", "F1-F8")
    term.press("F")
    term.wait_for("A\u2665 to which foundation? 1-8")
    term.press("9")
    term.wait_for("There are 8 foundations")
    term.press("F3")
    term.wait_for("moves 5", "A\u2665 from waste to foundation 3")
    term.press("u")
    term.wait_for("moves 4")
    term.press("w")
    term.wait_for("A\u2665 chosen")
    term.press("\x1b[15~")  # the function key F5, as xterm sends it
    term.wait_for("moves 5", "A\u2665 from waste to foundation 5")
    term.press("q")
    term.wait_for("quitting?")
    term.press("n")
    assert term.wait_for_exit() == 0
