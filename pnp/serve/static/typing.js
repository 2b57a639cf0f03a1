// pnp serve, while a text is typed: suggestions from what is already translated, and the checks' marks
// under the words they are about.  Uses editor(), texts() and fieldOf() of workbench.js, loaded first.

// --- Suggestions from what is already translated ----------------------------------------------------
// The page lists, for each field, the closest originals already translated (pnp/translate/memory.py);
// the list of the field being typed in shows, and Alt+Shift+1…5 (or a click) puts one in its box.

function fieldName(box) {
  return fieldOf(box).replace(/\.[^.]+$/, ""); // "back.text.es" -> "back.text"
}

function targetBox(field) {
  const form = editor();
  return form && texts(form).find((box) => !box.readOnly && fieldName(box) === field);
}

function showSuggestions(field) {
  for (const panel of document.querySelectorAll(".suggest-for")) panel.hidden = panel.dataset.field !== field;
}

document.addEventListener("focusin", (event) => {
  const box = event.target;
  if (box instanceof HTMLTextAreaElement && !box.readOnly && box.form && box.form.id === "editor") {
    showSuggestions(fieldName(box));
  }
});

function insertSuggestion(button) {
  const panel = button.closest(".suggest-for");
  const box = panel && targetBox(panel.dataset.field);
  if (!box) return;
  box.focus();
  box.select();
  // as typed: the browser's undo (Ctrl+Z) gives the old text back, and the input event draws the card
  if (!document.execCommand || !document.execCommand("insertText", false, button.dataset.text)) {
    box.value = button.dataset.text;
    box.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

document.addEventListener("click", (event) => {
  const button = event.target.closest ? event.target.closest(".suggestion") : null;
  if (button) insertSuggestion(button);
});

document.addEventListener("keydown", (event) => {
  if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return;
  const digit = /^Digit([1-9])$/.exec(event.code);
  const panel = document.querySelector(".suggest-for:not([hidden])");
  if (!digit || !panel) return;
  const button = panel.querySelectorAll(".suggestion")[Number(digit[1]) - 1];
  if (!button) return;
  event.preventDefault();
  insertSuggestion(button);
});

// --- Checks where you type ------------------------------------------------------------------------
// Each box to translate has a mirror under it (same font, padding and wrapping, its text transparent)
// whose <mark>s sit under the words a finding is about.  The places come with the findings, from the
// text as typed (the preview's answer, .box-marks); while a box is typed in, its marks wait for the
// next answer rather than sit on the wrong words.  A click on a finding selects its words in the box.

const SEVERITY_CLASS = { error: "error", warning: "warning", info: "note" };
let boxMarks = {};
const stale = new Set();

function readMarks() {
  const holder = document.querySelector("#findings .box-marks");
  try {
    boxMarks = holder ? JSON.parse(holder.dataset.marks || "{}") : {};
  } catch (_error) {
    boxMarks = {};
  }
  stale.clear();
}

// Where the browser does not size a one-row box to its lines (CSS field-sizing), the box is sized here.
function fitRows(box) {
  if (box.rows !== 1 || getComputedStyle(box).fieldSizing === "content") return;
  box.style.height = "auto";
  box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
}

function paint(box) {
  fitRows(box);
  const mirror = box.previousElementSibling;
  if (!mirror || !mirror.classList.contains("mirror")) return;
  const text = box.value;
  const marks = stale.has(fieldOf(box)) ? [] : (boxMarks[fieldOf(box)] || []).filter(([s, e]) => e <= text.length && s < e);
  mirror.textContent = "";
  let at = 0;
  for (const [start, end, severity, number] of marks.sort((a, b) => a[0] - b[0])) {
    if (start < at) continue; // overlapping: the first one shows
    mirror.append(document.createTextNode(text.slice(at, start)));
    const mark = document.createElement("mark");
    mark.className = SEVERITY_CLASS[severity] || "note";
    mark.dataset.number = String(number);
    mark.textContent = text.slice(start, end);
    mirror.append(mark);
    at = end;
  }
  mirror.append(document.createTextNode(text.slice(at) + "\n")); // a last empty line keeps the heights equal
  mirror.scrollTop = box.scrollTop;
}

function paintAll() {
  const form = editor();
  if (form) for (const box of texts(form)) paint(box);
}

document.addEventListener("DOMContentLoaded", () => {
  readMarks();
  paintAll();
});
document.addEventListener("htmx:afterSettle", () => {
  readMarks();
  paintAll();
});
document.addEventListener("input", (event) => {
  const box = event.target;
  if (box instanceof HTMLTextAreaElement && box.form && box.form.id === "editor") {
    stale.add(fieldOf(box));
    paint(box);
  }
});
document.addEventListener(
  "scroll",
  (event) => {
    if (event.target instanceof HTMLTextAreaElement) paint(event.target);
  },
  true,
);

document.addEventListener("click", (event) => {
  const item = event.target.closest ? event.target.closest("#findings ol.findings > li") : null;
  if (!item) return;
  const number = [...item.parentElement.children].indexOf(item) + 1;
  for (const [field, marks] of Object.entries(boxMarks)) {
    const found = marks.find((mark) => mark[3] === number);
    const box = found && editor() && editor().querySelector(`textarea[name="v.${CSS.escape(field)}"]`);
    if (box && !box.readOnly) {
      box.focus();
      box.setSelectionRange(found[0], found[1]);
      return;
    }
  }
});
