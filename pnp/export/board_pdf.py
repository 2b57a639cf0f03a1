"""Board PDFs: the tiled map with its assembly guide, sticker sheets with their
placement guide, token sheets with aligned backs, and standee sheets.

The map (or the user's board image) is one form drawn once and shown through
a window on every page; each token face is a form placed once per copy.
Like the card sheets, PDFs are byte-identical run to run (invariant=1).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.export.canvas import new_canvas, plain_font
from pnp.export.pdf import Form as FaceForm
from pnp.export.pdf import Placement, SheetSection
from pnp.export.pdf import render_sheets as render_imposed
from pnp.geometry import Box
from pnp.impose import SheetPlan
from pnp.packing import StickerSheets
from pnp.render.board import BoardArt, Label, draw_map, draw_sticker, words
from pnp.render.fonts import FontRegistry
from pnp.tiling import TilePlan, plan_page_map
from pnp.units import Size, mm

rl_config.invariant = 1

MARK_COLOUR = "#000000"
GUIDE_COLOUR = "#d81b60"  # the guide's outlines: a magenta no board region uses

DrawSource = Callable[[Canvas], None]


@dataclass(frozen=True)
class Document:
    data: bytes
    pages: int


def _canvas(title: str) -> tuple[Canvas, io.BytesIO]:
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, title)
    return canvas, buffer


def _font(fonts: FontRegistry, role: str = "body", bold: bool = False) -> str:
    found = fonts.role(role) or fonts.role("body")
    return found.name(bold=bold) if found else plain_font(bold)


def footer(canvas: Canvas, fonts: FontRegistry, page_width: float, text: str, bar_label: str) -> None:
    """A line of text and a 50 mm scale bar, 5 mm or more from the paper edge and no type under
    6 pt: the user can check the print was made at 100 %."""
    canvas.saveState()
    canvas.setFillColor(HexColor("#555555"))
    canvas.setStrokeColor(HexColor("#555555"))
    font = _font(fonts)
    x = page_width - mm(8) - mm(50)
    baseline = mm(5.8)  # descenders stay above 5 mm
    canvas.setFont(font, 6)
    label_width = canvas.stringWidth(bar_label, font, 6)
    canvas.drawRightString(x - mm(1.5), baseline, bar_label)
    canvas.setFont(font, 6.5)
    room = x - mm(8) - mm(4) - label_width
    if canvas.stringWidth(text, font, 6.5) > room:
        while text and canvas.stringWidth(text + "…", font, 6.5) > room:
            text = text[:-1]
        text = text.rstrip(" ·+") + "…"
    canvas.drawString(mm(8), baseline, text)
    canvas.setLineWidth(0.5)
    canvas.line(x, mm(6.5), x + mm(50), mm(6.5))
    for tick in (0, 50):
        canvas.line(x + mm(tick), mm(5.5), x + mm(tick), mm(7.5))
    canvas.restoreState()


# --- the tiled board ---------------------------------------------------------------


def render_tiles(
    plan: TilePlan, source: DrawSource, fonts: FontRegistry, language: str, title: str, progress: Callable[[], None]
) -> Document:
    text = words(language)
    canvas, buffer = _canvas(title)
    canvas.beginForm("board", 0, 0, plan.board.width, plan.board.height)
    source(canvas)
    canvas.endForm()
    total = len(plan.tiles) + 1
    _page_map(canvas, plan, fonts, text, title, total)
    progress()
    for number, tile in enumerate(plan.tiles, start=2):
        canvas.setPageSize((plan.page.width, plan.page.height))
        window = tile.window
        left, top = plan.margin, plan.page.height - plan.margin
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(left, top - window.height, window.width, window.height)
        canvas.clipPath(clip, stroke=0, fill=0)
        canvas.translate(left - window.x, top + window.y - plan.board.height)
        canvas.doForm("board")
        canvas.restoreState()
        canvas.saveState()
        canvas.setStrokeColor(HexColor("#777777"))
        canvas.setLineWidth(0.3)
        canvas.rect(left, top - window.height, window.width, window.height, stroke=1, fill=0)
        canvas.restoreState()
        for mark in plan.marks:
            if window.contains(mark, 1e-6):
                draw_mark(canvas, tile.page_point(mark, plan), mark_radius(plan.overlap))
        neighbours = plan.neighbours(tile)
        around = " · ".join(f"{text[side]}: {label}" for side, label in neighbours.items())
        canvas.saveState()
        canvas.setFont(_font(fonts, "title"), 13)
        canvas.drawString(plan.margin, plan.margin + mm(1.5), tile.label)
        canvas.restoreState()
        page = text["page"].format(number=number, total=total)
        footer(
            canvas,
            fonts,
            plan.page.width,
            f"      {title} · {tile.label} · {page}" + (f" · {around}" if around else ""),
            text["actual"],
        )
        canvas.showPage()
        progress()
    canvas.save()
    return Document(buffer.getvalue(), total)


def mark_radius(overlap: float) -> float:
    return min(mm(2.5), max(mm(1.2), overlap * 0.3))


def draw_mark(canvas: Canvas, at: tuple[float, float], radius: float) -> None:
    """A registration mark (a ring and a cross) with a white halo, visible on light and dark board."""
    x, y = at
    canvas.saveState()
    for colour, width in (("#ffffff", 1.4), (MARK_COLOUR, 0.4)):
        canvas.setStrokeColor(HexColor(colour))
        canvas.setLineWidth(width)
        canvas.circle(x, y, radius, stroke=1, fill=0)
        canvas.line(x - radius * 1.6, y, x + radius * 1.6, y)
        canvas.line(x, y - radius * 1.6, x, y + radius * 1.6)
    canvas.restoreState()


def _page_map(
    canvas: Canvas, plan: TilePlan, fonts: FontRegistry, text: dict[str, str], title: str, total: int
) -> None:
    page = plan.page.portrait()
    canvas.setPageSize((page.width, page.height))
    margin = mm(12)
    canvas.setFillColor(HexColor("#222222"))
    canvas.setFont(_font(fonts, "title"), 16)
    canvas.drawString(margin, page.height - margin - mm(4), f"{text['assembly']} · {title}")
    canvas.setFont(_font(fonts), 8)
    summary = text["pages"].format(
        columns=plan.columns,
        rows=plan.rows,
        overlap=_mm(plan.overlap),
        width=_mm(plan.board.width),
        height=_mm(plan.board.height),
    )
    canvas.drawString(margin, page.height - margin - mm(10), summary)
    for n, key in enumerate(("step1", "step2", "step3")):
        canvas.drawString(margin, page.height - margin - mm(16 + 4.5 * n), text[key])
    area = Box(margin, mm(16), page.width - 2 * margin, page.height - 2 * margin - mm(32) - mm(4))
    guide = plan_page_map(plan, area)
    left, top = guide.origin
    canvas.saveState()
    canvas.translate(left, top - plan.board.height * guide.scale)
    canvas.scale(guide.scale, guide.scale)
    canvas.doForm("board")
    canvas.restoreState()
    canvas.saveState()
    canvas.setStrokeColor(HexColor(GUIDE_COLOUR))
    canvas.setLineWidth(0.8)
    canvas.setDash(4, 2)
    for _, cell in guide.cells:
        canvas.rect(cell.x, cell.y, cell.width, cell.height, stroke=1, fill=0)
    canvas.setDash()
    size = max(9.0, min(16.0, min(min(c.width, c.height) for _, c in guide.cells) * 0.12))
    font = _font(fonts, "title")
    for label, cell in guide.cells:
        # the top-left corner, clear of the overlap band with the tile above
        inset = plan.overlap * guide.scale + size * 0.5
        x = cell.x + inset + canvas.stringWidth(label, font, size) / 2
        _haloed(canvas, label, x, cell.y + cell.height - inset - size * 0.8, font, size)
    canvas.restoreState()
    footer(canvas, fonts, page.width, f"{title} · {text['page'].format(number=1, total=total)}", text["actual"])
    canvas.showPage()


def _haloed(canvas: Canvas, label: str, x: float, y: float, font: str, size: float) -> None:
    """Centred text on a white plate, readable over any part of the map."""
    canvas.saveState()
    width = canvas.stringWidth(label, font, size)
    canvas.setFillColor(HexColor("#ffffff"))
    canvas.roundRect(x - width / 2 - size * 0.25, y - size * 0.25, width + size * 0.5, size * 1.1, size * 0.2, 0, 1)
    canvas.setFillColor(HexColor(GUIDE_COLOUR))
    canvas.setFont(font, size)
    canvas.drawCentredString(x, y, label)
    canvas.restoreState()


# --- stickers --------------------------------------------------------------------------


def render_stickers(
    sheets: StickerSheets,
    labels: dict[str, Label],
    art: BoardArt,
    margin: float,
    same: Sequence[str],
    title: str,
    progress: Callable[[], None],
) -> Document:
    text = words(art.language)
    canvas, buffer = _canvas(title)
    canvas.beginForm("board", 0, 0, art.board.width, art.board.height)
    draw_map(canvas, art, title)
    canvas.endForm()
    _placement_guide(canvas, sheets, labels, art, same, text, title)
    progress()
    bleed = min(mm(1), sheets.gap / 3)
    for sheet in range(sheets.sheets):
        canvas.setPageSize((sheets.page.width, sheets.page.height))
        for placed in sheets.on_sheet(sheet):
            canvas.saveState()
            if placed.rotated:  # turned 90° anticlockwise: the sticker's bottom edge runs up the sheet
                canvas.translate(placed.x + placed.width, placed.y)
                canvas.rotate(90)
            else:
                canvas.translate(placed.x, placed.y)
            label = labels[placed.sticker.region]
            draw_sticker(canvas, label, placed.sticker.width, placed.sticker.height, margin, bleed)
            canvas.restoreState()
        canvas.setFont(_font(art.fonts, "label", bold=True), 6)  # digits only: they fit the 3 mm gap
        canvas.setFillColor(HexColor("#333333"))
        for placed in sheets.on_sheet(sheet):
            canvas.drawString(placed.x, placed.y + placed.height + mm(0.7), str(placed.sticker.number))
        footer(
            canvas,
            art.fonts,
            sheets.page.width,
            f"{title} · " + text["sheet"].format(number=sheet + 1, total=sheets.sheets),
            text["actual"],
        )
        canvas.showPage()
        progress()
    canvas.save()
    return Document(buffer.getvalue(), sheets.sheets + 1)


def _placement_guide(
    canvas: Canvas,
    sheets: StickerSheets,
    labels: dict[str, Label],
    art: BoardArt,
    same: Sequence[str],
    text: dict[str, str],
    title: str,
) -> None:
    page = sheets.page
    canvas.setPageSize((page.width, page.height))
    margin = mm(12)
    canvas.setFillColor(HexColor("#222222"))
    canvas.setFont(_font(art.fonts, "title"), 16)
    canvas.drawString(margin, page.height - margin - mm(4), f"{text['guide']} · {title}")
    canvas.setFont(_font(art.fonts), 8)
    line = text["guide_line"].format(
        count=len(sheets.placed), sheets=sheets.sheets, percent=f"{sheets.efficiency * 100:.0f}"
    )
    canvas.drawString(margin, page.height - margin - mm(10), line)
    board = art.board
    column = (page.width - 2 * margin) * 0.52
    height = page.height - 2 * margin - mm(24)
    scale = min(column / board.width, height / board.height)
    left, top = margin, page.height - margin - mm(16)
    canvas.saveState()
    canvas.translate(left, top - board.height * scale)
    canvas.scale(scale, scale)
    canvas.doForm("board")
    canvas.restoreState()
    canvas.saveState()
    canvas.setStrokeColor(HexColor(GUIDE_COLOUR))
    canvas.setLineWidth(1)
    numbers = {p.sticker.region: p.sticker.number for p in sheets.placed}
    for region_id, number in numbers.items():
        corners = board.shapes[region_id]
        path = canvas.beginPath()
        first, *rest = [(left + x * scale, top - y * scale) for x, y in corners]
        path.moveTo(*first)
        for point in rest:
            path.lineTo(*point)
        path.close()
        canvas.drawPath(path, stroke=1, fill=0)
        xs = [p[0] for p in corners]
        ys = [p[1] for p in corners]
        bx, by = left + min(xs) * scale, top - min(ys) * scale
        canvas.setFillColor(HexColor(GUIDE_COLOUR))
        canvas.circle(bx, by, mm(2), stroke=0, fill=1)
        canvas.setFillColor(HexColor("#ffffff"))
        canvas.setFont(_font(art.fonts, "label", bold=True), 6)
        canvas.drawCentredString(bx, by - 2, str(number))
    canvas.restoreState()
    x = left + board.width * scale + mm(6)
    y = top - mm(2)
    canvas.setFillColor(HexColor("#222222"))
    for placed in sheets.placed:
        label = labels[placed.sticker.region]
        canvas.setFont(_font(art.fonts, "label", bold=True), 8)
        canvas.drawString(x, y, f"{placed.sticker.number}.  {label.text}")
        canvas.setFont(_font(art.fonts), 6)
        size = f"{_mm(placed.sticker.width)} x {_mm(placed.sticker.height)} mm"
        canvas.drawString(x + mm(4), y - mm(3.3), f"{text['covers']} «{label.source_text}» · {size}")
        y -= mm(8.5)
    if same:
        canvas.setFont(_font(art.fonts), 6)
        y -= mm(2)
        for n, chunk in enumerate(_wrap(text["same"].format(names=", ".join(same)), 52)):
            canvas.drawString(x, y - n * mm(3), chunk)
    footer(canvas, art.fonts, page.width, f"{title} · {text['guide']}", text["actual"])
    canvas.showPage()


def _wrap(line: str, width: int) -> list[str]:
    out: list[str] = []
    current = ""
    for word in line.split():
        if current and len(current) + 1 + len(word) > width:
            out.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    return [*out, current] if current else out


# --- token and standee sheets -------------------------------------------------------------


@dataclass(frozen=True)
class TokenSection:
    """Tokens of one size, sharing a sheet plan; each placement names its front and back forms."""

    title: str
    plan: SheetPlan
    placements: tuple[tuple[str, str | None], ...]
    duplex: str


def render_sheets(
    sections: Sequence[TokenSection],
    forms: Mapping[str, FaceForm],
    fonts: FontRegistry,
    language: str,
    title: str,
    progress: Callable[[], None],
) -> Document:
    """Token (or standee) sheets, imposed like card sheets, with the board's footer."""
    text = words(language)

    def board_footer(canvas: Canvas, page: Size, name: str) -> None:
        footer(canvas, fonts, page.width, f"{title} · {name}", text["actual"])

    imposed = [
        SheetSection(s.title, s.plan, tuple(Placement(front, back) for front, back in s.placements), s.duplex)
        for s in sections
    ]
    data, pages = render_imposed(imposed, forms, title, board_footer, progress=lambda _count: progress())
    return Document(data, pages)


def _mm(points: float) -> str:
    return f"{round(points / mm(1), 1):g}"
