"""The command-line parser every game builds: argparse with one-line
errors, the range of each option and the keys of both modes in its help.

argparse answers a usage error with its usage text (several lines) and
then the error; here the error is one line that names what was wrong
and points to ``--help``, as every other refusal of the package is.
``--help`` shows next to each option the values it takes (registered
with its type, :func:`playmanager.options.takes`, so the range is written
once) and ends with the keys of the line mode and of the full screen,
taken from the games' key tables (``keys``), never retyped.
Imported only when a parser is built (start-up builds none).
"""

from __future__ import annotations

import argparse
import re
import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

from .games import DEFAULT, Game, add_game_option
from .messages import NEW_GAME_SUMMARY
from .options import RANGES
from .screen.text_layout import GLUE, HELP_WIDTH, wrap_lines

INDENT = "  "


class HelpFormatter(argparse.HelpFormatter):
    """Every ``--help`` of the package: lines of at most ``width``
    characters, the terminal's (:attr:`Parser.width`), not argparse's own
    guess (which reads the process's terminal, not the stream printed to)."""

    def __init__(self, prog: str, width: int = HELP_WIDTH) -> None:
        super().__init__(prog, width=width)


    def _split_lines(self, text: str, width: int) -> list[str]:
        """argparse's, but never at a hyphen (``save.forty-`` / ``thieves``)."""
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)

    def _format_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None,
    ) -> str:
        """argparse's usage, unless a line of it is too wide (its lines
        start under a long ``prog``, and it never breaks inside a bracket):
        then the same words from the line's start, brackets kept whole."""
        found = super()._format_usage(usage, actions, groups, prefix)
        if all(len(line) <= self._width for line in found.splitlines()):
            return found
        flat = " ".join(found.split())
        glued = _BRACKET.sub(lambda part: part[0].replace(" ", GLUE), flat)
        lines = textwrap.wrap(
            glued, self._width, subsequent_indent=" " * 4, break_long_words=False
        )
        return "\n".join(lines).replace(GLUE, " ") + "\n\n"


_BRACKET = re.compile(r"\[[^\[\]]*\]")
"""One innermost ``[...]`` of a usage line: its words stay on one line."""


class _RangeFormatter(HelpFormatter):
    """Adds "(the values it takes)" to the help of each ranged option."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        values = RANGES.get(action.type)
        if values is None or values in text:
            return text
        if text.endswith(")"):  # "(default 70)": one bracket, not two
            return f"{text[:-1]}; takes {values})"
        return f"{text} ({values})"


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line, exit status 2,
    and whose help ends with the game's keys."""

    def __init__(
        self, *args: Any, keys: Callable[[int], str] | None = None, **kwargs: Any
    ) -> None:
        self.width = HELP_WIDTH
        """The widest line of the help: the terminal's
        (:attr:`~playmanager.terminal.Terminal.text_width`), set by
        :func:`playmanager.options.parse_options`; 79 on a pipe."""
        super().__init__(*args, **kwargs)
        self.keys = keys

    def _get_formatter(self) -> argparse.HelpFormatter:
        return _RangeFormatter(prog=self.prog, width=self.width)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (--help lists the options)\n")

    def format_help(self) -> str:
        """The help, then the keys (built only when the help is shown)."""
        found = super().format_help()
        return found if self.keys is None else f"{found}\n{self.keys(self.width)}"


def game_parser(
    game: Game,
    *,
    description: str,
    file_help: str,
    keys: Callable[[int], str],
    epilog: str | None = None,
) -> Parser:
    """A game's parser with what every game's has: its ``prog``,
    ``--game`` and FILE (``file_help``, then where it saves without one)."""
    prog = "playmanager" if game is DEFAULT else f"playmanager --game {game.name}"
    parser = Parser(prog=prog, description=description, epilog=epilog, keys=keys)
    add_game_option(parser, game)
    parser.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help=f"{file_help} (without FILE: {game.default_save})",
    )
    return parser


def keys_section(title: str, lines: Sequence[str], width: int = HELP_WIDTH) -> str:
    """A block of the keys part of ``--help``: a title, then indented lines
    (wrapped as every help's are: :func:`~.screen.text_layout.wrap_lines`)."""
    fitted = wrap_lines([line.rstrip() for line in lines], width - len(INDENT))
    return title + ":\n" + "".join(f"{INDENT}{line}".rstrip() + "\n" for line in fitted)


def keys_of_both_modes(
    line_mode: Sequence[str],
    full_screen: Sequence[str],
    new_game: str = NEW_GAME_SUMMARY,
    *,
    width: int = HELP_WIDTH,
) -> str:
    """The end of a game's ``--help``: the keys of its line mode, then those
    of its full screen followed by the shared controls (as its ``?`` shows,
    ``n`` doing ``new_game``)."""
    from .screen.modal import shared_help

    return (
        keys_section("keys in the line mode (type one, then Enter)", line_mode, width)
        + "\n"
        + keys_section(
            "keys in the full screen (--tui)",
            (*full_screen, *shared_help(new_game)),
            width,
        )
    )
