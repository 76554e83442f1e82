// One modal dialog for the page's panels (help, statistics): it takes the
// focus, keeps Tab inside, closes on Escape or its Close button, makes the
// page under it inert (a native modal <dialog>) and gives the focus back
// to where it was (the game's board when that control has gone).

let dialog = null;
let opener = null;

function build() {
  dialog = document.createElement("dialog");
  dialog.className = "panel";
  dialog.id = "panel-dialog";
  dialog.setAttribute("aria-labelledby", "panel-title");
  dialog.innerHTML = `
    <h2 id="panel-title"></h2>
    <div class="panel-body" tabindex="0"></div>
    <menu><button type="button" class="panel-close">Close</button></menu>`;
  document.body.append(dialog);
  dialog.querySelector(".panel-close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("keydown", trapTab);
  dialog.addEventListener("close", giveFocusBack);
}

function focusable() {
  return [...dialog.querySelectorAll("button, a[href], [tabindex='0']")]
    .filter((node) => !node.disabled && node.offsetParent !== null);
}

// Tab from the last control goes to the first, Shift+Tab from the first to
// the last: the focus never leaves for the browser's own bar.
function trapTab(event) {
  if (event.key !== "Tab") return;
  const nodes = focusable();
  const first = nodes[0];
  const last = nodes[nodes.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

function giveFocusBack() {
  const back = opener && opener.isConnected && !opener.disabled && opener.offsetParent !== null
    ? opener : document.querySelector("#game [tabindex='0']");
  if (back) back.focus();
  opener = null;
}

// Show ``title`` and the nodes of ``body``; the Close button has the focus
// (a screen reader reads the dialog's title, then the text from the top).
export function openModal(title, body, name = "") {
  if (!dialog) build();
  opener = document.activeElement;
  dialog.dataset.panel = name;
  dialog.querySelector("#panel-title").textContent = title;
  dialog.querySelector(".panel-body").replaceChildren(...body);
  if (!dialog.open) dialog.showModal();
  dialog.querySelector(".panel-close").focus();
  return dialog;
}
