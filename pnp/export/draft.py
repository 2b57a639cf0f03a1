"""Draft builds: a mark on every sheet and a first page listing what is still wrong.

A draft prints despite text errors so that a translator can proofread on
paper; the mark keeps such a sheet from being taken for the finished cards.
The few words a draft prints follow the card language, like every word
printed on a sheet (pnp.i18n.printed), and so do the problems it lists: the
build checks the pack again with the card language's messages for them.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from pnp.errors import Finding, Severity
from pnp.export.canvas import plain_font
from pnp.export.pdf import FOOTER_SIZE, Footer
from pnp.i18n import P_, printed
from pnp.markup import escape
from pnp.units import Size, mm

if TYPE_CHECKING:
    from reportlab.platypus import SimpleDocTemplate

# The words a draft prints, in English; printed() gives them in the card language, from the
# same catalogue as every other word pnp prints on a sheet.
DRAFT_WORDS = {
    "mark": P_("DRAFT"),
    "title": P_("DRAFT: not the final cards"),
    "intro": P_("Printed despite the problems below, for proofreading on paper. Fix them and build without --draft."),
    "none": P_("No problems were found."),
    "card": P_("card"),
    Severity.ERROR.value: P_("error"),
    Severity.WARNING.value: P_("warning"),
}


def draft_words(language: str) -> dict[str, str]:
    """The draft's words in the card language (English where the catalogue has none)."""
    return {key: printed(language, message) for key, message in DRAFT_WORDS.items()}


def marked(footer: Footer, mark: str) -> Footer:
    """The footer, and the draft mark across the page: large, light, and over the cards, so that
    it survives cutting; the cards stay readable under it."""

    def draw(canvas: Canvas, page: Size, text: str) -> None:
        footer(canvas, page, text)  # with the mark in its band (home_footer's mark), where no crop mark reaches
        canvas.saveState()
        canvas.setFillColor(HexColor("#d32f2f"))
        canvas.setFillAlpha(0.18)
        canvas.translate(page.width / 2, page.height / 2)
        canvas.rotate(55)
        size = min(page.width, page.height) / max(1, len(mark)) * 1.4
        canvas.setFont(plain_font(bold=True), size)
        canvas.drawCentredString(0, -size / 3, mark)
        canvas.restoreState()

    return draw


def render_findings_page(findings: Sequence[Finding], page: Size, language: str, whole_leaves: bool = False) -> bytes:
    """The first pages of a draft: every error and warning, with the card it names.  With
    `whole_leaves` (a duplex build) the list fills whole leaves, a blank back after an odd last
    page, so that the card sheets after it still print each front with its own back."""
    # imported here: every build marks its sheets through this module, only a draft lays out this page
    from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer

    words = draft_words(language)

    def document(buffer: io.BytesIO) -> SimpleDocTemplate:
        return SimpleDocTemplate(
            buffer,
            pagesize=(page.width, page.height),
            leftMargin=mm(15),
            rightMargin=mm(15),
            topMargin=mm(15),
            bottomMargin=mm(15),
            title=words["title"],
            creator="pnp",
            invariant=1,
            initialFontName=plain_font(),  # every font in the file embedded
        )

    heading = ParagraphStyle("heading", fontName=plain_font(bold=True), fontSize=16, leading=20, textColor="#d32f2f")
    body = ParagraphStyle("body", fontName=plain_font(), fontSize=9, leading=11.5, spaceAfter=4)
    story: list = [
        Paragraph(escape(words["title"]), heading),
        Spacer(0, mm(3)),
        Paragraph(escape(words["intro"]), body),
    ]
    shown = [f for f in findings if f.severity is not Severity.INFO]
    if not shown:
        story.append(Paragraph(escape(words["none"]), body))
    for finding in shown:
        where = finding.file + (f":{finding.line}" if finding.line else "")
        card = f' · {words["card"]} "{escape(finding.card)}"' if finding.card else ""
        story.append(
            Paragraph(
                f"<b>{escape(words[finding.severity.value])}</b> {escape(finding.code)} · {escape(where)}{card}<br/>"
                f"{escape(finding.message)}",
                body,
            )
        )
    buffer = io.BytesIO()
    built = document(buffer)
    built.build(list(story))
    if whole_leaves and built.page % 2:
        # built again with one more page, left blank: a page break after the list (the blank
        # page needs something on it for ReportLab to print it; an empty paragraph is nothing)
        buffer = io.BytesIO()
        document(buffer).build([*story, PageBreak(), Paragraph("\xa0", body)])
    return buffer.getvalue()


__all__ = ["DRAFT_WORDS", "FOOTER_SIZE", "draft_words", "marked", "render_findings_page"]
