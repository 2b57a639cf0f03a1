"""Packing: label stickers onto as few sheets as possible.

Pure geometry, in points, PDF coordinates (origin bottom-left, y up).  Each
sticker is its label region's size plus a margin on every side; stickers may
be turned 90° on the sheet.  The packer is MaxRects with best-short-side fit
(Jylänki, "A Thousand Ways to Pack the Bin", 2010): it keeps every maximal
free rectangle of a sheet, so it never places two stickers over each other
and wastes little room.  A gap between stickers leaves room for two cuts.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.units import Size, mm

_EPSILON = 1e-6


@dataclass(frozen=True)
class Sticker:
    """One label's sticker, its cut size: the region's size plus the margin on each side."""

    region: str
    number: int  # as shown on the placement guide: 1, 2, ...
    width: float
    height: float


@dataclass(frozen=True)
class Placed:
    sticker: Sticker
    sheet: int  # 0-based
    x: float  # bottom-left of the cut line on the page
    y: float
    width: float  # as laid on the sheet: the sticker's height when rotated
    height: float
    rotated: bool  # turned 90° anticlockwise on the sheet


@dataclass(frozen=True)
class StickerSheets:
    page: Size
    area: tuple[float, float, float, float]  # printable area: left, bottom, right, top
    gap: float
    placed: tuple[Placed, ...]  # in sticker order
    sheets: int
    too_large: tuple[Sticker, ...]  # stickers that fit no sheet, either way round

    @property
    def usable_area(self) -> float:
        left, bottom, right, top = self.area
        return (right - left) * (top - bottom)

    @property
    def efficiency(self) -> float:
        """Sticker area over the printable area of every sheet used: how much paper the packing uses."""
        if not self.sheets:
            return 0.0
        return sum(p.width * p.height for p in self.placed) / (self.sheets * self.usable_area)

    def on_sheet(self, sheet: int) -> tuple[Placed, ...]:
        return tuple(p for p in self.placed if p.sheet == sheet)


def sticker_size(region: Size, margin: float) -> Size:
    return Size(region.width + 2 * margin, region.height + 2 * margin)


@dataclass
class _Free:
    x: float
    y: float
    width: float
    height: float


class _Bin:
    """One sheet's free space: every maximal empty rectangle, in area coordinates."""

    def __init__(self, width: float, height: float) -> None:
        self.free = [_Free(0.0, 0.0, width, height)]

    def best(self, width: float, height: float) -> tuple[float, float, _Free] | None:
        """(short-side leftover, long-side leftover, rectangle) of the best fit, or None."""
        found = None
        for rect in self.free:
            if width <= rect.width + _EPSILON and height <= rect.height + _EPSILON:
                left_x, left_y = rect.width - width, rect.height - height
                score = (min(left_x, left_y), max(left_x, left_y), rect)
                if found is None or score[:2] < found[:2]:
                    found = score
        return found

    def place(self, x: float, y: float, width: float, height: float) -> None:
        split: list[_Free] = []
        for rect in self.free:
            if not _overlaps(rect, x, y, width, height):
                split.append(rect)
                continue
            if x > rect.x + _EPSILON:
                split.append(_Free(rect.x, rect.y, x - rect.x, rect.height))
            if x + width < rect.x + rect.width - _EPSILON:
                split.append(_Free(x + width, rect.y, rect.x + rect.width - x - width, rect.height))
            if y > rect.y + _EPSILON:
                split.append(_Free(rect.x, rect.y, rect.width, y - rect.y))
            if y + height < rect.y + rect.height - _EPSILON:
                split.append(_Free(rect.x, y + height, rect.width, rect.y + rect.height - y - height))
        self.free = [
            r for i, r in enumerate(split) if not any(j != i and _inside(r, o, i < j) for j, o in enumerate(split))
        ]


def _overlaps(rect: _Free, x: float, y: float, width: float, height: float) -> bool:
    return (
        x < rect.x + rect.width - _EPSILON
        and x + width > rect.x + _EPSILON
        and y < rect.y + rect.height - _EPSILON
        and y + height > rect.y + _EPSILON
    )


def _inside(inner: _Free, outer: _Free, keep_first: bool) -> bool:
    """Whether `inner` lies within `outer`; of two equal rectangles only the later one is dropped."""
    contained = (
        inner.x >= outer.x - _EPSILON
        and inner.y >= outer.y - _EPSILON
        and inner.x + inner.width <= outer.x + outer.width + _EPSILON
        and inner.y + inner.height <= outer.y + outer.height + _EPSILON
    )
    if not contained:
        return False
    equal = abs(inner.width - outer.width) < _EPSILON and abs(inner.height - outer.height) < _EPSILON
    return not (equal and keep_first)


def pack_stickers(stickers: list[Sticker], paper: Size, margin: float = mm(8), gap: float = mm(3)) -> StickerSheets:
    """Largest first; each into the sheet and free rectangle where it leaves the least over."""
    page = paper.portrait()
    left, bottom, right, top = margin, margin, page.width - margin, page.height - margin
    # Each sticker claims its size plus the gap; the sheet grows by one gap so the last column fits flush.
    bin_width, bin_height = right - left + gap, top - bottom + gap
    bins: list[_Bin] = []
    placed: list[Placed] = []
    too_large: list[Sticker] = []
    order = sorted(stickers, key=lambda s: (-max(s.width, s.height), -s.width * s.height, s.number))
    for sticker in order:
        options = [
            (sticker.width + gap, sticker.height + gap, False),
            (sticker.height + gap, sticker.width + gap, True),
        ]
        if not any(w <= bin_width + _EPSILON and h <= bin_height + _EPSILON for w, h, _ in options):
            too_large.append(sticker)
            continue
        spot = None
        for index, sheet in enumerate(bins):
            fits = [(fit, w, h, turned) for w, h, turned in options if (fit := sheet.best(w, h)) is not None]
            if fits:
                fit, w, h, turned = min(fits, key=lambda f: (f[0][0], f[0][1], f[3]))
                spot = (index, fit[2], w, h, turned)
                break
        if spot is None:
            bins.append(_Bin(bin_width, bin_height))
            index = len(bins) - 1
            w, h, turned = next((w, h, t) for w, h, t in options if bins[index].best(w, h) is not None)
            fit = bins[index].best(w, h)
            assert fit is not None
            spot = (index, fit[2], w, h, turned)
        index, rect, w, h, turned = spot
        # the top-left of the free rectangle: stickers fill a sheet from the top down
        x, y = rect.x, rect.y + rect.height - h
        bins[index].place(x, y, w, h)
        # the gap lies right of and above the sticker; the sheet's extra gap keeps the last one inside
        placed.append(Placed(sticker, index, left + x, bottom + y, w - gap, h - gap, turned))
    placed.sort(key=lambda p: p.sticker.number)
    return StickerSheets(page, (left, bottom, right, top), gap, tuple(placed), len(bins), tuple(too_large))
