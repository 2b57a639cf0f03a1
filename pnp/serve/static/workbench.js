// pnp serve: the few things HTML and htmx do not do. Every page works without this file.
"use strict";

// A click on the drawn card doubles it (and back): real size is small to read on a screen.
document.addEventListener("click", (event) => {
  const image = event.target.closest ? event.target.closest(".card-image") : null;
  if (!image) return;
  const real = Number(image.dataset.width || image.getAttribute("width"));
  image.dataset.width = String(real);
  const larger = image.getAttribute("width") === String(real);
  image.setAttribute("width", String(larger ? real * 2 : real));
  document.body.classList.toggle("cards-larger", larger);
  const label = document.querySelector(".size-label");
  if (label) {
    label.dataset.real = label.dataset.real || label.textContent;
    label.textContent = larger ? label.dataset.larger : label.dataset.real;
  }
});

// A redrawn preview keeps the size the reader chose.
document.addEventListener("htmx:afterSwap", () => {
  if (!document.body.classList.contains("cards-larger")) return;
  for (const image of document.querySelectorAll(".card-image:not([data-width])")) {
    const real = Number(image.getAttribute("width"));
    image.dataset.width = String(real);
    image.setAttribute("width", String(real * 2));
  }
});

// --- Nothing typed is lost ------------------------------------------------------------------------
// The editor's buttons (save, mark translated, mark reviewed) send the whole form, texts and status in
// one request.  The answer replaces the card only when it is the card (saved, a conflict, a refusal
// with the texts kept); any other answer, or none, leaves the form as it is and says why beside the
// buttons.  A form from before a restart fetches the page again for the new token and is sent once
// more.  Every text that differs from the file is kept in the browser as a draft (per pack, card and
// field, with the base it was typed against) until it is saved, and offered back on the next visit.

const SAVE_TIMEOUT_MS = 120000; // a save reloads the pack and lays out its card: seconds on a big pack
const DRAFTS = "pnp-draft";

function editor() {
  return document.getElementById("editor");
}

function texts(form) {
  return [...form.querySelectorAll("textarea[name^='v.']")];
}

function fieldOf(box) {
  return box.name.slice(2);
}

function baseOf(form, field) {
  return form.querySelector(`input[name="b.${CSS.escape(field)}"]`);
}

function draftKey(form, field) {
  return `${DRAFTS}:${form.dataset.pack}:${form.dataset.card}:${field}`;
}

function isUnsaved(box) {
  return box.value !== box.defaultValue || box.dataset.unsaved === "1";
}

function readDraft(form, field) {
  try {
    const draft = JSON.parse(localStorage.getItem(draftKey(form, field)) || "null");
    return draft && typeof draft.text === "string" && typeof draft.base === "string" ? draft : null;
  } catch (_error) {
    return null;
  }
}

// the draft of one box: kept while it differs from the file, gone once it does not
function remember(box) {
  const form = box.form;
  const key = draftKey(form, fieldOf(box));
  try {
    if (isUnsaved(box)) {
      const base = baseOf(form, fieldOf(box));
      localStorage.setItem(key, JSON.stringify({ text: box.value, base: base ? base.value : "", at: Date.now() }));
    } else {
      localStorage.removeItem(key);
    }
  } catch (_error) {
    // storage full or turned off: the text is still in the box, and leaving the page asks first
  }
}

document.addEventListener("input", (event) => {
  const box = event.target;
  if (box instanceof HTMLTextAreaElement && box.form && box.form.id === "editor") remember(box);
});

function offerDrafts() {
  const form = editor();
  const offer = form && form.querySelector(".draft-offer");
  if (!offer) return;
  const found = [];
  for (const box of texts(form)) {
    const draft = readDraft(form, fieldOf(box));
    if (!draft) continue;
    if (draft.text === box.value) {
      localStorage.removeItem(draftKey(form, fieldOf(box))); // saved since (here or in another tab)
    } else {
      found.push([box, draft]);
    }
  }
  if (!found.length) return;
  offer.querySelector(".draft-fields").textContent = found
    .map(([box]) => box.getAttribute("aria-label") || fieldOf(box)) // "texto (es)", as the page names it
    .join(", ");
  offer.querySelector(".draft-changed").hidden = !found.some(
    ([box, draft]) => draft.base !== (baseOf(form, fieldOf(box)) || {}).value,
  );
  offer.hidden = false;
  offer.querySelector(".draft-restore").addEventListener("click", () => {
    for (const [box, draft] of found) {
      box.value = draft.text;
      // the base it was typed against: when the file changed since, the save shows both texts
      const base = baseOf(form, fieldOf(box));
      if (base) base.value = draft.base;
      box.dataset.unsaved = "1";
      box.dispatchEvent(new Event("input", { bubbles: true })); // redraws the card
    }
    offer.hidden = true;
    found[0][0].focus();
  });
  offer.querySelector(".draft-discard").addEventListener("click", () => {
    for (const [box] of found) localStorage.removeItem(draftKey(form, fieldOf(box)));
    offer.hidden = true;
  });
}

document.addEventListener("DOMContentLoaded", offerDrafts);

window.addEventListener("beforeunload", (event) => {
  const form = editor();
  if (form && texts(form).some(isUnsaved)) {
    event.preventDefault();
    event.returnValue = ""; // older browsers ask only when this is set
  }
});

function csrfToken() {
  try {
    return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRF-Token"] || "";
  } catch (_error) {
    return "";
  }
}

// after a restart: this page's token is from the last run; the page as the server sends it now holds the new one
async function freshToken() {
  const response = await fetch(location.pathname, { credentials: "same-origin", signal: AbortSignal.timeout(SAVE_TIMEOUT_MS) });
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const token = JSON.parse((page.body && page.body.getAttribute("hx-headers")) || "{}")["X-CSRF-Token"];
  if (!response.ok || !token) throw new TypeError("no token");
  document.body.setAttribute("hx-headers", JSON.stringify({ "X-CSRF-Token": token }));
  for (const input of document.querySelectorAll("input[name='csrf']")) input.value = token;
  return token;
}

function post(action, body) {
  return fetch(action, {
    method: "POST",
    body,
    credentials: "same-origin",
    headers: { "HX-Request": "true", "X-CSRF-Token": csrfToken() },
    signal: AbortSignal.timeout(SAVE_TIMEOUT_MS),
  });
}

function showError(form, reason) {
  const shown = form.querySelector(".save-error");
  if (!shown) return;
  shown.querySelector(".reason").textContent = reason;
  shown.hidden = false;
}

// why a save was not done, from an answer that is not the card: the server's own words when it gave some
function reasonOf(form, response, text) {
  const words = form.querySelector(".save-error").dataset;
  if (response.status >= 500) return words.failed.replace("{code}", String(response.status));
  const type = response.headers.get("content-type") || "";
  if (type.startsWith("text/html")) {
    const said = new DOMParser().parseFromString(text, "text/html").querySelector(".problems h1");
    if (said && said.textContent.trim()) return said.textContent.trim();
  } else if (type.startsWith("text/plain") && text.trim() && text.length < 500) {
    return text.trim();
  }
  return words.failed.replace("{code}", String(response.status));
}

// the card as the server answered, keeping what was typed while the request was on its way
function showCard(text, sent) {
  const typed = new Map(texts(editor()).map((box) => [box.name, box.value]));
  const body = document.getElementById("card-body");
  body.innerHTML = text;
  htmx.process(body);
  const form = editor();
  for (const box of texts(form)) {
    const now = typed.get(box.name);
    if (now !== undefined && now !== sent.get(box.name) && now !== box.value) {
      box.value = now;
      box.dataset.unsaved = "1";
      box.dispatchEvent(new Event("input", { bubbles: true }));
    }
    remember(box);
  }
}

let saving = false;
let queued = null; // a click while a save was on its way: done after it, on the card as it then is
let goNext = false; // a save asked by Ctrl+Enter (or a status key): once it is done, the next card of the list
let queuedNext = false;

function sameButton(button) {
  if (!button) return null;
  const wanted = button && button.value ? `button.mark[value="${button.value}"]` : "button.save";
  const found = editor() && editor().querySelector(`.actions ${wanted}`);
  return found && !found.disabled ? found : null;
}

document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.id !== "editor") return;
  event.preventDefault();
  const button = event.submitter;
  if (saving) {
    queued = button || form.querySelector("button.save"); // one save at a time: this one comes next
    queuedNext = goNext;
    goNext = false;
    return;
  }
  const thenNext = goNext;
  goNext = false;
  const action = button && button.hasAttribute("formaction") ? button.formAction : form.action;
  const body = new URLSearchParams(new FormData(form, button || undefined));
  const sent = new Map(texts(form).map((box) => [box.name, box.value]));
  saving = true;
  form.classList.add("busy");
  form.querySelector(".saving").hidden = false;
  form.querySelector(".save-error").hidden = true;
  try {
    let response = await post(action, body);
    if (response.status === 403 && response.headers.get("x-pnp-stale-token")) {
      body.set("csrf", await freshToken());
      response = await post(action, body);
    }
    const text = await response.text();
    const isCard = [200, 409, 422].includes(response.status) && text.includes('id="editor"');
    if (isCard) {
      showCard(text, sent);
      // on to the next card only when this one is saved as asked: a conflict, a refusal or a question stays
      if (thenNext && response.status === 200 && !document.querySelector("#editor .confirm-review")) {
        const next = document.querySelector(".card-nav .next-card");
        if (next) location.assign(next.href);
      }
    } else {
      showError(form, reasonOf(form, response, text));
    }
  } catch (error) {
    const words = form.querySelector(".save-error").dataset;
    showError(form, error && error.name === "TimeoutError" ? words.slow : words.down);
  } finally {
    saving = false;
    form.classList.remove("busy");
    const indicator = form.querySelector(".saving");
    if (indicator) indicator.hidden = true;
    const next = sameButton(queued);
    queued = null;
    goNext = queuedNext;
    queuedNext = false;
    if (next && editor().querySelector(".save-error").hidden) editor().requestSubmit(next);
    else goNext = false;
  }
});

// a preview from before a restart: take the new token and draw again; a failed preview keeps the last picture
document.addEventListener("htmx:beforeSwap", (event) => {
  const xhr = event.detail.xhr;
  if (xhr.status < 400 || !event.detail.target || event.detail.target.id !== "preview") return;
  event.detail.shouldSwap = false;
  if (xhr.status === 403 && xhr.getResponseHeader("x-pnp-stale-token")) {
    freshToken()
      .then(() => htmx.trigger(editor().querySelector("table.fields"), "input"))
      .catch(() => {});
  }
});

// --- The keyboard moves ---------------------------------------------------------------------------
// Keys chosen not to take any a browser or a screen reader has: Enter with Ctrl, Ctrl+Shift or Alt (a
// text box's Enter alone is a new line), Alt+PageDown/PageUp (Ctrl+PageDown changes tabs, Alt+arrows
// go back and forward or open lists), Alt+Shift+digits (Ctrl+digit and, on Linux, Alt+digit choose a
// tab); nothing with Ctrl+Alt, which is AltGr on a Spanish keyboard (@, #, €).  The list is on the page
// ("?" panel, in _card_body.html).

function saveThenNext(button) {
  const form = editor();
  if (!form) return;
  goNext = true;
  if (!button) {
    form.requestSubmit(form.querySelector(".actions button.save"));
    return;
  }
  // a status the card has already (its button is off): asked by key, it still saves the text with it,
  // so that a changed reviewed text stays reviewed when the person said so
  const off = button.disabled;
  button.disabled = false;
  form.requestSubmit(button);
  button.disabled = off;
}

function toggleKeys(show) {
  const panel = document.getElementById("keys");
  const opener = document.querySelector(".keys-open");
  if (!panel) return;
  panel.hidden = show === undefined ? !panel.hidden : !show;
  if (opener) opener.setAttribute("aria-expanded", String(!panel.hidden));
}

function inTextBox(element) {
  return element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && element.type !== "checkbox");
}

document.addEventListener("keydown", (event) => {
  const form = editor();
  const ctrl = event.ctrlKey || event.metaKey;
  const mark = (to) => form && form.querySelector(`.actions button.mark[value="${to}"]`);
  if (ctrl && !event.altKey && event.key.toLowerCase() === "s") {
    // Ctrl+S (Cmd+S) saves the card being edited, as in an editor
    if (!form) return;
    event.preventDefault();
    form.requestSubmit(form.querySelector(".actions button.save"));
  } else if (event.key === "Enter" && ctrl && !event.altKey) {
    if (!form) return;
    event.preventDefault();
    saveThenNext(event.shiftKey ? mark("translated") : null);
  } else if (event.key === "Enter" && event.altKey && !ctrl && !event.shiftKey) {
    if (!form) return;
    event.preventDefault();
    saveThenNext(mark("reviewed"));
  } else if (event.altKey && !ctrl && (event.key === "PageDown" || event.key === "PageUp")) {
    const link = document.querySelector(event.key === "PageDown" ? ".card-nav .next-card" : ".card-nav .prev-card");
    if (!link) return;
    event.preventDefault();
    location.assign(link.href); // unsaved text: the page asks first, and its draft is kept anyway
  } else if ((event.key === "?" && !ctrl && !event.altKey && !inTextBox(event.target)) || (ctrl && event.key === "/")) {
    if (!document.getElementById("keys")) return;
    event.preventDefault();
    toggleKeys();
  } else if (event.key === "Escape" && document.getElementById("keys") && !document.getElementById("keys").hidden) {
    toggleKeys(false);
  }
});

document.addEventListener("click", (event) => {
  if (event.target.closest && event.target.closest(".keys-open")) toggleKeys();
});

// the cursor lands in the first text to translate that is still empty (else the first), at its end
function focusTarget() {
  const form = editor();
  if (!form || (document.activeElement && document.activeElement !== document.body)) return;
  const boxes = texts(form).filter((box) => !box.readOnly && !box.classList.contains("comment"));
  const box = boxes.find((b) => !b.value.trim()) || boxes[0];
  if (!box) return;
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
}

document.addEventListener("DOMContentLoaded", focusTarget);
