"""Every game's ``--help``: the keys of both modes, taken from the key
tables (not retyped), and the values each option takes."""

from __future__ import annotations

import argparse
import io
import re

import pytest

from playmanager.cli import main
from playmanager.dots import cli as dots_cli
from playmanager.dots.tui.controller import help_lines as dots_screen_lines
from playmanager.forty_thieves import cli as forty_thieves_cli
from playmanager.forty_thieves.commands import HELP_ROWS
from playmanager.forty_thieves.tui.controller import (
    help_lines as forty_thieves_screen_lines,
)
from playmanager.line_mode import controls_lines
from playmanager.messages import NEW_DEAL_SUMMARY, NEW_GAME_SUMMARY
from playmanager.options import RANGES
from playmanager.screen.keys import describe
from playmanager.screen.modal import controls_help
from playmanager.twenty48 import play2048
from playmanager.twenty48.commands import described_keys
from playmanager.twenty48.tui.controller import playing_keys

GAMES = ["2048", "forty-thieves", "dots"]


def help_text(game: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(["--game", game, "--help"], io.StringIO(""), out, err) == 0
    assert err.getvalue() == ""
    return out.getvalue()


def squeezed(text: str) -> str:
    return " ".join(text.split())


def full_screen_part(text: str) -> str:
    return text.split("keys in the full screen (--tui):", 1)[1]


def line_mode_part(text: str) -> str:
    return text.split("keys in the line mode", 1)[1].split("keys in the full", 1)[0]


@pytest.mark.parametrize(
    ("game", "line_mode", "full_screen"),
    [
        (
            "2048",
            [f"{key} {what}" for key, what in described_keys()],
            describe(playing_keys()),
        ),
        (
            "forty-thieves",
            [f"{example} {what}" for example, what in HELP_ROWS],
            forty_thieves_screen_lines(),
        ),
        ("dots", [], dots_screen_lines()),
    ],
)
def test_help_lists_the_keys_of_both_modes_from_their_tables(
    game: str, line_mode: list[str], full_screen: tuple[str, ...]
) -> None:
    """Dots' --help did not list its keys; no --help listed the full
    screen's."""
    text = help_text(game)
    screen = squeezed(full_screen_part(text))
    new_game = NEW_DEAL_SUMMARY if game == "forty-thieves" else NEW_GAME_SUMMARY
    for line in (*full_screen, *controls_help(new_game=new_game)):
        assert squeezed(line) in screen
    line_part = squeezed(line_mode_part(text))
    for line in line_mode:
        assert squeezed(line) in line_part
    if game != "2048":  # 2048's line mode keeps Java's keys alone
        for line in controls_lines(new_game):
            assert squeezed(line) in line_part


def test_a_changed_config_key_shows_in_both_modes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gamestate import Config

    monkeypatch.setattr(Config, "UP_KEY", "i")
    text = help_text("2048")
    assert "i               up" in line_mode_part(text)
    assert "Up i k" in full_screen_part(text)


def parsers() -> list[argparse.ArgumentParser]:
    return [
        play2048.build_parser(),
        forty_thieves_cli.build_parser(),
        dots_cli.build_parser(),
    ]


RANGE = re.compile(r"\d+-\d+|\d+ to \d+|1 or more|more than 0")


@pytest.mark.parametrize("parser", parsers(), ids=GAMES)
def test_every_option_with_a_number_says_its_range(
    parser: argparse.ArgumentParser,
) -> None:
    """Each typed option's values are registered with its type and shown."""
    text = squeezed(parser.format_help())
    typed = [a for a in parser._actions if a.type is not None]
    assert typed
    for action in typed:
        assert action.type in RANGES, action.option_strings
        assert squeezed(RANGES[action.type]) in text
        assert RANGE.search(RANGES[action.type]), RANGES[action.type]


@pytest.mark.parametrize(
    ("game", "shown"),
    [
        ("2048", "(1-1024)"),
        ("2048", "; takes 0-100)"),  # after "(default 70"
        ("dots", "1-999)"),
        ("forty-thieves", "(1 or more)"),
    ],
)
def test_the_issues_ranges_are_in_the_help(game: str, shown: str) -> None:
    assert shown in squeezed(help_text(game))


@pytest.mark.parametrize("game", GAMES)
def test_every_help_names_the_statistics_and_the_browser(game: str) -> None:
    text = squeezed(help_text(game))
    assert "--stats print the statistics" in text
    assert "--web play in a web browser instead" in text
