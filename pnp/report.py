"""Printing findings for people (text) and for tools (JSON)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from pnp.errors import Finding, Severity

JSON_SCHEMA_VERSION = 1


def format_text(findings: Sequence[Finding]) -> str:
    """File first, so editors can jump; a count line last."""
    lines = []
    for f in sorted(findings, key=lambda f: f.sort_key):
        place = f.file + (f":{f.line}" if f.line else "")
        subject = []
        if f.card:
            subject.append(f'card "{f.card}"')
        if f.field:
            subject.append(f'field "{f.field}"')
        where = (" ".join(subject) + ": ") if subject else ""
        lines.append(f"{place}: {f.severity.value}: {where}{f.message}")
        if f.hint:
            lines.append(f"    hint: {f.hint}")
    lines.append(summary_line(findings))
    return "\n".join(lines)


def summary_line(findings: Sequence[Finding]) -> str:
    counts = {s: sum(1 for f in findings if f.severity is s) for s in Severity}
    if not findings:
        return "No problems found."
    parts = [plural(counts[Severity.ERROR], "error"), plural(counts[Severity.WARNING], "warning")]
    if counts[Severity.INFO]:
        parts.append(plural(counts[Severity.INFO], "note"))
    files = len({f.file for f in findings})
    listed = ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"Found {listed} in {plural(files, 'file')}."


def format_json(findings: Sequence[Finding]) -> str:
    ordered = sorted(findings, key=lambda f: f.sort_key)
    document = {
        "version": JSON_SCHEMA_VERSION,
        "findings": [f.as_dict() for f in ordered],
        "summary": {s.value: sum(1 for f in findings if f.severity is s) for s in Severity},
    }
    return json.dumps(document, ensure_ascii=False, indent=2)


def plural(n: int, word: str) -> str:
    """'1 card', '2 cards'."""
    return f"{n} {word}" + ("" if n == 1 else "s")
