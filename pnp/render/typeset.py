"""Drawing a fitted text: the lines the fitting found, set as ReportLab's Paragraph sets them.

Fitting already broke every text into lines (pnp.render.linebreak replays
ReportLab's line breaking on widths measured once).  Wrapping a Paragraph to
draw it would parse the markup, measure and hyphenate every word and break the
lines all over again: most of what drawing a card's text cost.  Here the
replayed lines are drawn with PDF text operators the way `Paragraph.drawPara`
draws them: the same baselines, the same offset for each alignment, the same
runs of text with the spaces between words where ReportLab puts them, and
icons at the same place.  A line justified, or squeezed by the 5 % space
shrinkage, has its room spread over the spaces the PDF word spacing really
widens; ReportLab spreads it over the line's words less one, so its lines with
icons ran past the box's edge.
`tests/test_typeset.py` compares the position of every glyph and icon with
ReportLab's own drawing, and shows that no line leaves its box.

A text the replay does not cover (soft hyphens, URIs: `MeasuredText.modelled`)
is drawn by a Paragraph, as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reportlab.lib.colors import toColor
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject
from reportlab.rl_config import paraFontSizeHeightOffset  # what reportlab.platypus.paragraph reads

from pnp.layout.templates import IconFile
from pnp.render import linebreak
from pnp.render.icons import draw_icon, pull_after_elision, pull_before_closing, vector_icons
from pnp.render.linebreak import Line
from pnp.render.text import PARAGRAPH_GAP, FittedText, TextBox
from pnp.render.words import BREAK, ICON_DROP, IMAGE, icon_side, width_at_1pt

_EPSILON = 1e-8  # ReportLab's tolerance for "no extra space"


def draw_text(canvas: Canvas, fitted: FittedText, x: float, top: float, icons: Mapping[str, IconFile]) -> None:
    """The fitted text's paragraphs from `top` down, each line as wide as the box allows."""
    box = fitted.box
    measured = fitted.measured
    # the first baseline is set the font size below the top, as ReportLab does by default
    # (paraFontSizeHeightOffset); a ReportLab set otherwise draws its own Paragraph
    if not (measured.modelled and paraFontSizeHeightOffset):
        _draw_paragraphs(canvas, fitted, x, top, icons)
        return
    size = fitted.size
    leading = size * box.leading
    canvas.saveState()
    canvas.setFillColor(toColor(box.color))
    cursor = top
    for paragraph in measured.paragraphs:
        lines = linebreak.broken_lines(paragraph, size, box.width, measured.language)
        if lines:
            text = canvas.beginText()
            baseline = cursor - size  # ReportLab's first baseline: the font size below the top
            if paragraph.plain is not None:
                text.setFont(paragraph.plain[0], size)
            for index, line in enumerate(lines):
                last = index == len(lines) - 1
                y = baseline - index * leading
                if paragraph.plain is not None:
                    _set_words(text, line, x, y, box, last)
                else:
                    _set_runs(canvas, text, line, x, y, size, box, last, icons)
            canvas.drawText(text)
        cursor -= len(lines) * leading + size * PARAGRAPH_GAP
    canvas.restoreState()


def _draw_paragraphs(canvas: Canvas, fitted: FittedText, x: float, top: float, icons: Mapping[str, IconFile]) -> None:
    """ReportLab's own Paragraph, for what the replay does not cover."""
    cursor = top
    with vector_icons(canvas, icons):
        for paragraph, height in zip(fitted.paragraphs, fitted.heights, strict=True):
            paragraph.drawOn(canvas, x, cursor - height)
            cursor -= height + paragraph.style.spaceAfter


def _placement(align: str, extra: float, gaps: int, last: bool, line_break: bool) -> tuple[float, float]:
    """(where the line starts, the word spacing) as ReportLab's _leftDrawParaLine and its kin decide:
    a line with room to spare is moved by the alignment; one longer than the box (the 5 % space
    shrinkage allows it) and every justified line but the last have their spaces shrunk or widened."""
    if align == "justify":
        spread = not (line_break or -_EPSILON < extra <= _EPSILON or (last and extra > -_EPSILON)) and gaps > 0
        return (0.0, extra / gaps) if spread else (0.0, 0.0)
    if extra > -_EPSILON or gaps <= 0:
        return {"center": 0.5 * extra, "right": extra}.get(align, 0.0), 0.0
    return 0.0, extra / gaps


def _set_words(text: PDFTextObject, line: Line, x: float, y: float, box: TextBox, last: bool) -> None:
    """A line of a paragraph in one font: its words joined by spaces."""
    words = " ".join(line.words)
    gaps = len(line.words) + words.count("\xa0") - 1  # ReportLab sets a no-break space as a space: widened too
    offset, spacing = _placement(box.align, box.width - line.width, gaps, last, False)
    text.setTextOrigin(x + offset, y)
    _out(text, words, spacing)


def _set_runs(
    canvas: Canvas,
    text: PDFTextObject,
    line: Line,
    x: float,
    y: float,
    size: float,
    box: TextBox,
    last: bool,
    icons: Mapping[str, IconFile],
) -> None:
    """A line of several runs (styles, icons), as ReportLab's _putFragLine sets it."""
    runs = _runs(line)
    # ReportLab spreads the room over the line's words less one, but the word spacing widens every
    # space of the line, those beside icons too: its justified lines with icons ran out of the box
    gaps = sum(run.count(" ") + run.count("\xa0") for font, run in runs if font is not None)
    offset, spacing = _placement(box.align, box.width - line.width, gaps, last, line.line_break)
    advanced = x + offset  # where the next run starts, before the word spacing moves it
    spaces = 0  # set so far: the word spacing has moved what follows by this many
    text.setTextOrigin(advanced, y)
    font_set = None
    before = ""  # the text just before, when no space separates it from what follows
    pulled = 0.0  # how far left what follows is set: icons drawn tight against an elision or a full stop
    for index, (font, run) in enumerate(runs):
        if font is None:  # an icon, where ReportLab places an inline image
            side = icon_side(size)
            icon = icons.get(run)
            pull = pull_after_elision(icon, before, side)  # "l'{fuel}": no gap after the elision
            draw_icon(canvas, icon, advanced + spaces * spacing - pulled - pull, y - ICON_DROP * size, side, side)
            after = runs[index + 1][1] if index + 1 < len(runs) and runs[index + 1][0] is not None else ""
            pulled += pull + pull_before_closing(icon, after, side)  # "{fuel}.": no gap before the stop
            advanced += side
            text.setTextOrigin(advanced + spaces * spacing - pulled, y)
            before = ""
            continue
        before = run
        if font != font_set:
            text.setFont(font, size)
            font_set = font
        _out(text, run, spacing)
        advanced += width_at_1pt(run, font) * size
        spaces += run.count(" ") + run.count("\xa0")


def _out(text: PDFTextObject, words: str, spacing: float) -> None:
    """The words at the cursor, each space widened by `spacing` (PDF word spacing)."""
    if spacing:
        text.setWordSpace(spacing)
        text.textOut(words)
        text.setWordSpace(0)
    else:
        text.textOut(words)


def _runs(line: Line) -> list[tuple[str | None, str]]:
    """The line's words as ReportLab's breakLines joins them into fragments: a word in the run's
    font joins its text after a space; a word in another font (or an icon) starts a run, and the
    space before it goes to the end of the last run of text; a word's later pieces are runs of
    their own.  (font, text) for text, (None, name) for an icon.  (linebreak._frag_lines joins
    them the same way but keeps only what the space shrinkage needs: fitting is its hot path.)"""
    runs: list[list[Any]] = []
    space = False  # whether the last word placed is followed by a space
    for word in line.words:
        if word.kind == BREAK:
            continue
        if word.kind == IMAGE and word.lead:  # the number glued before the icon opens it
            font, first = word.lead[0].font, word.lead[0].text
        elif word.kind == IMAGE:
            font, first = None, word.icon
        else:
            font, first = word.pieces[0].font, word.pieces[0].text
        if not runs:
            runs.append([font, first])
        elif font is None or runs[-1][0] != font:
            if space:
                for run in reversed(runs):
                    if run[0] is not None:
                        if not run[1].endswith(" "):
                            run[1] += " "
                        break
            runs.append([font, first])
        elif space and not runs[-1][1].endswith(" "):
            runs[-1][1] += " " + first
        else:
            runs[-1][1] += first
        # a word's later pieces, or all of an icon's: the rest of its lead, the icon, the punctuation glued after it
        if word.kind == IMAGE:
            if word.lead:
                runs += [[piece.font, piece.text] for piece in word.lead[1:]] + [[None, word.icon]]
            runs += [[piece.font, piece.text] for piece in word.pieces]
        else:
            runs += [[piece.font, piece.text] for piece in word.pieces[1:]]
        space = word.hanging
    return [(font, run) for font, run in runs]
