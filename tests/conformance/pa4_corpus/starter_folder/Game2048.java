import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Scanner;

/**
 * The PA4 starter's play loop, as the course shipped it around the
 * student's GameState (written here from java-reference.md): print the
 * board, stop when isGameOver(), read one key, move or save or quit.
 */
public class Game2048 {
    private GameState game;
    private String outputFileName;

    public Game2048(String outputFileName) {
        this.outputFileName = outputFileName;
        this.game = new GameState(Config.DEFAULT_SIZE, Config.DEFAULT_SIZE);
        for (int tile = 0; tile < Config.INITIAL_TILE_COUNT; tile++) {
            game.addTile();
        }
    }

    public void loadGame(String fileName) throws FileNotFoundException {
        Scanner input = new Scanner(new File(fileName));
        int rows = input.nextInt();
        int cols = input.nextInt();
        GameState loaded = new GameState(rows, cols);
        loaded.setScore(input.nextInt());
        int[][] board = new int[rows][cols];
        for (int row = 0; row < rows; row++) {
            for (int col = 0; col < cols; col++) {
                board[row][col] = input.nextInt();
            }
        }
        loaded.setBoard(board);
        game = loaded;
    }

    private void save() throws IOException {
        int[][] board = game.getBoard();
        PrintWriter output = new PrintWriter(outputFileName);
        output.println(board.length + " " + board[0].length);
        output.println(game.getScore());
        for (int[] row : board) {
            StringBuilder line = new StringBuilder();
            for (int col = 0; col < row.length; col++) {
                line.append(col == 0 ? "" : " ").append(row[col]);
            }
            output.println(line);
        }
        output.close();
        System.out.println("Saved current state to: " + outputFileName);
    }

    private static void printHelp() {
        System.out.println("Possible commands:");
        System.out.println(" w - up");
        System.out.println(" a - left");
        System.out.println(" s - down");
        System.out.println(" d - right");
        System.out.println(" o - save to file");
        System.out.println(" q - quit game");
    }

    public void play() throws IOException {
        Scanner input = new Scanner(System.in);
        while (true) {
            if (game.isGameOver()) {
                System.out.print(game);
                System.out.println("Game Over!");
                return;
            }
            System.out.print(game + "> ");
            String line = input.nextLine();
            if (line.length() != 1) {
                System.out.println("Command must be one char long.");
                continue;
            }
            char key = line.charAt(0);
            if (key == Config.QUIT_KEY) {
                return;
            } else if (key == Config.SAVE_KEY) {
                save();
            } else if (key == Config.UP_KEY) {
                game.move(Direction.UP);
            } else if (key == Config.LEFT_KEY) {
                game.move(Direction.LEFT);
            } else if (key == Config.DOWN_KEY) {
                game.move(Direction.DOWN);
            } else if (key == Config.RIGHT_KEY) {
                game.move(Direction.RIGHT);
            } else {
                printHelp();
            }
        }
    }
}
