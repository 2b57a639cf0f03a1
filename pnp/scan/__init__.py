"""`pnp scan`: from a scanned page of cards to one straight image per card, and the text read from it.

The stages, each a module, pass plain data on:

- page.py reads a scanned or photographed page within pnp's image limits (any colour mode, as RGB);
- find.py finds the card-shaped things on it and measures each one's corners, angle and size;
- match.py tells cards from what is not one, by the pack's card sizes, and names them in order;
- straighten.py turns each card straight and resamples it to the card's size at 300 dpi;
- ocr.py reads the card type's text regions with Tesseract, where it is installed;
- write.py says what goes into the pack: the image files and the TOML edits.

The geometry needs OpenCV (the `scan` extra); everything that imports it is imported by the
command, never by the rest of pnp.
"""

from __future__ import annotations

OUTPUT_DPI = 300  # the print resolution pnp's sheets are drawn for
MM_PER_INCH = 25.4
