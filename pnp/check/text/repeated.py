"""text/repeated-word: a word written twice in a row, "de de la pila", "la la carta".

Spanish texts only: Spanish has almost no word that is right twice in a row with nothing between
(English "had had", "that that" and German "die die" are right, and those languages are not read).
Words with a comma between ("Corre, corre") or differing by an accent ("que qué") are two words;
numbers and icons are not words ("{fuel} {fuel}"), and interjections repeat on purpose ("ja ja").
"""

from __future__ import annotations

import re

from pnp.check.text.fields import ALL, Text, quote, texts
from pnp.check.text.patterns import lazy
from pnp.errors import Finding, Severity
from pnp.i18n import _
from pnp.model import PackData

CODE = "text/repeated-word"
LANGUAGES = ("es",)

_TWICE = lazy(r"(?<![\w'’-])([^\W\d_]+)[ \t\u00a0]+\1(?![\w'’-])", re.IGNORECASE)
_ON_PURPOSE = frozenset(
    {"ja", "je", "ji", "jo", "ha", "bla", "pum", "tic", "toc", "ay", "eh", "oh", "chu", "cha", "muy"}
)


def check_repeated_words(pack: PackData) -> list[Finding]:
    findings = []
    for text, _original in texts(pack, ALL):
        if text.lang.split("-")[0] in LANGUAGES:
            findings += repeated_words(text)
    return findings


def repeated_words(text: Text) -> list[Finding]:
    findings = []
    plain = text.plain
    for match in _TWICE.finditer(plain):
        word = match.group(1)
        if word.casefold() in _ON_PURPOSE or word.casefold() == "x" or (len(word) == 1 and match.group().isupper()):
            continue  # "X X", "X x X": values to fill in ("Abordaje X") and a times sign
        before = plain[: match.start()].split()[-3:]
        after = plain[match.end() :].split()[:3]
        context = " ".join([*before, match.group(), *after])
        findings.append(
            text.finding(
                Severity.WARNING,
                CODE,
                _('"{word}" is written twice in a row: "{context}"').format(
                    word=word, context=quote(context.strip(), 50)
                ),
                _('write "{word}" once').format(word=word),
            )
        )
    return findings
