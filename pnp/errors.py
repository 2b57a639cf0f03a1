"""Findings: every problem pnp reports about a user's data.

Bad data never raises: each stage returns findings, and the CLI prints them
file-first so that editors can jump to the place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from pnp.i18n import _, ngettext


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Finding:
    """One problem, located as precisely as the stage that found it can."""

    severity: Severity
    code: str
    file: str
    message: str
    line: int | None = None
    card: str | None = None
    field: str | None = None
    hint: str | None = None

    def as_dict(self) -> dict[str, object]:
        data = asdict(self)
        data["severity"] = self.severity.value
        return data

    @classmethod
    def from_dict(cls, item: Any) -> Finding:
        """A finding from `as_dict` (a cache entry): TypeError, KeyError or ValueError when it is not
        one, its fields of the wrong kind included (an entry can verify and still hold a stranger's data)."""
        if not isinstance(item, dict) or set(item) - set(cls.__dataclass_fields__):
            raise TypeError("not a finding")
        if not all(isinstance(item[name], str) for name in ("code", "file", "message")):
            raise TypeError("a finding's code, file and message are text")
        if not all(item.get(name) is None or isinstance(item[name], str) for name in ("card", "field", "hint")):
            raise TypeError("a finding's card, field and hint are text or nothing")
        line = item.get("line")
        if line is not None and (not isinstance(line, int) or isinstance(line, bool)):
            raise TypeError("a finding's line is a number")
        return cls(**{**item, "severity": Severity(item["severity"])})

    @property
    def sort_key(self) -> tuple[str, int, str, str]:
        return (self.file, self.line or 0, self.card or "", self.code)


def error(code: str, file: str, message: str, **where: object) -> Finding:
    return Finding(Severity.ERROR, code, file, message, **where)  # type: ignore[arg-type]


def warning(code: str, file: str, message: str, **where: object) -> Finding:
    return Finding(Severity.WARNING, code, file, message, **where)  # type: ignore[arg-type]


def info(code: str, file: str, message: str, **where: object) -> Finding:
    return Finding(Severity.INFO, code, file, message, **where)  # type: ignore[arg-type]


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    """A hint naming the closest known word, or None when nothing is close."""
    import difflib  # only when a name matches nothing: every command imports this module

    matches = difflib.get_close_matches(word, sorted(choices), n=1, cutoff=0.6)
    return _("did you mean '{word}'?").format(word=matches[0]) if matches else None


def once_per_place(findings: Iterable[Finding], named: int = 3) -> list[Finding]:
    """Findings that differ only in their card said once: a bad field of a layout is found again on every
    card drawn with it, and thirty lines of the same message hide the one to fix.  The one left names how
    many cards it touches and the first few of them; findings found only once, and exact repeats, stay as
    they were (an exact repeat is dropped)."""
    groups: dict[tuple[object, ...], list[Finding]] = {}
    for f in findings:
        groups.setdefault((f.severity, f.code, f.file, f.line, f.field, f.message, f.hint), []).append(f)
    merged = []
    for group in groups.values():
        cards = list(dict.fromkeys(f.card for f in group if f.card))
        if len(cards) < 2:
            merged.append(group[0])
            continue
        shown = ", ".join(cards[:named]) + ("…" if len(cards) > named else "")
        message = ngettext("{message} ({n} card: {cards})", "{message} (on {n} cards: {cards})", len(cards))
        first = group[0]
        merged.append(
            Finding(
                first.severity,
                first.code,
                first.file,
                message.format(message=first.message, n=len(cards), cards=shown),
                first.line,
                None,
                first.field,
                first.hint,
            )
        )
    return merged


def has_errors(findings: Iterable[Finding]) -> bool:
    return any(f.severity is Severity.ERROR for f in findings)
