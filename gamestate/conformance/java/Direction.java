/**
 * The starter's Direction (PA4): the four moves, each with the number of
 * counter-clockwise quarter turns after which sliding down performs it.
 * The conformance grader always compiles with this copy (the writeup:
 * "We will use our own copy when grading").
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
