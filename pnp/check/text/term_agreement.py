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
from functools import cache, lru_cache
from importlib.resources import files

from pnp.check.text.fields import texts
from pnp.check.text.forms import fold
from pnp.check.text.lexicon import Speller, speller
from pnp.check.text.nouns import (
    ADVERB_FORMS,
    ADVERBIAL,
    DETERMINERS,
    KEEP_BEFORE_STRESSED_A,
    PRENOMINAL,
    Gender,
    Number,
    adjective,
    agrees_earlier,
    common_gender,
    gender_by_ending,
    modified_end,
    object_phrase,
    participle,
    relative_subject,
    stressed_a,
    subject,
    unusable_gender,
    wrong_predicate,
)
from pnp.check.text.patterns import lazy
from pnp.check.text.phrase_agreement import phrase_slips
from pnp.check.text.phrases import Match, PhraseMatcher
from pnp.errors import Finding, Severity
from pnp.i18n import N_, _
from pnp.model import PackData
from pnp.model.glossary import Term

CODE = "text/agreement"
_GENDERS = {"m": N_("masculine"), "f": N_("feminine")}


def _disagreement(phrase: str, found: str, gender: Gender, source: str, word: str) -> str:
    return _('"{phrase}": "{term}" is {gender} (glossary term "{source}"), "{word}" is not').format(
        phrase=phrase, term=found, gender=_(_GENDERS[gender]), source=source, word=word
    )


def check_agreement(pack: PackData) -> list[Finding]:
    default = pack.pack.printed_language
    by_lang: dict[str, list[Term]] = {}
    for term in pack.glossary.term:
        lang = term.lang or default
        if term.gender is None or not term.target.strip() or unusable_gender(term, speller(lang)) is not None:
            continue
        if lang.split("-")[0] == "es" and any(common_gender(w) for w in _forms_of(term.target)):
            continue  # "la guía" for a woman, whatever gender the glossary wrote: the phrase is read alone
        by_lang.setdefault(lang, []).append(term)
    glossary_nouns = frozenset(form for terms in by_lang.values() for term in terms for form in _forms_of(term.target))
    findings: list[Finding] = check_noun_agreement(pack, glossary_nouns)
    if not by_lang:
        return findings
    # one matcher per language with every term, longest first: each text is read once, not once a term
    joined = {lang: _joined(tuple(terms), lang) for lang, terms in by_lang.items()}
    for text, _field in texts(pack):
        if text.lang not in joined:
            continue
        terms, matcher = joined[text.lang]
        checker = speller(text.lang)
        plain = text.plain
        folded = fold(plain)
        for match in matcher.finditer(folded):
            term = terms[match.index]
            gender = term.gender or "m"  # only terms with a gender are here
            found = plain[match.start : match.end]
            finding = _determiner_disagrees(plain, match, found, gender, term.source)
            finding = finding or _adjective_disagrees(plain, match, found, gender, term.source, checker)
            finding = finding or _predicate_disagrees(plain, match, found, gender, term.source, checker)
            if finding is not None:
                findings.append(text.finding(Severity.WARNING, CODE, *finding))
    return findings


def _joined(terms: tuple[Term, ...], lang: str) -> tuple[tuple[Term, ...], PhraseMatcher]:
    """The terms, longest target first (so "ficha de Alerta" wins over "ficha" where both start),
    and one matcher of them all whose match index is the term's."""
    ordered = tuple(sorted(terms, key=lambda t: -len(t.target)))
    targets = [re.sub(r"^(el|la|los|las|un|una|unos|unas)\s+", "", t.target, flags=re.IGNORECASE) for t in ordered]
    return ordered, PhraseMatcher(targets, lang)


def _forms_of(target: str) -> set[str]:
    """The head noun of a glossary target and its plural: the lexicon leaves it to the term.  Only the
    head: "queso" of "rueda de queso" is a noun of its own gender elsewhere ("dos quesos blancas")."""
    words = [w.lower() for w in re.findall(r"\w+", target)]
    if words and words[0] in ("el", "la", "los", "las", "un", "una"):
        words = words[1:]
    return {words[0], _plural(words[0])} if words else set()


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
    if kind is None and (made := participle(word, checker)) is not None:
        kind = (made[0], made[1], False)  # "3 jarrones terminadas": a participle agrees as an adjective does
    if kind is None or kind[2] or word.lower() in DETERMINERS or word.lower() in PRENOMINAL | ADVERBIAL:
        return None  # unsure, or "otra vez", "tantas cartas": a new phrase
    adjective_gender = kind[0]
    head = _HEAD_BEFORE_DE.search(plain[max(0, match.start - 40) : match.start])
    if head is not None and gender_by_ending(head.group(1)) in (None, adjective_gender):
        return None  # "cada color de gema distinto": the adjective may be the head noun's
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
    if checker is None:
        return None
    relative = relative_subject(plain, match.start, match.end)  # "la lonja, que permanece cerrado"
    if not (relative or subject(plain, match.start, checker)):
        return None
    number: Number = "p" if found.lower().endswith("s") else "s"
    end = modified_end(plain, match.end, checker, gender, number)
    wrong = wrong_predicate(plain, end, checker, gender, number, relative)
    if wrong is None:
        return None
    start, end, right = wrong
    word, copula = plain[start:end], plain[match.end : start]
    of_number = word.lower().endswith("s") != (number == "p")
    return (
        _noun_disagreement(f"{found}{copula}{word}", found, gender, number, word)
        if of_number
        else _disagreement(f"{found}{copula}{word}", found, gender, source, word),
        _('write "{phrase}"').format(phrase=f"{found}{copula}{right}"),
    )


# --- every noun of the reviewed lexicon --------------------------------------------------------

_LEXICON = files("pnp") / "data" / "lexicon" / "es_nouns.txt"
_CLITIC_ARTICLES = frozenset({"la", "las", "los", "lo"})  # also pronouns before a verb: "las carga"
_WORD_BEFORE = lazy(r"(\w+)[ \u00a0]+$")
_WORD_AFTER = lazy(r"[ \u00a0]+(\w+)(?![\w-])")
_AFTER_DE = lazy(r"(?<!\w)(?:de|del)(?:[ \u00a0]+\w+)?[ \u00a0]+$")
# the noun a complement with "de" follows: "color" in "cada color de gema"
_HEAD_BEFORE_DE = lazy(r"(?<!\w)(\w+)[ \u00a0]+(?:de|del)(?:[ \u00a0]+(?:la|las|los|el|un|una))?[ \u00a0]+$")
_NO_ADJECTIVE_AFTER = frozenset({"vez", "veces"})  # "una vez adjunto": once attached
_NOUN = lazy(r"(?<![\w-])[^\W\d_]+(?![\w-])")


@cache
def noun_genders() -> dict[str, tuple[Gender, Number]]:
    """Each form of the lexicon's nouns, lowercase, with its gender and number: "cartas" -> ("f", "p")."""
    found: dict[str, tuple[Gender, Number]] = {}
    for line in _LEXICON.read_text(encoding="utf-8").splitlines():
        parts = line.split("#")[0].split()
        if len(parts) < 2:
            continue
        singular, gender = parts[0], parts[1]
        found[singular] = (gender, "s")
        found[parts[2] if len(parts) > 2 else _plural(singular)] = (gender, "p")
    return found


def _plural(singular: str) -> str:
    unstressed = singular[:-1] + singular[-1].translate(str.maketrans("áéíóú", "aeiou"))
    if singular[-1] in "aeiouáéó":
        return singular + "s"
    if singular.endswith("z"):
        return singular[:-1] + "ces"
    if re.search(r"[áéíóú][ns]$", singular):  # acción -> acciones, capitán -> capitanes
        return re.sub(r"[áéíóú]", lambda m: "aeiou"["áéíóú".index(m.group())], singular) + "es"
    return unstressed + "es"


def check_noun_agreement(pack: PackData, skip: frozenset[str]) -> list[Finding]:
    """Determiners, adjectives and predicates that disagree with a noun of the lexicon ("la mazo", "tus
    carta", "el dado roja"); the nouns in `skip` (the glossary's, checked with their own gender) are not."""
    findings: list[Finding] = []
    for text, _field in texts(pack):
        if text.lang.split("-")[0] == "es":
            for message, hint in noun_slips(text.plain, speller(text.lang), skip):
                findings.append(text.finding(Severity.WARNING, CODE, message, hint))
    return findings


def noun_slips(plain: str, checker: Speller | None, skip: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """(message, hint) for each lexicon noun of a Spanish text that its determiner or adjective disagrees
    with; sentence by sentence, each read once (texts repeat their sentences)."""
    return [slip for sentence in _SENTENCE_END.split(plain) for slip in _sentence_slips(sentence, checker, skip)]


_SENTENCE_END = lazy(r"(?<=[.!?;:])\s+")


@lru_cache(maxsize=1 << 14)
def _sentence_slips(plain: str, checker: Speller | None, skip: frozenset[str]) -> tuple[tuple[str, str], ...]:
    genders = noun_genders()
    found = []
    for match in _NOUN.finditer(plain):
        noun = match.group()
        known = genders.get(noun.lower())
        if known is None or noun.lower() in skip:
            continue
        at = Match(0, match.start(), match.end())
        slip = _noun_determiner(plain, at, noun, *known, checker)
        if slip is None and checker is not None:
            slip = _noun_adjective(plain, at, noun, *known, checker) or _noun_predicate(
                plain, at, noun, *known, checker
            )
        if slip is not None:
            found.append(slip)
    if checker is not None:
        found += phrase_slips(plain, checker, genders, skip)
    return tuple(found)


def _noun_predicate(
    plain: str, match: Match, noun: str, gender: Gender, number: Number, checker: Speller
) -> tuple[str, str] | None:
    """The noun opens its clause and a copula's adjective is not of its gender ("Las puertas quedan
    abiertos"), or not of its number though the copula is ("Los faros están apagado")."""
    relative = relative_subject(plain, match.start, match.end)
    if not (relative or subject(plain, match.start, checker)):
        return None
    end = modified_end(plain, match.end, checker, gender, number)
    wrong = wrong_predicate(plain, end, checker, gender, number, relative)
    if wrong is None:
        return None
    start, end, right = wrong
    phrase = plain[match.start : end]
    return (
        _noun_disagreement(phrase, noun, gender, number, plain[start:end]),
        _('write "{phrase}"').format(phrase=plain[match.start : start] + right),
    )


def _noun_disagreement(phrase: str, noun: str, gender: Gender, number: Number, word: str) -> str:
    said = {
        ("m", "s"): N_("masculine singular"),
        ("f", "s"): N_("feminine singular"),
        ("m", "p"): N_("masculine plural"),
        ("f", "p"): N_("feminine plural"),
    }[(gender, number)]
    return _('"{phrase}": "{noun}" is {said}, "{word}" is not').format(
        phrase=phrase, noun=noun, said=_(said), word=word
    )


def _noun_determiner(
    plain: str, match: Match, noun: str, gender: Gender, number: Number, checker: Speller | None
) -> tuple[str, str] | None:
    before = _WORD_BEFORE.search(plain[max(0, match.start - 24) : match.start])
    if before is None:
        return None
    word = before.group(1)
    entries = DETERMINERS.get(word.lower())
    if not entries:
        return None
    table, their_gender, their_number = entries[0]
    if table[("m", "s")] == table[("m", "p")]:  # cada: one form for both numbers
        return None
    if (their_gender in (None, gender)) and their_number == number:
        return None
    if word.lower() in _CLITIC_ARTICLES and checker is not None and any(r.verb for r in checker.readings(noun.lower())):
        return None  # "las carga", "los prueba": a pronoun before a verb
    if gender == "f" and number == "s" and word.lower() in KEEP_BEFORE_STRESSED_A and stressed_a(noun):
        return None  # el agua, un hacha
    right = table[(gender, number)]
    right = right[:1].upper() + right[1:] if word[:1].isupper() else right
    return (
        _noun_disagreement(f"{word} {noun}", noun, gender, number, word),
        _('write "{phrase}"').format(phrase=f"{right} {noun}"),
    )


def _noun_adjective(
    plain: str, match: Match, noun: str, gender: Gender, number: Number, checker: Speller
) -> tuple[str, str] | None:
    """A regular adjective right after the noun, of the other gender or number ("el dado roja")."""
    after = _WORD_AFTER.match(plain, match.end)
    if after is None:
        return None
    word = after.group(1)
    if word.lower() in noun_genders() or word.lower() in DETERMINERS or word.lower() in ADVERBIAL | PRENOMINAL:
        return None
    if noun.lower() in _NO_ADJECTIVE_AFTER:
        return None  # "la carta objetivo": a noun in apposition; "la carta otra vez": a new phrase
    if _AFTER_DE.search(plain[max(0, match.start - 40) : match.start]):
        return None  # "los recuentos de fichas marcados": the adjective may be the head noun's
    kind = adjective(word, checker)
    if kind is None:
        said = participle(word, checker)
        kind = None if said is None else (*said, False)
    if kind is None:
        return None
    before = _WORD_BEFORE.search(plain[max(0, match.start - 24) : match.start])
    start = match.start - (len(before.group()) if before and before.group(1).lower() in DETERMINERS else 0)
    if kind[2] and (word.lower() in ADVERB_FORMS or not object_phrase(plain, start, after.end(), checker)):
        return None  # "el dado rota" may be a verb: "the die turns"
    if kind[0] == gender and kind[1] == number:
        return None
    if kind[1] != number and number == "s":
        return None  # "las cartas y el dado rojos": the adjective may go with more than this noun
    if agrees_earlier(plain, start, kind[0], kind[1], checker):
        return None  # "la carta y el dado roja": the carta's
    right = re.sub(r"[oa]s?$", ("o" if gender == "m" else "a") + ("s" if number == "p" else ""), word)
    return (
        _noun_disagreement(f"{noun} {word}", noun, gender, number, word),
        _('write "{phrase}"').format(phrase=f"{noun} {right}"),
    )
