"""Pyphen's hyphenation dictionary, read as pyphen reads it, each pattern parsed on first use.

Pyphen parses every pattern of a dictionary when it opens it: 6,000 for Spanish, some 50 ms
in every process that hyphenates a word (a rebuild after one edit fits that card's text).
A word looks up only the patterns that are pieces of it, so here each line is only keyed by
its letters (what pyphen looks patterns up by: the line without its digits, dropped from a
UTF-8 file's bytes at once) and its digits are read the first time a word looks it up, with
pyphen's own code: the same patterns, the same points; 6 ms instead of 50.  A
dictionary with what this does not read alike (nonstandard hyphenation, "ff=f") is read
by pyphen.  tests/test_hyphen_patterns.py holds every dictionary the languages pnp prints
equal to pyphen's.
"""

from __future__ import annotations

import codecs
from pathlib import Path
from typing import Any

import pyphen

_DIGITS = str.maketrans("", "", "0123456789")
_ZEROS = str.maketrans("", "", "0")


class LazyPatterns(dict[str, Any]):
    """Pyphen's patterns by their letters: each one's (offset, values) worked out when first asked."""

    def get(self, key: str, default: Any = None) -> Any:
        value = dict.get(self, key)
        if type(value) is str:
            value = self[key] = _parsed(value)
        return default if value is None else value

    def __getitem__(self, key: str) -> Any:
        value = dict.__getitem__(self, key)
        if type(value) is str:
            value = _parsed(value)
            dict.__setitem__(self, key, value)
        return value


def _parsed(pattern: str) -> tuple[int, tuple[int, ...]]:
    """What pyphen.HyphDict makes of a pattern line (one with a digit other than 0)."""
    _tags, values = zip(*[(string, int(i or "0")) for i, string in pyphen.parse(pattern)], strict=True)
    start, end = 0, len(values)
    while not values[start]:
        start += 1
    while not values[end - 1]:
        end -= 1
    return start, values[start:end]


def lazy_dictionary(path: Path) -> pyphen.HyphDict | None:
    """The dictionary at `path` as pyphen.HyphDict holds it, its patterns parsed when first used;
    None when it has a pattern read otherwise (then pyphen reads it)."""
    with path.open("rb") as fd:
        encoding = fd.readline().decode()  # as pyphen reads it, line end and all
    if encoding.lower() == "microsoft-cp1251":
        encoding = "cp1251"
    data = path.read_bytes()
    patterns: LazyPatterns | None
    plain = b"\r" not in data and b"^^" not in data and not _nonstandard(data)
    if plain and codecs.lookup(encoding).name == "utf-8":
        patterns = _utf8_patterns(data.partition(b"\n")[2])
    else:
        patterns = _patterns(path.read_text(encoding).split("\n")[1:])
    if not patterns:
        return None
    dictionary = pyphen.HyphDict.__new__(pyphen.HyphDict)
    dictionary.patterns = patterns
    dictionary.cache = {}
    dictionary.maxlen = max(len(key) for key in patterns)
    return dictionary


def _nonstandard(data: bytes) -> bool:
    """Whether a line may be nonstandard hyphenation ("c1f/ff=f,1,2"), a comment's URL too."""
    return b"/" in data and any(b"=" in line for line in data.split(b"\n") if b"/" in line)


def _patterns(lines: list[str]) -> LazyPatterns | None:
    """The lines' patterns by their letters, read line by line as pyphen reads them."""
    patterns = LazyPatterns()
    for line in lines:
        pattern = line.strip()
        if not pattern or pattern.startswith(pyphen.ignored):
            continue
        if "^^" in pattern:  # a character written as ^^hh
            pattern = pyphen.parse_hex(lambda match: chr(int(match.group(1), 16)), pattern)
        if "/" in pattern and "=" in pattern:
            return None  # nonstandard hyphenation: its values carry more than a number
        letters = pattern.translate(_DIGITS)
        if letters == pattern.translate(_ZEROS):
            continue  # no digit but 0: pyphen skips it
        patterns[letters] = pattern
    return patterns


def _utf8_patterns(body: bytes) -> LazyPatterns:
    """_patterns of UTF-8 lines with no ^^hh, no nonstandard hyphenation and no carriage return: the
    digits dropped from all of them at once (no UTF-8 sequence holds an ASCII digit's byte), twice
    as fast as line by line."""
    lines = body.decode("utf-8").split("\n")
    letters = body.translate(None, b"0123456789").decode("utf-8").split("\n")
    zeros = body.translate(None, b"0").decode("utf-8").split("\n")
    patterns = LazyPatterns()
    for line, without_digits, without_zeros in zip(lines, letters, zeros, strict=True):
        if without_digits != without_zeros:  # a digit other than 0: the others pyphen skips
            pattern = line.strip()
            if not pattern.startswith(pyphen.ignored):
                patterns[without_digits.strip()] = pattern
    return patterns


def hyphenation(language: str) -> pyphen.Pyphen:
    """pyphen.Pyphen(lang=language), its dictionary read lazily the first time a process opens it."""
    try:
        path = pyphen.LANGUAGES[pyphen.language_fallback(language)]
        if path not in pyphen.hdcache:
            dictionary = lazy_dictionary(path)
            if dictionary is not None:
                pyphen.hdcache[path] = dictionary
    except (AttributeError, KeyError, TypeError, ValueError, OSError):
        # a pyphen whose insides changed, or a name it does not know: pyphen reads its dictionary itself
        pass
    return pyphen.Pyphen(lang=language)
