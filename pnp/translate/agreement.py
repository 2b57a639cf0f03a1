"""Gender agreement for glossary fixes: "el marcador … rojo" with "marcador >> ficha" (f) is "la ficha … roja".

A fix replaces a noun; the words that agree with it in its noun phrase must
follow.  When the glossary gives the right term's gender (`gender = "f"`),
these change with it:

- the determiners and prenominal words before it, walking left: el -> la,
  un -> una, del -> de la, al -> a la, los -> las, este -> esta, todos los ->
  todas las, el primer -> la primera (and back: de la -> del).  "el arma", "un
  área": a feminine noun that starts with a stressed a keeps el and un;
- the regular adjectives after it (-o/-a, -os/-as): "marcador rojo" -> "ficha
  roja", the participles too ("usado" -> "usada"); and past a complement
  ("marcador de alerta rojo") when the adjective can only agree with the head:
  its gender is the head's and not the complement's;
- an adjective after a copula when the phrase is its subject: "el marcador
  es retirado" -> "la ficha es retirada" (not after a preposition: in "el
  valor del marcador es alto", alto is the value's).

Each change is its own word, so the diff shows it.  Where pnp cannot tell
which noun an adjective agrees with ("el marcador de combustible rojo": both
masculine), or whether a word is an adjective or a verb ("la ficha activa":
activa may be activar), it reports the line and changes nothing: it never
guesses.  The old gender comes from the text itself (its determiner, or an
adjective right after the noun), so the wrong term needs no gender.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.check.text.lexicon import Speller
from pnp.check.text.nouns import (
    DETERMINERS,
    KEEP_BEFORE_STRESSED_A,
    Gender,
    Number,
    adjective,
    gender_by_ending,
    predicate,
    stressed_a,
    subject,
)

_WORD = re.compile(r"\w+")


_PREPOSITIONS = frozenset({"de", "del"})


@dataclass(frozen=True)
class Edit:
    start: int
    end: int
    written: str


@dataclass(frozen=True)
class Agreement:
    """What a replacement's noun phrase needs: the edits around it, or why pnp cannot tell."""

    edits: list[Edit]
    problem: str | None = None


def agree(
    text: str, start: int, end: int, right: str, gender: Gender, number: Number | None, checker: Speller
) -> Agreement:
    """The edits that make the words agreeing with text[start:end] agree with `right`, of this gender.

    text[start:end] is the replaced term as the text has it; number None keeps the number the text
    gives it."""
    left = _left_words(text, start)
    old_gender: Gender | None = None
    old_number: Number | None = None
    determiners = []
    for word_start, word_end in left:
        entries = DETERMINERS.get(text[word_start:word_end].lower())
        if not entries:
            break
        table, was_gender, was_number = entries[0]
        determiners.append((word_start, word_end, table))
        old_gender = old_gender or was_gender
        old_number = old_number or was_number
    old_number = old_number or _number_of(text[start:end])
    new_number = number or old_number
    old_gender = old_gender or gender_by_ending((_WORD.findall(text[start:end]) or [""])[0])
    adjectives, problem = _right_side(text, start, end, old_gender, checker)
    if not problem and subject(text, start):  # "el marcador es retirado": the subject's adjective
        after, problem = _predicate(text, adjectives[-1][1] if adjectives else end, old_gender, checker)
        adjectives += after
    if problem:
        return Agreement([], problem)
    edits: list[Edit] = []
    head = (_WORD.findall(right) or [""])[0]
    for word_start, word_end, table in determiners:
        word = text[word_start:word_end]
        wanted = table[(gender, new_number)]
        if gender == "f" and new_number == "s" and word.lower() in KEEP_BEFORE_STRESSED_A and stressed_a(head):
            wanted = word.lower()  # el arma, un área
        merged = _merge_preposition(text, word_start, word, wanted)
        if merged is not None:
            edits.append(merged)
        elif wanted != word.lower():
            edits.append(Edit(word_start, word_end, _in_case_of(word, wanted)))
    for word_start, word_end, adjective_gender, adjective_number in adjectives:
        if old_gender is not None and adjective_gender != old_gender:
            continue  # it agrees with another noun
        word = text[word_start:word_end]
        written = _inflected(word.lower(), gender, new_number if adjective_number == old_number else adjective_number)
        if written != word.lower():
            edits.append(Edit(word_start, word_end, _in_case_of(word, written)))
    return Agreement(sorted(edits, key=lambda e: e.start))


def _left_words(text: str, start: int) -> list[tuple[int, int]]:
    """Up to three words right before start, nearest first, joined by spaces only."""
    found: list[tuple[int, int]] = []
    position = start
    while len(found) < 3:
        before = text[:position]
        match = re.search(r"(\w+)([ \u00a0]+)$", before)
        if match is None:
            break
        found.append((match.start(1), match.end(1)))
        position = match.start(1)
    return found


def _merge_preposition(text: str, word_start: int, word: str, wanted: str) -> Edit | None:
    """ "de la ficha" -> "del marcador": the preposition and the article become one word."""
    if word.lower() not in ("la", "las", "los") or wanted != "el":
        return None
    match = re.search(r"(\w+)[ \u00a0]+$", text[:word_start])
    if match is None or match.group(1).lower() not in ("de", "a"):
        return None
    joined = "del" if match.group(1).lower() == "de" else "al"
    return Edit(match.start(1), word_start + len(word), _in_case_of(match.group(1), joined))


def _right_side(
    text: str, start: int, end: int, old_gender: Gender | None, checker: Speller
) -> tuple[list[tuple[int, int, Gender, Number]], str | None]:
    """The adjectives after the noun that agree with it, (start, end, gender, number), or a problem.

    Right after the noun, an adjective of its gender agrees with it.  Past a complement ("de alerta"),
    only one that cannot agree with the complement does."""
    found: list[tuple[int, int, Gender, Number]] = []
    words = _following_words(text, end)
    term = _WORD.findall(text[start:end])
    complement: tuple[str, Gender | None] | None = None
    if len(term) > 2 and term[-2].lower() in _PREPOSITIONS:  # "marcador de Alerta": Alerta is a complement
        complement = (term[-1], gender_by_ending(term[-1]))
    index = 0
    while index < len(words):
        word_start, word_end = words[index]
        word = text[word_start:word_end]
        kind = adjective(word, checker)
        if kind is None:
            if complement is not None or word.lower() not in _PREPOSITIONS or index + 1 >= len(words):
                break
            complement, index = _complement(text, words, index + 1)
            continue
        gender, number, unsure = kind
        if old_gender is not None and gender != old_gender:
            break  # it agrees with another noun, or is a verb: the phrase ends
        if complement is not None and (complement[1] is None or complement[1] == gender):
            return [], f'cannot tell whether "{word}" agrees with the replaced term or with "{complement[0]}"'
        if unsure:
            return [], f'cannot tell whether "{word}" is an adjective of the replaced term or a verb or adverb'
        found.append((word_start, word_end, gender, number))
        index += 1
    return found, None


def _predicate(
    text: str, end: int, old_gender: Gender | None, checker: Speller
) -> tuple[list[tuple[int, int, Gender, Number]], str | None]:
    """The adjective after a copula that follows the phrase, when of the replaced noun's old gender
    ("es retirado": a participle too), or a problem."""
    found = predicate(text, end, checker)
    if found is None or (old_gender is not None and found[2] != old_gender):
        return [], None
    if found[4]:
        word = text[found[0] : found[1]]
        return [], f'cannot tell whether "{word}" describes the replaced term or is a verb or adverb'
    return [found[:4]], None


def _complement(text: str, words: list[tuple[int, int]], index: int) -> tuple[tuple[str, Gender | None], int]:
    """The noun of a complement starting at words[index] ("de [la] alerta"), its gender, and the next index."""
    first = text[words[index][0] : words[index][1]]
    gender: Gender | None = None
    if first.lower() in DETERMINERS and index + 1 < len(words):
        gender = DETERMINERS[first.lower()][0][1]
        index += 1
    noun = text[words[index][0] : words[index][1]]
    return (noun, gender or gender_by_ending(noun)), index + 1


def _following_words(text: str, end: int) -> list[tuple[int, int]]:
    """The words after end, up to the first mark that is not a space (a comma ends the phrase)."""
    found: list[tuple[int, int]] = []
    position = end
    while len(found) < 6:
        match = re.match(r"[ \u00a0]+(\w+)", text[position:])
        if match is None:
            break
        found.append((position + match.start(1), position + match.end(1)))
        position += match.end(1)
    return found


def _inflected(word: str, gender: Gender, number: Number) -> str:
    stem = re.sub(r"[oa]s?$", "", word)
    return stem + ("o" if gender == "m" else "a") + ("s" if number == "p" else "")


def _number_of(phrase: str) -> Number:
    words = _WORD.findall(phrase)
    return "p" if words and words[0].lower().endswith("s") else "s"


def _in_case_of(found: str, written: str) -> str:
    if found.isupper() and len(found) > 1:
        return written.upper()
    return written[:1].upper() + written[1:] if found[:1].isupper() else written
