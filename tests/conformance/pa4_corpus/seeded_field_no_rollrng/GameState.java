/*
 * Name: (corpus) seeded Random field, no rollRNG
 * File: GameState.java
 * Sources of help: the PA4 writeup
 *
 * A student-style PA4 GameState written for the grader's corpus: it keeps
 * one Random seeded with Config.RANDOM_SEED and never writes the OPTIONAL
 * rollRNG; randomTile draws nextInt(100) + 1 <= TWO_PROB (exactly 70%).
 * addTile draws the cell first, then the tile: the reference's draws.
 */
import java.util.Random;

/**
 * The state of a 2048 game: the board, the score and the random numbers.
 */
public class GameState {
    private static final int PERCENT = 100;
    private static final int TURNS = 4;

    private Random rng = new Random(Config.RANDOM_SEED);
    private int[][] board;
    private int score;

    /**
     * An empty board of the given size and a score of 0.
     * @param numRows the number of rows
     * @param numCols the number of columns
     */
    public GameState(int numRows, int numCols) {
        board = new int[numRows][numCols];
        score = 0;
    }

    /**
     * @return a deep copy of the board
     */
    public int[][] getBoard() {
        int[][] copy = new int[board.length][];
        for (int i = 0; i < board.length; i++) {
            copy[i] = new int[board[i].length];
            for (int j = 0; j < board[i].length; j++) {
                copy[i][j] = board[i][j];
            }
        }
        return copy;
    }

    /**
     * @param newBoard the board to copy in; null changes nothing
     */
    public void setBoard(int[][] newBoard) {
        if (newBoard == null) {
            return;
        }
        int[][] copy = new int[newBoard.length][];
        for (int i = 0; i < newBoard.length; i++) {
            copy[i] = new int[newBoard[i].length];
            for (int j = 0; j < newBoard[i].length; j++) {
                copy[i][j] = newBoard[i][j];
            }
        }
        board = copy;
    }

    public int getScore() {
        return score;
    }

    public void setScore(int newScore) {
        score = newScore;
    }

    /**
     * @return 2 with probability TWO_PROB percent, else 4
     */
    protected int randomTile() {
        int roll = rng.nextInt(PERCENT) + 1;  // 1 to 100
        if (roll <= Config.TWO_PROB) {
            return Config.TWO_TILE;
        }
        return Config.FOUR_TILE;
    }

    protected int countEmptyTiles() {
        int count = 0;
        for (int i = 0; i < board.length; i++) {
            for (int j = 0; j < board[i].length; j++) {
                if (board[i][j] == 0) {
                    count++;
                }
            }
        }
        return count;
    }

    /**
     * Puts randomTile()'s tile in a random empty cell.
     * @return the tile added, or 0 on a full board
     */
    protected int addTile() {
        int empty = countEmptyTiles();
        if (empty == 0) {
            return 0;
        }
        int spot = rng.nextInt(empty);
        int tile = randomTile();
        for (int i = 0; i < board.length; i++) {
            for (int j = 0; j < board[i].length; j++) {
                if (board[i][j] == 0) {
                    if (spot == 0) {
                        board[i][j] = tile;
                        return tile;
                    }
                    spot--;
                }
            }
        }
        return 0;
    }

    /**
     * Turns the board a quarter counter-clockwise into a new array.
     */
    protected void rotateCounterClockwise() {
        int rows = board.length;
        int cols = board[0].length;
        int[][] rotated = new int[cols][rows];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                rotated[cols - 1 - j][i] = board[i][j];
            }
        }
        board = rotated;
    }

    /**
     * @return whether slideDown would change the board
     */
    protected boolean canSlideDown() {
        for (int j = 0; j < board[0].length; j++) {
            int below = 0;  // the nearest tile below, 0 when none yet
            for (int i = board.length - 1; i >= 0; i--) {
                if (board[i][j] == 0) {
                    continue;
                }
                if (i < board.length - 1 && board[i + 1][j] == 0) {
                    return true;  // an empty cell below a tile
                }
                if (board[i][j] == below) {
                    return true;  // two equal tiles meet
                }
                below = board[i][j];
            }
        }
        return false;
    }

    public boolean isGameOver() {
        boolean over = true;
        for (int turn = 0; turn < TURNS; turn++) {
            if (canSlideDown()) {
                over = false;
            }
            rotateCounterClockwise();
        }
        return over;
    }

    /**
     * Slides every column down, merging equal tiles from the bottom up.
     * @return whether the board changed
     */
    protected boolean slideDown() {
        boolean changed = false;
        for (int j = 0; j < board[0].length; j++) {
            int[] column = new int[board.length];
            int next = board.length - 1;  // where the next tile goes
            boolean canMerge = false;
            for (int i = board.length - 1; i >= 0; i--) {
                int tile = board[i][j];
                if (tile == 0) {
                    continue;
                }
                if (canMerge && column[next + 1] == tile) {
                    column[next + 1] = tile * 2;
                    score += tile * 2;
                    canMerge = false;
                } else {
                    column[next] = tile;
                    next--;
                    canMerge = true;
                }
            }
            for (int i = 0; i < board.length; i++) {
                if (board[i][j] != column[i]) {
                    changed = true;
                    board[i][j] = column[i];
                }
            }
        }
        return changed;
    }

    public boolean move(Direction dir) {
        if (dir == null) {
            return false;
        }
        for (int turn = 0; turn < dir.getRotationCount(); turn++) {
            rotateCounterClockwise();
        }
        boolean moved = slideDown();
        for (int turn = dir.getRotationCount(); turn < TURNS; turn++) {
            rotateCounterClockwise();
        }
        if (moved) {
            addTile();
        }
        return moved;
    }

    // REQUIRED - put this in your GameState.java
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
