"""Sticker paper: full sheets to cut, and label sheets whose labels come pre-cut.

Pure geometry, in points, PDF coordinates (origin bottom-left, y up).  On a full
sheet the stickers are packed (pnp.impose.packing) with room between them for a
cut and a label line; on a label sheet each sticker takes one label, centred,
its label line below it inside the label.  docs/exports.md lists the formats and
where each grid comes from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.units import Size, mm

# The command line reads this module's papers for `build --sticker-paper`: the packing comes with the
# stickers placed (every command would import it otherwise, for its options' table)
if TYPE_CHECKING:
    from pnp.impose.packing import Placed, Sticker, StickerSheets

LABEL_ROOM = mm(3.5)  # under a sticker on a label: its label line, 6 pt
FULL_MARGIN = mm(10)  # round a full sheet: most printers leave 3 to 5 mm unprinted
FULL_GAP = mm(7)  # between stickers on a full sheet: two cuts, a millimetre of bleed each, the label line


@dataclass(frozen=True)
class LabelSheet:
    """A sheet of pre-cut labels: `columns` x `rows` labels of `label`, the first one's top-left
    corner at (`left`, `top`) from the page's top-left, one label to the next `pitch` apart."""

    id: str
    page: Size
    label: Size
    columns: int
    rows: int
    left: float
    top: float
    pitch_x: float
    pitch_y: float

    def cells(self) -> list[tuple[float, float]]:
        """Each label's bottom-left corner in PDF coordinates, row by row from the top left."""
        return [
            (self.left + column * self.pitch_x, self.page.height - self.top - row * self.pitch_y - self.label.height)
            for row in range(self.rows)
            for column in range(self.columns)
        ]


A4 = Size(mm(210), mm(297))
LETTER = Size(8.5 * 72, 11 * 72)
INCH = 72.0

FULL_SHEETS = {"a4": A4, "letter": LETTER}


def _mm_sheet(id_: str, label: tuple[float, float], grid: tuple[int, int], corner: tuple[float, float],
              pitch: tuple[float, float]) -> LabelSheet:  # fmt: skip
    return LabelSheet(id_, A4, Size(mm(label[0]), mm(label[1])), *grid, mm(corner[0]), mm(corner[1]),
                      mm(pitch[0]), mm(pitch[1]))  # fmt: skip


def _inch_sheet(id_: str, label: tuple[float, float], grid: tuple[int, int], corner: tuple[float, float],
                pitch: tuple[float, float]) -> LabelSheet:  # fmt: skip
    return LabelSheet(id_, LETTER, Size(label[0] * INCH, label[1] * INCH), *grid, corner[0] * INCH,
                      corner[1] * INCH, pitch[0] * INCH, pitch[1] * INCH)  # fmt: skip


# id -> the grid as the maker's product sheet gives it (docs/exports.md, "Translation stickers")
LABEL_SHEETS = {
    sheet.id: sheet
    for sheet in (
        _mm_sheet("avery-l7160", (63.5, 38.1), (3, 7), (7.21, 15.15), (66.04, 38.1)),
        _mm_sheet("avery-l7163", (99.1, 38.1), (2, 7), (4.65, 15.15), (101.6, 38.1)),
        _mm_sheet("avery-l7165", (99.1, 67.7), (2, 4), (4.65, 13.1), (101.6, 67.7)),
        _mm_sheet("apli-70x37", (70.0, 37.0), (3, 8), (0.0, 0.5), (70.0, 37.0)),
        _inch_sheet("avery-5160", (2.625, 1.0), (3, 10), (0.1875, 0.5), (2.75, 1.0)),
        _inch_sheet("avery-5163", (4.0, 2.0), (2, 5), (0.15625, 0.5), (4.1875, 2.0)),
    )
}
PAPERS = (*FULL_SHEETS, *LABEL_SHEETS)


def place_stickers(stickers: list[Sticker], paper: str) -> StickerSheets:
    """Stickers on sheets of `paper`: packed on a full sheet, one to a label on a label sheet."""
    from pnp.impose.packing import pack_stickers

    if paper in FULL_SHEETS:
        return pack_stickers(stickers, FULL_SHEETS[paper], margin=FULL_MARGIN, gap=FULL_GAP)
    return _on_labels(stickers, LABEL_SHEETS[paper])


def _on_labels(stickers: list[Sticker], sheet: LabelSheet) -> StickerSheets:
    from pnp.impose.packing import Placed, StickerSheets

    cells = sheet.cells()
    placed: list[Placed] = []
    too_large: list[Sticker] = []
    room_w, room_h = sheet.label.width - mm(2), sheet.label.height - mm(1) - LABEL_ROOM
    index = 0
    for sticker in stickers:
        if sticker.width <= room_w and sticker.height <= room_h:
            width, height, turned = sticker.width, sticker.height, False
        elif sticker.height <= room_w and sticker.width <= room_h:
            width, height, turned = sticker.height, sticker.width, True
        else:
            too_large.append(sticker)
            continue
        x, y = cells[index % len(cells)]
        # centred across the label; above its label line, centred in what is left of the height
        left = x + (sheet.label.width - width) / 2
        bottom = y + LABEL_ROOM + (sheet.label.height - LABEL_ROOM - height) / 2
        placed.append(Placed(sticker, index // len(cells), left, bottom, width, height, turned))
        index += 1
    sheets = -(-index // len(cells)) if index else 0
    area = (0.0, 0.0, sheet.page.width, sheet.page.height)
    return StickerSheets(sheet.page, area, 0.0, tuple(placed), sheets, tuple(too_large))
