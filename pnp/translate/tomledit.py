"""Editing per-language text in a pack's TOML files with tomlkit, keeping every other byte.

A changed string keeps its quoting (basic, literal, multi-line), its escapes
and the newline after an opening triple quote; only the words that change,
change.  Every edit is checked by reading the new value back with tomllib.
"""

from __future__ import annotations

import tomllib
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import tomlkit
from pydantic import BaseModel
from tomlkit.items import String, StringType, Trivia

from pnp.i18n import _
from pnp.load.toml import key_lines, locate
from pnp.model import LocalizedText


@dataclass(frozen=True)
class TextValue:
    """One per-language text in a file: where it is, and the table that holds its languages."""

    table: Any  # the tomlkit table or inline table of languages
    lang: str
    value: str
    record: str | None  # "card" records are named by card; others go into the field path
    record_id: str | None
    field: str  # "text.es", or "deck.nav-rim.name.es" outside deck files
    line: int | None


def localized_values(document: Any, model: type[BaseModel], text: str) -> Iterator[TextValue]:
    """Every per-language text the model declares (LocalizedText fields), in file order."""
    lines: dict[str, list[dict[str, int]]] = {}

    def line_of(table: str | None, index: int | None, path: str) -> int | None:
        if table is None:
            return locate(text, None, None, path.split(".")[0])
        if table not in lines:  # once per table: key_lines reads the whole file
            lines[table] = key_lines(text, table)
        keys = lines[table]
        if index is None or index >= len(keys):
            return None
        parts = path.split(".")
        while parts:
            if ".".join(parts) in keys[index]:
                return keys[index][".".join(parts)]
            parts.pop()
        return keys[index][""]

    for top, item, index in _walk_top(document, model):
        for path, table in _localized(item, top[1]):
            record_id = item.get("id") if index is not None else None
            for lang, value in table.items():
                if not isinstance(value, str):
                    continue
                field = f"{path}.{lang}"
                line = line_of(top[0] if index is not None else None, index, field)
                if top[0] == "card":
                    yield TextValue(table, lang, str(value), "card", str(record_id), field, line)
                elif index is not None:
                    name = record_id if isinstance(record_id, str) else f"#{index + 1}"
                    yield TextValue(table, lang, str(value), None, None, f"{top[0]}.{name}.{field}", line)
                else:
                    yield TextValue(table, lang, str(value), None, None, field, line)


def _walk_top(
    document: Any, model: type[BaseModel]
) -> Iterator[tuple[tuple[str | None, type[BaseModel]], Any, int | None]]:
    """The document itself (its fields outside arrays of tables), then each record of its arrays."""
    yield (None, model), document, None
    for name, info in model.model_fields.items():
        sub = _model_of(info.annotation)
        if sub is not None and _is_list(info.annotation) and isinstance(document.get(name), list):
            for index, item in enumerate(document[name]):
                if hasattr(item, "items"):
                    yield (name, sub), item, index


def _localized(container: Any, model: type[BaseModel], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for name, info in model.model_fields.items():
        value = container.get(name) if hasattr(container, "get") else None
        if value is None:
            continue
        if info.annotation == LocalizedText and hasattr(value, "items"):
            yield prefix + name, value
            continue
        sub = _model_of(info.annotation)
        if sub is not None and not _is_list(info.annotation) and hasattr(value, "items"):
            yield from _localized(value, sub, f"{prefix}{name}.")


def _model_of(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_of(arg)
        if found is not None:
            return found
    return None


def _is_list(annotation: Any) -> bool:
    return typing.get_origin(annotation) is list


# --- writing a string back ----------------------------------------------------------


def set_text(table: Any, lang: str, value: str, raw_edit: Callable[[str], str] | None = None) -> None:
    """Set table[lang] to value in the old string's quoting; raw_edit, when given, edits the raw text in place."""
    old = table.get(lang)
    if isinstance(old, String):
        table[lang] = _restring(old, value, raw_edit)
    else:
        table[lang] = fresh_string(value)


def set_item(array: Any, index: int, value: str) -> None:
    """Set array[index] (a list item, a table cell) to value in the old string's quoting."""
    old = array[index]
    array[index] = _restring(old, value, None) if isinstance(old, String) else fresh_string(value)


def _restring(old: String, value: str, raw_edit: Callable[[str], str] | None) -> String:
    original = old._original
    candidates: list[tuple[StringType, str | None]] = []
    if raw_edit is not None:
        candidates.append((old.type, raw_edit(original)))
    lead = "\n" if old.type.is_multiline() and original.startswith("\n") else ""
    candidates.append((old.type, _escape(value, old.type, lead)))
    if old.type.is_multiline():
        candidates.append((StringType.MLB, _escape(value, StringType.MLB, lead)))
    candidates.append((StringType.SLB, _escape(value, StringType.SLB, "")))
    for kind, raw in candidates:
        if raw is not None and _reads_as(kind, raw, value):
            return String(kind, value, raw, old.trivia)
    raise ValueError(
        _("cannot write {value!r} as a TOML string").format(value=value)
    )  # unreachable: SLB escapes everything


def fresh_string(value: str) -> String:
    kind, lead = (StringType.MLB, "\n") if "\n" in value else (StringType.SLB, "")
    raw = _escape(value, kind, lead)
    assert raw is not None and _reads_as(kind, raw, value)
    return String(kind, value, raw, Trivia())


def _escape(value: str, kind: StringType, lead: str) -> str | None:
    if kind is StringType.SLL:
        bad = "'" in value or any(ord(c) < 32 and c != "\t" for c in value)
        return None if bad else value
    if kind is StringType.MLL:
        bad = "'''" in value or value.endswith("'") or any(ord(c) < 32 and c not in "\t\n" for c in value)
        return None if bad else lead + value
    out = []
    for char in value:
        if char == "\\":
            out.append("\\\\")
        elif char == '"':
            out.append('\\"' if kind is StringType.SLB else '"')
        elif char == "\n" and kind is StringType.MLB:
            out.append("\n")
        elif (ord(char) < 32 and char != "\t") or ord(char) == 127:
            out.append({"\n": "\\n", "\r": "\\r", "\b": "\\b", "\f": "\\f"}.get(char, f"\\u{ord(char):04X}"))
        else:
            out.append(char)
    raw = "".join(out)
    if kind is StringType.MLB:
        raw = raw.replace('"""', '""\\"')
        if raw.endswith('"'):
            raw = raw[:-1] + '\\"'
    return lead + raw


def _reads_as(kind: StringType, raw: str, value: str) -> bool:
    try:
        return tomllib.loads(f"x = {kind.value}{raw}{kind.value}\n").get("x") == value
    except tomllib.TOMLDecodeError:
        return False


def dumps(document: Any) -> str:
    return tomlkit.dumps(document)
