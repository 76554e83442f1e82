"""Dots full screen (``python -m playmanager --game dots --tui [FILE]``).

Layers, each testable alone: :mod:`.controller` (keys and mouse events to
actions on the model, a Screen out; no curses), :mod:`.layout` (where
everything goes, from the shared pieces of :mod:`playmanager.screen.widgets`;
no curses) and :mod:`.app` (the colours, and the app that the shared shell
:mod:`playmanager.screen.shell` runs). :func:`run` wires them;
:mod:`playmanager.dots.cli` builds the game as the line mode does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TextIO

from gamestate.dots import GameBoardT

from ...data_folder import data_folder
from ...screen.shell import play
from ...terminal import Terminal
from ..savefile import save
from .app import App
from .controller import Controller


def run(
    game: GameBoardT,
    *,
    save_target: str,
    terminal: Terminal,
    environ: Mapping[str, str],
    stderr: TextIO,
    greeting: str = "",
) -> int:
    """Play ``game`` full screen until the player quits; return 0.

    ``o`` saves to ``save_target``; when the terminal closes, unsaved
    progress goes there too (or, failing that, beside the 2048 best score
    in the user's data folder). ``terminal`` says what it shows. Without a
    usable terminal: one line on ``stderr``, 2.
    """

    def make_app() -> App:
        controller = Controller(
            game,
            save_target=save_target,
            save=save,
            rescue_folder=data_folder(environ),
            greeting=greeting,
        )
        return App(controller, round_dots=terminal.unicode)

    return play(make_app, terminal, environ, stderr)
