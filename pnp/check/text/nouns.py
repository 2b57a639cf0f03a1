"""Facts about Spanish nouns that the glossary's gender needs: which terms are nouns, and el arma."""

from __future__ import annotations

import re

from pnp.check.text.lexicon import Speller
from pnp.model import Term

_ARTICLES = frozenset({"el", "la", "los", "las", "un", "una", "unos", "unas"})
_NOT_NOUNS = frozenset({"a", "al", "con", "de", "del", "en", "para", "por", "sin", "sobre", "y", "o", "si", "no"})


def unusable_gender(term: Term, checker: Speller | None) -> str | None:
    """Why a term's gender cannot drive agreement ("a verb", "a phrase"), or None when it can."""
    words = re.findall(r"\w+", term.target)
    if words and words[0].lower() in _ARTICLES:
        words = words[1:]
    if not words or words[0].lower() in _NOT_NOUNS:
        return "a phrase, not a noun"
    if checker is not None and checker.only_verb(words[0].lower()):
        return "a verb, not a noun"
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
