/**
 * The starter's Direction (PA4): the four moves, each with the number of
 * counter-clockwise quarter turns after which sliding down performs it.
 * Supplied by the conformance grader when a submission lacks it.
 */
public enum Direction {
    DOWN(0), LEFT(1), UP(2), RIGHT(3);

    private final int rotationCount;

    Direction(int rotationCount) {
        this.rotationCount = rotationCount;
    }

    public int getRotationCount() {
        return rotationCount;
    }
}
