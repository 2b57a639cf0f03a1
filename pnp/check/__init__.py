"""Checking: rules over a loaded pack, each returning findings.

Every rule is small and named; `pnp check --rules` lists them with their doc
line.  Rules read PackData; the pack's own files are not read again, but two
rules read what pnp ships: completeness lays cards out in their layout
families (to know which print text), and glyph_rules reads the fonts (to
know which characters they draw).  Each rule module declares its own tuple of
rules; this module only gathers them.
"""

from __future__ import annotations

from pnp.check import (
    aid_rules,
    board_rules,
    completeness,
    deck_rules,
    glyph_rules,
    provenance,
    text,
    translation_gaps,
    variant_rules,
    verify_notes,
)
from pnp.check.collector import collector_paused
from pnp.check.rule import Rule
from pnp.errors import Finding
from pnp.model import PackData

RULES: tuple[Rule, ...] = (
    *deck_rules.RULES,
    *verify_notes.RULES,
    *completeness.RULES,
    *translation_gaps.RULES,
    *provenance.RULES,
    *variant_rules.RULES,
    *text.RULES,
    *glyph_rules.RULES,
    *board_rules.RULES,
    *aid_rules.RULES,
)


def check_pack(pack: PackData, rules: tuple[Rule, ...] = RULES) -> list[Finding]:
    findings: list[Finding] = []
    with collector_paused():
        for rule in rules:
            findings += rule.run(pack)
    return findings


__all__ = ["RULES", "Rule", "check_pack"]
