"""The full-screen terminal game (``python -m playmanager --tui [FILE]``).

Layers, each testable alone: :mod:`.controller` (keys to actions on the
model, a screen description out; no curses), :mod:`.layout` (where
everything goes on a terminal of a given size, from the shared pieces of
:mod:`.widgets`; no curses), :mod:`.marks` (what a move did, marked for a
moment, in every game), :mod:`.view` (2048's colours and the app the
shell runs) and :mod:`.shell` (curses, shared by every game's full
screen: draws, reads keys and the mouse, restores the terminal).
:func:`run` wires them; :mod:`playmanager.twenty48.play2048` builds the game
exactly as the line mode does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TextIO

from gamestate import GameState

from ...screen.shell import play
from ...terminal import Terminal
from .. import savefile
from ..rules import Rules
from .best_score import default_path
from .controller import Controller, GameFactory
from .view import App


def run(
    game: GameState,
    *,
    rules: Rules,
    seed: int,
    new_game: GameFactory,
    save_target: str,
    terminal: Terminal,
    environ: Mapping[str, str],
    stderr: TextIO,
    greeting: str = "",
) -> int:
    """Play ``game`` full screen until the player quits; return 0.

    Arguments as in :class:`~.controller.Controller`; the best score file
    is found from ``environ`` (XDG_DATA_HOME, HOME); ``terminal`` says
    what it shows. Without a usable terminal: one line on ``stderr``, 2.
    """

    def make_app() -> App:
        controller = Controller(
            game,
            rules=rules,
            seed=seed,
            new_game=new_game,
            save_target=save_target,
            save=savefile.save,
            best_path=default_path(environ),
            greeting=greeting,
        )
        return App(controller, blocks=terminal.unicode)

    return play(make_app, terminal, environ, stderr)
