/*
 * Name: (corpus) move adds a tile when nothing slid
 * File: GameState.java
 *
 * A student-style PA4 GameState for the grader's corpus: move calls
 * addTile after every slide, even one that changed nothing (it still
 * returns whether the slide changed the board). Moves are slideDown on a
 * transposed and/or flipped copy; there is no rotateCounterClockwise.
 */
import java.util.Random;

public class GameState {
    private Random rng;
    private int[][] board;
    private int score;

    public GameState(int numRows, int numCols) {
        rng = new Random(Config.RANDOM_SEED);
        board = new int[numRows][numCols];
        score = 0;
    }

    public int[][] getBoard() {
        int[][] copy = new int[board.length][];
        for (int r = 0; r < board.length; r++) {
            copy[r] = board[r].clone();
        }
        return copy;
    }

    public void setBoard(int[][] newBoard) {
        if (newBoard == null) {
            return;
        }
        int[][] copy = new int[newBoard.length][];
        for (int r = 0; r < newBoard.length; r++) {
            copy[r] = newBoard[r].clone();
        }
        board = copy;
    }

    public int getScore() {
        return score;
    }

    public void setScore(int newScore) {
        score = newScore;
    }

    protected int rollRNG(int bound) {
        return rng.nextInt(bound);
    }

    protected int randomTile() {
        return rollRNG(100) < Config.TWO_PROB ? 2 : 4;
    }

    protected int countEmptyTiles() {
        int empty = 0;
        for (int[] row : board) {
            for (int cell : row) {
                if (cell == 0) {
                    empty++;
                }
            }
        }
        return empty;
    }

    protected int addTile() {
        int empty = countEmptyTiles();
        if (empty == 0) {
            return 0;
        }
        int which = rollRNG(empty);
        int tile = randomTile();
        for (int r = 0; r < board.length; r++) {
            for (int c = 0; c < board[r].length; c++) {
                if (board[r][c] == 0) {
                    if (which == 0) {
                        board[r][c] = tile;
                        return tile;
                    }
                    which--;
                }
            }
        }
        return 0;
    }

    /** @return the transpose of grid (C x R from R x C) */
    private static int[][] transpose(int[][] grid) {
        int[][] result = new int[grid[0].length][grid.length];
        for (int r = 0; r < grid.length; r++) {
            for (int c = 0; c < grid[0].length; c++) {
                result[c][r] = grid[r][c];
            }
        }
        return result;
    }

    /** @return grid upside down (the last row first) */
    private static int[][] flip(int[][] grid) {
        int[][] result = new int[grid.length][];
        for (int r = 0; r < grid.length; r++) {
            result[r] = grid[grid.length - 1 - r].clone();
        }
        return result;
    }

    /** The board turned so that sliding down performs dir. */
    private static int[][] facing(int[][] grid, Direction dir) {
        switch (dir) {
            case UP:
                return flip(grid);
            case RIGHT:
                return transpose(grid);
            case LEFT:
                return flip(transpose(grid));
            default:
                return grid;
        }
    }

    /** Undoes facing(grid, dir). */
    private static int[][] unfacing(int[][] grid, Direction dir) {
        switch (dir) {
            case UP:
                return flip(grid);
            case RIGHT:
                return transpose(grid);
            case LEFT:
                return transpose(flip(grid));
            default:
                return grid;
        }
    }

    protected boolean canSlideDown() {
        for (int c = 0; c < board[0].length; c++) {
            int previous = -1;  // the tile below, -1 for the edge
            for (int r = board.length - 1; r >= 0; r--) {
                int value = board[r][c];
                if (value != 0 && (previous == 0 || value == previous)) {
                    return true;
                }
                if (value != 0 || previous == -1) {
                    previous = value;
                } else if (previous != 0) {
                    previous = 0;
                }
            }
        }
        return false;
    }

    public boolean isGameOver() {
        int[][] saved = board;
        for (Direction dir : Direction.values()) {
            board = facing(saved, dir);
            boolean canMove = canSlideDown();
            board = saved;
            if (canMove) {
                return false;
            }
        }
        return true;
    }

    protected boolean slideDown() {
        boolean changed = false;
        int rows = board.length;
        for (int c = 0; c < board[0].length; c++) {
            int target = rows - 1;
            int lastMerged = rows;  // a row that already merged this move
            for (int r = rows - 1; r >= 0; r--) {
                int value = board[r][c];
                if (value == 0) {
                    continue;
                }
                board[r][c] = 0;
                if (target + 1 < rows && target + 1 != lastMerged
                        && board[target + 1][c] == value) {
                    board[target + 1][c] = value * 2;
                    score += value * 2;
                    lastMerged = target + 1;
                    changed = true;
                } else {
                    board[target][c] = value;
                    if (target != r) {
                        changed = true;
                    }
                    target--;
                }
            }
        }
        return changed;
    }

    public boolean move(Direction dir) {
        if (dir == null) {
            return false;
        }
        board = facing(board, dir);
        boolean moved = slideDown();
        board = unfacing(board, dir);
        addTile();  // a new tile every turn
        return moved;
    }

    public String toString() {
        StringBuilder outputString = new StringBuilder();
        outputString.append(String.format("Score: %d\n", getScore()));
        for (int row = 0; row < getBoard().length; row++) {
            for (int column = 0; column < getBoard()[0].length; column++) {
                outputString.append(getBoard()[row][column] == 0 ? "    -" :
                    String.format("%5d", getBoard()[row][column]));
            }
            outputString.append("\n");
        }
        return outputString.toString();
    }
}
