"""The "text missing" mark drawn across a placeholder card, so nobody plays with it by mistake.

The words follow the card's language (what is printed on a sheet uses the
build's language), from one small table; a language without an entry gets
the English words.  The mark is an element like any other, added to the
face after layout, so a placeholder's face differs from the card's and is
cached apart.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import replace

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from pnp.layout import FaceLayout, LaidOutElement

KIND = "missing-mark"

# language -> (the mark, the line under it)
WORDS: dict[str, tuple[str, str]] = {
    "es": ("FALTA EL TEXTO", "Carta provisional: no es una carta del juego"),
    "en": ("TEXT MISSING", "Placeholder: not a card of the game"),
    "ca": ("FALTA EL TEXT", "Carta provisional: no és una carta del joc"),
    "pt": ("FALTA O TEXTO", "Carta provisória: não é uma carta do jogo"),
    "fr": ("TEXTE MANQUANT", "Carte provisoire : pas une carte du jeu"),
    "it": ("TESTO MANCANTE", "Carta provvisoria: non è una carta del gioco"),
    "de": ("TEXT FEHLT", "Platzhalter: keine Karte des Spiels"),
}


def words_for(language: str) -> tuple[str, str]:
    return WORDS.get(language) or WORDS.get(language.split("-")[0]) or WORDS["en"]


def with_missing_mark(face: FaceLayout) -> FaceLayout:
    """The face with the mark on top; its key changes, so the plain face and this one never share a drawing."""
    mark, line = words_for(face.language)
    element = LaidOutElement("missing-mark", KIND, (("line", line), ("text", mark)))
    key = hashlib.sha256(f"{face.key}:{KIND}:{mark}:{line}".encode()).hexdigest()[:16]
    return replace(face, key=key, elements=(*face.elements, element))


def draw_missing_mark(canvas: Canvas, face: FaceLayout, element: LaidOutElement, fonts: tuple[str, str]) -> None:
    """A red band corner to corner, the mark in large white capitals, a line of explanation under it."""
    width, height = face.size.width, face.size.height
    diagonal = math.hypot(width, height)
    band = min(width, height) * 0.30
    canvas.translate(width / 2, height / 2)
    canvas.rotate(math.degrees(math.atan2(height, width)))
    canvas.setFillColor(Color(0.72, 0.05, 0.05, alpha=0.88))
    canvas.rect(-diagonal / 2, -band / 2, diagonal, band, stroke=0, fill=1)
    # the band's ends are cut off by the card's edges: keep the words in its middle stretch
    usable = diagonal - 2 * band
    title_font, line_font = fonts
    mark, line = str(element.get("text", "")), str(element.get("line", ""))
    size = min(band * 0.48, usable / max(stringWidth(mark, title_font, 1), 1))
    small = min(band * 0.17, usable / max(stringWidth(line, line_font, 1), 1))
    canvas.setFillColor(Color(1, 1, 1))
    canvas.setFont(title_font, size)
    canvas.drawCentredString(0, band * 0.02, mark)
    canvas.setFont(line_font, small)
    canvas.drawCentredString(0, -band * 0.32, line)
