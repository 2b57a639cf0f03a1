"""The texts of a pack's cards, one per field and language, as the text rules read them."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from pnp import markup
from pnp.check.text.patterns import lazy
from pnp.errors import Finding, Severity
from pnp.model import Card, PackData
from pnp.paths import shown_path

ICON = "\ufffc"  # an icon stands in plain text as one character that is neither a word nor a space
RULES_TEXT = ("text", "back.text")
ALL = ("title", "subtitle", "text", "flavour", "back.title", "back.text", "back.flavour")

_TOKEN = lazy(r"\w+(?:[-'’]\w+)*")
_ROMAN = lazy(r"^[IVXLCDM]+$")


@dataclass(frozen=True)
class Text:
    """One field of one card in one language: `text.es` of "spare-parts"."""

    file: str
    card: str
    path: str  # "text", "back.title"
    lang: str
    raw: str
    line: int | None

    @property
    def field(self) -> str:
        return f"{self.path}.{self.lang}"

    @property
    def plain(self) -> str:
        return plain(self.raw)

    def finding(self, severity: Severity, code: str, message: str, hint: str | None = None) -> Finding:
        return Finding(severity, code, self.file, message, self.line, self.card, self.field, hint)


@lru_cache(maxsize=1 << 16)  # every rule reads every text: parse each once
def plain(raw: str) -> str:
    """The words a reader sees: markup gone, each icon one ICON character, paragraphs apart by a blank line."""
    return "\n\n".join(
        "".join("\n" if s.line_break else (ICON if s.icon else s.text) for s in paragraph)
        for paragraph in markup.parse(raw)
    )


@lru_cache(maxsize=1 << 16)
def icons(raw: str) -> tuple[str, ...]:
    return tuple(s.text for paragraph in markup.parse(raw) for s in paragraph if s.icon)


def words(text: str) -> Iterator[re.Match[str]]:
    """Words worth a dictionary look-up: no numbers or codes (X1, 2C), single letters or roman numerals."""
    for match in _TOKEN.finditer(text):
        if worth_looking_up(match.group()):
            yield match


def token_texts(text: str) -> list[str]:
    """Every word of the text as `words` reads them, worth a look-up or not, in one call."""
    return _TOKEN.findall(text)


@lru_cache(maxsize=1 << 16)  # texts repeat their words
def worth_looking_up(word: str) -> bool:
    return len(word) >= 2 and not any(c.isdigit() or c == "_" for c in word) and not _ROMAN.match(word)


def localized(card: Card) -> dict[str, dict[str, str]]:
    """The fields the text rules read, by path ("text", "back.title"): each by language."""
    fields = {"title": card.title, "subtitle": card.subtitle, "text": card.text, "flavour": card.flavour}
    if card.back is not None:
        fields |= {"back.title": card.back.title, "back.text": card.back.text, "back.flavour": card.back.flavour}
    return fields


def field_line(pack: PackData, card_id: str, field: str) -> int | None:
    """The line of the key (text.es), else of its table, else of the card."""
    parts = field.split(".")
    while parts:
        line = pack.line("field", f"{card_id}:{'.'.join(parts)}")
        if line is not None:
            return line
        parts.pop()
    return pack.line("card", card_id)


Listed = list[tuple[Text, Text | None]]
_LISTED: list[tuple[PackData, tuple[str, ...], tuple[str, ...] | None, Listed]] = []


def against_english(
    pack: PackData, compare: Callable[[Text, Text], list[Finding]], languages: tuple[str, ...]
) -> list[Finding]:
    """What `compare` finds in each rules text of these target languages against its English
    original: the rules that read what an English sentence holds (a negation, a condition, a bound,
    the player it speaks to) and look for it in the translation.  Nothing for another original."""
    if pack.pack.source_language.split("-")[0] != "en":
        return []
    findings = []
    for text, original in texts(pack, RULES_TEXT):
        if original is not None and text.lang.split("-")[0] in languages:
            findings += compare(text, original)
    return findings


def texts(pack: PackData, paths: tuple[str, ...] = ALL, languages: list[str] | None = None) -> Listed:
    """Each card text in the given languages (default: the targets), with the original of the same field.

    Listed once per pack object, as every rule reads them: a PackData is frozen."""
    wanted = None if languages is None else tuple(languages)
    for listed_for, listed_paths, listed_languages, listed in _LISTED:
        if listed_for is pack and listed_paths == paths and listed_languages == wanted:
            return listed
    every = next((found for of, on, lang, found in _LISTED if of is pack and on == ALL and lang == wanted), None)
    if every is not None and set(paths) <= set(ALL):  # the same texts, fewer fields: no lines looked up again
        listed = [(text, original) for text, original in every if text.path in paths]
    else:
        listed = list(_texts(pack, paths, languages))
    _LISTED[:] = [(pack, paths, wanted, listed), *_LISTED[:3]]  # a check lists a pack and its changed cards
    return listed


def _texts(pack: PackData, paths: tuple[str, ...], languages: list[str] | None) -> Iterator[tuple[Text, Text | None]]:
    source_language = pack.pack.source_language
    for loaded in pack.decks:
        shown = shown_path(loaded.file)
        for card in loaded.cards:
            fields = localized(card)
            for path in paths:
                by_lang = fields.get(path, {})
                source = by_lang.get(source_language)
                original = None
                for lang in languages if languages is not None else pack.pack.target_languages:
                    raw = by_lang.get(lang)
                    if not raw or not raw.strip():
                        continue
                    text = Text(shown, card.id, path, lang, raw, field_line(pack, card.id, f"{path}.{lang}"))
                    if source and lang != source_language and original is None:
                        where = field_line(pack, card.id, f"{path}.{source_language}")
                        original = Text(shown, card.id, path, source_language, source, where)
                    yield text, (original if lang != source_language else None)


class Places:
    """A pack's texts found again by card, field and language, as texts() lists them: a rule's
    combining phase (Rule.combine) keeps only that of each text it read, and makes a finding of few."""

    def __init__(self, pack: PackData) -> None:
        self.pack = pack
        self._cards: dict[str, tuple[str, Card]] | None = None

    def card(self, card_id: str) -> Card:
        return self._card(card_id)[1]

    def text(self, card_id: str, path: str, lang: str) -> Text:
        file, card = self._card(card_id)
        raw = localized(card)[path][lang]
        return Text(file, card_id, path, lang, raw, field_line(self.pack, card_id, f"{path}.{lang}"))

    def _card(self, card_id: str) -> tuple[str, Card]:
        if self._cards is None:
            shown = [(shown_path(loaded.file), loaded) for loaded in self.pack.decks]  # once a deck: it resolves
            self._cards = {card.id: (file, card) for file, loaded in shown for card in loaded.cards}
        return self._cards[card_id]


def known_words(pack: PackData) -> frozenset[str]:
    """The pack's own words, lowercase: its word list and every word of its glossary's terms."""
    known: set[str] = set()
    phrases = [*pack.pack.words]
    phrases += [term.target for term in pack.glossary.term]
    phrases += [keyword.target for keyword in pack.glossary.keyword]
    for phrase in phrases:
        known.add(phrase.casefold())
        known |= {m.group().casefold() for m in _TOKEN.finditer(phrase)}
    return frozenset(known)


def quote(text: str, limit: int = 70) -> str:
    """Text for a message: icons back as {…}, one line, shortened."""
    shown = " ".join(text.replace(ICON, "{…}").split())
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"
