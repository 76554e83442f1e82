"""Score (abstract object): the score of the game being played."""


class Score:
    """The score, shared by every module that imports it."""

    score = 0

    @staticmethod
    def set_score(s: int) -> None:
        Score.score = s

    @staticmethod
    def get_score() -> int:
        return Score.score

    @staticmethod
    def add_score(new_score: int) -> None:
        Score.score = Score.score + new_score

    @staticmethod
    def reset_score() -> None:
        Score.score = 0
