// Forty Thieves' bar above the felt: the move count, a timer that can be
// hidden, and the solitaire's buttons: Auto-finish (the terminal's a: the
// server plays every safe card home), Replay deal, Statistics and Rules.

import { api } from "./api.js";
import { openModal } from "./modal.js";

const TIMER_HIDDEN = "playmanager.thieves.timerHidden";

// "1:05" for 65 seconds, "1:01:05" past the hour.
export function clock(seconds) {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

export class ThievesBar {
  constructor(root, shell) {
    this.shell = shell;
    this.node = root.querySelector(".ft-bar");
    this.node.innerHTML = `
      <span class="ft-count">moves <span id="ft-moves">0</span></span>
      <span class="ft-timer" role="timer" aria-label="time played"><span id="ft-time">0:00</span></span>
      <button type="button" class="ft-timer-toggle" aria-pressed="false">Hide timer</button>
      <button type="button" class="ft-finish" title="play every safe card home (a)">Auto-finish</button>
      <button type="button" class="ft-replay">Replay deal</button>
      <button type="button" class="ft-stats">Statistics</button>
      <button type="button" class="ft-rules" title="rules and keys (?)">Rules</button>`;
    this.timer = this.node.querySelector(".ft-timer");
    this.on(".ft-timer-toggle", () => this.toggleTimer());
    this.on(".ft-finish", () => this.finish());
    this.on(".ft-replay", () => this.out && shell.start({ seed: this.out.state.seed }, { again: true }));
    this.on(".ft-stats", () => showStatistics());
    this.on(".ft-rules", () => shell.help());
    this.showTimer(localStorage.getItem(TIMER_HIDDEN) !== "1");
    this.ticking = null;
  }

  on(selector, action) {
    this.node.querySelector(selector).addEventListener("click", action);
  }

  // Sent even when nothing is safe (the key a): the rules' refusal is said.
  finish() {
    if (this.out) this.shell.play({ kind: "cards", source: "safe", target: "home" });
  }

  toggleTimer() {
    const shown = this.timer.hidden;
    localStorage.setItem(TIMER_HIDDEN, shown ? "0" : "1");
    this.showTimer(shown);
  }

  showTimer(shown) {
    this.timer.hidden = !shown;
    const toggle = this.node.querySelector(".ft-timer-toggle");
    toggle.textContent = shown ? "Hide timer" : "Show timer";
    toggle.setAttribute("aria-pressed", String(!shown));
  }

  // The server's clock: started at the first move (epoch seconds), stopped
  // at the end (seconds of play); the statistics keep the server's figure.
  render(out) {
    this.out = out;
    const state = out.state;
    this.node.querySelector("#ft-moves").textContent = state.moves;
    this.node.querySelector(".ft-finish").disabled = !state.safe;
    clearInterval(this.ticking);
    const { started, stopped } = out.clock;
    const seconds = () => {
      if (started === null) return 0;
      return stopped !== null ? stopped : Math.max(0, Date.now() / 1000 - started);
    };
    const draw = () => { this.node.querySelector("#ft-time").textContent = clock(seconds()); };
    draw();
    if (started !== null && stopped === null) this.ticking = setInterval(draw, 1000);
  }

  destroy() {
    clearInterval(this.ticking);
  }
}

// This browser's Forty Thieves record, counted by the server as the
// terminal's --stats counts it.
export async function showStatistics() {
  const tally = await api("GET", "/api/statistics/forty-thieves");
  const rate = tally.played ? `${Math.round((100 * tally.won) / tally.played)}%` : "none yet";
  const rows = [
    ["Played", tally.played], ["Won", tally.won], ["Win rate", rate],
    ["Current streak", tally.streak], ["Best streak", tally.best_streak],
    // As the terminal's "Loaded" column: a loaded game counts but sets no best time.
    ["Loaded from a save", tally.from_file],
    ["Best time", tally.best_seconds === null ? "no timed win yet" : clock(tally.best_seconds)],
  ];
  const table = document.createElement("table");
  table.className = "ft-statistics";
  for (const [name, value] of rows) {
    const row = table.insertRow();
    const head = document.createElement("th");
    head.scope = "row";
    head.textContent = name;
    row.append(head);
    row.insertCell().textContent = String(value);
  }
  const note = document.createElement("p");
  note.textContent = "Counted in this browser: a game counts when it ends or when a new deal gives it up;"
    + " a game loaded from a save counts too, but sets no best time.";
  openModal("Forty Thieves statistics", [table, note], "statistics");
}
