"""text/keyword: keyword syntax from the glossary ("Abordaje X" takes a number, "Oleada" none).

Checked in a card's `keywords` list, and in its rules text in every language:
a keyword there is the glossary's word at the start of a line or sentence,
followed by a number, by punctuation or by the end of the line.  Followed by
another word it is prose ("Abordaje es una palabra clave"), and left alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.check.text.fields import RULES_TEXT, Text, field_line, texts
from pnp.errors import Finding, Severity
from pnp.i18n import _
from pnp.model import Card, PackData
from pnp.model.glossary import Keyword
from pnp.paths import shown_path
from pnp.report import field_name

CODE = "text/keyword"

# at the start of the text, of a line or of a sentence, or after a comma ("Oleada, Abordaje 2.") ...
_AT_START = r"(?:^|(?<=[\n.;!?])|(?<=[\n.;!?,][ \t]))\s*"
# ... and followed by its value ("2", "X"), by punctuation or by the end of the line: then it is a keyword
_VALUE = r"(?:[ \t]+(\d+|X)\b|(?=[ \t]*(?:[.,;:\n]|$)))"


@dataclass(frozen=True)
class Use:
    keyword: Keyword
    written: str  # the keyword as the text writes it, with its value: "Abordaje 2"
    value: str | None  # "2", "X" or None


def _name(keyword: Keyword, lang: str, pack: PackData) -> str | None:
    if lang == pack.pack.source_language:
        return keyword.source
    target_lang = keyword.lang or next(iter(pack.pack.target_languages), None)
    return keyword.target if lang == target_lang else None


def _uses(keywords: list[tuple[Keyword, str]], plain: str) -> list[Use]:
    uses = []
    for keyword, name in keywords:
        for m in re.finditer(_AT_START + f"({re.escape(name)})" + _VALUE, plain):
            uses.append(Use(keyword, plain[m.start(1) : m.end()].strip(), m.group(2)))
    return uses


def check_keywords(pack: PackData) -> list[Finding]:
    findings = _check_keyword_lists(pack)
    cards = pack.cards()
    for text, original in texts(pack, RULES_TEXT, pack.languages):
        keywords = [(k, name) for k in pack.glossary.keyword if (name := _name(k, text.lang, pack))]
        uses = _uses(keywords, text.plain)
        for use in uses:
            findings += _check_value(cards[text.card], text, use)
        findings += _against_card(cards[text.card], text, uses)
        if original is not None:
            findings += _against_original(pack, text, original, uses)
    return findings


def _check_value(card: Card, text: Text, use: Use) -> list[Finding]:
    name = use.written.split()[0]
    if use.keyword.value == "number" and use.value is None:
        listed = dict(_split(entry) for entry in card.keywords).get(use.keyword.id)
        return [
            text.finding(
                Severity.ERROR,
                CODE,
                _('keyword "{name}" needs a number after it').format(name=name),
                _('write "{name} {listed}", as in the card\'s keywords').format(name=name, listed=listed)
                if listed
                else _('write its value after it, like "{name} 2"').format(name=name),
            )
        ]
    if use.keyword.value == "none" and use.value is not None:
        return [
            text.finding(
                Severity.ERROR,
                CODE,
                _('keyword "{name}" takes no number, but the text says "{written}"').format(
                    name=name, written=use.written
                ),
                _('write "{name}" alone, or set value = "number" for it in glossary.toml').format(name=name),
            )
        ]
    return []


def _against_card(card: Card, text: Text, uses: list[Use]) -> list[Finding]:
    """A value in the text must agree with the card's `keywords` list."""
    listed = dict(_split(entry) for entry in card.keywords)
    findings = []
    for use in uses:
        value = listed.get(use.keyword.id, "")
        if use.value is None or not value or value == use.value:
            continue
        findings.append(
            text.finding(
                Severity.ERROR,
                CODE,
                _('the text says "{written}", but the card\'s keywords say "{id} {value}"').format(
                    written=use.written, id=use.keyword.id, value=value
                ),
                _("make the text and the keywords list agree"),
            )
        )
    return findings


def _against_original(pack: PackData, text: Text, original: Text, uses: list[Use]) -> list[Finding]:
    """A keyword of the original must be in the translation too."""
    keywords = [(k, name) for k in pack.glossary.keyword if (name := _name(k, original.lang, pack))]
    present = {use.keyword.id for use in uses}
    findings = []
    for use in _uses(keywords, original.plain):
        name = _name(use.keyword, text.lang, pack)
        if use.keyword.id in present or name is None or name in text.plain:
            continue
        findings.append(
            text.finding(
                Severity.ERROR,
                CODE,
                _('the original {field} ({lang}) has the keyword "{written}", this text lacks "{name}"').format(
                    field=field_name(original.path), lang=original.lang, written=use.written, name=name
                ),
                _('write "{name}{value}"').format(name=name, value=" " + use.value if use.value else ""),
            )
        )
    return findings


def _split(entry: str) -> tuple[str, str]:
    name, _, value = entry.rpartition(" ")
    return (name, value) if value.isdigit() and name else (entry, "")


def _check_keyword_lists(pack: PackData) -> list[Finding]:
    """`keywords = ["boarding 2", "surge"]`: a value exactly where the glossary asks for one."""
    glossary = {k.id: k for k in pack.glossary.keyword}
    findings = []
    for loaded in pack.decks:
        for card in loaded.cards:
            for n, entry in enumerate(card.keywords):
                keyword_id, value = _split(entry)
                keyword = glossary.get(keyword_id)
                if keyword is None:
                    continue  # the loader reports unknown keywords
                if keyword.value == "number" and not value:
                    message = f'keyword "{keyword_id}" needs a number'
                    hint = _('write "{keyword_id} 2" (its value on the card)').format(keyword_id=keyword_id)
                elif keyword.value == "none" and value:
                    message = _('keyword "{keyword_id}" takes no number, but the card says "{entry}"').format(
                        keyword_id=keyword_id, entry=entry
                    )
                    hint = _('write "{keyword_id}" alone, or set value = "number" for it in glossary.toml').format(
                        keyword_id=keyword_id
                    )
                else:
                    continue
                findings.append(
                    Finding(
                        Severity.ERROR,
                        CODE,
                        shown_path(loaded.file),
                        message,
                        field_line(pack, card.id, "keywords"),
                        card.id,
                        f"keywords[{n}]",
                        hint,
                    )
                )
    return findings
