"""text/cited-name: a name quoted in rules text (“Crucero Reaver”) must be a card of the pack.

A quotation counts as a name when it is short (at most six words), starts with
a capital and holds no ":", ";", "¡!", "¿?" or sentence break (those are quoted
rules or speech).  It is right when it is a card title in the text's language
(or a title of a card not yet translated into it), a deck or card-type name, a
glossary term or keyword in some inflection, or an entry of the pack's word
list.
"""

from __future__ import annotations

import re

from pnp.check.text.fields import RULES_TEXT, texts
from pnp.check.text.forms import fold
from pnp.check.text.glossary import GlossaryIndex, Hit
from pnp.check.text.phrases import PhraseMatcher
from pnp.errors import Finding, Severity, did_you_mean
from pnp.i18n import _
from pnp.model import PackData

CODE = "text/cited-name"

_QUOTED = re.compile(r"[“«\"]([^“”«»\"\n]{1,80})[”»\"]")
_MAX_WORDS = 6
_VALUE = re.compile(r"\s+(\d+|X)$")


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _names(pack: PackData, lang: str) -> dict[str, str]:
    """Every name a text in `lang` may cite, by its key, as written."""
    names: dict[str, str] = {}
    source = pack.pack.source_language
    for card in pack.cards().values():
        for title in (card.title, card.back.title if card.back else {}):
            name = title.get(lang) or title.get(source)
            if name:
                names.setdefault(_key(name), name)
    for deck in pack.pack.deck:
        names |= {_key(n): n for n in deck.name.values()}
    for card_type in pack.pack.card_type:
        names |= {_key(n): n for n in card_type.name.values()}
    names |= {_key(w): w for w in pack.pack.words}
    return names


def check_cited_names(pack: PackData) -> list[Finding]:
    index = GlossaryIndex(pack)
    names_by_lang = {lang: _names(pack, lang) for lang in pack.languages}
    terms = {lang: PhraseMatcher(phrases, lang) for lang in pack.languages if (phrases := _terms(pack, lang))}
    findings = []
    for text, _original in texts(pack, RULES_TEXT, pack.languages):
        names = names_by_lang[text.lang]
        forbidden: list[Hit] | None = None  # looked for only when a quoted name needs it
        for m in _QUOTED.finditer(text.plain):
            cited = m.group(1).strip().rstrip(".,")
            if not _looks_like_a_name(cited) or _key(cited) in names:
                continue
            term = _VALUE.sub("", cited)  # “Abordaje 2” cites the keyword Abordaje
            if text.lang in terms and terms[text.lang].fullmatch(fold(term)):
                continue
            if forbidden is None:
                forbidden = index.forbidden(text.plain, text.lang)
            if any(hit.start < m.end() and m.start() < hit.end for hit in forbidden):
                continue  # text/glossary reports it
            hint = did_you_mean(cited, sorted(set(names.values())))
            findings.append(
                text.finding(
                    Severity.WARNING,
                    CODE,
                    _('"{cited}" is quoted as a name, but no card, deck or term of the pack is called so').format(
                        cited=cited
                    ),
                    (f"{hint} " if hint else "")
                    + _("Correct the name, or add it to words in pack.toml if it names something outside the pack"),
                )
            )
    return findings


def _terms(pack: PackData, lang: str) -> list[str]:
    default = pack.pack.printed_language
    items: list[tuple[str, str, str | None]] = [(t.source, t.target, t.lang) for t in pack.glossary.term]
    items += [(k.source, k.target, k.lang) for k in pack.glossary.keyword]
    if lang == pack.pack.source_language:
        phrases = [source for source, _, _ in items]
    else:
        phrases = [target for _, target, item_lang in items if (item_lang or default) == lang]
    return [p for p in phrases if p.strip()]


def _looks_like_a_name(cited: str) -> bool:
    """Short, capitalised, and no speech: “¡Oh, no!” or “Ve. Ahora” are quotations, not names."""
    first = next((c for c in cited if c.isalpha()), "")
    return (
        bool(first)
        and first.isupper()
        and len(cited.split()) <= _MAX_WORDS
        and not any(c in cited for c in ":;¡!¿?")
        and ". " not in cited
    )
