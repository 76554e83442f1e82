import java.io.File;
import java.io.IOException;

/**
 * The PA4 starter's entry point (written here from java-reference.md):
 * a default game, or the game saved in the file named on the command line.
 */
public class PlayManager {
    public static void main(String[] args) throws IOException {
        String outFile = Config.DEFAULT_OUTFILE;
        Game2048 game;
        if (args.length == 0) {
            System.out.println("Starting a default-sized random game...");
            game = new Game2048(outFile);
        } else {
            outFile = args[0];
            System.out.println("Attempting to load game from " + outFile + "..");
            game = new Game2048(outFile);
            if (new File(outFile).exists()) {
                game.loadGame(outFile);
            }
        }
        game.play();
    }
}
