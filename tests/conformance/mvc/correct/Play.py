"""Play (controller): a game of 2048 on the console, keys w a s d."""

from Board import Board
from Score import Score


def won(board: Board) -> bool:
    return any(board.get_board_value(i, j) >= 2048 for i in range(4) for j in range(4))


def stuck(board: Board) -> bool:
    grid = board.get_board()
    for i in range(4):
        for j in range(4):
            if grid[i][j] == 0:
                return False
            if j < 3 and grid[i][j] == grid[i][j + 1]:
                return False
            if i < 3 and grid[i][j] == grid[i + 1][j]:
                return False
    return True


def main() -> None:
    print("2048: w up, s down, a left, d right; q quits")
    Score.reset_score()
    board = Board()
    board.start()
    board.view()
    while not won(board) and not stuck(board):
        key = input("move: ").strip().lower()
        if key == "q":
            return
        if key not in ("w", "a", "s", "d"):
            print("please type w, a, s or d")
            continue
        board.move(key)
        board.view()
    print("You win!" if won(board) else "Game over")


if __name__ == "__main__":
    main()
