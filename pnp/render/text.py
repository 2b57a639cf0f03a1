"""Card markup -> ReportLab paragraphs, shrunk to fit their box.

Escaping happens here, span by span, after the markup is parsed: nothing a
card says ("<font size=900>", "</para>") can become ReportLab markup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from reportlab import rl_config
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import _hy_letters_pat, _hy_pfx_pat, _hy_sfx_pat
from reportlab.rl_settings import hyphenationMinWordLength

try:
    import pyphen
except ImportError:  # pragma: no cover - pyphen is a dependency; ReportLab skips hyphenation without it
    pyphen = None

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
ICON_SCALE = 1.15  # an inline icon's side, in font sizes


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


@dataclass(frozen=True)
class FittedText:
    paragraphs: tuple[Paragraph, ...]  # wrapped to the box width, ready for drawOn
    heights: tuple[float, ...]
    size: float
    height: float
    fits: bool
    lines: int = 0


def to_para_markup(paragraph: markup.Paragraph, size: float) -> str:
    parts = []
    for span in paragraph:
        if span.line_break:
            parts.append("<br/>")
            continue
        if span.icon:
            side = size * ICON_SCALE
            piece = f'<img src="{icon_uri(span.text)}" width="{side:.2f}" height="{side:.2f}" valign="-20%"/>'
        else:
            piece = markup.escape(span.text)
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


def _build(box: TextBox, size: float, widest: float | None = None) -> FittedText:
    """The paragraphs at `size`, wrapped; `widest` (the widest word at 1 pt, when measured)
    spares asking ReportLab for each paragraph's minWidth."""
    style = _style(box, size)
    paragraphs = tuple(Paragraph(to_para_markup(p, size), style) for p in markup.parse(box.text))
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
    return FittedText(paragraphs, tuple(heights), size, height, fits, lines)


@lru_cache(maxsize=2048)
def fit_text(box: TextBox) -> FittedText:
    """The largest size from box.size down to box.min_size, in STEP steps, at which the text fits:
    width, height and box.max_lines.

    The text is measured once (words, spaces, hyphenation points, at 1 pt: widths grow linearly
    with the size), the size is found by bisection on those widths, and the Paragraph is built
    once at the chosen size.  Only when ReportLab breaks lines differently from the measure does
    the check of that one build send the search one step down.

    Cached: the same label ("EQUIPO", a deck name) recurs on many cards, and a
    fitted, wrapped paragraph can be drawn any number of times.
    """
    sizes = _candidate_sizes(box.size, box.min_size)
    measured = measure(box.text, box.role, box.language if box.hyphenate else "", box.leading)
    low, high = 0, len(sizes) - 1  # sizes[low] is the first size that may fit, largest first
    while low < high:
        middle = (low + high) // 2
        if measured.fits(sizes[middle], box.width, box.height, box.max_lines):
            high = middle
        else:
            low = middle + 1
    index = low
    while True:
        fitted = _build(box, sizes[index], measured.widest)
        if fitted.fits or index == len(sizes) - 1:
            return fitted
        index += 1


def _candidate_sizes(size: float, min_size: float) -> list[float]:
    sizes = [size]
    while round(sizes[-1] - STEP, 4) >= min_size - 1e-9:
        sizes.append(round(sizes[-1] - STEP, 4))
    return sizes


@dataclass(frozen=True)
class _Word:
    width: float  # at 1 pt
    hyphenation: tuple[str, str, str] | None = None  # (word, font, language) when it may be hyphenated
    line_break: bool = False

    @property
    def splits(self) -> tuple[tuple[float, float], ...]:
        """(head + hyphen, tail) widths at 1 pt, longest head first; measured on first need."""
        return _splits(*self.hyphenation, self.width) if self.hyphenation else ()


@dataclass(frozen=True)
class MeasuredText:
    """A text's words measured once, at 1 pt; `fits` breaks lines as ReportLab does, by arithmetic."""

    paragraphs: tuple[tuple[_Word, ...], ...]
    space: float  # at 1 pt
    leading: float

    @property
    def widest(self) -> float:
        """The widest word at 1 pt: ReportLab's minWidth, which no line break can help."""
        return max((w.width for p in self.paragraphs for w in p), default=0.0)

    def fits(self, size: float, width: float, height: float, max_lines: int = 0) -> bool:
        if self.widest * size > width + 0.01:
            return False  # a word wider than the box: ReportLab's minWidth test
        lines = sum(self._lines(p, size, width) for p in self.paragraphs)
        if max_lines and lines > max_lines:
            return False
        used = lines * size * self.leading + size * PARAGRAPH_GAP * max(0, len(self.paragraphs) - 1)
        return used <= height + 0.01

    def _lines(self, words: tuple[_Word, ...], size: float, width: float) -> int:
        """Greedy breaking, as ReportLab's breakLines: a word that overflows the line is hyphenated
        at the longest head that still fits, else it starts the next line."""
        space = self.space * size
        lines, current, count = 0, None, 0
        for word in words:
            if word.line_break:
                lines, current, count = lines + 1, None, 0
                continue
            length = word.width * size
            reach = width + SPACE_SHRINK * space * count
            wanted = length if current is None else current + space + length
            if wanted <= reach:
                current, count = wanted, count + 1
                continue
            before = 0.0 if current is None else current + space
            split = next((tail for head, tail in word.splits if before + head * size <= reach), None)
            if current is None and split is None:
                current, count = length, 1  # alone and too wide: minWidth has judged it
                continue
            lines += 1  # this line ends, with the word's head when it was split
            current, count = (split * size if split is not None else length), 1
        return lines + (current is not None)


SPACE_SHRINK = 0.05  # ReportLab's spaceShrinkage: a line may squeeze its spaces by 5 % to fit


@lru_cache(maxsize=4096)
def measure(text: str, role: FontRole, hyphenation: str, leading: float) -> MeasuredText:
    """Every word's width at 1 pt, for one text in one font role; hyphenation points on first need."""
    regular = role.name()
    language = HYPHENATION.get(hyphenation, "") if hyphenation and pyphen is not None else ""
    paragraphs = tuple(_paragraph_words(paragraph, role, language) for paragraph in markup.parse(text))
    return MeasuredText(paragraphs, stringWidth(" ", regular, 1), leading)


def _paragraph_words(paragraph: markup.Paragraph, role: FontRole, language: str) -> tuple[_Word, ...]:
    """Words as ReportLab splits them: at spaces, a word running on across styles and icons."""
    words: list[_Word] = []
    pieces: list[tuple[str, str]] = []  # (text, font) of the word being gathered
    icons = 0.0

    def close() -> None:
        nonlocal icons
        if pieces or icons:
            words.append(_measure_word(tuple(pieces), icons, language))
        pieces.clear()
        icons = 0.0

    for span in paragraph:
        if span.line_break:
            close()
            words.append(_Word(0.0, line_break=True))
        elif span.icon:
            icons += ICON_SCALE
        else:
            font = role.name(bold=span.bold, italic=span.italic)
            for index, part in enumerate(span.text.split(" ")):
                if index:
                    close()
                if part:
                    pieces.append((part, font))
    close()
    return tuple(words)


@lru_cache(maxsize=65536)
def _measure_word(pieces: tuple[tuple[str, str], ...], icons: float, language: str) -> _Word:
    """Words recur across a pack's cards: each is measured once per process."""
    width = icons + sum(stringWidth(text, font, 1) for text, font in pieces)
    if language and len(pieces) == 1 and not icons:
        return _Word(width, (pieces[0][0], pieces[0][1], language))
    return _Word(width)


@lru_cache(maxsize=65536)
def _splits(word: str, font: str, language: str, width: float) -> tuple[tuple[float, float], ...]:
    """ReportLab's hyphenation points: letters only, leading and trailing punctuation kept aside."""
    prefix = _hy_pfx_pat.match(word)
    core = word[len(prefix.group(0)) :] if prefix else word
    suffix = _hy_sfx_pat.search(core)
    core = core[: -len(suffix.group(0))] if suffix else core
    if len(core) < hyphenationMinWordLength or not _hy_letters_pat.match(core):
        return ()
    hyphen = stringWidth("-", font, 1)
    pre = prefix.group(0) if prefix else ""
    found = []
    for head, _tail in _hyphenator(language)(core):
        head_width = stringWidth(pre + head, font, 1)
        found.append((head_width + hyphen, width - head_width))
    return tuple(found)


@lru_cache(maxsize=16)
def _hyphenator(language: str) -> Callable[[str], Iterator[tuple[str, str]]]:
    return pyphen.Pyphen(lang=language).iterate
