"""Checking: rules over a loaded pack, each returning findings.

Every rule is small and named; `pnp check --rules` lists them with their doc
line.  Rules read PackData and never touch the disk.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnp.check import deck_rules
from pnp.errors import Finding, Severity
from pnp.model import PackData


@dataclass(frozen=True)
class Rule:
    id: str
    severity: Severity
    doc: str
    run: Callable[[PackData], list[Finding]]


RULES: tuple[Rule, ...] = (
    Rule(
        "deck/manifest",
        Severity.WARNING,
        "Each deck holds the number of cards the box manifest gives it.",
        deck_rules.check_deck_counts,
    ),
    Rule(
        "box/manifest",
        Severity.WARNING,
        "Each line of the box contents adds up over the decks it counts.",
        deck_rules.check_manifest_lines,
    ),
    Rule(
        "card/verify",
        Severity.INFO,
        "Facts marked `verify` still need checking against a physical card.",
        deck_rules.check_verify_notes,
    ),
)


def check_pack(pack: PackData, rules: tuple[Rule, ...] = RULES) -> list[Finding]:
    findings: list[Finding] = []
    for rule in rules:
        findings += rule.run(pack)
    return findings
