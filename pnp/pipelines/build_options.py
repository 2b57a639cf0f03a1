"""The plain data a build passes between its stages: options in, a result out."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.errors import Finding, has_errors
from pnp.impose.sheet import DUPLEX_CHOICES, Duplex
from pnp.paths import FONTS_DIR, TEMPLATES_DIR
from pnp.units import mm

if TYPE_CHECKING:  # types only: a build that changed nothing imports none of the stages
    from pnp.compose import Selection
    from pnp.export.pdf import SheetSection
    from pnp.model import LoadedDeck

__all__ = [
    "BACK_OFFSET_MM",
    "BLEED_MM",
    "DUPLEX_CHOICES",
    "FONTS_DIR",
    "TEMPLATES_DIR",
    "BuildOptions",
    "BuildResult",
    "DeckBuild",
    "Duplex",
    "within",
]

# The ranges of the length options, for the command line and the workbench alike (millimetres).
BLEED_MM = (0.0, 12.0)  # image beyond the cut line
BACK_OFFSET_MM = (-10.0, 10.0)  # each of X and Y: the calibration page reads +-10 mm; past that backs leave their cards


def within(length: float, range_mm: tuple[float, float]) -> bool:
    """Whether a length in points lies in the range (in mm), ends included."""
    low, high = range_mm
    return mm(low) - 1e-9 <= length <= mm(high) + 1e-9


@dataclass(frozen=True)
class BuildOptions:
    language: str | None = None
    paper: str = "a4"
    duplex: Duplex = "long"
    decks: tuple[str, ...] = ()
    bleed: float = mm(3)
    back_offset: tuple[float, float] = (0.0, 0.0)
    output: Path = Path("output")
    templates: Path = TEMPLATES_DIR
    calibration: bool = False
    png: bool = False
    dpi: int = 300
    png_bleed: bool = True
    cache: bool = True
    tts: bool = False
    bilingual: bool = False  # both languages on each card, the original in smaller type
    card_size: str | None = None  # print every deck at this size: the layouts scale
    print_shop: str | None = None  # mpc, drivethru or oneup
    placeholders: bool = True  # print placeholder cards (with their "text missing" mark)
    selection: Selection | None = None  # --players / --variant: print the decks they make
    quantities: tuple[tuple[str, int], ...] = ()  # values for swap lines counted per a quantity
    shop_fit: str = "nearest"  # a size the shop does not sell: "nearest" product, or "exact" (kept, warned)
    tts_base_url: str | None = None  # where the TTS images will be uploaded; None: this computer's folder
    draft: bool = False  # print despite text errors, every sheet marked as a draft
    tight: bool = False  # cards butted, bleed only around the grid: 9 poker cards on A4
    mix_decks: bool = True  # in cards.pdf, cards of one size share sheets whatever their deck
    aids: bool = True  # write aids.pdf, the pack's reference cards and set-up sheets (aids/)


@dataclass
class DeckBuild:
    deck: LoadedDeck
    section: SheetSection
    back_key: str  # the deck's shared back
    faces: tuple[tuple[str, str, str], ...]  # (card id, front key, back key), one per design


@dataclass
class BuildResult:
    findings: list[Finding] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    cards: int = 0
    sheets: int = 0  # sheets of fronts in cards.pdf
    sheets_unmixed: int = 0  # what they would be with one deck per sheet
    faces: int = 0
    images: int = 0  # PNG files wanted
    images_drawn: int = 0  # of which drawn now, not taken from the cache
    without_text: int = 0  # printed copies whose text is missing (placeholders included)
    placeholders_left_out: int = 0  # copies --no-placeholders kept off the sheets
    notes: list[str] = field(default_factory=list)  # what the person printing must do by hand (cards at random)
    ranges_drawn: int = 0  # parts of faces (pnp.export.sheets) drawn now, not taken from the cache
    unchanged: list[Path] = field(default_factory=list)  # nothing changed since the build that wrote these

    @property
    def ok(self) -> bool:
        return not has_errors(self.findings)
