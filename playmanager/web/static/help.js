// The page's help: a game's rules as the terminal words them and the keys
// the page takes, both from the server (/api/help: playmanager/rules_text.py
// is the one text of the rules). Opened by ?, F1, the Help button and
// Forty Thieves' Rules link.

import { api } from "./api.js";
import { openModal } from "./modal.js";

function element(tag, text) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  return made;
}

function keyTable(keys) {
  const table = document.createElement("table");
  table.className = "help-keys";
  table.append(element("caption", "Keys"));
  for (const [key, what] of keys) {
    const row = table.insertRow();
    row.append(element("th", key), element("td", what));
    row.firstChild.scope = "row";
  }
  return table;
}

// ``squares``: a Dots level's square rule (the help says whether it is on).
export async function openHelp(kind, { squares = true } = {}) {
  const help = await api("GET", `/api/help/${kind}?squares=${squares}`);
  const rules = element("ul");
  rules.className = "help-rules";
  for (const line of help.rules) rules.append(element("li", line));
  openModal(`${help.title}: rules and keys`, [element("h3", "Rules"), rules, keyTable(help.keys)], "help");
}
