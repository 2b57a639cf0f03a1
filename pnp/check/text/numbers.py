"""text/numbers: every number and icon of the original, with the same values and count, in the translation."""

from __future__ import annotations

import re
from collections import Counter

from pnp import markup
from pnp.check.text.fields import Text, icons, quote, texts
from pnp.check.text.forms import fold, number_words
from pnp.errors import Finding, Severity
from pnp.i18n import _, ngettext
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
        parts.append(_("missing {numbers}").format(numbers=_listed(missing)))
    if extra:
        parts.append(_("not in the original: {numbers}").format(numbers=_listed(extra)))
    return [
        text.finding(
            Severity.ERROR,
            CODE,
            _("numbers differ from the original: {differences}").format(differences="; ".join(parts)),
            _('the original ({field}) reads "{raw}"').format(
                field=original.field, raw=quote(markup.plain_text(original.raw))
            ),
        )
    ]


def _compare_icons(text: Text, original: Text) -> list[Finding]:
    theirs, ours = Counter(icons(original.raw)), Counter(icons(text.raw))
    if theirs == ours:
        return []
    parts = []
    for name in sorted(theirs.keys() | ours.keys()):
        if theirs[name] != ours[name]:
            parts.append(
                _("{{{icon}}} {original} in the original, {here} here").format(
                    icon=name, original=_times(theirs[name]), here=_times(ours[name])
                )
            )
    return [
        text.finding(
            Severity.ERROR,
            CODE,
            _("icons differ from the original: {differences}").format(differences="; ".join(parts)),
            _('the original ({field}) reads "{raw}"').format(
                field=original.field, raw=quote(markup.plain_text(original.raw))
            ),
        )
    ]


def _listed(counts: Counter[int]) -> str:
    return ", ".join(
        str(n) if k == 1 else _("{number} ({times} times)").format(number=n, times=k) for n, k in sorted(counts.items())
    )


def _times(n: int) -> str:
    return ngettext("once", "{n} times", n).format(n=n)
