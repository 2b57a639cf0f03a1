"""text/numbers: every number and icon of the original, with the same values and count, in the translation."""

from __future__ import annotations

import re
from collections import Counter

from pnp import markup
from pnp.check.text.fields import Text, icons, quote, texts
from pnp.check.text.forms import fold, number_words
from pnp.errors import Finding, Severity
from pnp.model import PackData

CODE = "text/numbers"

# 1000, 1,000 (English) and 1.000 or 1 000 (Spanish) are one number; 1,5 and 1.5 are two
_NUMBER = re.compile(r"\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?!\d)|\d+")
_WORD = re.compile(r"\w+")


def numbers(plain: str) -> Counter[int]:
    return Counter(int(re.sub(r"\D", "", m.group())) for m in _NUMBER.finditer(plain))


def _written_out(plain: str, language: str) -> Counter[int]:
    """Numbers written as words ("dos", "una"): they may stand for a figure of the other text."""
    table = number_words(language)
    return Counter(table[w] for w in _WORD.findall(fold(plain)) if w in table)


def check_numbers(pack: PackData) -> list[Finding]:
    findings = []
    for text, original in texts(pack):
        if original is None:
            continue
        findings += _compare_numbers(text, original)
        findings += _compare_icons(text, original)
    return findings


def _compare_numbers(text: Text, original: Text) -> list[Finding]:
    theirs, ours = numbers(original.plain), numbers(text.plain)
    if theirs == ours:
        return []
    missing = theirs - ours
    extra = ours - theirs
    missing -= _written_out(text.plain, text.lang)  # "Draw 1 card" -> "Roba una carta"
    extra -= _written_out(original.plain, original.lang)  # "Draw two cards" -> "Roba 2 cartas"
    if not missing and not extra:
        return []
    parts = []
    if missing:
        parts.append(f"missing {_listed(missing)}")
    if extra:
        parts.append(f"not in the original: {_listed(extra)}")
    return [
        text.finding(
            Severity.ERROR,
            CODE,
            "numbers differ from the original: " + "; ".join(parts),
            f'the original ({original.field}) reads "{quote(markup.plain_text(original.raw))}"',
        )
    ]


def _compare_icons(text: Text, original: Text) -> list[Finding]:
    theirs, ours = Counter(icons(original.raw)), Counter(icons(text.raw))
    if theirs == ours:
        return []
    parts = []
    for name in sorted(theirs.keys() | ours.keys()):
        if theirs[name] != ours[name]:
            parts.append(f"{{{name}}} {_times(theirs[name])} in the original, {_times(ours[name])} here")
    return [
        text.finding(
            Severity.ERROR,
            CODE,
            "icons differ from the original: " + "; ".join(parts),
            f'the original ({original.field}) reads "{quote(markup.plain_text(original.raw))}"',
        )
    ]


def _listed(counts: Counter[int]) -> str:
    return ", ".join(str(n) if k == 1 else f"{n} ({k} times)" for n, k in sorted(counts.items()))


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"
