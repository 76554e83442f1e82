# Group 14: Alex Moore 90141, Bea Stone 90142
# (a student's file as written: not linted, see pyproject.toml)
# coordinate: a tuple (row, col). board: a dict {"grid": 4 lists of 4,
# "score": int}. board_reduce takes each line from the edge the tiles go
# to, packs it, merges equal neighbours, and writes it back.


def create_coordinate(row, col):
    if type(row) != int or type(col) != int or row not in range(1, 5) or col not in range(1, 5):
        raise ValueError("create_coordinate: invalid arguments")
    return (row, col)


def coordinate_row(c):
    return c[0]


def coordinate_col(c):
    return c[1]


def is_coordinate(x):
    return type(x) == tuple and len(x) == 2 and x[0] in range(1, 5) and x[1] in range(1, 5) \
        and type(x[0]) == int and type(x[1]) == int


def coordinates_equal(c1, c2):
    return coordinate_row(c1) == coordinate_row(c2) and coordinate_col(c1) == coordinate_col(c2)


def create_board():
    return {"grid": [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], "score": 0}


def board_position(b, c):
    if not is_coordinate(c):
        raise ValueError("board_position: invalid arguments")
    return b["grid"][coordinate_row(c) - 1][coordinate_col(c) - 1]


def board_score(b):
    return b["score"]


def board_empty_positions(b):
    empty = []
    for r in range(1, 5):
        for c in range(1, 5):
            if board_position(b, create_coordinate(r, c)) == 0:
                empty.append(create_coordinate(r, c))
    return empty


def board_fill_position(b, c, v):
    if not is_coordinate(c) or type(v) != int or v < 0:
        raise ValueError("board_fill_position: invalid arguments")
    b["grid"][coordinate_row(c) - 1][coordinate_col(c) - 1] = v
    return b


def board_update_score(b, v):
    if type(v) != int or v < 0 or v % 4 != 0:
        raise ValueError("board_update_score: invalid arguments")
    b["score"] += v
    return b


def line_cells(d, i):
    if d == "N":
        return [create_coordinate(r, i) for r in (1, 2, 3, 4)]
    if d == "S":
        return [create_coordinate(r, i) for r in (4, 3, 2, 1)]
    if d == "W":
        return [create_coordinate(i, c) for c in (1, 2, 3, 4)]
    return [create_coordinate(i, c) for c in (4, 3, 2, 1)]


def board_reduce(b, d):
    if d not in ("N", "S", "E", "W"):
        raise ValueError("board_reduce: invalid arguments")
    for i in range(1, 5):
        cells = line_cells(d, i)
        line = [board_position(b, c) for c in cells]
        line = [v for v in line if v != 0] + [0] * line.count(0)
        for k in range(3):
            if line[k] != 0 and line[k] == line[k + 1]:
                line[k] = line[k] * 2
                line[k + 1] = 0
                board_update_score(b, line[k])
        for c, v in zip(cells, line):
            board_fill_position(b, c, v)
    return b


def is_board(x):
    return type(x) == dict and set(x.keys()) == {"grid", "score"} and type(x["grid"]) == list \
        and len(x["grid"]) == 4 and all(type(row) == list and len(row) == 4 for row in x["grid"])


def board_finished(b):
    if board_empty_positions(b) != []:
        return False
    for r in range(1, 5):
        for c in range(1, 5):
            v = board_position(b, create_coordinate(r, c))
            if r < 4 and v == board_position(b, create_coordinate(r + 1, c)):
                return False
            if c < 4 and v == board_position(b, create_coordinate(r, c + 1)):
                return False
    return True


def boards_equal(b1, b2):
    return board_score(b1) == board_score(b2) and all(
        board_position(b1, c) == board_position(b2, c)
        for c in [create_coordinate(r, k) for r in range(1, 5) for k in range(1, 5)])
