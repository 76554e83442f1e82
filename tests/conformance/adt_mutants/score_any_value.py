"""Bug: board_update_score adds any int, not only multiples of 4."""

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


def board_update_score(b: Board, v: int) -> Board:
    if not isinstance(v, int) or v < 0:
        raise ValueError("board_update_score: invalid arguments")
    b.score += v
    return b
