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
  keepTabIn(dialog);
  dialog.addEventListener("close", () => {
    focusBack(opener);
    opener = null;
  });
}

function focusable(container) {
  return [...container.querySelectorAll("button, a[href], input, select, [tabindex='0']")]
    .filter((node) => !node.disabled && node.tabIndex >= 0 && node.offsetParent !== null);
}

// Tab from the last control goes to the first, Shift+Tab from the first to
// the last: the focus never leaves a modal dialog for the browser's own
// bar (or <body>, where no ring shows).
export function keepTabIn(container) {
  container.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const nodes = focusable(container);
    const first = nodes[0];
    const last = nodes[nodes.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
}

// The focus back where it was when a dialog opened: the game's board when
// that control has gone, disabled or hidden.
export function focusBack(opener) {
  const back = opener && opener !== document.body && opener.isConnected && !opener.disabled
    && opener.offsetParent !== null ? opener : document.querySelector("#game [tabindex='0']");
  if (back) back.focus();
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
