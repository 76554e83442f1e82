"""Not a bug a test can see: board_finished loops forever."""

from gamestate import adt


def __getattr__(name: str) -> object:
    """Every other function of the ADT, as gamestate.adt has it."""
    return getattr(adt, name)


def board_finished(b: adt.Board) -> bool:
    while True:
        pass
