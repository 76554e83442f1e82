/*
 * Name: (corpus) new Random() on every call
 * File: GameState.java
 *
 * A student-style PA4 GameState for the grader's corpus: no Random field;
 * every method that needs a number makes a new, unseeded Random. rollRNG
 * exists (and addTile uses it for the cell) but randomTile draws from its
 * own new Random(). Every game is different from run to run, all legal.
 */
import java.util.Random;

public class GameState {
    private int[][] board;
    private int score;

    public GameState(int numRows, int numCols) {
        this.board = new int[numRows][numCols];
        this.score = 0;
    }

    /** Copies a 2-D array row by row. */
    private static int[][] copy(int[][] source) {
        int[][] result = new int[source.length][];
        for (int r = 0; r < source.length; r++) {
            result[r] = java.util.Arrays.copyOf(source[r], source[r].length);
        }
        return result;
    }

    public int[][] getBoard() {
        return copy(board);
    }

    public void setBoard(int[][] newBoard) {
        if (newBoard != null) {
            board = copy(newBoard);
        }
    }

    public int getScore() {
        return this.score;
    }

    public void setScore(int newScore) {
        this.score = newScore;
    }

    protected int rollRNG(int bound) {
        Random random = new Random();
        return random.nextInt(bound);
    }

    protected int randomTile() {
        Random random = new Random();
        if (random.nextInt(100) < Config.TWO_PROB) {
            return Config.TWO_TILE;
        } else {
            return Config.FOUR_TILE;
        }
    }

    protected int countEmptyTiles() {
        int empty = 0;
        for (int[] row : board) {
            for (int tile : row) {
                if (tile == 0) {
                    empty = empty + 1;
                }
            }
        }
        return empty;
    }

    protected int addTile() {
        if (countEmptyTiles() == 0) {
            return 0;
        }
        int index = rollRNG(countEmptyTiles());
        int tile = randomTile();
        for (int r = 0; r < board.length; r++) {
            for (int c = 0; c < board[r].length; c++) {
                if (board[r][c] == 0) {
                    if (index == 0) {
                        board[r][c] = tile;
                        return tile;
                    }
                    index = index - 1;
                }
            }
        }
        return 0;
    }

    protected void rotateCounterClockwise() {
        int[][] turned = new int[board[0].length][board.length];
        for (int r = 0; r < board.length; r++) {
            for (int c = 0; c < board[0].length; c++) {
                turned[board[0].length - 1 - c][r] = board[r][c];
            }
        }
        board = turned;
    }

    protected boolean canSlideDown() {
        int[][] saved = copy(board);
        int savedScore = score;
        boolean result = slideDown();
        board = saved;
        score = savedScore;
        return result;
    }

    public boolean isGameOver() {
        for (int i = 0; i < 4; i++) {
            boolean canMove = canSlideDown();
            if (canMove) {
                // turn back to where we started before answering
                for (int j = i; j < 4; j++) {
                    rotateCounterClockwise();
                }
                return false;
            }
            rotateCounterClockwise();
        }
        return true;
    }

    protected boolean slideDown() {
        boolean changed = false;
        int rows = board.length;
        for (int c = 0; c < board[0].length; c++) {
            // the column's tiles from the bottom up, without the zeros
            int[] tiles = new int[rows];
            int count = 0;
            for (int r = rows - 1; r >= 0; r--) {
                if (board[r][c] != 0) {
                    tiles[count] = board[r][c];
                    count++;
                }
            }
            int[] result = new int[rows];
            int placed = 0;
            for (int i = 0; i < count; i++) {
                if (i + 1 < count && tiles[i] == tiles[i + 1]) {
                    result[placed] = tiles[i] * 2;
                    score += tiles[i] * 2;
                    i++;
                } else {
                    result[placed] = tiles[i];
                }
                placed++;
            }
            for (int r = 0; r < rows; r++) {
                int value = result[rows - 1 - r];
                if (board[r][c] != value) {
                    board[r][c] = value;
                    changed = true;
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
        boolean success = slideDown();
        for (int i = 0; i < (4 - turns) % 4; i++) {
            rotateCounterClockwise();
        }
        if (success) {
            addTile();
        }
        return success;
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
