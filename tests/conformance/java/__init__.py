"""Java submissions for the grader's tests: a correct class and its mutants.

correct/GameState.java is a correct PA4 GameState written from the
writeup. Each mutant is that file with a few exact text replacements:
:data:`MUTANTS` are the Java twins of Python mutants in ../mutants (same
name, same bug: they must fail the same requirements); :data:`ABUSES` are
submissions that would hang or kill a naive grader.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

CORRECT: Final = Path(__file__).resolve().parent / "correct" / "GameState.java"

Replacements = tuple[tuple[str, str], ...]

MERGE_TOP_FIRST_SLIDE = """    protected boolean slideDown() {
        boolean changed = false;
        int rows = board.length;
        for (int col = 0; col < board[0].length; col++) {
            int[] tiles = new int[rows];
            int count = 0;
            for (int row = 0; row < rows; row++) {
                if (board[row][col] != 0) {
                    tiles[count++] = board[row][col];
                }
            }
            int[] merged = new int[rows];
            int kept = 0;
            for (int index = 0; index < count; index++) {  // BUG: top first
                if (index + 1 < count && tiles[index] == tiles[index + 1]) {
                    merged[kept++] = 2 * tiles[index];
                    score += 2 * tiles[index];
                    index++;
                } else {
                    merged[kept++] = tiles[index];
                }
            }
            for (int row = 0; row < rows; row++) {
                int value = row < rows - kept ? 0 : merged[row - (rows - kept)];
                if (board[row][col] != value) {
                    changed = true;
                }
                board[row][col] = value;
            }
        }
        return changed;
    }
"""

REVERSED_CAN_SLIDE = """    protected boolean canSlideDown() {
        for (int col = 0; col < board[0].length; col++) {
            int previous = 0;
            for (int row = 0; row < board.length; row++) {
                int value = board[row][col];
                if (value != 0 && value == previous) {
                    return true;
                }
                if (value != 0) {
                    previous = value;
                }
                if (row + 1 < board.length && value == 0 && board[row + 1][col] != 0) {
                    return true;  // BUG: the gap must be below the tile
                }
            }
        }
        return false;
    }
"""

CLOCKWISE = """    protected void rotateCounterClockwise() {
        int rows = board.length;
        int cols = board[0].length;
        int[][] turned = new int[cols][rows];
        for (int row = 0; row < rows; row++) {
            for (int col = 0; col < cols; col++) {
                turned[col][rows - 1 - row] = board[row][col];  // BUG: clockwise
            }
        }
        board = turned;
    }

    private void turn() {"""


def _method(name: str) -> str:
    """The correct class's whole method ``name`` (signature to closing brace)."""
    text = CORRECT.read_text()
    declaration = re.search(rf"^    [\w\[\] ]+ {name}\([^)]*\) \{{$", text, re.MULTILINE)
    assert declaration is not None, name
    end = text.index("\n    }\n", declaration.start()) + len("\n    }\n")
    return text[declaration.start() : end]


MUTANTS: Final[dict[str, Replacements]] = {
    "merge_top_first": ((_method("slideDown"), MERGE_TOP_FIRST_SLIDE),),
    "merge_twice": (
        ("score += 2 * value;\n                    mergeable = false;",
         "score += 2 * value;  // BUG: the merged tile may merge again"),
    ),
    "getboard_alias": (("return copyOf(board);", "return board;  // BUG: no copy"),),
    "setboard_alias": (
        ("this.board = copyOf(newBoard);", "this.board = newBoard;  // BUG: no copy"),
    ),
    "random_tile_lte": (
        ("rollRNG(100) < Config.TWO_PROB", "rollRNG(100) <= Config.TWO_PROB"),
    ),
    "noop_move_adds_tile": (
        ("if (moved) {\n            addTile();\n        }", "addTile();  // BUG"),
    ),
    "gameover_leaves_rotated": (
        ("over = false;", "return false;  // BUG: the board stays rotated"),
    ),
    "can_slide_down_reversed": ((_method("canSlideDown"), REVERSED_CAN_SLIDE),),
    "left_right_swapped": (
        ("int turns = dir.getRotationCount();",
         ("int turns = dir.getRotationCount() % 2 == 1  // BUG: LEFT and RIGHT swapped\n"
         "            ? 4 - dir.getRotationCount() : dir.getRotationCount();")),
    ),
    "rotate_clockwise": (
        ("rotateCounterClockwise();", "turn();"),
        ("    protected void rotateCounterClockwise() {", CLOCKWISE),
    ),
    "odd_draw_misplaced": (
        ("new Random(Config.RANDOM_SEED);", "new Random();  // unseeded: another game each run"),
        ("int tile = randomTile();",
         ("int tile = randomTile();\n"
          "        // BUG: not square, an odd draw: the tile goes left of its cell\n"
          "        int shift = chosen % 2 == 1 && board.length != board[0].length ? 1 : 0;")),
        ("board[row][col] = tile;",
         "board[row][(col - shift + board[row].length) % board[row].length] = tile;"),
    ),
}

ABUSES: Final[dict[str, Replacements]] = {
    "does_not_compile": (("this.score = 0;", "this.score = 0"),),
    "infinite_loop": (
        ("boolean changed = false;\n        int rows = board.length;",
         ("boolean changed = false;\n        while (board.length >= 0) {\n        }\n"
          "        int rows = board.length;")),
    ),
    "system_exit": (
        ("if (dir == null) {\n            return false;\n        }",
         "if (dir == null) {\n            return false;\n        }\n        System.exit(0);"),
    ),
    "stack_overflow": (
        ("boolean changed = false;\n        int rows = board.length;",
         "boolean changed = slideDown();\n        int rows = board.length;"),
    ),
    "allocates_1gb": (
        ("int empty = 0;\n        for (int[] row : board) {",
         "int empty = new int[1 << 28].length * 0;\n        for (int[] row : board) {"),
    ),
}


def source(name: str) -> str:
    """The GameState.java of mutant or abuse ``name``."""
    text = CORRECT.read_text()
    for old, new in {**MUTANTS, **ABUSES}[name]:
        if old not in text:
            raise ValueError(f"{name}: {old[:40]!r} is not in the correct class")
        text = text.replace(old, new)
    return text


def write(name: str, folder: Path) -> Path:
    """Write mutant ``name`` as ``folder``/GameState.java; return the file."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "GameState.java"
    path.write_text(source(name))
    return path
