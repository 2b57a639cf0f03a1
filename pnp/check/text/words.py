"""text/untranslated and text/spelling: each word of a translation, judged once.

A word the pack's word list or glossary knows is right.  Otherwise, a common
English word that Spanish does not have is an untranslated word (when the
original is English); any other word the dictionary does not know is a
spelling mistake.  So one wrong word gives one finding, never two, and a
glossary's forbidden variant ("Haven") is left to text/glossary.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pnp.check.text.fields import Text, known_words, localized, texts, token_texts, words, worth_looking_up
from pnp.check.text.forms import fold
from pnp.check.text.glossary import GlossaryIndex, Hit
from pnp.check.text.lexicon import Speller, dictionaries, english_words, speller
from pnp.check.text.patterns import lazy
from pnp.errors import Finding, Severity, did_you_mean
from pnp.i18n import _
from pnp.model import PackData
from pnp.paths import shown_path

UNTRANSLATED = "text/untranslated"
SPELLING = "text/spelling"
NO_DICTIONARY = "text/no-dictionary"


Judged = tuple[Text, Text | None, str, str]
_LAST: list[tuple[PackData, list[Judged]]] = []  # both rules judge the same pack in turn: judged once


def _judged(pack: PackData) -> list[Judged]:
    """(text, original, word, verdict) for each distinct unknown word of a field: "english" or "unknown"."""
    if _LAST and _LAST[0][0] is pack:
        return _LAST[0][1]
    judged = list(_judge(pack))
    _LAST[:] = [(pack, judged)]
    return judged


def _judge(pack: PackData) -> Iterator[Judged]:
    known = known_words(pack)
    index = GlossaryIndex(pack)
    english = english_words() if pack.pack.source_language.split("-")[0] == "en" else frozenset()
    # texts repeat their words: each is judged once per language
    verdicts: dict[str, dict[str, str | None]] = {}
    for text, original in texts(pack):
        checker = speller(text.lang)
        if checker is None:
            continue
        plain = text.plain
        forbidden: list[Hit] | None = None  # looked for only when a word needs it
        judged = verdicts.setdefault(text.lang, {})
        seen: set[str] = set()
        for word in token_texts(plain):
            verdict = judged.get(word, "")
            if verdict == "":
                verdict = judged[word] = _judgement(word, known, checker, english)
            if not verdict or word in seen:
                continue
            seen.add(word)
            match = next(m for m in words(plain) if m.group() == word)  # its first place
            if forbidden is None:
                forbidden = index.forbidden(plain, text.lang)
            if not any(hit.start < match.end() and match.start() < hit.end for hit in forbidden):
                yield text, original, word, verdict  # a forbidden variant is text/glossary's


def _judgement(word: str, known: frozenset[str], checker: Speller, english: frozenset[str]) -> str | None:
    """ "english", "unknown", or None for a word that is right, or not worth a look-up."""
    if not worth_looking_up(word) or _is_known(word, known):
        return None
    if checker.pronoun_accent(word) is not None:
        return None  # "descartala": text/accent-pronoun says which accent it lacks
    return _verdict(word, checker, english)


def _is_known(word: str, known: frozenset[str]) -> bool:
    lower = word.casefold()
    if lower in known:
        return True
    for suffix in ("'s", "’s"):  # Kaylee's
        if lower.endswith(suffix) and lower[: -len(suffix)] in known:
            return True
    return "-" in lower and all(part in known for part in lower.split("-") if part)


# the feminine of a noun in -ón the dictionary gives only in the masculine: "Polizona", "Anfitriona" (the
# DLE's "polizón, na"), regular as "patrona", "campeona"
_FEMININE_ONA = lazy(r"(\w{3,})on(a|as)")


def _verdict(word: str, checker: Speller, english: frozenset[str]) -> str | None:
    if checker.knows(word) or checker.oxytone_imperative_with_pronouns(word):
        return None
    feminine = _FEMININE_ONA.fullmatch(word.lower())
    if feminine is not None and checker.knows(feminine.group(1) + "ón" + ("es" if feminine.group(2) == "as" else "")):
        return None
    parts = [p.lower() for p in word.split("-") if p]
    if all(p in english or checker.knows(p) for p in parts) and any(len(p) > 2 and p in english for p in parts):
        return "english"  # "ho" in a Spanish text is a slip for "no", not English
    return "unknown"


def check_untranslated(pack: PackData) -> list[Finding]:
    findings = []
    for text, original, word, verdict in _judged(pack):
        if verdict != "english":
            continue
        in_original = original is not None and re.search(rf"(?<!\w){re.escape(fold(word))}(?!\w)", fold(original.plain))
        findings.append(
            text.finding(
                Severity.WARNING,
                UNTRANSLATED,
                (
                    _('"{word}" is English, left untranslated (the original has it too)')
                    if in_original
                    else _('"{word}" is English, left untranslated')
                ).format(word=word),
                _('translate it; if it is a name, add "{word}" to words in pack.toml').format(word=word),
            )
        )
    return findings


def check_unchecked_spelling(pack: PackData) -> list[Finding]:
    """One note per target language pnp has no dictionary for: its words are not spell-checked.
    Run on the whole pack (not per card, as text/spelling is), so a pack says it once."""
    unread: dict[str, str] = {}  # language -> the file of its first text
    for lang in pack.pack.target_languages:  # most packs: none without a dictionary, nothing to look through
        if lang != pack.pack.source_language and speller(lang) is None and lang not in unread:
            file = _first_file(pack, lang)
            if file is not None:
                unread[lang] = file
    return [
        Finding(
            Severity.INFO,
            NO_DICTIONARY,
            file,
            _('the "{lang}" texts were not checked for spelling: pnp has no dictionary for "{lang}"').format(lang=lang),
            hint=_("pnp spell-checks {known}; the other text rules still ran").format(known=", ".join(dictionaries())),
        )
        for lang, file in sorted(unread.items())
    ]


def _first_file(pack: PackData, lang: str) -> str | None:
    """The file of the first card with a text in `lang`, as texts() lists them (no line looked up)."""
    for loaded in pack.decks:
        if any((field.get(lang) or "").strip() for card in loaded.cards for field in localized(card).values()):
            return shown_path(loaded.file)
    return None


_ACRONYM = lazy(r"[A-ZÁÉÍÓÚÑ]{2,4}")


def _translated_acronym(word: str, original: Text | None) -> bool:
    """An acronym of capitals the original does not hold: the translation's own ("PV" for the
    original's "VP"), which no dictionary lists.  One the original holds as it is was left
    untranslated, and is reported."""
    if not _ACRONYM.fullmatch(word):
        return False
    return original is None or re.search(rf"(?<!\w){re.escape(word)}(?!\w)", original.plain) is None


def check_spelling(pack: PackData) -> list[Finding]:
    findings = []
    names = sorted({*pack.pack.words, *(t.target for t in pack.glossary.term)})
    for text, original, word, verdict in _judged(pack):
        if verdict != "unknown" or _translated_acronym(word, original):
            continue
        checker = speller(text.lang)
        suggestion = did_you_mean(word, names)
        if suggestion is None and checker is not None and (guesses := checker.suggestions(word)):
            suggestion = _("did you mean '{word}'?").format(word=guesses[0])
            if len(guesses) > 1:
                suggestion += " " + _("Or {words}.").format(words=", ".join(f"'{g}'" for g in guesses[1:]))
        findings.append(
            text.finding(
                Severity.WARNING,
                SPELLING,
                _('"{word}" is not in the Spanish dictionary').format(word=word),
                (f"{suggestion} " if suggestion else "")
                + _('If "{word}" is right (a name, a game term), add it to words in pack.toml').format(word=word),
            )
        )
    return findings
