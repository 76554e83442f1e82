"""Board (ADT): the game board being played, and what can be done to it."""

from Move import Move
from SetUp import SetUp
from View import View


class Board:
    """A game board; start() deals its first two tiles."""

    def __init__(self) -> None:
        self.game_board: list[list[int]] = []

    def start(self) -> None:
        self.game_board = SetUp().get_board()

    def view(self) -> None:
        View(self.game_board)

    def move(self, direction: str) -> None:
        move = Move(self.game_board)
        if direction == "w":
            move.up()
        elif direction == "s":
            move.down()
        elif direction == "a":
            move.left()
        else:
            move.right()

    def get_board(self) -> list[list[int]]:
        return self.game_board

    def get_board_value(self, i: int, j: int) -> int:
        return self.game_board[i][j]
