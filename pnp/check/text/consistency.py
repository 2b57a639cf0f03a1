"""text/consistency: one source sentence, one translation, on every card.

Sentences of the original and of the translation are paired in order when a
paragraph has as many of each; otherwise the whole paragraph is one unit (and
the whole field, when the paragraphs do not pair up either).

Which card is the odd one out: when one wording is on more cards than any
other, it is the reference and each card that says it otherwise gets a
finding.  When two or more wordings tie (two cards, one wording each), the
count cannot tell, so the per-card text rules judge the tied cards' fields:
when every tied wording but one has a finding of its own (a wrong number
format, a misspelt word), the one without is the reference.  Otherwise no
wording is taken for the right one: each card is named, with the other
wordings and their cards, and the message says that pnp cannot tell which one
is meant.  A reviewer trusts a check that names the pair over one that
guesses, and the first card in the file is not more often the right one.
"""

from __future__ import annotations

import base64
import hashlib
from collections import Counter
from functools import lru_cache

from pnp import markup
from pnp.check.rule import Parts
from pnp.check.text.fields import Places, Text, localized, quote, texts
from pnp.check.text.patterns import lazy
from pnp.errors import Finding, Severity
from pnp.i18n import _, ngettext
from pnp.model import Card, LoadedDeck, PackData

CODE = "text/consistency"

_SENTENCE_END = lazy(r"(?<=[.!?…])\s+(?=\S)")


def _units(text: str) -> list[str]:
    return [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]


def _sentences(paragraph: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(paragraph) if s]


@lru_cache(maxsize=1 << 14)  # text/consistency and text/negation pair the same texts
def aligned(source: str, target: str) -> list[tuple[str, str]]:
    """(source unit, its translation) pairs, sentence by sentence where the counts allow it."""
    theirs, ours = _units(source), _units(target)
    if len(theirs) != len(ours):
        return [(" ".join(theirs), " ".join(ours))]
    pairs = []
    for a, b in zip(theirs, ours, strict=True):
        sa, sb = _sentences(a), _sentences(b)
        pairs += list(zip(sa, sb, strict=True)) if len(sa) == len(sb) else [(a, b)]
    return pairs


Uses = list[tuple[Text, str]]


def check_consistency(pack: PackData) -> list[Finding]:
    return combine_consistency(pack, read_consistency(pack))


def read_consistency(pack: PackData) -> Parts:
    """Each card's translated texts, as their sentences pair up with the original's: the text's field
    and language, and for each pair the digest of its source sentence then of its translation, in
    one string (the sentences themselves are read again only for the few translated otherwise
    elsewhere)."""
    parts: Parts = {}
    for text, original in texts(pack):
        if original is None:
            continue
        pairs = aligned(markup.plain_text(original.raw), markup.plain_text(text.raw))
        codes = "".join(_digest(source) + _digest(target) for source, target in pairs)
        parts.setdefault(text.card, []).append([text.path, text.lang, codes])
    return parts


_DIGEST = 11  # characters: 64 bits in URL-safe base64, for two sentences never to share one


def _digest(sentence: str) -> str:
    return base64.urlsafe_b64encode(hashlib.blake2b(sentence.encode(), digest_size=8).digest()).decode()[:_DIGEST]


_DIGESTS = lazy(f".{{{_DIGEST}}}")
_PAIRS = lazy(f".{{{2 * _DIGEST}}}")


def _pairs(codes: str) -> tuple[list[str], list[str]]:
    """The digests of a text's source sentences, and of their translations, in their order."""
    digests = _DIGESTS.findall(codes)
    return digests[::2], digests[1::2]


def combine_consistency(pack: PackData, parts: Parts) -> list[Finding]:
    every = [(card_id, path, lang, codes) for card_id, card_texts in parts.items() for path, lang, codes in card_texts]
    differing = _translated_otherwise(every)
    if not differing:
        return []
    # then their uses, in the order of the cards, each text and sentence found again
    seen: dict[tuple[str, str, str], list[tuple[str, str, str, int, str]]] = {}
    for card_id, path, lang, codes in every:
        kind = (lang, path.removeprefix("back."))
        if kind not in differing or not any(source in codes for source in differing[kind]):
            continue  # a digest within the string: most likely one of these sources, looked at below
        for index, (source, target) in enumerate(zip(*_pairs(codes), strict=True)):
            if source in differing[kind]:
                seen.setdefault((*kind, source), []).append((card_id, path, lang, index, target))
    places = Places(pack)
    grouped: list[tuple[str, Uses]] = []
    for pair_uses in seen.values():
        wording: dict[str, str] = {}  # each translation's digest -> the sentence, read from its first card
        source = ""
        for card_id, path, lang, index, target in pair_uses:
            if target not in wording:
                source, wording[target] = _sentences_of(pack, places.card(card_id), path, lang, index)
        uses = [(places.text(card_id, path, lang), wording[target]) for card_id, path, lang, _i, target in pair_uses]
        grouped.append((source, uses))
    tied = [uses for _source, uses in grouped if _leaders(uses)[1]]
    faulted = _faulted(pack, [text for uses in tied for text, _ in uses]) if tied else set()
    findings = []
    for source, uses in grouped:
        leaders, tie = _leaders(uses)
        if tie:
            sound = [w for w in leaders if not any((t.card, t.field) in faulted for t, u in uses if u == w)]
            if len(sound) != 1:
                findings += _undecided(source, uses)
                continue
            findings += _against(source, uses, sound[0], _("which no other check finds fault with"))
        else:
            share = sum(1 for _, target in uses if target == leaders[0])
            findings += _against(
                source,
                uses,
                leaders[0],
                ngettext("as on {n} of {total} card", "as on {n} of {total} cards", len(uses)).format(
                    n=share, total=len(uses)
                ),
            )
    return findings


def _translated_otherwise(every: list[tuple[str, str, str, str]]) -> dict[tuple[str, str], set[str]]:
    """The digests of the source sentences translated in more than one way, by language and field
    (most are not): each pair of digests counted once, the pack's texts of a kind in one string."""
    by_kind: dict[tuple[str, str], list[str]] = {}
    for _card, path, lang, codes in every:
        by_kind.setdefault((lang, path.removeprefix("back.")), []).append(codes)
    differing = {}
    for kind, texts_codes in by_kind.items():
        translations = Counter(pair[:_DIGEST] for pair in set(_PAIRS.findall("".join(texts_codes))))
        sources = {source for source, count in translations.items() if count > 1}
        if sources:
            differing[kind] = sources
    return differing


def _sentences_of(pack: PackData, card: Card, path: str, lang: str, index: int) -> tuple[str, str]:
    """The source sentence and its translation at this place of a card's text, read again."""
    fields = localized(card)[path]
    original, translation = markup.plain_text(fields[pack.pack.source_language]), markup.plain_text(fields[lang])
    return aligned(original, translation)[index]


def _leaders(uses: Uses) -> tuple[list[str], bool]:
    """The most common wordings, in the order of their first card, and whether more than one ties."""
    counts = Counter(target for _, target in uses)
    top = max(counts.values())
    leaders = [target for target in counts if counts[target] == top]
    return leaders, len(leaders) > 1


def _where(text: Text) -> str:
    place = f"{text.file}:{text.line}" if text.line else text.file
    return _('card "{card}" ({place})').format(card=text.card, place=place)


def _against(source: str, uses: Uses, reference: str, why: str) -> list[Finding]:
    first = next(text for text, target in uses if target == reference)
    return [
        text.finding(
            Severity.WARNING,
            CODE,
            _('"{source}" is translated "{target}" here, but "{reference}" on {where}, {why}').format(
                source=quote(source, 50),
                target=quote(target, 50),
                reference=quote(reference, 50),
                where=_where(first),
                why=why,
            ),
            _("use one translation for the same sentence, unless the card's context needs another"),
        )
        for text, target in uses
        if target != reference
    ]


def _undecided(source: str, uses: Uses) -> list[Finding]:
    """One finding per card, naming the other wordings: nothing tells which one is meant."""
    findings = []
    for text, target in uses:
        others = {u: t for t, u in reversed(uses) if u != target}  # each other wording, by its first card
        elsewhere = "; ".join(
            _('"{wording}" on {where}').format(wording=quote(u, 50), where=_where(t))
            for u, t in reversed(others.items())
        )
        findings.append(
            text.finding(
                Severity.WARNING,
                CODE,
                _('"{source}" is translated "{target}" here, and {elsewhere}: pnp cannot tell which is meant').format(
                    source=quote(source, 50), target=quote(target, 50), elsewhere=elsewhere
                ),
                _("choose one translation for the same sentence on every card, unless a card's context needs another"),
            )
        )
    return findings


def _faulted(pack: PackData, tied: list[Text]) -> set[tuple[str, str]]:
    """(card, field) of the tied texts that a per-card rule finds fault with, the rules run on those
    cards only (a tie is rare: a few cards, not the pack)."""
    # the rules that judge a card on its own: what they find on a tied wording is a fault of that wording
    from pnp.check import RULES
    from pnp.check.cached import PER_CARD

    wanted = {text.card for text in tied}
    decks: list[LoadedDeck] = [
        loaded.model_copy(update={"cards": tuple(c for c in loaded.cards if c.id in wanted)}) for loaded in pack.decks
    ]
    alone = pack.model_copy(update={"decks": tuple(decks)})
    fields = {(text.card, text.field) for text in tied}
    return {
        (finding.card or "", finding.field or "")
        for rule in RULES
        if rule.id in PER_CARD
        for finding in rule.run(alone)
        if (finding.card, finding.field) in fields
    }
