"""The proof as a PDF for reading on paper or a tablet: the same entries as the HTML, faces drawn as vectors."""

from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from pnp.assets.fonts import plain_font
from pnp.errors import Finding, Severity
from pnp.i18n import _
from pnp.layout import FaceLayout
from pnp.markup import escape
from pnp.proof.collect import CardEntry, Mark, Proof, segments
from pnp.proof.html import (
    KINDS_COLUMNS,
    SEVERITY_LABEL,
    STATUS_WORD,
    SUMMARY_COLUMNS,
    SUMMARY_KEYS,
    count_line,
    shown_line,
    sizes_line,
    totals,
)
from pnp.proof.thumbs import Faces
from pnp.render.face import RenderContext, draw_face
from pnp.translate.worddiff import Piece

THUMB_WIDTH = 34 * mm
SIDE_GAP = 2 * mm  # between the two sides of a double-sided card
MARGIN = 14 * mm
FRAME_WIDTH = A4[0] - 2 * MARGIN  # 182 mm: every table is laid out to it
NUMBER_WIDTH = 22.3 * mm  # a column of counts, wide enough for its heading ("Translated", "Observaciones") on one line
MARK = {
    Severity.ERROR: ("#ffc9c9", "#a40e26"),
    Severity.WARNING: ("#ffe08a", "#7d4e00"),
    Severity.INFO: ("#cfe3ff", "#0b4a8b"),
}
LINE = colors.HexColor("#d0d7de")
BAND = colors.HexColor("#f6f8fa")


class FaceThumb(Flowable):
    """A card face drawn by the build's own renderer, scaled to THUMB_WIDTH."""

    def __init__(self, face: FaceLayout, context: RenderContext, back: FaceLayout | None = None) -> None:
        super().__init__()
        self.context = context
        # a double-sided card shows both sides, the B side under the front
        self.sides = [face] if back is None else [face, back]
        self.scale = THUMB_WIDTH / face.size.width
        self.width = THUMB_WIDTH
        self.height = sum(side.size.height * self.scale for side in self.sides) + SIDE_GAP * (len(self.sides) - 1)

    def draw(self) -> None:
        canvas = self.canv
        top = self.height
        for side in self.sides:
            height = side.size.height * self.scale
            bottom = top - height
            canvas.saveState()
            canvas.translate(0, bottom)
            canvas.scale(self.scale, self.scale)
            clip = canvas.beginPath()
            clip.rect(0, 0, side.size.width, side.size.height)
            canvas.clipPath(clip, stroke=0, fill=0)
            draw_face(canvas, side, self.context)
            canvas.restoreState()
            canvas.setStrokeColor(LINE)
            canvas.rect(0, bottom, self.width, height, stroke=1, fill=0)
            top = bottom - SIDE_GAP


def render_pdf(proof: Proof, faces: Faces) -> bytes:
    context = faces.context
    assert context is not None
    body = context.fonts.role("body")
    regular = body.name() if body else plain_font()
    bold = body.name(bold=True) if body else plain_font(bold=True)
    styles = {
        "title": ParagraphStyle("title", fontName=bold, fontSize=16, leading=20, spaceAfter=2),
        "meta": ParagraphStyle(
            "meta", fontName=regular, fontSize=8.5, leading=11, textColor=colors.HexColor("#656d76")
        ),
        "h2": ParagraphStyle("h2", fontName=bold, fontSize=12, leading=15, spaceBefore=8, spaceAfter=4),
        "head": ParagraphStyle("head", fontName=bold, fontSize=10.5, leading=13, spaceAfter=3),
        "cell": ParagraphStyle("cell", fontName=regular, fontSize=8, leading=10.2),
        "number": ParagraphStyle("number", fontName=regular, fontSize=8, leading=10.2, alignment=TA_RIGHT),
        "total": ParagraphStyle("total", fontName=bold, fontSize=8, leading=10.2, alignment=TA_RIGHT),
        "small": ParagraphStyle(
            "small", fontName=regular, fontSize=7.5, leading=9.5, textColor=colors.HexColor("#656d76")
        ),
        "finding": ParagraphStyle(
            "finding", fontName=regular, fontSize=7.5, leading=9.6, leftIndent=10, firstLineIndent=-10
        ),
    }
    pack = proof.pack.pack
    name = pack.name.get(proof.lang) or pack.name.get(pack.source_language, pack.id)
    story: list[Flowable] = [
        Paragraph(escape(_("Proof: {name}").format(name=name)), styles["title"]),
        Paragraph(  # "to", not an arrow: the body font has none
            escape(
                _("{pack} · {source} to {target} · {counts} · {shown}").format(
                    pack=pack.id,
                    source=pack.source_language,
                    target=proof.lang,
                    counts=count_line(proof),
                    shown=shown_line(proof),
                )
            ),
            styles["meta"],
        ),
        Paragraph(escape(_("Summary")), styles["h2"]),
        *_summary(proof, styles),
    ]
    if proof.pack_findings:
        story.append(Paragraph(escape(_("About the whole pack")), styles["h2"]))
        story += [Paragraph(_finding(f, None), styles["finding"]) for f in proof.pack_findings]
    story.append(Paragraph(escape(_("Cards")), styles["h2"]))
    for entry in proof.entries:
        face = faces.faces.get(entry.card.id)
        thumb = FaceThumb(face, context, faces.backs.get(entry.card.id)) if face else Spacer(THUMB_WIDTH, 1)
        story.append(_entry(entry, proof, thumb, styles))
        story.append(Spacer(1, 3 * mm))
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=12 * mm,
        bottomMargin=12 * mm,
        title=_("Proof: {name} ({language})").format(name=name, language=proof.lang),
        author="pnp",
        invariant=1,
        initialFontName=regular,  # not Helvetica: every font in the file is embedded
    )
    document.build(story)
    return buffer.getvalue()


def _grid(rows: list[list[object]], widths: list[float] | None = None, header: bool = True) -> Table:
    table = Table(rows, colWidths=widths, hAlign="LEFT", repeatRows=1 if header else 0)
    commands: list[tuple[object, ...]] = [
        ("GRID", (0, 0), (-1, -1), 0.5, LINE),
        ("FONTNAME", (0, 0), (-1, -1), plain_font()),  # plain cells too: ReportLab's default is Helvetica
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 4),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    if header:
        commands.append(("BACKGROUND", (0, 0), (-1, 0), BAND))
    table.setStyle(TableStyle(commands))
    return table


def _summary(proof: Proof, styles: dict[str, ParagraphStyle]) -> list[Flowable]:
    """The decks, then the findings by kind, one table under the other, both as wide as the page."""
    cell, number = styles["cell"], styles["number"]
    heads = [Paragraph(escape(_(t)), number) for t in SUMMARY_COLUMNS]
    decks = [[Paragraph(escape(_("Deck")), cell), *heads]]
    for d in proof.decks:
        decks.append(
            [
                Paragraph(escape(f"{d.name} ({d.id})"), cell),
                *(Paragraph(str(getattr(d, key)), number) for key in SUMMARY_KEYS),
            ]
        )
    decks.append(
        [
            Paragraph("<b>" + escape(_("All")) + "</b>", cell),
            *(Paragraph(str(n), styles["total"]) for n in totals(proof)),
        ]
    )
    deck_table = _grid(decks, _widths(len(SUMMARY_COLUMNS)))
    deck_table.setStyle(TableStyle([("BACKGROUND", (0, -1), (-1, -1), BAND)]))
    kinds = [
        [Paragraph(escape(_(KINDS_COLUMNS[0])), cell), *(Paragraph(escape(_(t)), number) for t in KINDS_COLUMNS[1:])]
    ]
    kinds += [[Paragraph(escape(code), cell), *(Paragraph(str(n), number) for n in ns)] for code, *ns in proof.kinds]
    if len(kinds) == 1:
        kinds.append([Paragraph(escape(_("No findings.")), cell), "", "", ""])
    return [deck_table, Spacer(1, 3 * mm), _grid(kinds, _widths(3))]


def _widths(numbers: int) -> list[float]:
    """A first column of names taking what `numbers` columns of counts leave of the page's width."""
    return [FRAME_WIDTH - numbers * NUMBER_WIDTH] + [NUMBER_WIDTH] * numbers


def _entry(entry: CardEntry, proof: Proof, thumb: Flowable, styles: dict[str, ParagraphStyle]) -> Table:
    cell = styles["cell"]
    status = _("new card") if entry.new else _(STATUS_WORD.get(entry.status, entry.status))
    count = f" · ×{entry.card.count}" if entry.card.count > 1 else ""
    parts: list[Flowable] = [
        Paragraph(
            f"{escape(entry.title)} <font size=8 color='#656d76'>[{escape(status)}] "
            f"{escape(entry.card.id)} · {escape(entry.deck)} · {escape(entry.card.type)}{count}</font>",
            styles["head"],
        )
    ]
    width = FRAME_WIDTH - THUMB_WIDTH - 6 * mm
    if entry.changes:
        since = escape(_("since {since}").format(since=proof.since))
        rows = [[Paragraph(escape(_("changed")), cell), Paragraph(since, cell)]]
        rows += [[Paragraph(escape(c.name), cell), Paragraph(_pieces(c.pieces), cell)] for c in entry.changes]
        parts += [_grid(rows, [20 * mm, width - 20 * mm]), Spacer(1, 2 * mm)]
    rows = [[Paragraph(escape(t), cell) for t in (_("field"), proof.pack.pack.source_language, proof.lang)]]
    text_width = (width - 20 * mm) / 2
    for row in entry.rows:
        rows.append(
            [
                Paragraph(escape(row.name), styles["small"]),
                Paragraph(_marked(row.source, row.source_marks), cell),
                Paragraph(_marked(row.target, row.target_marks), cell),
            ]
        )
    parts.append(_grid(rows, [20 * mm, text_width, text_width]))
    if entry.text_sizes:  # the same line as the HTML proof; <b> is ReportLab markup too
        parts.append(Paragraph(sizes_line(entry.text_sizes), styles["small"]))
    parts += [Paragraph(_finding(f, n), styles["finding"]) for n, f in enumerate(entry.findings, start=1)]
    outer = Table([[thumb, parts]], colWidths=[THUMB_WIDTH + 6 * mm, width], hAlign="LEFT")
    outer.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONTNAME", (0, 0), (-1, -1), plain_font()),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("LINEABOVE", (0, 0), (-1, 0), 0.5, LINE),
                ("TOPPADDING", (0, 0), (-1, -1), 5),
            ]
        )
    )
    return outer


def _text(text: str) -> str:
    return escape(text).replace("\n", "<br/>")


def _marked(text: str, marks: tuple[Mark, ...]) -> str:
    if not text:
        return "<font color='#656d76'>—</font>"
    out = []
    for piece, severity, ending in segments(text, marks):
        out.append(f"<font backColor='{MARK[severity][0]}'>{_text(piece)}</font>" if severity else _text(piece))
        for number in ending:
            ink = MARK[next(m.severity for m in marks if m.number == number)][1]
            out.append(f"<super><font color='{ink}' size=6>{number}</font></super>")
    return "".join(out)


def _pieces(pieces: tuple[Piece, ...]) -> str:
    out = []
    for piece in pieces:
        if piece.op == "delete":
            out.append(f"<font backColor='#ffd7d5'><strike>{_text(piece.text)}</strike></font>")
        elif piece.op == "insert":
            out.append(f"<font backColor='#ccffd8'>{_text(piece.text)}</font>")
        else:
            out.append(_text(piece.text))
    return "".join(out)


def _finding(finding: Finding, number: int | None) -> str:
    word = _(SEVERITY_LABEL[finding.severity])
    ink = MARK[finding.severity][1]
    lead = f"{number}. " if number else "• "
    where = f"{escape(finding.field)}: " if finding.field else ""
    place = "" if finding.card else escape(f"{finding.file}{f':{finding.line}' if finding.line else ''}: ")
    hint = f" <font color='#656d76'>— {escape(finding.hint)}</font>" if finding.hint else ""
    return (
        f"{lead}<font color='{ink}'><b>{word.upper()}</b></font> {place}{where}{escape(finding.message)} "
        f"<font color='#656d76'>({escape(finding.code)})</font>{hint}"
    )
