"""Bug: create_coordinate's error message lacks the function's name."""

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
    fill_random_position,
    is_board,
    is_coordinate,
)


def create_coordinate(row: int, col: int) -> Coordinate:
    try:
        return Coordinate(row, col)
    except ValueError:
        raise ValueError("invalid arguments") from None
