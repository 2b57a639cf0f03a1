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
from dataclasses import dataclass, replace
from typing import Literal, get_args

from pnp.i18n import _
from pnp.units import Size, mm

# Where the backs go: the next page for long- or short-edge duplex, none, or beside the fronts to fold.
Duplex = Literal["long", "short", "none", "fold"]
DUPLEX_CHOICES: tuple[Duplex, ...] = get_args(Duplex)  # what --duplex and the workbench offer, in this order

MARK_GAP = mm(1)  # between the grid's bleed edge and the start of a crop mark
TIGHT_BLEED = mm(1)  # the most bleed a tight grid keeps on its outer edges (it has none inside)
TIGHT_MARK_GAP = mm(0.5)  # a tight grid's marks start closer: 3 poker cards across A4 leave 9.5 mm
SHORTEST_MARK = mm(1.5)  # marks are shortened down to this to keep room for the footer
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
    # Room kept free above the bottom margin for the footer and its scale bar (for "fold", below
    # the backs): the grid moves up to make it, and gives up a row only when it must.
    footer: float = 0.0
    # Cards butted together, bleed only on the grid's outer edges: one cut serves two cards, so
    # more fit (9 poker cards on A4, 8 mini cards on a gutter-fold page).
    tight: bool = False
    # Cards may be turned 90° to fit more; a token is not: a turned hex prints flat on top and a
    # round token's words run up the sheet, so a reader of the sheet sees a shape not as drawn.
    turn: bool = True


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
    # left, bottom, right, top of what the card may paint; None: its whole bleed box.  In a tight
    # grid a card's bleed must not cover its neighbour, so only its outer edges keep theirs.
    clip: tuple[float, float, float, float] | None = None


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
    footer: float = 0.0  # the height kept free for the footer above the bottom margin
    mark_start: float = 0.0  # how far beyond the outer trim lines the crop marks start
    mark_length: float = 0.0  # 0: no crop marks
    spec: SheetSpec | None = None  # what it was planned from: another size can be planned under it
    # slot counts of the grids a shared sheet holds (cards of different sizes): marks go around each
    # grid on its own, never across another; (): one grid
    blocks: tuple[int, ...] = ()


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
    free = _free_height(area, spec, rows, rotated) if columns * rows else 0.0
    if columns * rows and spec.footer and free < spec.footer - _EPSILON:
        # no room for the footer: shorter crop marks make it, else the grid gives up a row
        shorter = spec.mark_length - (spec.footer - free) / 2
        if spec.crop_marks and shorter >= SHORTEST_MARK - _EPSILON:
            spec = replace(spec, mark_length=shorter)
        elif spec.duplex == "fold":
            area = _Area(area.left, area.bottom, area.right, area.top - spec.footer)
            columns, rows, rotated = _best_grid(area, spec)
        else:
            area = _Area(area.left, area.bottom + spec.footer, area.right, area.top)
            columns, rows, rotated = _best_grid(area, spec)
    if columns * rows == 0:
        raise ImposeError(_does_not_fit_message(spec, page))
    fronts = _layout(area, _as_laid(spec.card, rotated), columns, rows, 90 if rotated else 0, spec)
    marks = _crop_marks(fronts, spec) if spec.crop_marks else ()
    extra = (spec.footer, _outer_bleed(spec) + _mark_gap(spec), spec.mark_length if spec.crop_marks else 0.0, spec)

    if spec.duplex == "none":
        return SheetPlan(page, fronts, (), marks, (), None, rotated, *extra)
    if spec.duplex == "fold":
        backs = tuple(_flip_slot(s, "short", page, (0.0, 0.0)) for s in fronts)
        back_half_marks = tuple(_flip_mark(m, "short", page, (0.0, 0.0)) for m in marks)
        fold_line = Mark(spec.margin, page.height / 2, page.width - spec.margin, page.height / 2)
        return SheetPlan(page, fronts, backs, marks + back_half_marks, (), fold_line, rotated, *extra)
    backs = tuple(_flip_slot(s, spec.duplex, page, spec.back_offset) for s in fronts)
    back_marks = tuple(_flip_mark(m, spec.duplex, page, spec.back_offset) for m in marks)
    return SheetPlan(page, fronts, backs, marks, back_marks, None, rotated, *extra)


def marks_for(plan: SheetPlan, count: int) -> tuple[tuple[Mark, ...], tuple[Mark, ...]]:
    """Crop marks (fronts page, backs page) for a sheet holding the first `count` cards: marks
    only for the rows and columns that hold a card, drawn around those cards, each grid of a
    shared sheet on its own."""
    if not plan.mark_length or count <= 0:
        return (), ()
    front_marks: tuple[Mark, ...] = ()
    back_marks: tuple[Mark, ...] = ()
    start = 0
    for size in plan.blocks or (len(plan.fronts),):
        end = min(start + size, count)
        if end <= start:
            break
        fronts, backs = plan.fronts[start:end], plan.backs[start:end]
        front_marks += _marks_around(fronts, plan.mark_start, plan.mark_length)
        if plan.fold_line is not None:
            front_marks += _marks_around(backs, plan.mark_start, plan.mark_length)
        elif backs:
            back_marks += _marks_around(backs, plan.mark_start, plan.mark_length)
        start += size
    return front_marks, back_marks


def plan_below(host: SheetPlan, used: int, guest: SheetSpec, count: int) -> SheetPlan | None:
    """A shared sheet: the host's first `used` cards, and `count` cards of another size in a grid
    of their own in the room left under them (above the footer); None when they do not all fit.

    Only for backs on the next page: a fold sheet's lower half holds the backs."""
    if host.spec is None or host.fold_line is not None or not 0 < used <= len(host.fronts) or count <= 0:
        return None
    spec = replace(
        guest, footer=0.0, mark_length=host.mark_length or guest.mark_length, crop_marks=bool(host.mark_length)
    )
    page = host.page
    lowest = min(s.y for s in host.fronts[:used]) - host.mark_start - host.mark_length - MARK_GAP
    area = _Area(spec.margin, host.spec.margin + host.footer, page.width - spec.margin, lowest)
    columns, rows, rotated = _best_grid(area, spec)
    if columns * rows < count:
        return None
    rows = math.ceil(count / columns)
    laid = _as_laid(spec.card, rotated)
    _, height = _grid_size(laid, columns, rows, spec)
    area = replace(area, bottom=area.top - height - 2 * _mark_reserve(spec))  # the grid right under the host's
    fronts = _layout(area, laid, columns, rows, 90 if rotated else 0, spec)
    backs: tuple[Slot, ...] = ()
    if host.backs:
        edge: Literal["long", "short"] = "short" if guest.duplex == "short" else "long"
        backs = tuple(_flip_slot(s, edge, page, guest.back_offset) for s in fronts)
    blocks = (*_blocks_of(host, used), len(fronts))
    return replace(
        host,
        fronts=host.fronts[:used] + fronts,
        backs=host.backs[:used] + backs if host.backs else (),
        marks=(),
        back_marks=(),
        blocks=blocks,
    )


def _blocks_of(plan: SheetPlan, used: int) -> tuple[int, ...]:
    """The grid sizes of the plan's first `used` slots."""
    blocks, start = [], 0
    for size in plan.blocks or (len(plan.fronts),):
        if start >= used:
            break
        blocks.append(min(size, used - start))
        start += size
    return tuple(blocks)


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
    return _mark_gap(spec) + spec.mark_length if spec.crop_marks else 0.0


def _mark_gap(spec: SheetSpec) -> float:
    return TIGHT_MARK_GAP if spec.tight else MARK_GAP


def _fit(available: float, cell: float, spacing: float) -> int:
    """How many cells, `spacing` apart, fit in a row `available` long."""
    if available < cell - _EPSILON:
        return 0
    return math.floor((available + spacing) / (cell + spacing) + _EPSILON)


def _outer_bleed(spec: SheetSpec) -> float:
    return min(spec.bleed, TIGHT_BLEED) if spec.tight else spec.bleed


def _grid_shape(area: _Area, card: Size, spec: SheetSpec) -> tuple[int, int]:
    reserve = 2 * _mark_reserve(spec)
    if spec.tight:
        outer = 2 * _outer_bleed(spec)
        return (
            _fit(area.right - area.left - reserve - outer, card.width, 0.0),
            _fit(area.top - area.bottom - reserve - outer, card.height, 0.0),
        )
    columns = _fit(area.right - area.left - reserve, card.width + 2 * spec.bleed, spec.spacing)
    rows = _fit(area.top - area.bottom - reserve, card.height + 2 * spec.bleed, spec.spacing)
    return columns, rows


def _pitch(card: Size, spec: SheetSpec) -> tuple[float, float]:
    if spec.tight:
        return card.width, card.height
    return card.width + 2 * spec.bleed + spec.spacing, card.height + 2 * spec.bleed + spec.spacing


def _grid_size(card: Size, columns: int, rows: int, spec: SheetSpec) -> tuple[float, float]:
    """The grid's outer bleed box, without the marks."""
    if spec.tight:
        outer = 2 * _outer_bleed(spec)
        return columns * card.width + outer, rows * card.height + outer
    pitch_x, pitch_y = _pitch(card, spec)
    return columns * pitch_x - spec.spacing, rows * pitch_y - spec.spacing


def _free_height(area: _Area, spec: SheetSpec, rows: int, rotated: bool) -> float:
    """Height of the area the grid and its marks leave free."""
    _, height = _grid_size(_as_laid(spec.card, rotated), 1, rows, spec)
    return area.top - area.bottom - height - 2 * _mark_reserve(spec)


def _best_grid(area: _Area, spec: SheetSpec) -> tuple[int, int, bool]:
    """(columns, rows, rotated): the grid holding the most cards; a tie keeps the card as designed."""
    columns, rows = _grid_shape(area, spec.card, spec)
    if not spec.turn:
        return columns, rows, False
    turned_columns, turned_rows = _grid_shape(area, _as_laid(spec.card, True), spec)
    if turned_columns * turned_rows > columns * rows:
        return turned_columns, turned_rows, True
    return columns, rows, False


def _as_laid(card: Size, rotated: bool) -> Size:
    return Size(card.height, card.width) if rotated else card


def _layout(area: _Area, card: Size, columns: int, rows: int, rotation: int, spec: SheetSpec) -> tuple[Slot, ...]:
    """Trim boxes of a grid in `area`, in reading order: centred, unless the footer needs the
    grid moved up (or, for "fold", towards the fold) to keep its room free."""
    pitch_x, pitch_y = _pitch(card, spec)
    grid_width, grid_height = _grid_size(card, columns, rows, spec)
    outer = _outer_bleed(spec)
    free = area.top - area.bottom - grid_height - 2 * _mark_reserve(spec)
    gap = max(free / 2, min(spec.footer, free))  # between the footer's side of the area and the marks
    if spec.duplex == "fold":
        top = area.top - gap - _mark_reserve(spec)
    else:
        top = area.bottom + gap + _mark_reserve(spec) + grid_height
    first_x = (area.left + area.right - grid_width) / 2 + outer
    top_row_y = top - outer - card.height
    slots = []
    for row in range(rows):
        for column in range(columns):
            x, y = first_x + column * pitch_x, top_row_y - row * pitch_y
            clip = None
            if spec.tight:
                clip = (
                    x - (outer if column == 0 else 0.0),
                    y - (outer if row == rows - 1 else 0.0),
                    x + card.width + (outer if column == columns - 1 else 0.0),
                    y + card.height + (outer if row == 0 else 0.0),
                )
            slots.append(Slot(x, y, card.width, card.height, rotation, clip))
    return tuple(slots)


def _crop_marks(slots: tuple[Slot, ...], spec: SheetSpec) -> tuple[Mark, ...]:
    return _marks_around(slots, _outer_bleed(spec) + _mark_gap(spec), spec.mark_length)


def _marks_around(slots: tuple[Slot, ...], start: float, length: float) -> tuple[Mark, ...]:
    """Marks extending every trim line outward, outside the grid only, so none crosses a bleed box;
    `start` is how far beyond the outer trim lines they begin (the bleed and a gap)."""
    left = min(s.x for s in slots) - start
    right = max(s.x + s.width for s in slots) + start
    bottom = min(s.y for s in slots) - start
    top = max(s.y + s.height for s in slots) + start
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
    clip = slot.clip
    if edge == "long":
        x, y, rotation = page.width - slot.x - slot.width, slot.y, -slot.rotation
        if clip is not None:
            clip = (page.width - clip[2], clip[1], page.width - clip[0], clip[3])
    else:
        # Turned over about the short edge the card's top lands at the bottom, so its back is drawn upside-down.
        x, y, rotation = slot.x, page.height - slot.y - slot.height, 180 - slot.rotation
        if clip is not None:
            clip = (clip[0], page.height - clip[3], clip[2], page.height - clip[1])
    if clip is not None:
        clip = (clip[0] + dx, clip[1] + dy, clip[2] + dx, clip[3] + dy)
    return Slot(x + dx, y + dy, slot.width, slot.height, rotation % 360, clip)


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
