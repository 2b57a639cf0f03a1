"""The command line: each command parses, calls one stage, and reports."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

import click

from pnp import __version__
from pnp.check import RULES, check_pack
from pnp.errors import Finding, Severity, has_errors
from pnp.load import load_pack
from pnp.model import LoadedDeck, PackData
from pnp.report import format_json, format_text

PACK_ARG = click.argument("pack", type=click.Path(path_type=Path))
OPTIONAL_PACK_ARG = click.argument("pack", type=click.Path(path_type=Path), required=False)


class PnpGroup(click.Group):
    """Turns an unexpected exception into one line, unless --debug asks for the traceback."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.exceptions.Abort):
            raise
        except KeyboardInterrupt:
            click.echo("pnp: interrupted", err=True)
            sys.exit(130)
        except Exception as exc:  # the last net: a traceback is a bug, so say so
            if ctx.params.get("debug") or (ctx.obj or {}).get("debug"):
                raise
            click.echo(f"pnp: internal error: {type(exc).__name__}: {exc}", err=True)
            click.echo("This is a bug in pnp. Run again with --debug and report the traceback.", err=True)
            sys.exit(3)


@click.group(cls=PnpGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
@click.option("--debug", is_flag=True, help="Show Python tracebacks (for reporting bugs).")
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
    help="text for people, json for tools (schema: docs/findings.md).",
)
@click.option("--strict", is_flag=True, help="Exit 1 on warnings too, not only on errors.")
@click.option("--rules", "list_rules", is_flag=True, help="List the rules and exit.")
def check(pack: Path | None, output_format: str, strict: bool, list_rules: bool) -> None:
    """Check a pack: its files, its decks against the box, its text.

    Prints every finding, file first, with a count line last. Exits 0 when
    there is no error, 1 when there is one (or a warning, with --strict).

    \b
    Example:
        pnp check cards/blue-sun
        pnp check cards/blue-sun --format json > findings.json
    """
    if list_rules:
        for rule in RULES:
            click.echo(f"{rule.id:<16} {rule.severity.value:<8} {rule.doc}")
        return
    if pack is None:
        raise click.UsageError("give the pack folder to check, like: pnp check cards/blue-sun")
    findings = _load_and_check(pack)
    click.echo(format_json(findings) if output_format == "json" else format_text(findings))
    failing = has_errors(findings) or (strict and any(f.severity is Severity.WARNING for f in findings))
    sys.exit(1 if failing else 0)


@main.command()
@PACK_ARG
@click.argument("deck", required=False)
@click.option("--lang", default=None, help="Language of the titles shown (default: the first target language).")
def deck(pack: Path, deck: str | None, lang: str | None) -> None:
    """List a pack's decks, or one deck's cards, with counts against the box.

    \b
    Example:
        pnp deck cards/blue-sun
        pnp deck cards/blue-sun supply-meridian --lang en
    """
    data = _load_or_exit(pack)
    language = lang or (data.pack.target_languages or [data.pack.source_language])[0]
    if language not in data.languages:
        _fail(f'"{language}" is not a language of this pack (languages: {", ".join(data.languages)})')
    if deck is None:
        click.echo(_format_decks(data, language))
        return
    loaded = data.deck(deck)
    if loaded is None:
        from pnp.errors import did_you_mean

        hint = did_you_mean(deck, [d.deck.id for d in data.decks])
        _fail(f'no deck "{deck}" in {pack}' + (f"; {hint}" if hint else ""))
    click.echo(_format_deck(data, loaded, language))


@main.command()
@PACK_ARG
@click.option("--lang", default=None, help="Language to print (default: the pack's first target language).")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True, help="Paper size.")
@click.option(
    "--duplex",
    type=click.Choice(["long", "short", "none", "fold"]),
    default="long",
    show_default=True,
    help="Backs: on the next page for long- or short-edge duplex printing, none, or gutter-fold.",
)
@click.option("--decks", default="", help="Comma-separated deck ids to build (default: every printable deck).")
@click.option("--bleed", default="3mm", show_default=True, help="Image beyond the cut line, like 3mm; 0mm for none.")
@click.option(
    "--back-offset",
    default="0mm,0mm",
    show_default=True,
    help="Shift backs by X,Y to correct a printer's misregistration (see --calibration).",
)
@click.option("--calibration", is_flag=True, help="Also write a duplex calibration page to measure --back-offset.")
@click.option("--png", is_flag=True, help="Also write one PNG per face, under <output>/<pack>/<lang>/png/<deck>/.")
@click.option(
    "--dpi",
    type=click.IntRange(36, 1200),
    default=300,
    show_default=True,
    help="Resolution of the PNGs; at most 1200, past which nothing looks sharper.",
)
@click.option("--no-bleed", is_flag=True, help="PNGs cut at the trim line, without the bleed.")
@click.option("--no-cache", is_flag=True, help="Redraw every image instead of reusing <output>/.cache.")
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Output folder; files go to <output>/<pack>/<lang>/.",
)
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
    output: Path,
) -> None:
    """Build printable PDF sheets: one file per deck, and cards.pdf with all of them.

    Cards are imposed with bleed and crop marks; each deck's backs follow on
    the next page, mirrored for the flip your printer does. Nothing is
    written when the pack has errors, so the last good build stays.

    \b
    Example:
        pnp build cards/blue-sun
        pnp build cards/blue-sun --paper letter --duplex short --decks supply-meridian
        pnp build cards/blue-sun --bleed 0mm --duplex fold
        pnp build cards/blue-sun --png --dpi 300 --no-bleed
    """
    from pnp.pipeline import BuildOptions
    from pnp.pipeline import build as run_build
    from pnp.units import UnitError, parse_length

    try:
        bleed_pt = parse_length(bleed)
        offset_x, offset_y = (parse_length(part) for part in back_offset.split(","))
    except (UnitError, ValueError) as exc:
        raise click.BadParameter(
            str(exc) if isinstance(exc, UnitError) else "write X,Y like 0.5mm,-1mm",
            param_hint="--bleed or --back-offset",
        ) from exc
    if not 0 <= bleed_pt <= 36:
        raise click.BadParameter("bleed must be between 0mm and 12mm", param_hint="--bleed")
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
    )
    with click.progressbar(length=1, label="Drawing sheets", file=sys.stderr, show_pos=True) as bar:

        def progress(done: int, total: int) -> None:
            bar.length = max(total, 1)
            bar.update(done - bar.pos)

        result = run_build(pack, options, progress)
    shown = [f for f in result.findings if f.severity is not Severity.INFO]
    if shown:
        click.echo(format_text(shown))
    if not result.ok:
        if result.written:
            click.echo(
                f"Stopped after writing {len(result.written)} files: fix the error above and build again.", err=True
            )
        else:
            click.echo("Nothing was written: fix the errors above and build again.", err=True)
        sys.exit(1)
    for path in result.written:
        if path.suffix != ".png":
            click.echo(f"wrote {path}")
    summary = f"Built {result.cards} cards ({result.faces} distinct faces) on {result.sheets} sheets."
    if png:
        changed = sum(1 for p in result.written if p.suffix == ".png")
        summary += f" {result.images} PNG images at {dpi} dpi: {result.images_drawn} drawn, {changed} files changed."
    click.echo(summary)


def _load_and_check(pack: Path) -> list[Finding]:
    result = load_pack(pack)
    if result.pack is None:
        return result.findings
    return result.findings + check_pack(result.pack)


def _load_or_exit(pack: Path) -> PackData:
    result = load_pack(pack)
    if result.pack is None:
        click.echo(format_text([f for f in result.findings if f.severity is Severity.ERROR]), err=True)
        sys.exit(1)
    return result.pack


def _fail(message: str) -> NoReturn:
    click.echo(f"pnp: {message}", err=True)
    sys.exit(2)


def _title(localized: dict[str, str], language: str, fallback: str) -> str:
    return localized.get(language) or localized.get(fallback) or "?"


def _format_decks(data: PackData, language: str) -> str:
    source = data.pack.source_language
    rows = [("deck", "name", "cards", "box", "")]
    for loaded in data.decks:
        deck = loaded.deck
        expected = "" if deck.expected_count is None else str(deck.expected_count)
        state = ""
        if deck.origin:
            state = f"from {deck.origin}"
        elif deck.expected_count is not None:
            state = _progress(loaded.total, deck.expected_count)
        rows.append((deck.id, _title(deck.name, language, source), str(loaded.total), expected, state))
    total = sum(d.total for d in data.decks if not d.deck.origin)
    expected_total = sum(d.deck.expected_count or 0 for d in data.decks if not d.deck.origin)
    rows.append(("total", "", str(total), str(expected_total), ""))
    return _table(rows, right={2, 3})


def _format_deck(data: PackData, loaded: LoadedDeck, language: str) -> str:
    source = data.pack.source_language
    deck = loaded.deck
    rows = [("n", "id", "title", "type", "cost")]
    for card in loaded.cards:
        cost = "" if card.cost is None else str(card.cost)
        rows.append((str(card.count), card.id, _title(card.title, language, source), card.type, cost))
    lines = [f"{_title(deck.name, language, source)} ({deck.id})", _table(rows, right={0, 4})]
    total = f"{loaded.total} cards in {len(loaded.cards)} designs"
    if deck.expected_count is not None:
        total += f"; box contents: {deck.expected_count} ({_progress(loaded.total, deck.expected_count)})"
    lines.append(total)
    return "\n".join(lines)


def _progress(found: int, expected: int) -> str:
    if found == expected:
        return "complete"
    return f"{expected - found} still to enter" if found < expected else f"{found - expected} too many"


def _table(rows: Sequence[tuple[str, ...]], right: set[int]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = []
    for row in rows:
        cells = [
            cell.rjust(w) if i in right else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        out.append("  ".join(cells).rstrip())
    return "\n".join(out)
