"""Finding the card-shaped things on a page, and measuring each one's four corners.

A flatbed scan is cards on the white or near-white lid; a photo is cards on a
table.  What differs from the page's background colour, measured on the page's
border, is foreground; each connected piece of it, holes filled, is a blob.
A card's four edges are fitted as straight lines through the blob's outline
(leaving its rounded corners out), and the corners are where they meet: the
corners of the card as if it had square ones, to a fraction of a pixel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

Point = tuple[float, float]


@dataclass(frozen=True)
class Blob:
    """One connected thing on the page, in page pixels."""

    corners: (
        tuple[Point, Point, Point, Point] | None
    )  # top-left, top-right, bottom-right, bottom-left; None: no 4 sides
    box: tuple[int, int, int, int]  # x, y, width, height of its upright bounding box
    area: float  # pixels it covers

    @property
    def centre(self) -> Point:
        x, y, w, h = self.box
        return (x + w / 2, y + h / 2)

    @property
    def sides(self) -> tuple[float, float]:
        """(width, height): the mean length of its top and bottom edges, and of its left and right edges."""
        if self.corners is None:
            return (float(self.box[2]), float(self.box[3]))
        tl, tr, br, bl = self.corners
        return ((_dist(tl, tr) + _dist(bl, br)) / 2, (_dist(tl, bl) + _dist(tr, br)) / 2)

    @property
    def angle(self) -> float:
        """Degrees the card is turned clockwise on the page: the mean slope of its top and bottom edges."""
        if self.corners is None:
            return 0.0
        tl, tr, br, bl = self.corners
        top = math.degrees(math.atan2(tr[1] - tl[1], tr[0] - tl[0]))
        bottom = math.degrees(math.atan2(br[1] - bl[1], br[0] - bl[0]))
        return (top + bottom) / 2

    @property
    def skew(self) -> float:
        """How far its corners are from square, in degrees: 0 for a flat scan, more for a photo taken at a slant."""
        if self.corners is None:
            return 90.0
        worst = 0.0
        for index in range(4):
            before, here, after = self.corners[index - 1], self.corners[index], self.corners[(index + 1) % 4]
            a = (before[0] - here[0], before[1] - here[1])
            b = (after[0] - here[0], after[1] - here[1])
            cosine = (a[0] * b[0] + a[1] * b[1]) / max(math.hypot(*a) * math.hypot(*b), 1e-9)
            worst = max(worst, abs(math.degrees(math.acos(max(-1.0, min(1.0, cosine)))) - 90.0))
        return worst


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def find_blobs(pixels: np.ndarray) -> list[Blob]:
    """Every thing on the page that stands out from its background, largest first; specks of dust included."""
    mask = foreground(pixels)
    contours, _hierarchy = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    blobs = []
    for contour in contours:
        area = float(cv2.contourArea(contour))
        x, y, w, h = cv2.boundingRect(contour)
        corners = _corners(contour) if w >= 20 and h >= 20 else None
        blobs.append(Blob(corners, (x, y, w, h), max(area, float(len(contour)))))
    return sorted(blobs, key=lambda b: -b.area)


def foreground(pixels: np.ndarray) -> np.ndarray:
    """255 where the page is not its background: the colour distance from the paper, above its noise."""
    height, width = pixels.shape[:2]
    ring = max(2, min(height, width) // 100)
    border = np.concatenate(
        [
            pixels[:ring].reshape(-1, 3),
            pixels[-ring:].reshape(-1, 3),
            pixels[:, :ring].reshape(-1, 3),
            pixels[:, -ring:].reshape(-1, 3),
        ]
    )
    paper = np.median(border, axis=0)
    smooth = cv2.medianBlur(pixels, 5)  # salt-and-pepper noise and dust on the glass
    distance = np.abs(smooth.astype(np.int16) - paper.astype(np.int16)).max(axis=2)
    border_distance = np.abs(border.astype(np.int16) - paper.astype(np.int16)).max(axis=1)
    noise = float(np.percentile(border_distance, 99))
    threshold = max(28.0, noise * 1.5)
    mask: np.ndarray = np.where(distance > threshold, 255, 0).astype(np.uint8)
    # a card's light parts inside its outline are filled below; a closing joins a frame broken by a light patch
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel)
    contours, _hierarchy = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, contours, -1, 255, thickness=cv2.FILLED)
    return cv2.morphologyEx(filled, cv2.MORPH_OPEN, kernel)  # one-pixel whiskers of noise on the edges


def _corners(contour: np.ndarray) -> tuple[Point, Point, Point, Point] | None:
    """The four corners of a four-sided outline, from straight lines fitted through each side; None when the
    outline is not four-sided (a torn piece, two cards touching at an angle, a round coaster)."""
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    quad = cv2.approxPolyDP(hull, 0.02 * perimeter, True)
    if len(quad) != 4:
        return None
    rough = _ordered([(float(p[0][0]), float(p[0][1])) for p in quad])
    points = contour.reshape(-1, 2).astype(np.float64)
    lines = []
    for index in range(4):
        a, b = np.array(rough[index]), np.array(rough[(index + 1) % 4])
        lines.append(_fit_side(points, a, b))
    if any(line is None for line in lines):
        return None
    corners = []
    for index in range(4):
        corner = _intersect(lines[index - 1], lines[index])  # type: ignore[arg-type]
        if corner is None:
            return None
        corners.append(corner)
    corners = _outward(corners, 0.5)  # the outline runs through its outermost pixels' centres, not their edge
    tl, tr, br, bl = corners
    area = cv2.contourArea(contour)
    quad_area = cv2.contourArea(np.array(corners, dtype=np.float32))
    if quad_area <= 0 or area / quad_area < 0.9:  # an L or a star has four hull corners but is not a card
        return None
    return (tl, tr, br, bl)


def _outward(corners: list[Point], distance: float) -> list[Point]:
    """The quadrilateral with each side moved `distance` pixels outwards (its sides are near square)."""
    out = []
    for index, (x, y) in enumerate(corners):
        dx = dy = 0.0
        for other in (corners[index - 1], corners[(index + 1) % 4]):
            length = max(_dist((x, y), other), 1e-9)
            dx += (x - other[0]) / length
            dy += (y - other[1]) / length
        out.append((x + distance * dx, y + distance * dy))
    return out


def _fit_side(points: np.ndarray, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """A line (point, direction) through the outline's points along the side a-b, its ends (rounded corners)
    left out."""
    direction = b - a
    length = float(np.hypot(*direction))
    if length < 10:
        return None
    unit = direction / length
    normal = np.array([-unit[1], unit[0]])
    relative = points - a
    along = relative @ unit
    across = np.abs(relative @ normal)
    near = (along > 0.12 * length) & (along < 0.88 * length) & (across < max(3.0, 0.02 * length))
    chosen = points[near]
    if len(chosen) < 10:
        return None
    vx, vy, x0, y0 = cv2.fitLine(chosen.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    return np.array([x0, y0], dtype=np.float64), np.array([vx, vy], dtype=np.float64)


def _intersect(first: tuple[np.ndarray, np.ndarray], second: tuple[np.ndarray, np.ndarray]) -> Point | None:
    (p, r), (q, s) = first, second
    cross = r[0] * s[1] - r[1] * s[0]
    if abs(cross) < 1e-6:
        return None
    t = ((q[0] - p[0]) * s[1] - (q[1] - p[1]) * s[0]) / cross
    return (float(p[0] + t * r[0]), float(p[1] + t * r[1]))


def _ordered(points: list[Point]) -> list[Point]:
    """Corners in order top-left, top-right, bottom-right, bottom-left (clockwise on the page, y down)."""
    cx = sum(p[0] for p in points) / 4
    cy = sum(p[1] for p in points) / 4
    clockwise = sorted(points, key=lambda p: math.atan2(p[1] - cy, p[0] - cx))  # from the left, going up
    start = min(range(4), key=lambda i: clockwise[i][0] + clockwise[i][1])  # nearest the page's top-left
    return clockwise[start:] + clockwise[:start]
