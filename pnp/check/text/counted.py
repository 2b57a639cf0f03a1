"""Numbers tied to what they count: "Gain 2 fuel and 3 parts" / "Gana 3 de combustible y 2 piezas".

text/numbers compares the numbers of both texts as a multiset, which two numbers swapped between
their nouns pass.  Here each number is paired with what it counts, the word or icon right after it
(one adjective or "of", "de", "more", "más" may stand between): an icon counts as itself, a word
through the glossary (source against target), a short bilingual list of the nouns card games count
(card / carta, token / ficha, ship / nave...), or a cognate (sector / sector, credit / crédito).
The pairs are compared only when every number of both texts is paired and both texts count the same
things: a number with nothing after it ("discard 2"), or a noun only one side names, leaves the
text to text/numbers and is no finding.  English originals against Spanish translations.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import islice

from pnp.check.text.fields import ICON
from pnp.check.text.forms import fold, number_words
from pnp.check.text.patterns import lazy

PAIRED_LANGUAGES = ("es",)  # translations whose counted nouns are listed here, of an English original

# Nouns a card counts, folded and singular: English -> the Spanish nouns that translate it.
# fmt: off
COUNTED_NOUNS = {
    "card": ("carta", "naipe"), "token": ("ficha", "marcador", "token"), "ship": ("nave", "barco"),
    "credit": ("credito",), "crew": ("tripulante", "tripulacion"), "die": ("dado",),
    "turn": ("turno",), "round": ("ronda", "asalto"), "player": ("jugador", "jugadora"), "point": ("punto",),
    "damage": ("dano",), "fuel": ("combustible",), "part": ("pieza", "repuesto"), "space": ("casilla", "espacio"),
    "action": ("accion",), "coin": ("moneda",), "wound": ("herida",), "life": ("vida",), "resource": ("recurso",),
    "unit": ("unidad",), "troop": ("tropa",), "soldier": ("soldado",), "hit": ("impacto",), "gold": ("oro",),
    "food": ("comida", "alimento"), "wood": ("madera",), "stone": ("piedra",), "cube": ("cubo",),
    "worker": ("trabajador", "obrero"), "time": ("vez",), "cargo": ("carga", "cargamento"),
    "goods": ("mercancia",), "passenger": ("pasajero",), "fugitive": ("fugitivo",),
    "contraband": ("contrabando",), "step": ("paso", "casilla"), "hour": ("hora",), "day": ("dia",),
    "gem": ("gema",), "marker": ("marcador", "ficha"), "tile": ("loseta", "baldosa"), "hex": ("hexagono",),
    "disc": ("disco",), "meeple": ("meeple",), "cannon": ("canon",), "sail": ("vela",), "man": ("hombre",),
    "city": ("ciudad",), "region": ("region",), "army": ("ejercito",), "mission": ("mision",),
}
# fmt: on
_IRREGULAR_PLURALS = {"dice": "die", "men": "man", "people": "person", "lives": "life", "wolves": "wolf"}
_STEP_OVER = {
    "en": frozenset({"of", "more", "extra", "additional", "other", "your", "their", "the", "new", "free"}),
    "es": frozenset({"de", "del", "mas", "tus", "sus", "otras", "otros", "nuevas", "nuevos", "adicionales"}),
}
# Words that end what a number may count: after them the number counts nothing named.
_STOP = frozenset(
    [
        "and",
        "or",
        "to",
        "per",
        "for",
        "then",
        "from",
        "in",
        "on",
        "at",
        "by",
        "with",
        "if",
        "when",
        "as",
        "than",
        "before",
        "after",
        "each",
        "all",
        "any",
        "every",
        "y",
        "o",
        "u",
        "para",
        "por",
        "cada",
        "en",
        "con",
        "si",
        "cuando",
        "que",
        "a",
        "al",
        "e",
        "luego",
        "despues",
    ]
)
_TOKEN = lazy(rf"\d+(?:[.,\u00a0\u202f ]\d{{3}})*(?!\d)|\w+|{ICON}|[^\w\s{ICON}]")


@dataclass(frozen=True)
class Pair:
    value: int
    counted: str  # what it counts: "icon:fuel", "noun:card", "term:3", "cognate:sect"
    written: str  # the words as the text writes them: "2 de combustible"


def _singulars(word: str) -> list[str]:
    """The word and what its singular may be, most likely first: naves -> nave, sectores -> sector."""
    found = [word]
    if word.endswith("ces"):
        found.append(word[:-3] + "z")
    if word.endswith("ies") and len(word) > 4:
        found.append(word[:-3] + "y")
    if word.endswith("s") and len(word) > 3:
        found.append(word[:-1])
    if word.endswith("es") and len(word) > 4:
        found.append(word[:-2])
    return found


class Concepts:
    """What a counted word stands for, in either language: one key for "fuel" and "combustible"."""

    def __init__(self, glossary: list[tuple[str, str]]) -> None:
        self.en: dict[str, str] = {}
        self.es: dict[str, str] = {}
        self.read: dict[tuple[str, str], list[Pair | None]] = {}  # pairs() of each sentence, once
        for english, spanishes in COUNTED_NOUNS.items():
            self.en[english] = f"noun:{english}"
            for spanish in spanishes:
                self.es.setdefault(spanish, f"noun:{english}")
        for plural, singular in _IRREGULAR_PLURALS.items():
            if singular in self.en:
                self.en[plural] = self.en[singular]
        for index, (source, target) in enumerate(glossary):
            head_en, head_es = _head(source, "en"), _head(target, "es")
            if head_en and head_es:  # the glossary says what the pack's words mean: it wins
                concept = next((self.en[w] for w in _singulars(head_en) if w in self.en), f"term:{index}")
                for word in _singulars(head_en):
                    self.en[word] = concept
                for word in _singulars(head_es):
                    self.es[word] = concept

    def of(self, word: str, language: str) -> str | None:
        table = self.en if language == "en" else self.es
        candidates = _singulars(fold(word))
        for candidate in candidates:
            if candidate in table:
                return table[candidate]
        folded = candidates[-1]
        if len(folded) >= 5 and not folded.isdigit():
            return f"cognate:{folded[:4]}"  # sector / sector, credit / credito
        return None


def _head(phrase: str, language: str) -> str | None:
    """The noun of a glossary phrase: the last word in English ("Alert Token"), the first in Spanish."""
    words = re.findall(r"\w+", fold(phrase))
    words = [w for w in words if w not in {"el", "la", "los", "las", "the", "a", "an", "un", "una"}]
    if not words:
        return None
    return words[-1] if language == "en" else words[0]


def pairs(plain: str, language: str, concepts: Concepts) -> list[Pair | None] | None:
    """Each number of the text with what it counts (None: nothing named after it).  None when the
    text has fewer than two numbers: nothing can be swapped.

    Read sentence by sentence, each once per pack (texts repeat their sentences): what a number counts
    never lies past the end of its sentence."""
    found: list[Pair | None] = []
    for sentence in _SENTENCE_END.split(plain):
        key = (sentence, language)
        if key not in concepts.read:
            concepts.read[key] = _sentence_pairs(sentence, language, concepts)
        found += concepts.read[key]
    return found if len(found) >= 2 else None


_SENTENCE_END = lazy(r"(?<=[.!?;:])\s+")


def _sentence_pairs(plain: str, language: str, concepts: Concepts) -> list[Pair | None]:
    numbers = list(_numbers(language).finditer(fold(plain)))  # fold keeps every character in its place
    if not numbers:
        return []
    words = number_words(language)
    lang = "en" if language.split("-")[0] == "en" else "es"
    found: list[Pair | None] = []
    for number in numbers:
        token = plain[number.start() : number.end()]
        value = int(re.sub(r"\D", "", token)) if token[0].isdigit() else words[fold(token)]
        after = [m.group() for m in islice(_TOKEN.finditer(plain, number.end()), 3)]
        if after[:1] == [ICON]:
            continue  # "2 {fuel}": icon_pairs reads it from the raw text, where the icon has its name
        found.append(_counted(value, token, after, lang, concepts))
    return found


@cache
def _numbers(language: str) -> re.Pattern[str]:
    """Figures and the cardinal number words of a language, in folded text."""
    words = sorted(number_words(language), key=len, reverse=True)
    first = "".join(sorted({re.escape(w[0]) for w in words}))  # a first character to look for: a fast scan
    spelled = rf"|(?<!\w)(?:{'|'.join(map(re.escape, words))})(?!\w)" if words else ""
    return re.compile(rf"(?=[\d{first}])(?:\d+(?:[.,\u00a0\u202f ]\d{{3}})*(?!\d){spelled})")


def _counted(value: int, number: str, after: list[str], language: str, concepts: Concepts) -> Pair | None:
    unknown_allowed = 1
    written = [number]
    for index, token in enumerate(after):
        written.append(token)
        folded = fold(token)
        if not folded[:1].isalpha() or folded in _STOP:
            return None
        concept = concepts.of(token, language)
        if concept is not None and language == "en" and index + 1 < len(after):
            head = concepts.of(after[index + 1], language)  # "3 Supply cards": the last noun is what it counts
            if head is not None and not head.startswith("cognate:"):
                return Pair(value, head, " ".join([*written, after[index + 1]]))
        if concept is not None and not concept.startswith("cognate:"):
            return Pair(value, concept, " ".join(written))
        if folded in _STEP_OVER[language]:
            continue
        if concept is not None and unknown_allowed == 1:
            return Pair(value, concept, " ".join(written))
        if unknown_allowed:
            unknown_allowed -= 1
            continue
        return None
    return None


_ICON_PAIR = lazy(r"(\d+)\s*\{(\w+)\}")


_DIGITS = lazy(r"(?<![\d.,])\d+(?![\d.,]\d)")


def icon_pairs(raw: str) -> Counter[tuple[int, str]]:
    """(number, icon) for each figure written right before an icon: "2 {fuel}"."""
    return Counter((int(n), f"icon:{name}") for n, name in _ICON_PAIR.findall(raw))


def swapped(
    original_plain: str, original_raw: str, plain: str, raw: str, language: str, concepts: Concepts
) -> tuple[list[str], list[str]] | None:
    """(the original's pairs, the translation's) when the same numbers count other things, else None."""
    theirs_icons = icon_pairs(original_raw) if "{" in original_raw else Counter()
    theirs = pairs(original_plain, "en", concepts)
    theirs_words = [p for p in theirs or [] if p is not None]
    if len(theirs_words) + sum(theirs_icons.values()) < 2:
        return None  # fewer than two numbers count something named: nothing to swap
    ours_icons = icon_pairs(raw) if "{" in raw else Counter()
    ours = pairs(plain, language, concepts)
    ours_words = [p for p in ours or [] if p is not None]
    if theirs is not None and ours is not None and (None in theirs or None in ours):
        theirs_words = ours_words = []  # a number that counts nothing named: the words are not compared
    if len(theirs_words) != len(ours_words):
        theirs_words = ours_words = []
    a = Counter((p.value, p.counted) for p in theirs_words) + theirs_icons
    b = Counter((p.value, p.counted) for p in ours_words) + ours_icons
    if a == b or not a or not b:
        return None
    # an icon's figure is its own: "5 baskets for 8 {coin}" as "8 cestas por 5 {coin}" swapped them,
    # whatever the baskets are called, where the texts hold the same figures
    icons_moved = (
        bool(theirs_icons)
        and set(theirs_icons) != set(ours_icons)
        and sum(theirs_icons.values()) == sum(ours_icons.values())  # as many figures before icons
        and {c for _, c in theirs_icons} == {c for _, c in ours_icons}
        and Counter(_DIGITS.findall(original_plain)) == Counter(_DIGITS.findall(plain))
    )
    if Counter(v for v, _ in a.elements()) != Counter(v for v, _ in b.elements()) and not icons_moved:
        return None  # other numbers: text/numbers says so
    if {c for _, c in a} != {c for _, c in b} and not icons_moved:
        return None  # they count other things: a paraphrase, not a swap
    shown_a = [p.written for p in theirs_words] + [f"{n} {{{c[5:]}}}" for n, c in sorted(theirs_icons.elements())]
    shown_b = [p.written for p in ours_words] + [f"{n} {{{c[5:]}}}" for n, c in sorted(ours_icons.elements())]
    return shown_a, shown_b
