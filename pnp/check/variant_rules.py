"""Variants: what a [[variant]] names exists, and a swap's variant is one the pack declares."""

from __future__ import annotations

from pnp.check.rule import Rule
from pnp.errors import Finding, Severity, did_you_mean, error, warning
from pnp.i18n import N_, _
from pnp.load.pack import PACK_FILE
from pnp.model import PackData
from pnp.paths import shown_path


def check_variant_tokens(pack: PackData) -> list[Finding]:
    """A component change that names a token names one of tokens.toml."""
    tokens = {t.id for t in pack.tokens.tokens.token} if pack.tokens is not None else set()
    findings = []
    for variant in pack.pack.variant:
        for n, component in enumerate(variant.components):
            if component.token is None or component.token in tokens:
                continue
            hint = did_you_mean(component.token, tokens) or (
                _("tokens: {tokens}").format(tokens=", ".join(sorted(tokens)))
                if tokens
                else _("the pack has no tokens.toml")
            )
            findings.append(
                error(
                    "variant/unknown-token",
                    shown_path(pack.root / PACK_FILE),
                    _(
                        'variant "{variant}": component {n} names the token "{token}", which tokens.toml does not have'
                    ).format(variant=variant.id, n=n + 1, token=component.token),
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
                _('swap "{swap}": its condition names the variant "{name}", which no [[variant]] declares').format(
                    swap=swap.id, name=name
                ),
                line=pack.line("swap", swap.id),
                field=f"swap.{swap.id}.condition.variant",
                hint=did_you_mean(name, declared)
                or _("declare it as a [[variant]], or use one of: {names}").format(names=", ".join(sorted(declared))),
            )
        )
    return findings


RULES = (
    Rule(
        "variant/unknown-token",
        Severity.ERROR,
        N_("A variant's component change names a token of tokens.toml."),
        check_variant_tokens,
    ),
    Rule(
        "variant/undeclared",
        Severity.WARNING,
        N_("When a pack declares [[variant]] tables, every swap's condition.variant is one of them."),
        check_swap_variants,
    ),
)
