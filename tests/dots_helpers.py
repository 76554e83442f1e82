"""Helpers of the Dots tests: grids written as text, and hypothesis strategies.

A grid in text is its rows top first, six letters each, joined by "/"
(``"RRRBRR/ORRRBO/..."``), as the Java golden file writes them.
"""

from __future__ import annotations

from hypothesis import strategies as st

from gamestate.dots import SIZE, CellT, GameBoardT, Level

Cell = tuple[int, int]


def grid_text(grid: list[list[CellT]]) -> str:
    return "/".join("".join(cell.value for cell in row) for row in grid)


def grid_of(text: str) -> list[list[CellT]]:
    return [[CellT(letter) for letter in row] for row in text.split("/")]


def game_with(
    text: str,
    *,
    moves: int = 4,
    objective: tuple[CellT, int] = (CellT.R, 6),
    squares: bool = False,
    seed: int = 0,
) -> GameBoardT:
    """A game on the grid ``text`` with a fresh generator seeded ``seed``."""
    level = Level(seed=seed, moves=moves, objective=objective, squares=squares)
    return GameBoardT.from_state(
        level,
        grid_of(text),
        moves=moves,
        objective_count=objective[1],
        score=0,
        generator_state=GameBoardT(seed=seed).generator_state(),
    )


def neighbours_of(cell: Cell) -> list[Cell]:
    r, c = cell
    around = [(r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)]
    return [(a, b) for a, b in around if 0 <= a < SIZE and 0 <= b < SIZE]


@st.composite
def levels(draw: st.DrawFn, squares: bool | None = None) -> Level:
    """Levels of every kind, with moves enough for a few moves."""
    return Level(
        seed=draw(st.integers(-(2**63), 2**63 - 1)),
        random_board=draw(st.booleans()),
        moves=draw(st.integers(1, 12)),
        objective=(draw(st.sampled_from(list(CellT))), draw(st.integers(1, 40))),
        squares=draw(st.booleans()) if squares is None else squares,
    )


@st.composite
def valid_paths(draw: st.DrawFn, game: GameBoardT) -> list[Cell] | None:
    """A random valid path on ``game`` (a walk through unvisited neighbours
    of the first dot's colour), or None when the game has no path."""
    grid = game.get_boardT()
    starts = [
        (r, c)
        for r in range(SIZE)
        for c in range(SIZE)
        if any(grid[a][b] == grid[r][c] for a, b in neighbours_of((r, c)))
    ]
    if not starts:
        return None
    path = [draw(st.sampled_from(starts))]
    colour = grid[path[0][0]][path[0][1]]
    while True:
        ahead = [
            cell
            for cell in neighbours_of(path[-1])
            if grid[cell[0]][cell[1]] == colour and cell not in path
        ]
        if not ahead or (len(path) >= 2 and draw(st.integers(0, 3)) == 0):
            return path
        path.append(draw(st.sampled_from(ahead)))
