"""Drawing a board: pnp's schematic map, label text fitted to its region, stickers.

The map is pnp's own drawing (no copied art): sectors outlined in their
region's colour, Reaver Space hatched with its permanent alert, asteroids in
the Uroboros sectors, a disc for each planetary sector, and every label in the
build's language.  The caller wraps `draw_map` in a PDF form, so the map is
drawn once however many pages show a part of it.

Board data is written from the top-left corner with y down; here the map is
drawn with the board's bottom-left corner at (0, 0) and y up, as PDF draws.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from pnp import geometry
from pnp.assets.fonts import FontRegistry
from pnp.errors import Finding, error, warning
from pnp.i18n import P_, _, printed
from pnp.layout.templates import IconFile
from pnp.model import LoadedBoard, Region
from pnp.render.icons import draw_icon
from pnp.render.label_shape import StickerShape, label_polygon, sticker_shape, text_boxes
from pnp.render.text import FittedText, TextBox, fit_text
from pnp.render.typeset import draw_text
from pnp.units import mm

PAPER = "#f6f3ea"
NEUTRAL = "#6d6a63"
LABEL_ROLE = "title"
LABEL_MIN_SIZE = 6.0  # points: the floor of every word pnp prints; smaller is unreadable across the table
PLANET_COLOURS = ("#5d8aa8", "#b5835a", "#7a9e7e", "#a86b8f", "#c2a34f", "#6f7fb3")

# Words pnp itself prints on the sheets (not pack data), in English; printed() gives them in the card language.
WORDS: dict[str, str] = {
    # words for the players only: what the pack's author should do is said by pnp check, never on paper
    # the whole map is pnp's drawing, not the printed one: its sectors and their adjacency, not only where they sit
    "schematic": P_(
        "pnp's schematic: its sectors, their adjacency and positions are pnp's drawing, not the printed map."
    ),
    "assembly": P_("How to put the map together"),
    "pages": P_("{columns} x {rows} pages, {overlap} mm overlap; full size {width} x {height} mm"),
    "step1": P_("1. Print every page at 100 % (actual size): the bar at the foot of each page must measure 50 mm."),
    "step2": P_("2. On each page with a neighbour to its left or above, cut off the white margin along the thin line."),
    "step3": P_(
        "3. Lay that edge on the neighbour's dashed line, over its round marks, sides in line; tape it from behind."
    ),
    "left": P_("left"),
    "right": P_("right"),
    "above": P_("above"),
    "below": P_("below"),
    "page": P_("page {number} of {total}"),
    "actual": P_("print at 100 %: the bar measures 50 mm"),
    "guide": P_("Where each sticker goes"),
    "guide_line": P_("{stickers} on {sheets}; printable area used: {percent} %. Cut along the thin lines."),
    "same": P_("Read the same in this language (no sticker): {names}"),
    "covers": P_("covers"),
    "sheet": P_("Stickers · sheet {number} of {total} · cut along the thin lines"),
    "tokens": P_("Tokens"),
    "blank_back": P_("Blank back: these tokens are one-sided"),
    "standees": P_("Standees · cut along the solid line, fold along the dashed ones"),
    "base": P_("base"),
}


def words(language: str) -> dict[str, str]:
    return {key: printed(language, message) for key, message in WORDS.items()}


@dataclass(frozen=True)
class Label:
    """A label region's text in the build's language, fitted once and drawn on the map, its sticker and the guide."""

    region: Region
    text: str
    source_text: str
    frame: tuple[float, float, float, float]  # unrotated box, board coordinates
    fitted: FittedText
    padding: float
    box: tuple[float, float, float, float]  # where the words go: x, y, width, height from the frame's bottom-left
    polygon: geometry.Polygon | None = None  # a polygon label's corners upright, frame coordinates (label_shape)

    @property
    def needs_sticker(self) -> bool:
        return self.text.strip() != self.source_text.strip()


@dataclass
class BoardArt:
    """What drawing a board needs: the loaded board, the language, the fonts, the fitted labels."""

    board: LoadedBoard
    language: str
    source_language: str
    fonts: FontRegistry
    labels: dict[str, Label] = field(default_factory=dict)
    icons: Mapping[str, IconFile] = field(default_factory=dict)  # the pack's icon drawings


def _colour(value: str | None, default: str) -> Color:
    return HexColor(value or default)


def fit_label_text(
    text: str, width: float, height: float, fonts: FontRegistry, language: str, color: str = "#000000"
) -> FittedText:
    role = fonts.role(LABEL_ROLE) or next(iter(fonts.roles.values()))
    size = max(LABEL_MIN_SIZE, min(height / 1.2, 48.0))
    return fit_text(
        TextBox(
            text,
            role,
            width,
            height,
            size,
            LABEL_MIN_SIZE,
            leading=1.1,
            align="center",
            color=color,
            language=language,
            hyphenate=False,
        )
    )


def label_padding(width: float, height: float) -> float:
    return min(mm(0.8), 0.12 * min(width, height))


def fit_labels(art: BoardArt, shown: str) -> list[Finding]:
    """Fit every label's text into its region; text that does not fit is a finding, never clipped silently.
    `shown` is board.toml as findings name it."""
    findings: list[Finding] = []
    board = art.board
    role = art.fonts.role(LABEL_ROLE)
    for region in board.board.region:
        if region.kind != "label" or region.id not in board.frames:
            continue
        text = region.name.get(art.language) or region.name.get(art.source_language, "")
        source_text = region.name.get(art.source_language, "")
        x, y, width, height = board.frames[region.id]
        pad = label_padding(width, height)
        polygon = label_polygon(board, region.id)
        # inside the polygon, not its bounding box: of the bands it offers, the one that sets the words largest
        tries = [
            (fit_label_text(text, w, h, art.fonts, art.language, region.ink or "#000000"), (bx, by, w, h))
            for bx, by, w, h in text_boxes(polygon, width, height, pad)
        ]
        fitted, box = max(tries, key=lambda tried: (tried[0].fits, tried[0].fits and tried[0].size))
        art.labels[region.id] = Label(region, text, source_text, (x, y, width, height), fitted, pad, box, polygon)
        where = {"line": board.lines.get(region.id), "field": f"region.{region.id}.name.{art.language}"}
        if not fitted.fits:
            findings.append(
                error(
                    "board/text-overflow",
                    shown,
                    _(
                        'label "{id}": "{text}" does not fit its {width} x {height} mm region, '
                        "even at {LABEL_MIN_SIZE:g} pt"
                    ).format(
                        id=region.id, text=text, width=_mm(width), height=_mm(height), LABEL_MIN_SIZE=LABEL_MIN_SIZE
                    ),
                    **where,
                    hint=_("shorten the translation, or measure the region again: the sticker may be larger"),
                )
            )
        missing = art.fonts.missing(role.name() if role else "", text)
        if missing:
            findings.append(
                warning(
                    "render/missing-glyph",
                    shown,
                    _("the label font has no glyph for {value}").format(value=", ".join(repr(ch) for ch in missing)),
                    **where,
                    hint=_("use another character"),
                )
            )
    findings += _legend_overflow(art, shown)
    return findings


# --- the map ---------------------------------------------------------------------


def _pdf_points(art: BoardArt, points: Sequence[geometry.Point]) -> list[geometry.Point]:
    height = art.board.height
    return [(x, height - y) for x, y in points]


def _path(canvas: Canvas, points: Sequence[geometry.Point]):
    path = canvas.beginPath()
    first, *rest = points
    path.moveTo(*first)
    for point in rest:
        path.lineTo(*point)
    path.close()
    return path


def tint(colour: str, amount: float, paper: str = PAPER) -> Color:
    """`colour` laid thinly on `paper`: flat colours print the same everywhere, transparency does not."""
    ink, base = HexColor(colour), HexColor(paper)
    return Color(*(b + (i - b) * amount for i, b in zip(ink.rgb(), base.rgb(), strict=True)))


def draw_map(canvas: Canvas, art: BoardArt, title: str) -> None:
    board = art.board
    canvas.saveState()
    canvas.setFillColor(_colour(board.board.color, PAPER))
    canvas.rect(0, 0, board.width, board.height, stroke=0, fill=1)
    regions = {r.id: r for r in board.board.region}
    for region in board.board.region:
        corners = board.shapes.get(region.id, ())
        if region.kind == "region" and len(corners) >= 3:
            canvas.setFillColor(tint(region.color or NEUTRAL, 0.09, board.board.color or PAPER))
            canvas.drawPath(_path(canvas, _pdf_points(art, corners)), stroke=0, fill=1)
    for region in board.board.region:
        if region.kind == "sector" and len(board.shapes.get(region.id, ())) >= 3:
            _sector(canvas, art, region, regions)
    for region in board.board.region:
        if region.kind == "sector" and len(board.shapes.get(region.id, ())) >= 3:
            outline = region.color or (regions[region.within].color if region.within in regions else None)
            canvas.setStrokeColor(_colour(outline, NEUTRAL))
            canvas.setLineWidth(1.6)
            canvas.setLineJoin(1)
            canvas.drawPath(_path(canvas, _pdf_points(art, board.shapes[region.id])), stroke=1, fill=0)
    _routes(canvas, art)
    for label in art.labels.values():
        draw_label(canvas, art, label)
    _title(canvas, art, title)
    canvas.setStrokeColor(HexColor("#3a3833"))
    canvas.setLineWidth(0.8)
    canvas.rect(0, 0, board.width, board.height, stroke=1, fill=0)
    canvas.restoreState()


ROUTE_INK = "#2f5d7c"


def route_line(board: LoadedBoard, first: str, second: str, via: Sequence[geometry.Point]) -> list[geometry.Point]:
    """A route's line in board coordinates: from the edge of one sector, through its bend points,
    to the edge of the other, so that it crosses the water between them and neither sector."""
    a, b = board.shapes.get(first, ()), board.shapes.get(second, ())
    if len(a) < 3 or len(b) < 3:
        return []
    start, end = geometry.centroid(a), geometry.centroid(b)
    points = [start, *via, end]
    points[0] = geometry.exit_point(a, start, points[1])
    points[-1] = geometry.exit_point(b, end, points[-2])
    return points


def _routes(canvas: Canvas, art: BoardArt) -> None:
    """Each declared route as a dashed line with a dot at each end, where it leaves a sector."""
    canvas.saveState()
    canvas.setStrokeColor(HexColor(ROUTE_INK))
    canvas.setFillColor(HexColor(ROUTE_INK))
    canvas.setLineWidth(1.4)
    canvas.setLineCap(1)
    for first, second, via in art.board.routes:
        points = _pdf_points(art, route_line(art.board, first, second, via))
        if len(points) < 2:
            continue
        canvas.setDash(5, 3)
        path = canvas.beginPath()
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.setDash()
        for x, y in (points[0], points[-1]):
            canvas.circle(x, y, mm(1.1), stroke=0, fill=1)
    canvas.restoreState()


def printed_boxes(art: BoardArt) -> tuple[geometry.Box, ...]:
    """Boxes (board coordinates, y down) of what draw_map prints besides plain fills and outlines:
    planets, Reaver icons, labels and the title, which alignment marks must not cover."""
    board = art.board
    boxes = [geometry.Box(mm(5), 0.0, min(board.width, mm(120)), mm(19))]  # the title and its two lines
    for region in board.board.region:
        corners = board.shapes.get(region.id, ())
        if len(corners) < 3:
            continue
        if region.kind == "label":
            boxes.append(geometry.bounding_box(corners))
            continue
        if region.kind != "sector":
            continue
        bounds = geometry.bounding_box(corners)
        cx, cy = geometry.centroid(corners)
        side = min(bounds.width, bounds.height)
        reach = max(
            min(mm(7), side * 0.13) if "planetary" in region.flags else 0.0,
            min(mm(12), side * 0.22) / 2 if "reaver-space" in region.flags else 0.0,
        )
        if reach:
            boxes.append(geometry.Box(cx - reach, cy - reach, 2 * reach, 2 * reach))
    return tuple(boxes)


def _sector(canvas: Canvas, art: BoardArt, region: Region, regions: dict[str, Region]) -> None:
    board = art.board
    corners = board.shapes[region.id]
    pdf = _pdf_points(art, corners)
    box = geometry.bounding_box(pdf)
    cx, cy = geometry.centroid(pdf)
    canvas.saveState()
    canvas.clipPath(_path(canvas, pdf), stroke=0, fill=0)
    if "reaver-space" in region.flags:
        canvas.setStrokeColor(tint("#c62828", 0.3, art.board.board.color or PAPER))
        canvas.setLineWidth(1.2)
        step = mm(4)
        offset = -box.height
        while offset < box.width:
            canvas.line(box.x + offset, box.y, box.x + offset + box.height, box.y + box.height)
            offset += step
    if "uroboros" in region.flags:
        _asteroids(canvas, region.id, pdf, box)
    canvas.restoreState()
    side = min(box.width, box.height)
    if "planetary" in region.flags:
        radius = min(mm(7), side * 0.13)
        tint_colour = PLANET_COLOURS[int(hashlib.sha256(region.id.encode()).hexdigest(), 16) % len(PLANET_COLOURS)]
        canvas.setFillColor(HexColor(tint_colour))
        canvas.setStrokeColor(HexColor("#3a3833"))
        canvas.setLineWidth(0.6)
        canvas.circle(cx, cy, radius, stroke=1, fill=1)
        canvas.setFillColor(tint("#ffffff", 0.35, tint_colour))
        canvas.circle(cx - radius * 0.35, cy + radius * 0.35, radius * 0.35, stroke=0, fill=1)
    if "reaver-space" in region.flags:
        icon = min(mm(12), side * 0.22)
        draw_icon(canvas, art.icons.get("reaver-alert"), cx - icon / 2, cy - icon / 2, icon, icon)


def _asteroids(canvas: Canvas, seed: str, pdf: Sequence[geometry.Point], box: geometry.Box) -> None:
    """Rocks scattered the same way on every build: the generator is seeded with the sector's id."""
    rng = random.Random(int(hashlib.sha256(seed.encode()).hexdigest(), 16))
    canvas.setFillColor(HexColor("#8d8a83"))
    canvas.setStrokeColor(HexColor("#5f5c56"))
    canvas.setLineWidth(0.3)
    placed = 0
    for _attempt in range(200):
        if placed >= 16:
            break
        x, y = box.x + rng.random() * box.width, box.y + rng.random() * box.height
        if not geometry.contains(pdf, (x, y)):
            continue
        radius = mm(0.5 + rng.random() * 1.3)
        canvas.circle(x, y, radius, stroke=1, fill=1)
        placed += 1


def draw_label(canvas: Canvas, art: BoardArt, label: Label) -> None:
    """A label on the map: its plate and its text, turned as the region is."""
    x, y, width, height = label.frame
    centre_x, centre_y = x + width / 2, art.board.height - (y + height / 2)
    canvas.saveState()
    canvas.translate(centre_x, centre_y)
    canvas.rotate(-label.region.rotation)  # the data turns clockwise; PDF turns anticlockwise
    if label.region.polygon is not None:
        corners = art.board.shapes[label.region.id]
        unturned = geometry.rotate(corners, -label.region.rotation, (x + width / 2, y + height / 2))
        local = [(px - (x + width / 2), (y + height / 2) - py) for px, py in unturned]
        canvas.setFillColor(_colour(label.region.color, "#ffffff"))
        canvas.drawPath(_path(canvas, local), stroke=0, fill=1)
    elif label.region.color:
        canvas.setFillColor(HexColor(label.region.color))
        canvas.rect(-width / 2, -height / 2, width, height, stroke=0, fill=1)
    draw_fitted(canvas, label, -width / 2, -height / 2)
    canvas.restoreState()


def draw_fitted(canvas: Canvas, label: Label, x: float, y: float) -> None:
    """The label's fitted paragraphs, centred in its text box, the frame's bottom-left at (x, y)."""
    _, _, width, height = label.frame
    box_x, box_y, _box_width, box_height = label.box
    used = min(label.fitted.height, box_height)
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(x, y, width, height)
    canvas.clipPath(clip, stroke=0, fill=0)
    draw_text(canvas, label.fitted, x + box_x, y + box_y + (box_height + used) / 2, {})
    canvas.restoreState()


def _title(canvas: Canvas, art: BoardArt, title: str) -> None:
    text = words(art.language)
    role = art.fonts.role(LABEL_ROLE)
    body = art.fonts.role("body") or role
    top = art.board.height
    canvas.setFillColor(HexColor("#3a3833"))
    if role is not None:
        canvas.setFont(role.name(), 15)
        canvas.drawString(mm(7), top - mm(9), title)
    if body is not None:
        canvas.setFont(body.name(), LEGEND_SIZE)
        canvas.drawString(mm(7), top - mm(14), text["schematic"])
        legend = board_legend(art)
        if legend:  # the pack's own words: pnp knows nothing of the board beyond this one
            line = fit_line(canvas, legend, body.name(), LEGEND_SIZE, legend_room(art))
            canvas.drawString(mm(7), top - mm(17.5), line)


LEGEND_SIZE = 6.5  # points, as the line under the map's title


def legend_room(art: BoardArt) -> float:
    """How wide the legend's line under the map's title may run."""
    return min(art.board.width, mm(120)) - mm(12)


def _legend_overflow(art: BoardArt, shown: str) -> list[Finding]:
    """A legend longer than its line is a finding: the map never prints it cut short."""
    legend = board_legend(art)
    body = art.fonts.role("body") or art.fonts.role(LABEL_ROLE)
    if not legend or body is None:
        return []
    width = stringWidth(legend, body.name(), LEGEND_SIZE)
    if width <= legend_room(art):
        return []
    return [
        error(
            "board/text-overflow",
            shown,
            _(
                "the board's legend is {width} mm long at {size:g} pt; the line under the map's title holds {room} mm"
            ).format(width=_mm(width), size=LEGEND_SIZE, room=_mm(legend_room(art))),
            field=f"legend.{art.language}",
            hint=_("shorten it to one sentence"),
        )
    ]


def board_legend(art: BoardArt) -> str:
    """The board's legend (board.toml `legend`) in the build's language, else in the source language."""
    legend = art.board.board.legend
    return (legend.get(art.language) or legend.get(art.source_language, "")).strip()


def fit_line(canvas: Canvas, text: str, font: str, size: float, width: float) -> str:
    """`text` cut with an ellipsis to `width`: one line that never runs past its room."""
    if canvas.stringWidth(text, font, size) <= width:
        return text
    while text and canvas.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


# --- stickers -------------------------------------------------------------------------


def label_sticker(label: Label, margin: float) -> StickerShape:
    """The sticker a label gets: the same shape for packing it, drawing it and its guide."""
    _x, _y, width, height = label.frame
    return sticker_shape(label.polygon, width, height, margin)


def draw_sticker(canvas: Canvas, label: Label, shape: StickerShape, bleed: float) -> None:
    """One sticker with its bounding box's bottom-left at (0, 0): the background up to `bleed`
    beyond the cut, the fitted text over the region's part, the cut line (the label's polygon
    grown by the margin, or its rectangle)."""
    canvas.saveState()
    canvas.setFillColor(_colour(label.region.color, "#ffffff"))
    if shape.outline is None:
        canvas.rect(-bleed, -bleed, shape.width + 2 * bleed, shape.height + 2 * bleed, stroke=0, fill=1)
    else:
        canvas.drawPath(_path(canvas, geometry.grow(shape.outline, bleed)), stroke=0, fill=1)
    draw_fitted(canvas, label, shape.frame_x, shape.frame_y)
    canvas.setStrokeColor(HexColor("#9e9e9e"))
    canvas.setLineWidth(0.4)
    if shape.outline is None:
        canvas.rect(0, 0, shape.width, shape.height, stroke=1, fill=0)
    else:
        canvas.drawPath(_path(canvas, shape.outline), stroke=1, fill=0)
    canvas.restoreState()


def _mm(points: float) -> str:
    return f"{round(points / mm(1), 1):g}"
