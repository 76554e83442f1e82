"""Bug: board_finished tries each action on the board it was given (no
copy), so on a full board that can still move it reduces its argument."""

from gamestate import adt


def __getattr__(name: str) -> object:
    """Every other function of the ADT, as gamestate.adt has it."""
    return getattr(adt, name)


def board_finished(b: adt.Board) -> bool:
    if adt.board_empty_positions(b):
        return False
    for action in "NSWE":
        before = [row[:] for row in b.cells]
        adt.board_reduce(b, action)  # the bug: b itself, not a copy
        if b.cells != before:
            return False
    return True
