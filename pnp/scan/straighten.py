"""Turning a found card straight, cropped at its edge, at the card's size and 300 dpi.

One perspective transform from the card's four corners to the upright card
does it all at once: the turn (deskew), the crop and the resampling, and, for a
photo taken at a slant, the perspective too.  A page scanned at more than
300 dpi is first reduced by area averaging, which a transform's interpolation
does not do (fine print would shimmer).
"""

from __future__ import annotations

import cv2
import numpy as np

from pnp.scan import MM_PER_INCH, OUTPUT_DPI
from pnp.scan.find import Point


def output_pixels(size_mm: tuple[float, float], dpi: int = OUTPUT_DPI) -> tuple[int, int]:
    """The image size of a card of this size at this resolution, in whole pixels."""
    return (round(size_mm[0] / MM_PER_INCH * dpi), round(size_mm[1] / MM_PER_INCH * dpi))


def straighten(
    pixels: np.ndarray,
    corners: tuple[Point, Point, Point, Point],
    size_mm: tuple[float, float],
    page_dpi: float,
    quarter_turns: int = 0,
) -> np.ndarray:
    """The card's face upright, width x height = its size in mm at 300 dpi (RGB uint8).

    `quarter_turns` turns the face clockwise that many times first: a portrait card lying on its side."""
    # the card's part of the page only, a few pixels round it: the rest need not be resampled
    xs, ys = [x for x, _y in corners], [y for _x, y in corners]
    left, top = max(0, int(min(xs)) - 4), max(0, int(min(ys)) - 4)
    right, bottom = min(pixels.shape[1], int(max(xs)) + 5), min(pixels.shape[0], int(max(ys)) + 5)
    pixels = pixels[top:bottom, left:right]
    corners = tuple((x - left, y - top) for x, y in corners)  # type: ignore[assignment]
    scale = 1.0
    if page_dpi > OUTPUT_DPI * 1.25:
        scale = OUTPUT_DPI / page_dpi
        pixels = cv2.resize(pixels, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    ordered = list(corners)
    for _turn in range(quarter_turns % 4):
        ordered = ordered[-1:] + ordered[:-1]  # the card's top-left is now what was its bottom-left
    width, height = output_pixels(size_mm)
    # Pixel centres: the card's edge lies half a pixel outside the first and last rows of the result; it is
    # put half a pixel further out (0.04 mm), so that the antialiased edge of the paper around the card never
    # shows as a light hairline along the image's edge (a layout extending the edge into the bleed would
    # make it a white band).
    source = np.array([((x + 0.5) * scale - 0.5, (y + 0.5) * scale - 0.5) for x, y in ordered], dtype=np.float32)
    target = np.array([(-1.0, -1.0), (width, -1.0), (width, height), (-1.0, height)], dtype=np.float32)
    transform = cv2.getPerspectiveTransform(source, target)
    return cv2.warpPerspective(
        pixels, transform, (width, height), flags=cv2.INTER_CUBIC, borderMode=cv2.BORDER_REPLICATE
    )
