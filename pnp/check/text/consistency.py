"""text/consistency: one source sentence, one translation, on every card.

Sentences of the original and of the translation are paired in order when a
paragraph has as many of each; otherwise the whole paragraph is one unit (and
the whole field, when the paragraphs do not pair up either).  For each source
unit the most common translation is the reference (the first one on a tie), and
every card that says it otherwise gets a finding.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from pnp import markup
from pnp.check.text.fields import Text, quote, texts
from pnp.errors import Finding, Severity
from pnp.i18n import _
from pnp.model import PackData

CODE = "text/consistency"

_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=\S)")


def _units(text: str) -> list[str]:
    return [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]


def _sentences(paragraph: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(paragraph) if s]


@lru_cache(maxsize=1 << 14)  # text/consistency and text/negation pair the same texts
def aligned(source: str, target: str) -> list[tuple[str, str]]:
    """(source unit, its translation) pairs, sentence by sentence where the counts allow it."""
    theirs, ours = _units(source), _units(target)
    if len(theirs) != len(ours):
        return [(" ".join(theirs), " ".join(ours))]
    pairs = []
    for a, b in zip(theirs, ours, strict=True):
        sa, sb = _sentences(a), _sentences(b)
        pairs += list(zip(sa, sb, strict=True)) if len(sa) == len(sb) else [(a, b)]
    return pairs


def check_consistency(pack: PackData) -> list[Finding]:
    seen: dict[tuple[str, str, str], list[tuple[Text, str]]] = {}
    for text, original in texts(pack):
        if original is None:
            continue
        kind = text.path.removeprefix("back.")
        for source, target in aligned(markup.plain_text(original.raw), markup.plain_text(text.raw)):
            seen.setdefault((text.lang, kind, source), []).append((text, target))
    findings = []
    for (_card, _field, source), uses in seen.items():
        counts = Counter(target for _, target in uses)
        if len(counts) < 2:
            continue
        reference = max(counts, key=lambda t: (counts[t], -next(i for i, (_, u) in enumerate(uses) if u == t)))
        first = next(text for text, target in uses if target == reference)
        where = f'card "{first.card}" ({first.file}{f":{first.line}" if first.line else ""})'
        for text, target in uses:
            if target == reference:
                continue
            findings.append(
                text.finding(
                    Severity.WARNING,
                    CODE,
                    _('"{source}" is translated "{target}" here, but "{reference}" on {where}').format(
                        source=quote(source, 50), target=quote(target, 50), reference=quote(reference, 50), where=where
                    ),
                    _("use one translation for the same sentence, unless the card's context needs another"),
                )
            )
    return findings
