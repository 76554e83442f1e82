"""Bug: board_update_score adds any int, not only multiples of 4."""

from gamestate import adt


def __getattr__(name: str) -> object:
    """Every other function of the ADT, as gamestate.adt has it."""
    return getattr(adt, name)


def board_update_score(b: adt.Board, v: int) -> adt.Board:
    if not isinstance(v, int) or v < 0:
        raise ValueError("board_update_score: invalid arguments")
    b.score += v
    return b
