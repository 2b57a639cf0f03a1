"""The dictionaries: Hunspell's Spanish, read with spylls, and an English word list.

Both ship in pnp/data (see the README there for their source and licence), so
checking works offline right after `pip install`.  spylls reads the Spanish
dictionary in 0.6 s or so, so it is read once per process and only when a
Spanish text is checked; every answer is kept per word.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

_DATA = files("pnp") / "data"

# Hunspell's Spanish dictionary lists enclitic forms for some verbs only
# (colócalo, but not barájalo or descártala): those are derived here.
_CLITIC_END = re.compile(r"(me|te|se|nos|os|lo|la|los|las|le|les)$")
_STRESS = str.maketrans("áéíóú", "aeiou")


class Speller:
    """Does a dictionary know a word?  Cached per word; the dictionary is read at the first word not yet judged."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._read: Any = None
        self._known: dict[str, bool] = {}
        self._suggested: dict[str, str | None] = {}

    @property
    def _dictionary(self) -> Any:
        if self._read is None:
            from spylls.hunspell import Dictionary

            self._read = Dictionary.from_files(str(self._path))
        return self._read

    def knows(self, word: str) -> bool:
        known = self._known.get(word)
        if known is None:
            known = self._known[word] = self._lookup(word)
        return known

    def _lookup(self, word: str) -> bool:
        if self._dictionary.lookup(word):
            return True
        if "-" in word:
            return all(self.knows(part) for part in word.split("-") if part)
        return self._with_clitics(word)

    def _with_clitics(self, word: str) -> bool:
        """A verb form with one or two pronouns attached: barájalo, descártala, dárselo.

        The stem without its written accent must be a dictionary word, and the
        accent must be there exactly when the pronouns push the stress back to the
        third syllable from the end, on the vowel that carries the stress
        (muévela, not múevela)."""
        lower = word.lower()
        stem, pronouns = lower, 0
        while pronouns < 2 and (match := _CLITIC_END.search(stem)) and len(stem) - len(match.group()) >= 2:
            stem, pronouns = stem[: match.start()], pronouns + 1
            plain = stem.translate(_STRESS)
            accents = [i for i, c in enumerate(stem) if c in "áéíóú"]
            if len(accents) > 1 or not self._dictionary.lookup(plain):
                continue
            nuclei = _nuclei(plain)
            if not nuclei:
                continue
            llana = plain[-1] in "aeiou" and len(nuclei) >= 2  # descarta, descartando; not dar, pon
            start, end = nuclei[-2] if llana else nuclei[-1]
            if pronouns + (2 if llana else 1) < 3:
                if not accents:
                    return True
            elif accents and accents[0] == _stressed_vowel(plain, start, end):
                return True
        return False

    def suggest(self, word: str) -> str | None:
        """A correction, or None: the first dictionary word among a bounded number of edits of the word.

        One accent, one letter too many or two letters swapped first (judged as
        the words of a text are: "descártalo"); then Hunspell's edits, in at most
        MAX_LOOKUPS look-ups: its REP table, two words run together, a letter
        forgotten, moved or wrong.  Not Hunspell's own suggest, which also tries
        every accent pattern of the word at once (3 ** 12 spellings of
        "AAAAAAAAAAAA": two minutes) and compares it with every word of the
        dictionary.  A word of more than MAX_SUGGEST_LETTERS letters, or with a
        letter three times in a row ("Aaaargh"), gets none: it is a shout or a
        typing accident, not a slip of one letter."""
        if word not in self._suggested:
            self._suggested[word] = self._suggest(word)
        return self._suggested[word]

    def _suggest(self, word: str) -> str | None:
        if len(word) > MAX_SUGGEST_LETTERS or _TRIPLED.search(word.casefold()):
            return None
        lookups = 0
        for near in _near(word):  # a few dozen, judged as words of a text are: descártalo
            lookups += 1
            if near != word and self._lookup(near):
                return near
        for candidate in self._edits(word):
            parts = candidate if isinstance(candidate, list) else [candidate]
            for part in parts:
                lookups += 1
                if lookups > MAX_LOOKUPS:
                    return None
                if not self._dictionary.lookup(part):
                    break
            else:
                return " ".join(parts)
        return None

    def _edits(self, word: str) -> Iterator[str | list[str]]:
        from spylls.hunspell.algo import permutations as edits

        aff = self._dictionary.aff
        letters = "".join(dict.fromkeys(aff.TRY.upper() if word.isupper() else aff.TRY.lower()))
        yield from edits.replchars(word, aff.REP)
        yield from edits.twowords(word)  # "delmazo": before Hunspell's "pelmazo", as card texts run words together
        yield from edits.longswapchar(word)
        yield from edits.forgotchar(word, letters)
        yield from edits.movechar(word)
        yield from edits.badchar(word, letters)
        yield from edits.doubletwochars(word)


MAX_SUGGEST_LETTERS = 15
MAX_LOOKUPS = 1000  # for one correction: 0.4 s at most, 0.1 s or less for most words
_TRIPLED = re.compile(r"(\w)\1\1")


def _nuclei(word: str) -> list[tuple[int, int]]:
    """The vowel nuclei of an unaccented word, one per syllable: two of a, e, o are two syllables
    (le-e), a weak vowel joins its neighbour (re-suel-ve), the u of que, qui, gue, gui is silent."""
    spans: list[tuple[int, int]] = []
    for i, char in enumerate(word):
        if char not in "aeiouü" or (
            char == "u" and word[i - 1 : i] in ("q", "g") and word[i + 1 : i + 2] in ("e", "i")
        ):
            continue
        if spans and spans[-1][1] == i and not (char in "aeo" and word[i - 1] in "aeo"):
            spans[-1] = (spans[-1][0], i + 1)
        else:
            spans.append((i, i + 1))
    return spans


def _stressed_vowel(word: str, start: int, end: int) -> int:
    """Where a nucleus takes its written accent: on its strong vowel, or the second of two weak ones (cuídalo)."""
    strong = [i for i in range(start, end) if word[i] in "aeo"]
    return strong[0] if strong else end - 1


_ACCENTED = {"a": "á", "e": "é", "i": "í", "o": "ó", "u": "úü", "n": "ñ", "á": "a", "é": "e", "í": "i", "ó": "o"}
_ACCENTED |= {"ú": "u", "ü": "u", "ñ": "n"}


def _near(word: str) -> Iterator[str]:
    for i, char in enumerate(word):
        for other in _ACCENTED.get(char, ""):
            yield word[:i] + other + word[i + 1 :]
    for i in range(len(word)):
        yield word[:i] + word[i + 1 :]
    for i in range(len(word) - 1):
        yield word[:i] + word[i + 1] + word[i] + word[i + 2 :]


_DICTIONARIES = {"es": "es_ES"}  # language -> Hunspell files in data/hunspell; "es-MX" reads "es" too


def speller(language: str) -> Speller | None:
    """The speller for a language code ("es", "es-MX"), or None when pnp has no dictionary for it."""
    name = _DICTIONARIES.get(language.split("-")[0])
    return None if name is None else _speller(name)


_SPELLERS: dict[str, Speller] = {}


def _speller(name: str) -> Speller:
    if name not in _SPELLERS:
        _SPELLERS[name] = Speller(Path(str(_DATA / "hunspell" / name)))
    return _SPELLERS[name]


def known_verdicts() -> dict[str, dict[str, bool]]:
    """Every word judged so far, per dictionary: kept by the check cache (pnp.check.cached)."""
    return {name: dict(speller._known) for name, speller in _SPELLERS.items()}


def remember_verdicts(verdicts: object) -> None:
    """Words judged by an earlier run of the same pnp and dictionary: they need no dictionary now."""
    if not isinstance(verdicts, dict):
        return
    for name, words in verdicts.items():
        if name in _DICTIONARIES.values() and isinstance(words, dict):
            known = _speller(name)._known
            for word, verdict in words.items():
                if isinstance(word, str) and isinstance(verdict, bool):
                    known.setdefault(word, verdict)


@cache
def english_words() -> frozenset[str]:
    """Common English words, lowercase (SCOWL size 50, the list Debian ships as wamerican)."""
    return frozenset((_DATA / "wordlists" / "en_US.txt").read_text(encoding="utf-8").split())
