/*
 * Name: (corpus) gravity loops bounded by the default size
 * File: GameState.java
 *
 * A student-style PA4 GameState for the grader's corpus: slideDown packs
 * each column with Config.DEFAULT_SIZE - 1 passes of one cell each ("a tile
 * moves at most 3 cells", true on the default 4 x 4 board), merges equal
 * neighbours from the bottom up, then packs once more with one pass. Right
 * on lines of up to 4 cells; on a tall board a tile can stop short: the
 * column 4 0 0 0 0 4 (top to bottom) becomes 0 0 0 0 4 4 (the two 4s never
 * touched before the merge pass); right is 0 0 0 0 0 8.
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

    /**
     * Moves every tile of column col down one cell where the cell below is
     * empty, from the bottom up.
     * @return whether a tile moved
     */
    private boolean packOnce(int col) {
        boolean moved = false;
        for (int i = this.board.length - 2; i >= 0; i--) {
            if (this.board[i][col] != 0 && this.board[i + 1][col] == 0) {
                this.board[i + 1][col] = this.board[i][col];
                this.board[i][col] = 0;
                moved = true;
            }
        }
        return moved;
    }

    protected boolean slideDown() {
        boolean changed = false;
        for (int j = 0; j < this.board[0].length; j++) {
            // 1. pack the tiles down
            for (int pass = 0; pass < Config.DEFAULT_SIZE - 1; pass++) {
                if (packOnce(j)) {
                    changed = true;
                }
            }
            // 2. merge equal neighbours, bottom first
            for (int i = this.board.length - 2; i >= 0; i--) {
                int value = this.board[i][j];
                if (value != 0 && value == this.board[i + 1][j]) {
                    this.board[i + 1][j] = value * 2;
                    this.board[i][j] = 0;
                    this.score += value * 2;
                    changed = true;
                }
            }
            // 3. close the holes the merges left
            packOnce(j);
        }
        return changed;
    }

    public boolean move(Direction dir) {
        if (dir == null) {
            return false;
        }
        int count = dir.getRotationCount();
        for (int i = 0; i < count; i++) {
            rotateCounterClockwise();
        }
        boolean slid = slideDown();
        for (int i = 0; i < 4 - count; i++) {
            rotateCounterClockwise();
        }
        if (slid) {
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
