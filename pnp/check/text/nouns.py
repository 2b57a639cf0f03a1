"""Spanish noun phrases for the glossary's gender: determiners and their forms, regular adjectives, el arma."""

from __future__ import annotations

import re

from pnp.check.text.forms import fold
from pnp.check.text.lexicon import Speller
from pnp.i18n import N_
from pnp.model.glossary import Term

Gender = str  # "m" or "f"
Number = str  # "s" or "p"


def _forms(ms: str, fs: str, mp: str, fp: str) -> dict[tuple[Gender, Number], str]:
    return {("m", "s"): ms, ("f", "s"): fs, ("m", "p"): mp, ("f", "p"): fp}


# Words before a noun that agree with it, each with its four forms; DETERMINERS maps each form to
# (its four forms, its gender or None when both genders write it so, its number).
# fmt: off
_BEFORE = [
    _forms("el", "la", "los", "las"), _forms("un", "una", "unos", "unas"),
    _forms("este", "esta", "estos", "estas"), _forms("ese", "esa", "esos", "esas"),
    _forms("aquel", "aquella", "aquellos", "aquellas"), _forms("nuestro", "nuestra", "nuestros", "nuestras"),
    _forms("vuestro", "vuestra", "vuestros", "vuestras"), _forms("otro", "otra", "otros", "otras"),
    _forms("algún", "alguna", "algunos", "algunas"), _forms("ningún", "ninguna", "ningunos", "ningunas"),
    _forms("todo", "toda", "todos", "todas"), _forms("mucho", "mucha", "muchos", "muchas"),
    _forms("poco", "poca", "pocos", "pocas"), _forms("primer", "primera", "primeros", "primeras"),
    _forms("segundo", "segunda", "segundos", "segundas"), _forms("tercer", "tercera", "terceros", "terceras"),
    _forms("último", "última", "últimos", "últimas"), _forms("mismo", "misma", "mismos", "mismas"),
    _forms("buen", "buena", "buenos", "buenas"), _forms("mal", "mala", "malos", "malas"),
    _forms("del", "de la", "de los", "de las"), _forms("al", "a la", "a los", "a las"),
    _forms("mi", "mi", "mis", "mis"), _forms("tu", "tu", "tus", "tus"), _forms("su", "su", "sus", "sus"),
    _forms("gran", "gran", "grandes", "grandes"), _forms("cada", "cada", "cada", "cada"),
    _forms("cualquier", "cualquier", "cualesquiera", "cualesquiera"),
]
# fmt: on
DETERMINERS: dict[str, list[tuple[dict[tuple[Gender, Number], str], Gender | None, Number]]] = {}
for _table in _BEFORE:
    for (_gender, _number), _form in _table.items():
        _same_both = _table[("m", _number)] == _table[("f", _number)]
        DETERMINERS.setdefault(_form, []).append((_table, None if _same_both else _gender, _number))

KEEP_BEFORE_STRESSED_A = frozenset({"el", "un", "del", "al", "algún", "ningún"})  # el arma, un área

# fmt: off
# Words that may open a clause before its subject: "Si el marcador es retirado", "Y cuando la ficha…".
_OPENERS = frozenset({
    "si", "cuando", "y", "e", "o", "u", "pero", "mientras", "aunque", "porque", "pues", "ya", "no", "también",
    "entonces", "luego", "después", "así", "además", "siempre", "nunca",
})
# Verbs that link a subject to an adjective of its own: "el marcador es rojo", "la ficha queda boca abajo".
_COPULAS = frozenset({
    "es", "son", "está", "están", "era", "eran", "estaba", "estaban", "sea", "sean", "esté", "estén", "fue",
    "fueron", "será", "serán", "estará", "estarán", "queda", "quedan", "quede", "queden", "resulta", "resultan",
    "parece", "parecen", "permanece", "permanecen", "sigue", "siguen",
})
# fmt: on

_ARTICLES = frozenset({"el", "la", "los", "las", "un", "una", "unos", "unas"})
_NOT_NOUNS = frozenset({"a", "al", "con", "de", "del", "en", "para", "por", "sin", "sobre", "y", "o", "si", "no"})


def unusable_gender(term: Term, checker: Speller | None) -> str | None:
    """Why a term's gender cannot drive agreement ("a verb", "a phrase"), or None when it can."""
    words = re.findall(r"\w+", term.target)
    if words and words[0].lower() in _ARTICLES:
        words = words[1:]
    if not words or words[0].lower() in _NOT_NOUNS:
        return N_("a phrase, not a noun")
    if checker is not None and checker.only_verb(words[0].lower()):
        return N_("a verb, not a noun")
    return None


def stressed_a(word: str) -> bool:
    """A feminine noun that starts with a stressed a ("arma", "área", "hacha") keeps el and un."""
    lower = word.lower()
    plain = lower.removeprefix("h")
    if plain[:1] not in ("a", "á"):
        return False
    if plain[0] == "á":
        return True
    if any(c in "áéíóú" for c in plain):
        return False
    vowels = [i for i, c in enumerate(plain) if c in "aeiou" and not (i > 0 and plain[i - 1] in "aeiou")]
    if len(vowels) == 1:
        return True
    stressed = vowels[-2] if plain[-1] in "aeiouns" else vowels[-1]
    return stressed == 0


# Function words that end like an adjective and have a feminine twin in the dictionary (coma, pera, paro).
_NOT_ADJECTIVES = frozenset(
    {"como", "pero", "para", "contra", "hacia", "nada", "ahora", "sobra", "sobre", "cuyo", "cuya", "cuyos", "cuyas"}
    # irregular subjunctives the dictionary does not read as verbs: "el personaje haya", "cuando sea"
    | {"sea", "sean", "haya", "hayan", "vaya", "vayan", "sepa", "sepan", "quepa", "quepan"}
)
_ADVERBS = frozenset(
    {"solo", "sola", "junto", "junta", "medio", "media", "demasiado", "tanto", "mucho", "poco", "primero"}
)


def adjective(word: str, checker: Speller) -> tuple[Gender, Number, bool] | None:
    """(gender, number, unsure) of a regular adjective (-o, -a, -os, -as), or None for another word.

    Unsure: it may also be an adverb ("solo") or a verb ("activa": activar)."""
    lower = word.lower()
    match = re.fullmatch(r"(\w+?)([oa])(s?)", lower)
    if match is None or not word.islower() or lower in _NOT_ADJECTIVES or len(lower) < 3:
        return None  # "to", "la": no Spanish adjective has fewer than three letters
    stem, vowel, plural = match.groups()
    gender: Gender = "m" if vowel == "o" else "f"
    number: Number = "p" if plural else "s"
    if lower in _ADVERBS:
        return gender, number, True
    readings = checker.readings(lower)
    other = stem + ("a" if vowel == "o" else "o") + plural
    if not any(not r.verb for r in readings) or not checker.knows(other):
        return None
    participle = re.search(r"[ai]d[oa]s?$", lower) is not None
    return gender, number, any(r.verb for r in readings) and not participle and vowel == "a"


def gender_by_ending(noun: str) -> Gender | None:
    """The usual gender of a noun by its ending (-o, -or: m; -a, -ción, -dad: f), or None."""
    folded = fold(noun)
    if re.search(r"(o|os|or|ores)$", folded):
        return "m"
    if re.search(r"(a|as|cion|ciones|dad|dades)$", folded):
        return "f"
    return None


def subject(text: str, start: int) -> bool:
    """The noun phrase at text[start:] opens its clause, past its determiners and a conjunction ("Si el
    marcador", "El marcador", "cuando tu ficha"), so it is the subject a copula's adjective agrees with.

    Not after a preposition ("el valor del marcador es alto": the value's) nor after a verb ("el jugador
    que tiene el marcador es atacado": the player's)."""
    head = text[:start]
    clause = re.split(r"[.;:,¿?¡!()«»\"“”\n]", head)[-1]
    words = [w.lower() for w in re.findall(r"\w+", clause)]
    while words and words[-1] in DETERMINERS and words[-1] not in ("del", "al"):
        words.pop()
    return all(w in _OPENERS for w in words)


def predicate(text: str, end: int, checker: Speller) -> tuple[int, int, Gender, Number, bool] | None:
    """(start, end, gender, number, unsure) of a regular adjective right after a copula right after
    text[:end] ("… es retirado"), or None."""
    after = re.match(r"[ \u00a0]+(\w+)[ \u00a0]+(\w+)", text[end:])
    if after is None or after.group(1).lower() not in _COPULAS:
        return None
    word = after.group(2)
    if word.lower() in DETERMINERS:
        return None  # "el cillerero es la víctima": a noun phrase of its own follows the copula
    kind = adjective(word, checker) or _participle(word, checker)
    if kind is None:
        return None
    return end + after.start(2), end + after.end(2), *kind


def _participle(word: str, checker: Speller) -> tuple[Gender, Number, bool] | None:
    """A past participle after a copula is the subject's ("es destruida"), though the dictionary has it
    only as a verb form."""
    match = re.fullmatch(r"(\w+[ai]d)([oa])(s?)", word)
    if match is None or not checker.knows(word):
        return None
    stem, vowel, plural = match.groups()
    if not checker.knows(stem + ("a" if vowel == "o" else "o") + plural):
        return None
    return ("m" if vowel == "o" else "f"), ("p" if plural else "s"), False
