"""The marks drawn across a card printed without its text, so nobody plays with it by mistake.

Three kinds, each with its own words: a placeholder (a card nobody has typed
yet: "TEXT MISSING"), a blank card (entered, but its printed text is empty in
every language: "NO TEXT"), and a card printed in its original language only
(its translation into the card language is missing: "NOT TRANSLATED").  The
words follow the card's language, like every word printed on a sheet: they
come from the sheets catalogue (pnp.i18n.printed), which also holds them in
languages pnp's interface does not speak; a language without them gets the
English words.  The mark is an element like any other, added to the face after
layout, so a marked face differs from the card's and is cached apart.

The band lies across the card's text box, which such a card leaves empty (or
across the card below its title): the title, the type line and a number that
tells two placeholders apart stay readable.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from pnp.i18n import P_, printed
from pnp.layout import FaceLayout, LaidOutElement

KIND = "missing-mark"

WORDS: dict[str, tuple[str, str]] = {
    "placeholder": (P_("TEXT MISSING"), P_("Placeholder: not a card of the game")),
    "blank": (P_("NO TEXT"), P_("Its text is not written yet: not the finished card")),
    "untranslated": (P_("NOT TRANSLATED"), P_("Printed in the original language: its translation is missing")),
}
# the band's colour: a placeholder's red, an unfinished card's amber (its title is the game's)
COLORS: dict[str, Color] = {
    "placeholder": Color(0.72, 0.05, 0.05, alpha=0.88),
    "blank": Color(0.70, 0.33, 0.0, alpha=0.88),
    "untranslated": Color(0.70, 0.33, 0.0, alpha=0.88),
}
MARK, LINE = WORDS["placeholder"]


def words_for(language: str, mark: str = "placeholder") -> tuple[str, str]:
    """The mark and the line under it, in the card language (English where the sheets catalogue has none)."""
    big, small = WORDS[mark]
    return printed(language, big), printed(language, small)


def with_missing_mark(face: FaceLayout, mark: str = "placeholder") -> FaceLayout:
    """The face with the mark on top; its key changes, so the plain face and this one never share a drawing."""
    big, line = words_for(face.language, mark)
    element = LaidOutElement("missing-mark", KIND, (("line", line), ("text", big), ("mark", mark)))
    key = hashlib.sha256(f"{face.key}:{KIND}:{mark}:{big}:{line}".encode()).hexdigest()[:16]
    return replace(face, key=key, elements=(*face.elements, element))


def band_place(face: FaceLayout) -> tuple[float, float]:
    """(the band's centre line, from the card's bottom; the height it may take): the middle of the
    face's text box, or of the card below its title and type line when it has none."""
    height = face.size.height
    boxes = [e for e in face.elements if e.kind == "text" and e.name == "text"]
    if boxes:
        top, room = boxes[0].typed.y, boxes[0].typed.height or height  # no height: the whole card
        return height - top - room / 2, room
    heading = [e for e in face.elements if e.kind == "text" and e.name in ("title", "type", "subtitle")]
    below = max((e.typed.y + (e.typed.height or 0.0) for e in heading), default=0.0)
    below = below if below < height * 0.7 else 0.0  # a title down the card's side: the card's middle
    return (height - below) / 2, height - below


def draw_missing_mark(canvas: Canvas, face: FaceLayout, element: LaidOutElement, fonts: tuple[str, str]) -> None:
    """A band across the card, the mark in large white capitals, a line of explanation under it."""
    width, height = face.size.width, face.size.height
    centre, room = band_place(face)
    band = min(min(width, height) * 0.30, room * 0.9)
    canvas.setFillColor(COLORS.get(str(element.get("mark", "placeholder")), COLORS["placeholder"]))
    canvas.rect(0, centre - band / 2, width, band, stroke=0, fill=1)
    usable = width * 0.9
    title_font, line_font = fonts
    mark, line = str(element.get("text", "")), str(element.get("line", ""))
    size = min(band * 0.42, usable / max(stringWidth(mark, title_font, 1), 1))
    small = min(band * 0.16, usable / max(stringWidth(line, line_font, 1), 1))
    canvas.setFillColor(Color(1, 1, 1))
    canvas.setFont(title_font, size)
    canvas.drawCentredString(width / 2, centre + band * 0.02, mark)
    canvas.setFont(line_font, small)
    canvas.drawCentredString(width / 2, centre - band * 0.30, line)
