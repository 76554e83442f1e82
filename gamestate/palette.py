"""The original web game's tile colours, for every front end that draws tiles.

From gabrielecirulli/2048 (main.scss): tile value -> (background, text)
as ``#rrggbb``; 4096 and up share the "super" tile (see
:func:`palette_key`). The terminal game matches them to its terminal's
colours; the Gymnasium environment paints them into images. This module
only holds data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

PALETTE: Final[Mapping[int, tuple[str, str]]] = {
    0: ("#cdc1b4", "#776e65"),
    2: ("#eee4da", "#776e65"),
    4: ("#ede0c8", "#776e65"),
    8: ("#f2b179", "#f9f6f2"),
    16: ("#f59563", "#f9f6f2"),
    32: ("#f67c5f", "#f9f6f2"),
    64: ("#f65e3b", "#f9f6f2"),
    128: ("#edcf72", "#f9f6f2"),
    256: ("#edcc61", "#f9f6f2"),
    512: ("#edc850", "#f9f6f2"),
    1024: ("#edc53f", "#f9f6f2"),
    2048: ("#edc22e", "#f9f6f2"),
    4096: ("#3c3a32", "#f9f6f2"),
}
BOARD_COLOUR: Final = "#bbada0"


def palette_key(value: int) -> int:
    """Return the PALETTE entry for a tile: itself, or the band it falls in."""
    if value <= 0:
        return 0
    power = 1 << (value.bit_length() - 1)
    return min(max(power, 2), 4096)
