public enum Direction {
  DOWN(0), LEFT(1), UP(2), RIGHT(3);
  private final int rotationCount;
  Direction(int r) { rotationCount = r; }
  public int getRotationCount() { return rotationCount; }
}
