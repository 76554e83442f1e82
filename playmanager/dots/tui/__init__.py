"""Dots full screen (``python -m playmanager --game dots --tui [FILE]``).

Layers, each testable alone: :mod:`.controller` (keys and mouse events to
actions on the model, a Screen out; no curses), :mod:`.layout` (where
everything goes, from the shared pieces of :mod:`playmanager.screen.widgets`;
no curses) and :mod:`.app` (the colours, and the app that the shared shell
:mod:`playmanager.screen.shell` runs). :func:`run` wires them;
:mod:`playmanager.dots.cli` builds the game as the line mode does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TextIO

from gamestate.dots import GameBoardT, Level

from ...data_folder import data_folder, rescue_to_offer
from ...messages import count
from ...screen.shell import play
from ...session import Session
from ...statistics import Tracker, default_path
from ...terminal import Terminal
from ..adapter import Dots, Path
from .app import App
from .controller import Controller


def variant(level: Level) -> str:
    """What the statistics keep apart: the level (``30 moves, 20 R``)."""
    colour, target = level.objective
    name = f"{count(level.moves, 'move')}, {target} {colour.value}"
    if level.random_board:
        name += " random grid"
    return name + (" squares" if level.squares else "")


def run(
    game: GameBoardT,
    *,
    save_target: str,
    loaded: bool,
    terminal: Terminal,
    environ: Mapping[str, str],
    stderr: TextIO,
    greeting: str = "",
    file_given: bool = False,
    paths: Sequence[Path] = (),
    start: GameBoardT | None = None,
) -> int:
    """Play ``game`` (``loaded`` from ``save_target``) full screen until the
    player quits; return 0.

    ``o`` saves to ``save_target`` (asking before replacing a file this
    game did not load). When the terminal closes, unsaved play goes to the
    game's one rescue file in the data folder (XDG_DATA_HOME, HOME); a
    game rescued there is offered at the next launch without FILE
    (``file_given`` False). ``terminal`` says
    what the terminal shows (no colours with NO_COLOR). Without a usable terminal: one line on ``stderr``, 2.
    """
    adapter = Dots(game.level)
    folder = data_folder(environ)
    rescued = rescue_to_offer(folder, adapter.rescue_name, file_given)

    def make_app() -> App:
        past = adapter.replay(game if start is None else start, paths)
        session = Session(
            adapter, game, game.level.seed, save_target, loaded=loaded, past=past
        )
        controller = Controller(
            session,
            rescue_folder=folder,
            greeting=greeting,
            rescued=rescued,
        )
        statistics = Tracker(default_path(folder), adapter.name)
        statistics.start(variant(game.level), from_file=loaded)
        controller.follow(statistics)
        return App(controller, round_dots=terminal.unicode)

    return play(make_app, terminal, environ, stderr)
