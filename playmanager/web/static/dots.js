// Dots: press on a dot and drag across neighbouring dots of its colour;
// the path is drawn in that colour as it grows, and releasing plays it.
// Back over the previous dot takes the last step back; reaching the first
// dot again after four or more closes a square. From the keyboard: arrows
// move over the dots, Space starts a path and then adds the dot under the
// focus (the same steps as a drag), Enter plays it, Esc forgets it. The
// server checks the path and answers the board after the dots fell in.

import { boardSide } from "./layout.js";
import { Roving, place } from "./roving.js";

const SIZE = 6;
const NAMES = { R: "red", O: "orange", G: "green", B: "blue" };
const SVG = "http://www.w3.org/2000/svg";

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

// "1 move", "2 moves".
const counted = (n, noun) => `${n} ${noun}${n === 1 ? "" : "s"}`;
const neighbours = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;
const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

// The grid's SIZE rows of SIZE dots, each a gridcell that knows its place.
function makeDots(grid) {
  const dots = [];
  for (let r = 0; r < SIZE; r++) {
    const line = element("div", "dots-row");
    line.setAttribute("role", "row");
    dots.push([]);
    for (let c = 0; c < SIZE; c++) {
      const dot = element("div", "dot");
      dot.setAttribute("role", "gridcell");
      Object.assign(dot.dataset, { row: r, col: c });
      line.append(dot);
      dots[r].push(dot);
    }
    grid.append(line);
  }
  return dots;
}

export class Dots {
  constructor(main, shell) {
    this.shell = shell;
    this.path = [];
    this.closed = false;
    this.root = element("div", "dots");
    this.root.innerHTML = `
      <div class="dots-head">
        <div class="stat"><span>moves left</span><b id="dots-moves">0</b></div>
        <div class="stat goal"><span class="goal-dot"></span><b id="dots-objective">0</b>
          <small id="dots-goal-text"></small></div>
        <div class="stat"><span>score</span><b id="dots-score">0</b></div>
      </div>
      <h1 class="sr-only">Dots</h1>
      <div class="dots-board" id="board-dots">
        <svg class="dots-path" aria-hidden="true"><polyline fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>
        <div class="dots-grid" role="grid" aria-label="Dots, 6 by 6" aria-describedby="how-dots"></div>
        <div class="overlay" hidden>
          <p class="overlay-text"></p>
          <div><button type="button" class="dots-undo" data-undo>Undo</button>
          <button type="button" class="dots-new">Play again</button></div>
        </div>
      </div>
      <p class="how" id="how-dots">Press on a dot and drag across neighbouring dots of its colour,
      then let go to clear them; or with the keyboard, Space on a dot starts a path,
      arrows and Space add dots to it, Enter plays it and Escape forgets it.
      <span class="square-rule">Close a square to clear every dot of its colour.</span></p>`;
    main.append(this.root);
    this.board = this.root.querySelector(".dots-board");
    this.line = this.root.querySelector("polyline");
    this.dots = makeDots(this.root.querySelector(".dots-grid"));
    this.cursor = new Roving(this.dots);
    this.root.querySelector(".dots-new").addEventListener("click", () => this.playAgain());
    this.root.querySelector(".dots-undo").addEventListener("click", () => this.shell.undo());
    this.pointer();
    // Redrawn at the new size, the path too: its line follows its dots.
    this.onResize = () => {
      if (!this.out) return;
      this.render(this.out, {});
      this.draw();
    };
    window.addEventListener("resize", this.onResize);
  }

  destroy() {
    window.removeEventListener("resize", this.onResize);
    this.root.remove();
  }

  key(event) {
    const name = event.key;
    if (this.cursor.step(name)) return true;
    if (name === " ") this.step();
    else if (name === "Enter") this.playPath();
    else if (name === "Escape") this.cancel();
    else return false;
    return true;
  }

  cellHere() {
    return [this.cursor.row, this.cursor.col];
  }

  // Space: start a path at the focused dot, or take it a step there as a
  // drag would (on, back, or closing a square).
  step() {
    if (!this.out || this.out.finished) return;
    const cell = this.cellHere();
    if (!this.path.length) {
      this.path = [cell];
      this.closed = false;
    } else {
      const [length, closed] = [this.path.length, this.closed];
      this.extend(cell);
      if (this.path.length === length && this.closed === closed) {
        this.shell.message(this.whyNot(cell), true);
        return;
      }
    }
    this.draw();
    this.shell.announce(this.pathWords());
  }

  pathWords() {
    const dots = this.path.map(([r, c]) => `${place(r, c)}`);
    const colour = NAMES[this.colour(this.path[0])];
    if (this.closed) return `Square of ${colour} dots closed: Enter clears every ${colour} dot.`;
    if (dots.length === 1) return `Path starts at the ${colour} dot at ${dots[0]}.`;
    return `${dots.length} ${colour} dots: ${dots.join("; ")}. Enter plays.`;
  }

  // Why Space on ``cell`` took the path no step.
  whyNot(cell) {
    const end = this.path[this.path.length - 1];
    const colour = NAMES[this.colour(this.path[0])];
    if (same(cell, end)) return "This dot ends the path: move to a neighbour, then Space.";
    if (this.colour(cell) !== this.colour(this.path[0])) {
      return `That dot is ${NAMES[this.colour(cell)]}: this path joins ${colour} dots only.`;
    }
    if (!neighbours(cell, end)) return "Not next to the path's last dot: a path goes dot by dot, no diagonals.";
    return "That dot is in the path already.";
  }

  playPath() {
    const path = this.path;
    if (path.length < 2) {
      this.shell.announce("A path joins two dots or more: Space adds the focused dot.");
      return;
    }
    this.cancel(false);
    this.shell.play({ kind: "path", path });
  }

  cancel(say = true) {
    if (!this.path.length) return;
    this.path = [];
    this.closed = false;
    this.draw();
    if (say) this.shell.announce("Path forgotten.");
  }

  playAgain() {
    const s = this.out.state;
    this.shell.start({ moves: s.level_moves, objective: s.objective.total,
      colour: s.objective.colour, squares: s.squares });
  }

  // The dot under (x, y) when the pointer is near its centre, else null.
  cellAt(x, y, reach) {
    const box = this.board.getBoundingClientRect();
    const cell = box.width / SIZE;
    const col = Math.floor((x - box.left) / cell);
    const row = Math.floor((y - box.top) / cell);
    if (row < 0 || col < 0 || row >= SIZE || col >= SIZE) return null;
    const dx = x - box.left - (col + 0.5) * cell;
    const dy = y - box.top - (row + 0.5) * cell;
    return Math.hypot(dx, dy) <= reach * cell ? [row, col] : null;
  }

  colour([r, c]) {
    return this.out.state.grid[r][c];
  }

  pointer() {
    this.board.addEventListener("pointerdown", (event) => {
      if (event.button !== 0 || !this.out || this.out.finished) return;
      if (event.target.closest("button")) return;
      const cell = this.cellAt(event.clientX, event.clientY, 0.5);
      if (!cell) return;
      this.board.setPointerCapture(event.pointerId);
      this.path = [cell];
      this.closed = false;
      this.draw();
    });
    this.board.addEventListener("pointermove", (event) => {
      if (!this.path.length) return;
      const cell = this.cellAt(event.clientX, event.clientY, 0.36);
      if (cell) this.extend(cell);
      this.draw(event);
    });
    this.board.addEventListener("pointerup", (event) => {
      const path = this.path;
      this.path = [];
      this.closed = false;
      this.draw();
      if (path.length < 2) return;
      // Let go outside the board: the path is cancelled, not played.
      const box = this.board.getBoundingClientRect();
      if (event.clientX < box.left || event.clientX > box.right
        || event.clientY < box.top || event.clientY > box.bottom) {
        this.shell.message("Path cancelled: let go outside the board");
        return;
      }
      this.shell.play({ kind: "path", path });
    });
    this.board.addEventListener("pointercancel", () => {
      this.path = [];
      this.draw();
    });
  }

  extend(cell) {
    const path = this.path;
    const lastCell = path[path.length - 1];
    if (same(cell, lastCell)) return;
    if (this.closed) {
      if (!same(cell, path[0])) this.closed = false;
      return;
    }
    if (same(cell, path[path.length - 2])) {
      path.pop();
    } else if (path.length >= 4 && same(cell, path[0]) && neighbours(cell, lastCell)) {
      this.closed = true;
    } else if (neighbours(cell, lastCell) && this.colour(cell) === this.colour(path[0])
      && !path.some((p) => same(p, cell))) {
      path.push(cell);
    }
  }

  centre([r, c]) {
    const cell = this.board.clientWidth / SIZE;
    return [(c + 0.5) * cell, (r + 0.5) * cell];
  }

  draw(event) {
    for (const dot of this.board.querySelectorAll(".in-path")) dot.classList.remove("in-path");
    for (const row of this.dots) for (const dot of row) dot.setAttribute("aria-selected", "false");
    this.board.classList.toggle("closed", this.closed);
    if (!this.path.length) {
      this.line.setAttribute("points", "");
      return;
    }
    const points = this.path.map((cell) => this.centre(cell));
    if (this.closed) points.push(this.centre(this.path[0]));
    else if (event) {
      const box = this.board.getBoundingClientRect();
      points.push([event.clientX - box.left, event.clientY - box.top]);
    }
    this.line.setAttribute("points", points.map((p) => p.join(",")).join(" "));
    this.line.setAttribute("class", `colour-${this.colour(this.path[0])}`);
    for (const [r, c] of this.path) {
      this.dots[r][c].classList.add("in-path");
      this.dots[r][c].setAttribute("aria-selected", "true");
    }
  }

  render(out, { animate }) {
    const fresh = !this.out || this.out.id !== out.id;
    this.out = out;
    const state = out.state;
    const side = boardSide(440, this.root.clientWidth, this.board);
    this.board.style.width = this.board.style.height = `${side}px`;
    this.line.style.strokeWidth = `${side / SIZE / 7}px`;
    const fall = animate && !fresh && state.last ? state.last.fall : null;
    const cell = side / SIZE;
    state.grid.forEach((row, r) => row.forEach((colour, c) => {
      const dot = this.dots[r][c];
      dot.dataset.colour = colour;
      dot.className = `dot colour-${colour}`;
      dot.setAttribute("aria-label", `${NAMES[colour]} dot, ${place(r, c)}`);
      dot.style.left = `${c * cell}px`;
      dot.style.top = `${r * cell}px`;
      dot.style.width = dot.style.height = `${cell}px`;
      if (fall && fall[r][c]) {
        dot.animate([{ transform: `translateY(${-fall[r][c] * cell}px)`, opacity: 0.4 },
          { transform: "none", opacity: 1 }],
        { duration: 140 + 25 * fall[r][c], easing: "cubic-bezier(.4,0,.6,1.4)" });
      }
    }));
    this.root.querySelector("#dots-moves").textContent = state.moves_left;
    this.root.querySelector("#dots-score").textContent = state.score;
    this.root.querySelector("#dots-objective").textContent = state.objective.left;
    this.root.querySelector(".goal-dot").className = `goal-dot colour-${state.objective.colour}`;
    this.root.querySelector("#dots-goal-text").textContent =
      `${NAMES[state.objective.colour]} to clear`;
    this.root.querySelector(".square-rule").hidden = !state.squares;
    const overlay = this.root.querySelector(".overlay");
    overlay.hidden = !(state.won || state.over || state.stuck);
    overlay.classList.toggle("won", state.won);
    this.root.querySelector(".overlay-text").textContent = state.won
      ? `You win! Score ${state.score}` : state.over ? "Out of moves" : "No path left";
    this.root.querySelector(".dots-undo").hidden = state.won;
  }

  // The server's words say the move; this adds what is left, or the end.
  describe(out, { moved }) {
    const state = out.state;
    if (state.won) return `You win! Score ${state.score}.`;
    if (state.over) return `Out of moves. Score ${state.score}.`;
    if (state.stuck) return "No path left: undo, or play again.";
    const left = `${counted(state.moves_left, "move")} left, `
      + `${counted(state.objective.left, `${NAMES[state.objective.colour]} dot`)} to clear, score ${state.score}.`;
    return moved && state.last ? `Cleared ${counted(state.last.cleared.length, "dot")}. ${left}` : left;
  }

  // The hinted path is drawn as the player's own, ready to play: Enter
  // plays it, Escape forgets it, Space goes on from it.
  showHint(intent) {
    if (!this.out || this.out.finished) return "";
    const path = intent.path.map(([r, c]) => [r, c]);
    this.path = path;
    // A loop ends next to its start (the server closes it; so does the line).
    this.closed = this.out.state.squares && path.length >= 4 && neighbours(path[0], path[path.length - 1]);
    this.draw();
    return "Enter plays it, Escape forgets it";
  }
}
