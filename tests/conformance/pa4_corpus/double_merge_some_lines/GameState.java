/*
 * Name: (corpus) a merged tile merges again, on some lines only
 * File: GameState.java
 *
 * A student-style PA4 GameState for the grader's corpus: slideDown slides
 * each tile down, then merges it with an equal tile below unless that
 * tile "just merged"; but the flag is cleared whenever a tile slides, and
 * the tile right above a merge always slides into the hole the merge left.
 * So a column 4 2 2 8 (top to bottom) becomes 0 0 8 8 (the new 4 merges
 * again); right is 0 4 4 8. 4 4 4 -> 0 4 8 and 4 4 4 4 -> 0 0 8 8 are
 * right. addTile retries random cells until one is empty.
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
        int[][] result = new int[board.length][board[0].length];
        for (int row = 0; row < board.length; row++) {
            for (int col = 0; col < board[0].length; col++) {
                result[row][col] = board[row][col];
            }
        }
        return result;
    }

    public void setBoard(int[][] newBoard) {
        if (newBoard == null) {
            return;
        }
        board = new int[newBoard.length][newBoard[0].length];
        for (int row = 0; row < newBoard.length; row++) {
            for (int col = 0; col < newBoard[0].length; col++) {
                board[row][col] = newBoard[row][col];
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
        return rollRNG(100) < Config.TWO_PROB ? Config.TWO_TILE : Config.FOUR_TILE;
    }

    protected int countEmptyTiles() {
        int count = 0;
        for (int row = 0; row < board.length; row++) {
            for (int col = 0; col < board[0].length; col++) {
                if (board[row][col] == 0) {
                    count++;
                }
            }
        }
        return count;
    }

    protected int addTile() {
        if (countEmptyTiles() == 0) {
            return 0;
        }
        int row = rollRNG(board.length);
        int col = rollRNG(board[0].length);
        while (board[row][col] != 0) {  // try again until the cell is empty
            row = rollRNG(board.length);
            col = rollRNG(board[0].length);
        }
        int tile = randomTile();
        board[row][col] = tile;
        return tile;
    }

    protected void rotateCounterClockwise() {
        int[][] rotated = new int[board[0].length][board.length];
        for (int row = 0; row < board.length; row++) {
            for (int col = 0; col < board[0].length; col++) {
                rotated[board[0].length - col - 1][row] = board[row][col];
            }
        }
        board = rotated;
    }

    protected boolean canSlideDown() {
        for (int col = 0; col < board[0].length; col++) {
            for (int row = 0; row < board.length - 1; row++) {
                if (board[row][col] == 0) {
                    continue;
                }
                // look down the column for the next tile
                int below = row + 1;
                while (below < board.length && board[below][col] == 0) {
                    below++;
                }
                if (below > row + 1) {
                    return true;
                }
                if (below < board.length && board[below][col] == board[row][col]) {
                    return true;
                }
            }
        }
        return false;
    }

    public boolean isGameOver() {
        boolean gameOver = true;
        for (int i = 0; i < 4; i++) {
            if (canSlideDown()) {
                gameOver = false;
            }
            rotateCounterClockwise();
        }
        return gameOver;
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
        for (int i = 0; i < dir.getRotationCount(); i++) {
            rotateCounterClockwise();
        }
        boolean result = slideDown();
        for (int i = dir.getRotationCount(); i < 4; i++) {
            rotateCounterClockwise();
        }
        if (result) {
            addTile();
        }
        return result;
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
