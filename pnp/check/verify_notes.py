"""The facts a pack marks `verify`: inferred rather than read, or still to measure on a physical copy.

Each is a note (not a warning: the pack says so itself), naming the file, the
line and the field, so `pnp check` and the proof show every inference the
pack makes: a card's fact, a text region's measurement, a deck's count or
orientation (`[[deck]] verify`), a term or keyword taken from elsewhere
(glossary `verify`).  Aids and boards have their own (aid/verify, board/verify).
"""

from __future__ import annotations

from pnp.check.rule import Rule
from pnp.errors import Finding, Severity, info
from pnp.i18n import N_, _, ngettext
from pnp.load.pack import GLOSSARY_FILE, PACK_FILE
from pnp.model import PackData
from pnp.paths import shown_path


def check_verify_notes(pack: PackData) -> list[Finding]:
    return (
        [
            info(
                "card/verify",
                shown_path(loaded.file),
                _("to verify: {verify}").format(verify=card.verify),
                card=card.id,
                line=pack.line("card", card.id),
                field="verify",
            )
            for loaded in pack.decks
            for card in loaded.cards
            if card.verify
        ]
        + _region_verify_notes(pack)
        + _deck_verify_notes(pack)
        + _glossary_verify_notes(pack)
    )


def _region_verify_notes(pack: PackData) -> list[Finding]:
    """Text regions still to measure: one note per reason, naming the card types it covers (a pack
    whose regions are all guesses says so once, not once per type)."""
    reasons: dict[str, list[str]] = {}
    for card_type in pack.pack.card_type:
        for region in card_type.region:
            if region.verify and card_type.id not in reasons.setdefault(region.verify, []):
                reasons[region.verify].append(card_type.id)
    return [
        info(
            "card/verify",
            shown_path(pack.root / PACK_FILE),
            ngettext(
                'to verify: the text regions of card type "{types}": {verify}',
                "to verify: the text regions of card types {types}: {verify}",
                len(types),
            ).format(types=", ".join(types), verify=reason),
            field=f"card_type.{types[0]}.region",
        )
        for reason, types in reasons.items()
    ]


def _deck_verify_notes(pack: PackData) -> list[Finding]:
    return [
        info(
            "card/verify",
            shown_path(pack.root / PACK_FILE),
            _('to verify: deck "{deck}": {verify}').format(deck=loaded.deck.id, verify=loaded.deck.verify),
            line=pack.line("deck", loaded.deck.id),
            field=f"deck.{loaded.deck.id}.verify",
        )
        for loaded in pack.decks
        if loaded.deck.verify
    ]


def _glossary_verify_notes(pack: PackData) -> list[Finding]:
    shown = shown_path(pack.root / GLOSSARY_FILE)
    terms = [
        ("term", term.source, _('to verify: term "{name}": {verify}').format(name=term.source, verify=term.verify))
        for term in pack.glossary.term
        if term.verify
    ]
    keywords = [
        ("keyword", kw.id, _('to verify: keyword "{name}": {verify}').format(name=kw.source, verify=kw.verify))
        for kw in pack.glossary.keyword
        if kw.verify
    ]
    return [
        info("card/verify", shown, message, line=pack.line(kind, key), field=f"{kind}.{key}.verify")
        for kind, key, message in terms + keywords
    ]


RULES = (
    Rule(
        "card/verify",
        Severity.INFO,
        N_("Facts marked `verify` still need checking against a physical card or the source."),
        check_verify_notes,
    ),
)
