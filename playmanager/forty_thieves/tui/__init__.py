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

from gamestate.forty_thieves import BoardT

from ...data_folder import data_folder, rescue_to_offer
from ...screen.shell import play
from ...session import Session
from ...statistics import Tracker, default_path
from ...terminal import Terminal
from ..adapter import Effects, FortyThieves, Intent
from ..text import card_style
from .controller import Controller
from .view import App


def run(
    session: Session[BoardT, Intent, Effects],
    greeting: str,
    *,
    loaded: bool,
    terminal: Terminal,
    environ: Mapping[str, str],
    stderr: TextIO,
    file_given: bool = False,
) -> int:
    """Play ``session`` (``loaded`` from a save file) full screen until the
    player quits; return 0.

    Without a usable terminal: one line on ``stderr``, 2. When the
    terminal closes with unsaved moves they go to a rescue file of their
    own in the data folder (XDG_DATA_HOME, HOME), never over a save; a
    game rescued there is offered at the next launch without FILE
    (``file_given`` False).
    """
    folder = data_folder(environ)
    rescued = rescue_to_offer(folder, FortyThieves.rescue_name, file_given)

    def make_app() -> App:
        controller = Controller(
            session,
            rescue_folder=folder,
            greeting=greeting,
            rescued=rescued,
        )
        statistics = Tracker(default_path(folder), FortyThieves.name)
        statistics.start("", from_file=loaded)
        controller.follow(statistics)
        controller.card_text = card_style(terminal)  # the status line's cards
        return App(controller, drawn=terminal.unicode)

    return play(make_app, terminal, environ, stderr)
