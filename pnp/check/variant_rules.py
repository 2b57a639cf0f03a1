"""Variants: what a [[variant]] names exists, and a swap's variant is one the pack declares."""

from __future__ import annotations

from pnp.check.rule import Rule
from pnp.errors import Finding, Severity, did_you_mean, error, warning
from pnp.load.pack import PACK_FILE, shown_path
from pnp.model import PackData


def check_variant_tokens(pack: PackData) -> list[Finding]:
    """A component change that names a token names one of tokens.toml."""
    tokens = {t.id for t in pack.tokens.tokens.token} if pack.tokens is not None else set()
    findings = []
    for variant in pack.pack.variant:
        for n, component in enumerate(variant.components):
            if component.token is None or component.token in tokens:
                continue
            hint = did_you_mean(component.token, tokens) or (
                f"tokens: {', '.join(sorted(tokens))}" if tokens else "the pack has no tokens.toml"
            )
            findings.append(
                error(
                    "variant/unknown-token",
                    shown_path(pack.root / PACK_FILE),
                    f'variant "{variant.id}": component {n + 1} names the token "{component.token}", '
                    "which tokens.toml does not have",
                    field=f"variant.{variant.id}.components[{n}].token",
                    hint=hint,
                )
            )
    return findings


def check_swap_variants(pack: PackData) -> list[Finding]:
    """Once a pack declares its variants, a swap's condition names one of them: a typo would leave the
    swap out of every variant without a word."""
    declared = {v.id for v in pack.pack.variant}
    if not declared:
        return []
    findings = []
    for swap in pack.pack.swap:
        name = swap.condition.variant if swap.condition else None
        if name is None or name in declared:
            continue
        findings.append(
            warning(
                "variant/undeclared",
                shown_path(pack.root / PACK_FILE),
                f'swap "{swap.id}": its condition names the variant "{name}", which no [[variant]] declares',
                line=pack.line("swap", swap.id),
                field=f"swap.{swap.id}.condition.variant",
                hint=did_you_mean(name, declared)
                or f"declare it as a [[variant]], or use one of: {', '.join(sorted(declared))}",
            )
        )
    return findings


RULES = (
    Rule(
        "variant/unknown-token",
        Severity.ERROR,
        "A variant's component change names a token of tokens.toml.",
        check_variant_tokens,
    ),
    Rule(
        "variant/undeclared",
        Severity.WARNING,
        "When a pack declares [[variant]] tables, every swap's condition.variant is one of them.",
        check_swap_variants,
    ),
)
