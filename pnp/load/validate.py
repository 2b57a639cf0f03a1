"""Turning pydantic's validation errors into findings a person can act on."""

from __future__ import annotations

import difflib
import types
import typing
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from pnp.errors import did_you_mean
from pnp.i18n import N_, _

M = TypeVar("M", bound=BaseModel)
MISSING = N_("required field is missing")

_TYPE_NAMES = {
    "int_type": N_("a whole number"),
    "int_parsing": N_("a whole number"),
    "int_from_float": N_("a whole number"),
    "string_type": N_("text in quotes"),
    "bool_type": N_("true or false"),
    "list_type": N_("a list in brackets [ ]"),
    "dict_type": N_("a table"),
    "model_type": N_("a table"),
    "model_attributes_type": N_("a table"),
}


@dataclass(frozen=True)
class Problem:
    """One validation problem: where (a dotted field path) and what."""

    loc: tuple[str | int, ...]
    message: str
    hint: str | None = None
    suggests: str | None = None  # for an unknown field: the known field it most likely means

    @property
    def field(self) -> str:
        path = ""
        for part in self.loc:
            path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else part)
        return path


def validate(model: type[M], data: Any) -> tuple[M | None, list[Problem]]:
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        return None, _without_renamed(_problem(model, err) for err in exc.errors(include_url=False))


def _without_renamed(problems: Iterable[Problem]) -> list[Problem]:
    """A misspelt field ("cardsize") is one mistake, not two: when an unknown field
    suggests a missing one beside it, only the unknown field is reported."""
    found = list(problems)
    renamed = {(p.loc[:-1], p.suggests) for p in found if p.suggests}
    return [p for p in found if not (p.message == _(MISSING) and (p.loc[:-1], p.loc[-1]) in renamed)]


def _problem(model: type[BaseModel], err: Any) -> Problem:
    loc = tuple(err["loc"])
    kind = err["type"]
    given = err.get("input")
    ctx = err.get("ctx") or {}
    if kind == "extra_forbidden":
        known = _fields_at(model, loc[:-1])
        name = str(loc[-1])
        suggests = _suggested(name, known)
        hint = (
            _("did you mean '{suggests}'?").format(suggests=suggests)
            if suggests
            else (_("known fields: {known}").format(known=", ".join(sorted(known))) if known else None)
        )
        return Problem(loc, _("unknown field"), hint, suggests=suggests)
    if kind == "missing":
        return Problem(loc, _(MISSING))
    if kind in _TYPE_NAMES:
        expected = _(_TYPE_NAMES[kind])
        if _is_localized(model, loc):
            return Problem(
                loc,
                _("expected a table of languages, got {given}").format(given=_show(given)),
                _('write {field}.en = "..." and {field}.es = "..."').format(field=loc[-1]),
            )
        hint = None
        if kind.startswith("int") and isinstance(given, str) and given.strip().isdigit():
            hint = _("write the number without quotes: {strip}").format(strip=given.strip())
        return Problem(loc, _("expected {expected}, got {given}").format(expected=expected, given=_show(given)), hint)
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        low, high = _bounds(model, loc)
        if low is not None and high is not None:
            return Problem(
                loc,
                _("expected a whole number from {low} to {high}, got {given}").format(
                    low=low, high=high, given=_show(given)
                ),
            )
        return Problem(loc, f"expected a number {err['msg'].removeprefix('Input should be ')}, got {_show(given)}")
    if kind == "string_pattern_mismatch":
        if "a-z0-9" in str(ctx.get("pattern", "")) and "#" not in str(ctx.get("pattern", "")):
            return Problem(
                loc,
                _("expected a lowercase slug (letters, digits, hyphens), got {given}").format(given=_show(given)),
                f'write "{_slugify(str(given))}"',
            )
        return Problem(
            loc,
            _("expected a value like {value}, got {given}").format(
                value=_example(ctx.get("pattern", "")), given=_show(given)
            ),
        )
    if kind == "literal_error":
        choices = [c.strip(" '") for c in str(ctx.get("expected", "")).replace(" or ", ",").split(",")]
        choices = [c for c in choices if c]
        hint = did_you_mean(str(given), choices) if isinstance(given, str) else None
        return Problem(
            loc,
            _("expected one of {value}, got {given}").format(
                value=", ".join(repr(c) for c in choices), given=_show(given)
            ),
            hint,
        )
    return Problem(loc, f"{err['msg'][0].lower()}{err['msg'][1:]}, got {_show(given)}")


def _suggested(name: str, known: list[str]) -> str | None:
    """The known field a misspelt one most likely means (the same match as did_you_mean)."""
    matches = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
    return matches[0] if matches else None


def _show(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"' if len(value) <= 60 else f'"{value[:57]}..."'
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool):
        return str(value).lower()
    return repr(value)


def _slugify(text: str) -> str:
    import re
    import unicodedata

    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "my-id"


def _example(pattern: str) -> str:
    return {"^#[0-9a-fA-F]{6}$": '"#1a2b3c"'}.get(pattern, _("the documented form"))


def _unwrap(annotation: Any) -> list[Any]:
    """The model classes an annotation can hold (through Optional, list, dict)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType, list, dict, tuple):
        return [m for arg in typing.get_args(annotation) for m in _unwrap(arg)]
    return [annotation]


def _field_info(model: type[BaseModel], loc: tuple[str | int, ...]) -> Any:
    current: list[Any] = [model]
    info = None
    for part in loc:
        if isinstance(part, int):
            continue
        models = [m for m in current if isinstance(m, type) and issubclass(m, BaseModel)]
        found = next((m.model_fields[part] for m in models if part in m.model_fields), None)
        if found is None:
            return None
        info = found
        current = _unwrap(found.annotation)
    return info


def _fields_at(model: type[BaseModel], loc: tuple[str | int, ...]) -> list[str]:
    current: list[Any] = [model]
    for part in loc:
        if isinstance(part, int):
            continue
        models = [m for m in current if isinstance(m, type) and issubclass(m, BaseModel)]
        found = next((m.model_fields[part] for m in models if part in m.model_fields), None)
        if found is None:
            return []
        current = _unwrap(found.annotation)
    return [name for m in current if isinstance(m, type) and issubclass(m, BaseModel) for name in m.model_fields]


def _is_localized(model: type[BaseModel], loc: tuple[str | int, ...]) -> bool:
    info = _field_info(model, loc)
    return info is not None and info.annotation == dict[str, str]


def _bounds(model: type[BaseModel], loc: tuple[str | int, ...]) -> tuple[int | None, int | None]:
    named = tuple(p for p in loc if isinstance(p, str))
    info = _field_info(model, named) if named else None
    if info is None:
        return None, None
    low = high = None
    for meta in _metadata(info):
        low = getattr(meta, "ge", low)
        high = getattr(meta, "le", high)
    return low, high


def _metadata(info: Any) -> list[Any]:
    found = list(info.metadata)
    for arg in _annotated_args(info.annotation):
        found.extend(getattr(arg, "metadata", [arg]))
    return found


def _annotated_args(annotation: Any) -> list[Any]:
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return list(typing.get_args(annotation)[1:])
    if origin in (typing.Union, types.UnionType, list, dict):
        return [a for arg in typing.get_args(annotation) for a in _annotated_args(arg)]
    return []
