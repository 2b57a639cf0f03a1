"""aids.pdf: the pack's reference cards and set-up sheets, ready to print.

A page-sized aid (A4, Letter) prints one side per page, its back on the next
page.  A card-sized aid prints on the build's paper, as many copies to a
sheet as fit, with a thin cut line round each; when it runs over to its back,
the backs follow on the next page, placed for the duplex flip asked for (the
columns mirrored for the long edge, the rows for the short edge), as the card
sheets are.  Each aid starts a sheet of its own.  Byte-identical run to run.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from pnp.assets.fonts import plain_font
from pnp.export.canvas import new_canvas
from pnp.i18n import printed
from pnp.layout.templates import IconFile
from pnp.render.aids import FittedAid, aid_size, draw_side
from pnp.render.icons import vector_icons
from pnp.units import Size, mm

GAP = mm(3)  # between cards on a sheet: room to cut each one out (9 poker cards on A4)
SHEET_MARGIN = mm(5)
CUT_LINE = colors.HexColor("#9a9a9a")
FOOTER_SIZE = 7.0


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int
    card: Size
    paper: Size

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    def origin(self, slot: int, back: bool, duplex: str) -> tuple[float, float]:
        """Bottom-left corner of a card's slot; a back sits where the flip brings its front."""
        column, row = slot % self.columns, slot // self.columns
        if back and duplex == "long":
            column = self.columns - 1 - column
        elif back and duplex == "short":
            row = self.rows - 1 - row
        width = self.columns * self.card.width + (self.columns - 1) * GAP
        height = self.rows * self.card.height + (self.rows - 1) * GAP
        left = (self.paper.width - width) / 2
        top = (self.paper.height + height) / 2
        return left + column * (self.card.width + GAP), top - (row + 1) * self.card.height - row * GAP


def card_grid(card: Size, paper: Size) -> Grid | None:
    """As many cards as fit on the paper, upright; None when not one does."""
    room_w, room_h = paper.width - 2 * SHEET_MARGIN, paper.height - 2 * SHEET_MARGIN
    columns = int((room_w + GAP) // (card.width + GAP))
    rows = int((room_h + GAP) // (card.height + GAP))
    if columns < 1 or rows < 1:
        return None
    return Grid(columns, rows, card, paper)


def render_aids(
    fitted: list[FittedAid], paper: Size, duplex: str, icons: Mapping[str, IconFile], pack_title: str
) -> bytes:
    """Every aid's sides, in the order given.  Card aids larger than the paper print one to a page."""
    buffer = io.BytesIO()
    language = fitted[0].language if fitted else "en"
    canvas = new_canvas(buffer, f"{pack_title} · {printed(language, 'Player aids')}")
    with vector_icons(canvas, icons):
        for aid in fitted:
            size = aid_size(aid.aid)
            grid = None if aid.aid.is_page else card_grid(size, paper)
            if grid is None:
                _pages(canvas, aid, size)
            else:
                _sheets(canvas, aid, grid, duplex, pack_title)
    canvas.save()
    return buffer.getvalue()


def _pages(canvas: Canvas, aid: FittedAid, size: Size) -> None:
    for _copy in range(aid.aid.aid.copies):
        for side in range(len(aid.sides)):
            canvas.setPageSize((size.width, size.height))
            draw_side(canvas, aid, side, 0, 0)
            canvas.showPage()


def _sheets(canvas: Canvas, aid: FittedAid, grid: Grid, duplex: str, pack_title: str) -> None:
    copies = aid.aid.aid.copies
    sheets = -(-copies // grid.per_sheet)
    title = aid.aid.aid.title.get(aid.language) or next(iter(aid.aid.aid.title.values()), aid.aid.id)
    for sheet in range(sheets):
        on_sheet = min(grid.per_sheet, copies - sheet * grid.per_sheet)
        for side in range(len(aid.sides)):
            back = side > 0
            canvas.setPageSize((grid.paper.width, grid.paper.height))
            for slot in range(on_sheet):
                x, y = grid.origin(slot, back, duplex)
                draw_side(canvas, aid, side, x, y)
                _cut_line(canvas, x, y, grid.card)
            _footer(canvas, grid.paper, f"{pack_title} · {title}", aid.language, back)
            canvas.showPage()


def _cut_line(canvas: Canvas, x: float, y: float, card: Size) -> None:
    canvas.saveState()
    canvas.setStrokeColor(CUT_LINE)
    canvas.setLineWidth(0.3)
    canvas.rect(x, y, card.width, card.height, stroke=1, fill=0)
    canvas.restoreState()


def _footer(canvas: Canvas, paper: Size, text: str, language: str, back: bool) -> None:
    side = printed(language, "back") if back else printed(language, "front")
    canvas.saveState()
    canvas.setFont(plain_font(), FOOTER_SIZE)
    canvas.setFillColor(colors.HexColor("#555555"))
    canvas.drawString(SHEET_MARGIN, SHEET_MARGIN / 2, f"{text} · {side}")
    canvas.restoreState()
