"""A card list from any spreadsheet: its columns named after card fields, its rows the cards of a deck.

This is how Squib, nanDeck and the community card lists keep a game: one row
per card, one column per field.  A column is a card field by its name (`id`,
`type`, `count`, `title.en`, `text.es`, `cost`, `art`, `stats.attack`, any
field of docs/pack-format.md), by a Spanish alias (nombre, texto, cantidad,
coste, tipo ...: a name without a language is the pack's original), or by
the user's `--column "Nombre=title.es"`.

A row whose id the pack does not have yet is a new card, appended to the
deck's TOML file.  A row of a card the pack has fills in the fields the card
lacks; a field the card has with another value is a conflict, reported and
left as the pack says (a sheet has no base to tell whose change is newer).
A row without an id gets one from its original title (a slug: "Célula de
combustible" is celula-de-combustible), the same on every run; two rows with
the same title get -2, -3 in sheet order, and a made id the pack already has
is refused, since the row may be that card or another one of the same name.

Every problem names its row and column, as the spreadsheet shows them, and
leaves that row out; the others go ahead.
"""

from __future__ import annotations

import csv
import datetime
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomlkit
from pydantic import ValidationError

from pnp.errors import Finding, did_you_mean, error, info, warning
from pnp.i18n import _
from pnp.limits import MAX_SHEET_FILE_BYTES, MAX_SHEET_ROWS
from pnp.model import Card, DeckFile, LoadedDeck, PackData
from pnp.paths import shown_path
from pnp.translate.csvfile import decode_csv
from pnp.translate.files import PackFile, open_file
from pnp.translate.glossary_apply import Change
from pnp.translate.interchange import set_field
from pnp.translate.sheetfile import SHEET_SUFFIXES, Cell, SheetRow, column_letter, read_sheets

TEXTS = ("title", "subtitle", "text", "flavour")
NUMBERS = ("count", "cost")
PLAIN = ("id", "type", "art", "legality", "notes", "verify", "source", "scan")
# a column name, lower case and without accents, and the field it stands for; None: the pack's original language
ALIASES: dict[str, tuple[str, str | None]] = {
    **{name: (name, None) for name in (*TEXTS, *NUMBERS, *PLAIN)},
    "nombre": ("title", None),
    "titulo": ("title", None),
    "name": ("title", None),
    "subtitulo": ("subtitle", None),
    "texto": ("text", None),
    "reglas": ("text", None),
    "flavor": ("flavour", None),
    "ambientacion": ("flavour", None),
    "cita": ("flavour", None),
    "cantidad": ("count", None),
    "copias": ("count", None),
    "coste": ("cost", None),
    "costo": ("cost", None),
    "precio": ("cost", None),
    "tipo": ("type", None),
    "arte": ("art", None),
    "imagen": ("art", None),
    "ilustracion": ("art", None),
    "identificador": ("id", None),
    "notas": ("notes", None),
}
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Column:
    index: int
    name: str  # as the header says
    field: str  # "title.es", "count", "stats.attack"


@dataclass
class CardSheetPlan:
    writes: list[tuple[Path, bytes]] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    new_cards: list[tuple[int, str, str]] = field(default_factory=list)  # (row, id, title)
    updated_cards: list[tuple[int, str]] = field(default_factory=list)
    refused_rows: list[int] = field(default_factory=list)


def slug(text: str) -> str:
    """'Célula de combustible' -> 'celula-de-combustible'."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def _plain(name: str) -> str:
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").strip().lower()


# --- reading any spreadsheet ----------------------------------------------------------------------


def read_table(path: Path) -> tuple[list[SheetRow] | None, list[Finding]]:
    """The rows of a CSV (any delimiter, any encoding a spreadsheet saves), an xlsx or an ods."""
    shown = shown_path(path)
    if path.suffix.lower() in SHEET_SUFFIXES:
        sheets, findings = read_sheets(path)
        if sheets is None:
            return None, findings
        if not sheets:
            return None, [
                *findings,
                error("import/bad-file", shown, _("the spreadsheet has no visible sheet with rows")),
            ]
        if len(sheets) > 1:
            others = ", ".join(s.name for s in sheets[1:])
            findings.append(
                info(
                    "import/other-sheets",
                    shown,
                    _('only the first sheet, "{name}", is read; not: {others}').format(
                        name=sheets[0].name, others=others
                    ),
                )
            )
        return sheets[0].rows, findings
    try:
        size = path.stat().st_size
        if size > MAX_SHEET_FILE_BYTES:
            return None, [
                error(
                    "import/too-large",
                    shown,
                    _("the file is {size} MB; pnp reads spreadsheets of up to {limit} MB").format(
                        size=size // 1_000_000, limit=MAX_SHEET_FILE_BYTES // 1_000_000
                    ),
                )
            ]
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, [error("import/unreadable", shown, _("file not found"))]
    except OSError as exc:
        return None, [
            error("import/unreadable", shown, _("cannot read the file: {strerror}").format(strerror=exc.strerror))
        ]
    text, findings = decode_csv(raw, shown)
    if text is None:
        return None, findings
    sample = text[:20_000]
    try:
        delimiter = csv.Sniffer().sniff(sample, delimiters=",;\t|").delimiter
    except csv.Error:
        first = sample.split("\n", 1)[0]
        delimiter = max((",", ";", "\t", "|"), key=first.count)
    names = {",": _("commas"), ";": _("semicolons"), "\t": _("tabs"), "|": _("vertical bars")}
    findings.append(
        info(
            "import/delimiter", shown, _("columns separated by {delimiter}").format(delimiter=names[delimiter]), line=1
        )
    )
    rows = []
    reader = csv.reader(text.splitlines(keepends=True), delimiter=delimiter)
    try:
        for number, cells in enumerate(reader, start=1):
            if number > MAX_SHEET_ROWS:
                return None, [*findings, _too_many(shown)]
            rows.append(SheetRow(number, [Cell(c) for c in cells]))
    except csv.Error as exc:
        return None, [
            *findings,
            error(
                "import/bad-file",
                shown,
                _("row {value}: not readable as CSV: {exc}").format(value=len(rows) + 1, exc=exc),
            ),
        ]
    return rows, findings


def _too_many(shown: str) -> Finding:
    return error(
        "import/too-large",
        shown,
        _("the file has more than {limit} rows, the most pnp imports from a sheet").format(limit=MAX_SHEET_ROWS),
        hint=_("split it in several files of fewer rows, or delete the empty rows at its end"),
    )


# --- columns --------------------------------------------------------------------------------------


def parse_mapping(options: tuple[str, ...]) -> tuple[dict[str, str], list[Finding]]:
    """--column "Nombre=title.es" options: {column name as typed (plain): field}."""
    mapping, problems = {}, []
    for option in options:
        name, sep, target = option.partition("=")
        if not sep or not name.strip() or not target.strip():
            problems.append(
                error(
                    "import/bad-option",
                    "--column",
                    _('"{option}" is not COLUMN=FIELD').format(option=option),
                    hint=_('write it like --column "Nombre=title.es"'),
                )
            )
            continue
        mapping[_plain(name)] = target.strip()
    return mapping, problems


def known_field(name: str, pack: PackData) -> bool:
    head, _sep, rest = name.partition(".")
    languages = {pack.pack.source_language, *pack.pack.target_languages}
    if head in TEXTS:
        return rest in languages
    if head in ("stats", "skills"):
        return bool(SLUG.match(rest.replace("_", "-")))
    return not rest and head in (*NUMBERS, *PLAIN, "keywords")


def _field_names(pack: PackData) -> list[str]:
    languages = [pack.pack.source_language, *pack.pack.target_languages]
    return [f"{t}.{lang}" for t in TEXTS for lang in languages] + [*NUMBERS, *PLAIN, "keywords", "stats.NAME"]


def map_columns(
    head: list[Cell], pack: PackData, mapping: dict[str, str], shown: str
) -> tuple[list[Column], list[Finding]]:
    """The columns read, and a finding for each one not read (a warning) or mapped wrong (an error)."""
    columns: list[Column] = []
    findings: list[Finding] = []
    headers = {_plain(cell.text) for cell in head}
    for name in mapping:
        if name not in headers:
            findings.append(
                error(
                    "import/bad-option",
                    "--column",
                    _('no column "{name}" in the first row of {shown}').format(name=name, shown=shown),
                    hint=did_you_mean(name, sorted(headers))
                    or _("columns: {names}").format(names=", ".join(sorted(headers))),
                )
            )
    source = pack.pack.source_language
    for index, cell in enumerate(head):
        name = cell.text.strip()
        if not name:
            continue
        plain = _plain(name)
        letter = column_letter(index)
        if plain in mapping:
            target = mapping[plain]
            if not known_field(target, pack):
                findings.append(
                    error(
                        "import/unknown-field",
                        shown,
                        _('column {letter} "{name}": "{field}" is not a card field').format(
                            letter=letter, name=name, field=target
                        ),
                        line=1,
                        hint=did_you_mean(target, _field_names(pack))
                        or _("fields: {names}").format(names=", ".join(_field_names(pack))),
                    )
                )
                continue
        else:
            head_name, dot, lang = plain.partition(".")
            alias = ALIASES.get(head_name)
            if alias is not None and (not dot or alias[0] in TEXTS):
                target = alias[0] + ("." + (lang if dot else source) if alias[0] in TEXTS else "")
            else:
                target = plain
            if not known_field(target, pack):
                findings.append(
                    warning(
                        "import/unknown-column",
                        shown,
                        _('column {letter} "{name}" is not a card field: not read').format(letter=letter, name=name),
                        line=1,
                        hint=did_you_mean(target, [*_field_names(pack), *ALIASES])
                        or _('map it with --column "{name}=FIELD" (fields: {names})').format(
                            name=name, names=", ".join(_field_names(pack))
                        ),
                    )
                )
                continue
        if any(c.field == target for c in columns):
            findings.append(
                error(
                    "import/unknown-field",
                    shown,
                    _('column {letter} "{name}" is {field} again').format(letter=letter, name=name, field=target),
                    line=1,
                    hint=_("keep one of the two columns, or map one to another field with --column"),
                )
            )
            continue
        columns.append(Column(index, name, target))
    return columns, findings


# --- the plan -------------------------------------------------------------------------------------


def plan_cards(
    pack: PackData, deck: LoadedDeck, rows: list[SheetRow], columns: list[Column], shown: str
) -> CardSheetPlan:
    plan = CardSheetPlan()
    cards = pack.cards()
    source = pack.pack.source_language
    seen: dict[str, int] = {}
    made: dict[str, int] = {}
    new_tables: list[tuple[int, dict[str, Any]]] = []
    updates: list[tuple[int, str, dict[str, Any]]] = []
    for row in rows:
        values: dict[str, Any] = {}
        where: dict[str, str] = {}
        problems: list[Finding] = []
        for column in columns:
            cell = row.cells[column.index] if column.index < len(row.cells) else Cell("")
            where[column.field] = f"{column_letter(column.index)} ({column.name})"
            value, problem = _value(column, cell, row.number, shown)
            if problem is not None:
                problems.append(problem)
            elif value is not None:
                values[column.field] = value
        if not values and not problems:
            continue  # an empty row
        label = _("row {number}").format(number=row.number)
        card_id = values.pop("id", None)
        title = values.get(f"title.{source}") or next((v for k, v in values.items() if k.startswith("title.")), None)
        if card_id is None and not problems:
            if not title:
                problems.append(
                    error(
                        "import/bad-row",
                        shown,
                        _("{label}: no id and no title to make one from").format(label=label),
                        line=row.number,
                        hint=_("give the card a title, or an id column"),
                    )
                )
            else:
                base = slug(title) or "card"
                card_id = base
                number = 2
                while card_id in made or card_id in seen:
                    card_id, number = f"{base}-{number}", number + 1
                if card_id in cards:
                    problems.append(
                        error(
                            "import/id-taken",
                            shown,
                            _(
                                '{label}: the title "{title}" makes the id "{card}", which a card of the pack already '
                                "has: not added"
                            ).format(label=label, title=title, card=card_id),
                            line=row.number,
                            card=card_id,
                            hint=_(
                                "to update that card, write {card} in an id column; to add another card, "
                                "give it its own id"
                            ).format(card=card_id),
                        )
                    )
                made[card_id] = row.number
        elif card_id is not None and not SLUG.match(card_id):
            problems.append(
                error(
                    "import/bad-row",
                    shown,
                    _(
                        '{label}, column {column}: "{card}" is not an id (lower case letters, digits and hyphens)'
                    ).format(label=label, column=where.get("id", "id"), card=card_id),
                    line=row.number,
                    hint=_("write it as {slug}").format(slug=slug(card_id) or "my-card"),
                )
            )
        if card_id is not None and card_id in seen and not problems:
            problems.append(
                error(
                    "import/duplicate-id",
                    shown,
                    _('{label}: the id "{card}" is also row {other}\'s: only row {other} is read').format(
                        label=label, card=card_id, other=seen[card_id]
                    ),
                    line=row.number,
                    card=card_id,
                    hint=_("give each card its own id, or delete one of the rows"),
                )
            )
        if problems:
            plan.findings += problems
            plan.refused_rows.append(row.number)
            continue
        assert card_id is not None
        seen[card_id] = row.number
        if card_id in cards:
            updates.append((row.number, card_id, values))
            continue
        if "type" not in values:
            types = deck.deck.card_types or [t.id for t in pack.pack.card_type]
            if len(types) == 1:
                values["type"] = types[0]
        problem = _new_card_problem(pack, deck, card_id, values, row.number, label, where, shown)
        if problem is not None:
            plan.findings.append(problem)
            plan.refused_rows.append(row.number)
            continue
        new_tables.append((row.number, {"id": card_id, **values}))
    files: dict[Path, PackFile] = {}
    _plan_updates(pack, updates, plan, shown, files)
    _plan_new(pack, deck, new_tables, plan, files)
    plan.writes = [(f.path, f.new_bytes()) for f in files.values() if f.changed()]
    return plan


def _value(column: Column, cell: Cell, number: int, shown: str) -> tuple[Any, Finding | None]:
    text = cell.text.strip() if column.field not in TEXTS else cell.text
    label = _("row {number}, column {letter} ({name})").format(
        number=number, letter=column_letter(column.index), name=column.name
    )
    if not text.strip():
        return None, None
    head = column.field.split(".", 1)[0]
    if head in ("count", "cost", "skills"):
        try:
            value: float | None = float(text.replace(",", "."))
        except ValueError:
            value = None
        if value is None or not value.is_integer():
            return None, error(
                "import/bad-row",
                shown,
                _('{label}: "{text}" is not a whole number').format(label=label, text=text),
                line=number,
            )
        return int(value), None  # a number cell or a typed "3": the same count
    if cell.typed and _is_date(text) and head in (*TEXTS, "id", "type"):
        return None, error(
            "import/spreadsheet-change",
            shown,
            _("{label}: a date or time cell ({text}), not a text: the spreadsheet may have read one").format(
                label=label, text=text
            ),
            line=number,
            hint=_("format the column as Text, type the value again and save"),
        )
    if head == "keywords":
        return [k.strip() for k in text.split(",") if k.strip()], None
    if head == "stats":
        return (int(text) if re.fullmatch(r"-?\d+", text) else text), None
    return text.replace("\r\n", "\n"), None


def _is_date(text: str) -> bool:
    try:
        datetime.date.fromisoformat(text[:10])
        return True
    except ValueError:
        return bool(re.fullmatch(r"\d{1,2}:\d{2}:\d{2}", text))


def _new_card_problem(
    pack: PackData,
    deck: LoadedDeck,
    card_id: str,
    values: dict[str, Any],
    number: int,
    label: str,
    where: dict[str, str],
    shown: str,
) -> Finding | None:
    types = deck.deck.card_types or [t.id for t in pack.pack.card_type]
    kind = values.get("type")
    if kind is None:
        return error(
            "import/bad-row",
            shown,
            _("{label}: no type: the deck {deck} has cards of the types {types}").format(
                label=label, deck=deck.deck.id, types=", ".join(types)
            ),
            line=number,
            card=card_id,
            hint=_('add a column "tipo" (or "type")'),
        )
    if kind not in types:
        return error(
            "import/bad-row",
            shown,
            _('{label}, column {column}: "{type}" is not a card type of the deck {deck} ({types})').format(
                label=label, column=where.get("type", "type"), type=kind, deck=deck.deck.id, types=", ".join(types)
            ),
            line=number,
            card=card_id,
            hint=did_you_mean(kind, types) or _("declare it in pack.toml ([[card_type]]) and in the deck's card_types"),
        )
    source = pack.pack.source_language
    if not values.get(f"title.{source}"):
        return error(
            "import/bad-row",
            shown,
            _("{label}: no title in the pack's original language ({lang}): a new card needs one").format(
                label=label, lang=source
            ),
            line=number,
            card=card_id,
            hint=_('a column "nombre" or "title.{lang}"').format(lang=source),
        )
    try:
        Card.model_validate(_nested({"id": card_id, **values}))
    except ValidationError as exc:
        first = exc.errors()[0]
        name = ".".join(str(p) for p in first["loc"])
        return error(
            "import/bad-row",
            shown,
            _("{label}, {field}: {message}").format(label=label, field=where.get(name, name), message=first["msg"]),
            line=number,
            card=card_id,
        )
    return None


def _nested(values: dict[str, Any]) -> dict[str, Any]:
    nested: dict[str, Any] = {}
    for key, value in values.items():
        head, dot, rest = key.partition(".")
        if dot:
            nested.setdefault(head, {})[rest] = value
        else:
            nested[key] = value
    return nested


def _current(card: Card, name: str) -> Any:
    head, _dot, rest = name.partition(".")
    value = getattr(card, head, None)
    if rest:
        return value.get(rest) if isinstance(value, dict) else None
    return list(value) if isinstance(value, list | tuple) else value


def _plan_updates(
    pack: PackData,
    updates: list[tuple[int, str, dict[str, Any]]],
    plan: CardSheetPlan,
    shown: str,
    files: dict[Path, PackFile],
) -> None:
    cards = pack.cards()
    for number, card_id, values in updates:
        card = cards[card_id]
        deck = pack.deck_of(card_id)
        assert deck is not None
        label = _("row {number}").format(number=number)
        fill = {}
        for name, value in values.items():
            now = _current(card, name)
            if now in (None, "", []) or (name == "count" and now == 1 and "count" not in _explicit(deck, card_id)):
                if value != now:
                    fill[name] = value
            elif now != value:
                plan.findings.append(
                    error(
                        "import/conflict",
                        shown,
                        _(
                            '{label}: card "{card}" {field}: the sheet says "{theirs}", the pack says "{ours}": '
                            "the pack's is kept"
                        ).format(label=label, card=card_id, field=name, theirs=value, ours=now),
                        line=number,
                        card=card_id,
                        field=name,
                        hint=_("change it in the TOML file if the sheet is right"),
                    )
                )
        if not fill:
            continue
        source = files.setdefault(deck.file, open_file(deck.file, DeckFile))
        table = next(t for t in source.document["card"] if t.get("id") == card_id)
        for name, value in fill.items():
            _set(table, name, value)
            plan.changes.append(Change(source.shown, pack.line("card", card_id), card_id, name, "", _show(value)))
        plan.updated_cards.append((number, card_id))


def _explicit(deck: LoadedDeck, card_id: str) -> set[str]:
    """The keys a card's TOML table writes (count = 1 is the default when it is not written)."""
    source = open_file(deck.file, DeckFile)
    table: Any = next((t for t in source.document.get("card", []) if t.get("id") == card_id), {})
    return set(table.keys())


def _set(table: Any, name: str, value: Any) -> None:
    head, _dot, rest = name.partition(".")
    if head in TEXTS:
        set_field(table, [head], rest, value)
    elif rest:
        if head not in table:
            table.append(tomlkit.key([head, rest]), value)
        else:
            table[head][rest] = value
    else:
        table[head] = value


def _show(value: Any) -> str:
    return ", ".join(value) if isinstance(value, list) else str(value)


def _plan_new(
    pack: PackData,
    deck: LoadedDeck,
    tables: list[tuple[int, dict[str, Any]]],
    plan: CardSheetPlan,
    files: dict[Path, PackFile],
) -> None:
    if not tables:
        return
    source = files.setdefault(deck.file, open_file(deck.file, DeckFile))
    if "card" not in source.document:
        source.document.append("card", tomlkit.aot())
    order = [
        "id",
        "type",
        "count",
        *(f"{t}.{lang}" for t in TEXTS for lang in [pack.pack.source_language, *pack.pack.target_languages]),
    ]
    for number, values in tables:
        table = tomlkit.table()
        for name in sorted(values, key=lambda n: order.index(n) if n in order else len(order)):
            _set(table, name, values[name])
        cards = source.document["card"]
        if len(cards) and not cards[-1].as_string().endswith("\n\n"):
            cards[-1].add(tomlkit.nl())  # a blank line between cards, as pnp new and people write them
        cards.append(table)
        title = next((v for k, v in values.items() if k.startswith("title.")), "")
        plan.new_cards.append((number, values["id"], str(title)))
