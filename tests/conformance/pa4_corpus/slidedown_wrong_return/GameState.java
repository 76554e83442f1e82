/*
 * Name: (corpus) slideDown returns whether it merged
 * File: GameState.java
 *
 * A student-style PA4 GameState for the grader's corpus: slideDown returns
 * true only when two tiles merged, not when tiles only slid; move adds its
 * new tile when the board changed (it compares a copy) but returns
 * slideDown's answer. So move(UP) of 0 / 2 slides the 2 up, adds a tile
 * and returns false.
 */
import java.util.Random;

public class GameState {
    private Random rng;
    private int[][] board;
    private int score;

    /**
     * Initializes an empty board and score 0.
     * @param numRows rows of the board
     * @param numCols columns of the board
     */
    public GameState(int numRows, int numCols) {
        this.rng = new Random(Config.RANDOM_SEED);
        this.board = new int[numRows][numCols];
        this.score = 0;
    }

    /**
     * @param original the array to copy
     * @return a deep copy of original
     */
    private int[][] deepCopy(int[][] original) {
        int[][] result = new int[original.length][];
        for (int i = 0; i < original.length; i++) {
            result[i] = original[i].clone();
        }
        return result;
    }

    public int[][] getBoard() {
        return deepCopy(this.board);
    }

    public void setBoard(int[][] newBoard) {
        if (newBoard == null) {
            return;
        }
        this.board = deepCopy(newBoard);
    }

    public int getScore() {
        return this.score;
    }

    public void setScore(int newScore) {
        this.score = newScore;
    }

    protected int rollRNG(int bound) {
        return this.rng.nextInt(bound);
    }

    protected int randomTile() {
        int roll = rollRNG(100);
        return (roll < Config.TWO_PROB) ? Config.TWO_TILE : Config.FOUR_TILE;
    }

    protected int countEmptyTiles() {
        int numEmpty = 0;
        for (int[] row : this.board) {
            for (int value : row) {
                numEmpty += (value == 0) ? 1 : 0;
            }
        }
        return numEmpty;
    }

    protected int addTile() {
        int numEmpty = countEmptyTiles();
        if (numEmpty == 0) {
            return 0;
        }
        int target = rollRNG(numEmpty);
        int tile = randomTile();
        int seen = 0;
        for (int i = 0; i < this.board.length; i++) {
            for (int j = 0; j < this.board[i].length; j++) {
                if (this.board[i][j] == 0) {
                    if (seen == target) {
                        this.board[i][j] = tile;
                        return tile;
                    }
                    seen++;
                }
            }
        }
        return 0;
    }

    /**
     * @param grid an R x C array
     * @return grid turned a quarter counter-clockwise, C x R
     */
    private static int[][] rotatedCopy(int[][] grid) {
        int rows = grid.length;
        int cols = grid[0].length;
        int[][] turned = new int[cols][rows];
        for (int i = 0; i < cols; i++) {
            for (int j = 0; j < rows; j++) {
                turned[i][j] = grid[j][cols - 1 - i];
            }
        }
        return turned;
    }

    protected void rotateCounterClockwise() {
        this.board = rotatedCopy(this.board);
    }

    protected boolean canSlideDown() {
        int rows = this.board.length;
        for (int j = 0; j < this.board[0].length; j++) {
            for (int i = 0; i < rows - 1; i++) {
                int here = this.board[i][j];
                int below = this.board[i + 1][j];
                if (here != 0 && below == 0) {
                    return true;
                }
                if (here != 0) {
                    // skip blanks: the next tile down may equal this one
                    int k = i + 1;
                    while (k < rows && this.board[k][j] == 0) {
                        k++;
                    }
                    if (k < rows && this.board[k][j] == here) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    public boolean isGameOver() {
        int[][] saved = getBoard();
        boolean over = true;
        for (int turn = 0; turn < 4 && over; turn++) {
            if (canSlideDown()) {
                over = false;
            }
            rotateCounterClockwise();
        }
        this.board = saved;  // whatever the turns did, put it back
        return over;
    }

    protected boolean slideDown() {
        int rows = this.board.length;
        boolean changed = false;
        boolean merged = false;
        for (int j = 0; j < this.board[0].length; j++) {
            int write = rows - 1;       // the next cell to fill
            int pending = 0;            // a tile waiting for a partner
            int[] column = new int[rows];
            for (int i = rows - 1; i >= 0; i--) {
                int value = this.board[i][j];
                if (value == 0) {
                    continue;
                }
                if (pending == value) {
                    column[write] = value * 2;
                    this.score += value * 2;
                    write--;
                    pending = 0;
                    merged = true;
                } else {
                    if (pending != 0) {
                        column[write] = pending;
                        write--;
                    }
                    pending = value;
                }
            }
            if (pending != 0) {
                column[write] = pending;
            }
            for (int i = 0; i < rows; i++) {
                changed = changed || column[i] != this.board[i][j];
                this.board[i][j] = column[i];
            }
        }
        return merged;
    }

    public boolean move(Direction dir) {
        if (dir == null) {
            return false;
        }
        int[][] before = getBoard();
        int count = dir.getRotationCount();
        for (int i = 0; i < count; i++) {
            rotateCounterClockwise();
        }
        boolean slid = slideDown();
        for (int i = 0; i < 4 - count; i++) {
            rotateCounterClockwise();
        }
        if (!java.util.Arrays.deepEquals(before, getBoard())) {
            addTile();
        }
        return slid;
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
