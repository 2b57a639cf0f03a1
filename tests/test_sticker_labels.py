"""A sticker's label (its card and region) fits beside it before it is shortened, and a shortened one is said."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.export.sticker_labels import (
    ASCENT,
    LABEL_FLOOR,
    LABEL_GAP,
    LABEL_SIZE,
    LEADING,
    NEAR,
    OVERHANG,
    fit_label,
    label_spot,
    placed_labels,
)
from pnp.impose.label_sheets import FULL_GAP
from pnp.impose.packing import Placed, Sticker, StickerSheets
from pnp.units import Size, mm

FONT = "Helvetica"
LABEL = "Farol de tormenta · texto de ambientación · 1/2"


def test_a_label_that_fits_keeps_the_largest_size() -> None:
    fitted = fit_label(LABEL, FONT, mm(200), 2)
    assert fitted == type(fitted)((LABEL,), LABEL_SIZE, False)


def test_a_label_a_little_too_long_is_set_smaller_not_shortened() -> None:
    room = stringWidth(LABEL, FONT, LABEL_FLOOR) + 0.1  # fits at the floor only
    fitted = fit_label(LABEL, FONT, room, 1)
    assert fitted.lines == (LABEL,) and LABEL_FLOOR <= fitted.size < LABEL_SIZE and not fitted.shortened


def test_a_long_label_wraps_to_two_lines_whole() -> None:
    room = stringWidth(LABEL, FONT, LABEL_FLOOR) * 0.6
    fitted = fit_label(LABEL, FONT, room, 2)
    assert len(fitted.lines) == 2 and not fitted.shortened
    assert " ".join(fitted.lines) == LABEL  # every word, in order
    assert not fitted.lines[1].startswith("·")  # a line breaks after the dot, not before
    assert all(stringWidth(line, FONT, fitted.size) <= room for line in fitted.lines)


def test_a_label_that_fits_nowhere_is_shortened_within_its_room() -> None:
    room = stringWidth(LABEL, FONT, LABEL_FLOOR) * 0.3
    fitted = fit_label(LABEL, FONT, room, 2)
    assert fitted.shortened and fitted.lines[-1].endswith("…") and fitted.lines[0] == "Farol de"
    assert all(stringWidth(line, FONT, LABEL_FLOOR) <= room for line in fitted.lines)


def _placed(width_mm: float, height_mm: float, rotated: bool) -> Placed:
    sticker = Sticker("rope/flavour/1", 1, mm(width_mm), mm(height_mm))
    w, h = (sticker.height, sticker.width) if rotated else (sticker.width, sticker.height)
    return Placed(sticker, 0, mm(20), mm(30), w, h, rotated)


def test_a_turned_stickers_label_runs_along_its_long_side() -> None:
    placed = _placed(51.5, 9.0, rotated=True)  # laid 9 mm wide and 51.5 mm tall on the sheet
    spot = label_spot(placed, "a4")
    assert spot.rotated and spot.room >= mm(51.5)  # the long side, not the 9 mm across
    assert spot.origin == (placed.x + placed.width, placed.y)  # right of it: its own gap
    straight = label_spot(_placed(51.5, 9.0, rotated=False), "a4")
    assert not straight.rotated and straight.room == mm(51.5) + OVERHANG


def test_two_label_lines_stay_inside_the_gap_between_stickers() -> None:
    neighbours_bleed = FULL_GAP - mm(1)
    # above a straight sticker: the top line's capitals; beside a turned one: the second line's descenders
    assert neighbours_bleed > LABEL_GAP + LABEL_FLOOR * LEADING + LABEL_FLOOR * ASCENT
    assert neighbours_bleed > NEAR + LABEL_SIZE * ASCENT + LABEL_FLOOR * LEADING + LABEL_FLOOR * 0.25


def test_a_shortened_label_is_a_warning_naming_the_card() -> None:
    from pnp.pipelines.stickers import _shortened_labels

    class _Pack:
        root = Path("pack")

    placed = _placed(30, 9.0, rotated=False)
    sheets = StickerSheets(Size(mm(210), mm(297)), (0, 0, mm(210), mm(297)), mm(7), (placed,), 1, ())
    long = "Una carta de título larguísimo que no cabe en ninguna parte de la hoja · texto de ambientación · 1/2"
    labels = placed_labels(sheets, {"rope/flavour/1": long}, "a4", FONT)
    findings = _shortened_labels(_Pack(), labels, {"rope/flavour/1": long})  # type: ignore[arg-type]
    where = [(f.code, f.card, f.field) for f in findings]
    assert where == [("build/sticker-label", "rope", "card_type.region.flavour")]
    assert long in findings[0].message and "…" in findings[0].message
