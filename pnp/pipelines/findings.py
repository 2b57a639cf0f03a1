"""A loaded pack's findings as `pnp check` reports them: the rules, the layouts and the text fitting,
with their caches.

`pnp check` and `pnp serve` both call this, so the workbench shows what check prints."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from pnp.cache import Cache
from pnp.check import check_pack
from pnp.check.cached import cached_check
from pnp.errors import Finding
from pnp.export.workers import Background
from pnp.layout.memo import layout_memo
from pnp.model import PackData
from pnp.pipelines.fitting import layout_and_fitting_findings


def pack_findings(data: PackData, output: Path | None = None, read: bool = True) -> list[Finding]:
    """Check and lay out; with an output folder, cards unchanged since its cache was written are
    neither checked nor laid out again.  The rules run in a process of their own, beside the layout."""
    rules = Background(partial(rule_findings, data, output, read))
    try:
        laid_out = laid_out_findings(data, output, read)
        return rules.result() + laid_out
    finally:
        rules.cancel()  # stopped by an error or Ctrl-C: no check left running


def rule_findings(data: PackData, output: Path | None = None, read: bool = True) -> list[Finding]:
    """What the rules find (pnp/check)."""
    if output is None:
        return check_pack(data)
    return cached_check(data, Cache(output / ".cache" / "check", ".json", read=read))


def laid_out_findings(data: PackData, output: Path | None = None, read: bool = True) -> list[Finding]:
    """The layouts and the text fitting as build runs them: whatever would stop a build is a finding here too."""
    if output is None:
        return layout_and_fitting_findings(data)
    return layout_and_fitting_findings(
        data,
        memos=lambda language: layout_memo(output, read, data.root, language),
        fitted=Cache(output / ".cache" / "fitting", ".json", read=read),
    )
