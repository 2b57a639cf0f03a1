"""The Hunspell dictionary's word list, read in a fifth of the time spylls takes.

spylls reads the Spanish .dic in 0.7 s or so, making 70,000 word objects and
two indexes, in every process that checks a new word: most of a cold check.
A pickle of it is slower still (its affix rules are regular expressions,
compiled again on loading).  What pnp makes instead is the word list as plain
data: each stem's flags, and which stems share a lowercase form with a
capitalised one; the word objects are made only for the stems a lookup asks
for.  The affix file is still read by spylls, its 13,500 regular expressions
compiled only when a lookup first uses one (_affix_expressions_compiled_when_used).

A .dic of plain "stem/FLAGS" lines, as the bundled dictionaries are, is read
into that form in one pass of plain string work (`read_plain_dic`, 0.19 s);
any other is read by spylls.  Either way the word list is kept in the cache as
JSON for the next process, which reads it back in about 0.08 s: the check after
an edit that brings a new word (a typo fixed) waits for it.  spylls' reading is
kept only when it gives back exactly what spylls read (same words in the same
order, same indexes).  The entry is a verified one of pnp.cache, keyed by the
dictionary files' digest; a changed dictionary, another pnp version or a
damaged entry means reading the files again.
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterable, Iterator
from functools import cached_property
from itertools import chain
from pathlib import Path
from typing import Any, cast

from spylls.hunspell import Dictionary
from spylls.hunspell.algo.capitalization import Type
from spylls.hunspell.algo.lookup import Lookup
from spylls.hunspell.algo.suggest import Suggest
from spylls.hunspell.data import aff as spylls_aff
from spylls.hunspell.data.aff import Aff
from spylls.hunspell.data.dic import Dic, Word
from spylls.hunspell.readers import read_aff, read_dic
from spylls.hunspell.readers.aff import Context
from spylls.hunspell.readers.file_reader import FileReader

from pnp.cache import Cache
from pnp.check.text.patterns import lazy

_COUNT = lazy(r"^\d+(\s+|$)")  # spylls' COUNT_REGEXP: the word count on the first line
_TAG = lazy(r"[ \t]\w{2}:")  # spylls' TAG_REGEXP: morphological data after the stem


def read_dictionary(path: Path, store: tuple[Cache, str] | None) -> Dictionary:
    """The dictionary at `path` (.aff and .dic), its word list from `store` (a cache and key) when kept there."""
    with _affix_expressions_compiled_when_used():
        aff, context = read_aff(FileReader(str(path) + ".aff"))
    if store is not None:
        cache, key = store
        stored = _from_json(aff, cache.get_json(key))
        if stored is not None:
            return _StoredDictionary(aff, stored)
    plain = read_plain_dic(path.with_name(path.name + ".dic"), aff, context)
    if plain is not None:  # no spylls word objects for 70,000 words: a lookup makes the few it needs
        if store is not None:
            with contextlib.suppress(OSError):  # the cache only saves time
                cache.put_json(key, plain)
        return _StoredDictionary(aff, _StoredDic(aff, plain["stems"], plain["capitals"]))
    dic = read_dic(FileReader(str(path) + ".dic", encoding=context.encoding), aff=aff, context=context)
    if store is not None:
        index = _index(aff, dic)
        if index is not None:
            with contextlib.suppress(OSError):  # the cache only saves time
                cache.put_json(key, index)
    return Dictionary(aff, dic)


def read_plain_dic(path: Path, aff: Aff, context: Context) -> dict[str, Any] | None:
    """The stored index of a .dic (what `_index` makes of spylls' reading), read in one pass
    without spylls' word objects; None for anything beyond plain "stem/FLAGS" lines (data tags,
    escapes, ignored characters, aliases, long flags), which spylls reads instead.

    Line by line as spylls' read_dic: a byte-order mark and blank lines skipped, the count on
    the first line skipped, the stem's casing guessed and lowered by the .aff's own rules.
    tests/test_speed.py compares the result with spylls' on the bundled dictionaries."""
    if aff.FLAG not in ("short", "UTF-8") or context.ignore or context.flag_synonyms:
        return None
    try:
        text = path.read_text(encoding=context.encoding, errors="surrogateescape")
    except (OSError, LookupError):
        return None
    if "\t" in text or "\\" in text or _TAG.search(text):  # data tags, escapes: spylls reads them
        return None
    stems: dict[str, list[str]] = {}
    lowered: dict[str, list[str]] = {}
    casing = aff.casing
    previous = None
    sorted_flags: dict[str, str] = {}  # a dictionary has a few hundred sets of flags
    for number, raw in enumerate(text.split("\n"), start=1):
        line = (raw.replace("\xef\xbb\xbf", "") if number == 1 else raw).strip()  # as spylls' reader
        if not line or (number == 1 and _COUNT.match(line)):
            continue
        if line.startswith("/"):
            return None
        stem, _, flags = line.partition("/")
        if "/" in flags:  # "a/B/": a stem with no flags
            stem, flags = line, ""
        entries = stems.get(stem)
        if entries is None:
            entries = stems[stem] = []
        elif stem != previous:
            return None  # one stem's entries apart: the stored order would differ from spylls'
        previous = stem
        if (written := sorted_flags.get(flags)) is None:
            written = sorted_flags[flags] = "".join(sorted(set(flags)))
        entries.append(written)
        if not stem.islower() and casing.guess(stem) != Type.NO:  # a lowercase stem guesses NO in every casing
            for lower in casing.lower(stem):
                if len(lower) != 1:  # one-letter keys are made when asked (_StoredDic._one_letter)
                    lowered.setdefault(lower, []).append(stem)
    capitals: dict[str, list[str]] = {}
    for lower, listed in lowered.items():
        capitals[lower] = list(dict.fromkeys(listed))
        if [stem for each in capitals[lower] for stem in [each] * len(stems[each])] != listed:
            return None
    return {"stems": stems, "capitals": capitals}


class _LazyPattern:
    """re.compile(source, flags) made at its first use: search, sub, finditer…"""

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int = 0) -> None:
        self._source, self._flags = source, flags
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:
            self._compiled = re.compile(self._source, self._flags)
        return getattr(self._compiled, name)


class _LazyRe:
    """The re module, but compile is _LazyPattern."""

    compile = _LazyPattern

    def __getattr__(self, name: str) -> Any:
        return getattr(re, name)


_SWAP = threading.Lock()


@contextlib.contextmanager
def _affix_expressions_compiled_when_used() -> Iterator[None]:
    """spylls compiles two regular expressions per affix rule as it reads the .aff: 13,500 for the
    Spanish one, 0.2 s, most of its reading, of which a check uses a few hundred.  While it reads, the
    module that makes the rules (and only that one) gets an re whose compile waits for the first use:
    each rule answers as before (spylls only calls its expressions' methods)."""
    with _SWAP:
        module = spylls_aff.re
        spylls_aff.re = _LazyRe()
        try:
            yield
        finally:
            spylls_aff.re = module


class _MadeAsRead:
    """A list made from `source` as far as it has been read, and read again from the start as often
    as asked: spylls only iterates over the homonyms it is given."""

    def __init__(self, source: Iterator[Word]) -> None:
        self._source: Iterator[Word] | None = source
        self._made: list[Word] = []
        self._lock = threading.Lock()  # the workbench checks in threads: one reads the source at a time

    def __iter__(self) -> Iterator[Word]:
        index = 0
        while True:
            if index >= len(self._made) and not self._read_one():
                return
            yield self._made[index]
            index += 1

    def _read_one(self) -> bool:
        """One more word made; False when the source is spent."""
        with self._lock:
            if self._source is None:
                return False
            word = next(self._source, None)
            if word is None:
                self._source = None
                return False
            self._made.append(word)
            return True


class _StoredDic(Dic):
    """spylls' word list, made from the stored index one stem at a time as lookups ask for it."""

    def __init__(self, aff: Aff, stems: dict[str, list[str]], capitals: dict[str, list[str]]) -> None:
        # not Dic.__init__: its words and indexes are what this class makes lazily
        self._aff = aff
        self._stems = stems
        self._capitals = capitals
        self._made: dict[str, list[Word]] = {}
        self._letters: dict[str, list[Word]] = {}

    def _of(self, stem: str) -> list[Word]:
        made = self._made.get(stem)
        if made is None:
            captype = self._aff.casing.guess(stem)
            made = [
                Word(stem=stem, flags=set(flags), data={}, captype=captype, alt_spellings=[])
                for flags in self._stems.get(stem, ())
            ]
            self._made[stem] = made
        return made

    def homonyms(self, stem: str, *, ignorecase: bool = False) -> list[Word]:
        if not ignorecase:
            return self._of(stem)
        if len(stem) == 1:  # see _one_letter
            return self._one_letter(stem)
        return [word for each in self._capitals.get(stem, ()) for word in self._of(each)]

    def _one_letter(self, letter: str) -> list[Word]:
        """spylls' lowercase index under a one-letter key, as Dic.append makes it: it files a word
        without capitals under each of its letters (it iterates the string), and a capitalised one
        under its lowercase forms.  Made as it is read: a lookup of one capital ("T" of "T abletopia",
        which the suggestions try) stops at the first word that makes a good form, and making the
        whole list would take every word of the dictionary (half a second)."""
        made = self._letters.get(letter)
        if made is None:
            made = self._letters[letter] = cast(list[Word], _MadeAsRead(self._filed_under(letter)))
        return made

    def _filed_under(self, letter: str) -> Iterator[Word]:
        """The words spylls files under `letter`, in its order: each word once per time it is filed."""
        for stem in self._stems:
            captype = self._aff.casing.guess(stem)  # the same for every homonym of the stem (_of)
            lowers = stem if captype == Type.NO else self._aff.casing.lower(stem)
            times = sum(1 for lower in lowers if lower == letter)
            if times:
                for word in self._of(stem):
                    for _ in range(times):
                        yield word

    @cached_property
    def words(self) -> list[Word]:  # the suggestions' n-gram pass reads them all
        return [word for stem in self._stems for word in self._of(stem)]

    def __repr__(self) -> str:
        return f"Dictionary(... {sum(len(f) for f in self._stems.values())} words, stored ...)"


class _StoredDictionary(Dictionary):
    """A spylls Dictionary whose suggester (which lists every word) is made only when asked for."""

    def __init__(self, aff: Aff, dic: Dic) -> None:
        self.aff = aff
        self.dic = dic
        self.lookuper = Lookup(aff, dic)

    @cached_property
    def suggester(self) -> Suggest:
        return Suggest(self.aff, self.dic, self.lookuper)


def _index(aff: Aff, dic: Dic) -> dict[str, Any] | None:
    """The JSON form of `dic`, or None when it would not give back exactly what spylls read
    (data tags, alternative spellings, flags of more than one character, split homonyms)."""
    if aff.FLAG not in ("short", "UTF-8"):  # flags of two characters or numbers: not joined as a string
        return None
    stems: dict[str, list[str]] = {}
    for word in dic.words:
        if word.data or word.alt_spellings:
            return None
        stems.setdefault(word.stem, []).append("".join(sorted(word.flags)))
    order = [stem for stem, flags in stems.items() for _ in flags]
    if order != [word.stem for word in dic.words]:  # one stem's entries apart: the order would change
        return None
    capitals: dict[str, list[str]] = {}
    for lower, words in dic.lowercase_index.items():
        if len(lower) == 1:  # made by going through every word (_StoredDic._one_letter)
            continue
        capitals[lower] = list(dict.fromkeys(word.stem for word in words))
        again = [w.stem for s in capitals[lower] for w in dic.index[s]]
        if again != [word.stem for word in words]:
            return None
    return {"stems": stems, "capitals": capitals}


def _from_json(aff: Aff, stored: dict[str, Any]) -> _StoredDic | None:
    """The word list of a stored index, or None when it is not one."""
    stems, capitals = stored.get("stems"), stored.get("capitals")
    if not (isinstance(stems, dict) and isinstance(capitals, dict)):
        return None
    if not (_lists_of_strings(stems.values()) and _lists_of_strings(capitals.values())):
        return None
    return _StoredDic(aff, stems, capitals)


def _lists_of_strings(values: Iterable[object]) -> bool:
    """Every value a list of strings, judged by the set of their types: 70,000 values in a few
    milliseconds, where a test of each in Python would take as long as reading the .dic again."""
    values = list(values)
    return set(map(type, values)) <= {list} and set(map(type, chain.from_iterable(values))) <= {str}  # type: ignore[arg-type]
