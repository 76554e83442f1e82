"""The Forty Thieves full screen (``python -m playmanager --game
forty-thieves --tui [FILE]``), on the shared curses shell.

Layers, each testable alone: :mod:`.controller` (keys and clicks to moves
on the session, a screen description out; no curses), :mod:`.layout`
(where everything goes, and which pile a click hits; no curses) and
:mod:`.view` (colours and the app the shell runs). :func:`run` wires them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TextIO

from ...data_folder import data_folder
from ...screen.shell import play
from ...terminal import Terminal
from ..session import Session
from ..text import card_style
from .controller import Controller, Hinter
from .view import App


def run(
    session: Session,
    greeting: str,
    *,
    hinter: Hinter,
    terminal: Terminal,
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
            card_text=card_style(terminal),
        )
        return App(controller)

    return play(make_app, terminal, environ, stderr)
