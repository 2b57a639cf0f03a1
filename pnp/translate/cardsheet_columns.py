"""The columns of a card spreadsheet: which card field each one is.

A column is a field by its name (`title.en`, `count`, `stats.attack`), by a
Spanish or English alias (nombre, texto, cantidad ...: a name without a
language is the pack's original), or by the user's `--column "Nombre=title.es"`.
A column pnp cannot place is a warning and is not read; one mapped to no card
field, or to a field another column has, is an error.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from pnp.errors import Finding, did_you_mean, error, warning
from pnp.i18n import _
from pnp.model import PackData
from pnp.translate.sheetfile import Cell, column_letter

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


def plain_name(name: str) -> str:
    """A column name as it is compared: lower case, without accents or the spaces round it."""
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").strip().lower()


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
        mapping[plain_name(name)] = target.strip()
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
    headers = {plain_name(cell.text) for cell in head}
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
        plain = plain_name(name)
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
