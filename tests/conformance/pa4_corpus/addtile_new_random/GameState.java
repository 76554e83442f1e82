/*
 * Name: (corpus) addTile draws with new Random() on every call
 * File: GameState.java
 *
 * A student-style PA4 GameState for the grader's corpus: addTile makes a
 * new, unseeded Random on every call and draws the cell and the tile from
 * it (not through rollRNG), so its new tile lands somewhere else on every
 * run. slideDown merges a merged tile again when the tile above slid onto
 * it (4 2 2 8, top to bottom, becomes 0 0 8 8; right is 0 4 4 8), a bug
 * the writeup's example game shows: the case where a message of E2 could
 * quote the class's own random tile.
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
        Random random = new Random();
        int index = random.nextInt(countEmptyTiles());
        int tile = random.nextInt(100) < Config.TWO_PROB ? Config.TWO_TILE : Config.FOUR_TILE;
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
        boolean moved = false;
        for (int col = 0; col < board[0].length; col++) {
            boolean justMerged = false;  // did the tile below just merge?
            for (int row = board.length - 2; row >= 0; row--) {
                if (board[row][col] == 0) {
                    continue;
                }
                int current = row;
                // slide the tile down into empty cells
                while (current + 1 < board.length && board[current + 1][col] == 0) {
                    board[current + 1][col] = board[current][col];
                    board[current][col] = 0;
                    current++;
                    moved = true;
                    justMerged = false;  // it moved: a new neighbour
                }
                // merge with an equal tile below that has not merged yet
                if (current + 1 < board.length
                        && board[current + 1][col] == board[current][col]
                        && !justMerged) {
                    board[current + 1][col] *= 2;
                    score += board[current + 1][col];
                    board[current][col] = 0;
                    justMerged = true;
                    moved = true;
                } else {
                    justMerged = false;
                }
            }
        }
        return moved;
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
