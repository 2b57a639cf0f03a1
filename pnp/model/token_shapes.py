"""The shapes a token can take, as geometry: its bounding box, its outline, and the room inside it.

One place for what a shape is, so that the loader (the token's size), the renderer (its cut line
and its colour's bleed) and the fitting of its words (`pnp board` and `pnp check` alike) agree.
Face coordinates: origin at the bounding box's bottom-left corner, y up, as PDF draws.
"""

from __future__ import annotations

import math
from typing import Literal

from pnp import geometry

TokenShape = Literal["circle", "square", "hex", "flat-hex", "triangle", "rounded"]

HEX_RATIO = 2 / math.sqrt(3)  # a hex's corner-to-corner span, in flat-to-flat sides: 1.155
TRIANGLE_RATIO = math.sqrt(3) / 2  # an equilateral triangle's height, in sides: 0.866
_CIRCLE_CORNERS = 72  # a circle as the room for words is measured: within 0.1 % of the curve


def face_size(shape: str, size: float) -> tuple[float, float]:
    """(width, height) of the bounding box of a token whose `size` the docs define per shape."""
    if shape == "hex":  # pointy top: size is flat side to flat side, across
        return size, size * HEX_RATIO
    if shape == "flat-hex":  # flat top: size is flat side to flat side, up the sheet
        return size * HEX_RATIO, size
    if shape == "triangle":  # point up, one side along the bottom: size is a side
        return size, size * TRIANGLE_RATIO
    return size, size


def corners(shape: str, width: float, height: float, grow: float = 0.0) -> geometry.Polygon | None:
    """The outline of a polygonal token pushed `grow` outward (its bleed), anticlockwise from the
    first corner; None for a circle, a square and a rounded square, which are drawn as such."""
    cx, cy = width / 2, height / 2
    if shape in ("hex", "flat-hex"):
        radius = (height if shape == "hex" else width) / 2
        apothem = radius * math.sqrt(3) / 2
        start = 90 if shape == "hex" else 0  # a corner straight up, or straight right
        scale = (apothem + grow) / apothem  # growing a regular polygon's apothem scales it about the centre
        return tuple(
            (
                cx + scale * radius * math.cos(math.radians(start + 60 * i)),
                cy + scale * radius * math.sin(math.radians(start + 60 * i)),
            )
            for i in range(6)
        )
    if shape == "triangle":
        inradius = height / 3  # the centroid lies a third of the way up
        scale = (inradius + grow) / inradius
        centre_y = inradius
        points = ((0.0, 0.0), (width, 0.0), (cx, height))
        return tuple((cx + scale * (x - cx), centre_y + scale * (y - centre_y)) for x, y in points)
    return None


def reach(shape: str, width: float, height: float, grow: float) -> float:
    """How far past its bounding box the outline pushed `grow` outward reaches: at a triangle's or a
    hex's points further than `grow`, so the face's clip must leave room for the whole bleed."""
    polygon = corners(shape, width, height, grow)
    if polygon is None:
        return grow
    box = geometry.bounding_box(polygon)
    return max(grow, -box.x, -box.y, box.x + box.width - width, box.y + box.height - height)


def room(shape: str, width: float, height: float) -> geometry.Polygon:
    """The token's outline as a polygon, for measuring the room words have inside it."""
    polygon = corners(shape, width, height)
    if polygon is not None:
        return polygon
    if shape == "circle":
        return tuple(
            (
                width / 2 + width / 2 * math.cos(2 * math.pi * i / _CIRCLE_CORNERS),
                height / 2 + height / 2 * math.sin(2 * math.pi * i / _CIRCLE_CORNERS),
            )
            for i in range(_CIRCLE_CORNERS)
        )
    return geometry.rectangle(0.0, 0.0, width, height)


def text_box(
    shape: str, width: float, height: float, with_picture: bool, inset: float
) -> tuple[float, float, float, float]:
    """Where a face's words go (x, y, width, height in face coordinates): a band under the picture,
    or across the middle without one, as wide as the shape lets it be all the way up the band,
    less `inset` on each side. The band is the box's whole height, so words fitted to it stay
    inside the outline, never only inside the bounding box."""
    if shape == "triangle":  # the room is at the bottom: the band sits low, the picture above it
        bottom, top = (0.09, 0.34) if with_picture else (0.08, 0.4)
    else:
        bottom, top = (0.19, 0.38) if with_picture else (0.3, 0.7)
    y0, y1 = height * bottom, height * top
    left, right = geometry.inner_span(room(shape, width, height), y0, y1, width / 2)
    return left + inset, y0, max(0.0, right - left - 2 * inset), y1 - y0


def picture_box(shape: str, width: float, height: float) -> tuple[float, float, float, float]:
    """Where a face's icon or art goes: above the words, inside the outline."""
    if shape == "triangle":
        side = height * 0.3
        return width / 2 - side / 2, height * 0.38, side, side
    return width * 0.3, height * 0.41, width * 0.4, height * 0.4
