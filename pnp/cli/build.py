"""`pnp build`: the printable sheets, and the report of what was written (or why nothing was)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from pnp.cli.common import (
    LANG_OPTION,
    OUTPUT_OPTION,
    PACK_ARG,
    PAPER_OPTION,
    QUIET_OPTION,
    check_selection,
    echo_findings,
    fail,
    load_or_exit,
    parse_quantities,
    with_progress,
)
from pnp.i18n import _, ngettext
from pnp.impose.label_sheets import PAPERS as STICKER_PAPERS
from pnp.impose.sheet import DUPLEX_CHOICES
from pnp.paths import shown_path
from pnp.pipelines.build_options import BACK_OFFSET_MM, BLEED_MM, within
from pnp.report import plural

# The stages are imported when the build runs: a build that changed nothing starts without
# the model, the checks or ReportLab.
if TYPE_CHECKING:
    from pnp.compose import Selection
    from pnp.pipelines.build_options import BuildOptions, BuildResult


@click.command()
@PACK_ARG
@LANG_OPTION
@PAPER_OPTION
@click.option(
    "--duplex",
    type=click.Choice(DUPLEX_CHOICES),
    default="long",
    show_default=True,
    help=_("Backs: on the next page for long- or short-edge duplex printing, none, or gutter-fold."),
)
@click.option(
    "--decks",
    default="",
    help=_(
        "Comma-separated deck ids to build (default: every printable deck); cards.pdf is written by full builds only."
    ),
)
@click.option(
    "--bleed", default="3mm", show_default=True, help=_("Image beyond the cut line, 0mm to 12mm; 0mm for none.")
)
@click.option(
    "--back-offset",
    default="0mm,0mm",
    show_default=True,
    help=_("Shift backs by X,Y (each -10mm to 10mm) to correct a printer's misregistration (see --calibration)."),
)
@click.option("--calibration", is_flag=True, help=_("Also write a duplex calibration page to measure --back-offset."))
@QUIET_OPTION
@click.option("--png", is_flag=True, help=_("Also write one PNG per face, under <output>/<pack>/<lang>/png/<deck>/."))
@click.option(
    "--dpi",
    type=click.IntRange(36, 1200),
    default=300,
    show_default=True,
    help=_("Resolution of the PNGs; at most 1200, past which nothing looks sharper."),
)
@click.option("--no-bleed", is_flag=True, help=_("PNGs cut at the trim line, without the bleed."))
@click.option("--no-cache", is_flag=True, help=_("Draw everything again instead of reusing <output>/.cache."))
@click.option("--bilingual", is_flag=True, help=_("Both languages on each card, the original in smaller type."))
@click.option(
    "--card-size",
    default=None,
    help=_("Print every deck at this size, the layout scaled: a name (poker, mini-american, ...) or 63mm x 88mm."),
)
@click.option("--tts", is_flag=True, help=_("Also write Tabletop Simulator deck sheets and saved objects (tts/)."))
@click.option(
    "--print-shop",
    type=click.Choice(["mpc", "drivethru", "oneup"]),
    default=None,
    help=_(
        "Also write files for a print shop: mpc (PNG, 300 dpi, 0.12 in bleed), "
        "drivethru (PDF, one face a page, 0.125 in bleed) or oneup (the same "
        "with --bleed)."
    ),
)
@click.option("--no-placeholders", is_flag=True, help=_("Leave placeholder cards off the sheets."))
@click.option(
    "--no-aids",
    is_flag=True,
    help=_("Do not write aids.pdf, the pack's reference cards and set-up sheets (aids/*.toml)."),
)
@click.option("--players", type=click.IntRange(1, 99), help=_("Print the decks this player count makes (its swaps)."))
@click.option(
    "--variant", "variants", multiple=True, metavar="ID", help=_("Print the decks this variant makes (repeatable).")
)
@click.option(
    "--quantity",
    "quantities",
    multiple=True,
    metavar="ID=N",
    help=_("A number known only during play (resources-at-half=2); default its largest value, enough for any game."),
)
@click.option(
    "--fit",
    type=click.Choice(["nearest", "exact"]),
    default="nearest",
    show_default=True,
    help=_(
        "A card size the print shop does not sell: make it at the shop's nearest size, or keep it (warned both ways)."
    ),
)
@click.option(
    "--tts-base-url",
    metavar="URL",
    default=None,
    help=_("With --tts: the web folder the tts/ images are uploaded to (https://...); default: this computer's files."),
)
@click.option(
    "--mix-decks/--separate-decks",
    default=True,
    show_default=True,
    help=_(
        "In cards.pdf, cards of one size share sheets whatever their deck (each back behind its front); "
        "--separate-decks starts each deck on a sheet of its own. cards-<deck>.pdf files are always one deck."
    ),
)
@click.option(
    "--tight",
    is_flag=True,
    help=_(
        "Cards butted together, bleed only around the grid: 9 poker cards on an A4 page instead of 8. "
        "Gutter-fold is always tight."
    ),
)
@click.option(
    "--draft",
    is_flag=True,
    help=_(
        "Print despite text errors and text under 5 pt, for proofreading: every sheet is marked as a "
        "draft and cards.pdf opens with the list of problems. Written to a folder of its own."
    ),
)
@click.option(
    "--watch",
    is_flag=True,
    help=_("Stay open and build again each time a file of the pack is saved, until Ctrl-C."),
)
@click.option(
    "--stickers",
    is_flag=True,
    help=_(
        "Write only translation stickers: each card's translated panels at the size of its text regions, "
        "to stick on the cards you own (stickers/stickers-<paper>.pdf)."
    ),
)
@click.option(
    "--sticker-paper",
    type=click.Choice(STICKER_PAPERS),
    default="a4",
    show_default=True,
    help=_("With --stickers: full-sheet sticker paper (a4, letter) or a label sheet (docs/exports.md)."),
)
@OUTPUT_OPTION
def build(
    pack: Path,
    lang: str | None,
    paper: str,
    duplex: str,
    decks: str,
    bleed: str,
    back_offset: str,
    calibration: bool,
    png: bool,
    dpi: int,
    no_bleed: bool,
    no_cache: bool,
    bilingual: bool,
    card_size: str | None,
    tts: bool,
    print_shop: str | None,
    no_placeholders: bool,
    no_aids: bool,
    players: int | None,
    variants: tuple[str, ...],
    quantities: tuple[str, ...],
    fit: str,
    tts_base_url: str | None,
    mix_decks: bool,
    tight: bool,
    draft: bool,
    watch: bool,
    stickers: bool,
    sticker_paper: str,
    output: Path,
    quiet: bool,
) -> None:
    """Build printable PDF sheets: one file per deck, and cards.pdf with all of them.

    Cards are imposed with bleed and crop marks; each deck's backs follow on
    the next page, mirrored for the flip your printer does. Nothing is
    written when the pack has errors, so the last good build stays.
    The default build writes to <output>/<pack>/<lang>/; any other paper,
    duplex, card size, --bilingual, --tight or --draft writes to a folder
    inside it named after what differs (letter-short, poker-bilingual).

    \b
    Example:
        pnp build cards/blue-sun
        pnp build cards/blue-sun --paper letter --duplex short --decks supply-meridian
        pnp build cards/blue-sun --bleed 0mm --duplex fold
        pnp build cards/blue-sun --png --dpi 300 --no-bleed
        pnp build cards/blue-sun --tts --print-shop mpc
        pnp build cards/blue-sun --tts --tts-base-url https://example.org/blue-sun/tts/
        pnp build cards/blue-sun --print-shop drivethru --fit exact
        pnp build cards/blue-sun --bilingual --card-size poker
        pnp build cards/bsg --players 1 --no-placeholders
        pnp build cards/bsg --variant cylon-attack
        pnp build cards/blue-sun --draft
        pnp build cards/blue-sun --watch
    """
    if stickers:
        _build_stickers(pack, lang, sticker_paper, output, quiet)
        return
    from pnp.pipelines.build_options import BuildOptions
    from pnp.pipelines.unchanged import BuildRecord
    from pnp.units import UnitError, parse_card_size

    bleed_pt = _length_option("--bleed", bleed, BLEED_MM)
    parts = back_offset.split(",")
    if len(parts) != 2:
        raise click.BadParameter(_("write X,Y like 0.5mm,-1mm"), param_hint="--back-offset")
    offset_x, offset_y = (_length_option("--back-offset", part, BACK_OFFSET_MM) for part in parts)
    if card_size is not None:
        try:
            parse_card_size(card_size)
        except UnitError as exc:
            raise click.BadParameter(str(exc), param_hint="--card-size") from exc
    if no_bleed and not (png or tts):
        raise click.UsageError(_("--no-bleed is for images: give it with --png or --tts"))
    if fit == "exact" and print_shop not in ("mpc", "drivethru"):
        raise click.UsageError(_("--fit is for the shops' sizes: give it with --print-shop mpc or drivethru"))
    if tts_base_url is not None:
        from pnp.export.tts import base_url_problem

        if not tts:
            raise click.UsageError(_("--tts-base-url is for Tabletop Simulator decks: give it with --tts"))
        problem = base_url_problem(tts_base_url)
        if problem:
            raise click.BadParameter(problem, param_hint="--tts-base-url")
    if calibration and duplex not in ("long", "short"):
        raise click.UsageError(_("--calibration measures duplex printing: use it with --duplex long or short"))
    selection: Selection | None = None
    values: dict[str, int] = {}
    if players is not None or variants or quantities:  # the pack is read now: the options name its parts
        from pnp.compose import Selection, with_variants_for_players

        data = load_or_exit(pack)
        selection = Selection(players=players, variants=variants)
        check_selection(data, selection)
        selection = with_variants_for_players(data, selection)
        values = parse_quantities(data, quantities)
    options = BuildOptions(
        language=lang,
        paper=paper,
        duplex=duplex,  # type: ignore[arg-type]
        decks=tuple(d.strip() for d in decks.split(",") if d.strip()),
        bleed=bleed_pt,
        back_offset=(offset_x, offset_y),
        output=output,
        calibration=calibration,
        png=png,
        dpi=dpi,
        png_bleed=not no_bleed,
        cache=not no_cache,
        tts=tts,
        print_shop=print_shop,
        shop_fit=fit,
        tts_base_url=tts_base_url,
        bilingual=bilingual,
        card_size=card_size,
        placeholders=not no_placeholders,
        aids=not no_aids,
        selection=None if selection is None or selection.empty else selection,
        quantities=tuple(sorted(values.items())),
        mix_decks=mix_decks,
        tight=tight,
        draft=draft,
    )
    record = BuildRecord(pack, options)
    result = record.replay()  # nothing changed since the last build: no stage is even imported
    if result is None:
        from pnp.collector import collector_paused
        from pnp.pipelines.build import build as run_build

        # a build makes few cycles, and its pack, layouts and faces live to its end: a collection only
        # walks them again (a tenth of a rebuild after one edit).  Frozen after, unless it watches on.
        with collector_paused(freeze=not watch):
            result = with_progress(
                _("Drawing sheets"), lambda progress: run_build(pack, options, progress, record), quiet
            )
    images_asked = png or tts or print_shop == "mpc"
    ok = _report_build(result, quiet, images_asked)
    if watch and pack.is_dir():  # no folder: the error above says so, and there is nothing to watch
        _watch_and_build(pack, options, quiet, images_asked)
    if not ok:
        sys.exit(1)


def _watch_and_build(pack: Path, options: BuildOptions, quiet: bool, images_asked: bool) -> NoReturn:
    """Build again after each change to the pack, until Ctrl-C (then exit 0: stopping is how it ends)."""
    import time

    from pnp.collector import collector_paused
    from pnp.exiting import leave
    from pnp.pipelines.build import build as run_build
    from pnp.pipelines.unchanged import BuildRecord
    from pnp.pipelines.watch import CannotWatch, warm_up, watch

    def rebuild(changed: list[str]) -> None:
        names = ", ".join(changed[:3]) + (", …" if len(changed) > 3 else "")
        click.echo(
            _("{time}: {names} changed; building again").format(time=time.strftime("%H:%M:%S"), names=names), err=True
        )
        record = BuildRecord(pack, options)  # asked by the build itself: a change undone replays
        with collector_paused():  # on again after: what each build leaves must be freed while it watches
            result = with_progress(
                _("Drawing sheets"), lambda progress: run_build(pack, options, progress, record), quiet
            )
        _report_build(result, quiet, images_asked, watching=True)

    warm_up()

    def ready() -> None:
        click.echo(_("Watching {pack} for changes; Ctrl-C to stop.").format(pack=shown_path(pack)), err=True)

    try:
        watch([pack.resolve(), options.templates], options.output, rebuild, ready=ready)
    except CannotWatch:
        fail(_("{pack} cannot be watched: it cannot be read, or holds too many files").format(pack=shown_path(pack)))
    except KeyboardInterrupt:
        click.echo(_("Stopped watching."), err=True)
        leave(0)  # as after any Ctrl-C: at once, without waiting on a drawing interrupted
    raise AssertionError("watch() returns only when interrupted")


def _build_stickers(pack: Path, lang: str | None, paper: str, output: Path, quiet: bool) -> None:
    from pnp.pipelines.stickers import build_stickers

    result = with_progress(_("Drawing stickers"), lambda _progress: build_stickers(pack, lang, paper, output), quiet)
    echo_findings(result.findings, quiet)
    if not result.ok:
        click.echo(_("No stickers written: fix the errors above first."), err=True)
        sys.exit(1)
    for finding in result.findings:
        if finding.code == "build/stickers":  # what was written, as a build reports it
            click.echo(_("wrote {path}: {what}").format(path=finding.file, what=finding.message))


def _report_build(result: BuildResult, quiet: bool, images_asked: bool, watching: bool = False) -> bool:
    """Print what a build did; False when it stopped on errors."""
    echo_findings(result.findings, quiet)
    for note in result.notes:
        click.echo(_("note: {note}").format(note=note))
    if not result.ok:
        if result.written:
            click.echo(
                _("Stopped after writing {n_written}: fix the error above and build again.").format(
                    n_written=plural(len(result.written), "file")
                ),
                err=True,
            )
        elif watching:
            click.echo(_("Nothing was written: fix the errors above and save; pnp builds again."), err=True)
        else:
            click.echo(_("Nothing was written: fix the errors above and build again."), err=True)
        return False
    if quiet:
        return True  # -q: errors only
    images = [p for p in result.written if p.suffix in (".png", ".jpg")]
    if result.unchanged:  # what the last build made is there as it was: nothing was built now
        folder = Path(os.path.commonpath(result.unchanged))
        folder = folder.parent if folder in result.unchanged else folder  # one file: its folder
        click.echo(
            _("Nothing changed since the last build: its {files} in {folder} are up to date.").format(
                files=plural(len(result.unchanged), "file"), folder=shown_path(folder)
            )
        )
        return True
    for path in result.written:
        if path not in images:
            click.echo(_("wrote {path}").format(path=path))
    folders = sorted({str(p.parent) for p in images})
    if folders:
        click.echo(
            _("wrote {n_images} in {folders}").format(n_images=plural(len(images), "image"), folders=", ".join(folders))
        )
    summary = _("Built {cards} ({faces}) on {sheets}").format(
        cards=plural(result.cards, "card"),
        faces=plural(result.faces, "distinct face"),
        sheets=plural(result.sheets, "sheet"),
    ) + (
        _(" ({sheets} saved by sharing sheets between decks).").format(
            sheets=plural(result.sheets_unmixed - result.sheets, "sheet")
        )
        if result.sheets < result.sheets_unmixed
        else "."
    )
    if images_asked:
        cached = max(0, result.images - result.images_drawn)
        changed = ngettext("{n} file changed", "{n} files changed", len(images)).format(n=len(images))
        summary += _(" Images: {images_drawn} drawn, {cached} from the cache; {changed}.").format(
            images_drawn=result.images_drawn, cached=cached, changed=changed
        )
    if result.without_text:
        summary += " " + ngettext(
            "{n} printed card has no text yet (pnp check --verbose names them).",
            "{n} printed cards have no text yet (pnp check --verbose names them).",
            result.without_text,
        ).format(n=result.without_text)
    elif any(f.code == "card/untranslated" for f in result.findings):  # its sheets print the original's words
        summary += " " + _("Every printed card has its text; the warnings above name those printed untranslated.")
    else:
        summary += " " + _("Every printed card has its text.")
    if result.placeholders_left_out:
        summary += " " + ngettext(
            "{n} placeholder left out.", "{n} placeholders left out.", result.placeholders_left_out
        ).format(n=result.placeholders_left_out)
    click.echo(summary)
    return True


def _length_option(option: str, text: str, range_mm: tuple[float, float]) -> float:
    """A length option in points, or a usage error naming the option and its range."""
    from pnp.units import UnitError, parse_length

    try:
        value = parse_length(text)
    except UnitError as exc:
        raise click.BadParameter(str(exc), param_hint=option) from exc
    low_mm, high_mm = range_mm
    if not within(value, range_mm):
        raise click.BadParameter(
            _("must be between {low_mm:g}mm and {high_mm:g}mm, got {strip}").format(
                low_mm=low_mm, high_mm=high_mm, strip=text.strip()
            ),
            param_hint=option,
        )
    return value
