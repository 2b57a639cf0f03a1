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

from pnp.assets.fonts import FontRegistry
from pnp.assets.forms import end_form
from pnp.export.canvas import new_canvas, plain_font
from pnp.export.pdf import Form as FaceForm
from pnp.export.pdf import Placement, SheetSection
from pnp.export.pdf import render_sheets as render_imposed
from pnp.geometry import Box
from pnp.i18n import printed_n
from pnp.impose.packing import Placed, StickerSheets
from pnp.impose.sheet import SheetPlan
from pnp.impose.tiling import Tile, TilePlan, plan_page_map
from pnp.render.board import BoardArt, Label, draw_map, draw_sticker, fit_line, label_sticker, words
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
    plan: TilePlan,
    source: DrawSource,
    fonts: FontRegistry,
    language: str,
    title: str,
    progress: Callable[[], None],
    legend: str = "",
) -> Document:
    text = words(language)
    canvas, buffer = _canvas(title)
    canvas.beginForm("board", 0, 0, plan.board.width, plan.board.height)
    source(canvas)
    end_form(canvas)
    total = len(plan.tiles) + 1
    _page_map(canvas, plan, fonts, text, title, total, legend)
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
        _seams(canvas, plan, tile)
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


def _seams(canvas: Canvas, plan: TilePlan, tile: Tile) -> None:
    """Where the next page goes: in the bands this page shares with the pages below it and to its
    right, which lie over it once the map is joined, a dashed line where their cut edge lands
    and the round marks, all hidden under them.  The bands this page lays over its neighbours
    carry nothing: a mark there would stay visible on the finished map."""
    window = tile.window
    hidden = [
        Box(window.x, window.y + window.height - plan.overlap, window.width, plan.overlap),  # under the page below
        Box(window.x + window.width - plan.overlap, window.y, plan.overlap, window.height),  # under the right one
    ]
    covered = [
        tile.row + 1 < plan.rows,
        tile.column + 1 < plan.columns,
    ]
    on_top = Box(
        window.x + (plan.overlap if tile.column else 0.0),
        window.y + (plan.overlap if tile.row else 0.0),
        window.width,
        window.height,
    )
    canvas.saveState()
    canvas.setStrokeColor(HexColor("#555555"))
    canvas.setLineWidth(0.4)
    canvas.setDash(2, 2)
    for band, used in zip(hidden, covered, strict=True):
        if not used:
            continue
        if band.width < window.width:  # the right-hand band: its seam is upright
            start = tile.page_point((band.x, window.y), plan)
            end = tile.page_point((band.x, window.bottom), plan)
        else:
            start = tile.page_point((window.x, band.y), plan)
            end = tile.page_point((window.right, band.y), plan)
        canvas.line(*start, *end)
    canvas.restoreState()
    for mark in plan.marks:
        if window.contains(mark, 1e-6) and on_top.contains(mark, 1e-6):
            draw_mark(canvas, tile.page_point(mark, plan), mark_radius(plan.overlap))


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
    canvas: Canvas, plan: TilePlan, fonts: FontRegistry, text: dict[str, str], title: str, total: int, legend: str
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
    # a map on one page has no neighbour to cut for or to lay over: only the first step is true of it
    steps = ("step1", "step2", "step3") if len(plan.tiles) > 1 else ("step1",)
    for n, key in enumerate(steps):
        canvas.drawString(margin, page.height - margin - mm(16 + 4.5 * n), text[key])
    if legend:  # the pack's words on how this board meets another: pnp knows none of its own
        line = fit_line(canvas, legend, _font(fonts), 8, page.width - 2 * margin)
        canvas.drawString(margin, page.height - margin - mm(16 + 4.5 * len(steps)), line)
    # room on the left and above the map for the page names, outside it: a badge on the map would
    # cover what is printed there
    badge = mm(8)
    area = Box(margin + badge, mm(16), page.width - 2 * margin - badge, page.height - 2 * margin - mm(36) - badge)
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
    font = _font(fonts, "title")
    size = 12.0
    inset = plan.overlap * guide.scale  # name the part of each page no neighbour covers
    for tile, (label, cell) in zip(plan.tiles, guide.cells, strict=True):
        if tile.row == 0:  # the column's letters above the map, over the column
            letters = label.rstrip("0123456789")
            x = cell.x + (inset if tile.column else 0.0) + (cell.width - (inset if tile.column else 0.0)) / 2
            _haloed(canvas, letters, x, top + mm(2.5), font, size)
        if tile.column == 0:  # the row's number left of the map, beside the row
            number = label[len(label.rstrip("0123456789")) :]
            below = cell.y + cell.height - (inset if tile.row else 0.0)
            _haloed(canvas, number, left - mm(4.5), (cell.y + below) / 2 - size * 0.35, font, size)
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
    end_form(canvas)
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
            draw_sticker(canvas, label, label_sticker(label, margin), bleed)
            canvas.restoreState()
        number_font = _font(art.fonts, "label", bold=True)
        canvas.setFont(number_font, STICKER_NUMBER_SIZE)
        canvas.setFillColor(HexColor("#000000"))
        on_sheet = sheets.on_sheet(sheet)
        for placed in on_sheet:
            text_width = canvas.stringWidth(str(placed.sticker.number), number_font, STICKER_NUMBER_SIZE)
            x, y = sticker_number_at(placed, on_sheet, text_width, sheets.page)
            canvas.drawString(x, y, str(placed.sticker.number))
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


STICKER_NUMBER_SIZE = 7.0  # points: digits 1.8 mm tall, in the 3 mm gap between stickers
_DIGIT_HEIGHT = STICKER_NUMBER_SIZE * 0.75  # the digits' height above the baseline, with a little air


def sticker_number_at(placed: Placed, others: Sequence[Placed], width: float, page: Size) -> tuple[float, float]:
    """Where a sticker's number goes (its baseline's left end): beside the sticker, in the gap,
    on no sticker and on the paper, 5 mm or more from its edge; first choice above the top-left
    corner."""
    gap = mm(0.6)
    candidates = [
        (placed.x, placed.y + placed.height + gap),  # above, at the left
        (placed.x, placed.y - gap - _DIGIT_HEIGHT),  # below, at the left
        (placed.x - gap - width, placed.y + placed.height - _DIGIT_HEIGHT),  # left, at the top
        (placed.x + placed.width + gap, placed.y + placed.height - _DIGIT_HEIGHT),  # right, at the top
        (placed.x + placed.width - width, placed.y + placed.height + gap),  # above, at the right
        (placed.x + placed.width - width, placed.y - gap - _DIGIT_HEIGHT),  # below, at the right
    ]
    for x, y in candidates:
        box = (x, y - mm(0.3), x + width, y + _DIGIT_HEIGHT)
        on_paper = (
            box[0] >= mm(5) and box[1] >= mm(5) and box[2] <= page.width - mm(5) and box[3] <= page.height - mm(5)
        )
        if on_paper and not any(_covers(other, box) for other in others):
            return x, y
    return candidates[0]


def _covers(placed: Placed, box: tuple[float, float, float, float]) -> bool:
    return (
        placed.x < box[2]
        and box[0] < placed.x + placed.width
        and placed.y < box[3]
        and box[1] < placed.y + placed.height
    )


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
    stickers = len(sheets.placed)
    line = text["guide_line"].format(
        stickers=printed_n(art.language, "{count} sticker", "{count} stickers", stickers).format(count=stickers),
        sheets=printed_n(art.language, "{count} sheet", "{count} sheets", sheets.sheets).format(count=sheets.sheets),
        percent=f"{sheets.efficiency * 100:.0f}",
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
        # the badge beside the label's top-left corner, not on it: it must not hide the words it numbers
        bx, by = left + min(xs) * scale - mm(2), top - min(ys) * scale + mm(2)
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

    def blank_back(canvas: Canvas, page: Size, name: str) -> None:
        footer(canvas, fonts, page.width, f"{text['blank_back']} · {title} · {name}", text["actual"])

    imposed = [
        SheetSection(s.title, s.plan, tuple(Placement(front, back) for front, back in s.placements), s.duplex, language)
        for s in sections
    ]
    data, pages = render_imposed(
        imposed, forms, title, board_footer, progress=lambda _count: progress(), blank_back=blank_back
    )
    return Document(data, pages)


def _mm(points: float) -> str:
    return f"{round(points / mm(1), 1):g}"
