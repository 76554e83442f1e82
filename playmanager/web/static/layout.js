// How big a square board may be drawn: no wider than its column and no
// taller than the window (at 200% zoom of 1280x800 the view is 640x400
// CSS px), so that a focused board shows whole and the page never scrolls
// in two directions.

const VIEW_MARGIN = 16; // px kept free above and below the board
const SMALLEST = 120; // below this a board is not playable: the page scrolls instead

export function boardSide(largest, width) {
  return Math.max(SMALLEST, Math.min(largest, width, window.innerHeight - VIEW_MARGIN));
}
