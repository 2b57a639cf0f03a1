"""A loaded pack's findings as `pnp check` reports them: the rules, the layouts and the text fitting,
with their caches.

`pnp check` and `pnp serve` both call this, so the workbench shows what check prints."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from pnp.cache import Cache, CacheKind
from pnp.check.entry import BESIDE_LAYOUT, checked_before
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
    build may print.  At a pack's first check the rules take longer than that, and this process
    runs some of them too once its layouts are done (pnp.check.entry says which, and why).  The
    findings come out in the order one process gives."""
    built = data.pack.printed_language
    fitted = set(data.pack.target_languages or [built])  # as layout_and_fitting_findings fits them
    here = [language for language in data.languages if language == built or language not in fitted]
    there = [language for language in data.languages if language not in here]
    cache = Cache.open(output, CacheKind.CHECK, read) if output is not None else None
    shared = cache is None or not checked_before(data, cache)
    background = Background(partial(_rules_and_other_layouts, data, cache, shared, output, read, there))
    try:
        layouts = {language: laid_out_findings(data, output, read, [language]) for language in here}
        beside = _rule_group(data, cache, here=True) if shared else {}
        rules, other_layouts = background.result()
    finally:
        background.cancel()  # stopped by an error or Ctrl-C: no check left running
    if shared:
        from pnp.check import RULES  # imported by _rule_group already

        rules = [f for rule in RULES for f in (beside[rule.id] if rule.id in beside else rules[rule.id])]
    layouts.update(other_layouts)
    laid_out = [f for language in data.languages for f in layouts[language]]
    # what build stops on, as it says it: a finding both found (install/fonts) is said once
    return list(dict.fromkeys([*rules, *sheet_fit_findings(data), *board_fit_findings(data), *laid_out]))


def _rules_and_other_layouts(
    data: PackData, cache: Cache | None, shared: bool, output: Path | None, read: bool, languages: list[str]
) -> tuple[Any, dict[str, list[Finding]]]:
    """The background process's share of pack_findings: the rules (by rule, when the other process
    runs a group of them: else all, in order), and the layout of each other language."""
    rules: Any = _rule_group(data, cache, here=False) if shared else rule_findings(data, output, read)
    return rules, {language: laid_out_findings(data, output, read, [language]) for language in languages}


def _rule_group(data: PackData, cache: Cache | None, here: bool) -> dict[str, list[Finding]]:
    """The findings by rule of the rules BESIDE_LAYOUT (`here`), or of all the others."""
    from pnp.check import RULES
    from pnp.check.cached import findings_by_rule

    rules = tuple(rule for rule in RULES if (rule.id in BESIDE_LAYOUT) == here)
    return findings_by_rule(data, cache, rules)


def rule_findings(data: PackData, output: Path | None = None, read: bool = True) -> list[Finding]:
    """What the rules find (pnp/check)."""
    # imported here, in the process that runs them: pack_findings forks it once the pack is loaded,
    # and the one that lays out needs the rules' modules (a tenth of a second to import) only at a
    # pack's first check
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
