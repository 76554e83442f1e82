"""Spec 004's console game: the board ADT of :mod:`gamestate.adt`, played.

    python -m playmanager.twenty48.adt_game [--seed N]

The spec's I/O functions, with its names and texts: ``print_board``,
``request_move`` and ``game_2048``. Streams are parameters (None means
``sys.stdin`` / ``sys.stdout``, looked up at call time) and so is the
randomness: a ``random.Random``, never the ``random`` module's global
one. Ctrl-D (the input ends) and Ctrl-C end a game quietly, on a new
line; run as a program, Ctrl-C exits with 130 as every game here does.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Final, TextIO

from gamestate.adt import (
    MOVES,
    Board,
    RandomSource,
    board_finished,
    board_reduce,
    boards_equal,
    copy_board,
    create_board,
    fill_random_position,
    is_board,
)

from ..options import EXIT_INTERRUPTED, EXIT_OK

__all__ = ["game_2048", "print_board", "request_move"]

PROMPT: Final = "Pick a move (N, S, E, W): "
INVALID_MOVE: Final = "Invalid move."
INITIAL_TILES: Final = 2
"""Tiles on the board before the first move, as in the original game."""


def print_board(b: Board, stdout: TextIO | None = None) -> None:
    """Write ``b`` as four ``[ v ]`` rows and a ``Score: n`` line.

    Raises ValueError("print_board: invalid arguments") unless ``b`` is a
    board.
    """
    if not is_board(b):
        raise ValueError("print_board: invalid arguments")
    out = sys.stdout if stdout is None else stdout
    for row in b.cells:
        out.write(" ".join(f"[ {value} ]" for value in row) + "\n")
    out.write(f"Score: {b.score}\n")


def request_move(stdin: TextIO | None = None, stdout: TextIO | None = None) -> str:
    """Ask for an action until one of N, S, E, W is typed; return it.

    Anything else (lowercase included) prints "Invalid move." and asks
    again. Raises EOFError when the input ends first.
    """
    source = sys.stdin if stdin is None else stdin
    out = sys.stdout if stdout is None else stdout
    while True:
        out.write(PROMPT)
        out.flush()
        line = source.readline()
        if not line:
            raise EOFError("request_move: the input ended before a move")
        answer = line.rstrip("\r\n")
        if answer in MOVES:
            return answer
        out.write(INVALID_MOVE + "\n")


def game_2048(
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    rng: RandomSource | None = None,
) -> None:
    """Play a whole game: two random tiles, then moves until it is finished.

    Before each move the board is printed and a move requested; a tile is
    added only when the move changed the board. The finished board is
    printed once more at the end. Ctrl-D or Ctrl-C ends the game quietly.
    ``rng`` None means a new ``random.Random()``.
    """
    play(stdin, stdout, rng)


def play(stdin: TextIO | None, stdout: TextIO | None, rng: RandomSource | None) -> bool:
    """:func:`game_2048`; False when Ctrl-C ended it (for the exit status)."""
    out = sys.stdout if stdout is None else stdout
    try:
        _play_until_finished(stdin, out, random.Random() if rng is None else rng)
    except EOFError:
        out.write("\n")  # end the unanswered prompt's line
    except KeyboardInterrupt:
        out.write("\n")
        return False
    return True


def _play_until_finished(stdin: TextIO | None, out: TextIO, rng: RandomSource) -> None:
    board = create_board()
    for _ in range(INITIAL_TILES):
        fill_random_position(board, rng)
    while not board_finished(board):
        print_board(board, out)
        move = request_move(stdin, out)
        before = copy_board(board)
        board_reduce(board, move)
        if not boards_equal(board, before):
            fill_random_position(board, rng)
    print_board(board, out)


def build_parser() -> argparse.ArgumentParser:
    """The command line's options (the docs render its ``--help``)."""
    parser = argparse.ArgumentParser(
        prog="python -m playmanager.twenty48.adt_game",
        description="Spec 004's 2048 on the console: type N, S, E or W and"
        " Enter to move; Ctrl-D or Ctrl-C ends the game.",
    )
    parser.add_argument(
        "--seed",
        type=int,
        help="seed of the random tiles (any whole number): the same seed and"
        " moves replay the same game; default a new game each time",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Play one game on the terminal; the exit status (130 after Ctrl-C)."""
    seed = build_parser().parse_args(argv).seed
    return EXIT_OK if play(None, None, random.Random(seed)) else EXIT_INTERRUPTED


if __name__ == "__main__":
    raise SystemExit(main())
