import { boardSide } from "./layout.js";
import { place } from "./roving.js";

// 2048 as the original web game looks: a beige board, rounded tiles that
// slide, pop and appear, the score with a floating +N. Keys and swipes
// become slide intents; the server's answer is drawn as it is.

const KEYS = {
  ArrowUp: "up", w: "up", W: "up", k: "up",
  ArrowDown: "down", s: "down", S: "down", j: "down",
  ArrowLeft: "left", a: "left", h: "left", // A is autoplay, as in the terminal
  ArrowRight: "right", d: "right", D: "right", l: "right",
};
const SLIDE_MS = 100;
const SWIPE_PX = 24;
const KEPT_GOING = "playmanager.keptGoing";
const TILE_STYLES = new Set([2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048]);
const DIGIT_EM = 0.62; // the width of a bold digit, in ems
const TEXT_FILL = 0.88; // the share of a tile's width its number may take

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

export class Twenty48 {
  constructor(main, shell) {
    this.shell = shell;
    // Games whose win the player has seen: a reload does not show it again.
    this.keptGoing = new Set(JSON.parse(sessionStorage.getItem(KEPT_GOING) || "[]"));
    this.root = element("div", "t48");
    this.root.innerHTML = `
      <div class="t48-head">
        <h1 class="t48-title">2048</h1>
        <div class="scores">
          <div class="score-box">score<span id="score">0</span></div>
          <div class="score-box">best<span id="best">0</span></div>
        </div>
      </div>
      <div class="t48-intro">
        <p>Join the tiles, get to <strong id="goal">2048!</strong></p>
        <button type="button" class="t48-new">New Game</button>
      </div>
      <div class="board" id="board-2048" tabindex="0" role="application"
        aria-roledescription="2048 board" aria-describedby="how-2048">
        <div class="cells" role="table" aria-label="tiles"></div>
        <div class="tiles" aria-hidden="true"></div>
        <div class="overlay" hidden>
          <p class="overlay-text"></p>
          <div><button type="button" class="keep-going">Keep going</button>
          <button type="button" class="try-again">Try again</button></div>
        </div>
      </div>
      <p class="how" id="how-2048"><strong>How to play:</strong> arrow keys, WASD or HJKL move the
      tiles; swipe on a touch screen. Two tiles with the same number merge into one.
      b reads the whole board aloud.</p>`;
    main.append(this.root);
    this.board = this.root.querySelector(".board");
    this.tiles = this.root.querySelector(".tiles");
    // The page's one New game (its dialog): this game stays one undo away.
    this.root.querySelector(".t48-new").addEventListener("click", () => this.shell.askNew());
    this.root.querySelector(".try-again").addEventListener("click", () => this.tryAgain());
    this.root.querySelector(".keep-going").addEventListener("click", () => {
      this.keptGoing.add(this.out.id);
      sessionStorage.setItem(KEPT_GOING, JSON.stringify([...this.keptGoing].slice(-50)));
      this.root.querySelector(".overlay").hidden = true;
      this.board.focus();
    });
    this.swipe();
    this.onResize = () => this.out && this.render(this.out, { animate: false });
    window.addEventListener("resize", this.onResize);
  }

  destroy() {
    window.removeEventListener("resize", this.onResize);
    this.root.remove();
  }

  key(event) {
    const direction = KEYS[event.key];
    if (!direction) return false;
    this.shell.play({ kind: "slide", direction });
    return true;
  }

  swipe() {
    let start = null;
    this.board.addEventListener("pointerdown", (event) => {
      if (event.target.closest("button")) return;
      start = { x: event.clientX, y: event.clientY };
    });
    this.board.addEventListener("pointerup", (event) => {
      if (!start) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      start = null;
      if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_PX) return;
      const direction = Math.abs(dx) > Math.abs(dy)
        ? (dx > 0 ? "right" : "left")
        : (dy > 0 ? "down" : "up");
      this.shell.play({ kind: "slide", direction });
    });
    this.board.addEventListener("pointercancel", () => { start = null; });
  }

  tryAgain() {
    const state = this.out.state;
    this.shell.start({ rows: state.rows, cols: state.cols, rules: state.rules });
  }

  geometry(rows, cols) {
    const side = boardSide(500, this.board.parentElement.clientWidth, this.board);
    const gap = Math.max(4, Math.round(side * 0.03 * 4 / Math.max(rows, cols)));
    const tile = (side - gap * (cols + 1)) / cols;
    return { gap, tile, width: side, height: gap * (rows + 1) + tile * rows };
  }

  place(node, r, c, geo) {
    node.style.left = `${geo.gap + c * (geo.tile + geo.gap)}px`;
    node.style.top = `${geo.gap + r * (geo.tile + geo.gap)}px`;
    node.style.width = node.style.height = `${geo.tile}px`;
  }

  tile(value, geo) {
    const text = String(value);
    const node = element("div", `tile tile-${TILE_STYLES.has(value) ? value : "super"}`, text);
    // The original's sizes, smaller still for a number too long for them
    // (an upload may hold -2147483648, Java's int after an overflow).
    const scale = text.length <= 2 ? 0.5 : text.length === 3 ? 0.42 : text.length === 4 ? 0.33 : 0.26;
    const fits = (geo.tile * TEXT_FILL) / (text.length * DIGIT_EM);
    node.style.fontSize = `${Math.floor(Math.min(geo.tile * scale, fits))}px`;
    return node;
  }

  render(out, { animate }) {
    const fresh = !this.out || this.out.id !== out.id;
    this.out = out;
    const state = out.state;
    const geo = this.geometry(state.rows, state.cols);
    this.board.style.width = `${geo.width}px`;
    this.board.style.height = `${geo.height}px`;
    this.board.dataset.rows = state.rows;
    this.board.dataset.cols = state.cols;
    this.drawCells(state, geo);
    const last = animate && !fresh ? state.last : null;
    this.drawTiles(state, geo, last);
    this.drawScore(out, last);
    this.root.querySelector("#goal").textContent = state.goal ? `${state.goal}!` : "the biggest tile";
    this.drawOverlay(out);
  }

  // The empty cells, and what a screen reader reads: a table whose cells
  // say "2048 at row 2, column 3" (the tiles above them are hidden from it).
  drawCells(state, geo) {
    const cells = this.root.querySelector(".cells");
    cells.replaceChildren();
    state.board.forEach((values, r) => {
      const row = element("div", "cell-row");
      row.setAttribute("role", "row");
      values.forEach((value, c) => {
        const cell = element("div", "cell");
        cell.setAttribute("role", "cell");
        cell.append(element("span", "sr-only", tileName(value, r, c)));
        this.place(cell, r, c, geo);
        row.append(cell);
      });
      cells.append(row);
    });
    this.board.setAttribute("aria-label",
      `2048, ${state.rows} by ${state.cols}, score ${state.score}: arrow keys slide the tiles`);
  }

  drawTiles(state, geo, last) {
    this.tiles.replaceChildren();
    const key = (r, c) => `${r},${c}`;
    const origins = new Map();
    const merged = new Set((last ? last.merged : []).map(([r, c]) => key(r, c)));
    const newTile = last && last.new_tile ? key(...last.new_tile) : null;
    for (const [fr, fc, tr, tc] of last ? last.motion : []) {
      if (!origins.has(key(tr, tc))) origins.set(key(tr, tc), []);
      origins.get(key(tr, tc)).push([fr, fc]);
    }
    const offset = ([fr, fc], r, c) =>
      `translate(${(fc - c) * (geo.tile + geo.gap)}px, ${(fr - r) * (geo.tile + geo.gap)}px)`;
    state.board.forEach((row, r) => row.forEach((value, c) => {
      if (!value) return;
      const here = key(r, c);
      const node = this.tile(value, geo);
      node.dataset.row = r;
      node.dataset.col = c;
      node.dataset.value = value;
      this.place(node, r, c, geo);
      this.tiles.append(node);
      if (!last) return;
      if (here === newTile) {
        node.classList.add("tile-new");
        node.animate([{ transform: "scale(0)" }, { transform: "scale(1)" }],
          { duration: SLIDE_MS, delay: SLIDE_MS, fill: "backwards" });
      } else if (merged.has(here)) {
        node.classList.add("tile-merged");
        for (const from of origins.get(here) || []) this.ghost(value / 2, from, r, c, geo, offset);
        node.animate([{ transform: "scale(0)" }, { transform: "scale(1.2)" }, { transform: "scale(1)" }],
          { duration: 2 * SLIDE_MS, delay: SLIDE_MS, fill: "backwards" });
      } else if (origins.has(here)) {
        node.animate([{ transform: offset(origins.get(here)[0], r, c) }, { transform: "none" }],
          { duration: SLIDE_MS, easing: "ease-in-out" });
      }
    }));
  }

  ghost(value, from, r, c, geo, offset) {
    const node = this.tile(value, geo);
    node.classList.add("ghost");
    this.place(node, r, c, geo);
    this.tiles.prepend(node);
    const moving = node.animate([{ transform: offset(from, r, c) }, { transform: "none" }],
      { duration: SLIDE_MS, easing: "ease-in-out", fill: "forwards" });
    moving.onfinish = () => node.remove();
  }

  drawScore(out, last) {
    const score = this.root.querySelector("#score");
    score.textContent = out.state.score;
    this.root.querySelector("#best").textContent = out.best ?? out.state.score;
    // One +N at a time, as in the original: quick moves do not stack them.
    for (const old of this.root.querySelectorAll(".score-addition")) old.remove();
    if (last && last.gained > 0) {
      const plus = element("div", "score-addition", `+${last.gained}`);
      plus.setAttribute("aria-hidden", "true");
      score.parentElement.append(plus);
      plus.addEventListener("animationend", () => plus.remove());
    }
  }

  drawOverlay(out) {
    const overlay = this.root.querySelector(".overlay");
    const state = out.state;
    const won = this.won(out);
    const appearing = overlay.hidden && (won || state.over);
    overlay.hidden = !(won || state.over);
    overlay.classList.toggle("won", Boolean(won));
    this.root.querySelector(".overlay-text").textContent = won ? "You win!" : "Game over!";
    this.root.querySelector(".keep-going").hidden = !won;
    // The keyboard goes to the overlay's first button, as a mouse would.
    if (appearing && this.root.contains(document.activeElement)) {
      this.root.querySelector(won ? ".keep-going" : ".try-again").focus();
    }
  }

  won(out) {
    const state = out.state;
    return Boolean(state.reached && state.last && state.last.won && !this.keptGoing.has(out.id));
  }

  // What a screen reader hears: the move, the new tile, a win or the end;
  // a board drawn afresh (a new game, an upload) is read tile by tile.
  describe(out, { moved }) {
    const state = out.state;
    const last = state.last;
    const words = [];
    if (moved && last) {
      words.push(`Moved ${last.direction}.`);
      if (last.merged.length) {
        // Where the merged tiles landed, not only how many points they made.
        const merges = last.merged.map(([r, c]) => tileName(state.board[r][c], r, c));
        words.push(`Merged: ${merges.join("; ")}.`);
      }
      if (last.gained > 0) words.push(`Plus ${last.gained}, score ${state.score}.`);
      if (last.new_tile) {
        const [r, c] = last.new_tile;
        words.push(`New ${tileName(state.board[r][c], r, c)}.`);
      }
    } else {
      const tiles = [];
      state.board.forEach((row, r) => row.forEach((value, c) => {
        if (value) tiles.push(tileName(value, r, c));
      }));
      words.push(`${state.rows} by ${state.cols} board, score ${state.score}: ${tiles.join("; ")}.`);
    }
    if (this.won(out)) words.push("You win! Keep going, or try again.");
    else if (state.over) words.push(`Game over! Score ${state.score}.`);
    return words.join(" ");
  }

  showHint(intent) {
    this.board.dataset.hint = intent.direction;
    setTimeout(() => delete this.board.dataset.hint, 1200);
  }
}

function tileName(value, r, c) {
  return `${value || "empty"} at ${place(r, c)}`;
}
