public class Config {
  public static long RANDOM_SEED = 118;
  public static int TWO_PROB = 70;
  public static final int TWO_TILE = 2, FOUR_TILE = 4;
}
