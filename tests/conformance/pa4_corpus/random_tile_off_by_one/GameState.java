/*
 * Name: (corpus) randomTile off by one
 * File: GameState.java
 *
 * A student-style PA4 GameState for the grader's corpus: randomTile
 * returns 2 when rollRNG(100) <= TWO_PROB, which is 71 of the 100 numbers
 * nextInt(100) can give (0 to 70): a 71% chance of a 2, not 70%. The
 * board is kept as a 1-D array.
 */
import java.util.Random;

public class GameState {
    private Random rng;
    private int[] cells;
    private int rows;
    private int cols;
    private int score;

    public GameState(int numRows, int numCols) {
        rng = new Random(Config.RANDOM_SEED);
        rows = numRows;
        cols = numCols;
        cells = new int[numRows * numCols];
        score = 0;
    }

    private int at(int row, int col) {
        return cells[row * cols + col];
    }

    private void put(int row, int col, int value) {
        cells[row * cols + col] = value;
    }

    public int[][] getBoard() {
        int[][] result = new int[rows][cols];
        for (int row = 0; row < rows; row++) {
            for (int col = 0; col < cols; col++) {
                result[row][col] = at(row, col);
            }
        }
        return result;
    }

    public void setBoard(int[][] newBoard) {
        if (newBoard == null) {
            return;
        }
        rows = newBoard.length;
        cols = newBoard[0].length;
        cells = new int[rows * cols];
        for (int row = 0; row < rows; row++) {
            for (int col = 0; col < cols; col++) {
                put(row, col, newBoard[row][col]);
            }
        }
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
        return rollRNG(100) <= Config.TWO_PROB ? Config.TWO_TILE : Config.FOUR_TILE;
    }

    protected int countEmptyTiles() {
        int count = 0;
        for (int value : cells) {
            if (value == 0) {
                count++;
            }
        }
        return count;
    }

    protected int addTile() {
        int empty = countEmptyTiles();
        if (empty == 0) {
            return 0;
        }
        int chosen = rollRNG(empty);
        int tile = randomTile();
        for (int i = 0; i < cells.length; i++) {
            if (cells[i] == 0) {
                if (chosen == 0) {
                    cells[i] = tile;
                    return tile;
                }
                chosen--;
            }
        }
        return 0;
    }

    protected void rotateCounterClockwise() {
        int[] turned = new int[cells.length];
        // cell (row, col) goes to (cols - 1 - col, row) of a cols x rows board
        for (int row = 0; row < rows; row++) {
            for (int col = 0; col < cols; col++) {
                turned[(cols - 1 - col) * rows + row] = at(row, col);
            }
        }
        cells = turned;
        int swap = rows;
        rows = cols;
        cols = swap;
    }

    protected boolean canSlideDown() {
        for (int col = 0; col < cols; col++) {
            int below = -1;  // -1: the bottom edge
            for (int row = rows - 1; row >= 0; row--) {
                int value = at(row, col);
                if (value == 0) {
                    below = 0;  // an empty cell: a tile above can fall
                    continue;
                }
                if (below == 0 || value == below) {
                    return true;
                }
                below = value;
            }
        }
        return false;
    }

    public boolean isGameOver() {
        boolean over = true;
        for (int i = 0; i < 4; i++) {
            over = over && !canSlideDown();
            rotateCounterClockwise();
        }
        return over;
    }

    protected boolean slideDown() {
        boolean changed = false;
        for (int col = 0; col < cols; col++) {
            int write = rows - 1;
            boolean mayMerge = false;
            for (int row = rows - 1; row >= 0; row--) {
                int value = at(row, col);
                if (value == 0) {
                    continue;
                }
                put(row, col, 0);
                if (mayMerge && at(write + 1, col) == value) {
                    put(write + 1, col, 2 * value);
                    score += 2 * value;
                    mayMerge = false;
                    changed = true;
                } else {
                    put(write, col, value);
                    changed = changed || write != row;
                    write--;
                    mayMerge = true;
                }
            }
        }
        return changed;
    }

    public boolean move(Direction dir) {
        if (dir == null) {
            return false;
        }
        int turns = dir.getRotationCount();
        for (int i = 0; i < turns; i++) {
            rotateCounterClockwise();
        }
        boolean moved = slideDown();
        for (int i = turns; i < 4; i++) {
            rotateCounterClockwise();
        }
        if (moved) {
            addTile();
        }
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
