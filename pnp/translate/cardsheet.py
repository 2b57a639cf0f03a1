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

The rows are read by cardsheet_read, the columns placed by cardsheet_columns,
each row judged here, and the deck files edited by cardsheet_toml.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from pathlib import Path
from typing import Any

from pnp.errors import Finding, did_you_mean, error, info
from pnp.i18n import _
from pnp.load.validate import validate
from pnp.model import Card, LoadedDeck, PackData
from pnp.translate.cardsheet_columns import SLUG, TEXTS, Column
from pnp.translate.cardsheet_toml import CardSheetPlan, append_cards, fill_in_cards
from pnp.translate.files import PackFile
from pnp.translate.sheetfile import Cell, SheetRow, column_letter

HUGE = 1e15  # above this a float has lost its units digit; no count, cost or skill comes near


def slug(text: str) -> str:
    """'Célula de combustible' -> 'celula-de-combustible'."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


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
        bad_fields: set[str] = set()  # cells already reported: what they leave missing is not said again
        for column in columns:
            cell = row.cells[column.index] if column.index < len(row.cells) else Cell("")
            where[column.field] = f"{column_letter(column.index)} ({column.name})"
            value, problem = _value(column, cell, row.number, shown)
            if problem is not None:
                problems.append(problem)
                bad_fields.add(column.field)
            elif value is not None:
                values[column.field] = value
        if not values and not problems:
            continue  # an empty row
        label = _("row {number}").format(number=row.number)
        card_id = values.pop("id", None)
        title = values.get(f"title.{source}") or next((v for k, v in values.items() if k.startswith("title.")), None)
        if card_id is None:
            if not title and not any(f.startswith("title.") for f in bad_fields):
                problems.append(
                    error(
                        "import/bad-row",
                        shown,
                        _("{label}: no id and no title to make one from").format(label=label),
                        line=row.number,
                        hint=_("give the card a title, or an id column"),
                    )
                )
            elif title:
                base = slug(title) or "card"
                card_id = base
                number = 2
                while card_id in made or card_id in seen:
                    card_id, number = f"{base}-{number}", number + 1
                if card_id != base:
                    first_row = made.get(base, seen.get(base))
                    plan.findings.append(
                        info(
                            "import/same-title",
                            shown,
                            _(
                                '{label}: the title "{title}" is also row {other}\'s: this row becomes the card '
                                '"{card}", row {other} the card "{base}"'
                            ).format(label=label, title=title, other=first_row, card=card_id, base=base),
                            line=row.number,
                            card=card_id,
                            hint=_("if they are one card, delete a row; if not, give each an id column"),
                        )
                    )
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
        new_card = card_id is not None and card_id not in cards and card_id not in seen
        if new_card and not any(p.code in ID_PROBLEMS for p in problems):
            assert card_id is not None
            if "type" not in values:
                types = deck.deck.card_types or [t.id for t in pack.pack.card_type]
                if len(types) == 1:
                    values["type"] = types[0]
            # every problem of the row at once: fixing one to be told of the next costs a run each
            problems += _new_card_problems(pack, deck, card_id, values, row.number, label, where, shown, bad_fields)
        if problems:
            plan.findings += problems
            plan.refused_rows.append(row.number)
            continue
        assert card_id is not None
        seen[card_id] = row.number
        if card_id in cards:
            updates.append((row.number, card_id, values))
            continue
        new_tables.append((row.number, {"id": card_id, **values}))
    files: dict[Path, PackFile] = {}
    fill_in_cards(pack, updates, plan, shown, files)
    append_cards(pack, deck, new_tables, plan, files)
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
        if abs(value) >= HUGE:  # 1e30 as int is 31 digits of float noise: say it as it was typed
            return None, error(
                "import/bad-row",
                shown,
                _('{label}: "{text}" is far too large a number for a card').format(label=label, text=text),
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


ID_PROBLEMS = ("import/id-taken", "import/duplicate-id")


def _new_card_problems(
    pack: PackData,
    deck: LoadedDeck,
    card_id: str,
    values: dict[str, Any],
    number: int,
    label: str,
    where: dict[str, str],
    shown: str,
    reported: set[str],
) -> list[Finding]:
    """Every problem of a new card's row, but those its cells were already reported for (`reported`)."""
    found = [
        f
        for f in (
            _type_problem(pack, deck, card_id, values, number, label, where, shown),
            _title_problem(pack, card_id, values, number, label, shown, reported),
        )
        if f is not None
    ]
    _card, problems = validate(Card, _nested({"id": card_id, **values}))
    for problem in problems:  # said as pnp check says it ("a whole number from 1 to 999"), never pydantic's English
        field = problem.field or ""
        if field in reported or field.split(".")[0] == "type" or field.startswith("title"):
            continue  # reported above, by its cell or as the card's type or title
        found.append(
            error(
                "import/bad-row",
                shown,
                _("{label}, column {column}: {message}").format(
                    label=label, column=where.get(field, field), message=problem.message
                ),
                line=number,
                card=card_id,
                hint=problem.hint,
            )
        )
    return found


def _type_problem(
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
    return None


def _title_problem(
    pack: PackData, card_id: str, values: dict[str, Any], number: int, label: str, shown: str, reported: set[str]
) -> Finding | None:
    source = pack.pack.source_language
    if not values.get(f"title.{source}") and f"title.{source}" not in reported:
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
