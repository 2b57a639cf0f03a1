"""text/agreement: a glossary term with a gender, after a determiner of the other gender ("el ficha").

The mistake a term replaced by hand, or by `glossary apply` without a gender,
leaves behind: "marcador" became "ficha" and "el" stayed.  Only terms whose
glossary entry gives a `gender` are checked, and only the word right before
the term: a determiner or prenominal word that has a form per gender (el/la,
un/una, este/esta, del/de la…).  "el arma": a feminine noun with a stressed a
takes el and un.
"""

from __future__ import annotations

import re

from pnp.check.text.fields import texts
from pnp.check.text.forms import fold, phrase_pattern
from pnp.check.text.lexicon import speller
from pnp.check.text.nouns import DETERMINERS, stressed_a, unusable_gender
from pnp.errors import Finding, Severity
from pnp.model import PackData, Term

CODE = "text/agreement"
_KEEPS_BEFORE_STRESSED_A = frozenset({"el", "un", "del", "al", "algún", "ningún"})
_GENDERS = {"m": "masculine", "f": "feminine"}


def check_agreement(pack: PackData) -> list[Finding]:
    default = (pack.pack.target_languages or [pack.pack.source_language])[0]
    by_lang: dict[str, list[tuple[Term, re.Pattern[str]]]] = {}
    for term in pack.glossary.term:
        lang = term.lang or default
        if term.gender is None or not term.target.strip() or unusable_gender(term, speller(lang)) is not None:
            continue
        target = re.sub(r"^(el|la|los|las|un|una|unos|unas)\s+", "", term.target, flags=re.IGNORECASE)
        by_lang.setdefault(lang, []).append((term, re.compile(phrase_pattern(target, lang))))
    findings: list[Finding] = []
    if not by_lang:
        return findings
    for text, _ in texts(pack):
        plain = text.plain
        folded = fold(plain)
        for term, pattern in by_lang.get(text.lang, []):
            gender = term.gender or "m"  # only terms with a gender are here
            for match in pattern.finditer(folded):
                before = re.search(r"(\w+)[ \u00a0]+$", plain[: match.start()])
                if before is None:
                    continue
                word = before.group(1)
                entries = DETERMINERS.get(word.lower())
                if not entries or entries[0][1] is None or entries[0][1] == gender:
                    continue
                table, _, number = entries[0]
                found = plain[match.start() : match.end()]
                if gender == "f" and word.lower() in _KEEPS_BEFORE_STRESSED_A and stressed_a(found):
                    continue
                right = table[(gender, number)]
                right = right[:1].upper() + right[1:] if word[:1].isupper() else right
                findings.append(
                    text.finding(
                        Severity.WARNING,
                        CODE,
                        f'"{word} {found}": "{found}" is {_GENDERS[gender]} (glossary term "{term.source}"), '
                        f'"{word}" is not',
                        f'write "{right} {found}"',
                    )
                )
    return findings
