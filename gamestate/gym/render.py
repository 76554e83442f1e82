"""The board as an RGB image, drawn with numpy in the web game's colours.

:func:`board_image` paints a 4x4 board of tile exponents: the board
colour, one rounded-off square per cell in its tile's colour
(:mod:`gamestate.palette`), and the tile's value in a small built-in
pixel font (so no font file or drawing library is needed). It never
prints and never touches files.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from ..palette import BOARD_COLOUR, PALETTE, palette_key

CELL: Final = 64
"""Pixels per cell side."""
GAP: Final = 8
"""Pixels between cells and around the board."""
SIZE: Final = 4 * CELL + 5 * GAP
"""The image is SIZE x SIZE pixels."""
_SCALE: Final = 3
"""Each font pixel is a _SCALE x _SCALE square."""

# A 3x5 pixel font for the digits: five rows of three bits, top first.
_DIGITS: Final = {
    "0": ("111", "101", "101", "101", "111"),
    "1": ("010", "110", "010", "010", "111"),
    "2": ("111", "001", "111", "100", "111"),
    "3": ("111", "001", "111", "001", "111"),
    "4": ("101", "101", "111", "001", "001"),
    "5": ("111", "100", "111", "001", "111"),
    "6": ("111", "100", "111", "101", "111"),
    "7": ("111", "001", "001", "001", "001"),
    "8": ("111", "101", "111", "101", "111"),
    "9": ("111", "101", "111", "001", "111"),
}


def _rgb(hex_colour: str) -> npt.NDArray[np.uint8]:
    return np.array([int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)], np.uint8)


def _text_mask(text: str) -> npt.NDArray[np.bool_]:
    """The pixels of ``text`` in the digit font, one column apart, scaled."""
    glyphs = [np.array([[c == "1" for c in row] for row in _DIGITS[ch]]) for ch in text]
    spaced: list[npt.NDArray[np.bool_]] = []
    for glyph in glyphs:
        if spaced:
            spaced.append(np.zeros((5, 1), dtype=np.bool_))
        spaced.append(glyph)
    mask = np.hstack(spaced)
    return np.kron(mask, np.ones((_SCALE, _SCALE), dtype=np.bool_)).astype(np.bool_)


def board_image(exponents: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """A (SIZE, SIZE, 3) uint8 image of a 4x4 board of tile exponents."""
    image = np.empty((SIZE, SIZE, 3), dtype=np.uint8)
    image[:, :] = _rgb(BOARD_COLOUR)
    for (row, col), exponent in np.ndenumerate(exponents):
        value = 0 if exponent == 0 else 1 << int(exponent)
        background, text = PALETTE[palette_key(value)]
        top, left = GAP + row * (CELL + GAP), GAP + col * (CELL + GAP)
        cell = image[top : top + CELL, left : left + CELL]
        cell[:, :] = _rgb(background)
        for y, x in ((0, 0), (0, -1), (-1, 0), (-1, -1)):  # rounded-off corners
            cell[y, x] = _rgb(BOARD_COLOUR)
        if value:
            mask = _text_mask(str(value))
            y = (CELL - mask.shape[0]) // 2
            x = (CELL - mask.shape[1]) // 2
            cell[y : y + mask.shape[0], x : x + mask.shape[1]][mask] = _rgb(text)
    return image
