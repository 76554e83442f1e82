// Regenerates deals.txt, the Forty Thieves deals that tests/test_forty_thieves_deal.py
// checks gamestate.forty_thieves.deal against:
//
//     cd tests/data/forty_thieves && java Deals.java > deals.txt
//
// The cards start in the documented order (Heart, Diamond, Club, Spade;
// Ace to King; the first deck, then the second) and are shuffled by
// Collections.shuffle(list, new Random(seed)). Each line is the seed, a
// colon, and the 104 cards as the saves write them (7S, 10H, AD, KC),
// first card first: BoardT deals the first 40 to the tableau.
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

public class Deals {
    static final String[] SUITS = {"H", "D", "C", "S"};
    static final String[] RANKS = {
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
    };
    static final long[] SEEDS = {
        0L, 1L, 118L, -5L, 1L << 40, 42L, Long.MIN_VALUE, Long.MAX_VALUE
    };

    public static void main(String[] args) {
        for (long seed : SEEDS) {
            List<String> cards = new ArrayList<>();
            for (int deck = 0; deck < 2; deck++) {
                for (String suit : SUITS) {
                    for (String rank : RANKS) {
                        cards.add(rank + suit);
                    }
                }
            }
            Collections.shuffle(cards, new Random(seed));
            System.out.println(seed + ": " + String.join(" ", cards));
        }
    }
}
