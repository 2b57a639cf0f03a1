"""Every rule, gathered from the rule modules, and `check_pack`, which runs them.

Each rule module declares its own tuple of rules; this module only gathers
them.  `pnp.check` hands these out when first asked, so that importing one rule
module (a build needs completeness) does not import them all.
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
from pnp.check.rule import Rule
from pnp.collector import collector_paused
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
