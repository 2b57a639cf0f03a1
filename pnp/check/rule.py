"""A rule: an id, a severity, a one-line doc and a function over a loaded pack."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnp.errors import Finding, Severity
from pnp.model import PackData


@dataclass(frozen=True)
class Rule:
    id: str
    severity: Severity
    doc: str
    run: Callable[[PackData], list[Finding]]
