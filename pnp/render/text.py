"""Card markup -> ReportLab paragraphs, shrunk to fit their box.

Escaping happens here, span by span, after the markup is parsed: nothing a
card says ("<font size=900>", "</para>") can become ReportLab markup.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from pnp import markup
from pnp.render.fonts import FontRole
from pnp.render.icons import icon_uri

# ReportLab reads an <img> source through its URL opener, which refuses every scheme until
# trustedHosts is set.  A host that matches nothing allows data: URIs (our icons) and
# nothing else: no file:, no network.  Card text cannot reach this: it is escaped.
rl_config.trustedHosts = ["pnp.invalid"]

ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}
HYPHENATION = {"es": "es_ES", "en": "en_US", "fr": "fr_FR", "de": "de_DE", "it": "it_IT", "pt": "pt_PT"}
STEP = 0.25  # points: fine enough that a fitted text never looks needlessly small
PARAGRAPH_GAP = 0.35  # of the font size, between paragraphs


@dataclass(frozen=True)
class TextBox:
    text: str
    role: FontRole
    width: float
    height: float
    size: float
    min_size: float
    leading: float = 1.15
    align: str = "left"
    color: str = "#000000"
    language: str = "en"
    hyphenate: bool = True


@dataclass(frozen=True)
class FittedText:
    paragraphs: tuple[Paragraph, ...]  # wrapped to the box width, ready for drawOn
    heights: tuple[float, ...]
    size: float
    height: float
    fits: bool


def to_para_markup(paragraph: markup.Paragraph, size: float) -> str:
    parts = []
    for span in paragraph:
        if span.line_break:
            parts.append("<br/>")
            continue
        if span.icon:
            side = size * 1.15
            piece = f'<img src="{icon_uri(span.text)}" width="{side:.2f}" height="{side:.2f}" valign="-20%"/>'
        else:
            piece = escape(span.text)
        if span.italic:
            piece = f"<i>{piece}</i>"
        if span.bold:
            piece = f"<b>{piece}</b>"
        parts.append(piece)
    return "".join(parts)


def _style(box: TextBox, size: float) -> ParagraphStyle:
    return ParagraphStyle(
        "pnp",
        fontName=box.role.name(),
        fontSize=size,
        leading=size * box.leading,
        alignment=ALIGN.get(box.align, TA_LEFT),
        textColor=box.color,
        spaceAfter=size * PARAGRAPH_GAP,
        hyphenationLang=HYPHENATION.get(box.language, "") if box.hyphenate else "",
        embeddedHyphenation=1,
        uriWasteReduce=0.3,
        splitLongWords=0,
    )


def _build(box: TextBox, size: float) -> FittedText:
    style = _style(box, size)
    paragraphs = tuple(Paragraph(to_para_markup(p, size), style) for p in markup.parse(box.text))
    heights = []
    too_wide = False
    for para in paragraphs:
        heights.append(para.wrap(box.width, 1e6)[1])
        too_wide = too_wide or para.minWidth() > box.width + 0.01
    height = sum(heights) + style.spaceAfter * max(0, len(paragraphs) - 1)
    fits = height <= box.height + 0.01 and not too_wide
    return FittedText(paragraphs, tuple(heights), size, height, fits)


@lru_cache(maxsize=2048)
def fit_text(box: TextBox) -> FittedText:
    """The largest size from box.size down to box.min_size at which the text fits, width and height.

    Cached: the same label ("EQUIPO", a deck name) recurs on many cards, and a
    fitted, wrapped paragraph can be drawn any number of times.
    """
    size = box.size
    while True:
        fitted = _build(box, size)
        if fitted.fits or size - STEP < box.min_size - 1e-9:
            return fitted
        size = round(size - STEP, 4)
