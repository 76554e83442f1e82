import java.util.Random;
public class Golden {
  static String board(int[][] b) {
    StringBuilder sb = new StringBuilder("[");
    for (int r = 0; r < b.length; r++) {
      sb.append(r > 0 ? ",[" : "[");
      for (int c = 0; c < b[r].length; c++) sb.append(c > 0 ? "," : "").append(b[r][c]);
      sb.append("]");
    }
    return sb.append("]").toString();
  }
  public static void main(String[] a) {
    // rows, cols, seed, twoProb, startTiles, steps
    long[][] cases = {
      {1, 1, 118, 70, 1, 6}, {1, 2, 118, 70, 1, 20}, {1, 6, 5, 70, 2, 80},
      {6, 1, -7, 50, 2, 80}, {2, 2, 0, 70, 2, 60}, {2, 3, 42, 90, 2, 120},
      {3, 7, 118, 70, 3, 300}, {7, 3, 123456789012345L, 70, 3, 300},
      {4, 4, 118, 70, 2, 1000}, {4, 4, -1, 0, 2, 200},
      {5, 5, (1L << 48) + 118, 100, 2, 150}, {6, 6, Long.MIN_VALUE, 70, 4, 150},
    };
    Direction[] dirs = {Direction.DOWN, Direction.LEFT, Direction.UP, Direction.RIGHT, null};
    String names = "salwdn";
    StringBuilder out = new StringBuilder("[\n");
    for (int ci = 0; ci < cases.length; ci++) {
      long[] k = cases[ci];
      Config.RANDOM_SEED = k[2];
      Config.TWO_PROB = (int) k[3];
      GameState g = new GameState((int) k[0], (int) k[1]);
      Random keys = new Random(ci * 7919L + 1);
      out.append(" {\"rows\": ").append(k[0]).append(", \"cols\": ").append(k[1])
         .append(", \"seed\": ").append(k[2]).append(", \"two_prob\": ").append(k[3])
         .append(",\n  \"start\": [");
      for (int i = 0; i < k[4]; i++) out.append(i > 0 ? ", " : "").append(g.addTile());
      out.append("], \"board\": ").append(board(g.getBoard())).append(",\n  \"steps\": [");
      for (int s = 0; s < k[5]; s++) {
        // Mostly real moves; now and then a null move.
        int pick = keys.nextInt(20) == 0 ? 4 : keys.nextInt(4);
        Direction d = dirs[pick];
        boolean moved = g.move(d);
        out.append(s > 0 ? ",\n   " : "\n   ").append("[\"").append(d == null ? "None" : d.name())
           .append("\", ").append(moved).append(", ").append(g.getScore()).append(", ")
           .append(g.isGameOver()).append(", ").append(board(g.getBoard())).append("]");
        if (g.isGameOver()) break;
      }
      out.append("]}").append(ci < cases.length - 1 ? ",\n" : "\n");
    }
    System.out.println(out.append("]"));
  }
}
