// The page's shell: which game is shown, the buttons every game shares,
// saves and slots. Each game's module draws its state and turns input into
// intents; the server plays them. The page never computes a move.

import { api, ApiError } from "./api.js";
import { Twenty48 } from "./twenty48.js";
import { FortyThieves } from "./thieves.js";
import { Dots } from "./dots.js";
import { openHelp } from "./help.js";
import { focusBack, keepTabIn } from "./modal.js";

const GAMES = { "2048": Twenty48, "forty-thieves": FortyThieves, dots: Dots };
const GAME_NAMES = { "2048": "2048", "forty-thieves": "Forty Thieves", dots: "Dots" };
const STORE_KEY = "playmanager.games";
const AUTOPLAY_PAUSE_MS = { "2048": 120, "forty-thieves": 350, dots: 600 };

const $ = (id) => document.getElementById(id);

const shell = {
  kind: null,
  view: null,
  out: null,
  busy: Promise.resolve(),
  autoplaying: false,
  // The game each new game replaced, per kind: Undo with no move left to
  // take back brings it back, as the terminal's n then u does.
  previous: {},
  focused: null, // the last element that had the focus
  newOpener: null, // what had the focus when the New game dialog opened
  largestSave: Infinity, // the server's limit (GET /api/opening)
  inerted: [], // what an overlay made inert, to give back when it goes
};

// The message line; ``download`` adds a link to a game's save.
function message(text, isError = false, download = null) {
  const line = $("message");
  line.textContent = text || "";
  line.classList.toggle("error", Boolean(isError));
  if (download) {
    const link = Object.assign(document.createElement("a"), { href: download, textContent: "Download its save" });
    link.download = "";
    line.append(" ", link);
  }
}

// Said to a screen reader (a live region nobody sees). Emptied first, so
// that the same words twice (two moves alike) are read twice.
function announce(text) {
  const live = $("announce");
  live.textContent = "";
  if (text) requestAnimationFrame(() => { live.textContent = text; });
}

function remembered() {
  try {
    return JSON.parse(localStorage.getItem(STORE_KEY)) || {};
  } catch {
    return {};
  }
}

function remember(kind, id) {
  const games = remembered();
  games[kind] = id;
  games.last = kind;
  localStorage.setItem(STORE_KEY, JSON.stringify(games));
}

// One request at a time, in order: a key pressed during a move waits for
// it, never for an animation.
function queue(task) {
  const run = shell.busy.then(task, task);
  shell.busy = run.catch(() => {});
  run.finally(keepFocus);
  return run;
}

// The API's answer, or null after saying the server's refusal in the
// message line. A move made on a board another tab had changed is not
// said: api.js has drawn the game as it is now ("game-refresh").
async function call(method, path, body) {
  try {
    return await api(method, path, body);
  } catch (error) {
    if (error instanceof ApiError) {
      if (!(error.status === 409 && error.field === "version")) message(error.message, true);
      return null;
    }
    throw error;
  }
}

function show(out, { animate = true } = {}) {
  if (!out) return;
  if (out.game !== shell.kind || !shell.view) mount(out.game);
  shell.out = out;
  remember(out.game, out.id);
  shell.view.render(out, { animate });
  announce(shell.view.describe(out, { moved: animate }));
  $("undo").disabled = !out.can_undo && !shell.previous[out.game];
  // An overlay offers Undo only when it can undo (an uploaded stuck game cannot).
  for (const button of $("game").querySelectorAll(".overlay [data-undo]")) {
    button.hidden = button.hidden || $("undo").disabled;
  }
  // No move left (a Dots win, a lost 2048...): nothing for Autoplay to do.
  $("autoplay").disabled = out.finished && !shell.autoplaying;
  document.body.dataset.gameId = out.id;
  document.body.dataset.finished = String(out.finished);
  keepFocus();
}

// ---------------------------------------------------------------- focus
// The board's focusable element: the 2048 board, or the pile or dot that
// is in the Tab order now.
function boardControl() {
  return [...$("game").querySelectorAll('[tabindex="0"]')]
    .find((node) => !node.closest(".overlay, [inert], [hidden]")) || null;
}

function shownOverlay() {
  return $("game").querySelector(".overlay:not([hidden])");
}

function lost(node) {
  return !node || !node.isConnected || node.matches(":disabled") || Boolean(node.closest("[hidden], [inert]"));
}

// After every action the focus is on a visible control: an overlay's
// first button while one is up, else the board when the control that had
// it has gone, disabled or hidden (never <body>, where no ring shows).
function keepFocus() {
  const overlay = shownOverlay();
  const active = document.activeElement;
  if (overlay) {
    // The header stays usable: a control of it keeps the focus it was given.
    const inHeader = !lost(active) && active.closest("header.top, #saves, .ft-bar");
    if (!overlay.contains(active) && !inHeader) focusOverlay(overlay);
    return;
  }
  if ((active === document.body || lost(active)) && shell.focused && lost(shell.focused)) {
    const board = boardControl();
    if (board) board.focus();
  }
}

function focusOverlay(overlay) {
  if ($("new-dialog").open) return;
  const first = [...overlay.querySelectorAll("button")].find((b) => !b.hidden && !b.disabled);
  if (first) first.focus();
}

// An overlay (a win, a loss, no move left) is a small dialog: the board
// under it is inert (no Tab stop, no click) until it goes, and Tab goes
// round its buttons and the page's header (the game tabs, the toolbar,
// Help, Saves), which stay usable. The live regions stay heard.
// What an overlay leaves usable: the page's header and Saves, the live
// regions, the dialogs.
const STAYS_USABLE = "header.top, #saves, .ft-bar, #message, #announce, dialog, script";

// The game's heading stays heard under an overlay (the page keeps its
// h1, a screen reader's heading keys still find the game): a part that
// holds it is made inert around it, not whole. A heading takes no Tab
// stop and no click.
function inertAround(node) {
  if (node.matches("h1")) return;
  if (!node.querySelector("h1")) {
    node.inert = true;
    shell.inerted.push([node]);
    return;
  }
  for (const child of node.children) {
    if (!child.inert && !child.matches(STAYS_USABLE)) inertAround(child);
  }
}

function syncOverlay() {
  for (const [node, tabindex] of shell.inerted) {
    node.inert = false;
    if (tabindex !== undefined) node.setAttribute("tabindex", tabindex);
  }
  const hadOverlay = shell.inerted.length > 0;
  shell.inerted = [];
  const overlay = shownOverlay();
  if (overlay) {
    for (let node = overlay; node && node !== document.body; node = node.parentElement) {
      for (const sibling of node.parentElement.children) {
        if (sibling === node || sibling.inert || sibling.matches(STAYS_USABLE)) continue;
        inertAround(sibling);
      }
      // An ancestor in the Tab order (the 2048 board) leaves it meanwhile.
      const parent = node.parentElement;
      if (parent && parent.getAttribute("tabindex") === "0") {
        shell.inerted.push([parent, "0"]);
        parent.setAttribute("tabindex", "-1");
      }
    }
  }
  if (overlay && !hadOverlay) focusOverlay(overlay); // it takes the focus as it comes
  if (hadOverlay && !overlay && (document.activeElement === document.body || lost(document.activeElement))) {
    const board = boardControl();
    if (board) board.focus();
  }
  keepFocus();
}

// Tab and Shift+Tab go round the header's controls and an overlay's
// buttons: never out to the browser's bar or <body>.
function trapTab(event) {
  const overlay = shownOverlay();
  if (event.key !== "Tab" || !overlay || $("new-dialog").open) return;
  const usable = (b) => !b.disabled && !b.closest("[hidden], [inert]");
  const own = [...overlay.querySelectorAll("button")].filter(usable);
  const header = [...document.querySelectorAll("header.top button, #saves button, #saves select, #slot-name, .ft-bar button")];
  const buttons = header.filter(usable).concat(own);
  if (own.length === 0) return;
  const at = buttons.indexOf(document.activeElement);
  const next = (at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length;
  event.preventDefault();
  (at < 0 ? own[0] : buttons[next]).focus();
}

function mount(kind) {
  if (shell.view) shell.view.destroy();
  shell.kind = kind;
  document.body.dataset.kind = kind;
  for (const tab of document.querySelectorAll(".tabs button")) {
    tab.setAttribute("aria-current", tab.dataset.kind === kind ? "page" : "false");
  }
  const main = $("game");
  main.replaceChildren();
  shell.view = new GAMES[kind](main, {
    play: (intent) => play(intent),
    message,
    announce,
    start: (options, how) => newGame(kind, options, how),
    askNew: () => openNewDialog(),
    undo: () => undo(),
    help: () => help(),
  });
}

// ---------------------------------------------------------------- actions
// A change (a move, undo, an autoplay step) asks for its refusal as an
// answer (200), not as a failed request the console logs: null after
// saying it. One made on a board another tab moved on draws the game as
// it is now.
async function change(action, body) {
  const out = await call("POST", `/api/games/${shell.out.id}/${action}?refusal=answer`, body);
  if (!out || !out.refused) return out;
  if (out.refused.field === "version") refreshed(out);
  else message(out.refused.error, true);
  return null;
}

function refreshed(out) {
  show(out, { animate: false });
  message("This game moved on in another tab: here it is now (your last action was not played)");
}

export function play(intent) {
  return queue(async () => {
    if (!shell.out) return;
    const out = await change("intent", intent);
    // A 2048 slide that moves nothing: nothing happens, as in the original.
    if (out && !out.no_change) {
      message(out.state.last && out.state.last.words ? out.state.last.words : "");
      show(out);
    }
  });
}

function undo() {
  stopAutoplay();
  return queue(async () => {
    if (!shell.out.can_undo && shell.previous[shell.kind]) return backToPrevious();
    const out = await change("undo");
    if (out) {
      message(out.words); // the terminal's line, with the steps left
      show(out, { animate: false });
    }
  });
}

function hint() {
  return queue(async () => {
    message("Thinking…");
    const answer = await call("POST", `/api/games/${shell.out.id}/hint`);
    if (answer) {
      // A game that draws the hint ready to play says how to play it.
      const how = answer.hint ? shell.view.showHint(answer.hint) : "";
      message(how ? `Hint: ${answer.words}. ${how}` : `Hint: ${answer.words}`);
    }
  });
}

function help() {
  const state = shell.out ? shell.out.state : {};
  return openHelp(shell.kind, { squares: state.squares !== false }).catch((error) => {
    if (!(error instanceof ApiError)) throw error;
    message(error.message, true);
  });
}

// The terminal's shared keys (playmanager/controls.py): ? help (and F1),
// H hint, A autoplay, u undo, n new game, o save.
const SHARED_KEYS = {
  "?": () => help(),
  F1: () => help(),
  H: () => hint(),
  A: () => autoplay(),
  u: () => undo(),
  z: () => undo(),
  n: () => $("new").click(),
  o: () => download(),
  // The whole board (2048) or the game's standing, read on demand.
  b: () => announce(shell.view.describe(shell.out, { moved: false })),
};

function stopAutoplay() {
  shell.autoplaying = false;
  $("autoplay").textContent = "Autoplay";
  $("autoplay").classList.remove("on");
  $("autoplay").disabled = Boolean(shell.out && shell.out.finished);
}

async function autoplay() {
  if (shell.autoplaying) {
    stopAutoplay();
    message("Autoplay stopped");
    return;
  }
  shell.autoplaying = true;
  $("autoplay").textContent = "Stop";
  $("autoplay").classList.add("on");
  while (shell.autoplaying) {
    const out = await queue(() => change("autoplay"));
    if (!out || !shell.autoplaying) break;
    message(`Autoplay: ${out.words}`);
    show(out);
    if (out.finished) break;
    await new Promise((done) => setTimeout(done, AUTOPLAY_PAUSE_MS[shell.kind]));
    // Paused while a dialog (Help, Statistics, New game) is open over the game.
    while (shell.autoplaying && document.querySelector("dialog[open]")) {
      await new Promise((done) => setTimeout(done, 200));
    }
  }
  stopAutoplay();
}

// The game the last new game replaced, as it was (the server still has it).
async function backToPrevious() {
  const id = shell.previous[shell.kind];
  delete shell.previous[shell.kind];
  // Its count in the statistics, made when the New game gave it up, goes too.
  const out = await call("POST", `/api/games/${id}/back`);
  if (out) {
    message("Undone: the last game is back");
    show(out, { animate: false });
  } else {
    $("undo").disabled = !shell.out.can_undo;
  }
}

// ``again``: the same deal replayed ("Deal 7 again", not "New deal 7").
async function newGame(kind, options = {}, { again = false } = {}) {
  stopAutoplay();
  const replaced = shell.out && shell.out.game === kind ? shell.out.id : null;
  const body = { game: kind, ...options, replaces: Boolean(replaced) };
  const out = await queue(() => call("POST", "/api/games", body));
  if (out) {
    if (replaced) shell.previous[kind] = replaced;
    // The server's words: "New deal 7 (u brings the last one back)".
    message(again ? out.words.replace(/^New deal (\S+)/, "Deal $1 again") : out.words);
    show(out, { animate: false });
  }
}

async function resume(kind) {
  stopAutoplay();
  const id = remembered()[kind];
  if (id) {
    try {
      const out = await queue(() => api("GET", `/api/games/${id}`));
      message("");
      show(out, { animate: false });
      return;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 410) {
        // Put away by the server: say so, and keep its save at hand.
        await newGame(kind);
        message(`${error.message} A new game has started.`, true, error.download);
        return;
      }
    }
  }
  await newGame(kind);
}

// ---------------------------------------------------------------- new game
function openNewDialog() {
  const dialog = $("new-dialog");
  for (const set of dialog.querySelectorAll("fieldset")) {
    set.hidden = set.dataset.for !== shell.kind;
  }
  dialog.returnValue = ""; // Esc closes it without one: not the last "ok"
  $("new-error").textContent = "";
  shell.newOpener = document.activeElement;
  dialog.showModal();
  // On Start, not in a field: Enter starts the game (n then Enter, as the
  // terminal's n) and the next key (u) is the page's again.
  $("new-ok").focus();
}

// The server's words for a seed it refuses (a seed is a Java long).
const SEED_RULE = "a whole number from -9223372036854775808 to 9223372036854775807";

// Why ``seed`` (the field's text) is no seed, or "" when it is one (or empty).
function seedProblem(seed) {
  if (!seed) return "";
  if (!/^[+-]?[0-9]+$/.test(seed)) return `The seed must be ${SEED_RULE}.`;
  const value = BigInt(seed);
  return value < -(2n ** 63n) || value >= 2n ** 63n ? `The seed must be ${SEED_RULE}.` : "";
}

// Start refused while the seed is wrong: the dialog stays open with the
// reason beside the field, and what was typed is kept.
function checkNewGame(event) {
  if (event.submitter && event.submitter.value !== "ok") return;
  const problem = seedProblem($("new-seed").value.trim());
  $("new-error").textContent = problem;
  $("new-seed").setAttribute("aria-invalid", String(Boolean(problem)));
  if (problem) {
    event.preventDefault();
    $("new-seed").focus();
  }
}

function newGameOptions(form) {
  const data = new FormData(form);
  const options = {};
  const seed = String(data.get("seed") || "").trim();
  if (seed) options.seed = seed; // a string: a Java long has more digits than a JS number
  if (shell.kind === "2048") {
    options.rows = options.cols = Number(data.get("size"));
    options.rules = data.get("rules");
  } else if (shell.kind === "dots") {
    options.moves = Number(data.get("moves"));
    options.objective = Number(data.get("objective"));
    options.colour = data.get("colour");
    options.squares = data.get("squares") === "on";
  }
  return options;
}

// ---------------------------------------------------------------- saves
function showSaves(shown) {
  $("saves").hidden = !shown;
  $("saves-toggle").setAttribute("aria-expanded", String(shown));
  if (shown) refreshSlots();
}

async function refreshSlots() {
  const slots = (await call("GET", "/api/slots")) || [];
  const list = $("slot-list");
  list.replaceChildren();
  for (const slot of slots) {
    const option = document.createElement("option");
    option.value = JSON.stringify({ name: slot.name, game: slot.game });
    option.textContent = `${slot.name} (${slot.game})`;
    list.append(option);
  }
  // No slot yet: the list says so, rather than showing an empty box.
  if (slots.length === 0) list.append(new Option("no slots yet", ""));
  list.disabled = slots.length === 0;
  $("slot-open").disabled = slots.length === 0;
}

async function saveSlot(overwrite = false) {
  const name = $("slot-name").value.trim();
  if (!name) {
    // Said before asking the server (whose words name its field).
    message("Type a name for the slot first", true);
    $("slot-name").focus();
    return;
  }
  try {
    await api("POST", "/api/slots", { name, game_id: shell.out.id, overwrite });
    message(`Saved in slot ${name}`);
    refreshSlots();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409 && !overwrite) {
      if (window.confirm(`Replace the slot ${name}?`)) return saveSlot(true);
      message(`Not saved: the slot ${name} is kept as it was`);
      return;
    }
    message(error.message, true);
  }
}

async function openSlot() {
  const chosen = $("slot-list").value;
  if (!chosen) return;
  const slot = JSON.parse(chosen);
  const out = await queue(() => call("POST", "/api/slots/open", slot));
  if (out) {
    message(`Opened slot ${slot.name}`);
    show(out, { animate: false });
  }
}

// ``what``: "save" (the game's own file) or "browser-save" (the game whole).
function download(what = "save") {
  const link = document.createElement("a");
  link.href = `/api/games/${shell.out.id}/${what}`;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}

// A size as a person reads it: 3 MiB, 2.5 MiB, 300 KiB (the server's words).
function sizeWords(size) {
  for (const [unit, scale] of [["MiB", 2 ** 20], ["KiB", 2 ** 10]]) {
    if (size >= scale) return `${(size / scale).toFixed(1).replace(/\.0$/, "")} ${unit}`;
  }
  return `${size} bytes`;
}

// The file's text, or null after saying why it is none: too big (its own
// size, not its JSON's), or not text at all (a picture, a zip).
async function saveText(file) {
  if (file.size > shell.largestSave) {
    message(`${file.name}: this save is ${sizeWords(file.size)}; the largest accepted is ${sizeWords(shell.largestSave)}`, true);
    return null;
  }
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    if (!text.includes("\0")) return text;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  message(`${file.name}: not a text save file`, true);
  return null;
}

async function upload(file) {
  const text = await saveText(file);
  if (text === null) return;
  const out = await queue(() => call("POST", "/api/upload", { text, filename: file.name }));
  if (out) {
    // Said whole: a Dots save named x.2048 loads as Dots (its header says so).
    message(`Loaded ${file.name}: a game of ${GAME_NAMES[out.game]}`);
    show(out, { animate: false });
    showSaves(false); // done with: the board comes back into view
    keepFocus();
  }
}

// ---------------------------------------------------------------- wiring
function wire() {
  for (const tab of document.querySelectorAll(".tabs button")) {
    tab.addEventListener("click", () => {
      showSaves(false); // its four Tab stops do not follow to every game
      resume(tab.dataset.kind);
    });
  }
  $("new").addEventListener("click", openNewDialog);
  $("undo").addEventListener("click", undo);
  $("hint").addEventListener("click", hint);
  $("help").addEventListener("click", help);
  $("autoplay").addEventListener("click", autoplay);
  $("saves-toggle").addEventListener("click", () => showSaves($("saves").hidden));
  $("download").addEventListener("click", () => download("save"));
  $("download-whole").addEventListener("click", () => download("browser-save"));
  $("upload-button").addEventListener("click", () => $("upload").click());
  $("upload").addEventListener("change", (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (file) upload(file);
  });
  $("slot-save").addEventListener("click", () => saveSlot());
  $("slot-name").addEventListener("keydown", (event) => {
    if (event.key === "Enter") saveSlot();
  });
  $("slot-open").addEventListener("click", openSlot);
  $("new-cancel").addEventListener("click", () => $("new-dialog").close("cancel"));
  keepTabIn($("new-dialog"));
  $("new-form").addEventListener("submit", checkNewGame);
  $("new-dialog").addEventListener("close", () => {
    const dialog = $("new-dialog");
    focusBack(shell.newOpener);
    if (dialog.returnValue === "ok") newGame(shell.kind, newGameOptions($("new-form")));
  });
  // From api.js: another tab moved this game on, or the server put it away.
  document.addEventListener("game-refresh", (event) => {
    if (!shell.out || event.detail.id !== shell.out.id) return;
    refreshed(event.detail);
  });
  document.addEventListener("game-gone", (event) => {
    if (!shell.out || event.detail.id !== shell.out.id) return;
    stopAutoplay();
    message(`${event.detail.message} New game starts another one.`, true, event.detail.download);
  });
  document.addEventListener("focusin", (event) => { shell.focused = event.target; });
  document.addEventListener("keydown", trapTab);
  // An overlay shown or hidden by any path (a move, undo, Keep going).
  new MutationObserver(syncOverlay).observe($("game"), {
    subtree: true, childList: true, attributes: true, attributeFilter: ["hidden"],
  });
  document.addEventListener("keydown", (event) => {
    if (!forThePage(event)) return;
    if (SHARED_KEYS[event.key] && shell.out) {
      event.preventDefault();
      SHARED_KEYS[event.key]();
    } else if (shell.autoplaying && !["Shift", "Tab"].includes(event.key)) {
      // As the terminal's: a key stops autoplay, and does only that.
      event.preventDefault();
      stopAutoplay();
      message("Autoplay stopped");
    } else if (shell.view && shell.view.key(event)) {
      event.preventDefault();
    }
  });
}

// Whether a key is the page's: never one a focused control uses. A text
// field, list or dialog keeps every key; a button or link keeps Enter and
// Space (Enter on a focused Undo undoes), and lends the page its arrows.
function forThePage(event) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target;
  if (!(target instanceof Element)) return true;
  if (target.closest("input, select, textarea, dialog, [contenteditable]")) return false;
  const pressable = target.closest("button, a[href], summary");
  return !(pressable && (event.key === "Enter" || event.key === " "));
}

async function start() {
  wire();
  const opening = (await call("GET", "/api/opening")) || {};
  if (opening.largest_save) shell.largestSave = opening.largest_save;
  if (opening.file && !sessionStorage.getItem("playmanager.opened")) {
    sessionStorage.setItem("playmanager.opened", "1");
    const out = await queue(() => call("POST", "/api/opening"));
    if (out) {
      message(`Opened ${opening.file}`);
      show(out, { animate: false });
      return;
    }
  }
  const params = new URLSearchParams(location.search);
  const asked = params.get("game") || opening.game;
  history.replaceState(null, "", "/"); // a reload resumes the last game shown
  await resume(GAMES[asked] ? asked : remembered().last || "2048");
}

start();
