"""Word forms: folding for case- and accent-insensitive search, plurals and verb endings.

Glossary terms are searched in folded text (lowercase, no accents: "Paraísos" ->
"paraisos"), where every character keeps its place, so a match can quote the
original.  A term matches in the singular and the plural, and a term that looks
like a verb (Spanish "-ar/-er/-ir", or "-arse") in its regular forms, with
the stem changes of volar (vuela), perder (pierde) and pedir (pide), and with
enclitic pronouns.  Other irregular forms (tener -> tuvo) are not generated.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache


def _fold_table() -> dict[int, str]:
    table: dict[int, str] = {}
    for code in range(0x41, 0x250):
        char = chr(code)
        base = unicodedata.normalize("NFD", char)[0].lower()
        if len(base) == 1 and base != char:
            table[code] = base
    return table


_FOLD = _fold_table()
# Every character of the table's range, those it keeps too: translate pays a raised and caught
# LookupError for each character its table lacks, and texts are mostly such characters.
_FOLD_ALL = {code: _FOLD.get(code, chr(code)) for code in range(0x250)}


def fold(text: str) -> str:
    """Lowercase without accents, one character for one ("Señor" -> "senor")."""
    if text.isascii():
        return text.lower()  # what the table does to ASCII: A-Z lowercased, the rest kept
    return text.translate(_FOLD_ALL)


# --- Spanish ---------------------------------------------------------------------

# fmt: off
_ES_FUNCTION = frozenset({
    "a", "al", "con", "de", "del", "e", "el", "en", "la", "las", "lo", "los", "mi", "mis", "o", "para", "por",
    "que", "sin", "sobre", "su", "sus", "tu", "tus", "u", "un", "una", "unos", "unas", "y",
})
# fmt: on
_ES_IRREGULAR = {"gran": ("grandes", "grande", "gran"), "grandes": ("grandes", "grande", "gran")}
_ES_ENDINGS = {
    "ar": "o as a amos ais an e aste o asteis aron aba abas abamos abais aban are aras ara aremos areis aran "
    "aria arias ariamos ariais arian es emos eis en aramos arais asen ase ases ad ar ando ado ada ados adas",
    "er": "o es e emos eis en i iste io imos isteis ieron ia ias iamos iais ian ere eras era eremos ereis eran "
    "eria erias eriamos eriais erian a as amos ais an iera ieras ieramos ierais ieran iese ed er iendo ido ida "
    "idos idas",
    "ir": "o es e imos is en i iste io isteis ieron ia ias iamos iais ian ire iras ira iremos ireis iran iria "
    "irias iriamos iriais irian a as amos ais an iera ieras ieramos ierais ieran iese id ir iendo ido ida idos "
    "idas",
}
# before -e endings the stem changes its spelling: coloca -> coloque, paga -> pague, caza -> cace
_ES_SOFT = {"c": "qu", "g": "gu", "z": "c"}


def _spanish_forms(word: str) -> tuple[list[str], bool]:
    """(folded forms, whether it is a verb and takes enclitic pronouns)."""
    w = fold(word)
    if w in _ES_FUNCTION or len(w) <= 2:
        return [w], False
    if w in _ES_IRREGULAR:
        return list(_ES_IRREGULAR[w]), False
    forms = {w}
    if w.endswith("z"):
        forms.add(w[:-1] + "ces")
    elif w[-1] in "aeiou":
        forms.add(w + "s")
    else:
        forms.add(w + "es")
        if w[-1] not in "sx":
            forms.add(w + "s")  # a word taken from another language: "mánagers", "clubs", "récords"
    if w.endswith("ces"):
        forms.add(w[:-3] + "z")
    if w.endswith("es"):
        forms.add(w[:-2])
    if w.endswith("s"):
        forms.add(w[:-1])
    verb = False
    infinitive = w[:-2] if w.endswith("se") else w
    if len(infinitive) >= 5 and infinitive[-2:] in _ES_ENDINGS:
        verb = True
        stem, kind = infinitive[:-2], infinitive[-2:]
        for changed in (stem, *_changed_stems(stem)):
            for ending in _ES_ENDINGS[kind].split():
                if kind == "ar" and ending.startswith("e") and changed[-1] in _ES_SOFT:
                    forms.add(changed[:-1] + _ES_SOFT[changed[-1]] + ending)
                else:
                    forms.add(changed + ending)
    return sorted(forms, key=lambda f: (-len(f), f)), verb


def _changed_stems(stem: str) -> list[str]:
    """The stressed stems of stem-changing verbs: volar -> vuel-, perder -> pierd-, pedir -> pid-, jugar -> jueg-."""
    vowels = [i for i, c in enumerate(stem) if c in "aeiou"]
    if not vowels:
        return []
    i = vowels[-1]
    change = {"o": ["ue"], "e": ["ie", "i"], "u": ["ue"]}.get(stem[i], [])
    return [stem[:i] + c + stem[i + 1 :] for c in change]


# --- English -----------------------------------------------------------------------

# fmt: off
_EN_FUNCTION = frozenset({
    "a", "an", "and", "at", "for", "in", "of", "on", "or", "the", "to", "with", "your", "my", "his", "her", "its",
    "their",
})
# fmt: on


def _english_forms(word: str) -> list[str]:
    w = fold(word)
    if w in _EN_FUNCTION or len(w) <= 2:
        return [w]
    forms = {w}
    if w.endswith("y") and w[-2] not in "aeiou":
        forms |= {w[:-1] + "ies", w[:-1] + "ied"}
    elif w.endswith(("s", "x", "z", "ch", "sh")):
        forms.add(w + "es")
    else:
        forms.add(w + "s")
    forms |= {w + "d", w[:-1] + "ing"} if w.endswith("e") else {w + "ed", w + "ing"}
    if w.endswith("ies"):
        forms.add(w[:-3] + "y")
    elif w.endswith("es"):
        forms.add(w[:-2])
    if w.endswith("s"):
        forms.add(w[:-1])
    return sorted(forms, key=lambda f: (-len(f), f))


# --- words of a phrase ------------------------------------------------------------------

CLITICS = ("me", "te", "se", "nos", "os", "lo", "la", "los", "las", "le", "les")


@dataclass(frozen=True)
class WordForms:
    """The folded forms one word of a glossary phrase matches in running text."""

    forms: frozenset[str]
    clitics: bool  # a Spanish verb: "colocar" also matches "colocarlo", "colocándoselo"
    possessive: bool  # English: "Universe" also matches "Universe's"


@cache
def word_forms(word: str, language: str) -> WordForms:
    if language.startswith("es"):
        forms, verb = _spanish_forms(word)
        return WordForms(frozenset(forms), verb, False)
    if language.startswith("en"):
        return WordForms(frozenset(_english_forms(word)), False, True)
    w = fold(word)
    return WordForms(frozenset({w, w + "s"}), False, False)


# --- numbers written as words ----------------------------------------------------------

# Cardinals and multiplicatives are numbers: "Draw two cards" / "Roba tres cartas" differ.  Articles,
# ordinals and "un par", "ambos" only excuse a figure of the other text: "a card" / "una carta" is an
# article on both sides, "Draw 1 card" / "Roba una carta" is right, "first" is often "inicial", and
# "Draw two cards" / "Roba un par de cartas" says the same.
NUMBER_WORDS = {
    "es": {
        "cero": 0, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9,
        "diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14, "quince": 15, "dieciseis": 16,
        "diecisiete": 17, "dieciocho": 18, "diecinueve": 19, "veinte": 20, "doble": 2, "dobles": 2, "triple": 3,
        "triples": 3, "duplica": 2, "duplicar": 2, "duplicas": 2, "duplican": 2, "triplica": 3, "triplicar": 3,
        "docena": 12,
    },
    # Catalan: "nou" (nine, or new) and "deu" (ten, or owes) are left to NUMBER_LIKE_WORDS: they only excuse
    "ca": {
        "zero": 0, "dos": 2, "dues": 2, "tres": 3, "quatre": 4, "cinc": 5, "sis": 6, "set": 7, "vuit": 8,
        "onze": 11, "dotze": 12, "tretze": 13, "catorze": 14, "quinze": 15, "setze": 16, "disset": 17,
        "divuit": 18, "dinou": 19, "vint": 20, "doble": 2, "dobles": 2, "triple": 3, "triples": 3,
    },
    "en": {
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
        "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "twice": 2, "double": 2,
        "doubles": 2, "doubled": 2, "triple": 3, "thrice": 3, "tripled": 3, "dozen": 12,
    },
}  # fmt: skip
NUMBER_LIKE_WORDS = {
    "es": {
        "un": 1, "uno": 1, "una": 1, "primer": 1, "primero": 1, "primera": 1, "segundo": 2, "segunda": 2,
        "tercer": 3, "tercero": 3, "tercera": 3, "par": 2, "ambos": 2, "ambas": 2,
    },
    "ca": {
        "un": 1, "u": 1, "una": 1, "primer": 1, "primera": 1, "segon": 2, "segona": 2, "tercer": 3, "tercera": 3,
        "parell": 2, "ambdos": 2, "ambdues": 2, "nou": 9, "deu": 10,
    },
    "en": {"a": 1, "an": 1, "once": 1, "first": 1, "second": 2, "third": 3, "pair": 2, "both": 2},
}  # fmt: skip


def has_number_words(language: str) -> bool:
    """Whether pnp reads this language's numbers written as words (es, ca, en); in the others only figures."""
    return language.split("-")[0] in NUMBER_WORDS


def number_words(language: str) -> dict[str, int]:
    """Words that are numbers ("dos", "twice"), folded: compared with the other text's numbers."""
    return NUMBER_WORDS.get(language.split("-")[0], {})


def number_like_words(language: str) -> dict[str, int]:
    """Articles and ordinals ("una", "first"), folded: they stand for a figure of the other text, never miss one."""
    return NUMBER_LIKE_WORDS.get(language.split("-")[0], {})
