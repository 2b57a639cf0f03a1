// pnp serve: the few things HTML and htmx do not do. Every page works without this file.
"use strict";

// Ctrl+S (Cmd+S) saves the card being edited, as in an editor.
document.addEventListener("keydown", (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
    const save = document.querySelector("#editor button.save");
    if (save) {
      event.preventDefault();
      save.click();
    }
  }
});

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
