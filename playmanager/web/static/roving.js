// A roving focus over a grid of elements (Forty Thieves' piles, Dots'
// dots): one of them is in the Tab order at a time (tabindex 0), arrows
// move it, and it keeps its place while the game is redrawn. Rows and
// columns are counted from 0 here; names shown to people count from 1.

export const STEPS = {
  ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
};

export class Roving {
  constructor(cells) {
    this.cells = cells; // rows of elements, every row as long
    this.row = 0;
    this.col = 0;
    cells.forEach((row, r) => row.forEach((cell, c) => {
      cell.tabIndex = -1;
      // A click focuses a cell too: the arrows go on from there.
      cell.addEventListener("focus", () => this.follow(r, c));
    }));
    cells[0][0].tabIndex = 0;
  }

  follow(row, col) {
    this.current.tabIndex = -1;
    this.row = row;
    this.col = col;
    this.current.tabIndex = 0;
  }

  get current() {
    return this.cells[this.row][this.col];
  }

  // Put the focus on (row, col), clamped to the grid.
  moveTo(row, col) {
    const r = Math.max(0, Math.min(this.cells.length - 1, row));
    this.follow(r, Math.max(0, Math.min(this.cells[r].length - 1, col)));
    this.current.focus();
  }

  // An arrow key: move and answer true; any other key: false.
  step(key) {
    const step = STEPS[key];
    if (!step) return false;
    this.moveTo(this.row + step[0], this.col + step[1]);
    return true;
  }
}

// "row 2, column 3" for the cell at (1, 2).
export function place(row, col) {
  return `row ${row + 1}, column ${col + 1}`;
}
