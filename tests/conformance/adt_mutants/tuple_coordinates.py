"""Not a bug: coordinates are tuples (row, col), as many students make
them, so (1, 1) is a valid coordinate; the board is a dict. Every
requirement holds."""

from __future__ import annotations

Coordinate = tuple[int, int]
Board = dict[str, object]


def _is_position(n: object) -> bool:
    return type(n) is int and 1 <= n <= 4


def create_coordinate(row: object, col: object) -> Coordinate:
    if not (_is_position(row) and _is_position(col)):
        raise ValueError("create_coordinate: invalid arguments")
    return (row, col)  # type: ignore[return-value]


def coordinate_row(c: Coordinate) -> int:
    return c[0]


def coordinate_col(c: Coordinate) -> int:
    return c[1]


def is_coordinate(x: object) -> bool:
    return (isinstance(x, tuple) and len(x) == 2
            and _is_position(x[0]) and _is_position(x[1]))


def coordinates_equal(c1: Coordinate, c2: Coordinate) -> bool:
    return c1 == c2


def create_board() -> Board:
    return {"cells": {(r, c): 0 for r in range(1, 5) for c in range(1, 5)}, "score": 0}


def _cells(b: Board) -> dict[Coordinate, int]:
    return b["cells"]  # type: ignore[return-value]


def board_position(b: Board, c: object) -> int:
    if not is_coordinate(c):
        raise ValueError("board_position: invalid arguments")
    return _cells(b)[c]  # type: ignore[index]


def board_score(b: Board) -> int:
    return b["score"]  # type: ignore[return-value]


def board_empty_positions(b: Board) -> list[Coordinate]:
    return [c for c, v in sorted(_cells(b).items()) if v == 0]


def board_fill_position(b: Board, c: object, v: object) -> Board:
    if not (is_coordinate(c) and type(v) is int and v >= 0):
        raise ValueError("board_fill_position: invalid arguments")
    _cells(b)[c] = v  # type: ignore[index]
    return b


def board_update_score(b: Board, v: object) -> Board:
    if not (type(v) is int and v >= 0 and v % 4 == 0):
        raise ValueError("board_update_score: invalid arguments")
    b["score"] = board_score(b) + v
    return b


def _line(action: str, k: int) -> list[Coordinate]:
    """Line k of ``action``, from the edge the tiles move to."""
    edge = range(1, 5) if action in "NW" else range(4, 0, -1)
    return [(i, k) if action in "NS" else (k, i) for i in edge]


def board_reduce(b: Board, d: object) -> Board:
    if d not in ("N", "S", "E", "W"):
        raise ValueError("board_reduce: invalid arguments")
    for k in range(1, 5):
        line = _line(d, k)  # type: ignore[arg-type]
        tiles = [_cells(b)[c] for c in line if _cells(b)[c]]
        merged: list[int] = []
        while tiles:
            if len(tiles) > 1 and tiles[0] == tiles[1]:
                merged.append(2 * tiles[0])
                board_update_score(b, 2 * tiles[0])
                tiles = tiles[2:]
            else:
                merged.append(tiles.pop(0))
        merged += [0] * (4 - len(merged))
        for c, v in zip(line, merged, strict=True):
            _cells(b)[c] = v
    return b


def is_board(x: object) -> bool:
    return (isinstance(x, dict) and set(x) == {"cells", "score"}
            and isinstance(x["cells"], dict) and len(x["cells"]) == 16)


def board_finished(b: Board) -> bool:
    if board_empty_positions(b):
        return False
    cells = _cells(b)
    return not any(
        cells[(r, c)] == cells.get((r + 1, c)) or cells[(r, c)] == cells.get((r, c + 1))
        for r in range(1, 5) for c in range(1, 5)
    )


def boards_equal(b1: Board, b2: Board) -> bool:
    return b1 == b2
