"""A label region's shape as its sticker follows it: the polygon, the cut line around it, the room
its words have inside it.

A polygon label (a hexagonal island's name plate) gets a sticker of its own shape, cut `margin`
outside the polygon all round, never its bounding rectangle; its words are fitted inside the
polygon.  Coordinates are the label's frame (its unturned bounding box): origin at the frame's
bottom-left corner, y up, as PDF draws.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp import geometry
from pnp.model import LoadedBoard

# Bands tried for a polygon label's words, as fractions of its inner height, tallest first: a
# squat hexagon holds one long line in a low band, a tall one two lines in a high band.
_BANDS = (1.0, 0.8, 0.62, 0.46, 0.32)


@dataclass(frozen=True)
class StickerShape:
    """A sticker's cut line and size, and where its label's frame lies on it."""

    width: float
    height: float
    frame_x: float  # the frame's bottom-left corner, from the sticker's bottom-left
    frame_y: float
    outline: geometry.Polygon | None  # the cut line in sticker coordinates; None: the rectangle


def label_polygon(board: LoadedBoard, region_id: str) -> geometry.Polygon | None:
    """A polygon label's corners in frame coordinates, turned back upright; None for a rect label."""
    region = board.region(region_id)
    if region is None or region.polygon is None or region_id not in board.shapes:
        return None
    x, y, width, height = board.frames[region_id]
    upright = geometry.rotate(board.shapes[region_id], -region.rotation, (x + width / 2, y + height / 2))
    return tuple((px - x, (y + height) - py) for px, py in upright)


def text_boxes(
    polygon: geometry.Polygon | None, width: float, height: float, pad: float
) -> list[tuple[float, float, float, float]]:
    """Boxes (x, y, width, height in frame coordinates) the label's words may fill, each inside the
    shape with `pad` to spare; a rectangle's is its frame less the padding."""
    inner_width, inner_height = width - 2 * pad, height - 2 * pad
    if polygon is None:
        return [(pad, pad, inner_width, inner_height)]
    boxes = []
    for band in _BANDS:
        tall = inner_height * band
        bottom = height / 2 - tall / 2
        left, right = geometry.inner_span(polygon, bottom, bottom + tall, width / 2)
        if right - left > 2 * pad:
            boxes.append((left + pad, bottom, right - left - 2 * pad, tall))
    return boxes or [(pad, pad, inner_width, inner_height)]


def sticker_shape(polygon: geometry.Polygon | None, width: float, height: float, margin: float) -> StickerShape:
    """The sticker of a label `width` x `height`: its frame plus `margin` all round, or for a polygon
    the polygon grown by `margin` (its corners reach a little further than the margin)."""
    if polygon is None:
        return StickerShape(width + 2 * margin, height + 2 * margin, margin, margin, None)
    cut = geometry.grow(polygon, margin)
    box = geometry.bounding_box(cut)
    outline = tuple((px - box.x, py - box.y) for px, py in cut)
    return StickerShape(box.width, box.height, -box.x, -box.y, outline)
