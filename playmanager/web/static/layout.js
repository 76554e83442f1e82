// How big a square board may be drawn: no wider than its column and no
// taller than the window (at 200% zoom of 1280x800 the view is 640x400
// CSS px), so that a focused board shows whole and the page never scrolls
// in two directions. Given the board, it also shrinks so that the whole
// page fits the window (a 1280x800 2048 page does not scroll), unless
// that would cost it more than a quarter of its side: a phone's board
// stays big and the text under it is a scroll away (one direction only).

const VIEW_MARGIN = 16; // px kept free above and below the board
const SMALLEST = 120; // below this a board is not playable: the page scrolls instead
const FIT_SHARE = 0.75; // the least share of its side a board keeps to fit the page

// The height the page would have without the board: main's bottom edge
// (the game is its last part) and the body's padding under it.
function heightBeside(board) {
  const main = document.querySelector("main");
  if (!main) return 0;
  const below = parseFloat(getComputedStyle(document.body).paddingBottom) || 0;
  return main.getBoundingClientRect().bottom + window.scrollY + below - board.offsetHeight;
}

export function boardSide(largest, width, board) {
  const side = Math.min(largest, width, window.innerHeight - VIEW_MARGIN);
  // A board not drawn yet is empty, and the margins above and below it
  // would collapse through it into one: give it a height to measure by.
  if (board && board.offsetHeight === 0) board.style.height = `${side}px`;
  const fitting = board ? window.innerHeight - heightBeside(board) : side;
  const fitted = fitting >= side * FIT_SHARE ? Math.min(side, fitting) : side;
  return Math.max(SMALLEST, Math.floor(fitted));
}
