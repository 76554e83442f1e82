/*
 * Name: (corpus) an older assignment's Board.java
 * File: Board.java
 *
 * What a student who followed an older 2048 assignment hands in: the game
 * in a class Board (a grid, a Random, a score), not the GameState the PA4
 * writeup asks for.
 */
import java.util.Random;

public class Board {
    public final int NUM_START_TILES = 2;
    private final Random random;
    private int[][] grid;
    private int score;

    public Board(Random random, int boardSize) {
        this.random = random;
        this.grid = new int[boardSize][boardSize];
        for (int i = 0; i < NUM_START_TILES; i++) {
            addRandomTile();
        }
    }

    public void addRandomTile() {
        int count = 0;
        for (int[] row : grid) {
            for (int value : row) {
                if (value == 0) {
                    count++;
                }
            }
        }
        if (count == 0) {
            return;
        }
        int location = random.nextInt(count);
        int value = random.nextInt(100) < 90 ? 2 : 4;
        for (int r = 0; r < grid.length; r++) {
            for (int c = 0; c < grid[r].length; c++) {
                if (grid[r][c] == 0 && location-- == 0) {
                    grid[r][c] = value;
                    return;
                }
            }
        }
    }

    public int getScore() {
        return score;
    }

    public int[][] getGrid() {
        return grid;
    }
}
