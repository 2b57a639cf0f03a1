"""`pnp check --rules`: the rules, and with a pack what each found, for people (text) or tools (JSON)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.check.rule import Rule
from pnp.errors import Finding, Severity
from pnp.i18n import _
from pnp.model import PackData
from pnp.report import JSON_SCHEMA_VERSION, plural, summary_line


@dataclass(frozen=True)
class RuleRun:
    """A rule and its findings on one pack; findings is None when the rule did not run."""

    rule: Rule
    findings: list[Finding] | None = None


def run_each(pack: PackData | None, rules: Sequence[Rule]) -> list[RuleRun]:
    """Every rule with its own findings; without a pack (or when it did not load) none runs."""
    return [RuleRun(rule, None if pack is None else rule.run(pack)) for rule in rules]


def rules_text(runs: Sequence[RuleRun], load_findings: Sequence[Finding] = ()) -> str:
    """One line a rule: id, severity, what it found when it ran, its doc line."""
    width = max(len(run.rule.id) for run in runs)
    ran = any(run.findings is not None for run in runs)
    lines = []
    for run in runs:
        found = "" if not ran else f"{_found(run.findings):<13} "
        lines.append(f"{run.rule.id:<{width}} {run.rule.severity.value:<8} {found}{_(run.rule.doc)}")  # doc: N_()
    if ran or load_findings:
        everything = [*load_findings, *(f for run in runs for f in run.findings or [])]
        if load_findings:
            lines.append(_("Loading the pack: {load_findings}.").format(load_findings=_found(list(load_findings))))
        if not ran:
            lines.append(_("The rules did not run: the pack has errors that stop them (pnp check PACK lists them)."))
        lines.append(summary_line(everything))
    return "\n".join(lines)


def rules_json(runs: Sequence[RuleRun], load_findings: Sequence[Finding] | None = None) -> str:
    """The rules as JSON; with a pack, each rule's findings and a summary (docs/findings.md)."""
    document: dict[str, object] = {"version": JSON_SCHEMA_VERSION}
    rules = []
    for run in runs:
        entry: dict[str, object] = {"id": run.rule.id, "severity": run.rule.severity.value, "doc": run.rule.doc}
        if load_findings is not None:
            entry["ran"] = run.findings is not None
            entry["findings"] = [f.as_dict() for f in sorted(run.findings or [], key=lambda f: f.sort_key)]
        rules.append(entry)
    document["rules"] = rules
    if load_findings is not None:
        everything = [*load_findings, *(f for run in runs for f in run.findings or [])]
        document["load"] = [f.as_dict() for f in sorted(load_findings, key=lambda f: f.sort_key)]
        document["summary"] = {s.value: sum(1 for f in everything if f.severity is s) for s in Severity}
    return json.dumps(document, ensure_ascii=False, indent=2)


def _found(findings: list[Finding] | None) -> str:
    if findings is None:
        return _("not run")
    if not findings:
        return _("nothing")
    counts = [(s, sum(1 for f in findings if f.severity is s)) for s in Severity]
    words = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
    return ", ".join(plural(n, words[s]) for s, n in counts if n)
