"""The Forty Thieves full screen (``python -m playmanager --game
forty-thieves --tui [FILE]``), on the shared curses shell.

Layers, each testable alone: :mod:`.controller` (keys and clicks to moves
on the session, a screen description out; no curses), :mod:`.layout`
(where everything goes, and which pile a click hits; no curses) and
:mod:`.view` (colours and the app the shell runs). :func:`run` wires them.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TextIO

from ...data_folder import data_folder
from ...screen.shell import play
from ..session import Session
from ..text import can_show_symbols
from .controller import Controller, Hinter
from .view import App


def run(
    session: Session,
    greeting: str,
    *,
    hinter: Hinter,
    environ: Mapping[str, str],
    stderr: TextIO,
) -> int:
    """Play ``session`` full screen until the player quits; return 0.

    Without a usable terminal: one line on ``stderr``, 2. When the
    terminal closes with unsaved moves they go to the save file, else to
    ``rescued.forty-thieves`` in the data folder (XDG_DATA_HOME, HOME).
    """

    def make_app() -> App:
        controller = Controller(
            session,
            hinter=hinter,
            rescue_folder=data_folder(environ),
            greeting=greeting,
        )
        return App(controller, symbols=can_show_symbols(sys.stdout, environ))

    return play(make_app, environ, stderr)
