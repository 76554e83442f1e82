"""The constants of the Java starter file Config.java, as a mutable module.

Students change Config.java to test their code; here a test or a front end
may assign a new value at run time (``Config.TWO_PROB = 100``). Every reader
in this package looks the value up when it is used (``config.TWO_PROB``),
never at import or definition time, so a change affects everything created
or drawn afterwards.
"""

RANDOM_SEED: int = 118
"""Seed of the java.util.Random each GameState creates."""

TWO_PROB: int = 70
"""Percent chance that a new tile is a 2 (else a 4)."""

TWO_TILE: int = 2
FOUR_TILE: int = 4

DEFAULT_SIZE: int = 4
"""Rows and columns of a new game."""

INITIAL_TILE_COUNT: int = 2
"""Tiles added to a new game before the first prompt."""

UP_KEY: str = "w"
LEFT_KEY: str = "a"
DOWN_KEY: str = "s"
RIGHT_KEY: str = "d"
SAVE_KEY: str = "o"
QUIT_KEY: str = "q"

DEFAULT_OUTFILE: str = "save.2048"
"""Where ``o`` saves when no file was named on the command line."""
