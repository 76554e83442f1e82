import java.util.Random;

/**
 * Dots refills as gamestate.dots documents them, written in Java from the
 * docstrings alone, so that the Python model can be checked against
 * java.util.Random itself.
 *
 * A random starting grid: 36 draws CellT.values()[rng.nextInt(4)] in
 * row-major order, drawn again while no two neighbours match. A move:
 * the cleared dots go, the others fall down their columns, and the empty
 * cells are refilled in row-major order (row 0, the top, first).
 *
 * Each step clears: with squares, every dot of the colour of the first
 * 2x2 block of one colour (row-major by its top-left dot), if there is
 * one; else the first pair of neighbours of one colour, row-major by its
 * first dot, looking down first on even steps and right first on odd ones.
 *
 * javac -d /tmp/dg DotsGolden.java && java -cp /tmp/dg DotsGolden > ../java_refills.json
 */
public class DotsGolden {
  enum CellT { R, O, G, B }

  static final int SIZE = 6;
  static final String[] DEFAULT = {
    "RRRBRR", "ORRRBO", "BBOGGG", "GRRGOB", "BBROGB", "BBROGB",
  };

  static CellT random(Random rng) {
    return CellT.values()[rng.nextInt(CellT.values().length)];
  }

  static boolean hasPair(CellT[][] g) {
    for (int r = 0; r < SIZE; r++)
      for (int c = 0; c < SIZE; c++) {
        if (c + 1 < SIZE && g[r][c] == g[r][c + 1]) return true;
        if (r + 1 < SIZE && g[r][c] == g[r + 1][c]) return true;
      }
    return false;
  }

  static CellT[][] start(Random rng, boolean randomBoard) {
    CellT[][] g = new CellT[SIZE][SIZE];
    if (!randomBoard) {
      for (int r = 0; r < SIZE; r++)
        for (int c = 0; c < SIZE; c++) g[r][c] = CellT.valueOf("" + DEFAULT[r].charAt(c));
      return g;
    }
    do {
      for (int r = 0; r < SIZE; r++)
        for (int c = 0; c < SIZE; c++) g[r][c] = random(rng);
    } while (!hasPair(g));
    return g;
  }

  static void clear(CellT[][] g, boolean[][] gone, Random rng) {
    for (int c = 0; c < SIZE; c++) {
      int to = SIZE - 1;
      for (int r = SIZE - 1; r >= 0; r--)
        if (!gone[r][c]) g[to--][c] = g[r][c];
      for (; to >= 0; to--) g[to][c] = null;
    }
    for (int r = 0; r < SIZE; r++)
      for (int c = 0; c < SIZE; c++)
        if (g[r][c] == null) g[r][c] = random(rng);
  }

  /** The dots one step clears, as the class comment says; null: none. */
  static boolean[][] pick(CellT[][] g, boolean squares, int step) {
    boolean[][] gone = new boolean[SIZE][SIZE];
    if (squares)
      for (int r = 0; r + 1 < SIZE; r++)
        for (int c = 0; c + 1 < SIZE; c++) {
          CellT x = g[r][c];
          if (g[r][c + 1] == x && g[r + 1][c] == x && g[r + 1][c + 1] == x) {
            for (int i = 0; i < SIZE; i++)
              for (int j = 0; j < SIZE; j++) gone[i][j] = g[i][j] == x;
            return gone;
          }
        }
    int[][] order = step % 2 == 0 ? new int[][] {{1, 0}, {0, 1}} : new int[][] {{0, 1}, {1, 0}};
    for (int r = 0; r < SIZE; r++)
      for (int c = 0; c < SIZE; c++)
        for (int[] d : order) {
          int r2 = r + d[0], c2 = c + d[1];
          if (r2 < SIZE && c2 < SIZE && g[r][c] == g[r2][c2]) {
            gone[r][c] = gone[r2][c2] = true;
            return gone;
          }
        }
    return null;
  }

  static String grid(CellT[][] g) {
    StringBuilder sb = new StringBuilder("\"");
    for (int r = 0; r < SIZE; r++) {
      if (r > 0) sb.append("/");
      for (int c = 0; c < SIZE; c++) sb.append(g[r][c].name());
    }
    return sb.append("\"").toString();
  }

  public static void main(String[] args) {
    long[] seeds = {0, 1, -7, 118, 123456789012345L, Long.MIN_VALUE};
    StringBuilder out = new StringBuilder("[\n");
    boolean first = true;
    for (long seed : seeds)
      for (int kind = 0; kind < 3; kind++) {
        boolean randomBoard = kind != 0, squares = kind == 2;
        Random rng = new Random(seed);
        CellT[][] g = start(rng, randomBoard);
        out.append(first ? "" : ",\n").append(" {\"seed\": ").append(seed)
           .append(", \"random_board\": ").append(randomBoard)
           .append(", \"squares\": ").append(squares)
           .append(",\n  \"grids\": [").append(grid(g));
        first = false;
        for (int step = 0; step < 16; step++) {
          boolean[][] gone = pick(g, squares, step);
          if (gone == null) break;
          clear(g, gone, rng);
          out.append(",\n   ").append(grid(g));
        }
        out.append("]}");
      }
    System.out.println(out.append("\n]"));
  }
}
