"""text/glossary: the glossary's forbidden variants, and source terms left without their translation."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from pnp.check.text.fields import Text, texts
from pnp.check.text.forms import fold, phrase_pattern
from pnp.check.text.lexicon import speller
from pnp.errors import Finding, Severity, warning
from pnp.i18n import _
from pnp.load.pack import GLOSSARY_FILE, shown_path
from pnp.load.toml import key_lines
from pnp.model import PackData, Term

CODE = "text/glossary"
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Hit:
    term: Term
    variant: str
    start: int
    end: int


class GlossaryIndex:
    """The glossary's terms compiled once per pack: one regex per language for every forbidden variant."""

    def __init__(self, pack: PackData) -> None:
        self.source_language = pack.pack.source_language
        default = pack.pack.target_languages[0] if pack.pack.target_languages else self.source_language
        self.terms: dict[str, list[Term]] = {}
        variants: dict[str, list[tuple[Term, str]]] = {}
        for term in pack.glossary.term:
            lang = term.lang or default
            self.terms.setdefault(lang, []).append(term)
            variants.setdefault(lang, []).extend((term, v) for v in term.forbidden if v.strip())
        self._variants = variants
        self._compiled: dict[str, list[tuple[Term, str, re.Pattern[str], re.Pattern[str]]]] = {}
        self._forbidden = {
            lang: re.compile("|".join(f"(?P<v{i}>{phrase_pattern(v, lang)})" for i, (_, v) in enumerate(pairs)))
            for lang, pairs in variants.items()
            if pairs
        }

    def forbidden(self, text: str, lang: str) -> list[Hit]:
        pattern = self._forbidden.get(lang)
        if pattern is None:
            return []
        pairs = self._variants[lang]
        return [
            Hit(*pairs[int(m.lastgroup[1:])], m.start(), m.end())
            for m in pattern.finditer(fold(text))
            if m.lastgroup is not None
        ]

    def in_source(self, lang: str, folded_source: str) -> list[tuple[Term, re.Match[str]]]:
        """The terms for `lang` that the original (folded) uses, each with its first match."""
        found = []
        for term, needle, source, _target in self._pairs(lang):
            if needle in folded_source and (match := source.search(folded_source)):
                found.append((term, match))
        return found

    def translated(self, term: Term, lang: str, folded_text: str) -> bool:
        return next(target for t, _, _, target in self._pairs(lang) if t is term).search(folded_text) is not None

    def _pairs(self, lang: str) -> list[tuple[Term, str, re.Pattern[str], re.Pattern[str]]]:
        if lang not in self._compiled:
            self._compiled[lang] = [
                (
                    term,
                    _needle(term.source),
                    re.compile(phrase_pattern(term.source, self.source_language)),
                    re.compile(phrase_pattern(term.target, lang)),
                )
                for term in self.terms.get(lang, [])
                if term.source.strip() and term.target.strip()
            ]
        return self._compiled[lang]


def _needle(phrase: str) -> str:
    """A piece every form of the phrase contains (for a quick test before the regex): "col" of colocar/coloque."""
    first = fold(phrase.split()[0])
    return first[: min(3, max(1, len(first) - 1))]


def check_glossary(pack: PackData) -> list[Finding]:
    index = GlossaryIndex(pack)
    findings = _without_source(pack)
    for text, original in texts(pack):
        plain = text.plain
        hits = index.forbidden(plain, text.lang)
        for hit in hits:
            found = plain[hit.start : hit.end]
            findings.append(
                text.finding(
                    Severity.WARNING,
                    CODE,
                    _('"{found}" is a forbidden variant of "{target}" (glossary term "{source}")').format(
                        found=found, target=hit.term.target, source=hit.term.source
                    ),
                    (
                        _('write "{target}"')
                        if fold(found) == fold(hit.variant)
                        else _('write "{target}", inflected to fit')
                    ).format(target=hit.term.target),
                )
            )
        if original is not None:
            findings += _missing_terms(index, text, original, {hit.term.source for hit in hits})
    return findings


def _without_source(pack: PackData) -> list[Finding]:
    """A term with an empty source (as `pnp glossary apply` adds them): no original can be checked for it."""
    terms = [(i, t) for i, t in enumerate(pack.glossary.term) if not t.source.strip()]
    if not terms:
        return []
    path = pack.root / GLOSSARY_FILE
    lines = key_lines(path.read_text(encoding="utf-8-sig"), "term") if path.exists() else []
    findings = []
    for i, term in terms:
        keys = lines[i] if i < len(lines) else {}
        findings.append(
            warning(
                CODE,
                shown_path(path),
                _('term "{target}" has no source: the word of the original it translates is not written').format(
                    target=term.target
                ),
                line=keys.get("source", keys.get("")),
                field=f"term[{i}].source",
                hint=_(
                    'write the original\'s word for "{target}" in source: until then, no text '
                    'that uses it is checked for "{target}"'
                ).format(target=term.target),
            )
        )
    return findings


def _missing_terms(index: GlossaryIndex, text: Text, original: Text, reported: set[str]) -> list[Finding]:
    findings = []
    folded = fold(text.plain)
    for term, match in index.in_source(text.lang, fold(original.plain)):
        if term.source in reported or index.translated(term, text.lang, folded) or _misspelt(term.target, text, folded):
            continue
        said = original.plain[match.start() : match.end()]
        findings.append(
            text.finding(
                Severity.WARNING,
                CODE,
                _('the original says "{said}", but the glossary\'s translation "{target}" is not here').format(
                    said=said, target=term.target
                ),
                _('translate "{source}" as "{target}"').format(source=term.source, target=term.target),
            )
        )
    return findings


def _misspelt(target: str, text: Text, folded_text: str) -> bool:
    """The term is there, in order, with a word misspelt ("tirpulación"): text/spelling reports that word."""
    wanted = _WORD.findall(fold(target))
    forms = [re.compile(phrase_pattern(w, text.lang)) for w in wanted]
    spans = [(m.start(), m.end()) for m in _WORD.finditer(folded_text)]
    checker = speller(text.lang)

    def near(w: str, form: re.Pattern[str], start: int, end: int) -> bool:
        word = folded_text[start:end]
        if form.fullmatch(word):
            return True
        typo = checker is None or not checker.knows(text.plain[start:end])
        return typo and len(w) >= 4 and difflib.SequenceMatcher(None, w, word).ratio() >= 0.8

    return any(
        all(near(w, form, *span) for w, form, span in zip(wanted, forms, spans[i : i + len(wanted)], strict=True))
        for i in range(len(spans) - len(wanted) + 1)
    )
