"""Not a bug a test can see: board_reduce ends the process (os._exit)."""

import os

from gamestate import adt


def __getattr__(name: str) -> object:
    """Every other function of the ADT, as gamestate.adt has it."""
    return getattr(adt, name)


def board_reduce(b: adt.Board, d: str) -> adt.Board:
    os._exit(3)
