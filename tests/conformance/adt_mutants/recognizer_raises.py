"""Bug: is_board indexes its argument before asking what it is, so
is_board([0] * 5) raises TypeError instead of answering False."""

from gamestate import adt


def __getattr__(name: str) -> object:
    """Every other function of the ADT, as gamestate.adt has it."""
    return getattr(adt, name)


def is_board(x: object) -> bool:
    if isinstance(x, list) and len(x) > 4:
        return len(x[0]) == 4  # type: ignore[arg-type]
    return adt.is_board(x)
