// The page's shell: which game is shown, the buttons every game shares,
// saves and slots. Each game's module draws its state and turns input into
// intents; the server plays them. The page never computes a move.

import { api, ApiError } from "./api.js";
import { Twenty48 } from "./twenty48.js";
import { FortyThieves } from "./thieves.js";
import { Dots } from "./dots.js";
import { openHelp } from "./help.js";

const GAMES = { "2048": Twenty48, "forty-thieves": FortyThieves, dots: Dots };
const STORE_KEY = "playmanager.games";
const AUTOPLAY_PAUSE_MS = { "2048": 120, "forty-thieves": 350, dots: 600 };

const $ = (id) => document.getElementById(id);

const shell = {
  kind: null,
  view: null,
  out: null,
  busy: Promise.resolve(),
  autoplaying: false,
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
  $("undo").disabled = !out.can_undo;
  // No move left (a Dots win, a lost 2048...): nothing for Autoplay to do.
  $("autoplay").disabled = out.finished && !shell.autoplaying;
  document.body.dataset.gameId = out.id;
  document.body.dataset.finished = String(out.finished);
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
    start: (options) => newGame(kind, options),
    undo: () => undo(),
    help: () => help(),
  });
}

// ---------------------------------------------------------------- actions
export function play(intent) {
  return queue(async () => {
    if (!shell.out) return;
    const out = await call("POST", `/api/games/${shell.out.id}/intent`, intent);
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
    const out = await call("POST", `/api/games/${shell.out.id}/undo`);
    if (out) {
      message("Undone");
      show(out, { animate: false });
    }
  });
}

function hint() {
  return queue(async () => {
    message("Thinking…");
    const answer = await call("POST", `/api/games/${shell.out.id}/hint`);
    if (answer) {
      message(`Hint: ${answer.words}`);
      if (answer.hint) shell.view.showHint(answer.hint);
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
    const out = await queue(() => call("POST", `/api/games/${shell.out.id}/autoplay`));
    if (!out || !shell.autoplaying) break;
    message(`Autoplay: ${out.words}`);
    show(out);
    if (out.finished) break;
    await new Promise((done) => setTimeout(done, AUTOPLAY_PAUSE_MS[shell.kind]));
  }
  stopAutoplay();
}

async function newGame(kind, options = {}) {
  stopAutoplay();
  const out = await queue(() => call("POST", "/api/games", { game: kind, ...options }));
  if (out) {
    message(out.words); // the server's words: "New deal 7" as the terminal says it
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
  dialog.showModal();
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
  try {
    await api("POST", "/api/slots", { name, game_id: shell.out.id, overwrite });
    message(`Saved in slot ${name}`);
    refreshSlots();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409 && !overwrite && window.confirm(`Replace the slot ${name}?`)) {
      return saveSlot(true);
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

function download() {
  const link = document.createElement("a");
  link.href = `/api/games/${shell.out.id}/save`;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}

async function upload(file) {
  const text = await file.text();
  const out = await queue(() => call("POST", "/api/upload", { text, filename: file.name }));
  if (out) {
    message(`Loaded ${file.name}`);
    show(out, { animate: false });
  }
}

// ---------------------------------------------------------------- wiring
function wire() {
  for (const tab of document.querySelectorAll(".tabs button")) {
    tab.addEventListener("click", () => resume(tab.dataset.kind));
  }
  $("new").addEventListener("click", openNewDialog);
  $("undo").addEventListener("click", undo);
  $("hint").addEventListener("click", hint);
  $("help").addEventListener("click", help);
  $("autoplay").addEventListener("click", autoplay);
  $("saves-toggle").addEventListener("click", () => {
    const panel = $("saves");
    panel.hidden = !panel.hidden;
    $("saves-toggle").setAttribute("aria-expanded", String(!panel.hidden));
    if (!panel.hidden) refreshSlots();
  });
  $("download").addEventListener("click", download);
  $("upload-button").addEventListener("click", () => $("upload").click());
  $("upload").addEventListener("change", (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (file) upload(file);
  });
  $("slot-save").addEventListener("click", () => saveSlot());
  $("slot-open").addEventListener("click", openSlot);
  $("new-cancel").addEventListener("click", () => $("new-dialog").close("cancel"));
  $("new-dialog").addEventListener("close", () => {
    const dialog = $("new-dialog");
    if (dialog.returnValue === "ok") newGame(shell.kind, newGameOptions($("new-form")));
  });
  // From api.js: another tab moved this game on, or the server put it away.
  document.addEventListener("game-refresh", (event) => {
    if (!shell.out || event.detail.id !== shell.out.id) return;
    show(event.detail, { animate: false });
    message("The game moved on in another tab: this is it now");
  });
  document.addEventListener("game-gone", (event) => {
    if (!shell.out || event.detail.id !== shell.out.id) return;
    stopAutoplay();
    message(`${event.detail.message} New game starts another one.`, true, event.detail.download);
  });
  document.addEventListener("keydown", (event) => {
    if (!forThePage(event)) return;
    if (SHARED_KEYS[event.key] && shell.out) {
      event.preventDefault();
      SHARED_KEYS[event.key]();
    } else if (shell.view && shell.view.key(event)) {
      event.preventDefault();
      if (shell.autoplaying) stopAutoplay();
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
