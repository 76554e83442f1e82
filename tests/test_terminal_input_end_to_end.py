"""Every full screen on a real pty under the TERMs people use: SGR and X10
mouse presses, drags and releases work, and escape sequences the game does
not know (random ones too) are dropped whole, never played as keys.

Under ``TERM=tmux-256color`` curses used to turn the mouse on in X10
encoding and read an SGR report as the keys ``[ < 0 ; ...``: the ``0``
picked tableau 10 in Forty Thieves. Esc then a key is two keys.
"""

from __future__ import annotations

import random
import shlex
import sys
from pathlib import Path

import pytest

from playmanager.dots.tui.layout import grid_for
from playmanager.forty_thieves.tui.layout import TABLEAU_TOP, geometry
from tests.pty_terminal import Terminal
from tests.test_tui_end_to_end import board_numbers

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")

TERMS = ["xterm-256color", "tmux-256color", "screen"]
FOOTER_END = "? help  q quit"
ROWS, COLS = 30, 90
UTF8 = {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
ISSUE_REPORT = b"\x1b[<0;39;10M"
"""The issue's SGR press; sent alone it is a real click, so the noise
below uses reports and sequences that mean nothing."""


def game(term_name: str, cwd: Path, *args: str) -> Terminal:
    command = shlex.join([sys.executable, "-m", "playmanager", "--tui", *args])
    return Terminal(
        command,
        cwd,
        rows=ROWS,
        cols=COLS,
        env={**UTF8, "TERM": term_name},
        footer=FOOTER_END,
    )


def noise(seed: str) -> bytes:
    """Sequences no game knows: fixed ones and random private CSI ones
    (``ESC [ ?`` ... which nothing binds), as a terminal might send."""
    fixed = [
        b"\x1b[<35;39;10M",  # motion without a button: not asked for
        b"\x1b[<128;39;10M",  # button 8
        b"\x1b[?1;2c",  # device attributes
        b"\x1b[1;5A",  # Ctrl-Up
        b"\x1b[200~",  # bracketed paste
        b"\x1b[I",  # focus in
        b"\x1bOz",
    ]
    rng = random.Random(seed)
    randoms = []
    for _ in range(30):
        parameters = "".join(
            rng.choice("0123456789;:<=>?") for _ in range(rng.randint(0, 9))
        )
        final = chr(rng.randint(0x40, 0x7E))
        randoms.append(f"\x1b[?{parameters}{final}".encode())
    return b"".join(fixed + randoms)


def x10(code: int, col: int, row: int) -> bytes:
    """An X10 report: ESC [ M, then button, column, row (1-based) + 32."""
    return b"\x1b[M" + bytes((32 + code, 32 + col, 32 + row))


def sgr(code: int, col: int, row: int, *, release: bool = False) -> bytes:
    return f"\x1b[<{code};{col};{row}{'m' if release else 'M'}".encode()


# ------------------------------------------------------------ Forty Thieves
def top_card(pile: int, height: int = 4) -> tuple[int, int]:
    """1-based (column, row) of the top card of tableau ``pile`` (0-based)."""
    found = geometry(COLS, ROWS)
    assert found is not None
    return found.columns.cell_left(pile) + 2, TABLEAU_TOP + height


@pytest.mark.parametrize("term_name", TERMS)
def test_forty_thieves_takes_sgr_and_x10_clicks_and_drops_noise(
    term_name: str, tmp_path: Path
) -> None:
    term = game(term_name, tmp_path, "--game", "forty-thieves", "--seed", "118")
    term.wait_for("deal 118", "moves 0")
    assert b"\x1b[?1006h" in term.raw  # SGR reports asked for, under every TERM
    term.child.send(noise(term_name))
    term.press("3")
    term.wait_for("3\u2660 chosen")  # shown once every byte before it was read
    screen = term.text()
    assert "moves 0" in screen and "tableau 10" not in screen
    term.press("\x1b")
    term.wait_until(lambda text: "chosen" not in text, "3S let go")
    term.child.send(sgr(0, *top_card(2)) + sgr(0, *top_card(2), release=True))
    term.wait_for("3\u2660 chosen")
    term.child.send(x10(0, *top_card(6)) + x10(3, *top_card(6)))  # press, release
    term.wait_for("moves 1", "3\u2660 from tableau 3 to tableau 7")
    column, row = top_card(3)
    to_column, to_row = top_card(7)
    term.child.send(x10(0, column, row) + x10(32, to_column, to_row))  # drag
    term.child.send(x10(3, to_column, to_row))
    term.wait_for("moves 2", "9\u2663 from tableau 4 to tableau 8")
    term.press("q")
    term.wait_for("before quitting?")
    term.press("n")
    assert term.wait_for_exit() == 0
    assert term.raw.rfind(b"\x1b[?1006l") > term.raw.rfind(b"\x1b[?1006h")


@pytest.mark.parametrize("term_name", TERMS)
def test_esc_then_f_quickly_is_two_keys_in_forty_thieves(
    term_name: str, tmp_path: Path
) -> None:
    """The issue saw Esc quickly followed by F eaten as Alt-F (the chosen
    card stayed chosen, so F1 sent it to a foundation). Here Esc lets go of
    the card and F finds none, whatever TERM says."""
    term = game(term_name, tmp_path, "--game", "forty-thieves", "--seed", "118")
    term.wait_for("deal 118", "moves 0")
    term.press("3")
    term.wait_for("3\u2660 chosen")
    term.child.send(b"\x1bF")  # as one write, as a fast typist's keys can come
    term.wait_for("Choose a card first")  # Esc let go of 3S, so F has no card
    term.press("1")
    term.wait_for("7\u2663 chosen")  # then 1 picks pile 1
    term.press("q")
    assert term.wait_for_exit() == 0


# ------------------------------------------------------------ Dots
FIVE_R = [(1, 3), (1, 2), (0, 2), (0, 1), (1, 1)]


def dot(cell: tuple[int, int]) -> tuple[int, int]:
    """1-based (column, row) of a dot's middle."""
    grid = grid_for(COLS, ROWS)
    assert grid is not None
    row = grid.cell_top(cell[0]) + (grid.cell_height - 1) // 2
    return grid.cell_left(cell[1]) + grid.cell_width // 2 + 1, row + 1


@pytest.mark.parametrize("term_name", TERMS)
@pytest.mark.parametrize("encoding", ["sgr", "x10"])
def test_dots_plays_a_dragged_path_and_drops_noise(
    term_name: str, encoding: str, tmp_path: Path
) -> None:
    term = game(term_name, tmp_path, "--game", "dots", "--seed", "5")
    term.wait_for("seed 5", "Score 0   Moves left 4")
    term.child.send(noise(term_name + encoding))
    if encoding == "sgr":
        reports = [sgr(0, *dot(FIVE_R[0]))]
        reports += [sgr(32, *dot(cell)) for cell in FIVE_R[1:]]
        reports.append(sgr(0, *dot(FIVE_R[-1]), release=True))
    else:
        reports = [x10(0, *dot(FIVE_R[0]))]
        reports += [x10(32, *dot(cell)) for cell in FIVE_R[1:]]
        reports.append(x10(3, *dot(FIVE_R[-1])))
    term.child.send(b"".join(reports))
    term.wait_for("Cleared 5 R", "Score 5   Moves left 3")
    term.press("q")
    term.wait_for("before quitting?")
    term.press("n")
    assert term.wait_for_exit() == 0


# ------------------------------------------------------------ 2048
@pytest.mark.parametrize("term_name", TERMS)
def test_2048_drops_mouse_reports_and_noise_and_takes_arrows(
    term_name: str, tmp_path: Path
) -> None:
    term = game(term_name, tmp_path)
    screen = term.wait_for("New game")
    term.child.send(noise(term_name) + ISSUE_REPORT + x10(0, 10, 10))
    term.child.send(b"\x1b[<0;10;10m")
    term.press("?")  # something that shows: every byte before it was read
    footer, term.footer = term.footer, "Press any key to close this help."
    term.wait_for("this help")  # the help covers the key line
    term.footer = footer
    term.press("?")
    after = term.wait_until(lambda text: "this help" not in text, "the help gone")
    assert board_numbers(after) == board_numbers(screen)  # no move was made
    assert "Score 0" in after
    term.child.send(b"\x1b[B\x1bOC")  # Down, then Right in application mode
    term.wait_until(lambda text: "Score" in text and text != after, "a move")
    term.press("q")
    term.wait_for("before quitting?")
    term.press("n")
    assert term.wait_for_exit() == 0
