"""`pnp scan`: scanned pages of cards into one straight image per card, named, with the text read.

The command parses, runs pnp/pipelines/scan.py page by page, prints each card as
the run reports it, writes the deck files' edits all at once (or none) at the
end, and sums up.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.cli.common import PACK_ARG, QUIET_OPTION, fail, load_or_exit, write_pack_files
from pnp.errors import Finding, Severity, has_errors
from pnp.i18n import _, ngettext
from pnp.paths import shown_path
from pnp.report import format_text

if TYPE_CHECKING:
    from pnp.pipelines.scan import ScanOutcome

SCAN_EXTRA_HINT = (
    "pip install 'pnp[scan]'  (in a checkout: pip install -e '.[scan]'; the library alone: "
    "pip install opencv-python-headless)"
)


@click.command()
@PACK_ARG
@click.argument("pages", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--cards",
    "card_list",
    metavar="ID,ID,...",
    default=None,
    help=_("The cards on the pages, in reading order: rows from the top, each from the left."),
)
@click.option(
    "--deck",
    "deck_id",
    metavar="DECK",
    default=None,
    help=_("The pages hold this deck's cards, in the deck file's order."),
)
@click.option("--from", "first", metavar="CARD", default=None, help=_("With --deck: the first card on the pages."))
@click.option(
    "--dpi",
    type=click.FloatRange(50, 4800),
    metavar="DPI",
    default=None,
    help=_("The scan's resolution, when the file does not say it (default: measured from the cards)."),
)
@click.option(
    "--force",
    is_flag=True,
    help=_("Replace images you made or changed at art/scans/, and a scan a card names already."),
)
@click.option("--no-ocr", is_flag=True, help=_("Do not read the cards' text, even where Tesseract is installed."))
@QUIET_OPTION
def scan(
    pack: Path,
    pages: tuple[Path, ...],
    card_list: str | None,
    deck_id: str | None,
    first: str | None,
    dpi: float | None,
    force: bool,
    no_ocr: bool,
    quiet: bool,
) -> None:
    """Cut scanned pages of cards into one straight image per card.

    Finds each card on each page, turns it straight, crops it at its edge and
    saves it at the card's size at 300 dpi as art/scans/<card>.png, and writes
    `scan = "art/scans/<card>.png"` on the card. Where Tesseract is installed,
    reads the text regions of the card's type ([[card_type.region]]) into the
    card's empty original-language fields, marked `verify`.

    \b
    Example:
        pnp scan cards/blue-sun page1.png page2.png --deck supply-meridian
        pnp scan cards/blue-sun page.jpg --cards cortland,gun-hand,head-goon
    """
    try:
        import cv2  # noqa: F401  (the optional extra: say how to install it before anything else)
    except ImportError:
        fail(_("pnp scan needs OpenCV, an optional extra: {command}").format(command=SCAN_EXTRA_HINT))
    if (card_list is None) == (deck_id is None):
        fail(_("say which cards the pages hold: --cards id1,id2,... or --deck DECK"))
    if first is not None and deck_id is None:
        fail(_("--from goes with --deck"))
    from pnp.export.edit_set import prepare_edit

    before = prepare_edit(pack)
    data = load_or_exit(pack)

    from pnp.scan.cards import NamingError, wanted_cards

    try:
        wanted = wanted_cards(data, card_list.split(",") if card_list is not None else None, deck_id, first)
    except NamingError as exc:
        fail(str(exc))
    if not wanted:
        fail(_("there are no cards to name"))
    from pnp.pipelines.scan import ScanRun

    def say(line: str) -> None:
        if not quiet:
            click.echo(line)

    def show(finding: Finding) -> None:
        if finding.severity is Severity.ERROR or not quiet:
            # the finding and its hint, without format_text's count line: the run ends with its own summary
            click.echo("\n".join(format_text([finding]).splitlines()[:-1]), err=finding.severity is Severity.ERROR)

    run = ScanRun(data, wanted, dpi, force, say, show)
    if not no_ocr:
        run.start_reader()
    for number, page in enumerate(pages, 1):
        say(_("Page {number} of {total}: {page}").format(number=number, total=len(pages), page=shown_path(page)))
        run.scan_page(page)
    outcome = run.finish()
    if outcome.edit.writes:
        write_pack_files(data, outcome.edit.writes, before)
    _sum_up(outcome, say)
    if has_errors(run.findings):
        sys.exit(1)


def _sum_up(outcome: ScanOutcome, say: Callable[[str], None]) -> None:
    edit = outcome.edit
    written = ngettext("{n} image written", "{n} images written", outcome.images).format(n=outcome.images)
    named = len(edit.scans_set)
    say(
        f"{written}; "
        + ngettext("{n} scan named on its card.", "{n} scans named on their cards.", named).format(n=named)
    )
    if outcome.reading:
        say(
            ngettext(
                "{n} text read into the pack, marked verify until you check it.",
                "{n} texts read into the pack, each marked verify until you check it.",
                len(edit.texts_set),
            ).format(n=len(edit.texts_set))
        )
    if edit.texts_kept:
        say(
            _("Texts already typed, which the scan reads otherwise, were kept: {fields}.").format(
                fields=", ".join(f"{card} {name}" for card, name in edit.texts_kept)
            )
        )
    if outcome.unread:
        say(_("Text that could not be read: {regions}.").format(regions=", ".join(outcome.unread)))
    if outcome.empty:
        say(_("No text found in: {regions}.").format(regions=", ".join(outcome.empty)))
