"""The full-screen pictures of the Dots and Forty Thieves pages are what the
games draw (issue 31, item 3): a full screen cannot run as a console
transcript, so each picture (marked not-run on its page) is drawn here from
the keys its page names and compared line by line, ``...`` standing for
rows left out (doctest's ELLIPSIS). 2048's picture is checked by
tests/test_tui_layout.py."""

from __future__ import annotations

import doctest
from pathlib import Path

from gamestate.dots import GameBoardT
from gamestate.forty_thieves import BoardT, deal
from playmanager.dots.adapter import Dots
from playmanager.dots.tui import controller as dots_controller
from playmanager.dots.tui import layout as dots_layout
from playmanager.forty_thieves.adapter import FortyThieves
from playmanager.forty_thieves.tui import controller as ft_controller
from playmanager.forty_thieves.tui import layout as ft_layout
from playmanager.screen.marks import MARK_SECONDS
from playmanager.screen.shell import Span
from playmanager.session import Session

PLAY = Path(__file__).resolve().parent.parent / "docs" / "play"
WIDTH, HEIGHT = 80, 24


def picture(page: str, command: str) -> str:
    """The lines of the console block on ``page`` whose command starts
    with ``command``, without it."""
    text = (PLAY / page).read_text(encoding="utf-8")
    block = text.split(f"```console\n$ {command}", 1)[1].split("\n```", 1)[0]
    return block.split("\n", 1)[1]


def as_text(spans: list[Span]) -> str:
    rows = [[" "] * WIDTH for _ in range(HEIGHT)]
    for span in spans:
        rows[span.row][span.col : span.col + len(span.text)] = span.text
    return "\n".join("".join(row).rstrip() for row in rows).rstrip("\n")


def assert_shows(shown: str, drawn: str) -> None:
    checker = doctest.OutputChecker()
    assert checker.check_output(shown + "\n", drawn + "\n", doctest.ELLIPSIS), (
        f"the page shows:\n{shown}\nthe game draws:\n{drawn}"
    )


def test_the_dots_page_screen_is_what_the_game_draws(tmp_path: Path) -> None:
    """``NO_COLOR=1 --seed 5 --squares``, a path of four R drawn."""
    game = GameBoardT(seed=5, squares=True)
    session = Session(Dots(game.level), game, 5, str(tmp_path / "s.dots"), loaded=False)
    control = dots_controller.Controller(session, rescue_folder=str(tmp_path))
    for key in ("KEY_UP", "KEY_UP", " ", "KEY_LEFT", "KEY_UP", "KEY_LEFT"):
        control.press(key)
    drawn = dots_layout.render(control.screen(), WIDTH, HEIGHT, colour=False)
    command = "NO_COLOR=1 python -m playmanager --game dots --tui --seed 5 --squares"
    assert_shows(picture("dots.md", command), as_text(drawn))


def test_the_forty_thieves_page_screen_is_what_the_game_draws(
    tmp_path: Path,
) -> None:
    """``NO_COLOR=1 LC_ALL=C``, deal 118 after ``3 7``, ``d`` and ``4``,
    once the moved card's mark has faded."""
    now = [0.0]
    session = Session(
        FortyThieves(), BoardT(deal(118)), 118, str(tmp_path / "s"), loaded=False
    )
    control = ft_controller.Controller(
        session, rescue_folder=str(tmp_path), greeting="", clock=lambda: now[0]
    )
    for key in ("3", "7", "d", "4"):
        control.press(key)
    now[0] += MARK_SECONDS + 1
    drawn = ft_layout.render(
        control.screen(), WIDTH, HEIGHT, colour=False, card_text=str, drawn=False
    )
    command = "NO_COLOR=1 LC_ALL=C python -m playmanager --game forty-thieves --tui"
    assert_shows(picture("forty-thieves.md", command), as_text(drawn))
