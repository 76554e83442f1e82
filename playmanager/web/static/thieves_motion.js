// Forty Thieves in motion: a card slides from where it was to where the
// server put it, a new deal flies out of the deck, and a win makes the
// foundations' kings jump. The server has moved the cards already: these
// only show it. Nothing moves when the player asks for reduced motion.

const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");
const SLIDE_MS = 240;
const STEP_MS = 70; // between the cards of one auto-finish
const DEAL_STEP_MS = 12;

export function motionAllowed() {
  return !REDUCED.matches;
}

// Where each pile's top card is (the pile itself when empty): taken before
// a redraw, for the moves to start from.
export function topPlaces(root) {
  const places = new Map();
  for (const pile of root.querySelectorAll("[data-pile]")) {
    const top = pile.querySelector(".card:last-child") || pile;
    places.set(pile.dataset.pile, top.getBoundingClientRect());
  }
  return places;
}

function slide(card, from, delay) {
  const to = card.getBoundingClientRect();
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (!dx && !dy) return;
  card.style.zIndex = "50"; // over the piles it passes
  const motion = card.animate(
    [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
    { duration: SLIDE_MS, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
  );
  motion.finished.then(() => { card.style.zIndex = ""; }, () => {});
}

// ``moves``: the [source, target] piles of the server's last step, in order.
export function showMoves(root, before, moves) {
  if (!motionAllowed()) return;
  const last = new Map(); // a pile that took several cards shows its top one
  moves.forEach(([source, target], i) => last.set(target, [source, i]));
  for (const [target, [source, i]] of last) {
    const card = root.querySelector(`[data-pile="${target}"] .card:last-child`);
    if (card && before.has(source)) slide(card, before.get(source), i * STEP_MS);
  }
}

// A new deal: the tableau's cards fly out of the deck, row by row.
export function showDeal(root) {
  if (!motionAllowed()) return;
  const deck = root.querySelector('[data-pile="deck"]').getBoundingClientRect();
  const piles = [...root.querySelectorAll(".tableau [data-pile]")];
  piles.forEach((pile, col) => {
    pile.querySelectorAll(".card").forEach((card, row) => {
      slide(card, deck, (row * piles.length + col) * DEAL_STEP_MS);
    });
  });
}

// A win: each foundation's king jumps, one after the other, three times.
export function showWin(root) {
  if (!motionAllowed()) return;
  root.querySelectorAll(".foundation .card:last-child").forEach((card, i) => {
    card.animate(
      [{ transform: "none" }, { transform: "translateY(-12%) rotate(-10deg) scale(1.08)" }, { transform: "none" }],
      { duration: 650, delay: i * 120, iterations: 3, easing: "ease-in-out" },
    );
  });
}
