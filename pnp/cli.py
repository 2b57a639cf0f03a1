"""The command line: each command parses, calls one stage, and reports."""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from pnp import __version__
from pnp.cli_common import (
    LANG_OPTION,
    OUTPUT_OPTION,
    PACK_ARG,
    PAPER_OPTION,
    QUIET_OPTION,
    echo_findings,
    fail,
    load_or_exit,
    with_progress,
)
from pnp.cli_i18n import UI_LANG_OPTION, start_invocation, translate_help
from pnp.errors import Finding, Severity, did_you_mean, has_errors
from pnp.exiting import leave_interrupted
from pnp.i18n import _, ngettext
from pnp.load.toml import shown_path
from pnp.report import format_json, format_text, plural
from pnp.terminal import escaped_output

# The stages are imported by the commands that run them: a build that changed nothing, or
# `pnp --help`, starts without the model, the checks or ReportLab.
if TYPE_CHECKING:
    from pnp.build_state import BuildOptions, BuildResult
    from pnp.compose import Selection
    from pnp.model import PackData

OPTIONAL_PACK_ARG = click.argument("pack", type=click.Path(path_type=Path), required=False)


# Commands whose modules are imported only when named (or listed by --help): the translators'
# commands need tomlkit and the proof, serve an HTTP server, and `pnp build` or `pnp check` none of it.
LAZY_COMMANDS = {
    "proof": ("pnp.cli_translate", "proof"),  # proof, glossary apply, export, import: pnp/cli_translate.py
    "glossary": ("pnp.cli_translate", "glossary"),
    "export": ("pnp.cli_translate", "export_texts"),
    "import": ("pnp.cli_translate", "import_texts"),
    "new": ("pnp.cli_new", "new"),
    "serve": ("pnp.cli_serve", "serve"),
}


class PnpGroup(click.Group):
    """Turns an unexpected exception into one line, unless --debug asks for the traceback."""

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: object
    ) -> click.Context:
        start_invocation(self, args)  # the language first: --help may print while the context is made
        return super().make_context(info_name, args, parent, **extra)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY_COMMANDS and cmd_name not in self.commands:
            module, name = LAZY_COMMANDS[cmd_name]
            command = getattr(importlib.import_module(module), name)
            assert isinstance(command, click.Command)
            translate_help(command)  # imported after the language was chosen: its help follows it now
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context) -> object:
        # pnp's output is escaped as it is written: click must not strip escape sequences first (it does
        # when the output is not a terminal), or a preview piped to a file hides what --write writes
        ctx.color = True
        try:
            with escaped_output():
                return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.exceptions.Abort):
            raise
        except KeyboardInterrupt:
            leave_interrupted()
        except Exception as exc:  # the last net: a traceback is a bug, so say so
            if ctx.params.get("debug") or (ctx.obj or {}).get("debug"):
                raise
            click.echo(_("pnp: internal error: {name}: {exc}").format(name=type(exc).__name__, exc=exc), err=True)
            click.echo(_("This is a bug in pnp. Run again with --debug and report the traceback."), err=True)
            sys.exit(3)


@click.group(cls=PnpGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
@UI_LANG_OPTION
@click.option("--debug", is_flag=True, help=_("Show Python tracebacks (for reporting bugs)."))
@click.pass_context
def main(ctx: click.Context, debug: bool) -> None:
    """pnp: a card database, rules validator and print-and-play generator.

    A pack is a folder of TOML files (cards/<pack>/): pack.toml, one file per
    deck, and a glossary. See docs/pack-format.md.

    \b
    Example:
        pnp check cards/blue-sun
        pnp deck cards/blue-sun supply-meridian
    """
    ctx.obj = {"debug": debug}


@main.command()
@OPTIONAL_PACK_ARG
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help=_("text for people, json for tools (schema: docs/findings.md)."),
)
@click.option("--strict", is_flag=True, help=_("Exit 1 on warnings too, not only on errors."))
@click.option(
    "--rules", "list_rules", is_flag=True, help=_("List the rules; with PACK, what each found (with --format too).")
)
@click.option(
    "--verbose", "-v", is_flag=True, help=_("Also name each card whose text is missing, not only each deck's count.")
)
@click.option("--no-cache", is_flag=True, help=_("Check every card again instead of reusing output/.cache."))
def check(pack: Path | None, output_format: str, strict: bool, list_rules: bool, verbose: bool, no_cache: bool) -> None:
    """Check a pack: its files, its decks against the box, its text.

    Prints every finding, file first, with a count line last. Exits 0 when
    there is no error, 1 when there is one (or a warning, with --strict).
    Cards still without their text are counted per deck; --verbose names them.

    Cards unchanged since the last check or build are not checked again:
    their findings are kept in output/.cache (--no-cache checks all).

    \b
    Example:
        pnp check cards/blue-sun
        pnp check cards/blue-sun --verbose
        pnp check cards/blue-sun --format json > findings.json
        pnp check cards/blue-sun --rules      # each rule, and what it found
    """
    if list_rules:
        _list_rules(pack, output_format, strict)
        return
    if pack is None:
        raise click.UsageError(_("give the pack folder to check, like: pnp check cards/blue-sun"))
    from pnp.paths import TEMPLATES_DIR
    from pnp.pipelines.unchanged import CheckRecord

    # nothing of the pack changed since the last check: its findings, with nothing loaded or checked
    record = CheckRecord(pack, Path("output"), not no_cache, TEMPLATES_DIR)
    findings = record.replay()
    if findings is None:
        before = record.before()
        findings = _load_and_check(pack, Path("output"), read=not no_cache)
        record.after_check(before, findings)
    if not verbose:  # the per-deck summary (deck/text-missing) says how many; the cards are a long list
        findings = [f for f in findings if f.code != "card/text-missing"]
    click.echo(format_json(findings) if output_format == "json" else format_text(findings))
    failing = has_errors(findings) or (strict and any(f.severity is Severity.WARNING for f in findings))
    sys.exit(1 if failing else 0)


@main.command()
@PACK_ARG
@click.argument("deck", required=False)
@click.option("--lang", default=None, help=_("Language of the titles shown (default: the first target language)."))
@click.option(
    "--swap", "swaps", multiple=True, metavar="ID", help=_("Apply this swap, whatever its condition (repeatable).")
)
@click.option(
    "--players", type=click.IntRange(1, 99), help=_("Apply the swaps whose condition lists this player count.")
)
@click.option(
    "--variant", "variants", multiple=True, metavar="ID", help=_("Apply the swaps of this variant (repeatable).")
)
@click.option("--setup", "setups", multiple=True, metavar="CARD", help=_("Apply the swaps this setup card prescribes."))
@click.option(
    "--quantity",
    "quantities",
    multiple=True,
    metavar="ID=N",
    help=_("A number known only during play, for swap lines that count per it (resources-at-half=2)."),
)
@click.option("--sources", is_flag=True, help=_("List where the pack's facts come from, and what each source backs."))
def deck(
    pack: Path,
    deck: str | None,
    lang: str | None,
    swaps: tuple[str, ...],
    players: int | None,
    variants: tuple[str, ...],
    setups: tuple[str, ...],
    quantities: tuple[str, ...],
    sources: bool,
) -> None:
    """List a pack's decks, or one deck's cards, with counts against the box.

    Each deck's copies are counted on the completeness ladder: entered,
    written (has its text), translated, reviewed.

    With --swap, --players, --variant or --setup, print the decks that the
    chosen swaps make (or DECK alone): what each card becomes, what is taken
    out at random, and what is added during play, step by step when the
    swaps happen at different moments; then what the variant changes besides.

    \b
    Example:
        pnp deck cards/blue-sun
        pnp deck cards/blue-sun supply-meridian --lang en
        pnp deck cards/blue-sun nav-border-base --swap blue-sun-border-nav
        pnp deck cards/bsg loyalty --players 2 --quantity resources-at-half=1
        pnp deck cards/bsg --variant cylon-attack
        pnp deck cards/bsg loyalty --players 1
        pnp deck cards/blue-sun --sources
    """
    from pnp.compose import Selection, compose, selected_swaps, with_variants_for_players
    from pnp.deck_report import (
        format_composition,
        format_deck,
        format_decks,
        format_sources,
        format_steps,
        format_variant,
    )

    data = load_or_exit(pack)
    language = lang or data.pack.printed_language
    if language not in data.languages:
        fail(
            _('"{language}" is not a language of this pack (languages: {languages})').format(
                language=language, languages=", ".join(data.languages)
            )
        )
    loaded = data.deck(deck) if deck is not None else None
    if deck is not None and loaded is None:
        deck_ids = [d.deck.id for d in data.decks]
        hint = did_you_mean(deck, deck_ids) or _("decks: {decks}").format(decks=", ".join(deck_ids))
        fail(_('no deck "{deck}" in {pack}').format(deck=deck, pack=pack) + f"; {hint}")
    if sources:
        click.echo(format_sources(data))
        return
    selection = Selection(swaps=swaps, players=players, variants=variants, setups=setups)
    values = _quantities(data, quantities)
    if selection.empty:
        click.echo(format_decks(data, language) if loaded is None else format_deck(data, loaded, language))
        return
    _check_selection(data, selection)
    selection = with_variants_for_players(data, selection)
    chosen = selected_swaps(data, selection)
    result = compose(data, chosen, values)
    shown = (
        [loaded.deck.id]
        if loaded
        else [d.deck.id for d in data.decks if any(d.deck.id in (s.deck, s.into) for s in chosen)]
    )
    parts = [
        format_steps(data, chosen, values, deck_id, language) or format_composition(data, result, deck_id, language)
        for deck_id in shown
    ]
    if not shown:
        parts.append(_("No swap applies to what was asked: the decks are as in the box."))
    source = data.pack.source_language
    parts += [format_variant(v, language, source) for v in data.pack.variant if v.id in selection.variants]
    click.echo("\n\n".join(parts))


@main.command()
@PACK_ARG
@LANG_OPTION
@PAPER_OPTION
@click.option(
    "--duplex",
    type=click.Choice(["long", "short", "none", "fold"]),
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
    players: int | None,
    variants: tuple[str, ...],
    quantities: tuple[str, ...],
    fit: str,
    tts_base_url: str | None,
    mix_decks: bool,
    tight: bool,
    draft: bool,
    watch: bool,
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
    from pnp.build_state import BuildOptions
    from pnp.pipelines.unchanged import BuildRecord
    from pnp.units import UnitError, parse_card_size

    bleed_pt = _length_option("--bleed", bleed, 0, 12)
    parts = back_offset.split(",")
    if len(parts) != 2:
        raise click.BadParameter(_("write X,Y like 0.5mm,-1mm"), param_hint="--back-offset")
    # the calibration page reads +-10 mm; past that the backs would leave their cards
    offset_x, offset_y = (_length_option("--back-offset", part, -10, 10) for part in parts)
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
        _check_selection(data, selection)
        selection = with_variants_for_players(data, selection)
        values = _quantities(data, quantities)
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
        selection=None if selection is None or selection.empty else selection,
        quantities=tuple(sorted(values.items())),
        mix_decks=mix_decks,
        tight=tight,
        draft=draft,
    )
    record = BuildRecord(pack, options)
    result = record.replay()  # nothing changed since the last build: no stage is even imported
    if result is None:
        from pnp.pipeline import build as run_build

        result = with_progress(_("Drawing sheets"), lambda progress: run_build(pack, options, progress, record), quiet)
    images_asked = png or tts or print_shop == "mpc"
    ok = _report_build(result, quiet, images_asked)
    if watch and pack.is_dir():  # no folder: the error above says so, and there is nothing to watch
        _watch_and_build(pack, options, quiet, images_asked)
    if not ok:
        sys.exit(1)


def _watch_and_build(pack: Path, options: BuildOptions, quiet: bool, images_asked: bool) -> NoReturn:
    """Build again after each change to the pack, until Ctrl-C (then exit 0: stopping is how it ends)."""
    import time

    from pnp.exiting import leave
    from pnp.pipeline import build as run_build
    from pnp.pipelines.unchanged import BuildRecord
    from pnp.pipelines.watch import CannotWatch, warm_up, watch

    def rebuild(changed: list[str]) -> None:
        names = ", ".join(changed[:3]) + (", …" if len(changed) > 3 else "")
        click.echo(
            _("{time}: {names} changed; building again").format(time=time.strftime("%H:%M:%S"), names=names), err=True
        )
        record = BuildRecord(pack, options)  # asked by the build itself: a change undone replays
        result = with_progress(_("Drawing sheets"), lambda progress: run_build(pack, options, progress, record), quiet)
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


def _report_build(result: BuildResult, quiet: bool, images_asked: bool, watching: bool = False) -> bool:
    """Print what a build did; False when it stopped on errors."""
    echo_findings(result.findings, quiet)
    for note in result.notes:
        click.echo(f"note: {note}")
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
        summary += _(" Images: {images_drawn} drawn, {cached} from the cache; {n_images} changed.").format(
            images_drawn=result.images_drawn, cached=cached, n_images=plural(len(images), "file")
        )
    if result.without_text:
        summary += " " + ngettext(
            "{n} printed card has no text yet (pnp check --verbose names them).",
            "{n} printed cards have no text yet (pnp check --verbose names them).",
            result.without_text,
        ).format(n=result.without_text)
    else:
        summary += " " + _("Every printed card has its text.")
    if result.placeholders_left_out:
        summary += " " + ngettext(
            "{n} placeholder left out.", "{n} placeholders left out.", result.placeholders_left_out
        ).format(n=result.placeholders_left_out)
    click.echo(summary)
    return True


def _length_option(option: str, text: str, low_mm: float, high_mm: float) -> float:
    """A length option in points, or a usage error naming the option and its range."""
    from pnp.units import UnitError, mm, parse_length

    try:
        value = parse_length(text)
    except UnitError as exc:
        raise click.BadParameter(str(exc), param_hint=option) from exc
    if not mm(low_mm) - 1e-9 <= value <= mm(high_mm) + 1e-9:
        raise click.BadParameter(
            _("must be between {low_mm:g}mm and {high_mm:g}mm, got {strip}").format(
                low_mm=low_mm, high_mm=high_mm, strip=text.strip()
            ),
            param_hint=option,
        )
    return value


@main.command()
@PACK_ARG
@LANG_OPTION
@PAPER_OPTION
@click.option(
    "--overlap", default="10mm", show_default=True, help=_("How far neighbouring map pages overlap, like 10mm.")
)
@click.option("--margin", default="1mm", show_default=True, help=_("How far each sticker reaches beyond its label."))
@click.option(
    "--image",
    type=click.Path(path_type=Path, dir_okay=False, exists=True),  # a missing image stops before any finding
    default=None,
    help=_("Tile this image of the board (PNG or JPEG) instead of pnp's drawn map."),
)
@click.option(
    "--duplex",
    type=click.Choice(["long", "short", "fold"]),
    default="long",
    show_default=True,
    help=_("Token backs: on the next page for long- or short-edge duplex printing, or gutter-fold."),
)
@OUTPUT_OPTION
@QUIET_OPTION
def board(
    pack: Path,
    lang: str | None,
    paper: str,
    overlap: str,
    margin: str,
    image: Path | None,
    duplex: str,
    output: Path,
    quiet: bool,
) -> None:
    """Print a pack's board, label stickers, tokens and standees.

    The map (board.toml, or a board image) is tiled at full size over pages
    with overlap, alignment marks and an assembly guide; every label whose
    translation differs becomes a sticker cut to its region's size, packed on
    sheets with a placement guide; tokens.toml gives token sheets with aligned
    backs, and fold-over standees. Nothing is written when the pack has errors.

    \b
    Example:
        pnp board cards/blue-sun
        pnp board cards/blue-sun --paper letter --overlap 15mm --duplex fold
        pnp board cards/blue-sun --image my-board-scan.jpg --margin 2mm
    """
    from pnp.board_pipeline import build_board
    from pnp.board_state import BoardOptions
    from pnp.units import UnitError, parse_length

    lengths = {}
    for name, value, low, high in (("--overlap", overlap, 0, 50), ("--margin", margin, 0, 10)):
        try:
            lengths[name] = parse_length(value)
        except UnitError as exc:
            raise click.BadParameter(str(exc), param_hint=name) from exc
        if not low <= lengths[name] / (72 / 25.4) <= high:
            raise click.BadParameter(
                _("must be between {low}mm and {high}mm, got {value}").format(low=low, high=high, value=value),
                param_hint=name,
            )
    options = BoardOptions(
        language=lang,
        paper=paper,
        overlap=lengths["--overlap"],
        margin=lengths["--margin"],
        image=image,
        duplex=duplex,  # type: ignore[arg-type]
        output=output,
    )
    result = with_progress(_("Drawing the board"), lambda progress: build_board(pack, options, progress), quiet)
    echo_findings(result.findings, quiet)
    if not result.ok:
        what = (
            _("Stopped after writing {n_written} files").format(n_written=len(result.written))
            if result.written
            else _("Nothing was written")
        )
        click.echo(_("{what}: fix the errors above and run pnp board again.").format(what=what), err=True)
        sys.exit(1)
    if quiet:
        return  # -q: errors only
    sheets = result.stickers
    if sheets is not None:
        same = _("; {n_same} labels read the same and need none").format(n_same=len(result.same)) if result.same else ""
        click.echo(
            _(
                "Stickers: {n_placed} on {sheets} sheet{value}, using {value2:.0f} % of the printable sheet area{same}."
            ).format(
                n_placed=len(sheets.placed),
                sheets=sheets.sheets,
                value="s" if sheets.sheets != 1 else "",
                value2=sheets.efficiency * 100,
                same=same,
            )
        )
    if result.written:
        folder = result.written[0].path.parent
        files = ", ".join(
            ngettext("{name} ({n} page)", "{name} ({n} pages)", w.pages).format(name=w.path.name, n=w.pages)
            for w in result.written
        )
        click.echo(_("Wrote to {folder}: {files}.").format(folder=folder, files=files))


def _list_rules(pack: Path | None, output_format: str, strict: bool) -> None:
    """The rules; with a pack, each rule's findings, and the exit status `pnp check` would give."""
    from pnp.check import RULES
    from pnp.check.rule_report import rules_json, rules_text, run_each
    from pnp.load import load_pack

    if pack is None:
        runs = run_each(None, RULES)
        click.echo(rules_json(runs) if output_format == "json" else rules_text(runs))
        return
    result = load_pack(pack)
    runs = run_each(result.pack, RULES)
    click.echo(rules_json(runs, result.findings) if output_format == "json" else rules_text(runs, result.findings))
    findings = [*result.findings, *(f for run in runs for f in run.findings or [])]
    failing = has_errors(findings) or (strict and any(f.severity is Severity.WARNING for f in findings))
    sys.exit(1 if failing else 0)


def _load_and_check(pack: Path, output: Path | None = None, read: bool = True) -> list[Finding]:
    """Load and check, laying out and fitting every face a build would draw as it does: check refuses
    what build refuses. With an output folder, cards unchanged since its cache was written are
    neither checked nor laid out again."""
    from pnp.load import load_pack
    from pnp.pipelines.findings import pack_findings

    result = load_pack(pack)
    if result.pack is None:
        return result.findings
    return result.findings + pack_findings(result.pack, output, read)


def _check_selection(data: PackData, selection: Selection) -> None:
    """Names that match nothing are usage errors: a typo must not silently print the box deck."""
    swap_ids = [s.id for s in data.pack.swap]
    variants = sorted(
        {v.id for v in data.pack.variant}
        | {s.condition.variant for s in data.pack.swap if s.condition and s.condition.variant}
    )
    setups = sorted({s.condition.setup for s in data.pack.swap if s.condition and s.condition.setup})
    for given, known, (what, listed, none) in (
        *((name, swap_ids, (_("swap"), _("swaps: {names}"), _("it has no swaps"))) for name in selection.swaps),
        *(
            (name, variants, (_("variant"), _("variants: {names}"), _("it has no variants")))
            for name in selection.variants
        ),
        *(
            (name, setups, (_("setup card"), _("setup cards: {names}"), _("it has no setup cards")))
            for name in selection.setups
        ),
    ):
        if given not in known:
            listed = listed.format(names=", ".join(known)) if known else none
            suggestion = did_you_mean(given, known)
            hint = f"{suggestion} ({listed})" if suggestion else listed
            fail(
                _('no {what} "{given}" in {root}; {hint}').format(
                    what=what, given=given, root=shown_path(data.root), hint=hint
                )
            )
    if selection.players is not None:
        counts = sorted(
            {n for s in data.pack.swap if s.condition for n in s.condition.players}
            | {n for v in data.pack.variant for n in v.players}
        )
        if selection.players not in counts:
            where = shown_path(data.root)
            if not counts:
                fail(
                    _("{where} defines nothing for a number of players: its decks are the same for any number").format(
                        where=where
                    )
                )
            defined = ", ".join(str(n) for n in counts)
            fail(
                _("{where} defines nothing for {players} players; player counts it defines: {defined}").format(
                    where=where, players=selection.players, defined=defined
                )
            )


def _quantities(data: PackData, given: tuple[str, ...]) -> dict[str, int]:
    declared = {q.id: q for q in data.pack.quantity}
    values = {}
    for item in given:
        name, _sep, number = item.partition("=")
        if name not in declared:
            hint = did_you_mean(name, declared) or _("quantities: {names}").format(
                names=", ".join(declared) or _("none")
            )
            fail(_('no quantity "{name}" in {root}; {hint}').format(name=name, root=shown_path(data.root), hint=hint))
        top = declared[name].max
        if not number.isdigit() or (top is not None and int(number) > top):
            fail(
                _("--quantity {item}: write {name}=N with N a whole number from 0 to {value}").format(
                    item=item, name=name, value=top if top is not None else 999
                )
            )
        values[name] = int(number)
    return values
