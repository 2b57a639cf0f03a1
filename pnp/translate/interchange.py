"""What spreadsheets and translation tools exchange: one entry per card text, and importing them back.

Each entry carries a hash of its translation as it was at export time (its
base).  On import that tells "changed in the file" from "changed in the pack
since": a text changed on both sides is a conflict, never overwritten.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomlkit

from pnp.check.text.fields import ALL
from pnp.errors import Finding, did_you_mean, error, warning
from pnp.model import Card, DeckFile, PackData
from pnp.translate.files import PackFile, open_file
from pnp.translate.glossary_apply import Change
from pnp.translate.tomledit import fresh_string, set_text

STATUS = "status"
FIELDS = (*ALL, STATUS)
STATUSES = ("draft", "translated", "reviewed")


@dataclass(frozen=True)
class Entry:
    """One card text in the source language and the target language, as exported."""

    card: str
    field: str  # "title", "back.text", or "status"
    source: str
    target: str
    base: str  # hash of target at export time
    file: str
    line: int | None


@dataclass(frozen=True)
class Row:
    """An entry as read back from a file, with where it is in that file."""

    card: str
    field: str
    source: str
    target: str
    base: str
    line: int | None
    label: str  # "row 4", "entry 12": how the file's reader names it
    derived: bool = False  # made from other rows (a PO card's status): their problems are already reported


@dataclass
class ImportPlan:
    writes: list[tuple[Path, bytes]] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)


def base_hash(text: str) -> str:
    """A short hash of a translation; line endings do not count (spreadsheets turn \\n into \\r\\n)."""
    return hashlib.sha256(normalize(text).encode("utf-8")).hexdigest()[:12]


def normalize(text: str) -> str:
    return text.replace("\r\n", "\n")


def card_texts(card: Card) -> dict[str, dict[str, str]]:
    texts = {"title": card.title, "subtitle": card.subtitle, "text": card.text, "flavour": card.flavour}
    if card.back is not None:
        texts |= {"back.title": card.back.title, "back.text": card.back.text, "back.flavour": card.back.flavour}
    return texts


def entries(pack: PackData, lang: str) -> list[Entry]:
    """Every card text that has an original or a translation, then the card's status, in pack order."""
    source_language = pack.pack.source_language
    found = []
    for deck in pack.decks:
        # where the text lives, from the pack's folder: the same on every translator's computer
        shown = _in_pack(pack, deck.file)
        for card in deck.cards:
            for name, localized in card_texts(card).items():
                source, target = localized.get(source_language, ""), localized.get(lang, "")
                if source or target:
                    line = pack.line("field", f"{card.id}:{name}.{lang}") or pack.line("card", card.id)
                    found.append(Entry(card.id, name, source, target, base_hash(target), shown, line))
            status = card.status.get(lang, "")
            found.append(Entry(card.id, STATUS, "", status, base_hash(status), shown, pack.line("card", card.id)))
    return found


def _in_pack(pack: PackData, file: Path) -> str:
    try:
        return file.relative_to(pack.root.parent).as_posix()
    except ValueError:  # a deck file outside the pack's folder is refused at load; keep its name only
        return file.name


def plan_import(pack: PackData, rows: list[Row], lang: str, shown: str) -> ImportPlan:
    plan = ImportPlan()
    cards = pack.cards()
    seen: dict[tuple[str, str], Row] = {}
    wanted: list[tuple[Row, str]] = []
    for row in rows:
        problem = _bad_row(row, cards, seen, shown)
        if problem is not None:
            if not row.derived:
                plan.findings.append(problem)
            continue
        seen[(row.card, row.field)] = row
        card = cards[row.card]
        current = current_text(card, row.field, lang)
        theirs = normalize(row.target)
        if theirs == normalize(current) or base_hash(theirs) == row.base:
            continue  # unchanged in the file: whatever the pack says now stands
        where = {"line": row.line, "card": row.card, "field": f"{row.field}.{lang}"}
        if base_hash(current) != row.base:
            plan.findings.append(
                error(
                    "import/conflict",
                    shown,
                    f"{row.label}: changed in the file and in the pack since the export: "
                    f'the file says "{_short(theirs)}", the pack now says "{_short(current)}"',
                    **where,
                    hint="delete the row to keep the pack's text, or export again and make the change in the new file",
                )
            )
            continue
        if not theirs.strip():
            plan.findings.append(
                error(
                    "import/empty",
                    shown,
                    f"{row.label}: the file empties this text, and import never deletes a translation",
                    **where,
                    hint="put the text back, or delete the row; to remove a translation, edit the pack's TOML file",
                )
            )
            continue
        if row.field == STATUS and theirs not in STATUSES:
            plan.findings.append(
                error(
                    "import/bad-row",
                    shown,
                    f'{row.label}: "{theirs}" is not a status',
                    **where,
                    hint=did_you_mean(theirs, STATUSES) or f"write one of: {', '.join(STATUSES)}",
                )
            )
            continue
        original = current_text(card, row.field, pack.pack.source_language) if row.field != STATUS else ""
        if row.field != STATUS and normalize(row.source) != normalize(original):
            plan.findings.append(
                warning(
                    "import/original-changed",
                    shown,
                    f"{row.label}: the original ({row.field}.{pack.pack.source_language}) changed since the export",
                    **where,
                    hint="check the translation against the pack's original: pnp proof shows both",
                )
            )
        wanted.append((row, theirs))
    if wanted:
        plan.writes, plan.changes = _apply(pack, wanted, lang)
    return plan


def _bad_row(row: Row, cards: dict[str, Card], seen: dict[tuple[str, str], Row], shown: str) -> Finding | None:
    where: dict[str, Any] = {"line": row.line}
    if row.card not in cards:
        return error(
            "import/unknown-card",
            shown,
            f'{row.label}: no card "{row.card}" in the pack',
            **where,
            hint=did_you_mean(row.card, cards) or "card ids are the pack's: export again to get them",
        )
    if row.field not in FIELDS:
        return error(
            "import/bad-row",
            shown,
            f'{row.label}: "{row.field}" is not a card text field',
            **where,
            card=row.card,
            hint=did_you_mean(row.field, FIELDS) or f"fields: {', '.join(FIELDS)}",
        )
    if (row.card, row.field) in seen:
        return error(
            "import/bad-row",
            shown,
            f'{row.label}: card "{row.card}" field "{row.field}" is given twice '
            f"(also {seen[(row.card, row.field)].label})",
            **where,
            card=row.card,
            hint="keep one of the two",
        )
    if len(row.base) != 12 or any(c not in "0123456789abcdef" for c in row.base):
        return error(
            "import/bad-row",
            shown,
            f'{row.label}: the base "{row.base}" is not what pnp export wrote',
            **where,
            card=row.card,
            hint="leave the base as exported; it tells a change in the file from a change in the pack",
        )
    return None


def current_text(card: Card, name: str, lang: str) -> str:
    if name == STATUS:
        return card.status.get(lang, "")
    return card_texts(card).get(name, {}).get(lang, "")


def _short(text: str, limit: int = 60) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _apply(pack: PackData, wanted: list[tuple[Row, str]], lang: str) -> tuple[list[tuple[Path, bytes]], list[Change]]:
    files: dict[Path, PackFile] = {}
    changes = []
    for row, value in wanted:
        deck = pack.deck_of(row.card)
        assert deck is not None
        source = files.setdefault(deck.file, open_file(deck.file, DeckFile))
        table = next(t for t in source.document["card"] if t.get("id") == row.card)
        old = current_text(pack.cards()[row.card], row.field, lang)
        set_field(table, row.field.split("."), lang, value)
        line = pack.line("field", f"{row.card}:{row.field}.{lang}") or pack.line("card", row.card)
        changes.append(Change(source.shown, line, row.card, f"{row.field}.{lang}", old, value))
    return [(f.path, f.new_bytes()) for f in files.values() if f.changed()], changes


def set_field(table: Any, path: list[str], lang: str, value: str) -> None:
    """Set card[path][lang]; a new field becomes a dotted key (`text.es = ...`) after the card's last one."""
    head, *rest = path
    if head not in table:
        table.append(tomlkit.key([*path, lang]), fresh_string(value))
    elif rest:
        set_field(table[head], rest, lang, value)
    else:
        set_text(table[head], lang, value)
