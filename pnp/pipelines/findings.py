"""A loaded pack's findings as `pnp check` reports them: the rules, the layouts and the text fitting,
with their caches.

`pnp check` and `pnp serve` both call this, so the workbench shows what check prints."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from pnp.cache import Cache, CacheKind
from pnp.errors import Finding
from pnp.export.workers import Background
from pnp.layout.memo import layout_memo
from pnp.model import PackData
from pnp.pipelines.board_fit import board_fit_findings
from pnp.pipelines.fitting import layout_and_fitting_findings
from pnp.pipelines.sheet_fit import sheet_fit_findings


def pack_findings(data: PackData, output: Path | None = None, read: bool = True) -> list[Finding]:
    """Check and lay out; with an output folder, cards unchanged since its cache was written are
    neither checked nor laid out again.

    The work is shared between two processes: this one lays out the language a build prints and
    fits its text, and lays out the languages no build prints (their layout findings only: no text
    of theirs is fitted); the other runs the rules, and lays out and fits the other languages a
    build may print.  The rules take about what laying out and fitting one language takes, so each
    process has about half.  The findings come out in the order one process gives."""
    built = data.pack.printed_language
    fitted = set(data.pack.target_languages or [built])  # as layout_and_fitting_findings fits them
    here = [language for language in data.languages if language == built or language not in fitted]
    there = [language for language in data.languages if language not in here]
    background = Background(partial(_rules_and_other_layouts, data, output, read, there))
    try:
        layouts = {language: laid_out_findings(data, output, read, [language]) for language in here}
        rules, other_layouts = background.result()
    finally:
        background.cancel()  # stopped by an error or Ctrl-C: no check left running
    layouts.update(other_layouts)
    laid_out = [f for language in data.languages for f in layouts[language]]
    # what build stops on, as it says it: a finding both found (install/fonts) is said once
    return list(dict.fromkeys([*rules, *sheet_fit_findings(data), *board_fit_findings(data), *laid_out]))


def _rules_and_other_layouts(
    data: PackData, output: Path | None, read: bool, languages: list[str]
) -> tuple[list[Finding], dict[str, list[Finding]]]:
    """The background process's share of pack_findings: the rules, and the layout of each other language."""
    rules = rule_findings(data, output, read)
    return rules, {language: laid_out_findings(data, output, read, [language]) for language in languages}


def rule_findings(data: PackData, output: Path | None = None, read: bool = True) -> list[Finding]:
    """What the rules find (pnp/check)."""
    # imported here, in the process that runs them: pack_findings forks it once the pack is loaded,
    # and the one that lays out never needs the rules' modules (a tenth of a second to import)
    from pnp.check import check_pack
    from pnp.check.cached import cached_check

    if output is None:
        return check_pack(data)
    return cached_check(data, Cache.open(output, CacheKind.CHECK, read))


def laid_out_findings(
    data: PackData, output: Path | None = None, read: bool = True, languages: list[str] | None = None
) -> list[Finding]:
    """The layouts and the text fitting as build runs them: whatever would stop a build is a finding here too.
    `languages`: only those laid out (default: all of the pack's)."""
    if output is None:
        return layout_and_fitting_findings(data, languages=languages)
    return layout_and_fitting_findings(
        data,
        memos=lambda language: layout_memo(output, read, data.root, language),
        fitted=Cache.open(output, CacheKind.FITTING, read),
        languages=languages,
    )
