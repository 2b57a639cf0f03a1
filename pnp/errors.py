"""Findings: every problem pnp reports about a user's data.

Bad data never raises: each stage returns findings, and the CLI prints them
file-first so that editors can jump to the place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from pnp.i18n import _


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
        """A finding from `as_dict` (a cache entry): TypeError, KeyError or ValueError when it is not one."""
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


def has_errors(findings: Iterable[Finding]) -> bool:
    return any(f.severity is Severity.ERROR for f in findings)
