"""Not a bug a test can see: board_reduce ends the process (os._exit)."""

import os

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
    os._exit(3)
