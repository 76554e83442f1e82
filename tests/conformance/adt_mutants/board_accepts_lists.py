"""Bug: is_board takes any list for a board, whatever its shape."""

from gamestate import adt


def __getattr__(name: str) -> object:
    """Every other function of the ADT, as gamestate.adt has it."""
    return getattr(adt, name)


def is_board(x: object) -> bool:
    return isinstance(x, list) or adt.is_board(x)
