/*
 * Name: (corpus) rotate in place the largest square, no crash
 * File: GameState.java
 *
 * A student-style PA4 GameState for the grader's corpus: it turns the
 * board in place, layer by layer, the way one turns a square matrix, on
 * the largest square in the board's top-left corner (so it never reads
 * past an edge). Right on every square board; on any other board only
 * that square turns, so move() slides the wrong cells and, where the
 * square's slide changes something the real move would not, returns
 * true on a move that must return false (the 2 / 0 board).
 */
import java.util.Random;

public class GameState {
    private Random rng;
    private int[][] board;
    private int score;

    public GameState(int numRows, int numCols) {
        rng = new Random(Config.RANDOM_SEED);
        board = new int[numRows][numCols];
    }

    public int[][] getBoard() {
        int[][] copy = new int[board.length][];
        for (int i = 0; i < board.length; i++) {
            copy[i] = board[i].clone();
        }
        return copy;
    }

    public void setBoard(int[][] newBoard) {
        if (newBoard == null) {
            return;
        }
        board = new int[newBoard.length][];
        for (int i = 0; i < newBoard.length; i++) {
            board[i] = newBoard[i].clone();
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
        if (rollRNG(100) < Config.TWO_PROB) {
            return Config.TWO_TILE;
        }
        return Config.FOUR_TILE;
    }

    protected int countEmptyTiles() {
        int n = 0;
        for (int i = 0; i < board.length; i++) {
            for (int j = 0; j < board[i].length; j++) {
                if (board[i][j] == 0) {
                    n++;
                }
            }
        }
        return n;
    }

    protected int addTile() {
        int empty = countEmptyTiles();
        if (empty == 0) {
            return 0;
        }
        int pick = rollRNG(empty);
        int tile = randomTile();
        for (int i = 0; i < board.length; i++) {
            for (int j = 0; j < board[i].length; j++) {
                if (board[i][j] == 0 && pick-- == 0) {
                    board[i][j] = tile;
                    return tile;
                }
            }
        }
        return 0;
    }

    /**
     * Turns the board a quarter counter-clockwise, in place, one ring at a
     * time (no new array).
     */
    protected void rotateCounterClockwise() {
        int n = Math.min(board.length, board[0].length);
        for (int layer = 0; layer < n / 2; layer++) {
            int last = n - 1 - layer;
            for (int i = layer; i < last; i++) {
                int offset = i - layer;
                int top = board[layer][i];
                board[layer][i] = board[i][last];               // right -> top
                board[i][last] = board[last][last - offset];    // bottom -> right
                board[last][last - offset] = board[last - offset][layer];  // left -> bottom
                board[last - offset][layer] = top;              // top -> left
            }
        }
    }

    protected boolean canSlideDown() {
        for (int j = 0; j < board[0].length; j++) {
            int lastTile = 0;
            boolean gap = false;
            for (int i = board.length - 1; i >= 0; i--) {
                if (board[i][j] == 0) {
                    gap = true;
                } else if (gap || board[i][j] == lastTile) {
                    return true;
                } else {
                    lastTile = board[i][j];
                }
            }
        }
        return false;
    }

    public boolean isGameOver() {
        for (int i = 0; i < 4; i++) {
            if (canSlideDown()) {
                for (int k = i; k < 4; k++) {
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
        for (int j = 0; j < board[0].length; j++) {
            int[] line = new int[board.length];
            int size = 0;
            for (int i = board.length - 1; i >= 0; i--) {
                if (board[i][j] != 0) {
                    line[size++] = board[i][j];
                }
            }
            int[] out = new int[board.length];
            int k = 0;
            for (int i = 0; i < size; i++) {
                if (i + 1 < size && line[i] == line[i + 1]) {
                    out[k++] = 2 * line[i];
                    score += 2 * line[i];
                    i++;
                } else {
                    out[k++] = line[i];
                }
            }
            for (int i = 0; i < board.length; i++) {
                int value = out[board.length - 1 - i];
                if (value != board[i][j]) {
                    changed = true;
                }
                board[i][j] = value;
            }
        }
        return changed;
    }

    public boolean move(Direction dir) {
        if (dir == null) {
            return false;
        }
        int turns = dir.getRotationCount();
        for (int t = 0; t < turns; t++) {
            rotateCounterClockwise();
        }
        boolean moved = slideDown();
        for (int t = 0; t < (4 - turns) % 4; t++) {
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
