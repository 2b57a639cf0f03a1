"""Telling the cards on a page from what is not one, and putting them in reading order.

A card is a four-sided blob of one of the named cards' sizes, within a few per
cent (a scanner and a guillotine are not exact).  The page's resolution comes
from `--dpi`, else from the file when the cards measure right with it, else from
the cards themselves: the median scale of the blobs with a card's proportions.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from pnp.i18n import _
from pnp.scan import MM_PER_INCH
from pnp.scan.find import Blob

SPECK_MM = 5.0  # dust, a hair, a speck of noise: counted, not listed
SIZE_TOLERANCE = 0.03  # of each side: cards vary by half a millimetre, a scanner by a little more
MIN_SIZE_TOLERANCE_MM = 1.5
RATIO_TOLERANCE = 0.04
SLANTED = 1.0  # degrees off square from which a card is taken as photographed at a slant
STEEP = 12.0  # degrees off square beyond which the perspective is not corrected: the text would be too distorted


@dataclass(frozen=True)
class FoundCard:
    blob: Blob
    size_mm: tuple[float, float]  # measured, in the card's own orientation (width, height)
    quarter_turns: int  # 1 when the card lies on its side on the page
    steep: bool  # photographed too much at a slant to be straightened


@dataclass(frozen=True)
class NotCard:
    position_mm: tuple[float, float]  # its top-left corner from the page's top-left
    size_mm: tuple[float, float]
    reason: str


@dataclass
class PageReading:
    dpi: float
    dpi_source: str  # "option", "file" or "cards"
    slanted: bool = False  # photographed at a slant: sizes are judged by their shape
    cards: list[FoundCard] = field(default_factory=list)
    others: list[NotCard] = field(default_factory=list)
    specks: int = 0


def read_blobs(
    blobs: list[Blob], sizes_mm: list[tuple[float, float]], file_dpi: float | None, dpi: float | None
) -> PageReading | None:
    """The cards in reading order and the rest; None when nothing on the page has a card's proportions
    and no resolution is known to measure it by."""
    shapes = [b for b in blobs if b.corners is not None]
    if dpi is not None:
        reading = PageReading(dpi, "option")
    elif file_dpi is not None and any(matches_size(_mm(b, file_dpi), sizes_mm) for b in shapes):
        reading = PageReading(file_dpi, "file")
    else:
        measured = _dpi_from_cards(shapes, sizes_mm)
        if measured is None:
            if file_dpi is None:
                return None
            reading = PageReading(file_dpi, "file")
        else:
            reading = PageReading(measured, "cards")
    cards: list[FoundCard] = []
    slanted = page_slant(blobs) > SLANTED
    for blob in blobs:
        width, height = _mm(blob, reading.dpi)
        if max(width, height) < SPECK_MM:
            reading.specks += 1
            continue
        reason = _not_a_card(blob, (width, height), sizes_mm, slanted)
        if reason is None:
            portrait = any(w <= h for w, h in sizes_mm)
            lying = (width > height) == portrait and abs(width - height) > 1.0
            size = (height, width) if lying else (width, height)
            cards.append(FoundCard(blob, size, 1 if lying else 0, blob.skew > STEEP))
        else:
            x, y, _w, _h = blob.box
            reading.others.append(
                NotCard((x / reading.dpi * MM_PER_INCH, y / reading.dpi * MM_PER_INCH), (width, height), reason)
            )
    reading.cards = _reading_order(cards)
    reading.slanted = slanted
    return reading


def page_slant(blobs: list[Blob]) -> float:
    """How far the page's large four-sided shapes are from square, in degrees: a page photographed at a
    slant has none with square corners (0 when it has no such shape)."""
    shapes = [b for b in blobs if b.corners is not None]
    if not shapes:
        return 0.0
    largest = max(b.area for b in shapes)
    return max(b.skew for b in shapes if b.area >= largest / 4)


def _mm(blob: Blob, dpi: float) -> tuple[float, float]:
    width, height = blob.sides
    return (width / dpi * MM_PER_INCH, height / dpi * MM_PER_INCH)


def _short_long(size: tuple[float, float]) -> tuple[float, float]:
    return (min(size), max(size))


def matches_size(size: tuple[float, float], sizes_mm: list[tuple[float, float]]) -> bool:
    short, long = _short_long(size)
    for wanted in sizes_mm:
        w_short, w_long = _short_long(wanted)
        if abs(short - w_short) <= max(MIN_SIZE_TOLERANCE_MM, SIZE_TOLERANCE * w_short) and abs(long - w_long) <= max(
            MIN_SIZE_TOLERANCE_MM, SIZE_TOLERANCE * w_long
        ):
            return True
    return False


def _ratiomatches_size(size: tuple[float, float], sizes_mm: list[tuple[float, float]]) -> bool:
    short, long = _short_long(size)
    return any(abs(short / long - min(w) / max(w)) <= RATIO_TOLERANCE * min(w) / max(w) for w in sizes_mm)


def _near_proportions(size: tuple[float, float], sizes_mm: list[tuple[float, float]]) -> bool:
    short, long = _short_long(size)
    return any(abs(short / long - min(w) / max(w)) <= 0.1 * min(w) / max(w) for w in sizes_mm)


def _dpi_from_cards(shapes: list[Blob], sizes_mm: list[tuple[float, float]]) -> float | None:
    """The median scale of the blobs with a card's proportions; failing those, of the four-sided blobs by
    their area (cards photographed at a steep angle have no right proportions, but they are still cards)."""
    scales, steep = [], []
    for blob in shapes:
        if max(blob.sides) < 50:
            continue
        short, long = _short_long(blob.sides)
        for wanted in sizes_mm:
            w_short, w_long = _short_long(wanted)
            if blob.skew > STEEP:
                steep.append((blob.area / (w_short * w_long)) ** 0.5 * MM_PER_INCH)
                break
            if abs(short / long - w_short / w_long) <= RATIO_TOLERANCE * w_short / w_long:
                scales.append(long / w_long * MM_PER_INCH)
                break
    return statistics.median(scales or steep) if scales or steep else None


def card_fits(size: tuple[float, float], sizes_mm: list[tuple[float, float]], slanted: bool) -> bool:
    """Whether a four-sided blob of this measured size is a card of one of these sizes.

    On a page photographed at a slant the cards nearer the camera look larger, so only their shape tells;
    the straightening from the corners gives every one its right size."""
    if matches_size(size, sizes_mm):
        return True
    areas = [w * h for w, h in sizes_mm]
    area = size[0] * size[1]
    return slanted and min(areas) * 0.6 <= area <= max(areas) * 1.5 and _near_proportions(size, sizes_mm)


def _not_a_card(
    blob: Blob, size: tuple[float, float], sizes_mm: list[tuple[float, float]], slanted: bool
) -> str | None:
    """Why the blob is not one of the cards, or None when it is one."""
    areas = [w * h for w, h in sizes_mm]
    area = size[0] * size[1]
    shown = _("{width:.1f} x {height:.1f} mm").format(width=size[0], height=size[1])
    if blob.corners is None:
        return _("{size}, not four-sided").format(size=shown)
    if blob.skew > STEEP and min(areas) * 0.5 <= area <= max(areas) * 1.6:
        return None  # a card photographed at a steep angle: named in its turn, and reported there
    if card_fits(size, sizes_mm, slanted):
        return None
    if area > max(areas) * 1.6:
        return _("{size}, too large for a card: two cards touching? Leave a finger's width between them").format(
            size=shown
        )
    if area < min(areas) * 0.2:
        return _("{size}, too small for a card").format(size=shown)
    if min(size) / max(size) < 0.45:
        return _("{size}: not a card's proportions").format(size=shown)
    expected = ", ".join(
        _("{width:g} x {height:g} mm").format(width=round(w, 1), height=round(h, 1)) for w, h in sizes_mm
    )
    return _("{size}: a card of another size than the cards named ({expected})").format(size=shown, expected=expected)


def _reading_order(cards: list[FoundCard]) -> list[FoundCard]:
    """Rows from the top, each from the left: a row holds the cards whose centres are within half a card
    of the first one's height."""
    if not cards:
        return []
    half = statistics.median(c.blob.box[3] for c in cards) / 2
    rows: list[list[FoundCard]] = []
    for card in sorted(cards, key=lambda c: c.blob.centre[1]):
        if rows and card.blob.centre[1] - rows[-1][0].blob.centre[1] < half:
            rows[-1].append(card)
        else:
            rows.append([card])
    return [card for row in rows for card in sorted(row, key=lambda c: c.blob.centre[0])]
