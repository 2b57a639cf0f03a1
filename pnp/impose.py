"""Imposition: where each card, back and crop mark goes on a printed sheet.

Pure geometry, no drawing.  Everything is in PostScript points, in PDF
coordinates: origin at the page's bottom-left corner, y up.

Pages are always portrait.  To fit more cards the cards are turned 90°,
never the page: duplex printers flip the physical sheet, and a landscape PDF
page gets turned by the printer driver, which makes long- and short-edge backs
land upside-down.  With portrait pages, where a back lands is unambiguous.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from pnp.i18n import _
from pnp.units import Size, mm

Duplex = Literal["none", "long", "short", "fold"]

MARK_GAP = mm(1)  # between the grid's bleed edge and the start of a crop mark
FOLD_GUTTER = 2 * mm(6)  # nothing printed within 6 mm of the fold
_EPSILON = 1e-6  # points: float error must not turn an exact fit into a miss
_LINE_DECIMALS = 2  # trim lines closer than 0.01 pt are one line


class ImposeError(ValueError):
    """Not even one card fits on the sheet."""


@dataclass(frozen=True)
class SheetSpec:
    paper: Size  # portrait; a landscape size is turned to portrait
    card: Size  # trim size as designed, portrait or landscape
    bleed: float = mm(3)  # extra image around the trim box, each side
    spacing: float = 0.0  # extra gap between neighbouring bleed boxes
    margin: float = mm(8)  # nothing is printed closer than this to the paper edge
    duplex: Duplex = "none"
    back_offset: tuple[float, float] = (0.0, 0.0)  # added to every back slot (printer misregistration)
    crop_marks: bool = True
    mark_length: float = mm(4)


@dataclass(frozen=True)
class Slot:
    """One card's trim box as it lies on the page.

    (x, y) is its bottom-left corner and width/height its extent on the page, so
    they are the card's own size swapped when rotation is 90 or 270.  The card
    face is turned `rotation` degrees counter-clockwise to fill the box.
    """

    x: float
    y: float
    width: float
    height: float
    rotation: int


@dataclass(frozen=True)
class Mark:
    """A line segment."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class SheetPlan:
    page: Size  # always portrait
    fronts: tuple[Slot, ...]  # reading order: rows top to bottom, each left to right
    backs: tuple[Slot, ...]  # backs[i] is the back of fronts[i]; () for duplex "none"
    marks: tuple[Mark, ...]  # for the fronts page; for "fold" both halves
    back_marks: tuple[Mark, ...]  # for the backs page of "long"/"short"; () otherwise
    fold_line: Mark | None  # only for "fold"
    rotated: bool  # True when the cards were turned 90° to fit more


@dataclass(frozen=True)
class _Area:
    left: float
    bottom: float
    right: float
    top: float


def plan_sheet(spec: SheetSpec) -> SheetPlan:
    _check_lengths(spec)
    page = spec.paper.portrait()
    area = _printable_area(page, spec)
    columns, rows, rotated = _best_grid(area, spec)
    if columns * rows == 0:
        raise ImposeError(_does_not_fit_message(spec, page))
    fronts = _layout(area, _as_laid(spec.card, rotated), columns, rows, 90 if rotated else 0, spec)
    marks = _crop_marks(fronts, spec) if spec.crop_marks else ()

    if spec.duplex == "none":
        return SheetPlan(page, fronts, (), marks, (), None, rotated)
    if spec.duplex == "fold":
        backs = tuple(_flip_slot(s, "short", page, (0.0, 0.0)) for s in fronts)
        back_half_marks = tuple(_flip_mark(m, "short", page, (0.0, 0.0)) for m in marks)
        fold_line = Mark(spec.margin, page.height / 2, page.width - spec.margin, page.height / 2)
        return SheetPlan(page, fronts, backs, marks + back_half_marks, (), fold_line, rotated)
    backs = tuple(_flip_slot(s, spec.duplex, page, spec.back_offset) for s in fronts)
    back_marks = tuple(_flip_mark(m, spec.duplex, page, spec.back_offset) for m in marks)
    return SheetPlan(page, fronts, backs, marks, back_marks, None, rotated)


def sheets_needed(cards: int, plan: SheetPlan) -> int:
    if cards < 0:
        raise ValueError(_("a card count cannot be negative, got {cards}").format(cards=cards))
    return math.ceil(cards / len(plan.fronts))


def _check_lengths(spec: SheetSpec) -> None:
    if min(spec.card.width, spec.card.height) <= 0:
        raise ImposeError(_("a card must be larger than zero, got {card} mm").format(card=_mm_size(spec.card)))
    lengths = {
        _("bleed"): spec.bleed,
        _("spacing"): spec.spacing,
        _("margin"): spec.margin,
        _("mark length"): spec.mark_length,
    }
    for name, value in lengths.items():
        if value < 0:
            raise ImposeError(_("the {name} cannot be negative, got {value} mm").format(name=name, value=_mm(value)))


def _printable_area(page: Size, spec: SheetSpec) -> _Area:
    """The area the grid and its crop marks must stay inside; for "fold", the top half."""
    bottom = page.height / 2 + FOLD_GUTTER / 2 if spec.duplex == "fold" else spec.margin
    return _Area(spec.margin, bottom, page.width - spec.margin, page.height - spec.margin)


def _mark_reserve(spec: SheetSpec) -> float:
    """Room kept on each outer side of the grid for the crop marks.

    Marks start MARK_GAP beyond the grid's bleed edge, so this is their whole
    reach whatever the bleed: the margin is a promise that nothing at all is
    printed closer to the paper edge (or, for "fold", to the fold).
    """
    return MARK_GAP + spec.mark_length if spec.crop_marks else 0.0


def _fit(available: float, cell: float, spacing: float) -> int:
    """How many cells, `spacing` apart, fit in a row `available` long."""
    if available < cell - _EPSILON:
        return 0
    return math.floor((available + spacing) / (cell + spacing) + _EPSILON)


def _grid_shape(area: _Area, card: Size, spec: SheetSpec) -> tuple[int, int]:
    reserve = 2 * _mark_reserve(spec)
    columns = _fit(area.right - area.left - reserve, card.width + 2 * spec.bleed, spec.spacing)
    rows = _fit(area.top - area.bottom - reserve, card.height + 2 * spec.bleed, spec.spacing)
    return columns, rows


def _best_grid(area: _Area, spec: SheetSpec) -> tuple[int, int, bool]:
    """(columns, rows, rotated): the grid holding the most cards; a tie keeps the card as designed."""
    columns, rows = _grid_shape(area, spec.card, spec)
    turned_columns, turned_rows = _grid_shape(area, _as_laid(spec.card, True), spec)
    if turned_columns * turned_rows > columns * rows:
        return turned_columns, turned_rows, True
    return columns, rows, False


def _as_laid(card: Size, rotated: bool) -> Size:
    return Size(card.height, card.width) if rotated else card


def _layout(area: _Area, card: Size, columns: int, rows: int, rotation: int, spec: SheetSpec) -> tuple[Slot, ...]:
    """Trim boxes of a grid centred in `area`, in reading order."""
    pitch_x = card.width + 2 * spec.bleed + spec.spacing
    pitch_y = card.height + 2 * spec.bleed + spec.spacing
    grid_width = columns * pitch_x - spec.spacing
    grid_height = rows * pitch_y - spec.spacing
    first_x = (area.left + area.right - grid_width) / 2 + spec.bleed
    top_row_y = (area.top + area.bottom + grid_height) / 2 - spec.bleed - card.height
    return tuple(
        Slot(first_x + column * pitch_x, top_row_y - row * pitch_y, card.width, card.height, rotation)
        for row in range(rows)
        for column in range(columns)
    )


def _crop_marks(slots: tuple[Slot, ...], spec: SheetSpec) -> tuple[Mark, ...]:
    """Marks extending every trim line outward, outside the grid only, so none crosses a bleed box."""
    left = min(s.x for s in slots) - spec.bleed - MARK_GAP
    right = max(s.x + s.width for s in slots) + spec.bleed + MARK_GAP
    bottom = min(s.y for s in slots) - spec.bleed - MARK_GAP
    top = max(s.y + s.height for s in slots) + spec.bleed + MARK_GAP
    length = spec.mark_length
    vertical = [
        mark
        for x in _distinct(v for s in slots for v in (s.x, s.x + s.width))
        for mark in (Mark(x, top, x, top + length), Mark(x, bottom, x, bottom - length))
    ]
    horizontal = [
        mark
        for y in _distinct(v for s in slots for v in (s.y, s.y + s.height))
        for mark in (Mark(left, y, left - length, y), Mark(right, y, right + length, y))
    ]
    return tuple(vertical + horizontal)


def _distinct(values: Iterable[float]) -> list[float]:
    merged: dict[float, float] = {}
    for value in values:
        merged.setdefault(round(value, _LINE_DECIMALS), value)
    return sorted(merged.values())


def _flip_slot(slot: Slot, edge: Literal["long", "short"], page: Size, offset: tuple[float, float]) -> Slot:
    """Where the back of `slot` lands once the sheet is turned over about its long or short edge."""
    dx, dy = offset
    if edge == "long":
        x, y, rotation = page.width - slot.x - slot.width, slot.y, -slot.rotation
    else:
        # Turned over about the short edge the card's top lands at the bottom, so its back is drawn upside-down.
        x, y, rotation = slot.x, page.height - slot.y - slot.height, 180 - slot.rotation
    return Slot(x + dx, y + dy, slot.width, slot.height, rotation % 360)


def _flip_mark(mark: Mark, edge: Literal["long", "short"], page: Size, offset: tuple[float, float]) -> Mark:
    dx, dy = offset
    if edge == "long":
        return Mark(page.width - mark.x1 + dx, mark.y1 + dy, page.width - mark.x2 + dx, mark.y2 + dy)
    return Mark(mark.x1 + dx, page.height - mark.y1 + dy, mark.x2 + dx, page.height - mark.y2 + dy)


def _does_not_fit_message(spec: SheetSpec, page: Size) -> str:
    where = (
        _("the top half of a {page} mm page (fold)").format(page=_mm_size(page))
        if spec.duplex == "fold"
        else _("a {page} mm page").format(page=_mm_size(page))
    )
    message = _("a {card} mm card with {bleed} mm bleed does not fit on {where} with {margin} mm margins").format(
        card=_mm_size(spec.card), bleed=_mm(spec.bleed), where=where, margin=_mm(spec.margin)
    )
    if spec.crop_marks:
        message += _(" and {spec} mm for crop marks on each side").format(spec=_mm(_mark_reserve(spec)))
    return message


def _mm(points: float) -> str:
    return f"{round(points / mm(1), 1):g}"


def _mm_size(size: Size) -> str:
    return f"{_mm(size.width)} x {_mm(size.height)}"
