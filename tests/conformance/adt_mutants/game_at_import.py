"""Not a bug the ADT checks see: the file ends by calling its console game,
as many students' files do, which reads stdin at import (EOFError when
stdin is empty). Every function was defined before that line; but
board_finished is defined after it, so it is missing."""

from gamestate.adt import (  # noqa: F401 - the functions graded
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
    create_board,
    create_coordinate,
    is_board,
    is_coordinate,
)


def game_2048() -> None:
    board = create_board()
    while True:
        move = input("Pick a move (N, S, E, W): ")
        board_reduce(board, move)


game_2048()


def board_finished(b: object) -> bool:
    return False
