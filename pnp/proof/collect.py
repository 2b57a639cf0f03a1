"""A proof as plain data: per deck the counts, per card its texts, status, findings and changes."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field

from pnp import markup
from pnp.check.completeness import deck_states
from pnp.errors import Finding, Severity
from pnp.model import Card, PackData
from pnp.proof.locate import locate
from pnp.translate.interchange import card_texts
from pnp.translate.worddiff import Piece, word_diff

SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


@dataclass(frozen=True)
class Mark:
    """A finding placed in a text: characters start..end, and its number in the card's list."""

    start: int
    end: int
    number: int
    severity: Severity


@dataclass(frozen=True)
class FieldRow:
    """One text field of a card: the original and the translation as a reader sees them."""

    name: str  # "title", "back.text"
    source: str
    target: str
    source_marks: tuple[Mark, ...] = ()
    target_marks: tuple[Mark, ...] = ()


@dataclass(frozen=True)
class FieldChange:
    """A field that differs from the earlier pack: "text.es" and its word diff, or a plain old -> new."""

    name: str
    pieces: tuple[Piece, ...]


@dataclass
class CardEntry:
    card: Card
    deck: str
    title: str
    status: str  # "draft", "translated", "reviewed", or "" when none
    rows: list[FieldRow]
    findings: list[Finding]  # numbered from 1 in this order
    changes: list[FieldChange] = field(default_factory=list)
    new: bool = False  # not in the earlier pack
    thumbnail: bytes | None = None  # PNG
    text_sizes: tuple[tuple[str, float], ...] = ()  # (layout element, points) as the front was set


@dataclass(frozen=True)
class DeckSummary:
    id: str
    name: str
    designs: int  # cards as written in the deck file, one entry each in the proof
    copies: int  # cards as built and as `pnp deck` counts them: the designs times their count
    translated: int  # copies written and translated (or reviewed), as `pnp deck` counts them
    reviewed: int
    findings: int
    other_product: bool = False  # a deck of another product: shown, in no total


@dataclass
class Proof:
    pack: PackData
    lang: str
    entries: list[CardEntry]
    decks: list[DeckSummary]
    kinds: list[tuple[str, int, int, int]]  # (code, errors, warnings, notes)
    pack_findings: list[Finding]  # about no single card
    since: str | None = None  # "git HEAD~1"
    removed: list[str] = field(default_factory=list)  # card ids gone since
    unchanged: int = 0  # cards left out because nothing changed
    hidden: int = 0  # cards left out by --only-findings


def collect(pack: PackData, lang: str, findings: list[Finding]) -> Proof:
    """Every card of every deck, its findings placed in its texts; the summary over all of them."""
    by_card: dict[str, list[Finding]] = {}
    for finding in findings:
        if finding.card is not None:
            by_card.setdefault(finding.card, []).append(finding)
    entries = []
    decks = []
    source_language = pack.pack.source_language
    ladders = {state.deck.deck.id: state for state in deck_states(pack, lang)}
    for loaded in pack.decks:
        ladder = ladders[loaded.deck.id]
        name = loaded.deck.name.get(lang) or loaded.deck.name.get(source_language, loaded.deck.id)
        deck_entries = [
            card_entry(card, loaded.deck.id, lang, source_language, by_card.get(card.id, [])) for card in loaded.cards
        ]
        entries += deck_entries
        decks.append(
            DeckSummary(
                loaded.deck.id,
                name,
                len(loaded.cards),
                loaded.total,
                ladder.translated,  # an unwritten card is not translated, whatever its status says
                ladder.reviewed,
                sum(len(e.findings) for e in deck_entries),
                loaded.deck.origin is not None,
            )
        )
    counts: dict[str, Counter[Severity]] = {}
    for finding in findings:
        counts.setdefault(finding.code, Counter())[finding.severity] += 1
    kinds = [
        (code, c[Severity.ERROR], c[Severity.WARNING], c[Severity.INFO])
        for code, c in sorted(
            counts.items(), key=lambda item: (-item[1][Severity.ERROR], -item[1][Severity.WARNING], item[0])
        )
    ]
    pack_findings = sorted((f for f in findings if f.card is None), key=lambda f: f.sort_key)
    return Proof(pack, lang, entries, decks, kinds, pack_findings)


def card_entry(card: Card, deck: str, lang: str, source_language: str, findings: list[Finding]) -> CardEntry:
    texts = []
    for name, localized in card_texts(card).items():
        source = markup.plain_text(localized.get(source_language, ""))
        target = markup.plain_text(localized.get(lang, ""))
        if source or target:
            texts.append((name, source, target))
    spans: dict[int, tuple[int, str, tuple[int, int]]] = {}  # finding -> (row, language, span)
    for index, finding in enumerate(findings):
        for row, (name, source, target) in enumerate(texts):
            for language, text in ((lang, target), (source_language, source)):
                if finding.field == f"{name}.{language}" and (span := locate(finding, text)) is not None:
                    spans[index] = (row, language, span)
    # numbered in reading order: placed findings by where they are, then the others by severity
    order = sorted(
        range(len(findings)),
        key=lambda i: (
            (0, spans[i][0], spans[i][2][0], "") if i in spans else (1, SEVERITY_ORDER[findings[i].severity], 0, ""),
            findings[i].field or "",
            findings[i].code,
            findings[i].message,
        ),
    )
    marks: dict[tuple[int, str], list[Mark]] = {}
    for number, index in enumerate(order, start=1):
        if index in spans:
            row, language, (start, end) = spans[index]
            marks.setdefault((row, language), []).append(Mark(start, end, number, findings[index].severity))
    rows = [
        FieldRow(name, source, target, _tidy(marks.get((row, source_language), [])), _tidy(marks.get((row, lang), [])))
        for row, (name, source, target) in enumerate(texts)
    ]
    title = card.title.get(lang) or card.title.get(source_language, card.id)
    status = card.status.get(lang, "")
    return CardEntry(card, deck, title, status, rows, [findings[i] for i in order])


def _tidy(marks: list[Mark]) -> tuple[Mark, ...]:
    return tuple(sorted(marks, key=lambda m: (m.start, -m.end, m.number)))


def segments(text: str, marks: tuple[Mark, ...]) -> list[tuple[str, Severity | None, tuple[int, ...]]]:
    """Text cut where marks start and end: each piece with the gravest mark over it, and the marks ending there.

    Marks may overlap (a typography finding over a glossary one): each keeps its own number."""
    cuts = sorted({0, len(text), *(m.start for m in marks), *(m.end for m in marks)})
    pieces = []
    for start, end in itertools.pairwise(cuts):
        over = [m for m in marks if m.start <= start and end <= m.end]
        severity = min((m.severity for m in over), key=SEVERITY_ORDER.__getitem__) if over else None
        ending = tuple(m.number for m in marks if m.end == end)
        pieces.append((text[start:end], severity, ending))
    return pieces


def card_fields(card: Card) -> dict[str, str]:
    """Every field of a card as text, for comparing two versions: "text.es", "cost", "status.es"."""
    data = card.model_dump(exclude_none=True)
    flat: dict[str, str] = {}

    def walk(prefix: str, value: object) -> None:
        if isinstance(value, dict):
            for key, sub in value.items():
                walk(f"{prefix}.{key}" if prefix else str(key), sub)
        elif isinstance(value, list):
            flat[prefix] = ", ".join(str(v) for v in value)
        else:
            flat[prefix] = str(value)

    walk("", data)
    return {k: v for k, v in flat.items() if v != "" and k != "id"}


def compare(proof: Proof, earlier: PackData, label: str) -> None:
    """Keep the cards that changed since `earlier`, each with the word diff of every changed field."""
    before = earlier.cards()
    now = {e.card.id for e in proof.entries}
    kept = []
    for entry in proof.entries:
        old = before.get(entry.card.id)
        if old is None:
            entry.new = True
            kept.append(entry)
            continue
        fields_old, fields_new = card_fields(old), card_fields(entry.card)
        for name in sorted(set(fields_old) | set(fields_new), key=field_order):
            a, b = fields_old.get(name, ""), fields_new.get(name, "")
            if a != b:
                entry.changes.append(FieldChange(name, tuple(word_diff(a, b))))
        if entry.changes:
            kept.append(entry)
        else:
            proof.unchanged += 1
    proof.entries = kept
    proof.since = label
    proof.removed = sorted(card_id for card_id in before if card_id not in now)


def field_order(name: str) -> tuple[int, str]:
    order = ["title", "subtitle", "text", "flavour", "back", "status"]
    head = name.split(".")[0]
    return (order.index(head) if head in order else len(order), name)


def only_findings(proof: Proof) -> None:
    kept = [e for e in proof.entries if e.findings]
    proof.hidden += len(proof.entries) - len(kept)
    proof.entries = kept
