// pnp serve, the card list: its keys (listed in its "?" panel, list.html). The list works without this file.
"use strict";

function listFilters() {
  const form = document.querySelector("form.filters");
  const query = new URLSearchParams();
  if (!form) return query;
  for (const [name, value] of new FormData(form)) if (value) query.append(name, String(value));
  return query;
}

function typingIn(element) {
  return element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement ||
    (element instanceof HTMLInputElement && element.type !== "checkbox");
}

document.addEventListener("keydown", (event) => {
  const ctrl = event.ctrlKey || event.metaKey;
  if (event.key === "/" && !ctrl && !event.altKey && !typingIn(event.target)) {
    // "/" puts the cursor in the search, its words selected: typing replaces them
    const search = document.getElementById("q");
    if (!search) return;
    event.preventDefault();
    search.focus();
    search.select();
  } else if (event.key === "Enter" && ctrl && !event.altKey && !event.shiftKey) {
    // the server picks the first card from the filters as they are now, even before the rows are redrawn
    event.preventDefault();
    const query = listFilters().toString();
    location.assign(query ? `/first?${query}` : "/first");
  }
});
