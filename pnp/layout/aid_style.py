"""How a family prints its aids (reference cards, set-up sheets): templates/<family>/aids.toml.

An aid's words come from the pack (aids/*.toml); how they look comes from
the layout family, as a card's does: fonts, body size, margins, colours, the
title band, the heading style, the table's rules and a frame round a card.
The file is found as layouts are (pnp.layout.templates): the pack's own
`templates/<family>/aids.toml`, then pnp's bundled one, then those of the
family it `extends`, each changing only the fields it writes.  Its
top-level fields apply to every aid; a `[card]` or `[page]` table changes
them for card-sized aids or for A4/Letter pages.  A bad value is a finding
naming the file, the line and the field (an error: the build stops, as for a
layout's), and the value it would have replaced is kept, so fitting goes on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from pnp.errors import Finding, did_you_mean, error
from pnp.i18n import _
from pnp.layout.templates import AID_STYLE_FILE, _family_chain, _Layers
from pnp.load.toml import TomlFile
from pnp.units import UnitError, mm, parse_length

SHAPES = ("card", "page")
MIN_BODY = 6.0  # points: the legibility floor; a style may not start lower
MAX_BODY = 24.0
FONT_ROLES = ("body", "title", "label")
HEADING_STYLES = ("plain", "rule", "band")
TABLE_RULES = ("rows", "grid", "none")
ALIGNS = ("left", "center")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_NONE = "none"  # a colour field written "none": nothing drawn


@dataclass(frozen=True)
class AidStyle:
    """The look of one shape of aid (card or page).  Colours are "#rrggbb", or "" for none."""

    body_size: float = 8.0  # points: where fitting starts; it steps down to MIN_BODY
    margin: float = mm(4)  # points, each side, between the trim and the text
    body_font: str = "body"
    title_font: str = "title"
    heading_font: str = "title"
    text_color: str = "#000000"
    title_color: str = "#000000"
    title_band: str = ""  # a band of this colour behind the title
    title_align: str = "left"
    heading_color: str = "#000000"
    heading_style: str = "plain"  # plain, rule (a line under it) or band (on a tint)
    accent: str = "#666666"  # the heading's rule or band, and the frame when `frame` is unset
    table_header_fill: str = "#e4e4e4"
    table_rules: str = "rows"  # rows (a line under each), grid (every cell boxed) or none
    rule_color: str = "#666666"
    frame: str = ""  # a card aid's outline inside its trim
    paper: str = ""  # a fill over the whole side


CARD_STYLE = AidStyle()
PAGE_STYLE = AidStyle(body_size=10.5, margin=mm(14))
_LENGTHS = {"margin"}
_SIZES = {"body_size"}
_CHOICES: dict[str, tuple[str, ...]] = {
    "body_font": FONT_ROLES,
    "title_font": FONT_ROLES,
    "heading_font": FONT_ROLES,
    "title_align": ALIGNS,
    "heading_style": HEADING_STYLES,
    "table_rules": TABLE_RULES,
}
_COLOURS = {
    "text_color",
    "title_color",
    "title_band",
    "heading_color",
    "accent",
    "table_header_fill",
    "rule_color",
    "frame",
    "paper",
}
FIELDS = tuple(f.name for f in fields(AidStyle))
_TOP_ONLY = ("description",)


@dataclass(frozen=True)
class AidStyles:
    card: AidStyle = CARD_STYLE
    page: AidStyle = PAGE_STYLE
    files: tuple[str, ...] = ()  # the aids.toml files read, the pack's first: for proofs and notes

    def for_shape(self, is_page: bool) -> AidStyle:
        return self.page if is_page else self.card


def load_aid_styles(
    templates_root: Path, family: str, pack_root: Path | None = None
) -> tuple[AidStyles, list[Finding]]:
    """The family's aid style, every layer's aids.toml applied over the defaults; problems as findings.

    A missing family is the layouts' finding (layout/no-family), not repeated here: the defaults print."""
    layers = _Layers(templates_root, pack_root)
    chain, _missing = _family_chain(layers, family)
    findings: list[Finding] = []
    sources: list[TomlFile] = []
    for _name, folder in chain:
        path = folder / AID_STYLE_FILE
        if path.is_file() and (source := layers.read(path)) is not None:
            sources.append(source)
    findings += layers.findings
    card, page = CARD_STYLE, PAGE_STYLE
    for source in reversed(sources):  # the most general first, the pack's own last: it wins
        lines = _key_lines(source.text)
        findings += _unknown_keys(source, lines)
        top = _values(source, source.data, "", lines, findings)
        for shape in SHAPES:
            table = source.data.get(shape, {})
            if not isinstance(table, dict):
                findings.append(_bad(source, lines, shape, _("expected a [{shape}] table").format(shape=shape)))
                table = {}
            values = top | _values(source, table, shape, lines, findings)
            if shape == "card":
                card = replace(card, **values)
            else:
                page = replace(page, **values)
    return AidStyles(card, page, tuple(s.shown for s in sources)), findings


def _values(
    source: TomlFile, table: dict[str, Any], shape: str, lines: dict[str, int], findings: list[Finding]
) -> dict[str, Any]:
    """The table's valid style fields, converted; a finding for each bad one (which is left out)."""
    values: dict[str, Any] = {}
    for key, raw in table.items():
        if key not in FIELDS:
            continue
        field = f"{shape}.{key}" if shape else key
        value, problem = _convert(key, raw)
        if problem is not None:
            findings.append(_bad(source, lines, field, problem[0], problem[1]))
            continue
        values[key] = value
    return values


def _convert(key: str, raw: Any) -> tuple[Any, tuple[str, str | None] | None]:
    """(value, None), or (None, (message, hint)) for a value this field cannot take."""
    if key in _SIZES:
        if isinstance(raw, bool) or not isinstance(raw, int | float):
            return None, (_("expected a size in points, a number: {key} = 9").format(key=key), None)
        if not MIN_BODY <= raw <= MAX_BODY:
            return None, (
                _("{value:g} pt: an aid's text starts at {low:g} to {high:g} pt").format(
                    value=raw, low=MIN_BODY, high=MAX_BODY
                ),
                _("{low:g} pt is the legibility floor: nothing printed is smaller").format(low=MIN_BODY),
            )
        return float(raw), None
    if not isinstance(raw, str):
        return None, (_("expected text in quotes"), None)
    if key in _LENGTHS:
        try:
            points = parse_length(raw)
        except UnitError as exc:
            return None, (str(exc), None)
        if not mm(2) <= points <= mm(40):
            return None, (_("{value}: a margin is 2 mm to 40 mm").format(value=raw), None)
        return points, None
    if key in _COLOURS:
        if raw.strip().lower() == _NONE:
            return "", None
        if not _COLOUR.fullmatch(raw.strip()):
            return None, (_('expected a colour "#rrggbb" or "none", got {value!r}').format(value=raw), None)
        return raw.strip(), None
    choices = _CHOICES[key]
    if raw not in choices:
        hint = did_you_mean(raw, choices) or _("one of: {choices}").format(choices=", ".join(choices))
        return None, (_("{value!r} is not one of the choices").format(value=raw), hint)
    return raw, None


def _unknown_keys(source: TomlFile, lines: dict[str, int]) -> list[Finding]:
    known = set(FIELDS) | set(SHAPES) | set(_TOP_ONLY)
    found = []
    for key in source.data:
        if key not in known:
            found.append(_unknown(source, lines, key, known))
    for shape in SHAPES:
        table = source.data.get(shape)
        for key in table if isinstance(table, dict) else ():
            if key not in FIELDS:
                found.append(_unknown(source, lines, f"{shape}.{key}", set(FIELDS)))
    return found


def _unknown(source: TomlFile, lines: dict[str, int], field: str, known: set[str]) -> Finding:
    key = field.rpartition(".")[2]
    hint = did_you_mean(key, known) or _("fields: {fields}").format(fields=", ".join(sorted(known)))
    return _bad(source, lines, field, _("unknown aid style field"), hint)


def _bad(source: TomlFile, lines: dict[str, int], field: str, message: str, hint: str | None = None) -> Finding:
    return error("layout/invalid", source.shown, message, line=lines.get(field), field=field, hint=hint)


_HEADER = re.compile(r"^\s*\[\s*([A-Za-z0-9_.-]+)\s*\]")
_KEY = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=")


def _key_lines(text: str) -> dict[str, int]:
    """ "key" or "card.key" -> its 1-based line; "card" -> its table's header.  The file is flat: a
    few tables of plain values, so a line scan suffices (multi-line strings have no use here)."""
    lines: dict[str, int] = {}
    table = ""
    for number, line in enumerate(text.splitlines(), start=1):
        if header := _HEADER.match(line):
            table = header.group(1)
            lines.setdefault(table, number)
        elif key := _KEY.match(line):
            lines.setdefault(f"{table}.{key.group(1)}" if table else key.group(1), number)
    return lines
