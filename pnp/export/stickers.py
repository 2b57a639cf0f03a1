"""Translation stickers as a PDF: each panel at its region's exact size inside a cut line,
labelled outside the cut with its card and region.

The panel is drawn by the card renderer (draw_face), from the face pnp.layout.stickers
made of it: the same text fitting as on a card printed over its scan.  Its fill runs a
millimetre past the cut, so a cut a little off leaves no white edge; a panel that would
print white on white paper gets a grey border inside the cut, so it can be seen and
cut.
"""

from __future__ import annotations

import io

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.export.canvas import new_canvas
from pnp.impose.label_sheets import FULL_SHEETS, LABEL_ROOM
from pnp.impose.packing import Placed, StickerSheets
from pnp.layout.stickers import StickerPanel
from pnp.render.face import RenderContext, draw_face
from pnp.units import mm

CUT_COLOUR = "#555555"
CUT_WIDTH = 0.3  # pt: a hairline to cut along, visible on any fill
WHITE_BORDER = "#9a9a9a"
STICKER_BLEED = mm(1)
LABEL_SIZE = 6.0  # pt: the smallest type pnp prints
LABEL_GAP = mm(1.8)  # from the cut to the label's baseline, past the bleed


def is_whiteish(fill: str) -> bool:
    """A fill that would not show on white paper."""
    return all(int(fill[i : i + 2], 16) >= 235 for i in (1, 3, 5))


def label_text(panel: StickerPanel, copy: int, region_word: str) -> str:
    text = f"{panel.title} · {region_word}"
    return f"{text} · {copy}/{panel.copies}" if panel.copies > 1 else text


def render_card_stickers(
    panels: dict[str, StickerPanel],
    labels: dict[str, str],
    sheets: StickerSheets,
    paper: str,
    ctx: RenderContext,
    title: str,
    footer_text: str,
) -> bytes:
    """The sheets; `panels` and `labels` by sticker region key (pnp.pipelines.stickers)."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, title)
    font = ctx.fonts.role("label")
    label_font = font.name() if font else "Helvetica"
    for sheet in range(sheets.sheets):
        canvas.setPageSize((sheets.page.width, sheets.page.height))
        for placed in sheets.on_sheet(sheet):
            panel = panels[placed.sticker.region]
            _sticker(canvas, placed, panel, ctx)
            _label(canvas, placed, labels[placed.sticker.region], label_font, paper in FULL_SHEETS)
        canvas.setFont(label_font, 6.5)
        canvas.setFillColor(HexColor("#555555"))
        canvas.drawString(mm(8), mm(5.8), footer_text.format(number=sheet + 1, total=sheets.sheets))
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _sticker(canvas: Canvas, placed: Placed, panel: StickerPanel, ctx: RenderContext) -> None:
    width, height = placed.sticker.width, placed.sticker.height
    canvas.saveState()
    if placed.rotated:  # turned 90° anticlockwise: the sticker's bottom edge runs up the sheet
        canvas.translate(placed.x + placed.width, placed.y)
        canvas.rotate(90)
    else:
        canvas.translate(placed.x, placed.y)
    canvas.setFillColor(HexColor(panel.fill))
    bleed = STICKER_BLEED
    canvas.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
    draw_face(canvas, panel.face, ctx)
    bordered = any(e.get("stroke") for e in panel.face.elements)
    if is_whiteish(panel.fill) and not bordered:
        canvas.setStrokeColor(HexColor(WHITE_BORDER))
        canvas.setLineWidth(0.6)
        inset = mm(0.4)
        canvas.rect(inset, inset, width - 2 * inset, height - 2 * inset, stroke=1, fill=0)
    canvas.setStrokeColor(HexColor(CUT_COLOUR))
    canvas.setLineWidth(CUT_WIDTH)
    canvas.rect(0, 0, width, height, stroke=1, fill=0)  # the cut: exactly the region's size
    canvas.restoreState()


def _label(canvas: Canvas, placed: Placed, text: str, font: str, above: bool) -> None:
    """The card and region, outside the cut: above it on a full sheet (in the gap the packing
    leaves there), below it on a label (in the room kept for it)."""
    room = placed.width + (mm(5) if above else mm(0))
    while text and canvas.stringWidth(text, font, LABEL_SIZE) > room:
        text = text[:-2].rstrip() + "…"
        if len(text) <= 2:
            break
    canvas.setFont(font, LABEL_SIZE)
    canvas.setFillColor(HexColor("#333333"))
    if above:
        canvas.drawString(placed.x, placed.y + placed.height + LABEL_GAP, text)
    else:
        baseline = placed.y - min(LABEL_GAP + mm(1.5), LABEL_ROOM - mm(0.5))
        canvas.drawCentredString(placed.x + placed.width / 2, baseline, text)
