"""Not a bug a test can see: board_finished loops forever."""

from gamestate.adt import (  # noqa: F401
    Board,
    Coordinate,
    board_empty_positions,
    board_fill_position,
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
    is_board,
    is_coordinate,
)


def board_finished(b: Board) -> bool:
    while True:
        pass
