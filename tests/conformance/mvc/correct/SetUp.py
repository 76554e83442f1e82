"""SetUp: a new 4 x 4 game board with two tiles."""

import random


class SetUp:
    """A board with a 2 or a 4 in two different random cells."""

    def __init__(self) -> None:
        self.game_board = [[0, 0, 0, 0] for _ in range(4)]
        filled = 0
        while filled < 2:
            i, j = self.__random_entry()
            if self.game_board[i][j] == 0:
                self.game_board[i][j] = self.__random_num()
                filled = filled + 1

    def get_board(self) -> list[list[int]]:
        return self.game_board

    @staticmethod
    def __random_num() -> int:
        # a 4 one time in ten, otherwise a 2
        r = random.randint(0, 99)
        if r < 10:
            return 4
        return 2

    @staticmethod
    def __random_entry() -> list[int]:
        return [random.randint(0, 3), random.randint(0, 3)]
