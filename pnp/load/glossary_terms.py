"""Glossary records that parse but cannot work: a term with no translation, and more records than the limit.

(A forbidden variant that is a form of its own target is a finding of text/glossary, which knows word forms.)"""

from __future__ import annotations

from pnp.errors import Finding, error
from pnp.i18n import _, number
from pnp.limits import MAX_FORBIDDEN_VARIANTS, MAX_GLOSSARY_ENTRIES
from pnp.load.toml import TomlFile, key_lines
from pnp.model.glossary import Glossary


def glossary_size(source: TomlFile) -> Finding | None:
    """Checked before validation: a glossary of a million terms is refused before pnp builds them."""
    terms = source.data.get("term", [])
    keywords = source.data.get("keyword", [])
    entries = (len(terms) if isinstance(terms, list) else 0) + (len(keywords) if isinstance(keywords, list) else 0)
    variants = (
        sum(
            len(t["forbidden"])
            for t in terms
            if isinstance(terms, list) and isinstance(t, dict) and isinstance(t.get("forbidden"), list)
        )
        if isinstance(terms, list)
        else 0
    )
    if entries <= MAX_GLOSSARY_ENTRIES and variants <= MAX_FORBIDDEN_VARIANTS:
        return None
    return error(
        "load/too-large",
        source.shown,
        _(
            "the glossary has {entries} terms and keywords and {variants} forbidden variants; "
            "the limits are {max_entries} and {max_variants}"
        ).format(
            entries=number(entries),
            variants=number(variants),
            max_entries=number(MAX_GLOSSARY_ENTRIES),
            max_variants=number(MAX_FORBIDDEN_VARIANTS),
        ),
        hint=_("a game's glossary holds a few hundred terms: split it, or keep the terms this pack uses"),
    )


def terms_without_target(glossary: Glossary, source: TomlFile) -> list[Finding]:
    findings = []
    lines = key_lines(source.text, "term")
    for index, term in enumerate(glossary.term):
        keys = lines[index] if index < len(lines) else {}
        if not term.target:  # a blank one ("  ") is reported with every blank value
            findings.append(
                error(
                    "load/invalid",
                    source.shown,
                    _('term "{term}" has no target: it says nothing about how to translate it').format(
                        term=term.source
                    ),
                    line=keys.get("target", keys.get("")),
                    field=f"term[{index}].target",
                    hint=_("write the translation in target, or delete the term"),
                )
            )
    return findings
