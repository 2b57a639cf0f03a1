"""Spanish noun phrases for the glossary's gender: determiners and their forms, regular adjectives, el arma."""

from __future__ import annotations

import re

from pnp.check.text.forms import fold
from pnp.check.text.lexicon import Speller
from pnp.check.text.patterns import lazy
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
    _forms("cualquier", "cualquier", "cualesquiera", "cualesquiera"), _forms("cuyo", "cuya", "cuyos", "cuyas"),
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
# After "se", these link a subject to its adjective too: "los caminos se vuelven peligrosos".
_SE_COPULAS = frozenset({
    "vuelve", "vuelven", "vuelva", "vuelvan", "volvió", "volvieron", "queda", "quedan", "quede", "queden",
    "pone", "ponen", "ponga", "pongan", "mantiene", "mantienen", "mantenga", "mantengan", "considera",
    "consideran", "muestra", "muestran", "encuentra", "encuentran",
})
_CLAUSE_JOINS = frozenset({"y", "e", "pero"})  # "Llueve y las caravanas quedan...": a new clause's subject
# fmt: on

_ARTICLES = frozenset({"el", "la", "los", "las", "un", "una", "unos", "unas"})
_NOT_NOUNS = frozenset({"a", "al", "con", "de", "del", "en", "para", "por", "sin", "sobre", "y", "o", "si", "no"})


# Nouns of common gender, whose article says the person's sex: el guía, la guía (the RAE's Diccionario
# panhispánico de dudas, «género», 1a: "sustantivos comunes en cuanto al género"), and every -ista.
COMMON_GENDER = frozenset(
    {"guía", "piloto", "testigo", "agente", "atleta", "centinela", "colega", "cónyuge", "espía", "estudiante"}
    | {"joven", "líder", "mártir", "modelo", "policía", "pirata", "rival", "recluta", "vigía", "intérprete"}
    | {"cantante", "representante", "comandante", "teniente", "cadete", "camarada", "compatriota", "paciente"}
    | {"soldado", "miembro", "sargento", "aprendiz", "huésped", "contable", "conserje"}
)


def common_gender(noun: str) -> bool:
    """A noun whose article follows the person: "la guía" is right for a woman, "el guía" for a man."""
    lower = noun.lower()
    if lower.endswith("s") and lower[:-1] in COMMON_GENDER:
        return True
    return lower in COMMON_GENDER or lower.endswith(("ista", "istas"))


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
    | {"salvo", "excepto"}  # prepositions: "todos los clanes salvo el que tenga más"
    # irregular subjunctives the dictionary does not read as verbs: "el personaje haya", "cuando sea"
    | {"sea", "sean", "haya", "hayan", "vaya", "vayan", "sepa", "sepan", "quepa", "quepan"}
    # stem-changing presents it does not tie to their verb: "otro jugador juega una carta"
    | {"juega", "cuenta", "muestra", "prueba", "encuentra", "recuerda", "cierra", "despliega", "empieza", "suelta"}
    | {"vuela", "cuesta", "renueva", "almuerza", "acuesta", "apuesta", "demuestra", "comienza", "tropieza"}
)
# Quantifiers that go before the noun they count, never after one: "Vende en el mercado tantas
# mercancías como quieras" ("tantas" is the mercancías', not the mercado's)
PRENOMINAL = frozenset(
    {"tanto", "tanta", "tantos", "tantas", "cuanto", "cuanta", "cuantos", "cuantas", "varios", "varias"}
    | {"ambos", "ambas", "demasiado", "demasiada", "demasiados", "demasiadas", "cierto", "cierta", "ciertos"}
    | {"ciertas", "bastantes"}
)
ADVERB_FORMS = frozenset(
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
    if lower in ADVERB_FORMS:
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


def subject(text: str, start: int, checker: Speller | None = None) -> bool:
    """The noun phrase at text[start:] opens its clause, past its determiners and a conjunction ("Si el
    marcador", "El marcador", "cuando tu ficha"), so it is the subject a copula's adjective agrees with.

    Not after a preposition ("el valor del marcador es alto": the value's) nor after a verb ("el jugador
    que tiene el marcador es atacado": the player's)."""
    head = text[:start]
    clause = re.split(r"[.;:,¿?¡!()«»\"“”\n]", head)[-1]
    words = [w.lower() for w in re.findall(r"\w+", clause)]
    if words[-1:] in (["cuyo"], ["cuya"], ["cuyos"], ["cuyas"]) or re.match(r"(?i)cuy[oa]s?\b", text[start:]):
        return True  # "cada jugador cuya rueda está dañada": the rueda opens the relative clause
    while words and words[-1] in DETERMINERS and words[-1] not in ("del", "al"):
        words.pop()
    if all(w in _OPENERS for w in words):
        return True
    # "Cae la niebla y las caravanas...": after "y", a subject of its own when a verb comes before the
    # "y" (not "los camellos y las caravanas", one subject of two nouns)
    if checker is None or not words or words[-1] not in _CLAUSE_JOINS:
        return False
    return any(checker.only_verb(w) for w in words[:-1])


# Words that end like an adjective and are adverbs or prepositions after a noun or a copula: "la ficha
# bajo la nave", "el dado queda fuera", "mueve la nave rápido"
ADVERBIAL = frozenset(
    {"bajo", "cerca", "fuera", "arriba", "abajo", "encima", "justo", "pronto", "rápido", "lento", "directo"}
    | {"derecho", "claro", "seguido", "incluso", "tanto", "junto", "medio", "solo", "sola", "primero", "luego"}
)
_SET_PHRASE_AFTER = lazy(r"[ \u00a0]+(arriba|abajo)\b")  # "queda cara arriba", "boca abajo": a noun


_AFTER_RELATIVE = r"(?:,?[ \u00a0]+que)?"
_RELATIVE = lazy(r",?[ \u00a0]+que[ \u00a0]")
# what comes before a noun that complements another: "el personaje de la carta", "del barco", "al mazo"
_OF_ANOTHER = lazy(r"(?i)(?<!\w)(?:de|del|al)(?:[ \u00a0]+\w+)?[ \u00a0]+$")


def relative_subject(text: str, start: int, end: int) -> bool:
    """The noun at text[start:end] is followed by a relative "que" that may have it for subject ("la
    lonja, que permanece cerrada"), and complements no other noun: in "el personaje de la carta que
    está herido" the relative may be the personaje's."""
    return _RELATIVE.match(text, end) is not None and _OF_ANOTHER.search(text[:start]) is None


# an adverb may stand before the copula: "la rueda ya está dañada", "la torre no queda cerrada"
_COPULA_THEN_WORD = (
    r"[ \u00a0]+(?:(?:ya|todavía|aún|siempre|también|no|nunca)[ \u00a0]+)?(?:(se)[ \u00a0]+)?(\w+)[ \u00a0]+(\w+)"
)


def predicate(
    text: str, end: int, checker: Speller, settled: bool = False, relative: bool = False
) -> tuple[int, int, Gender, Number, bool] | None:
    """(start, end, gender, number, unsure) of a regular adjective or participle right after a copula
    right after text[:end] ("… es retirado"), or None; an adverb ("queda fuera") is none.  With
    `relative`, also after a relative "que" whose copula it is ("la lonja, que permanece cerrada":
    the noun is the relative's subject).

    `settled`: right after a copula a word is taken for no finite verb ("queda rota" is broken, not
    rotates), so an adjective that is also a verb form is sure (the checks; `glossary apply`, which
    rewrites the word, still asks)."""
    after = re.match((_AFTER_RELATIVE if relative else "") + _COPULA_THEN_WORD, text[end:])
    if after is None or after.group(2).lower() not in (_SE_COPULAS if after.group(1) else _COPULAS):
        return None
    word = after.group(3)
    if word.lower() in DETERMINERS or word.lower() in ADVERBIAL:
        return None  # "el cillerero es la víctima": a noun phrase of its own follows the copula
    if _SET_PHRASE_AFTER.match(text, end + after.end(3)):
        return None
    kind = adjective(word, checker)
    if settled and kind is not None and kind[2] and word.lower() not in ADVERB_FORMS:
        kind = (kind[0], kind[1], False)
    kind = kind or _participle(word, checker)
    if kind is None:
        return None
    return end + after.start(3), end + after.end(3), *kind


def copula_number(between: str) -> Number:
    """The number of the copula among the words between a subject and its predicate (" están ", ", que
    queda ", " se vuelven "): every copula of _COPULAS and _SE_COPULAS is of the third person, whose
    plural ends in -n."""
    words = re.findall(r"\w+", between)
    return "p" if words and words[-1].lower().endswith("n") else "s"


def past_complement(text: str, end: int) -> int | None:
    """Where a complement with "de" after the noun phrase ending at text[:end] ends, when a copula comes
    right after it ("los refugios| de la cresta este| están cerrados"), or None.  At most four words,
    none a conjunction or a relative: those open another phrase."""
    opening = re.match(r"[ \u00a0]+(?:de|del)(?=[ \u00a0])", text[end:])
    if opening is None:
        return None
    at = end + opening.end()
    for _ in range(4):
        word = re.match(r"[ \u00a0]+(\w+)", text[at:])
        if word is None:
            return None
        said = word.group(1).lower()
        if said in _CONJUNCTIONS or said in ("que", "quien", "quienes", "cuyo", "cuya", "donde"):
            return None
        at += word.end()
        following = re.match(r"[ \u00a0]+(\w+)", text[at:])
        if following is not None and (following.group(1).lower() in _COPULAS or following.group(1).lower() == "se"):
            return at
    return None


def _complement_number(complement: str) -> Number | None:
    """The number of a complement with "de" (" de un muelle inundado": singular), told by its first
    determiner ("del" is singular), or None."""
    words = [w.lower() for w in re.findall(r"\w+", complement)]
    if words[:1] == ["del"]:
        return "s"
    for word in words[1:2]:
        numbers = {entry[2] for entry in DETERMINERS.get(word, [])}
        if len(numbers) == 1 and word != "cada":
            return numbers.pop()
    return None


def wrong_predicate(
    plain: str, end: int, checker: Speller, gender: Gender, number: Number, relative: bool = False
) -> tuple[int, int, str] | None:
    """(start, end, the word it should be) of the adjective after a copula that disagrees with the noun
    phrase ending at plain[:end], or None.  Its gender is judged right after the phrase; its number
    also past a complement with "de" ("los refugios de la cresta este están cerrado"), where the
    copula's number tells which noun is its subject: a copula of the other number has another subject,
    or a slip of its own, and no finding here.  A word of the other number must be of the noun's
    gender: one of neither is a noun said of the subject ("los bienes son carga")."""
    after = predicate(plain, end, checker, True, relative)
    beyond = False
    other: Number | None = None  # the complement's number, past one
    if after is None and not relative:
        complement = past_complement(plain, end)
        if complement is not None:
            other = _complement_number(plain[end:complement])
            after, end, beyond = predicate(plain, complement, checker, True), complement, True
    if after is None or after[4]:
        return None
    if after[3] != number and (after[2] != gender or copula_number(plain[end : after[0]]) != number):
        return None  # of the other gender too, it is a noun of its own ("Los bienes son carga")
    # past a complement of the other number, a copula of the noun's number has the noun for subject,
    # and a participle after it is the noun's: "las barcazas de un muelle inundado son empujados" (not
    # any word: "las imágenes de una plantilla son archivos PNG" says a noun of them)
    sure = not beyond or (
        other is not None
        and other != number
        and copula_number(plain[end : after[0]]) == number
        and re.search(r"[ai]d[oa]s?$", plain[after[0] : after[1]].lower()) is not None
    )
    if after[3] == number and (not sure or after[2] == gender):
        return None
    word = plain[after[0] : after[1]]
    right = re.sub(r"[oa]s?$", "", word) + ("o" if gender == "m" else "a") + ("s" if number == "p" else "")
    return after[0], after[1], right


def _participle(word: str, checker: Speller) -> tuple[Gender, Number, bool] | None:
    """A past participle after a copula is the subject's ("es destruida"), though the dictionary has it
    only as a verb form."""
    found = participle(word, checker)
    return None if found is None else (*found, False)


def participle(word: str, checker: Speller) -> tuple[Gender, Number] | None:
    """(gender, number) of a regular past participle the dictionary knows only as its verb's form
    ("descartadas": descartar), or None; one that is also an adjective is `adjective`'s."""
    match = re.fullmatch(r"(\w+)(ad|id)([oa])(s?)", word)
    if match is None or not word.islower():
        return None
    stem, middle, vowel, plural = match.groups()
    infinitives = (stem + "ar",) if middle == "ad" else (stem + "er", stem + "ir")
    if not any(r.verb and r.stem in infinitives for r in checker.readings(word)):
        return None
    return ("m" if vowel == "o" else "f"), ("p" if plural else "s")


def modified_end(text: str, end: int, checker: Speller, gender: Gender | None, number: Number) -> int:
    """Where the noun phrase ending at text[:end] ends, past at most two adjectives or participles
    that agree with it ("Las tintas rojas| están", "las cartas descartadas| es"): the copula after
    them is still the noun's.  `gender` None: either gender agrees (el agua)."""
    for _ in range(2):
        after = re.match(r"[ \u00a0]+(\w+)", text[end:])
        if after is None or after.group(1).lower() in _COPULAS:
            break
        word = after.group(1)
        kind = adjective(word, checker)
        said = participle(word, checker) if kind is None else kind[:2]
        if said is None or said[1] != number or gender not in (None, said[0]):
            break
        end += after.end()
    return end


_CONJUNCTIONS = frozenset({"y", "e", "o", "u", "ni", "pero"})
_PREPOSITIONS = frozenset(
    {"a", "al", "ante", "bajo", "con", "contra", "de", "del", "desde", "en", "entre", "hacia", "hasta", "para"}
    | {"por", "según", "sin", "sobre", "tras"}
)


def object_phrase(text: str, start: int, word_end: int, checker: Speller) -> bool:
    """The noun phrase at text[start:] follows a verb or a preposition in its clause ("Descarta el
    pergamino", "sobre el pergamino"), and the word ending at word_end closes the clause or comes
    before "y", "o": that word is then no verb of the phrase (it would need a subject, or an
    object after it), so an adjective that is also a verb form ("rota", "seca") is an adjective."""
    before = re.search(r"(?:(\w+)[ \u00a0]+)?(\w+)[ \u00a0]+$", text[:start])
    if before is None:
        return False
    word = before.group(2).lower()
    # a verb form ("Entrega", a noun too), unless a determiner makes it a noun: "la entrega el dado"
    verb = any(r.verb for r in checker.readings(word)) and (before.group(1) or "").lower() not in DETERMINERS
    if word not in _PREPOSITIONS and not verb:
        return False
    after = re.match(r"[ \u00a0]*(\w+|[^\w\s]|$)", text[word_end:])
    following = after.group(1).lower() if after is not None else ""
    return following in _CONJUNCTIONS or following in ("", ".", ",", ";", ":", "!", "?", ")")


def agrees_earlier(text: str, start: int, gender: Gender, number: Number, checker: Speller) -> bool:
    """A determiner of the same clause, before text[start:] and after its last verb ("la carta del
    jugador herida", "la ficha sobre el dado roja"), has this gender and number: the adjective after
    the phrase may be that determiner's noun's, not the phrase's."""
    clause = re.split(r"[.;:,¿?¡!()«»\"“”\n]", text[:start])[-1]
    for word in reversed(re.findall(r"\w+", clause.lower())):
        if checker.only_verb(word):
            return False  # "Roba una carta y descarta el pergamino rota": una is another clause's
        if any(g in (None, gender) and n == number for _table, g, n in DETERMINERS.get(word, [])):
            return True
    return False
