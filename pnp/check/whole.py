"""A loaded pack's findings as `pnp check` reports them: the rules and the layouts, with their caches.

`pnp check` and `pnp serve` both call this, so the workbench shows what check prints."""

from __future__ import annotations

from pathlib import Path

from pnp.cache import Cache
from pnp.check import check_pack
from pnp.check.cached import cached_check
from pnp.errors import Finding
from pnp.layout.memo import layout_memo
from pnp.layout.plan import layout_findings
from pnp.model import PackData


def pack_findings(data: PackData, output: Path | None = None, read: bool = True) -> list[Finding]:
    """Check and lay out; with an output folder, cards unchanged since its cache was written are
    neither checked nor laid out again."""
    if output is None:
        return check_pack(data) + layout_findings(data)
    findings = cached_check(data, Cache(output / ".cache" / "check", ".json", read=read))
    # the layouts as build runs them: whatever would stop a build is a finding here too
    laid = layout_findings(data, lambda language: layout_memo(output, read, data.root, language))
    return findings + laid
