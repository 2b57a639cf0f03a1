"""Where a correction holds: the limits a FIXES line and a glossary's forbidden variant may carry.

"piezas >> repuestos [not near: sobrantes]" turns spare parts right and leaves the game's pieces
("las piezas sobrantes"); a glossary records the same limits for the wrong term it learns
(`forbidden_where`), so text/glossary reports it in those places only.  Read by
pnp.translate.fixes (the FIXES lines) and pnp.check.text.glossary (the glossary's variants).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.i18n import N_

LIMITS_EXAMPLE = N_("piezas >> repuestos [near: compra, vende; not near: sobrantes]; carga >> cargamento [noun]")

# Each limit by its English and its Spanish name (the forum's lists are Spanish).
NAMES = {
    "whole": "whole",
    "entero": "whole",
    "near": "near",
    "con": "near",
    "not near": "not_near",
    "sin": "not_near",
    "noun": "noun",
    "nombre": "noun",
    "sustantivo": "noun",
    "verb": "verb",
    "verbo": "verb",
}
_SENTENCE_MARKS = ".!?…;\n"
_AFTER_WHOLE = " .!?…»”\"')*_"
_BEFORE_WHOLE = " \t\n«“\"'(¿¡*_"

# Words after which a Spanish or Catalan word is a noun ("la carga", "tus piezas", "del mazo"): pnp
# tags no words, so a part of speech is told by the word before it.
DETERMINERS = frozenset(
    [
        "el",
        "la",
        "los",
        "las",
        "lo",
        "un",
        "una",
        "unos",
        "unas",
        "al",
        "del",
        "mi",
        "mis",
        "tu",
        "tus",
        "su",
        "sus",
        "nuestro",
        "nuestra",
        "nuestros",
        "nuestras",
        "vuestro",
        "vuestra",
        "vuestros",
        "vuestras",
        "este",
        "esta",
        "estos",
        "estas",
        "ese",
        "esa",
        "esos",
        "esas",
        "aquel",
        "aquella",
        "aquellos",
        "aquellas",
        "cada",
        "otro",
        "otra",
        "otros",
        "otras",
        "cualquier",
        "primer",
        "primera",
        "último",
        "última",
        "els",
        "les",
        "uns",
        "unes",
        "meu",
        "meva",
        "teu",
        "teva",
        "seu",
        "seva",
        "aquest",
        "aquesta",
    ]
)


@dataclass(frozen=True)
class Limits:
    whole: bool = False  # only where the term is a field's whole text (a title, a label)
    near: tuple[str, ...] = ()  # only in a sentence that has one of these words
    not_near: tuple[str, ...] = ()  # never in a sentence that has one of these words
    part_of_speech: str | None = None  # "noun" (after a determiner: la carga) or "verb" (elsewhere: carga 2)

    def __bool__(self) -> bool:
        return bool(self.whole or self.near or self.not_near or self.part_of_speech)


def parse_limits(text: str) -> tuple[Limits, str | None]:
    """The limits ("whole; near: a, b; not near: c; noun"), or the part that is not one."""
    whole, part = False, None
    near: tuple[str, ...] = ()
    not_near: tuple[str, ...] = ()
    for piece in (p.strip() for p in text.split(";")):
        if not piece:
            continue
        name, _colon, words = piece.partition(":")
        name = " ".join(name.split()).casefold()
        listed = tuple(w.strip() for w in words.split(",") if w.strip())
        limit = NAMES.get(name)
        if limit == "whole" and not words.strip():
            whole = True
        elif limit in ("noun", "verb") and not words.strip() and part is None:
            part = limit
        elif limit == "near" and listed:
            near = listed
        elif limit == "not_near" and listed:
            not_near = listed
        else:
            return Limits(), piece
    return Limits(whole, near, not_near, part), None


def used_as_noun(text: str, start: int) -> bool:
    """Whether the word at `start` follows a determiner, or a determiner and one word ("las dos
    piezas", "tu primera carga"), or an elision ("l'escut"), as a noun does."""
    before = re.findall(r"[\w']+", text[max(0, start - 60) : start].casefold())
    if before and (before[-1] in DETERMINERS or before[-1].endswith("'")):
        return True
    return len(before) >= 2 and before[-2] in DETERMINERS


def _phrase(term: str) -> str:
    return r"\s+".join(re.escape(word) for word in term.split())


def within(limits: Limits, text: str, start: int, end: int) -> bool:
    """Whether the term at text[start:end] stands where the limits allow it."""
    if limits.part_of_speech is not None and used_as_noun(text, start) != (limits.part_of_speech == "noun"):
        return False
    if limits.whole and text[:start].strip(_BEFORE_WHOLE) + text[end:].strip(_AFTER_WHOLE) != "":
        return False
    if not (limits.near or limits.not_near):
        return True
    begin = max(text.rfind(mark, 0, start) for mark in _SENTENCE_MARKS) + 1
    stop = min((i for i in (text.find(mark, end) for mark in _SENTENCE_MARKS) if i >= 0), default=len(text))
    sentence = text[begin:stop]

    def has(word: str) -> bool:
        return re.search(rf"(?<!\w){_phrase(word)}(?!\w)", sentence, re.IGNORECASE) is not None

    if limits.near and not any(has(word) for word in limits.near):
        return False
    return not any(has(word) for word in limits.not_near)
