import java.util.Random;

/**
 * A correct GameState for PA4, written from the writeup: the control the
 * grader's Java tests compare against (it must score 32/32 with O1 PASS).
 * Each Java mutant beside it is this file with one classic bug.
 */
public class GameState {
    private Random rng;
    private int[][] board;
    private int score;

    public GameState(int numRows, int numCols) {
        this.board = new int[numRows][numCols];
        this.score = 0;
        this.rng = new Random(Config.RANDOM_SEED);
    }

    private static int[][] copyOf(int[][] original) {
        int[][] copy = new int[original.length][];
        for (int row = 0; row < original.length; row++) {
            copy[row] = original[row].clone();
        }
        return copy;
    }

    public int[][] getBoard() {
        return copyOf(board);
    }

    public void setBoard(int[][] newBoard) {
        if (newBoard == null) {
            return;
        }
        this.board = copyOf(newBoard);
    }

    public int getScore() {
        return score;
    }

    public void setScore(int newScore) {
        this.score = newScore;
    }

    protected int rollRNG(int bound) {
        return rng.nextInt(bound);
    }

    protected int randomTile() {
        if (rollRNG(100) < Config.TWO_PROB) {
            return Config.TWO_TILE;
        }
        return Config.FOUR_TILE;
    }

    protected int countEmptyTiles() {
        int empty = 0;
        for (int[] row : board) {
            for (int value : row) {
                if (value == 0) {
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
        int chosen = rollRNG(empty);
        int tile = randomTile();
        for (int row = 0; row < board.length; row++) {
            for (int col = 0; col < board[row].length; col++) {
                if (board[row][col] == 0) {
                    if (chosen == 0) {
                        board[row][col] = tile;
                        return tile;
                    }
                    chosen--;
                }
            }
        }
        return 0;
    }

    protected void rotateCounterClockwise() {
        int rows = board.length;
        int cols = board[0].length;
        int[][] turned = new int[cols][rows];
        for (int row = 0; row < rows; row++) {
            for (int col = 0; col < cols; col++) {
                turned[cols - 1 - col][row] = board[row][col];
            }
        }
        board = turned;
    }

    protected boolean canSlideDown() {
        int[][] before = copyOf(board);
        int oldScore = score;
        boolean changed = slideDown();
        board = before;
        score = oldScore;
        return changed;
    }

    public boolean isGameOver() {
        boolean over = true;
        for (int turn = 0; turn < 4; turn++) {
            if (canSlideDown()) {
                over = false;
            }
            rotateCounterClockwise();
        }
        return over;
    }

    protected boolean slideDown() {
        boolean changed = false;
        int rows = board.length;
        for (int col = 0; col < board[0].length; col++) {
            int[] slid = new int[rows];
            int filled = rows;           // slid[filled..] are placed
            boolean mergeable = false;   // may slid[filled] still merge?
            for (int row = rows - 1; row >= 0; row--) {
                int value = board[row][col];
                if (value == 0) {
                    continue;
                }
                if (mergeable && slid[filled] == value) {
                    slid[filled] = 2 * value;
                    score += 2 * value;
                    mergeable = false;
                } else {
                    filled--;
                    slid[filled] = value;
                    mergeable = true;
                }
            }
            for (int row = 0; row < rows; row++) {
                if (board[row][col] != slid[row]) {
                    changed = true;
                }
                board[row][col] = slid[row];
            }
        }
        return changed;
    }

    public boolean move(Direction dir) {
        if (dir == null) {
            return false;
        }
        int turns = dir.getRotationCount();
        for (int turn = 0; turn < turns; turn++) {
            rotateCounterClockwise();
        }
        boolean moved = slideDown();
        for (int turn = turns; turn < 4; turn++) {
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
                outputString.append(getBoard()[row][column] == 0 ? "    -"
                    : String.format("%5d", getBoard()[row][column]));
            }
            outputString.append("\n");
        }
        return outputString.toString();
    }
}
