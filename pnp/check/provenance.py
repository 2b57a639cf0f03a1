"""Provenance: every `source` names a document and its section, never a file.

A pack travels on its own: "notes/facts.md" means nothing on another
machine, "Blue Sun rulebook (ES), Contenido" means the same thing anywhere.
`provenance()` also gathers every cited fact for `pnp deck --sources`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from pnp.check.rule import Rule
from pnp.errors import Finding, Severity, warning
from pnp.i18n import N_, _
from pnp.load.pack import GLOSSARY_FILE, PACK_FILE
from pnp.model import PackData
from pnp.paths import shown_path

# a file name with an extension people keep notes in, or a path: /abs, ./rel, ~/home, C:\, a/b/c
_PATH = re.compile(
    r"(?:[\w*.-]+\.(?:txt|md|toml|pdf|csv|json|py|png|jpe?g|docx?|odt|html?)\b)"
    r"|(?:^|[\s(«\"'])(?:\.{1,2}/|~/|/[\w.-]+/|[A-Za-z]:\\)"
    r"|(?:[\w.*-]+/){2,}[\w.*-]+",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Cited:
    """One provenance string: what it is about, and where it is written."""

    kind: str  # "card", "term", "deck", "swap", ...
    subject: str  # the id (a term: its source word)
    source: str
    file: str
    field: str
    line: int | None = None
    card: str | None = None


def provenance(pack: PackData) -> Iterator[Cited]:
    """Every `source` of the pack (and `size_source`, `cite`), in file order."""
    pack_file = shown_path(pack.root / PACK_FILE)
    if pack.pack.source:
        yield Cited(N_("pack"), pack.pack.id, pack.pack.source, pack_file, "source")
    for deck in pack.pack.deck:
        line = pack.line("deck", deck.id)
        if deck.source:
            yield Cited(N_("deck"), deck.id, deck.source, pack_file, f"deck.{deck.id}.source", line)
        if deck.size_source:
            yield Cited(N_("deck size"), deck.id, deck.size_source, pack_file, f"deck.{deck.id}.size_source", line)
        for n, fact in enumerate(deck.facts):
            if fact.source:
                yield Cited(N_("deck fact"), deck.id, fact.source, pack_file, f"deck.{deck.id}.facts[{n}].source", line)
    for swap in pack.pack.swap:
        if swap.source:
            yield Cited(
                N_("swap"), swap.id, swap.source, pack_file, f"swap.{swap.id}.source", pack.line("swap", swap.id)
            )
    for quantity in pack.pack.quantity:
        if quantity.source:
            yield Cited(N_("quantity"), quantity.id, quantity.source, pack_file, f"quantity.{quantity.id}.source")
    for entry in pack.pack.manifest:
        if entry.source:
            line = pack.line("manifest", entry.id)
            yield Cited(N_("box contents"), entry.id, entry.source, pack_file, f"manifest.{entry.id}.source", line)
    for variant in pack.pack.variant:
        if variant.source:
            yield Cited(N_("variant"), variant.id, variant.source, pack_file, f"variant.{variant.id}.source")
        for n, fact in enumerate(variant.facts):
            if fact.source:
                yield Cited(
                    N_("variant fact"), variant.id, fact.source, pack_file, f"variant.{variant.id}.facts[{n}].source"
                )
    for loaded in pack.decks:
        shown = shown_path(loaded.file)
        for card in loaded.cards:
            if card.source:
                yield Cited(N_("card"), card.id, card.source, shown, "source", pack.line("card", card.id), card.id)
    glossary = shown_path(pack.root / GLOSSARY_FILE)
    for term in pack.glossary.term:
        if term.cite:
            yield Cited(N_("term"), term.source, term.cite, glossary, "cite", pack.line("term", term.source))
    for keyword in pack.glossary.keyword:
        if keyword.cite:
            yield Cited(N_("keyword"), keyword.id, keyword.cite, glossary, "cite")
    if pack.board is not None and pack.board.board.source:
        yield Cited(N_("board"), "board", pack.board.board.source, shown_path(pack.board.file), "source")


def check_source_paths(pack: PackData) -> list[Finding]:
    findings = []
    for cited in provenance(pack):
        match = _PATH.search(cited.source)
        if match is None:
            continue
        cited_file = match.group().strip().rstrip(".,;:")
        findings.append(
            warning(
                "source/path",
                cited.file,
                _(
                    '{kind} "{subject}" cites a file ("{file}"), which is not in the pack '
                    "and means nothing to whoever receives it"
                ).format(kind=_(cited.kind), subject=cited.subject, file=cited_file),
                line=cited.line,
                card=cited.card,
                field=cited.field,
                hint=_('name the document and its section instead: "Blue Sun rulebook (ES), Contenido"'),
            )
        )
    return findings


RULES = (
    Rule(
        "source/path",
        Severity.WARNING,
        N_("A `source` (or `size_source`, `cite`) names a document and section, not a file path."),
        check_source_paths,
    ),
)
