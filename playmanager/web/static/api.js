// The server's JSON API: every call answers data or throws an ApiError
// whose message is the server's one line.
//
// Versions: every game the server sends carries a version; each change
// (a move, undo, autoplay) is sent with the version of the game the tab
// shows. When another tab changed the game first, the server refuses
// with 409 (field "version") and the game as it is now: this layer then
// fires a "game-refresh" event on document (detail: the game) for the
// page to draw. A game the server put away answers 410: a "game-gone"
// event (detail: {id, message, download}) lets the page say so and offer
// its save. A tab that becomes visible again asks for its game afresh.

export class ApiError extends Error {
  constructor(status, message, field, data = {}) {
    super(message);
    this.status = status;
    this.field = field;
    this.download = data.download || null; // 410: the game's save
    this.current = data.game || null; // 409 on "version": the game now
    this.retryAfter = Number(data.retryAfter || 0); // 503: seconds
  }
}

const versions = new Map(); // game id -> the version this tab last drew
let shown = null; // the id of the last game the server sent
const CHANGES = /^\/api\/games\/([A-Za-z0-9_-]+)\/(intent|undo|autoplay)$/;
const GAME = /^\/api\/games\/([A-Za-z0-9_-]+)/;

function withVersion(path) {
  const [bare, query] = path.split("?");
  const change = CHANGES.exec(bare);
  if (!change || !versions.has(change[1])) return path;
  return `${bare}?version=${versions.get(change[1])}${query ? `&${query}` : ""}`;
}

function saw(game) {
  if (game && typeof game === "object" && game.id && Number.isInteger(game.version)) {
    versions.set(game.id, game.version);
    shown = game.id;
  }
}

function announce(name, detail) {
  document.dispatchEvent(new CustomEvent(name, { detail }));
}

export async function api(method, path, body) {
  const init = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(withVersion(path), init);
  } catch {
    throw new ApiError(0, "the server does not answer: is it running?", null);
  }
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  // Counts answers, so that a test (or a curious player) can wait for one.
  // Counted in a task of its own: the caller's code after its `await` (the
  // drawing) runs first, so a count seen means an answer drawn.
  setTimeout(countAnswer);
  if (!response.ok) {
    throw refused(response, data, path);
  }
  saw(data);
  return data;
}

function countAnswer() {
  document.body.dataset.answers = String(Number(document.body.dataset.answers || 0) + 1);
}

function refused(response, data, path) {
  const fields = data && typeof data === "object" ? data : {};
  const message = fields.error || `the server said ${response.status}`;
  const error = new ApiError(response.status, message, fields.field || null, {
    ...fields,
    retryAfter: response.headers.get("retry-after"),
  });
  if (response.status === 409 && error.field === "version" && error.current) {
    saw(error.current);
    announce("game-refresh", error.current);
  } else if (response.status === 410) {
    const id = (GAME.exec(path) || [])[1] || null;
    announce("game-gone", { id, message, download: error.download });
  }
  return error;
}

// Back to a tab after a while: the game may have moved on elsewhere.
document.addEventListener("visibilitychange", async () => {
  if (document.visibilityState !== "visible" || !shown) return;
  const before = versions.get(shown);
  try {
    const game = await api("GET", `/api/games/${shown}`);
    if (game.version !== before) announce("game-refresh", game);
  } catch {
    // a gone game has announced itself; a server that is down will say so
    // at the next move
  }
});
