"""The dictionaries: Hunspell's Spanish, read with spylls, and an English word list.

Both ship in pnp/data (see the README there for their source and licence), so
checking works offline right after `pip install`.  spylls reads the Spanish
dictionary in 0.6 s or so, so it is read once per process and only when a
Spanish text is checked; every answer is kept per word.

The dictionary is also the morphology the accent rules need: spylls tells how
a word is made, stem and affixes, and the Spanish affix classes tell verbs
from the rest: "limite" is only limitar with a conjugation suffix, "límite" a
noun; "portate" is portar with a suffix that attaches a pronoun (the voseo
imperative).  Why not a tagger: spaCy's and Stanza's Spanish models are
hundreds of megabytes fetched at run time (no network here, nor for many
users), and NLTK's taggers need a trained model too; the dictionary pnp
already ships answers the few questions the rules ask, offline.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.check.text.patterns import lazy

if TYPE_CHECKING:
    from pnp.cache import Cache

_DATA = files("pnp") / "data"

# Hunspell's Spanish dictionary lists enclitic forms for some verbs only
# (colócalo, but not barájalo or descártala): those are derived here.
_CLITIC_END = lazy(r"(me|te|se|nos|os|lo|la|los|las|le|les)$")
_STRESS = str.maketrans("áéíóú", "aeiou")
_ADD_STRESS = str.maketrans("aeiou", "áéíóú")
_CLITICS = ("me", "te", "se", "nos", "os", "lo", "la", "los", "las", "le", "les")  # _CLITIC_END's endings
_STRESSED = frozenset("áéíóú")
_PRONOUN_SUFFIX = lazy(r"(me|te|se|nos|os|lo|la|los|las|le|les)$")


def _suffix_classes(suffixes: dict[str, list[Any]]) -> tuple[frozenset[str], frozenset[str]]:
    """(verb flags, pronoun flags) of the Spanish affix file: a verb class turns infinitives (-ar, -er,
    -ir) into other forms; a pronoun class's every ending attaches a pronoun (-ate, -ándote, -os)."""
    verb, pronoun = set(), set()
    for flag, rules in suffixes.items():
        infinitive = [rule for rule in rules if rule.strip.endswith("r") and rule.condition.endswith("r")]
        if rules and len(infinitive) * 2 > len(rules):  # most of its endings replace an infinitive's -r
            verb.add(flag)
            if all(_PRONOUN_SUFFIX.search(rule.add) for rule in rules):
                pronoun.add(flag)
    return frozenset(verb), frozenset(pronoun)


@dataclass(frozen=True)
class Reading:
    """One way the dictionary makes a word: its stem, whether it is a verb form, and whether the suffix
    attaches pronouns (portate: portar + te)."""

    stem: str
    verb: bool
    pronouns: bool


class Speller:
    """Does a dictionary know a word, and how is it made?  Cached per word.

    The dictionary is read at the first question: a check that finds every
    card in its cache (pnp.check.cached) never reads it.  Its answers are kept
    beside the check's cache (`answers`, `recall`): reading the dictionary
    takes longer than checking a card, and a pickle of it longer still, so a
    check after an edit whose words were all judged before never reads it.  When a new word
    does need it, its word list is read straight from the .dic, or from the same cache for a
    dictionary spylls must read (stored_dictionary)."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._read: Any = None
        self._known: dict[str, bool] = {}
        self._suggested: dict[str, list[str]] = {}
        self._readings: dict[str, tuple[Reading, ...]] = {}
        self._accents: dict[str, str | None] = {}
        self._store: tuple[Cache, str] | None = None

    def keep_in(self, cache: Cache) -> None:
        """Read the word list from `cache` when kept there, and keep it there when read from the files."""
        self._store = (cache, cache.key("hunspell-words", self._path.name, self.digest()))

    def digest(self) -> str:
        """The dictionary files' digest: answers kept for other files are not recalled."""
        digest = hashlib.sha256()
        for suffix in (".aff", ".dic"):
            digest.update(Path(str(self._path) + suffix).read_bytes())
        extra = _extra_path(self._path)
        digest.update(extra.read_bytes() if extra.is_file() else b"")
        return digest.hexdigest()

    @cached_property
    def _extra(self) -> frozenset[str]:
        """Words of the language the dictionary lacks (pnp/data/lexicon/<name>_extra.txt), lowercase."""
        extra = _extra_path(self._path)
        if not extra.is_file():
            return frozenset()
        lines = extra.read_text(encoding="utf-8").splitlines()
        return frozenset(line.strip().casefold() for line in lines if line.strip() and not line.startswith("#"))

    def answers(self) -> dict[str, Any]:
        """Every answer given so far, as JSON data."""
        return {
            "known": self._known,
            "suggested": self._suggested,
            "readings": {w: [[r.stem, r.verb, r.pronouns] for r in found] for w, found in self._readings.items()},
            "accents": self._accents,
        }

    def recall(self, answers: dict[str, Any]) -> None:
        """Take the answers of an earlier run (`answers`); malformed ones are ignored."""
        try:
            known = {str(w): bool(v) for w, v in answers["known"].items()}
            suggested = {str(w): [str(g) for g in v] for w, v in answers["suggested"].items()}
            readings = {
                str(w): tuple(Reading(str(s), bool(v), bool(p)) for s, v, p in found)
                for w, found in answers["readings"].items()
            }
            accents = {str(w): None if v is None else str(v) for w, v in answers["accents"].items()}
        except (KeyError, TypeError, ValueError, AttributeError):
            return
        self._known |= known
        self._suggested |= suggested
        self._readings |= readings
        self._accents |= accents

    def load(self) -> None:
        """Read the dictionary now (`pnp build --watch`: once, before the rebuilds whose checks,
        forked from this process, then find it read)."""
        self._dictionary  # noqa: B018 - the property reads it

    @property
    def _dictionary(self) -> Any:
        if self._read is None:
            from pnp.check.text.stored_dictionary import read_dictionary

            self._read = read_dictionary(self._path, self._store)
            self._verb_flags, self._pronoun_flags = _suffix_classes(self._read.aff.SFX)
        return self._read

    def readings(self, word: str) -> tuple[Reading, ...]:
        """Every way the dictionary makes the word (none for a word it does not know as written)."""
        if word not in self._readings:
            found = []
            lookuper = self._dictionary.lookuper  # reads the dictionary and its verb flags when first needed
            for form in lookuper.good_forms(word):
                if not hasattr(form, "stem"):  # a compound: no morphology to read
                    continue
                entry = form.in_dictionary
                stem_flags = entry.flags if entry is not None else set()
                suffixes = [sfx.flag for sfx in (form.suffix, form.suffix2) if sfx is not None]
                verb = bool(stem_flags & self._verb_flags) and (
                    any(f in self._verb_flags for f in suffixes) or not suffixes
                )
                pronouns = any(f in self._pronoun_flags for f in suffixes)
                found.append(Reading(form.stem, verb, pronouns))
            self._readings[word] = tuple(dict.fromkeys(found))
        return self._readings[word]

    def only_verb(self, word: str) -> bool:
        """The dictionary knows the word, and only as a form of a verb ("limite", not "turno")."""
        readings = self.readings(word)
        return bool(readings) and all(r.verb for r in readings)

    def not_verb(self, word: str) -> bool:
        """The dictionary knows the word as something other than a verb form ("límite", "turno")."""
        return any(not r.verb for r in self.readings(word))

    def pronoun_accent(self, word: str) -> str | None:
        """The word with the accent its attached pronouns need, when it lacks it: "Portate" -> "Pórtate",
        "damelo" -> "dámelo", "descartala" -> "descártala"; None when the word is right or no such form.

        Only a word the dictionary does not know, or knows only with a pronoun suffix (the voseo
        imperative "portate"), is a candidate: "colocase" is a subjunctive, "gemela" a noun."""
        lower = word.lower()
        if not lower.endswith(_CLITICS) or not _STRESSED.isdisjoint(lower):  # most words: not asked, not kept
            return None
        if word not in self._accents:
            self._accents[word] = self._pronoun_accent(word, lower)
        return self._accents[word]

    def _pronoun_accent(self, word: str, lower: str) -> str | None:
        readings = self.readings(lower)
        if readings and not all(r.pronouns for r in readings):
            return None
        stem, pronouns = lower, 0
        while pronouns < 2 and (match := _CLITIC_END.search(stem)) and len(stem) - len(match.group()) >= 2:
            stem, pronouns = stem[: match.start()], pronouns + 1
            nuclei = _nuclei(stem)
            if not nuclei or not self._dictionary.lookup(stem):  # "calculos" is no "calcu" + los
                continue
            llana = stem[-1] in "aeiou" and len(nuclei) >= 2
            if pronouns + (2 if llana else 1) < 3:
                continue
            start, end = nuclei[-2] if llana else nuclei[-1]
            at = _stressed_vowel(stem, start, end)
            accented = lower[:at] + lower[at].translate(_ADD_STRESS) + lower[at + 1 :]
            if self.knows(accented):
                return _in_case_of(word, accented)
        return None

    def oxytone_imperative_with_pronouns(self, word: str) -> bool:
        """An imperative stressed on its last syllable, its accent dropped as its pronouns attach:
        "detenlo" of "detén", "mantenla" of "mantén", "proponlo" of "propón" (the dictionary lists the
        imperative alone, and not as a verb's form)."""
        # one pronoun only: with two the stress falls third from the end, and takes its accent ("deténselo")
        match = _CLITIC_END.search(word.lower())
        stem = word.lower()[: match.start()] if match else ""
        if not stem.endswith("n") or len(stem) < 3 or not _STRESSED.isdisjoint(stem):
            return False
        vowel = max(stem.rfind(v) for v in "aeiou")
        accented = stem[:vowel] + stem[vowel].translate(_ADD_STRESS) + stem[vowel + 1 :]
        # the imperative of a verb in -tener, -poner, -venir: "detén" of "detener"
        return vowel >= 0 and self.knows(accented) and (self.knows(stem + "er") or self.knows(stem + "ir"))

    def knows(self, word: str) -> bool:
        known = self._known.get(word)
        if known is None:
            known = self._known[word] = self._lookup(word)
        return known

    def _lookup(self, word: str) -> bool:
        if self._dictionary.lookup(word) or word.casefold() in self._extra:
            return True
        if "-" in word:
            return all(self.knows(part) for part in word.split("-") if part)
        return self._with_clitics(word) or self._agent_noun(word)

    def _agent_noun(self, word: str) -> bool:
        """A noun of who does what a verb says, in either gender and number, made from a verb the
        dictionary knows: remendar -> remendador, remendadora; vender -> vendedoras.  The dictionary
        lists only the common ones, and a card names the role its game invents ("Remendadora")."""
        match = _AGENT_NOUN.fullmatch(word.lower())
        if match is None:
            return False
        root, vowel = match.groups()
        return any(reading.verb for reading in self.readings(root + vowel + "r"))  # not hogar -> "hogadora"

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
            # descarta, descartando, descarten (a word in -n or -s stresses the one before last too); not
            # dar, pon
            llana = plain[-1] in "aeiouns" and len(nuclei) >= 2
            start, end = nuclei[-2] if llana else nuclei[-1]
            if pronouns + (2 if llana else 1) < 3:
                if not accents:
                    return True
            elif accents and accents[0] == _stressed_vowel(plain, start, end):
                return True
        return False

    def suggest(self, word: str) -> str | None:
        """The best correction, or None: the first of `suggestions`."""
        found = self.suggestions(word)
        return found[0] if found else None

    def suggestions(self, word: str) -> list[str]:
        """Corrections, best first, at most MAX_SUGGESTIONS, from a bounded number of edits of the word.

        The slips Spanish writers make come first: one accent (descartalo), then
        the letters Spanish spells alike, b/v, c/z/s, g/j, ll/y, a silent h, x/s,
        n/m before b and p, r/rr, i/y (recive: recibe, not recave), one or two of
        them with an accent; then one letter too many or two letters swapped
        (judged as the words of a text are: "descártalo"); then Hunspell's edits,
        in at most MAX_LOOKUPS look-ups in all: its REP table, two words run
        together, a letter forgotten, moved or wrong.  Not Hunspell's own
        suggest, which also tries every accent pattern of the word at once (3 **
        12 spellings of "AAAAAAAAAAAA": two minutes) and compares it with every
        word of the dictionary.  A word of more than MAX_SUGGEST_LETTERS letters,
        or with a letter three times in a row ("Aaaargh"), gets none: it is a
        shout or a typing accident, not a slip of one letter."""
        if word not in self._suggested:
            self._suggested[word] = self._suggest(word)
        return self._suggested[word]

    def _suggest(self, word: str) -> list[str]:
        if len(word) > MAX_SUGGEST_LETTERS or _TRIPLED.search(word.casefold()):
            return []
        found: list[str] = []
        lookups = 0

        def take(candidate: str) -> bool:
            """Whether to stop: enough found, or the look-ups spent."""
            nonlocal lookups
            if candidate == word or candidate in found:
                return False
            lookups += 1
            if self._lookup(candidate):
                found.append(candidate)
            return len(found) >= MAX_SUGGESTIONS or lookups > MAX_LOOKUPS

        for stage in (_accents(word), _confused(word), _near(word)):
            for near in stage:
                if take(near):
                    return found
            if found:  # a later stage is a worse kind of slip: never ranked before an earlier one's answer
                return found
        for candidate in self._edits(word):
            parts = candidate if isinstance(candidate, list) else [candidate]
            for part in parts:
                lookups += 1
                if lookups > MAX_LOOKUPS:
                    return found
                if not self._dictionary.lookup(part):
                    break
            else:
                joined = " ".join(parts)
                if joined != word and joined not in found:
                    found.append(joined)
                    if len(found) >= MAX_SUGGESTIONS:
                        break
        return found

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
MAX_SUGGESTIONS = 3
MAX_LOOKUPS = 1000  # for one correction: 0.4 s at most, 0.1 s or less for most words
_TRIPLED = lazy(r"(\w)\1\1")


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


def _accents(word: str) -> Iterator[str]:
    """The word with one accent or tilde added, moved off or removed: ocasion -> ocasión."""
    for i, char in enumerate(word):
        for other in _ACCENTED.get(char, ""):
            yield word[:i] + other + word[i + 1 :]


def _near(word: str) -> Iterator[str]:
    for i in range(len(word)):
        yield word[:i] + word[i + 1 :]
    for i in range(len(word) - 1):
        yield word[:i] + word[i + 1] + word[i] + word[i + 2 :]


# Letters Spanish spells alike, as (pattern, replacement) on lowercase text, most common first.
# fmt: off
_CONFUSIONS = (
    ("b", "v"), ("v", "b"),
    ("c(?=[ei])", "z"), ("z", "c"), ("s", "c"), ("c(?=[ei])", "s"), ("z", "s"), ("s", "z"),
    ("g(?=[ei])", "j"), ("j(?=[ei])", "g"),
    ("ll", "y"), ("y", "ll"),
    ("h", ""), ("(?<![a-zñ])(?=[aeiouáéíóú])", "h"), ("(?<=[aeiouáéíóú])(?=[aeiouáéíóú])", "h"),
    ("s(?=[cpt])", "x"), ("x", "s"), ("x(?=[eiéí])", "xc"),
    ("n(?=[bp])", "m"), ("m(?![bp])", "n"),
    ("(?<=[aeiou])r(?=[aeiou])", "rr"), ("rr", "r"),
    ("i$", "y"), ("y$", "i"),
)
# fmt: on
_CONFUSION_PATTERNS = tuple((re.compile(pattern), written) for pattern, written in _CONFUSIONS)


def _confused(word: str) -> Iterator[str]:
    """The word with one of the letters Spanish spells alike changed (recive -> recibe), then with one of
    them and an accent (ocacion -> ocasión), then with two of them (hiva -> iba), in the word's case."""
    lower = word.lower()
    once = list(dict.fromkeys(_one_confusion(lower)))
    yield from (_in_case_of(word, c) for c in once)
    for candidate in once:
        yield from (_in_case_of(word, c) for c in _accents(candidate))
    for candidate in once:
        yield from (_in_case_of(word, c) for c in _one_confusion(candidate))


def _one_confusion(lower: str) -> Iterator[str]:
    for pattern, written in _CONFUSION_PATTERNS:
        for match in pattern.finditer(lower):
            yield lower[: match.start()] + written + lower[match.end() :]


def _in_case_of(word: str, lower: str) -> str:
    if word.isupper() and len(word) > 1:
        return lower.upper()
    return lower[:1].upper() + lower[1:] if word[:1].isupper() else lower


_AGENT_NOUN = lazy(r"(\w{2,}?)([aei])dor(?:a|es|as)?")  # remend-a-dora: the verb is remend-a-r


def _extra_path(path: Path) -> Path:
    return Path(str(_DATA / "lexicon" / f"{path.name}_extra.txt"))  # the package is files on disk, as the .dic is


_DICTIONARIES = {"es": "es_ES"}  # language -> Hunspell files in data/hunspell; "es-MX" reads "es" too


def dictionaries() -> list[str]:
    """The languages pnp spell-checks."""
    return sorted(_DICTIONARIES)


def speller(language: str) -> Speller | None:
    """The speller for a language code ("es", "es-MX"), or None when pnp has no dictionary for it."""
    name = _DICTIONARIES.get(language.split("-")[0])
    return None if name is None else _speller(name)


_SPELLERS: dict[str, Speller] = {}


def spellers() -> dict[str, Speller]:
    """Every dictionary's speller, by the name of its files."""
    return {name: _speller(name) for name in sorted(set(_DICTIONARIES.values()))}


def _speller(name: str) -> Speller:
    if name not in _SPELLERS:
        _SPELLERS[name] = Speller(Path(str(_DATA / "hunspell" / name)))
    return _SPELLERS[name]


@cache
def english_words() -> frozenset[str]:
    """Common English words, lowercase (SCOWL size 50, the list Debian ships as wamerican)."""
    return frozenset((_DATA / "wordlists" / "en_US.txt").read_text(encoding="utf-8").split())
