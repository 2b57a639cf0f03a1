"""Where each sticker's label (its card and region) goes, and how its words fit there.

A label runs along its sticker's bottom or top edge, outside the cut: above a sticker laid
straight on a full sheet, in the gap the packing leaves there; beside a sticker turned on a full
sheet, along its long side, in its own gap to the right (the side its bottom edge faces), so it
reads the way the sticker's text reads and has that side's length; below a sticker on a
label sheet, across the whole label.  Each of these places is room no other sticker or label
takes (pnp.impose.packing keeps each sticker's gap above and to the right of it).

The words are set at LABEL_SIZE, smaller down to the floor, then on two lines where the room
holds two; only what fits nowhere is shortened, and the build says so, naming the card.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.impose.label_sheets import LABEL_ROOM, LABEL_SHEETS
from pnp.impose.packing import Placed, StickerSheets
from pnp.render.face import LEGIBLE, RenderContext
from pnp.units import mm

LABEL_SIZE = 6.5  # pt: as the sheet's footer
LABEL_FLOOR = LEGIBLE  # pt: the smallest type pnp prints
STEP = 0.25  # pt
LEADING = 1.0  # two label lines, one under the other: they must stay inside the gap
LABEL_GAP = mm(1.8)  # from the cut to the nearest line of the label, past the sticker's 1 mm bleed
NEAR = mm(1.5)  # from the cut to the top of the letters of a label beside a turned sticker
ASCENT = 0.75  # of the label font's capitals, in ems
OVERHANG = mm(5)  # into the sticker's own gap, past its end: two cuts and a bleed stay clear
ELLIPSIS = "…"


@dataclass(frozen=True)
class LabelSpot:
    """A label's place, in a frame at `origin` on the sheet (turned 90° anticlockwise if `rotated`, as
    its sticker is): the baseline of the line nearest the cut at (`x`, `y`), each further line `step`
    further from the cut, up to `lines` lines `room` wide, left-aligned at `x` or `centred` on it."""

    origin: tuple[float, float]
    rotated: bool
    x: float
    y: float
    step: float
    room: float
    lines: int
    centred: bool


@dataclass(frozen=True)
class FittedLabel:
    lines: tuple[str, ...]
    size: float
    shortened: bool


def label_font(ctx: RenderContext) -> str:
    """The font the labels (and the footer) are set in: the fonts' label role."""
    font = ctx.fonts.role("label")
    return font.name() if font else "Helvetica"


def placed_labels(
    sheets: StickerSheets, texts: dict[str, str], paper: str, font: str
) -> dict[str, tuple[LabelSpot, FittedLabel]]:
    """Each placed sticker's label, by sticker key: where it goes and its words as they fit there."""
    labels = {}
    for placed in sheets.placed:
        spot = label_spot(placed, paper)
        labels[placed.sticker.region] = spot, fit_label(texts[placed.sticker.region], font, spot.room, spot.lines)
    return labels


def label_spot(placed: Placed, paper: str) -> LabelSpot:
    """Where the label of `placed` goes on a sheet of `paper` (pnp.impose.label_sheets)."""
    sheet = LABEL_SHEETS.get(paper)
    if sheet is not None:  # below the sticker, across the whole label, as far down as the label goes
        baseline = min(LABEL_GAP + mm(1.5), LABEL_ROOM - mm(0.5))
        below = LABEL_ROOM + (sheet.label.height - LABEL_ROOM - placed.height) / 2  # the cut to the label's edge
        lines = 2 if below - baseline >= LABEL_FLOOR * LEADING + mm(0.8) else 1
        origin = (placed.x + placed.width / 2, placed.y)
        return LabelSpot(origin, False, 0.0, -baseline, -LABEL_FLOOR * LEADING, sheet.label.width - mm(2), lines, True)
    # two lines at the floor: from LABEL_GAP (or NEAR) out to 5.5 mm, short of a neighbour's bleed FULL_GAP away
    if placed.rotated:  # the sticker's bottom edge faces right: its own gap, along its length
        first = -(NEAR + LABEL_SIZE * ASCENT)  # the first line's letters start NEAR out
        origin = (placed.x + placed.width, placed.y)
        return LabelSpot(origin, True, 0.0, first, -LABEL_FLOOR * LEADING, placed.height + OVERHANG, 2, False)
    origin = (placed.x, placed.y + placed.height)
    return LabelSpot(origin, False, 0.0, LABEL_GAP, LABEL_FLOOR * LEADING, placed.width + OVERHANG, 2, False)


def fit_label(text: str, font: str, room: float, lines: int) -> FittedLabel:
    """`text` on one line at the largest size from LABEL_SIZE to the floor that fits `room`; else
    on up to `lines` lines at the floor; else shortened with "…" at the floor."""
    size = LABEL_SIZE
    while size >= LABEL_FLOOR - 1e-9:
        if stringWidth(text, font, size) <= room:
            return FittedLabel((text,), size, False)
        size -= STEP
    if lines > 1:
        wrapped = _wrap(text, font, room, lines)
        if wrapped is not None:
            return FittedLabel(wrapped, LABEL_FLOOR, False)
    return FittedLabel(_shortened(text, font, room, lines), LABEL_FLOOR, True)


def _wrap(text: str, font: str, room: float, lines: int) -> tuple[str, ...] | None:
    """The words of `text` on at most `lines` lines of `room` at the floor, or None."""
    out: list[str] = []
    for word in _words(text):
        joined = f"{out[-1]} {word}" if out else word
        if out and stringWidth(joined, font, LABEL_FLOOR) <= room:
            out[-1] = joined
        elif stringWidth(word, font, LABEL_FLOOR) <= room:
            out.append(word)
        else:
            return None
    return tuple(out) if len(out) <= lines else None


def _words(text: str) -> list[str]:
    """The words of a label, each "·" kept with the word before it: a line never starts with one."""
    words: list[str] = []
    for word in text.split():
        if word == "·" and words:
            words[-1] += " ·"
        else:
            words.append(word)
    return words


def _shortened(text: str, font: str, room: float, lines: int) -> tuple[str, ...]:
    """The longest start of `text`, then "…", that fits: on the first lines whole words, the last cut."""
    out: list[str] = []
    words = _words(text)
    for _line in range(lines - 1):
        taken = 0
        while taken < len(words) and stringWidth(" ".join(words[: taken + 1]), font, LABEL_FLOOR) <= room:
            taken += 1
        if not taken:
            break
        out.append(" ".join(words[:taken]))
        words = words[taken:]
    cut = " ".join(words)
    while cut and stringWidth(cut.rstrip(" ·") + ELLIPSIS, font, LABEL_FLOOR) > room:
        cut = cut[:-1]
    out.append(cut.rstrip(" ·") + ELLIPSIS)
    return tuple(out)
