"""Bug: is_board takes any list for a board, whatever its shape."""

from gamestate import adt

# Every other function of the ADT, as gamestate.adt has it.
from gamestate.adt import (  # noqa: F401
    Board,
    Coordinate,
    board_empty_positions,
    board_fill_position,
    board_finished,
    board_position,
    board_reduce,
    board_score,
    board_update_score,
    boards_equal,
    coordinate_col,
    coordinate_row,
    coordinates_equal,
    copy_board,
    create_board,
    create_coordinate,
    fill_random_position,
    is_coordinate,
)


def is_board(x: object) -> bool:
    return isinstance(x, list) or adt.is_board(x)
