/*
 * Name: (corpus) an ArrayList board
 * File: GameState.java
 *
 * A student-style PA4 GameState for the grader's corpus: the board is an
 * ArrayList of rows, each an ArrayList<Integer>; getBoard and setBoard
 * convert. Its Random is unseeded (new Random() in the constructor), so
 * its games differ from run to run; tiles are compared with equals(), not
 * ==, so tiles above 127 merge too.
 */
import java.util.ArrayList;
import java.util.Random;

public class GameState {
    private Random rng;
    private ArrayList<ArrayList<Integer>> board;
    private int score;

    public GameState(int numRows, int numCols) {
        rng = new Random();
        board = new ArrayList<>();
        for (int r = 0; r < numRows; r++) {
            ArrayList<Integer> row = new ArrayList<>();
            for (int c = 0; c < numCols; c++) {
                row.add(0);
            }
            board.add(row);
        }
    }

    public int[][] getBoard() {
        int[][] result = new int[board.size()][board.get(0).size()];
        for (int r = 0; r < board.size(); r++) {
            for (int c = 0; c < board.get(r).size(); c++) {
                result[r][c] = board.get(r).get(c);
            }
        }
        return result;
    }

    public void setBoard(int[][] newBoard) {
        if (newBoard == null) {
            return;
        }
        ArrayList<ArrayList<Integer>> rows = new ArrayList<>();
        for (int[] values : newBoard) {
            ArrayList<Integer> row = new ArrayList<>();
            for (int value : values) {
                row.add(value);
            }
            rows.add(row);
        }
        board = rows;
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
        for (ArrayList<Integer> row : board) {
            for (Integer value : row) {
                if (value == 0) {
                    count++;
                }
            }
        }
        return count;
    }

    protected int addTile() {
        ArrayList<int[]> empty = new ArrayList<>();
        for (int r = 0; r < board.size(); r++) {
            for (int c = 0; c < board.get(r).size(); c++) {
                if (board.get(r).get(c) == 0) {
                    empty.add(new int[] {r, c});
                }
            }
        }
        if (empty.isEmpty()) {
            return 0;
        }
        int[] spot = empty.get(rollRNG(empty.size()));
        int tile = randomTile();
        board.get(spot[0]).set(spot[1], tile);
        return tile;
    }

    protected void rotateCounterClockwise() {
        int rows = board.size();
        int cols = board.get(0).size();
        ArrayList<ArrayList<Integer>> turned = new ArrayList<>();
        for (int c = cols - 1; c >= 0; c--) {
            ArrayList<Integer> row = new ArrayList<>();
            for (int r = 0; r < rows; r++) {
                row.add(board.get(r).get(c));
            }
            turned.add(row);
        }
        board = turned;
    }

    /** The tiles of column c from the bottom up, without the empty cells. */
    private ArrayList<Integer> tilesUp(int c) {
        ArrayList<Integer> tiles = new ArrayList<>();
        for (int r = board.size() - 1; r >= 0; r--) {
            if (board.get(r).get(c) != 0) {
                tiles.add(board.get(r).get(c));
            }
        }
        return tiles;
    }

    /** Column c after sliding down, from the bottom up (no score). */
    private ArrayList<Integer> slid(ArrayList<Integer> tiles) {
        ArrayList<Integer> result = new ArrayList<>();
        int i = 0;
        while (i < tiles.size()) {
            if (i + 1 < tiles.size() && tiles.get(i).equals(tiles.get(i + 1))) {
                result.add(tiles.get(i) * 2);
                i += 2;
            } else {
                result.add(tiles.get(i));
                i += 1;
            }
        }
        while (result.size() < board.size()) {
            result.add(0);
        }
        return result;
    }

    protected boolean canSlideDown() {
        for (int c = 0; c < board.get(0).size(); c++) {
            ArrayList<Integer> after = slid(tilesUp(c));
            for (int r = 0; r < board.size(); r++) {
                if (!after.get(board.size() - 1 - r).equals(board.get(r).get(c))) {
                    return true;
                }
            }
        }
        return false;
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
        for (int c = 0; c < board.get(0).size(); c++) {
            ArrayList<Integer> tiles = tilesUp(c);
            ArrayList<Integer> after = slid(tiles);
            // the score gains each merged tile's value
            int gained = 0;
            int i = 0;
            while (i < tiles.size()) {
                if (i + 1 < tiles.size() && tiles.get(i).equals(tiles.get(i + 1))) {
                    gained += tiles.get(i) * 2;
                    i += 2;
                } else {
                    i += 1;
                }
            }
            score += gained;
            for (int r = 0; r < board.size(); r++) {
                Integer value = after.get(board.size() - 1 - r);
                if (!value.equals(board.get(r).get(c))) {
                    changed = true;
                }
                board.get(r).set(c, value);
            }
        }
        return changed;
    }

    public boolean move(Direction dir) {
        if (dir == null) {
            return false;
        }
        for (int i = 0; i < dir.getRotationCount(); i++) {
            rotateCounterClockwise();
        }
        boolean moved = slideDown();
        for (int i = dir.getRotationCount(); i < 4; i++) {
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
