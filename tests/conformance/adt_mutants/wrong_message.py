"""Bug: create_coordinate's error message lacks the function's name."""

from gamestate import adt


def __getattr__(name: str) -> object:
    """Every other function of the ADT, as gamestate.adt has it."""
    return getattr(adt, name)


def create_coordinate(row: int, col: int) -> adt.Coordinate:
    try:
        return adt.Coordinate(row, col)
    except ValueError:
        raise ValueError("invalid arguments") from None
