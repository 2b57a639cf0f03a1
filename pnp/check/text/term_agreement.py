"""text/agreement: a glossary term with a gender, beside a determiner or adjective of the other ("el ficha").

The mistake a term replaced by hand, or by `glossary apply` without a gender,
leaves behind: "marcador" became "ficha" and "el" stayed.  Only terms whose
glossary entry gives a `gender` are checked, and only the word right before
the term: a determiner or prenominal word that has a form per gender (el/la,
un/una, este/esta, del/de la…).  "el arma": a feminine noun with a stressed a
takes el and un.  And the word right after it, when it is a regular adjective
(-o/-a) of the other gender that no noun of the term can take: "la ficha de
Alerta rojo"; or after a copula when the term opens its clause: "la ficha es
retirado".
"""

from __future__ import annotations

import re

from pnp.check.text.fields import texts
from pnp.check.text.forms import fold
from pnp.check.text.lexicon import Speller, speller
from pnp.check.text.nouns import (
    DETERMINERS,
    KEEP_BEFORE_STRESSED_A,
    Gender,
    adjective,
    gender_by_ending,
    predicate,
    stressed_a,
    subject,
    unusable_gender,
)
from pnp.check.text.phrases import Match, PhraseMatcher, phrase_matcher
from pnp.errors import Finding, Severity
from pnp.i18n import N_, _
from pnp.model import PackData, Term

CODE = "text/agreement"
_GENDERS = {"m": N_("masculine"), "f": N_("feminine")}


def _disagreement(phrase: str, found: str, gender: Gender, source: str, word: str) -> str:
    return _('"{phrase}": "{term}" is {gender} (glossary term "{source}"), "{word}" is not').format(
        phrase=phrase, term=found, gender=_(_GENDERS[gender]), source=source, word=word
    )


def check_agreement(pack: PackData) -> list[Finding]:
    default = pack.pack.printed_language
    by_lang: dict[str, list[tuple[Term, PhraseMatcher]]] = {}
    for term in pack.glossary.term:
        lang = term.lang or default
        if term.gender is None or not term.target.strip() or unusable_gender(term, speller(lang)) is not None:
            continue
        target = re.sub(r"^(el|la|los|las|un|una|unos|unas)\s+", "", term.target, flags=re.IGNORECASE)
        by_lang.setdefault(lang, []).append((term, phrase_matcher(target, lang)))
    findings: list[Finding] = []
    if not by_lang:
        return findings
    for text, _field in texts(pack):
        checker = speller(text.lang)
        plain = text.plain
        folded = fold(plain)
        for term, matcher in by_lang.get(text.lang, []):
            gender = term.gender or "m"  # only terms with a gender are here
            for match in matcher.finditer(folded):
                found = plain[match.start : match.end]
                finding = _determiner_disagrees(plain, match, found, gender, term.source)
                finding = finding or _adjective_disagrees(plain, match, found, gender, term.source, checker)
                finding = finding or _predicate_disagrees(plain, match, found, gender, term.source, checker)
                if finding is not None:
                    findings.append(text.finding(Severity.WARNING, CODE, *finding))
    return findings


def _determiner_disagrees(plain: str, match: Match, found: str, gender: Gender, source: str) -> tuple[str, str] | None:
    """(message, hint) when the word right before the term is a determiner of the other gender."""
    before = re.search(r"(\w+)[ \u00a0]+$", plain[: match.start])
    if before is None:
        return None
    word = before.group(1)
    entries = DETERMINERS.get(word.lower())
    if not entries or entries[0][1] is None or entries[0][1] == gender:
        return None
    table, _gender, number = entries[0]
    if gender == "f" and word.lower() in KEEP_BEFORE_STRESSED_A and stressed_a(found):
        return None
    right = table[(gender, number)]
    right = right[:1].upper() + right[1:] if word[:1].isupper() else right
    return (
        _disagreement(f"{word} {found}", found, gender, source, word),
        _('write "{phrase}"').format(phrase=f"{right} {found}"),
    )


def _adjective_disagrees(
    plain: str, match: Match, found: str, gender: Gender, source: str, checker: Speller | None
) -> tuple[str, str] | None:
    """(message, hint) when the word right after the term is a regular adjective of the other gender that
    no noun of the term can take ("la ficha de Alerta rojo": neither ficha nor Alerta is masculine)."""
    after = re.match(r"[ \u00a0]+(\w+)", plain[match.end :])
    if after is None or checker is None:
        return None
    word = after.group(1)
    kind = adjective(word, checker)
    if kind is None or kind[2] or word.lower() in DETERMINERS:  # unsure, or "otra vez": a new phrase
        return None
    adjective_gender = kind[0]
    nouns = re.findall(r"\w+", found)
    last = nouns[-1] if len(nouns) > 2 and nouns[-2].lower() in ("de", "del") else None
    if adjective_gender == gender or (last is not None and gender_by_ending(last) in (None, adjective_gender)):
        return None
    right = re.sub(r"[oa](s?)$", ("o" if gender == "m" else "a") + r"\1", word)
    return (
        _disagreement(f"{found} {word}", found, gender, source, word),
        _('write "{phrase}"').format(phrase=f"{found} {right}"),
    )


def _predicate_disagrees(
    plain: str, match: Match, found: str, gender: Gender, source: str, checker: Speller | None
) -> tuple[str, str] | None:
    """(message, hint) when the term is the subject of a copula whose adjective is of the other gender
    ("la ficha es retirado")."""
    if checker is None or not subject(plain, match.start):
        return None
    after = predicate(plain, match.end, checker)
    if after is None or after[4] or after[2] == gender:
        return None
    word = plain[after[0] : after[1]]
    copula = plain[match.end : after[0]].strip()
    right = re.sub(r"[oa](s?)$", ("o" if gender == "m" else "a") + r"\1", word)
    return (
        _disagreement(f"{found} {copula} {word}", found, gender, source, word),
        _('write "{phrase}"').format(phrase=f"{found} {copula} {right}"),
    )
