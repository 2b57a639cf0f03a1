"""Your scan under the translated text: the panels that cover a scan's text regions.

A card with a `scan` is drawn with the family's `scan` layout: its `scan` element
places the scan over the whole face, and its `panels` element becomes, for each
text region of the card's type ([[card_type.region]], moved by the card's
`nudge`), a filled panel and a text element on it carrying the translated text
of the region's field.  They are ordinary rounded-rect and text elements, so the
fitting, the legibility floor, icons, hyphenation and every check treat them as
any text box, and `pnp check` and `pnp build` see the same panels.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image

from pnp.i18n import P_, printed
from pnp.layout.schema import Element
from pnp.model import Card, PackData
from pnp.model.regions import TextRegion
from pnp.units import mm

# A `sample` fill is the median colour of the scan in a ring just inside the region's edge: a region is
# measured round its text with a little room, so the ring holds the band or box the text is printed on.
# (A ring outside would take the card's colour round a band measured to its edges, like a type line.)
RING_MM = 1.0
DEFAULT_FILL = "sample"  # a panel with no fill blends in with the card around it
SAMPLE_FALLBACK = "#ffffff"  # a sampled fill where the scan cannot be read (the scan's own finding says why)
BORDER_WIDTH = 0.5  # pt


@dataclass(frozen=True)
class Style:
    """How the text of one kind of region is set: the largest size, font role, lines and alignment."""

    font: str
    size: float
    max_lines: int
    align: str
    italic: bool = False


# per field: a title on at most two lines, a type line on one, rules and flavour as body text
FIELD_STYLES = {
    "title": Style("title", 12, 2, "center"),
    "subtitle": Style("label", 9, 1, "center"),
    "type": Style("label", 8, 1, "center"),
    "text": Style("body", 9, 0, "left"),
    "flavour": Style("body", 8, 0, "left", italic=True),
}


@dataclass(frozen=True)
class PlacedRegion:
    """A region as one card has it: in mm from the card's top-left corner, its fill decided."""

    id: str
    field: str
    x: float
    y: float
    width: float
    height: float
    fill: str  # "#rrggbb" or "sample"
    radius: float  # mm
    border: str | None

    def box(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.width, self.height)


def card_regions(pack: PackData, card: Card) -> list[PlacedRegion]:
    """The card type's regions with the card's nudges applied; hidden ones left out."""
    card_type = next((t for t in pack.pack.card_type if t.id == card.type), None)
    regions = []
    for region in card_type.region if card_type else []:
        placed = _placed(region)
        nudge = card.nudge.get(region.id)
        if nudge is not None:
            if nudge.hide:
                continue
            dx, dy, dw, dh = nudge.offsets_mm()
            placed = PlacedRegion(
                placed.id,
                placed.field,
                placed.x + dx,
                placed.y + dy,
                placed.width + dw,
                placed.height + dh,
                nudge.fill or placed.fill,
                placed.radius,
                placed.border,
            )
        regions.append(placed)
    return regions


def _placed(region: TextRegion) -> PlacedRegion:
    x, y, width, height = region.box_mm()
    radius = 0.0
    if region.radius is not None:
        from pnp.units import parse_length

        radius = parse_length(region.radius) / mm(1)
    fill = region.fill or DEFAULT_FILL
    return PlacedRegion(region.id, region.field, x, y, width, height, fill, radius, region.border)


def panel_context(
    pack: PackData, card: Card, texts: dict[str, Any], scale: tuple[float, float] = (1.0, 1.0)
) -> list[dict[str, Any]]:
    """What the `panels` element draws for this card, as plain data in the card's context:
    each region with its text in the build's language and its fill as a colour.

    `scale` takes the regions, measured on the deck's cards, to the size drawn (--card-size)."""
    found = []
    scan = (pack.root / card.scan).resolve() if card.scan else None
    for region in card_regions(pack, card):
        text = str(texts.get("type_name" if region.field == "type" else region.field) or "")
        fill = region.fill
        if fill == "sample":
            fill = sampled_colour(scan, region.box(), card_mm(pack, card)) if scan else SAMPLE_FALLBACK
        sx, sy = scale
        found.append(
            {
                "id": region.id,
                "field": region.field,
                "x": region.x * sx,
                "y": region.y * sy,
                "width": region.width * sx,
                "height": region.height * sy,
                "fill": fill,
                "radius": region.radius * min(sx, sy),
                "border": region.border,
                "text": text,
            }
        )
    return found


def card_mm(pack: PackData, card: Card) -> tuple[float, float]:
    """The card's trim size in mm, in its deck's orientation."""
    from pnp.units import parse_card_size

    deck = pack.deck_of(card.id)
    if deck is None:
        return (63.5, 88.9)
    size = parse_card_size(deck.deck.card_size)
    size = size.landscape() if deck.deck.orientation == "landscape" else size.portrait()
    return (size.width / mm(1), size.height / mm(1))


def sampled_colour(path: Path, box: tuple[float, float, float, float], card: tuple[float, float]) -> str:
    """The median colour of the scan in a ring round the region, so that the panel blends in."""
    try:
        stamp = path.stat()
    except OSError:
        return SAMPLE_FALLBACK
    return _sampled(str(path), stamp.st_size, stamp.st_mtime_ns, box, card)


@lru_cache(maxsize=1024)
def _sampled(
    path: str, _size: int, _mtime: int, box: tuple[float, float, float, float], card: tuple[float, float]
) -> str:
    image = _small_scan(path, _size, _mtime)
    if image is None:
        return SAMPLE_FALLBACK
    # PIL's drawing and statistics only where a scan is sampled: most layouts have no scan
    from PIL import ImageDraw, ImageStat

    per_x, per_y = image.width / card[0], image.height / card[1]
    x, y, width, height = box
    ring = min(RING_MM, width / 4, height / 4)
    outer = (
        max(0, round(x * per_x)),
        max(0, round(y * per_y)),
        min(image.width, round((x + width) * per_x)),
        min(image.height, round((y + height) * per_y)),
    )
    inner = (
        round((x + ring) * per_x),
        round((y + ring) * per_y),
        round((x + width - ring) * per_x) - 1,
        round((y + height - ring) * per_y) - 1,
    )
    mask = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(mask)
    draw.rectangle((outer[0], outer[1], outer[2] - 1, outer[3] - 1), fill=255)
    draw.rectangle(inner, fill=0)
    if mask.getbbox() is None:  # a region too small to sample at this resolution
        return SAMPLE_FALLBACK
    red, green, blue = (round(v) for v in ImageStat.Stat(image, mask).median[:3])
    return f"#{red:02x}{green:02x}{blue:02x}"


@lru_cache(maxsize=64)
def _small_scan(path: str, _size: int, _mtime: int) -> Image.Image | None:
    """The scan at about 50 dpi, in RGB: enough for a median, and quick to read again."""
    from pnp.images import image_problem

    if image_problem(Path(path)) is not None:
        return None
    try:
        with Image.open(path) as probe:
            probe.draft("RGB", (probe.width // 6, probe.height // 6))  # a JPEG decodes at a fraction
            image = probe.convert("RGB")
    except Exception:  # the loader reports an unreadable scan at its card
        return None
    image.thumbnail((max(1, image.width // 6), max(1, image.height // 6)))
    return image


def text_colour(fill: str) -> str:
    """Black on a light panel, white on a dark one."""
    red, green, blue = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * red + 0.587 * green + 0.114 * blue >= 128 else "#ffffff"


def panel_elements(panel: dict[str, Any], values: Element) -> list[tuple[str, str, dict[str, Any]]]:
    """(name, kind, props in points) of the panel of one region and the text on it.

    `values` are the `panels` element's own evaluated fields: its text `color`, `padding`,
    `size` (the rules text's largest size; the other fields keep their proportion to it)."""
    style = FIELD_STYLES[panel["field"]]
    x, y, width, height = (mm(panel[k]) for k in ("x", "y", "width", "height"))
    shape: dict[str, Any] = {"x": x, "y": y, "width": width, "height": height, "fill": panel["fill"]}
    shape["radius"] = mm(panel["radius"])
    if panel["border"]:
        shape.update(stroke=panel["border"], stroke_width=BORDER_WIDTH)
    elements: list[tuple[str, str, dict[str, Any]]] = [(f"panel-{panel['id']}", "rounded-rect", shape)]
    text = panel["text"].strip()
    if not text:
        return elements
    if style.italic and "*" not in text:
        text = "\n\n".join(f"*{part.strip()}*" for part in text.split("\n\n") if part.strip())
    padding = min(values.padding, width / 4, height / 4)
    size = style.size * values.size / 9.0
    props: dict[str, Any] = {
        "x": x + padding,
        "y": y + padding,
        "width": width - 2 * padding,
        "height": height - 2 * padding,
        "text": text,
        "font": style.font,
        "size": size,
        "min_size": min(size, 6.0),
        "align": style.align,
        "valign": "middle",
        "color": values.color or text_colour(panel["fill"]),
        "hyphenate": style.font == "body",
    }
    if style.max_lines:
        props["max_lines"] = style.max_lines
    elements.append((f"panel-{panel['id']}-text", "text", props))
    return elements


# the region's field as a sticker's label names it, printed in the stickers' language (sheets.po)
REGION_WORDS = {
    "title": P_("title"),
    "subtitle": P_("subtitle"),
    "type": P_("type line"),
    "text": P_("rules text"),
    "flavour": P_("flavour text"),
}


def region_word(field: str, lang: str) -> str:
    """The region's field as a person names it, for sticker labels, in the printed language `lang`."""
    return printed(lang, REGION_WORDS[field])
