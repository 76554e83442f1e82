// Forty Thieves: two decks of cards, ten piles, eight foundations, the deck
// and the waste. Drag a card to a pile, or click it and then the pile;
// double-click sends it home; a click on the deck deals. From the keyboard
// (the terminal's full-screen keys where they fit): arrows move between
// the piles, Enter or Space picks a card and then drops it, picking it
// again sends it home, 1-9 and 0 pick a tableau pile, w the waste, d
// deals, f sends a card home, F and then 1-8 to that foundation, a
// plays every safe card home, Esc forgets the card. The server says
// whether a move is allowed and what the board is after it.

import { Roving } from "./roving.js";
import { ThievesBar, showStatistics } from "./thieves_bar.js";
import { showDeal, showMoves, showWin, topPlaces } from "./thieves_motion.js";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAMES = { A: "ace", J: "jack", Q: "queen", K: "king" };
const DIGITS = "1234567890";
const RED = new Set(["H", "D"]);
const DRAG_PX = 5;

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

export function cardNode(text) {
  const rank = text.slice(0, -1);
  const suit = text.slice(-1);
  const node = element("div", `card ${RED.has(suit) ? "red" : "black"}`);
  node.dataset.card = text;
  const corner = `${rank}${SUITS[suit]}`;
  node.append(face("corner", corner), face("pip", SUITS[suit]), face("corner bottom", corner));
  node.setAttribute("aria-hidden", "true"); // its pile says it
  return node;
}

// A card's printed face, drawn by CSS from data-face: a picture of the
// card, not text, so the pile's name ("7 of hearts, tableau 4, top card")
// is all that names it (WCAG 2.5.3: no visible text the name leaves out).
function face(className, text) {
  const made = element("span", className);
  made.dataset.face = text;
  return made;
}

// "You won in 1 move!", "You won in 52 moves!"
function wonIn(moves) {
  return `You won in ${moves} ${moves === 1 ? "move" : "moves"}!`;
}

// "Move 3. 5 cards home, 40 in the deck; waste: 7 of hearts."
function standing(state) {
  const home = state.foundations.reduce((sum, cards) => sum + cards.length, 0);
  const waste = state.waste.length ? cardName(state.waste[state.waste.length - 1]) : "empty";
  return `Move ${state.moves}. ${counted(home, "card")} home, ${state.deck} in the deck; waste: ${waste}.`;
}

// "1 card", "2 cards".
function counted(n, noun) {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

// "7 of hearts" for 7H.
export function cardName(text) {
  const rank = text.slice(0, -1);
  return `${RANK_NAMES[rank] || rank} of ${SUIT_NAMES[text.slice(-1)]}`;
}

// "tableau 4" for t3: piles are counted from 1, as the server's words do.
function pileName(id) {
  if (id === "deck" || id === "waste") return id;
  return `${id[0] === "t" ? "tableau" : "foundation"} ${Number(id.slice(1)) + 1}`;
}

// ``count`` empty piles in ``row``, named by ``letter`` and a number from 0.
function addPiles(row, className, letter, count, title = "") {
  for (let n = 0; n < count; n++) {
    const pile = element("div", className);
    pile.dataset.pile = `${letter}${n}`;
    if (title) pile.title = title;
    row.append(pile);
  }
}

export class FortyThieves {
  constructor(main, shell) {
    this.shell = shell;
    this.selected = null;
    this.naming = false;
    this.root = element("div", "ft");
    this.root.innerHTML = `
      <h1 class="sr-only">Forty Thieves</h1>
      <div class="ft-bar"></div>
      <div class="ft-table" role="grid" aria-describedby="how-ft"
        aria-label="Forty Thieves: deck, waste and foundations, then the tableau">
        <div class="ft-top" role="row">
          <div class="pile deck" data-pile="deck" title="deal a card"></div>
          <div class="pile waste" data-pile="waste"></div>
          <div class="foundations"></div>
        </div>
        <div class="tableau" role="row"></div>
      </div>
      <p class="sr-only" id="how-ft">Arrows move between the piles; Enter or Space picks
      the top card, then drops it on the pile you choose; picking it again sends it to a
      foundation. 1 to 9 and 0 pick a tableau pile, w the waste, d deals, f sends a card
      home, a plays every safe card home, Escape forgets the card, u undoes, question mark
      opens the rules and keys.</p>
      <div class="overlay" hidden>
        <p class="overlay-text"></p>
        <div><button type="button" class="ft-undo" data-undo>Undo</button>
        <button type="button" class="ft-new">New deal</button>
        <button type="button" class="ft-overlay-stats">Statistics</button></div>
      </div>`;
    main.append(this.root);
    addPiles(this.root.querySelector(".foundations"), "pile foundation", "f", 8, "foundation");
    const tableau = this.root.querySelector(".tableau");
    addPiles(tableau, "pile tableau-pile", "t", 10);
    const top = [...this.root.querySelectorAll(".ft-top [data-pile]")];
    const bottom = [...tableau.children];
    for (const pile of [...top, ...bottom]) pile.setAttribute("role", "gridcell");
    this.cursor = new Roving([top, bottom]);
    this.root.querySelector(".ft-new").addEventListener("click", () => this.shell.start({}));
    this.root.querySelector(".ft-undo").addEventListener("click", () => this.shell.undo());
    this.root.querySelector(".ft-overlay-stats").addEventListener("click", () => showStatistics());
    this.bar = new ThievesBar(this.root, shell);
    this.pointer();
    this.root.addEventListener("dblclick", (event) => {
      const pile = this.movablePile(event.target);
      if (pile) {
        this.select(null);
        this.shell.play({ kind: "cards", source: pile, target: "home" });
      }
    });
    // Redrawn at the new size, a picked card still picked.
    this.onResize = () => {
      if (!this.out) return;
      const picked = this.selected;
      this.render(this.out, {});
      if (picked) this.select(picked);
    };
    window.addEventListener("resize", this.onResize);
  }

  destroy() {
    this.bar.destroy();
    window.removeEventListener("resize", this.onResize);
    this.root.remove();
  }

  key(event) {
    const name = event.key;
    if (this.naming) { // the key after F: 1-8 name a foundation
      this.naming = false;
      const n = "12345678".indexOf(name);
      if (n >= 0 && name.length === 1) {
        this.dropOn(`f${n}`);
        return true;
      }
    }
    if (this.cursor.step(name)) return true;
    if (name === " " || name === "Enter") this.pick(this.cursor.current.dataset.pile);
    else if (DIGITS.includes(name)) this.pickAt(1, DIGITS.indexOf(name));
    else if (name === "w") this.pickAt(0, 1);
    else if (name === "d") this.pick("deck");
    else if (name === "f") this.home(this.selected || this.cursor.current.dataset.pile);
    else if (name === "F") this.naming = true;
    else if (name === "a") this.bar.finish();
    else if (name === "Escape") this.cancel();
    else return false;
    return true;
  }

  // The pile at the cursor's (row, col), moving the cursor there first.
  pickAt(row, col) {
    this.cursor.moveTo(row, col);
    this.pick(this.cursor.current.dataset.pile);
  }

  // A pile picked from the keyboard: the deck deals; with no card chosen,
  // its top card is chosen; with one, it goes there (back onto its own
  // pile: to a foundation, as in the terminal).
  pick(pile) {
    if (pile === "deck") {
      this.select(null);
      this.shell.play({ kind: "cards", source: "deck", target: "waste" });
    } else if (this.selected === pile) {
      this.home(pile);
    } else if (this.selected) {
      const source = this.selected;
      this.select(null);
      this.shell.play({ kind: "cards", source, target: pile });
    } else if (this.topCard(pile) && /^(t\d|waste)$/.test(pile)) {
      this.select(pile);
      this.shell.announce(`Picked ${cardName(this.topCard(pile))} from ${pileName(pile)}:`
        + " choose a pile and press Enter, or Escape.");
    } else {
      this.shell.announce(`No card to pick on ${pileName(pile)}.`);
    }
  }

  // The picked card (or the focused pile's) onto ``target``.
  dropOn(target) {
    const source = this.selected || this.cursor.current.dataset.pile;
    this.select(null);
    if (this.topCard(source)) this.shell.play({ kind: "cards", source, target });
  }

  home(pile) {
    this.select(null);
    if (this.topCard(pile)) this.shell.play({ kind: "cards", source: pile, target: "home" });
  }

  cancel() {
    if (!this.selected) return;
    this.select(null);
    this.shell.announce("Card put back.");
  }

  topCard(pile) {
    const cards = this.pile(pile).dataset.cards;
    return cards ? cards.split(" ").pop() : null;
  }

  pile(id) {
    return this.root.querySelector(`[data-pile="${id}"]`);
  }

  // The pile whose top card a press on ``target`` takes: a press anywhere
  // on a tableau pile or the waste with cards (only the top card moves; on
  // a phone the covered cards are most of a pile's height).
  movablePile(target) {
    const pile = target.closest && target.closest("[data-pile]");
    if (!pile || !/^(t\d|waste)$/.test(pile.dataset.pile)) return null;
    return pile.querySelector(".card") ? pile.dataset.pile : null;
  }

  pileAt(x, y) {
    for (const node of document.elementsFromPoint(x, y)) {
      const pile = node.closest && node.closest("[data-pile]");
      if (pile && this.root.contains(pile)) return pile.dataset.pile;
    }
    return null;
  }

  select(pile) {
    for (const node of this.root.querySelectorAll(".selected")) node.classList.remove("selected");
    for (const node of this.root.querySelectorAll("[aria-selected]")) {
      node.setAttribute("aria-selected", String(node.dataset.pile === pile));
    }
    this.selected = pile;
    if (pile) {
      const card = this.pile(pile).querySelector(".card:last-child");
      if (card) card.classList.add("selected");
    }
  }

  pointer() {
    let press = null;
    this.root.addEventListener("pointerdown", (event) => {
      if (event.button !== 0 || event.target.closest("button")) return;
      press = { x: event.clientX, y: event.clientY, source: this.movablePile(event.target),
        pile: event.target.closest("[data-pile]"), drag: null };
    });
    this.root.addEventListener("pointermove", (event) => {
      if (!press || !press.source) return;
      const dx = event.clientX - press.x;
      const dy = event.clientY - press.y;
      if (!press.drag && Math.hypot(dx, dy) < DRAG_PX) return;
      if (!press.drag) press.drag = this.lift(press.source, press.x, press.y);
      press.drag.node.style.transform = `translate(${dx}px, ${dy}px)`;
    });
    const end = (event) => {
      if (!press) return;
      const done = press;
      press = null;
      if (done.drag) {
        done.drag.node.remove();
        done.drag.card.classList.remove("lifted");
        const target = event.type === "pointerup" ? this.pileAt(event.clientX, event.clientY) : null;
        if (target && target !== done.source) {
          this.select(null);
          this.shell.play({ kind: "cards", source: done.source, target });
        }
        return;
      }
      if (event.type === "pointerup") this.click(done.pile ? done.pile.dataset.pile : null, done.source);
    };
    this.root.addEventListener("pointerup", end);
    this.root.addEventListener("pointercancel", end);
  }

  lift(source, x, y) {
    const card = this.pile(source).querySelector(".card:last-child");
    const box = card.getBoundingClientRect();
    const node = card.cloneNode(true);
    node.classList.add("dragging");
    Object.assign(node.style, { left: `${box.left}px`, top: `${box.top}px`,
      width: `${box.width}px`, height: `${box.height}px` });
    this.root.append(node); // inside .ft: its card size applies to the copy
    card.classList.add("lifted");
    return { node, card, x, y };
  }

  click(pile, movable) {
    if (pile === "deck") {
      this.select(null);
      this.shell.play({ kind: "cards", source: "deck", target: "waste" });
    } else if (this.selected && pile && pile !== this.selected) {
      const source = this.selected;
      this.select(null);
      this.shell.play({ kind: "cards", source, target: pile });
    } else if (this.selected && pile === this.selected) {
      this.select(null);
    } else if (movable) {
      this.select(movable);
    }
  }

  geometry() {
    const style = getComputedStyle(this.root);
    const width = this.root.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const gap = width < 500 ? 3 : 8;
    const cardW = Math.min(88, Math.floor((width - 9 * gap) / 10));
    this.root.style.setProperty("--card-w", `${cardW}px`);
    this.root.style.setProperty("--card-h", `${Math.round(cardW * 1.4)}px`);
    this.root.style.setProperty("--gap", `${gap}px`);
    this.root.classList.toggle("small", cardW < 50);
    const cardH = Math.round(cardW * 1.4);
    // Small cards (a phone) fan out wider, into the height the screen has
    // below the tableau: their corners stay readable, no felt stays empty.
    const top = this.root.querySelector(".tableau").getBoundingClientRect().top + window.scrollY;
    const room = Math.max(cardH * 4.2, window.innerHeight - top - 16);
    return cardW < 50 ? { cardW, cardH, fan: 0.55, room } : { cardW, cardH, fan: 0.3, room: cardH * 4.2 };
  }

  render(out, { animate = false } = {}) {
    const before = this.out;
    const places = topPlaces(this.root);
    this.out = out;
    const state = out.state;
    const geo = this.geometry();
    this.select(null);
    const last = state.last;
    const marked = last ? last.target : null;
    this.fill(this.pile("deck"), [], state.deck);
    this.fill(this.pile("waste"), state.waste.slice(-3), state.waste.length, state.waste);
    state.foundations.forEach((cards, n) => this.fill(this.pile(`f${n}`), cards.slice(-1), cards.length, cards));
    state.tableau.forEach((cards, n) => {
      const pile = this.pile(`t${n}`);
      this.fill(pile, cards, cards.length, cards);
      const step = cards.length > 1 ? Math.min(geo.cardH * geo.fan, (geo.room - geo.cardH) / (cards.length - 1)) : 0;
      pile.querySelectorAll(".card").forEach((card, i) => { card.style.top = `${i * step}px`; });
      pile.style.height = `${geo.cardH + step * Math.max(0, cards.length - 1)}px`;
    });
    if (marked && marked !== "home") {
      const top = this.pile(marked).querySelector(".card:last-child");
      if (top) top.classList.add("marked");
    }
    this.bar.render(out);
    const overlay = this.root.querySelector(".overlay");
    overlay.hidden = !(state.won || state.stuck);
    overlay.classList.toggle("won", state.won);
    this.root.querySelector(".overlay-text").textContent = state.won
      ? wonIn(state.moves) : "No move left";
    this.root.querySelector(".ft-undo").hidden = state.won;
    this.move(before, out, places, animate);
  }

  // Show what changed: a new deal dealt, the last step's cards moved, a win.
  move(before, out, places, animate) {
    const state = out.state;
    if (!before || before.id !== out.id) {
      if (state.moves === 0) showDeal(this.root);
    } else if (animate && state.last && state.last.moves) {
      showMoves(this.root, places, state.last.moves);
    }
    this.root.classList.toggle("won", state.won);
    if (state.won && !(before && before.id === out.id && before.state.won)) showWin(this.root);
  }

  // The move itself is said by the message line (the server's words);
  // ``b`` (not a move) hears the standing: moves, cards home, deck, waste.
  describe(out, { moved = true } = {}) {
    const state = out.state;
    if (state.won) return wonIn(state.moves);
    if (state.stuck) return "No move left: undo, or a new deal.";
    return moved ? "" : standing(state);
  }

  // Draw ``shown`` cards in ``pile``; its data attributes hold every card.
  fill(pile, shown, count, cards = []) {
    pile.replaceChildren();
    pile.dataset.count = count;
    pile.dataset.cards = cards.join(" ");
    this.name(pile, count, cards);
    if (pile.dataset.pile === "deck") {
      if (count) pile.append(element("div", "card back", String(count)));
      return;
    }
    shown.forEach((text) => pile.append(cardNode(text)));
  }

  // What a screen reader says of a pile: its top card first ("7 of
  // hearts, tableau 4, top card"), then the cards under it.
  name(pile, count, cards) {
    const id = pile.dataset.pile;
    const where = pileName(id);
    let label = `${where}, empty`;
    if (id === "deck") label = count ? `deck, ${count} cards: Enter deals one` : "deck, empty";
    else if (cards.length) label = `${cardName(cards[cards.length - 1])}, ${where}, top card`;
    pile.setAttribute("aria-label", label);
    pile.setAttribute("aria-selected", String(this.selected === id));
    const under = cards.slice(0, -1).reverse().map(cardName);
    if (under.length && id.startsWith("t")) pile.setAttribute("aria-description", `over ${under.join(", ")}`);
    else if (under.length) pile.setAttribute("aria-description", `${cards.length} cards`);
    else pile.removeAttribute("aria-description");
  }

  showHint(intent) {
    const nodes = [this.pile(intent.source), this.pile(intent.target === "home" ? "f0" : intent.target)];
    for (const node of nodes) if (node) node.classList.add("hinted");
    setTimeout(() => nodes.forEach((node) => node && node.classList.remove("hinted")), 1500);
  }
}
