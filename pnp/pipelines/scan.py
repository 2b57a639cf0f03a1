"""`pnp scan`'s run: scanned pages of cards into one straight image per card, named, with the text read.

The stages of pnp/scan, page by page: read the page, find the shapes on it, match them with the
cards still to name, straighten and crop each card, write its image (as soon as it is made) and
read its text regions.  The deck files are not touched here: `finish` plans their edit, and the
command writes it, all of it or none.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.errors import Finding, error, info, warning
from pnp.i18n import _, ngettext
from pnp.paths import shown_path

if TYPE_CHECKING:
    import numpy as np

    from pnp.model import PackData
    from pnp.scan.cards import Wanted
    from pnp.scan.match import FoundCard, PageReading
    from pnp.scan.ocr import Reader
    from pnp.scan.page import Page
    from pnp.scan.write import CardUpdate, PackEdit


@dataclass
class ScanOutcome:
    """What a run leaves for the command to write and to sum up."""

    edit: PackEdit
    images: int  # written under art/scans/
    reading: bool  # the text was read (Tesseract was found)
    unread: list[str]  # "card (region)" read with too little confidence, or not at all
    empty: list[str]  # regions with no words


class ScanRun:
    """One `pnp scan`: the cards still to name, what was found, and what goes into the pack.

    `say` shows a line of progress and `show` a finding as it is made: the command decides how (and
    whether, under -q) they are printed."""

    def __init__(
        self,
        data: PackData,
        wanted: list[Wanted],
        dpi: float | None,
        force: bool,
        say: Callable[[str], None],
        show: Callable[[Finding], None],
    ) -> None:
        self.data, self.wanted, self.dpi, self.force = data, list(wanted), dpi, force
        self.say, self.show = say, show
        self.sizes = sorted({w.size_mm for w in wanted})
        self.next = 0  # the next name to give
        self.findings: list[Finding] = []
        self.updates: list[CardUpdate] = []
        self.unread: list[str] = []  # "card (region)" read with too little confidence, or not at all
        self.empty: list[str] = []  # regions with no words: a card without flavour text, or a wrong region
        self.reader: Reader | None = None
        self.images = 0

    def report(self, finding: Finding) -> None:
        self.findings.append(finding)
        self.show(finding)

    def start_reader(self) -> None:
        from pnp.scan.ocr import find_reader

        if not any(w.regions for w in self.wanted):
            self.say(_("No text regions are declared for these cards' types ([[card_type.region]]): no text is read."))
            return
        self.reader, problem = find_reader(self.data.pack.source_language)
        if problem:
            self.say(problem)

    def scan_page(self, path: Path) -> None:
        from pnp.scan.find import find_blobs
        from pnp.scan.match import SLANTED, page_slant, read_blobs
        from pnp.scan.page import read_page

        page, found = read_page(path)
        for finding in found:
            self.report(finding)
        if page is None:
            return
        blobs = find_blobs(page.pixels)
        reading = read_blobs(blobs, self.sizes, page.dpi, self.dpi)
        if reading is None or not reading.cards:
            slant = page_slant(blobs)
            if slant > SLANTED:
                message = _(
                    "no card found on the page: its shapes are up to {skew:.0f}° off square, as in a photo taken "
                    "at a steep angle"
                ).format(skew=slant)
                hint = _("photograph the page from straight above, or scan it")
            else:
                message = _("no card found on the page")
                hint = _(
                    "lay the cards on the glass a finger's width apart, face down, with the lid closed or a "
                    "dark sheet behind them; the pack's cards measure {sizes}"
                ).format(sizes=", ".join(f"{w:g} x {h:g} mm" for w, h in self.sizes))
            self.report(error("scan/no-card", page.shown, message, hint=hint))
            if reading is not None:
                self._say_others(page.shown, reading)
            return
        source = {
            "option": _("given with --dpi"),
            "file": _("as the file says"),
            "cards": _("measured from the cards"),
        }[reading.dpi_source]
        self.say(
            "  "
            + ngettext(
                "{n} card found, at {dpi:.0f} dpi ({source})",
                "{n} cards found, at {dpi:.0f} dpi ({source})",
                len(reading.cards),
            ).format(n=len(reading.cards), dpi=reading.dpi, source=source)
        )
        if reading.dpi < 250:  # a 300 dpi print of it is visibly soft
            self.report(
                warning(
                    "scan/low-resolution",
                    page.shown,
                    _(
                        "the cards on the page are at {dpi:.0f} dpi: they are enlarged to 300 dpi and will print soft"
                    ).format(dpi=reading.dpi),
                    hint=_("scan at 300 dpi or more"),
                )
            )
        for position, found_card in enumerate(reading.cards, 1):
            self._card(page, reading.dpi, position, found_card, reading.slanted)
        self._say_others(page.shown, reading)

    def _say_others(self, shown: str, reading: PageReading) -> None:
        for other in reading.others:
            self.say(
                "  "
                + _("not a card, at {x:.0f}, {y:.0f} mm from the top-left: {reason}").format(
                    x=other.position_mm[0], y=other.position_mm[1], reason=other.reason
                )
            )
        if reading.specks:
            self.say(
                "  "
                + ngettext(
                    "{n} speck of dust or noise left out", "{n} specks of dust or noise left out", reading.specks
                ).format(n=reading.specks)
            )

    def _card(self, page: Page, page_dpi: float, position: int, found: FoundCard, slanted: bool) -> None:

        where = _("card {position} on the page").format(position=position)
        if self.next >= len(self.wanted):
            self.report(
                warning(
                    "scan/unnamed",
                    page.shown,
                    _("{where} has no name: the pages hold more cards than named ({count})").format(
                        where=where, count=len(self.wanted)
                    ),
                    hint=_("add its id to --cards"),
                )
            )
            return
        wanted = self.wanted[self.next]
        self.next += 1
        width, height = found.size_mm
        measured = f"{width:.1f} x {height:.1f} mm"
        expected = f"{wanted.size_mm[0]:g} x {wanted.size_mm[1]:g} mm"
        from pnp.scan.match import card_fits

        if found.steep:
            self.report(
                error(
                    "scan/steep",
                    page.shown,
                    _(
                        "{where} is photographed at a steep angle (its corners are {skew:.0f}° off square): "
                        "it was not straightened"
                    ).format(where=where, skew=found.blob.skew),
                    card=wanted.card_id,
                    hint=_("photograph the page from straight above, or scan it"),
                )
            )
            return
        if not card_fits(found.size_mm, [wanted.size_mm], slanted):
            self.report(
                error(
                    "scan/wrong-size",
                    page.shown,
                    _("{where} measures {measured}, but {card} is a {expected} card").format(
                        where=where, measured=measured, card=wanted.card_id, expected=expected
                    ),
                    card=wanted.card_id,
                    hint=_(
                        "cards of two sizes on one page? Scan each size on a page of its own, "
                        "or name the page's cards in order with --cards"
                    ),
                )
            )
            return
        from pnp.scan.straighten import straighten
        from pnp.scan.write import CardUpdate, encode_scan, made_by_pnp, scan_path

        assert found.blob.corners is not None
        face = straighten(page.pixels, found.blob.corners, wanted.size_mm, page_dpi, found.quarter_turns)
        relative = scan_path(wanted.card_id)
        target = self.data.root / relative
        notes = []
        if slanted:
            notes.append(_("photographed at a slant: straightened from its four corners"))
        if found.quarter_turns:
            notes.append(_("lying on its side: turned a quarter turn; if it is upside down, turn its image"))
        line = _("{where} is {card}: turned {angle:+.1f}°, {measured} (the card: {expected})").format(
            where=where, card=wanted.card_id, angle=found.blob.angle, measured=measured, expected=expected
        )
        if not target.resolve().is_relative_to(self.data.root.resolve()):  # art/ or art/scans/ a link outside
            self.report(
                error(
                    "scan/outside-pack",
                    shown_path(target),
                    _("{relative} leads outside the pack folder: nothing was written there").format(relative=relative),
                    card=wanted.card_id,
                    hint=_("make art/scans/ a folder inside the pack"),
                )
            )
            return
        if target.exists() and not self.force and not made_by_pnp(target):
            self.report(
                error(
                    "scan/exists",
                    shown_path(target),
                    _("{relative} is an image you made or changed: it was not replaced").format(relative=relative),
                    card=wanted.card_id,
                    hint=_("run again with --force to replace it, or move it away"),
                )
            )
            return
        from pnp.files import write_atomic

        try:
            write_atomic(target, encode_scan(face, page.path.name))
        except OSError as exc:
            self.report(
                error(
                    "scan/write",
                    shown_path(target),
                    _("cannot write the file: {value}").format(value=exc.strerror or exc),
                    card=wanted.card_id,
                    hint=_("check the folder's permissions and free space"),
                )
            )
            return
        self.images += 1
        saved = _("saved as {path}").format(path=relative)
        self.say("  " + line + (f" ({'; '.join(notes)})" if notes else "") + f"; {saved}")
        update = CardUpdate(wanted.card_id, relative)
        if self.reader is not None:
            self._read(page.shown, wanted, face, update)
        self.updates.append(update)

    def _read(self, shown: str, wanted: Wanted, face: np.ndarray, update: CardUpdate) -> None:
        from pnp.scan.ocr import MIN_CONFIDENCE, ONE_LINE_FIELDS, read_region, region_pixels

        for region in wanted.regions:
            if region.field == "type":
                continue  # the card type's name: the same on every card of the type, typed once in pack.toml
            box = region.box_mm()
            if box[0] + box[2] > wanted.size_mm[0] + 0.01 or box[1] + box[3] > wanted.size_mm[1] + 0.01:
                self.report(
                    warning(
                        "scan/region-outside",
                        shown,
                        _("the region {region} lies outside the {size} card: it was not read").format(
                            region=region.id, size=f"{wanted.size_mm[0]:g} x {wanted.size_mm[1]:g} mm"
                        ),
                        card=wanted.card_id,
                    )
                )
                continue
            pixels = region_pixels(face, box)
            assert self.reader is not None
            reading = read_region(self.reader, pixels, region.field in ONE_LINE_FIELDS) if pixels is not None else None
            if reading is None or reading.confidence < MIN_CONFIDENCE:
                self.unread.append(f"{wanted.card_id} ({region.id})")
                continue
            if not reading.text:
                self.empty.append(f"{wanted.card_id} ({region.id})")
                continue
            if region.field == "title":
                self._compare_title(shown, wanted, reading.text)
            # two regions carrying one field (rules text in two boxes) make two paragraphs of it
            before = update.texts.get(region.field)
            update.texts[region.field] = f"{before}\n\n{reading.text}" if before else reading.text

    def _compare_title(self, shown: str, wanted: Wanted, text: str) -> None:
        typed = wanted.title.casefold().strip()
        read = text.casefold().replace("\\", "").strip()
        if typed and difflib.SequenceMatcher(None, typed, read).ratio() < 0.6:
            self.report(
                warning(
                    "scan/title-differs",
                    shown,
                    _(
                        'the scan named {card} reads "{read}", but the card is titled "{typed}": '
                        "are the cards in order?"
                    ).format(card=wanted.card_id, read=text, typed=wanted.title),
                    card=wanted.card_id,
                    hint=_(
                        "list the page's cards in reading order with --cards: rows from the top, each from the left"
                    ),
                )
            )

    def finish(self) -> ScanOutcome:
        """The cards named but not found, and the edit of the deck files that names the scans."""
        from pnp.scan.write import plan_pack_edit

        left = [w.card_id for w in self.wanted[self.next :]]
        if left:
            self.report(
                info(
                    "scan/not-found",
                    shown_path(self.data.root),
                    ngettext(
                        "{n} card named was not on the pages: {cards}",
                        "{n} cards named were not on the pages: {cards}",
                        len(left),
                    ).format(n=len(left), cards=", ".join(left)),
                )
            )
        edit = plan_pack_edit(self.data, self.updates, self.force)
        for card_id, kept in edit.scans_kept:
            self.report(
                warning(
                    "scan/scan-kept",
                    shown_path(self.data.root),
                    _("{card} names its scan already ({kept}): it was kept; the new scan is {new}").format(
                        card=card_id, kept=kept, new=next(u.scan for u in self.updates if u.card_id == card_id)
                    ),
                    card=card_id,
                    hint=_("run again with --force to name the new scan"),
                )
            )
        return ScanOutcome(edit, self.images, self.reader is not None, self.unread, self.empty)
