"""Card markup -> ReportLab paragraphs, shrunk to fit their box.

Escaping happens here, span by span, after the markup is parsed: nothing a
card says ("<font size=900>", "</para>") can become ReportLab markup.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from reportlab import rl_config
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from pnp import markup
from pnp.assets.fonts import FontRole
from pnp.render import linebreak
from pnp.render.icons import icon_uri
from pnp.render.words import ICON_DROP, ICON_SCALE, hyphenation_key, hyphenator

if TYPE_CHECKING:
    from reportlab.platypus import Paragraph

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
    max_lines: int = 0  # 0: as many as fit (a title sets 2)
    keep: tuple[str, ...] = ()  # words never hyphenated: the pack's word list, where the text has them


@dataclass(frozen=True)
class FittedText:
    box: TextBox
    size: float
    height: float
    fits: bool
    lines: int = 0

    @property
    def paragraphs(self) -> tuple[Paragraph, ...]:
        """Wrapped to the box width at the fitted size, ready for drawOn: built on first need only,
        once per box and size; drawing needs them only for a text the replay does not cover
        (pnp.render.typeset)."""
        return _laid_out(self.box, self.size)[0]

    @property
    def heights(self) -> tuple[float, ...]:
        return _laid_out(self.box, self.size)[1]

    @property
    def measured(self) -> MeasuredText:
        return measured_box(self.box)


_SPACES_BEFORE_CLOSING = re.compile(f"[ ]+(?=[{re.escape(''.join(sorted(linebreak.CLOSING)))}])")
_NUMBER_AT_END = re.compile(r"(?<![^\s(«¡¿])[+-]?\d+ +$")  # "gana 1 ", "(+2 ": a number written before an icon


def set_text(text: str) -> list[markup.Paragraph]:
    """The text's paragraphs as they are set: a space written before closing punctuation ("dos ."
    "« Serenity »") is a no-break space, so that the punctuation never opens a line, in the fitting
    and in ReportLab's drawing alike.  (Punctuation right after an icon: linebreak glues it.)  A
    space between a number and the icon it counts ("gana 1 {lamp}") is a no-break space too: the
    fitting and the drawing keep them on one line (linebreak), as they keep a word and its stop."""
    set_paragraphs = []
    for paragraph in markup.parse(text):
        spans = list(paragraph)
        for index, span in enumerate(spans):
            if span.icon or span.line_break:
                continue
            glued = _SPACES_BEFORE_CLOSING.sub("\xa0", span.text)
            following = spans[index + 1] if index + 1 < len(spans) else None
            closing = not (following is None or following.icon or following.line_break) and (
                following.text[:1] in linebreak.CLOSING
            )
            if (closing and glued.endswith(" ")) or (
                following is not None and following.icon and _NUMBER_AT_END.search(glued)
            ):
                glued = glued.rstrip(" ") + "\xa0"
            if glued != span.text:
                spans[index] = replace(span, text=glued)
        set_paragraphs.append(tuple(spans))
    return set_paragraphs


def to_para_markup(paragraph: markup.Paragraph, size: float) -> str:
    parts = []
    for span in paragraph:
        if span.line_break:
            parts.append("<br/>")
            continue
        if span.icon:
            side = size * ICON_SCALE
            piece = (
                f'<img src="{icon_uri(span.text)}" width="{side:.2f}" height="{side:.2f}" valign="-{ICON_DROP:.0%}"/>'
            )
        else:
            piece = markup.escape(span.text)
        if span.italic:
            piece = f"<i>{piece}</i>"
        if span.bold:
            piece = f"<b>{piece}</b>"
        parts.append(piece)
    return "".join(parts)


def _paragraph(text: str, style: ParagraphStyle) -> Paragraph:
    """ReportLab's Paragraph, imported on first need: most texts are replayed (pnp.render.linebreak),
    never wrapped, and reportlab.platypus imports every flowable and document template with it."""
    from reportlab.platypus import Paragraph

    return Paragraph(text, style)


def _style(box: TextBox, size: float) -> ParagraphStyle:
    return ParagraphStyle(
        "pnp",
        fontName=box.role.name(),
        fontSize=size,
        leading=size * box.leading,
        alignment=ALIGN.get(box.align, TA_LEFT),
        textColor=box.color,
        spaceAfter=size * PARAGRAPH_GAP,
        hyphenationLang=(hyphenator(hyphenation_key(HYPHENATION.get(box.language, ""), box.keep)) or "")
        if box.hyphenate
        else "",
        embeddedHyphenation=1,
        uriWasteReduce=0.3,
        splitLongWords=0,
    )


@lru_cache(maxsize=256)
def _laid_out(box: TextBox, size: float) -> tuple[tuple[Paragraph, ...], tuple[float, ...]]:
    style = _style(box, size)
    paragraphs = tuple(_paragraph(to_para_markup(p, size), style) for p in set_text(box.text))
    return paragraphs, tuple(para.wrap(box.width, 1e6)[1] for para in paragraphs)


def _build(box: TextBox, size: float, widest: float | None = None) -> FittedText:
    """The text at `size` as ReportLab wraps it (fits, lines, height): fitting asks this only of texts
    the arithmetic does not cover, and the tests to prove the arithmetic; `widest` (the widest word at
    1 pt, when measured) spares asking ReportLab for each paragraph's minWidth."""
    style = _style(box, size)
    paragraphs = tuple(_paragraph(to_para_markup(p, size), style) for p in set_text(box.text))
    heights = []
    lines = 0
    too_wide = widest is not None and widest * size > box.width + 0.01
    for para in paragraphs:
        heights.append(para.wrap(box.width, 1e6)[1])
        lines += len(getattr(para.blPara, "lines", ()))
        if widest is None:
            too_wide = too_wide or para.minWidth() > box.width + 0.01
    height = sum(heights) + style.spaceAfter * max(0, len(paragraphs) - 1)
    fits = height <= box.height + 0.01 and not too_wide and (not box.max_lines or lines <= box.max_lines)
    return FittedText(box, size, height, fits, lines)


@lru_cache(maxsize=1 << 14)
def fit_text(box: TextBox) -> FittedText:
    """The largest size from box.size down to box.min_size, in STEP steps, at which the text fits:
    width, height and box.max_lines.

    The text is measured once (word pieces and hyphenation points, at 1 pt: widths grow linearly
    with the size).  The size is box.size when the text fits at it, else found by bisection; each
    size is judged by replaying ReportLab's line breaking on those widths (pnp.render.linebreak).
    No Paragraph is built: drawing sets the replayed lines (pnp.render.typeset).  A text the
    replay does not cover (soft hyphens, URIs) is judged by wrapping it with ReportLab at each size
    bisection tries, and drawn by a Paragraph.

    Cached: the same label ("EQUIPO", a deck name) recurs on many cards.  A fitted text holds no
    paragraph, so the texts of a large pack all fit in the cache.
    """
    sizes = _candidate_sizes(box.size, box.min_size)
    measured = measured_box(box)

    judged_at: dict[float, FittedText] = {}

    def judged(size: float) -> FittedText:
        if size not in judged_at:
            judged_at[size] = measured.fitted(box, size) if measured.modelled else _build(box, size, measured.widest)
        return judged_at[size]

    # most texts fit at their size (all but 6 in 1000 of a large pack): one replay, not five
    if len(sizes) == 1 or judged(sizes[0]).fits:
        return judged(sizes[0])
    low, high = 1, len(sizes) - 1  # sizes[low] is the first size that may fit, largest first
    while low < high:
        middle = (low + high) // 2
        if judged(sizes[middle]).fits:
            high = middle
        else:
            low = middle + 1
    return judged(sizes[low])


def _candidate_sizes(size: float, min_size: float) -> list[float]:
    sizes = [size]
    while round(sizes[-1] - STEP, 4) >= min_size - 1e-9:
        sizes.append(round(sizes[-1] - STEP, 4))
    return sizes


@dataclass(frozen=True)
class MeasuredText:
    """A text measured once, at 1 pt: its paragraphs as ReportLab's line breaking sees them."""

    paragraphs: tuple[linebreak.Paragraph, ...]
    widest: float  # the widest word at 1 pt (icons joined to the word they touch): no break helps it
    leading: float  # of the size
    language: str  # pyphen's name for it, "" for no hyphenation
    modelled: bool  # whether linebreak replays it: else ReportLab judges it
    widest_word: str = ""  # the word that is `widest`, for a finding that names it

    def lines(self, size: float, width: float) -> tuple[int, ...]:
        return tuple(linebreak.lines(p, size, width, self.language) for p in self.paragraphs)

    def judge(self, size: float, width: float, height: float, max_lines: int = 0) -> tuple[float, bool, int]:
        """(height, fits, lines) as _build finds them at `size`: the same sums in the same order.
        A line that runs out of the box (icons opening a paragraph, which ReportLab never breaks)
        does not fit either: it would be cut, not printed."""
        counted = [linebreak.counted_lines(p, size, width, self.language) for p in self.paragraphs]
        counts = [count for count, _overfull in counted]
        leading = size * self.leading
        used = sum(count * leading for count in counts) + size * PARAGRAPH_GAP * max(0, len(counts) - 1)
        lines = sum(counts)
        too_wide = self.word_too_wide(size, width) or any(overfull for _count, overfull in counted)
        return used, used <= height + 0.01 and not too_wide and (not max_lines or lines <= max_lines), lines

    def word_too_wide(self, size: float, width: float) -> bool:
        """Whether a word (self.widest_word) is wider than `width` at `size`: no break helps it."""
        return self.widest * size > width + 0.01

    def overfull(self, size: float, width: float) -> bool:
        """Whether a line runs out of the box however it breaks (icons opening a paragraph)."""
        return any(linebreak.counted_lines(p, size, width, self.language)[1] for p in self.paragraphs)

    def fits(self, size: float, width: float, height: float, max_lines: int = 0) -> bool:
        return self.judge(size, width, height, max_lines)[1]

    def fitted(self, box: TextBox, size: float) -> FittedText:
        return FittedText(box, size, *self.judge(size, box.width, box.height, box.max_lines))


def measured_box(box: TextBox) -> MeasuredText:
    """The box's text measured for fitting (cached): its words, and whether the replay covers it."""
    return measure(box.text, box.role, box.language if box.hyphenate else "", box.leading, box.keep)


@lru_cache(maxsize=4096)
def measure(text: str, role: FontRole, hyphenation: str, leading: float, keep: tuple[str, ...] = ()) -> MeasuredText:
    """Every word piece's width at 1 pt, for one text in one font role; hyphenation points on first need."""
    language = hyphenation_key(HYPHENATION.get(hyphenation, ""), keep) if hyphenation else ""
    parsed = set_text(text)
    paragraphs = tuple(
        linebreak.make_paragraph(linebreak.paragraph_runs(p, lambda bold, italic: role.name(bold, italic)))
        for p in parsed
    )
    widest, widest_word = max((found for p in parsed for found in _word_widths(p, role)), default=(0.0, ""))
    return MeasuredText(paragraphs, widest, leading, language, linebreak.modelled(text), widest_word)


def _word_widths(paragraph: markup.Paragraph, role: FontRole) -> Iterator[tuple[float, str]]:
    """Each word's width at 1 pt and its text, a word running on across styles and icons up to a
    space (its icons, then its text; an icon is shown by its name in braces)."""
    pieces: list[float] = []
    icons = 0.0
    shown: list[str] = []

    def word() -> tuple[float, str]:
        return icons + sum(pieces), "".join(shown)

    for span in paragraph:
        if span.line_break:
            if pieces or icons:
                yield word()
            pieces, icons, shown = [], 0.0, []
        elif span.icon:
            icons += ICON_SCALE
            shown.append("{" + span.text + "}")
        else:
            font = role.name(bold=span.bold, italic=span.italic)
            for index, part in enumerate(linebreak.WHITESPACE.split(span.text)):
                if index and (pieces or icons):
                    yield word()
                    pieces, icons, shown = [], 0.0, []
                if part:
                    pieces.append(linebreak.width_at_1pt(part, font))
                    shown.append(part)
    if pieces or icons:
        yield word()
