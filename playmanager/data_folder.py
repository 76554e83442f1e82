"""Where the games keep files of their own: best scores and rescued games.

The user's data directory, ``$XDG_DATA_HOME`` (when set to an absolute
path, as the XDG spec asks) else ``~/.local/share``, under
``gamestate2048``. Game-free: each game names its own files in it. Plain
strings, not pathlib: 2048's line mode looks here at start-up (issue 14).
"""

from __future__ import annotations

import contextlib
import os

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Final, TextIO

APP_FOLDER: Final = "gamestate2048"


def data_folder(environ: Mapping[str, str]) -> str:
    """Return the package's data folder for the environment ``environ``."""
    data_home = environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(data_home):
        home = environ.get("HOME") or os.path.expanduser("~")
        data_home = os.path.join(home, ".local", "share")
    return os.path.join(data_home, APP_FOLDER)


def rescued_game(folder: str, rescue_name: str) -> str | None:
    """The newest game rescued into ``folder`` as ``rescue_name`` (or as
    one kept for a file, ``rescued-NAME-DIGEST.dots``; an older version's
    ``rescued-2.dots``), if any; empty files (a rescue cut short) are
    left out."""
    stem, dot, suffix = rescue_name.partition(".")
    found = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            name = entry.name
            numbered = name.startswith(stem + "-") and name.endswith(dot + suffix)
            if (name == rescue_name or numbered) and entry.is_file():
                info = entry.stat()
                if info.st_size:
                    found.append((info.st_mtime_ns, entry.path))
    return max(found)[1] if found else None


def rescue_to_offer(folder: str, rescue_name: str, file_given: bool) -> str | None:
    """The rescued game a full screen offers to resume at launch: the
    newest, unless a FILE was given (the player asked for that file; the
    rescued game waits for a launch without one)."""
    return None if file_given else rescued_game(folder, rescue_name)


def tell_of_a_rescued_game(
    folder: str,
    rescue_name: str,
    file: str | None,
    out: TextIO,
    width: int | None = None,
) -> None:
    """At a line mode's launch, say where the rescued game :func:`other_rescue`
    finds is, in lines of ``width`` columns (a terminal's; 79 by default, a
    pipe's), its path whole, on a line of its own when longer."""
    rescued = other_rescue(folder, rescue_name, file)
    if rescued is None:
        return  # the usual launch: the wrapping below is not imported (issue 36)
    from .messages import rescued_game as where_it_is
    from .screen.text_layout import HELP_WIDTH, printed

    out.write(printed(where_it_is(rescued), width or HELP_WIDTH))


def other_rescue(folder: str, rescue_name: str, file: str | None) -> str | None:
    """The rescued game to tell the player about at launch: the newest, if
    it is not the FILE being played."""
    rescued = rescued_game(folder, rescue_name)
    if rescued is None or file is None:
        return rescued
    same = os.path.abspath(rescued) == os.path.abspath(file)
    return None if same else rescued
