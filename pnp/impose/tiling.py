"""Tiling: a board larger than the paper, printed at full size over several pages.

Pure geometry, in points.  Windows are parts of the board in board
coordinates (origin top-left, y down); each page shows one window at 100 %.
Neighbouring windows overlap by exactly `overlap`, and alignment marks sit in
the middle of every overlap band, so that both pages print each mark at the
same place on the board: cut one page along its window's edge, lay it on its
neighbour, and make the marks meet.

Pages are named like spreadsheet cells: a letter for the column, a number for
the row, A1 at the top-left.  Tiles are single-sided, so unlike card sheets a
landscape page is fine; the orientation needing fewer pages wins.
"""

from __future__ import annotations

import math
import string
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from pnp.geometry import Box, Point
from pnp.i18n import _
from pnp.units import Size, mm

MARK_INSET = mm(12)  # marks keep this far from the ends of an overlap band
MARK_SPACING = mm(90)  # at most this far apart along a band
FOOTER = mm(9)  # room under the window for the page's name and the scale bar


class TileError(ValueError):
    """The overlap leaves no room to advance from one page to the next."""


@dataclass(frozen=True)
class Tile:
    label: str  # "A1"
    column: int  # 0-based
    row: int
    window: Box  # the part of the board this page shows, board coordinates

    def page_point(self, point: Point, plan: TilePlan) -> Point:
        """Where a board point lands on this tile's page, in PDF coordinates (y up)."""
        x, y = point
        return plan.margin + x - self.window.x, plan.page.height - plan.margin - (y - self.window.y)


@dataclass(frozen=True)
class TilePlan:
    board: Size
    page: Size  # as printed: landscape when that needs fewer pages
    margin: float  # nothing is printed closer than this to the paper's edge
    overlap: float
    window: Size  # the largest window one page can show
    columns: int
    rows: int
    tiles: tuple[Tile, ...]  # reading order: A1, B1, ..., A2, ...
    marks: tuple[Point, ...]  # alignment marks, board coordinates, each inside two (or four) windows

    def tile(self, column: int, row: int) -> Tile:
        return self.tiles[row * self.columns + column]

    def neighbours(self, tile: Tile) -> dict[str, str]:
        """The labels of the pages next to a tile: {"left": "A1", "below": "B2", ...}."""
        found = {}
        for side, (dc, dr) in {"left": (-1, 0), "right": (1, 0), "above": (0, -1), "below": (0, 1)}.items():
            column, row = tile.column + dc, tile.row + dr
            if 0 <= column < self.columns and 0 <= row < self.rows:
                found[side] = self.tile(column, row).label
        return found


def tile_label(column: int, row: int) -> str:
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = string.ascii_uppercase[rest] + letters
    return f"{letters}{row + 1}"


def plan_tiles(
    board: Size, paper: Size, overlap: float, margin: float = mm(8), avoid: tuple[Box, ...] = ()
) -> TilePlan:
    """Tiles of the board; `avoid` are boxes of what the map prints (planets, labels), board
    coordinates: alignment marks move along their band to stay clear of them."""
    if board.width <= 0 or board.height <= 0:
        raise TileError(_("the board must be larger than zero"))
    if overlap < 0:
        raise TileError(_("the overlap cannot be negative, got {overlap} mm").format(overlap=_mm(overlap)))
    portrait = paper.portrait()
    candidates = [
        _plan(board, portrait, overlap, margin, avoid),
        _plan(board, portrait.landscape(), overlap, margin, avoid),
    ]
    usable = [plan for plan in candidates if plan is not None]
    if not usable:
        window = _window(portrait, margin)
        raise TileError(
            _(
                "an overlap of {overlap} mm leaves no room on a {width} x {height} mm "
                "printable area: use a smaller --overlap"
            ).format(overlap=_mm(overlap), width=_mm(window.width), height=_mm(window.height))
        )
    return min(usable, key=lambda plan: (len(plan.tiles), plan.page.width > plan.page.height))


def _window(page: Size, margin: float) -> Size:
    return Size(page.width - 2 * margin, page.height - 2 * margin - FOOTER)


def _count(length: float, window: float, overlap: float) -> int | None:
    if length <= window + 1e-6:
        return 1
    if window - overlap < mm(10):
        return None
    return math.ceil((length - overlap) / (window - overlap) - 1e-9)


def _plan(board: Size, page: Size, overlap: float, margin: float, avoid: tuple[Box, ...]) -> TilePlan | None:
    window = _window(page, margin)
    if window.width <= 0 or window.height <= 0:
        return None
    columns = _count(board.width, window.width, overlap)
    rows = _count(board.height, window.height, overlap)
    if columns is None or rows is None:
        return None
    step_x, step_y = window.width - overlap, window.height - overlap
    tiles = []
    for row in range(rows):
        for column in range(columns):
            x, y = column * step_x, row * step_y
            box = Box(x, y, min(window.width, board.width - x), min(window.height, board.height - y))
            tiles.append(Tile(tile_label(column, row), column, row, box))
    plan = TilePlan(board, page, margin, overlap, window, columns, rows, tuple(tiles), ())
    return TilePlan(board, page, margin, overlap, window, columns, rows, tuple(tiles), _marks(plan, avoid))


def _marks(plan: TilePlan, avoid: tuple[Box, ...]) -> tuple[Point, ...]:
    """Marks in the middle of each overlap band, spread along the edge the two pages share,
    each moved along the band off anything the map prints there."""
    marks: list[Point] = []
    for tile in plan.tiles:
        if tile.column + 1 < plan.columns:
            right = plan.tile(tile.column + 1, tile.row).window
            x = (right.x + tile.window.right) / 2
            start, end = tile.window.y, tile.window.bottom
            marks += [(x, _clear(y, start, end, partial(_at, x, None), avoid)) for y in _along(start, end)]
        if tile.row + 1 < plan.rows:
            below = plan.tile(tile.column, tile.row + 1).window
            y = (below.y + tile.window.bottom) / 2
            start, end = tile.window.x, tile.window.right
            marks += [(_clear(x, start, end, partial(_at, None, y), avoid), y) for x in _along(start, end)]
    return tuple(dict.fromkeys((round(x, 4), round(y, 4)) for x, y in marks))


def _at(x: float | None, y: float | None, along: float) -> Point:
    """A point of a band: the fixed coordinate given, the other one `along`."""
    return (along if x is None else x, along if y is None else y)


MARK_CLEARANCE = mm(5)  # a mark's reach (ring and cross) and a little air


def _clear(at: float, start: float, end: float, point: Callable[[float], Point], avoid: tuple[Box, ...]) -> float:
    """The position nearest `at` along a band (start..end) where a mark touches nothing printed."""
    low, high = start + MARK_CLEARANCE, end - MARK_CLEARANCE
    for step in range(int(MARK_SPACING / mm(1))):
        for candidate in (at + step * mm(1), at - step * mm(1)):
            if low <= candidate <= high and not _touches(point(candidate), avoid):
                return candidate
    return at  # nowhere clear: the mark keeps its place


def _touches(point: Point, avoid: tuple[Box, ...]) -> bool:
    x, y = point
    r = MARK_CLEARANCE
    return any(b.x - r < x < b.right + r and b.y - r < y < b.bottom + r for b in avoid)


def _along(start: float, end: float) -> list[float]:
    """Positions along a band: near both ends, and every MARK_SPACING between."""
    length = end - start
    if length <= 2 * MARK_INSET:
        return [start + length / 2]
    gaps = max(1, math.ceil((length - 2 * MARK_INSET) / MARK_SPACING))
    return [start + MARK_INSET + i * (length - 2 * MARK_INSET) / gaps for i in range(gaps + 1)]


@dataclass(frozen=True)
class PageMap:
    """The assembly guide: the board shrunk onto one page, each tile's window outlined."""

    scale: float
    origin: Point  # where the board's top-left corner lands, PDF coordinates
    cells: tuple[tuple[str, Box], ...]  # tile label -> its window on the guide page, PDF coordinates (y up)


def plan_page_map(plan: TilePlan, area: Box) -> PageMap:
    """Fit the board into `area` (PDF coordinates: x, y bottom-left, width, height) of the guide page."""
    scale = min(area.width / plan.board.width, area.height / plan.board.height)
    width, height = plan.board.width * scale, plan.board.height * scale
    left = area.x + (area.width - width) / 2
    top = area.y + (area.height + height) / 2
    cells = tuple(
        (
            tile.label,
            Box(
                left + tile.window.x * scale,
                top - (tile.window.y + tile.window.height) * scale,
                tile.window.width * scale,
                tile.window.height * scale,
            ),
        )
        for tile in plan.tiles
    )
    return PageMap(scale, (left, top), cells)


def _mm(points: float) -> str:
    return f"{round(points / mm(1), 1):g}"
