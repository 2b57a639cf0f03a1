"""Whole-word, case-aware replacement of FIXES terms in card text, never inside an icon or another word."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.markup import ICON
from pnp.model.fix_limits import within
from pnp.translate.fixes import Fix


@dataclass(frozen=True)
class Replacement:
    fix: Fix
    start: int
    end: int
    found: str
    written: str


@dataclass(frozen=True)
class Inside:
    """A wrong term found inside a longer word ("Paraíso" in "Paraísos"), which whole-word matching leaves."""

    fix: Fix
    word: str


def _phrase(term: str) -> str:
    return r"\s+".join(re.escape(word) for word in term.split())


class Replacer:
    """Every fix at once: one pass, longest term first, so no fix rewrites another's result."""

    def __init__(self, fixes: list[Fix]) -> None:
        self.fixes = sorted(fixes, key=lambda f: (-len(f.wrong), f.line))
        self._whole = re.compile(
            "|".join(rf"(?<!\w)(?P<f{i}>{_phrase(f.wrong)})(?!\w)" for i, f in enumerate(self.fixes)) or r"(?!x)x",
            re.IGNORECASE,
        )
        self._anywhere = [re.compile(_phrase(f.wrong), re.IGNORECASE) for f in self.fixes]
        self._first_words = [f.wrong.split()[0].casefold() if f.wrong.split() else "" for f in self.fixes]

    def find(self, text: str) -> list[Replacement]:
        icons = [m.span() for m in ICON.finditer(text)]
        found = []
        for match in self._whole.finditer(text):
            if any(start < match.end() and match.start() < end for start, end in icons):
                continue
            fix = self.fixes[int(str(match.lastgroup)[1:])]
            if not within_limits(fix, text, match.start(), match.end()):
                continue
            written = adapt_case(match.group(), fix, sentence_start(text, match.start()))
            if written != match.group():
                found.append(Replacement(fix, match.start(), match.end(), match.group(), written))
        return found

    def apply(self, text: str) -> tuple[str, list[Replacement]]:
        replacements = self.find(text)
        out, last = [], 0
        for r in replacements:
            out += [text[last : r.start], r.written]
            last = r.end
        out.append(text[last:])
        return "".join(out), replacements

    def inside_words(self, text: str) -> list[Inside]:
        """Wrong terms inside longer words that no fix covers as a whole word."""
        covered = [(m.start(), m.end()) for m in self._whole.finditer(text)]
        icons = [m.span() for m in ICON.finditer(text)]
        found = []
        lowered = text.casefold()
        for fix, pattern, first in zip(self.fixes, self._anywhere, self._first_words, strict=True):
            if first not in lowered:  # a plain substring test first: most fixes are in no given text
                continue
            for match in pattern.finditer(text):
                start, end = match.span()
                while start > 0 and text[start - 1].isalnum():
                    start -= 1
                while end < len(text) and text[end].isalnum():
                    end += 1
                if (start, end) == match.span():
                    continue
                inside = any(s <= start and end <= e for s, e in [*covered, *icons])
                if not inside:
                    found.append(Inside(fix, text[start:end]))
        return found


# What may stand between a sentence's end and its first word: spaces, opening quotes and marks.
_OPENING = " \t\n«“\"'(¿¡*_"
_SENTENCE_END = ".!?…\n"
_SENTENCE = re.compile(r"[^.!?…;\n]*")


def sentence_start(text: str, start: int) -> bool:
    """Whether a word at `start` opens the text or a sentence (after ". ", "¿", a new line)."""
    index = start
    while index > 0 and text[index - 1] in _OPENING:
        if text[index - 1] == "\n":
            return True
        index -= 1
    return index == 0 or text[index - 1] in _SENTENCE_END


def within_limits(fix: Fix, text: str, start: int, end: int) -> bool:
    """A fix's limits: the whole text only, a part of speech, or a sentence with (or without) some words."""
    return within(fix.limits, text, start, end)


def adapt_case(found: str, fix: Fix, at_sentence_start: bool = True) -> str:
    """The right term in the case of the text it replaces.

    All capitals stay all capitals.  When both sides of the fix start with the
    same case, the first letter follows the text at a sentence start ("Paraíso"
    becomes "Refugio" for "paraíso >> refugio"), and the fix's own case inside a
    sentence, where a capital is the original's, not Spanish ("tu Haven" becomes
    "tu paraíso" for "haven >> paraíso"); otherwise the right term is written as
    the fix gives it (a name: "segador >> Reaver").
    """
    letters = [c for c in found if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return fix.right.upper()
    wrong_first = next((c for c in fix.wrong if c.isalpha()), "")
    right_first = next((c for c in fix.right if c.isalpha()), "")
    found_first = next((c for c in found if c.isalpha()), "")
    if not (wrong_first and right_first and found_first) or wrong_first.isupper() != right_first.isupper():
        return fix.right
    index = fix.right.index(right_first)
    if found_first.isupper() and not at_sentence_start:
        return fix.right
    first = right_first.upper() if found_first.isupper() else right_first.lower()
    return fix.right[:index] + first + fix.right[index + 1 :]
