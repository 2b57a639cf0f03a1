"""Checking: rules over a loaded pack, each returning findings.

Every rule is small and named; `pnp check --rules` lists them with their doc
line.  Rules read PackData; the pack's own files are not read again, but two
rules read what pnp ships: completeness lays cards out in their layout
families (to know which print text), and glyph_rules reads the fonts (to
know which characters they draw).  Each rule module declares its own tuple of
rules; pnp.check.every_rule gathers them.

`RULES` and `check_pack` are imported from there when first asked for: a
build runs the checks in a process of its own, and importing every rule (the
dictionaries' readers, the text rules) in the build's process would only
delay it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnp.check.every_rule import RULES, Rule, check_pack


def __getattr__(name: str) -> Any:
    if name in ("RULES", "Rule", "check_pack"):
        from pnp.check import every_rule

        return getattr(every_rule, name)
    raise AttributeError(f"module 'pnp.check' has no attribute {name!r}")


__all__ = ["RULES", "Rule", "check_pack"]
