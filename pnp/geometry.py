"""Plane geometry for boards: polygons in points, in board coordinates.

Board coordinates have their origin at the board's top-left corner with y
growing downwards, as the data is written (a ruler laid on the board).  Pure
functions, no drawing: the loader, the checks and the imposition share them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Point = tuple[float, float]
Polygon = tuple[Point, ...]

_EPSILON = 1e-6


@dataclass(frozen=True)
class Box:
    """An axis-aligned box: left, top, width, height (board coordinates)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    @property
    def centre(self) -> Point:
        return (self.x + self.width / 2, self.y + self.height / 2)

    def contains(self, point: Point, tolerance: float = 0.0) -> bool:
        px, py = point
        return (
            self.x - tolerance <= px <= self.right + tolerance and self.y - tolerance <= py <= self.bottom + tolerance
        )

    def intersection(self, other: Box) -> Box | None:
        left, top = max(self.x, other.x), max(self.y, other.y)
        right, bottom = min(self.right, other.right), min(self.bottom, other.bottom)
        if right <= left + _EPSILON or bottom <= top + _EPSILON:
            return None
        return Box(left, top, right - left, bottom - top)


def bounding_box(points: Sequence[Point]) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def rectangle(x: float, y: float, width: float, height: float) -> Polygon:
    """Corners clockwise as seen on the board, from the top-left."""
    return ((x, y), (x + width, y), (x + width, y + height), (x, y + height))


def rotate(points: Sequence[Point], degrees: float, centre: Point) -> Polygon:
    """Turn points `degrees` clockwise (as seen on the board: y grows down) about centre."""
    if degrees % 360 == 0:
        return tuple(points)
    angle = math.radians(degrees)
    cos, sin = math.cos(angle), math.sin(angle)
    cx, cy = centre
    turned = []
    for x, y in points:
        dx, dy = x - cx, y - cy
        # rounded so that 90° turns of whole millimetres give exact corners
        turned.append((round(cx + dx * cos - dy * sin, 6), round(cy + dx * sin + dy * cos, 6)))
    return tuple(turned)


def area(points: Sequence[Point]) -> float:
    """Unsigned area (shoelace); 0 for fewer than 3 points."""
    if len(points) < 3:
        return 0.0
    total = 0.0
    for (x1, y1), (x2, y2) in _edges(points):
        total += x1 * y2 - x2 * y1
    return abs(total) / 2


def centroid(points: Sequence[Point]) -> Point:
    """The centre of mass of a simple polygon (the mean of its corners if it has no area)."""
    signed = 0.0
    cx = cy = 0.0
    for (x1, y1), (x2, y2) in _edges(points):
        cross = x1 * y2 - x2 * y1
        signed += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    if abs(signed) < _EPSILON:
        return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
    return (cx / (3 * signed), cy / (3 * signed))


def contains(points: Sequence[Point], point: Point) -> bool:
    """Whether point is inside the polygon (ray casting; a point on an edge may go either way)."""
    px, py = point
    inside = False
    for (x1, y1), (x2, y2) in _edges(points):
        if (y1 > py) != (y2 > py):
            crossing = x1 + (py - y1) * (x2 - x1) / (y2 - y1)
            if px < crossing:
                inside = not inside
    return inside


def first_crossing(points: Sequence[Point]) -> tuple[int, int] | None:
    """The first pair of edges (by index, edge i runs from corner i to i+1) that cross or
    touch though they are not neighbours; None when the polygon is simple."""
    edges = list(_edges(points))
    count = len(edges)
    for i in range(count):
        for j in range(i + 1, count):
            if j == i + 1 or (i == 0 and j == count - 1):
                continue  # neighbours share a corner by construction
            if _segments_meet(*edges[i], *edges[j]):
                return i, j
    return None


def shared_edge_length(a: Sequence[Point], b: Sequence[Point], tolerance: float) -> float:
    """How long a stretch of border two polygons share: edges that lie on one line
    (within tolerance) and overlap.  Corners that only touch share nothing."""
    shared = 0.0
    for p, q in _edges(a):
        length = math.dist(p, q)
        if length < _EPSILON:
            continue
        ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
        for r, s in _edges(b):
            if _line_distance(p, ux, uy, r) > tolerance or _line_distance(p, ux, uy, s) > tolerance:
                continue
            t1 = (r[0] - p[0]) * ux + (r[1] - p[1]) * uy
            t2 = (s[0] - p[0]) * ux + (s[1] - p[1]) * uy
            low, high = max(0.0, min(t1, t2)), min(length, max(t1, t2))
            shared += max(0.0, high - low)
    return shared


def distance(a: Sequence[Point], b: Sequence[Point]) -> float:
    """The shortest distance between the outlines of two polygons (0 when they meet)."""
    best = math.inf
    for p, q in _edges(a):
        for r, s in _edges(b):
            if _segments_meet(p, q, r, s):
                return 0.0
            best = min(
                best,
                _point_segment(p, r, s),
                _point_segment(q, r, s),
                _point_segment(r, p, q),
                _point_segment(s, p, q),
            )
    return best


def inner_span(points: Sequence[Point], bottom: float, top: float, centre_x: float) -> tuple[float, float]:
    """(left, right) of the widest span centred on `centre_x` that lies inside the polygon at every
    height from `bottom` to `top`: a box of that width over that band is inside the outline.
    Measured at the band's ends, at every corner within it and at steps between; (x, x) when
    `centre_x` is outside the polygon somewhere in the band."""
    heights = {bottom, top, *(bottom + (top - bottom) * i / 16 for i in range(1, 16))}
    heights |= {y for _x, y in points if bottom < y < top}
    half = math.inf
    for y in heights:
        crossings = [
            x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            for (x1, y1), (x2, y2) in _edges(points)
            if (y1 > y) != (y2 > y) or (abs(y1 - y2) > _EPSILON and (abs(y - y1) < _EPSILON or abs(y - y2) < _EPSILON))
        ]
        left = max((x for x in crossings if x <= centre_x + _EPSILON), default=None)
        right = min((x for x in crossings if x >= centre_x - _EPSILON), default=None)
        if left is None or right is None:
            return centre_x, centre_x
        half = min(half, centre_x - left, right - centre_x)
    half = max(0.0, half)
    return centre_x - half, centre_x + half


def grow(points: Sequence[Point], distance: float) -> Polygon:
    """The polygon with every edge pushed `distance` outward (mitred corners): a cut line or a
    bleed that keeps the same gap to the shape all round."""
    count = len(points)
    if count < 3 or abs(distance) < _EPSILON:
        return tuple(points)
    signed = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in _edges(points))
    outward = 1.0 if signed < 0 else -1.0  # the normal on the outer side of each edge, either winding
    lines = []
    for (x1, y1), (x2, y2) in _edges(points):
        length = math.dist((x1, y1), (x2, y2)) or 1.0
        nx, ny = outward * -(y2 - y1) / length, outward * (x2 - x1) / length
        lines.append(((x1 + nx * distance, y1 + ny * distance), (x2 - x1, y2 - y1)))
    grown = []
    for i in range(count):
        (px, py), (dx, dy) = lines[i - 1]
        (qx, qy), (ex, ey) = lines[i]
        cross = dx * ey - dy * ex
        if abs(cross) < _EPSILON:  # a straight corner: the pushed point
            grown.append((qx, qy))
            continue
        t = ((qx - px) * ey - (qy - py) * ex) / cross
        grown.append((px + t * dx, py + t * dy))
    return tuple(grown)


def exit_point(points: Sequence[Point], inside: Point, outside: Point) -> Point:
    """Where the segment from `inside` towards `outside` last crosses the polygon's outline: a line
    drawn from a region's centre starts there, at its edge. `inside` itself when it never crosses."""
    best, at = -1.0, inside
    (ax, ay), (bx, by) = inside, outside
    for (x1, y1), (x2, y2) in _edges(points):
        dx, dy, ex, ey = bx - ax, by - ay, x2 - x1, y2 - y1
        cross = dx * ey - dy * ex
        if abs(cross) < _EPSILON:
            continue
        t = ((x1 - ax) * ey - (y1 - ay) * ex) / cross
        u = ((x1 - ax) * dy - (y1 - ay) * dx) / cross
        if 0.0 <= t <= 1.0 and 0.0 <= u <= 1.0 and t > best:
            best, at = t, (ax + t * dx, ay + t * dy)
    return at


def _edges(points: Sequence[Point]) -> list[tuple[Point, Point]]:
    return [(points[i], points[(i + 1) % len(points)]) for i in range(len(points))]


def _line_distance(origin: Point, ux: float, uy: float, point: Point) -> float:
    return abs((point[0] - origin[0]) * uy - (point[1] - origin[1]) * ux)


def _point_segment(point: Point, a: Point, b: Point) -> float:
    length2 = (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2
    if length2 < _EPSILON:
        return math.dist(point, a)
    t = ((point[0] - a[0]) * (b[0] - a[0]) + (point[1] - a[1]) * (b[1] - a[1])) / length2
    t = max(0.0, min(1.0, t))
    return math.dist(point, (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))


def _orientation(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _segments_meet(p: Point, q: Point, r: Point, s: Point) -> bool:
    d1, d2 = _orientation(r, s, p), _orientation(r, s, q)
    d3, d4 = _orientation(p, q, r), _orientation(p, q, s)
    if ((d1 > _EPSILON and d2 < -_EPSILON) or (d1 < -_EPSILON and d2 > _EPSILON)) and (
        (d3 > _EPSILON and d4 < -_EPSILON) or (d3 < -_EPSILON and d4 > _EPSILON)
    ):
        return True
    return (
        (abs(d1) <= _EPSILON and _on_segment(r, s, p))
        or (abs(d2) <= _EPSILON and _on_segment(r, s, q))
        or (abs(d3) <= _EPSILON and _on_segment(p, q, r))
        or (abs(d4) <= _EPSILON and _on_segment(p, q, s))
    )


def _on_segment(a: Point, b: Point, point: Point) -> bool:
    return (
        min(a[0], b[0]) - _EPSILON <= point[0] <= max(a[0], b[0]) + _EPSILON
        and min(a[1], b[1]) - _EPSILON <= point[1] <= max(a[1], b[1]) + _EPSILON
    )
