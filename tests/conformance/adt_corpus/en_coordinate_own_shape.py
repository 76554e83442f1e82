# Group 11: Ana Lopes 90111, Rui Meireles 90112
# (a student's file as written: not linted, see pyproject.toml)
# coordinate: a tuple (row, col). board: a list [grid, score]. is_coordinate
# compares the two parts with 1 and 4 without asking their type; the
# functions that take a coordinate check it through create_coordinate.

STEPS = {'N': (-1, 0), 'S': (1, 0), 'W': (0, -1), 'E': (0, 1)}


def create_coordinate(r, c):
    if not (type(r) is int and type(c) is int and 0 < r < 5 and 0 < c < 5):
        raise ValueError("create_coordinate: invalid arguments")
    return (r, c)


def coordinate_row(c):
    return c[0]


def coordinate_col(c):
    return c[1]


def valid(c):
    try:
        create_coordinate(*c)
    except (TypeError, ValueError):
        return False
    return isinstance(c, tuple)


def is_coordinate(x):
    return isinstance(x, tuple) and len(x) == 2 and 1 <= x[0] <= 4 and 1 <= x[1] <= 4


def coordinates_equal(c1, c2):
    return c1 == c2


def create_board():
    return [[[0] * 4 for _ in range(4)], 0]


def board_position(b, c):
    if not valid(c):
        raise ValueError("board_position: invalid arguments")
    return b[0][c[0] - 1][c[1] - 1]


def board_score(b):
    return b[1]


def board_empty_positions(b):
    return [(r, c) for r in range(1, 5) for c in range(1, 5) if b[0][r - 1][c - 1] == 0]


def board_fill_position(b, c, v):
    if not is_board(b) or not valid(c) or type(v) is not int:
        raise ValueError("board_fill_position: invalid arguments")
    b[0][c[0] - 1][c[1] - 1] = v
    return b


def board_update_score(b, v):
    if not is_board(b) or type(v) is not int or v < 0 or v % 4:
        raise ValueError("board_update_score: invalid arguments")
    b[1] += v
    return b


def order(d):
    """The cells in the order their tiles move: nearest the edge first."""
    rows = range(4, 0, -1) if d == 'S' else range(1, 5)
    cols = range(4, 0, -1) if d == 'E' else range(1, 5)
    return [(r, c) for r in rows for c in cols]


def board_reduce(b, d):
    if not is_board(b) or d not in STEPS:
        raise ValueError("board_reduce: invalid arguments")
    dr, dc = STEPS[d]
    grid = b[0]
    merged = set()
    for r, c in order(d):
        if grid[r - 1][c - 1] == 0:
            continue
        while True:
            nr, nc = r + dr, c + dc
            if not (1 <= nr <= 4 and 1 <= nc <= 4):
                break
            here, there = grid[r - 1][c - 1], grid[nr - 1][nc - 1]
            if there == 0:
                grid[nr - 1][nc - 1], grid[r - 1][c - 1] = here, 0
                r, c = nr, nc
            elif there == here and (nr, nc) not in merged and (r, c) not in merged:
                grid[nr - 1][nc - 1], grid[r - 1][c - 1] = 2 * here, 0
                merged.add((nr, nc))
                board_update_score(b, 2 * here)
                break
            else:
                break
    return b


def is_board(x):
    return (isinstance(x, list) and len(x) == 2 and type(x[1]) is int
            and isinstance(x[0], list) and len(x[0]) == 4
            and all(isinstance(row, list) and len(row) == 4 for row in x[0]))


def board_finished(b):
    if board_empty_positions(b):
        return False
    for d in STEPS:
        if board_reduce(copy_board(b), d)[0] != b[0]:
            return False
    return True


def boards_equal(b1, b2):
    return is_board(b1) and is_board(b2) and b1 == b2


def copy_board(b):
    return [[row[:] for row in b[0]], b[1]]
