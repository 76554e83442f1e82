"""``python -m playmanager --stats [--game NAME]``: the statistics the full
screens keep (:mod:`playmanager.statistics`), as a table on stdout.

Imported only when ``--stats`` is given. A problem with the file is one
line on stderr; the table still shows (empty when the file was set aside).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TextIO

from .data_folder import data_folder
from .games import GAME_OPTION, GAMES, STATS_OPTION
from .options import EXIT_OK, EXIT_USAGE
from .screen.text_layout import HELP_WIDTH, wrap_lines
from .statistics import default_path, load, text_table


def _chosen_game(argv: Sequence[str]) -> tuple[str | None, str | None]:
    """(the --game NAME given, or None; a usage error, or None)."""
    rest = [token for token in argv if token != STATS_OPTION]
    name = None
    while rest:
        token = rest.pop(0)
        if token == GAME_OPTION and rest:
            name = rest.pop(0)
        elif token.startswith(GAME_OPTION + "="):
            name = token.partition("=")[2]
        else:
            return None, f"--stats takes only --game NAME, not {token!r}"
    if name is not None and name not in GAMES:
        known = ", ".join(GAMES)
        return None, f"--game takes one of {known}, not {name!r}"
    return name, None


def main(
    argv: Sequence[str], environ: Mapping[str, str], stdout: TextIO, stderr: TextIO
) -> int:
    """Print the statistics of every game (or of ``--game NAME``)."""
    name, problem = _chosen_game(argv)
    if problem is not None:
        stderr.write(f"playmanager: {problem} (--help lists the options)\n")
        return EXIT_USAGE
    path = default_path(data_folder(environ))
    statistics, notice = load(path)
    if notice is not None:
        stderr.write(notice + "\n")
    titles = {game: game for game in GAMES if name in (None, game)}
    stdout.writelines(line + "\n" for line in text_table(statistics, titles))
    footer = f"(kept in {path}; the full screens count their games)"
    stdout.writelines(line + "\n" for line in wrap_lines([footer], HELP_WIDTH))
    return EXIT_OK
