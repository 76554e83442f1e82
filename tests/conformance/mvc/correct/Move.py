"""Move: slides the tiles of a game board, then adds a new block."""

import random

from Score import Score


class Move:
    """Moves on the board it is given (the Board's own board)."""

    def __init__(self, board: list[list[int]]) -> None:
        self.game_board = board

    def up(self) -> None:
        self.__shift_all([[(i, j) for i in range(4)] for j in range(4)])

    def down(self) -> None:
        self.__shift_all([[(i, j) for i in range(3, -1, -1)] for j in range(4)])

    def left(self) -> None:
        self.__shift_all([[(i, j) for j in range(4)] for i in range(4)])

    def right(self) -> None:
        self.__shift_all([[(i, j) for j in range(3, -1, -1)] for i in range(4)])

    def __shift_all(self, lines: list[list[tuple[int, int]]]) -> None:
        for line in lines:
            self.__shift(line)
        self.__add_new_block()

    def __shift(self, line: list[tuple[int, int]]) -> None:
        # line[0] is the cell at the edge the tiles move to. The spec's loop
        # is repeated until no tile moves, so that tiles slide all the way;
        # merged[k] says the tile in line[k] was merged in this move.
        merged = [False, False, False, False]
        moved = True
        while moved:
            moved = False
            for k in range(1, 4):
                i, j = line[k]
                a, b = line[k - 1]
                value = self.game_board[i][j]
                if value == 0:
                    continue
                if self.game_board[a][b] == 0:
                    self.game_board[a][b] = value
                    self.game_board[i][j] = 0
                    merged[k - 1], merged[k] = merged[k], False
                    moved = True
                elif self.game_board[a][b] == value and not merged[k - 1] and not merged[k]:
                    self.__merge((i, j), (a, b))
                    merged[k - 1] = True
                    moved = True

    def __merge(self, cell1: tuple[int, int], cell2: tuple[int, int]) -> None:
        self.game_board[cell1[0]][cell1[1]] = 0
        self.game_board[cell2[0]][cell2[1]] = self.game_board[cell2[0]][cell2[1]] * 2
        Score.add_score(self.game_board[cell2[0]][cell2[1]])

    def __add_new_block(self) -> None:
        if not any(0 in row for row in self.game_board):
            return  # no spot is free
        while True:
            i, j = self.__random_entry()
            if self.game_board[i][j] == 0:
                self.game_board[i][j] = self.__random_num()
                return

    @staticmethod
    def __random_num() -> int:
        r = random.randint(0, 99)
        if r < 10:
            return 4
        return 2

    @staticmethod
    def __random_entry() -> list[int]:
        return [random.randint(0, 3), random.randint(0, 3)]
