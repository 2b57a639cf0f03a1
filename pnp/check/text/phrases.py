"""Finding glossary phrases in card text in linear time: tokenise once, then compare token sequences.

A glossary is written by strangers, so a term must never become a regular
expression: a term like "- - - - z" compiled to nested `\\s*\\s+` groups takes
seconds per dash against a text of dashes.  Here a text is split once into
tokens (runs of word characters, and single other characters), and a phrase is
a sequence of steps that each compare one token: a word in any of its forms
(forms.py), or one punctuation character.  Between two steps the phrase says
whether the text may, must or must not have a space, exactly as it is written:
"Sr. Universo" needs the space, "Mr.Universe" may have none after the dot.

The work is (tokens in the text) x (phrases that can start at a token), and the
phrases that can start at a token are found by a dictionary look-up of the
token, so a glossary of thousands of terms costs no more per token than one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache, lru_cache
from typing import NamedTuple

from pnp.check.text.forms import CLITICS, WordForms, fold, word_forms
from pnp.check.text.patterns import lazy

_PIECE = lazy(r"(\w+)|(\s+)|(.)", re.UNICODE)
_TOKEN = lazy(r"(\w+)|\S")
_TOKEN_TEXT = lazy(r"\w+|\S")  # the texts of _TOKEN's tokens, in one call
_APOSTROPHES = frozenset("'’")
_MEMO = 1 << 12


class Gap(Enum):
    NONE = "none"  # "Sr." : the dot follows the word directly
    OPTIONAL = "optional"  # after punctuation, a space may follow or not
    REQUIRED = "required"  # the phrase has a space here


@dataclass(frozen=True)
class Step:
    gap: Gap  # what may stand between the previous token and this one
    word: WordForms | None  # a word in one of its forms, or
    char: str | None  # one punctuation character


class Token(NamedTuple):  # a tuple: a text has hundreds, made in a tenth of a frozen dataclass's time
    start: int
    end: int
    text: str
    spaced: bool  # whitespace stands before it
    is_word: bool  # a run of word characters, not one punctuation character


@dataclass(frozen=True)
class Match:
    index: int  # which phrase, in the order given
    start: int
    end: int


@cache
def compile_phrase(phrase: str, language: str) -> tuple[Step, ...]:
    steps: list[Step] = []
    spaced = False
    for word, space, other in _PIECE.findall(phrase.strip()):
        if space:
            spaced = True
            continue
        if not steps:
            gap = Gap.NONE
        elif spaced:
            gap = Gap.REQUIRED
        else:
            gap = Gap.OPTIONAL if steps[-1].char is not None else Gap.NONE
        spaced = False
        if word:
            steps.append(Step(gap, word_forms(word, language), None))
        else:
            steps.append(Step(gap, None, fold(other)))
    return tuple(steps)


@lru_cache(maxsize=1024)  # every term's matcher reads the same text in turn: it is split once
def tokenise(folded: str) -> tuple[Token, ...]:
    tokens = []
    previous_end = 0
    for m in _TOKEN.finditer(folded):
        tokens.append(Token(m.start(), m.end(), m.group(), m.start() > previous_end, m.group(1) is not None))
        previous_end = m.end()
    return tuple(tokens)


@lru_cache(maxsize=1024)
def _starts(folded: str) -> frozenset[str]:
    """Every key a phrase's first step may have to start in the text: a matcher none of whose phrases starts
    with one of them finds nothing there, without walking the text (a glossary checks each term in turn)."""
    return frozenset(stem for token in set(_TOKEN_TEXT.findall(folded)) for stem in _stems(token))


@lru_cache(maxsize=1 << 16)  # texts repeat their words: each is taken apart once
def _stems(token: str) -> frozenset[str]:
    """The token, and the token without one or two enclitic pronouns ("colocándoselo" -> "colocando")."""
    stems = {token}
    for _ in range(2):
        stems |= {s[: -len(c)] for s in stems for c in CLITICS if s.endswith(c) and len(s) > len(c)}
    return frozenset(stems)


def _word_matches(forms: WordForms, token: str) -> bool:
    if token in forms.forms:
        return True
    return forms.clitics and any(stem in forms.forms for stem in _stems(token))


class PhraseMatcher:
    """Many phrases of one language, matched against folded text."""

    def __init__(self, phrases: Sequence[str], language: str) -> None:
        self.steps = [compile_phrase(p, language) for p in phrases]
        self._by_first: dict[str, list[int]] = {}
        self._by_token: dict[str, list[int]] = {}  # _candidates' answers: texts repeat their words
        for index, steps in enumerate(self.steps):
            if not steps:
                continue
            first = steps[0]
            keys = first.word.forms if first.word is not None else {first.char or ""}
            for key in keys:
                self._by_first.setdefault(key, []).append(index)

    def _candidates(self, token: str) -> list[int]:
        candidates = self._by_token.get(token)
        if candidates is None:
            found: set[int] = set()
            for key in _stems(token):
                found.update(self._by_first.get(key, ()))
            if len(self._by_token) >= _MEMO:  # a matcher kept for the process (phrase_matcher) stays small
                self._by_token.clear()
            candidates = self._by_token[token] = sorted(found)
        return candidates

    def _match_at(self, steps: tuple[Step, ...], tokens: Sequence[Token], at: int) -> int | None:
        """The index of the token after the phrase when it matches at tokens[at], or None."""
        position = at
        for n, step in enumerate(steps):
            if position >= len(tokens):
                return None
            token = tokens[position]
            if n > 0 and ((step.gap is Gap.REQUIRED and not token.spaced) or (step.gap is Gap.NONE and token.spaced)):
                return None
            if step.word is not None:
                if not token.is_word or not _word_matches(step.word, token.text):
                    return None
                position += 1
                if step.word.possessive and _possessive_at(tokens, position):
                    position += 2
            else:
                if token.text != step.char:
                    return None
                if n == 0 and at > 0 and not token.spaced and tokens[at - 1].is_word:
                    return None  # like a regex's (?<!\w) before a leading dash
                position += 1
        if steps[-1].char is not None and position < len(tokens):
            following = tokens[position]
            if following.is_word and not following.spaced:
                return None  # like (?!\w) after a trailing dash
        return position

    def finditer(self, folded: str) -> list[Match]:
        """Leftmost matches that do not overlap; at one place the first phrase given wins."""
        return list(self._matches(folded))

    def _matches(self, folded: str) -> Iterator[Match]:
        if self._by_first.keys().isdisjoint(_starts(folded)):
            return
        tokens = tokenise(folded)
        at = 0
        while at < len(tokens):
            for index in self._candidates(tokens[at].text):
                after = self._match_at(self.steps[index], tokens, at)
                if after is not None:
                    yield Match(index, tokens[at].start, tokens[after - 1].end)
                    at = after
                    break
            else:
                at += 1

    def first_of_each(self, folded: str) -> dict[int, Match]:
        """Each phrase that occurs, with its first occurrence (phrases may overlap one another)."""
        if self._by_first.keys().isdisjoint(_starts(folded)):
            return {}
        tokens = tokenise(folded)
        found: dict[int, Match] = {}
        for at, token in enumerate(tokens):
            for index in self._candidates(token.text):
                if index in found:
                    continue
                after = self._match_at(self.steps[index], tokens, at)
                if after is not None:
                    found[index] = Match(index, token.start, tokens[after - 1].end)
        return found

    def all_of_each(self, folded: str) -> dict[int, list[Match]]:
        """Each phrase that occurs, with every occurrence (phrases may overlap one another)."""
        if self._by_first.keys().isdisjoint(_starts(folded)):
            return {}
        tokens = tokenise(folded)
        found: dict[int, list[Match]] = {}
        for at, token in enumerate(tokens):
            for index in self._candidates(token.text):
                after = self._match_at(self.steps[index], tokens, at)
                if after is not None:
                    found.setdefault(index, []).append(Match(index, token.start, tokens[after - 1].end))
        return found

    def search(self, folded: str) -> Match | None:
        """The first of finditer's matches, found without looking further."""
        return next(self._matches(folded), None)

    def fullmatch(self, folded: str) -> Match | None:
        """A phrase that is the whole text."""
        tokens = tokenise(folded)
        if not tokens or tokens[0].start != 0:
            return None
        for index in self._candidates(tokens[0].text):
            after = self._match_at(self.steps[index], tokens, 0)
            if after == len(tokens) and tokens[-1].end == len(folded):
                return Match(index, 0, len(folded))
        return None


def _possessive_at(tokens: Sequence[Token], position: int) -> bool:
    """ "'s" right after a word: Universe's."""
    return (
        position + 1 < len(tokens)
        and tokens[position].text in _APOSTROPHES
        and not tokens[position].spaced
        and tokens[position + 1].text == "s"
        and not tokens[position + 1].spaced
    )


@lru_cache(maxsize=8192)
def phrase_matcher(phrase: str, language: str) -> PhraseMatcher:
    """One phrase's matcher, built once."""
    return PhraseMatcher([phrase], language)
