"""Lengths and named sizes: the only place unit strings are parsed.

Data files write lengths with units ("63mm", "2.5in", "8pt"); code works in
PostScript points (1/72 in), which is what ReportLab draws in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.i18n import _
from pnp.limits import MAX_LENGTH_MM, MIN_CARD_SIDE_MM

POINTS_PER_UNIT = {"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 72.0 / 2.54}

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")

# Card sizes by name, width x height in mm, portrait.  Poker is 2.5 x 3.5 in.
CARD_SIZES_MM: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.0, 89.0),
    "mini-american": (41.0, 63.0),
    "mini-euro": (44.0, 68.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}

PAPER_SIZES_MM: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}
PAPERS = tuple(PAPER_SIZES_MM)  # what --paper and the workbench offer, the default first


class UnitError(ValueError):
    """A length or size string that cannot be read; the message says why."""


def mm(value: float) -> float:
    return value * POINTS_PER_UNIT["mm"]


def parse_length(text: str) -> float:
    """'63mm' -> points.  A bare number is refused: units are never guessed."""
    match = _LENGTH.match(text) if isinstance(text, str) else None
    if not match:
        raise UnitError(_('expected a length with a unit (mm, cm, in, pt), like "3mm", got {text!r}').format(text=text))
    number, unit = match.groups()
    return _bounded(float(number) * POINTS_PER_UNIT[unit], text)


def _bounded(points: float, text: str) -> float:
    """A length no printer could print ("1e309mm" is infinite) is refused here, before geometry sees it."""
    if not abs(points) <= mm(MAX_LENGTH_MM):
        shown = text.strip() if len(text.strip()) <= 24 else text.strip()[:20] + "…"
        raise UnitError(
            _("{shown!r} is too long: a length may be at most {metres:g} m").format(
                shown=shown, metres=MAX_LENGTH_MM / 1000
            )
        )
    return points


@dataclass(frozen=True)
class Size:
    """A width and height in points."""

    width: float
    height: float

    def landscape(self) -> Size:
        return Size(max(self.width, self.height), min(self.width, self.height))

    def portrait(self) -> Size:
        return Size(min(self.width, self.height), max(self.width, self.height))


def parse_card_size(text: str) -> Size:
    """A named size ('poker') or a custom one ('63mm x 88mm', '2.5 x 3.5in')."""
    key = text.strip().lower().replace(" ", "-").replace("_", "-")
    if key in CARD_SIZES_MM:
        w, h = CARD_SIZES_MM[key]
        return Size(mm(w), mm(h))
    match = _SIZE.match(text)
    if not match:
        names = ", ".join(CARD_SIZES_MM)
        raise UnitError(
            _('expected a card size name ({names}) or "WIDTHmm x HEIGHTmm", got {text!r}').format(
                names=names, text=text
            )
        )
    width_text, width_unit, height_text, height_unit = match.groups()
    width = _bounded(float(width_text) * POINTS_PER_UNIT[width_unit or height_unit], text)
    height = _bounded(float(height_text) * POINTS_PER_UNIT[height_unit], text)
    if width <= 0 or height <= 0:
        raise UnitError(_("a card size must be larger than zero, got {text!r}").format(text=text))
    if min(width, height) < mm(MIN_CARD_SIDE_MM):
        # smaller than any card sold, and smaller than a bleed and crop marks: a typo ("6mm" for "63mm")
        raise UnitError(
            _("a card must be at least {size:g} mm on each side, got {text!r}").format(size=MIN_CARD_SIDE_MM, text=text)
        )
    return Size(width, height)


def paper_size(name: str) -> Size:
    w, h = PAPER_SIZES_MM[name.lower()]
    return Size(mm(w), mm(h))
