"""View: prints the score and the game board on the console."""

from Score import Score


class View:
    """Shows the board it is given, with the score above it."""

    def __init__(self, game_board: list[list[int]]) -> None:
        print("Score: " + str(Score.get_score()))
        for row in game_board:
            print("|" + "|".join(str(cell).center(6) if cell else " " * 6 for cell in row) + "|")
