"""The parts of a rule's word list written as one expression ("for each|for every|per"): its
alternatives, and the literal letters each starts with, which gate a sentence with `in` before any
expression runs (most sentences say no word of most rules)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, cast


class _Lazy:
    """re.compile(source, flags) made at the first use of one of its methods, each then kept as its
    own attribute (as quick to call as the compiled expression's).  The text rules hold some 230
    expressions; a check of one edited card uses a tenth of them, and compiling them all on import
    cost every process that checks 30 ms."""

    def __init__(self, source: str, flags: int) -> None:
        self._source, self._flags = source, flags

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # copy, pickle and the like ask for what no expression has
            raise AttributeError(name)
        value = getattr(re.compile(self._source, self._flags), name)  # re keeps what it compiled
        setattr(self, name, value)
        return value


def lazy(source: str, flags: int = 0) -> re.Pattern[str]:
    """An expression compiled when first used: for a module's expressions, most texts need few."""
    return cast("re.Pattern[str]", _Lazy(source, flags))


_PLAIN_WORD = re.compile(r"[a-z]+")
_FIRST_SPECIAL = re.compile(r"[\\\[\](){}?*+.|^$]")


def alternatives(pattern: str) -> list[str]:
    """The alternatives of `pattern`, split where no group is open."""
    found, depth, start = [], 0, 0
    for index, char in enumerate(pattern):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "|" and depth == 0:
            found.append(pattern[start:index])
            start = index + 1
    return [*found, pattern[start:]]


def is_plain_word(alternative: str) -> bool:
    """An alternative that is one word of plain letters, which can be looked up among a sentence's words."""
    return _PLAIN_WORD.fullmatch(alternative.lower()) is not None


def literal_starts(pattern: str, plain: bool = True) -> tuple[str, ...]:
    """The literal start of each alternative of `pattern`, lowercase; without the plain words when
    `plain` is False (the caller looks those up among the sentence's words)."""
    starts = []
    for alternative in alternatives(pattern):
        if not plain and is_plain_word(alternative):
            continue
        cut = _FIRST_SPECIAL.search(alternative)
        literal = alternative if cut is None else alternative[: cut.start()]
        if cut is not None and cut.group() in "?*{":  # the letter before may be absent: "boca ?abajo"
            literal = literal[:-1]
        assert literal, pattern  # an alternative that opens with no letter would need no gate
        starts.append(literal.lower())
    return tuple(starts)


class Gates:
    """Which of many gates (literal lowercase strings) a folded text holds, in one pass of one
    expression instead of an `in` per gate: the expression finds each place where some gate starts,
    and only the gates that start with that letter are compared there, so every gate held is found."""

    def __init__(self, gates: Iterable[str]) -> None:
        gates = {gate for gate in gates if gate}
        self._by_letter: dict[str, tuple[str, ...]] = {}
        for gate in sorted(gates, key=len, reverse=True):
            self._by_letter[gate[0]] = (*self._by_letter.get(gate[0], ()), gate)
        alternation = "|".join(re.escape(gate) for gate in sorted(gates, key=len, reverse=True)) or "(?!)"
        self._starts = re.compile(f"(?=(?:{alternation}))")

    def held(self, folded: str) -> frozenset[str]:
        """The gates `folded` holds; "" (a gate that lets every text through) is always held."""
        found: set[str] = {""}
        for start in self._starts.finditer(folded):
            at = start.start()
            found.update(gate for gate in self._by_letter[folded[at]] if folded.startswith(gate, at))
        return frozenset(found)
