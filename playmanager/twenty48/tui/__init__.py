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

import os
import sys
from collections.abc import Mapping, Sequence
from typing import TextIO

from gamestate import GameState
from gamestate.effects import MoveEffects

from ...data_folder import data_folder, rescue_to_offer
from ...options import EXIT_USAGE
from ...screen.shell import play
from ...session import PastStep, Session
from ...statistics import default_path
from ...terminal import Terminal
from ..adapter import Twenty48
from ..rules import Rules
from .controller import Controller, GameFactory, follow_statistics
from .layout import refusal
from .view import App


def _too_big(game: GameState) -> str | None:
    """Why ``game``'s board cannot be drawn on the terminal at all, or None
    (None too when stdout is no terminal: the shell says so)."""
    try:
        width, height = os.get_terminal_size(sys.stdout.fileno())
    except (OSError, ValueError):
        return None
    return refusal(game.getBoard(), width, height)


def run(
    game: GameState,
    *,
    rules: Rules,
    seed: int,
    new_game: GameFactory,
    save_target: str,
    loaded: bool,
    terminal: Terminal,
    environ: Mapping[str, str],
    stderr: TextIO,
    greeting: str = "",
    file_given: bool = False,
    past: Sequence[tuple[GameState, MoveEffects]] = (),
) -> int:
    """Play ``game`` full screen until the player quits; return 0.

    ``loaded``: ``game`` was read from ``save_target``; ``file_given``:
    FILE was on the command line (then no rescued game is offered);
    ``past``: the position before each move that led to ``game`` and
    what it did (a rescue record's), for undo. The best score and
    rescued games live in the data folder of ``environ`` (XDG_DATA_HOME,
    HOME); a rescued game found there is offered first. ``terminal``
    says what the terminal shows (no colours with NO_COLOR). Without a
    usable terminal: one line on ``stderr``, 2.
    """
    problem = _too_big(game)
    if problem is not None:
        stderr.write(f"playmanager: --tui cannot start: {problem}\n")
        return EXIT_USAGE
    adapter = Twenty48(new_game, load_seed=seed, two_prob=rules.two_prob)
    folder = data_folder(environ)
    rescued = rescue_to_offer(folder, adapter.rescue_name, file_given)

    def make_app() -> App:
        history = [PastStep(before, effects) for before, effects in past]
        session = Session(adapter, game, seed, save_target, loaded=loaded, past=history)
        controller = Controller(
            session,
            rules=rules,
            rescue_folder=folder,
            greeting=greeting,
            rescued=rescued,
        )
        follow_statistics(controller, default_path(folder), rules, loaded=loaded)
        return App(controller, blocks=terminal.unicode)

    return play(make_app, terminal, environ, stderr)
