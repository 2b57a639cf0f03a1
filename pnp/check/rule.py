"""A rule: an id, a severity, a one-line doc and a function over a loaded pack.

A rule that compares cards with each other may say so in two phases: `read` takes from each card
what the rule needs of it (names cited, sentences and their translations), on its own, and
`combine` finds what is wrong in all of them together.  `run` is then the two in a row, so a check
without a cache finds what one with it finds; pnp.check.cached keeps each card's part, so that
after an edit only the edited card is read again and the cheap combining is all that runs.

A rule across cards that also judges what no card's edit changes (the aids' texts) may say so too:
`alone` finds that part, as JSON, from the pack without its cards mattering, and `with_cards` the
whole rule's findings given it.  pnp.check.cached keeps `alone`'s part with the pack's settings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from pnp.errors import Finding, Severity
from pnp.model import PackData

# each card's part, by card id, in the pack's order of cards; a card with nothing to say has none.
# JSON values only (lists, not tuples; no dict whose order counts): the cache keeps them as JSON
Parts = dict[str, Any]
Read = Callable[[PackData], Parts]
Combine = Callable[[PackData, Parts], list[Finding]]


@dataclass(frozen=True)
class Rule:
    id: str
    severity: Severity
    doc: str
    run: Callable[[PackData], list[Finding]]
    read: Read | None = None
    combine: Combine | None = None
    alone: Callable[[PackData], Any] | None = None
    with_cards: Callable[[PackData, Any], list[Finding]] | None = None


def two_phases(rule_id: str, severity: Severity, doc: str, read: Read, combine: Combine) -> Rule:
    """A rule across cards that reads each card alone, then combines what it read."""
    return Rule(rule_id, severity, doc, partial(_read_and_combine, read, combine), read, combine)


def _read_and_combine(read: Read, combine: Combine, pack: PackData) -> list[Finding]:
    return combine(pack, read(pack))
