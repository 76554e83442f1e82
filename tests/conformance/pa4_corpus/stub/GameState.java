/*
 * Name: (corpus) a stub
 * File: GameState.java
 *
 * A student-style PA4 GameState for the grader's corpus: every method the
 * writeup names is there, so it compiles with the starter, but each body
 * returns a default. getBoard returns a 0 x 0 array whatever the size.
 */
public class GameState {

    public GameState(int numRows, int numCols) {
        // TODO
    }

    public int[][] getBoard() {
        return new int[0][0];  // TODO
    }

    public void setBoard(int[][] newBoard) {
        // TODO
    }

    public int getScore() {
        return 0;
    }

    public void setScore(int newScore) {
        // TODO
    }

    protected int rollRNG(int bound) {
        return 0;
    }

    protected int randomTile() {
        return 0;
    }

    protected int countEmptyTiles() {
        return 0;
    }

    protected int addTile() {
        return 0;
    }

    protected void rotateCounterClockwise() {
        // TODO
    }

    protected boolean canSlideDown() {
        return false;
    }

    public boolean isGameOver() {
        return false;
    }

    protected boolean slideDown() {
        return false;
    }

    public boolean move(Direction dir) {
        return false;
    }

    public String toString() {
        return "";  // TODO paste the writeup's toString
    }
}
