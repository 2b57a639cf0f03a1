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
from pnp.export.sticker_labels import LABEL_SIZE, FittedLabel, LabelSpot, label_font
from pnp.impose.packing import Placed, StickerSheets
from pnp.layout.stickers import StickerPanel
from pnp.render.face import RenderContext, draw_face
from pnp.units import mm

CUT_COLOUR = "#555555"
CUT_WIDTH = 0.3  # pt: a hairline to cut along, visible on any fill
WHITE_BORDER = "#9a9a9a"
STICKER_BLEED = mm(1)


def is_whiteish(fill: str) -> bool:
    """A fill that would not show on white paper."""
    return all(int(fill[i : i + 2], 16) >= 235 for i in (1, 3, 5))


def render_card_stickers(
    panels: dict[str, StickerPanel],
    labels: dict[str, tuple[LabelSpot, FittedLabel]],
    sheets: StickerSheets,
    ctx: RenderContext,
    title: str,
    footer_text: str,
) -> bytes:
    """The sheets; `panels` and `labels` (pnp.export.sticker_labels) by sticker key (pnp.pipelines.stickers)."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, title)
    font = label_font(ctx)
    for sheet in range(sheets.sheets):
        canvas.setPageSize((sheets.page.width, sheets.page.height))
        for placed in sheets.on_sheet(sheet):
            panel = panels[placed.sticker.region]
            _sticker(canvas, placed, panel, ctx)
            _label(canvas, *labels[placed.sticker.region], font)
        canvas.setFont(font, LABEL_SIZE)
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


def _label(canvas: Canvas, spot: LabelSpot, fitted: FittedLabel, font: str) -> None:
    """The card and region, outside the cut, where pnp.export.sticker_labels puts them."""
    canvas.saveState()
    canvas.translate(*spot.origin)
    if spot.rotated:
        canvas.rotate(90)
    canvas.setFont(font, fitted.size)
    canvas.setFillColor(HexColor("#333333"))
    for index, line in enumerate(fitted.lines):
        # the line nearest the cut at spot.y; above a sticker (step up) the first line is the top one
        y = spot.y + (len(fitted.lines) - 1 - index if spot.step > 0 else index) * spot.step
        if spot.centred:
            canvas.drawCentredString(spot.x, y, line)
        else:
            canvas.drawString(spot.x, y, line)
    canvas.restoreState()
