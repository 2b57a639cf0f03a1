"""What spreadsheets and translation tools exchange: one entry per card text, and importing them back.

Each entry carries a hash of its translation as it was at export time (its
base).  On import that tells "changed in the file" from "changed in the pack
since": a text changed on both sides is a conflict, never overwritten.

The base is twelve letters (a-p, the hash's hex digits moved up the
alphabet): a spreadsheet reads a value like 030536048521 or 302e80281048 as a
number and saves 30536048521 or 1.79769313486232E+308, but it has nothing to
read in letters.  Files exported before still import: a base of twelve hex
digits is the old hash of the same text, and one that lost its leading zeros
is padded back.

Knowing the exported text also tells a spreadsheet's conversion ("007" saved
as 7, "1/2" as a date, "?" for an accent a legacy encoding cannot hold) from a
person's edit: such a row is reported and not written, and the rows around it
import as usual.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import tomlkit

from pnp.check.text.fields import ALL
from pnp.errors import Finding, did_you_mean, error, info, warning
from pnp.i18n import _
from pnp.model import Card, DeckFile, PackData
from pnp.paths import shown_path
from pnp.translate.aid_texts import (
    AID_PREFIX,
    aid_names,
    aid_of,
    missing_list,
    parse_place,
    places,
    text_at,
    write_aid_texts,
)
from pnp.translate.coercion import lost_characters, spreadsheet_change
from pnp.translate.files import PackFile, open_file
from pnp.translate.glossary_apply import Change
from pnp.translate.tomledit import fresh_string, set_text

STATUS = "status"
FIELDS = (*ALL, STATUS)
STATUSES = ("draft", "translated", "reviewed")
BASE_LETTERS = "abcdefghijklmnop"  # the 16 hex digits, as letters
BASE_LENGTH = 12
LEGACY_DIGITS = "0123456789abcdef"


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
    unreadable: bool = False  # the reader refused it (and said why): counted among the rows not written
    # whether a spreadsheet can have converted the target cell: None for a CSV (any cell can be), False for
    # an xlsx or ods text cell (what it holds was typed or kept as text), True for a typed cell there
    typed: bool | None = None


@dataclass
class ImportPlan:
    writes: list[tuple[Path, bytes]] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    written: list[Row] = field(default_factory=list)  # the rows whose change is in writes
    refused: list[Row] = field(default_factory=list)  # the rows with an error: not written


def base_hash(text: str) -> str:
    """A short hash of a translation, in letters only; line endings do not count (spreadsheets turn \\n into \\r\\n)."""
    return _legacy_hash(text).translate(str.maketrans(LEGACY_DIGITS, BASE_LETTERS))


def _legacy_hash(text: str) -> str:
    """The base as pnp wrote it before: hex digits, which a spreadsheet may read as a number."""
    return hashlib.sha256(normalize(text).encode("utf-8")).hexdigest()[:BASE_LENGTH]


def base_matches(text: str, base: str) -> bool:
    """`base` is the hash of `text`, as pnp writes it now or wrote it before."""
    return base in (base_hash(text), _legacy_hash(text))


def readable_base(base: str) -> str | None:
    """The base as pnp wrote it, or None when a spreadsheet changed it beyond repair (or it never was one)."""
    if len(base) == BASE_LENGTH and (set(base) <= set(BASE_LETTERS) or set(base) <= set(LEGACY_DIGITS)):
        return base
    if base.isdigit() and len(base) < BASE_LENGTH:  # an old base read as a number: only its leading zeros went
        return base.zfill(BASE_LENGTH)
    return None


def normalize(text: str) -> str:
    return text.replace("\r\n", "\n")


def card_texts(card: Card) -> dict[str, dict[str, str]]:
    texts = {"title": card.title, "subtitle": card.subtitle, "text": card.text, "flavour": card.flavour}
    if card.back is not None:
        texts |= {"back.title": card.back.title, "back.text": card.back.text, "back.flavour": card.back.flavour}
    return texts


def entries(pack: PackData, lang: str, aids: bool = False) -> list[Entry]:
    """Every card text that has an original or a translation, then the card's status, in pack order;
    with `aids`, then every text of the aids (card "aids/<id>", field its place, no status)."""
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
    return found + (aid_entries(pack, lang) if aids else [])


def aid_entries(pack: PackData, lang: str) -> list[Entry]:
    """Every aid text that has an original or a translation, aid by aid, in reading order."""
    source_language = pack.pack.source_language
    found = []
    for aid in pack.aids:
        shown = _in_pack(pack, aid.file)
        for place in places(aid.aid):
            source, target = text_at(aid.aid, place, source_language), text_at(aid.aid, place, lang)
            if source or target:
                line = aid.line(place.field(lang)) or aid.line(place.field(source_language))
                found.append(
                    Entry(f"{AID_PREFIX}{aid.id}", place.name(), source, target, base_hash(target), shown, line)
                )
    return found


def _in_pack(pack: PackData, file: Path) -> str:
    try:
        return file.relative_to(pack.root.parent).as_posix()
    except ValueError:  # a deck file outside the pack's folder is refused at load; keep its name only
        return file.name


def plan_import(pack: PackData, rows: list[Row], lang: str, shown: str, spreadsheet: bool = False) -> ImportPlan:
    """What the rows change, row by row: a row with a problem is reported and left out, the others go ahead.

    From a spreadsheet (a CSV, or a typed cell of an xlsx or ods), a cell that is the spreadsheet's
    conversion of the exported text is one such problem; a translation tool converts nothing, so there
    "007" edited to "7" is an edit, and so it is in an xlsx's text cell.
    """
    plan = ImportPlan()
    cards = pack.cards()
    seen: dict[tuple[str, str], Row] = {}
    wanted: list[tuple[Row, str]] = []
    aid_rows: list[Row] = []
    for row in rows:
        if row.unreadable or (row.derived and any(r.card == row.card for r in plan.refused)):
            plan.refused.append(row)  # a PO card's status goes with its texts: none of them, if one is refused
            continue
        if row.card.startswith(AID_PREFIX):
            aid_rows.append(row)
            continue
        if spreadsheet:
            row = _recover_card(row, cards, plan, shown)
        problem = _bad_row(row, cards, seen, shown)
        if problem is None:
            seen[(row.card, row.field)] = row
            card = cards[row.card]
            where = {"line": row.line, "card": row.card, "field": f"{row.field}.{lang}"}
            current, original = (
                current_text(card, row.field, lang),
                current_text(card, row.field, pack.pack.source_language),
            )
            problem, theirs = _judge(current, original, row, where, pack, shown, plan, spreadsheet)
            if problem is None and theirs is not None:
                wanted.append((row, theirs))
        if problem is not None:
            if not row.derived:
                plan.findings.append(problem)
            plan.refused.append(row)
    if wanted:
        plan.writes, plan.changes = _apply(pack, wanted, lang)
        plan.written = [row for row, _theirs in wanted]
    _plan_aids(pack, aid_rows, lang, shown, plan, spreadsheet)
    return plan


def _plan_aids(pack: PackData, rows: list[Row], lang: str, shown: str, plan: ImportPlan, spreadsheet: bool) -> None:
    """The aid texts' rows, judged as card texts are; each written into its aid's file."""
    wanted = []
    seen: dict[tuple[str, str], Row] = {}
    for row in rows:
        aid, place = aid_of(pack, row.card), parse_place(row.field)
        where: dict[str, Any] = {"line": row.line, "field": f"{row.card}:{row.field}"}
        problem: Finding | None = None
        if aid is None:
            problem = error(
                "import/unknown-aid",
                shown,
                _('{label}: no aid "{aid}" in the pack (aids/*.toml)').format(label=row.label, aid=row.card),
                **where,
                hint=did_you_mean(row.card, aid_names(pack)) or _("aid names are the pack's: export again to get them"),
            )
        elif place is None or place not in places(aid.aid):
            problem = error(
                "import/unknown-place",
                shown,
                _('{label}: the aid "{aid}" has no text at "{place}"').format(
                    label=row.label, aid=row.card, place=row.field
                ),
                **where,
                hint=_("put the msgctxt back as pnp export wrote it, or export again to get the aid's places"),
            )
        elif (row.card, row.field) in seen:
            problem = error(
                "import/bad-row",
                shown,
                _('{label}: aid "{aid}" place "{place}" is given twice (also {label2})').format(
                    label=row.label, aid=row.card, place=row.field, label2=seen[row.card, row.field].label
                ),
                **where,
                hint=_("keep one of the two"),
            )
        else:
            seen[(row.card, row.field)] = row
            where["field"] = f"{row.card}:{place.field(lang)}"
            current = text_at(aid.aid, place, lang)
            original = text_at(aid.aid, place, pack.pack.source_language)
            problem, theirs = _judge(current, original, row, where, pack, shown, plan, spreadsheet)
            lacking = missing_list(aid.aid, place, lang) if problem is None and theirs is not None else None
            if lacking is not None:
                problem = error(
                    "import/no-list",
                    shown,
                    _("{label}: {aid} has no {field} to write this item into").format(
                        label=row.label, aid=shown_path(aid.file), field=lacking
                    ),
                    **where,
                    hint=_("add the whole list in that language to the TOML file, with as many items as the original"),
                )
            elif problem is None and theirs is not None:
                wanted.append((aid, place, theirs))
                plan.written.append(row)
        if problem is not None:
            plan.findings.append(problem)
            plan.refused.append(row)
    if wanted:
        writes, changes = write_aid_texts(pack, wanted, lang)
        plan.writes += writes
        plan.changes += changes


def _recover_card(row: Row, cards: dict[str, Card], plan: ImportPlan, shown: str) -> Row:
    """A card id a spreadsheet converted ("007" saved as 7) is the one card it can have come from."""
    if row.card in cards:
        return row
    origins = [card for card in cards if spreadsheet_change(card, row.card)]
    if len(origins) != 1:
        return row
    plan.findings.append(
        info(
            "import/spreadsheet-change",
            shown,
            _('{label}: the card id "{cell}" is "{card}" as exported ({kind}): read as "{card}"').format(
                label=row.label, cell=row.card, card=origins[0], kind=spreadsheet_change(origins[0], row.card)
            ),
            line=row.line,
            card=origins[0],
        )
    )
    return replace(row, card=origins[0])


def _judge(
    current: str,
    original: str,
    row: Row,
    where: dict[str, Any],
    pack: PackData,
    shown: str,
    plan: ImportPlan,
    spreadsheet: bool,
) -> tuple[Finding | None, str | None]:
    """(the row's problem, or None; the text to write, or None when the row changes nothing).

    `current` is the pack's text in the target language, `original` in the source language."""
    current = normalize(current)
    theirs = normalize(row.target)
    base = readable_base(row.base)
    if theirs == current or (base is not None and base_matches(theirs, base)):
        return None, None  # unchanged in the file: whatever the pack says now stands
    if base is not None and not base_matches(current, base):
        return error(
            "import/conflict",
            shown,
            _(
                "{label}: changed in the file and in the pack since the export: the file "
                'says "{theirs}", the pack now says "{current}"'
            ).format(label=row.label, theirs=_short(theirs), current=_short(current)),
            **where,
            hint=_("delete the row to keep the pack's text, or export again and make the change in the new file"),
        ), None
    # the pack's text is the exported one (or, with the base lost, the only one there is to compare with)
    converted = spreadsheet and row.typed is not False
    problem = _spreadsheet_problem(current, theirs, row, shown, where) if converted else None
    if problem is not None:
        return problem, None
    if base is None:
        return error(
            "import/base-lost",
            shown,
            _(
                '{label}: the base "{base}" is not what pnp export wrote: this change cannot be told from '
                "one made in the pack since"
            ).format(label=row.label, base=row.base),
            **where,
            hint=_(
                "a spreadsheet read it as a number: export again (the new file's bases are letters, which "
                "spreadsheets keep) and make the change there"
            )
            if _looks_numeric(row.base)
            else _("leave the base as exported; it tells a change in the file from a change in the pack"),
        ), None
    if not theirs.strip():
        return error(
            "import/empty",
            shown,
            _("{label}: the file empties this text, and import never deletes a translation").format(label=row.label),
            **where,
            hint=_("put the text back, or delete the row; to remove a translation, edit the pack's TOML file"),
        ), None
    if row.field == STATUS and theirs not in STATUSES:
        return error(
            "import/bad-row",
            shown,
            _('{label}: "{theirs}" is not a status').format(label=row.label, theirs=theirs),
            **where,
            hint=did_you_mean(theirs, STATUSES) or _("write one of: {STATUSES}").format(STATUSES=", ".join(STATUSES)),
        ), None
    original = normalize(original) if row.field != STATUS else ""
    source = normalize(row.source)
    if (
        row.field != STATUS
        and source != original
        and not (spreadsheet and (spreadsheet_change(original, source) or lost_characters(original, source)))
    ):
        plan.findings.append(
            warning(
                "import/original-changed",
                shown,
                _("{label}: the original ({field}.{source_language}) changed since the export").format(
                    label=row.label, field=row.field, source_language=pack.pack.source_language
                ),
                **where,
                hint=_("check the translation against the pack's original: pnp proof shows both"),
            )
        )
    return None, theirs


def _spreadsheet_problem(exported: str, theirs: str, row: Row, shown: str, where: dict[str, Any]) -> Finding | None:
    """The cell is what a spreadsheet makes of the exported text: reported, never written."""
    lost = lost_characters(exported, theirs)
    if lost:
        return error(
            "import/lost-characters",
            shown,
            _('{label}: "{lost}" came back as "?": the file was saved in an encoding that cannot hold it').format(
                label=row.label, lost=" ".join(lost)
            ),
            **where,
            hint=_("save the file again as 'CSV UTF-8' (Excel) or 'Unicode (UTF-8)' (LibreOffice) and import it"),
        )
    kind = spreadsheet_change(exported, theirs)
    if kind is None:
        return None
    return error(
        "import/spreadsheet-change",
        shown,
        _(
            '{label}: "{exported}" came back as "{theirs}" ({kind}): likely the spreadsheet\'s doing, not imported'
        ).format(label=row.label, exported=_short(exported), theirs=_short(theirs), kind=kind),
        **where,
        hint=_(
            "open the CSV with its columns as Text and save again; if you meant the change, make it in the TOML file"
        ),
    )


def _looks_numeric(base: str) -> bool:
    return bool(base) and all(c in "0123456789.,+-eE " for c in base) and any(c.isdigit() for c in base)


def _bad_row(row: Row, cards: dict[str, Card], seen: dict[tuple[str, str], Row], shown: str) -> Finding | None:
    where: dict[str, Any] = {"line": row.line}
    if row.card not in cards:
        return error(
            "import/unknown-card",
            shown,
            _('{label}: no card "{card}" in the pack').format(label=row.label, card=row.card),
            **where,
            hint=did_you_mean(row.card, cards) or _("card ids are the pack's: export again to get them"),
        )
    if row.field not in FIELDS:
        return error(
            "import/bad-row",
            shown,
            _('{label}: "{field}" is not a card text field').format(label=row.label, field=row.field),
            **where,
            card=row.card,
            hint=did_you_mean(row.field, FIELDS) or _("fields: {FIELDS}").format(FIELDS=", ".join(FIELDS)),
        )
    if (row.card, row.field) in seen:
        return error(
            "import/bad-row",
            shown,
            _('{label}: card "{card}" field "{field}" is given twice (also {label2})').format(
                label=row.label, card=row.card, field=row.field, label2=seen[row.card, row.field].label
            ),
            **where,
            card=row.card,
            hint=_("keep one of the two"),
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
