"""`pnp check`: every finding about a pack, file first, and the exit status that says whether it builds."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pnp.cli.common import OPTIONAL_PACK_ARG
from pnp.collector import collector_off_for_one_pass
from pnp.errors import Finding, Severity, has_errors
from pnp.i18n import _
from pnp.report import format_json, format_text


@click.command()
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
        # a check of 2000 cards makes almost no cycles: collecting would cost a tenth of its layout's
        # time for nothing (the background process of pack_findings is forked with it off too)
        with collector_off_for_one_pass():
            findings = _load_and_check(pack, Path("output"), read=not no_cache)
        record.after_check(before, findings)
    if not verbose:  # the per-deck summary (deck/text-missing) says how many; the cards are a long list
        findings = [f for f in findings if f.code != "card/text-missing"]
    click.echo(format_json(findings) if output_format == "json" else format_text(findings))
    failing = has_errors(findings) or (strict and any(f.severity is Severity.WARNING for f in findings))
    sys.exit(1 if failing else 0)


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
    from pnp.cache import Cache, CacheKind
    from pnp.load import load_pack
    from pnp.load.remembered import remembering
    from pnp.pipelines.findings import pack_findings

    # a file whose bytes an earlier check or build parsed is read from the cache, as build reads it
    with remembering(Cache.open(output, CacheKind.LOAD, read) if output is not None else None):
        result = load_pack(pack)
    if result.pack is None:
        return result.findings
    return result.findings + pack_findings(result.pack, output, read)
