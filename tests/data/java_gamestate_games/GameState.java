import java.util.Random;
// A literal reading of the PA4 writeup, written independently for a
// throwaway differential check.
public class GameState {
  private Random rng;
  private int[][] board;
  private int score;
  public GameState(int numRows, int numCols) {
    board = new int[numRows][numCols];
    score = 0;
    rng = new Random(Config.RANDOM_SEED);
  }
  public int[][] getBoard() {
    int[][] copy = new int[board.length][];
    for (int r = 0; r < board.length; r++) copy[r] = board[r].clone();
    return copy;
  }
  public void setBoard(int[][] b) {
    if (b == null) return;
    board = new int[b.length][];
    for (int r = 0; r < b.length; r++) board[r] = b[r].clone();
  }
  public int getScore() { return score; }
  public void setScore(int s) { score = s; }
  protected int rollRNG(int bound) { return rng.nextInt(bound); }
  protected int randomTile() {
    return rollRNG(100) < Config.TWO_PROB ? Config.TWO_TILE : Config.FOUR_TILE;
  }
  protected int countEmptyTiles() {
    int n = 0;
    for (int[] row : board) for (int v : row) if (v == 0) n++;
    return n;
  }
  protected int addTile() {
    int empty = countEmptyTiles();
    if (empty == 0) return 0;
    int k = rollRNG(empty);
    for (int r = 0; r < board.length; r++)
      for (int c = 0; c < board[r].length; c++)
        if (board[r][c] == 0) {
          if (k == 0) { int t = randomTile(); board[r][c] = t; return t; }
          k--;
        }
    return 0;
  }
  protected void rotateCounterClockwise() {
    int rows = board.length, cols = board[0].length;
    int[][] turned = new int[cols][rows];
    for (int r = 0; r < rows; r++)
      for (int c = 0; c < cols; c++)
        turned[cols - 1 - c][r] = board[r][c];
    board = turned;
  }
  protected boolean canSlideDown() {
    int rows = board.length, cols = board[0].length;
    for (int c = 0; c < cols; c++) {
      for (int r = 0; r < rows - 1; r++) {
        if (board[r][c] != 0 && board[r + 1][c] == 0) return true;
      }
      int last = 0;
      for (int r = 0; r < rows; r++) {
        if (board[r][c] == 0) continue;
        if (board[r][c] == last) return true;
        last = board[r][c];
      }
    }
    return false;
  }
  public boolean isGameOver() {
    boolean over = true;
    for (int i = 0; i < 4; i++) {
      if (canSlideDown()) over = false;
      rotateCounterClockwise();
    }
    return over;
  }
  protected boolean slideDown() {
    int rows = board.length, cols = board[0].length;
    boolean changed = false;
    for (int c = 0; c < cols; c++) {
      int[] tiles = new int[rows];
      int n = 0;
      for (int r = rows - 1; r >= 0; r--) if (board[r][c] != 0) tiles[n++] = board[r][c];
      int[] out = new int[rows];
      int m = 0;
      for (int i = 0; i < n; i++) {
        if (i + 1 < n && tiles[i] == tiles[i + 1]) {
          out[m++] = tiles[i] * 2; score += tiles[i] * 2; i++;
        } else out[m++] = tiles[i];
      }
      for (int j = 0; j < rows; j++) {
        int v = j < m ? out[j] : 0;
        int r = rows - 1 - j;
        if (board[r][c] != v) changed = true;
        board[r][c] = v;
      }
    }
    return changed;
  }
  public boolean move(Direction dir) {
    if (dir == null) return false;
    int k = dir.getRotationCount();
    for (int i = 0; i < k; i++) rotateCounterClockwise();
    boolean moved = slideDown();
    for (int i = 0; i < (4 - k) % 4; i++) rotateCounterClockwise();
    if (moved) addTile();
    return moved;
  }
}
