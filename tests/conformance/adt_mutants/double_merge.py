"""Bug: board_reduce reduces twice, so a combined panel combines again."""

from gamestate import adt

# Every other function of the ADT, as gamestate.adt has it.
from gamestate.adt import (  # noqa: F401
    Board,
    Coordinate,
    board_empty_positions,
    board_fill_position,
    board_finished,
    board_position,
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
    is_board,
    is_coordinate,
)


def board_reduce(b: Board, d: str) -> Board:
    return adt.board_reduce(adt.board_reduce(b, d), d)
