"""Which cards the scanned pages hold, in order, and each one's size and text regions."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import did_you_mean
from pnp.i18n import _
from pnp.model import LoadedDeck, PackData
from pnp.model.regions import TextRegion
from pnp.units import POINTS_PER_UNIT, parse_card_size


@dataclass(frozen=True)
class Wanted:
    """A card the pages hold, in the order they hold them."""

    card_id: str
    title: str  # in the source language, as typed
    size_mm: tuple[float, float]  # width, height in the deck's orientation
    regions: tuple[TextRegion, ...]


class NamingError(ValueError):
    """The cards asked for cannot be named: the message says why."""


def card_size_mm(deck: LoadedDeck) -> tuple[float, float]:
    """The deck's card size in millimetres, in its orientation (as the layouts draw it)."""
    size = parse_card_size(deck.deck.card_size)
    size = size.landscape() if deck.deck.orientation == "landscape" else size.portrait()
    per_mm = POINTS_PER_UNIT["mm"]
    return (size.width / per_mm, size.height / per_mm)


def wanted_cards(
    pack: PackData, card_ids: list[str] | None, deck_id: str | None, first: str | None = None
) -> list[Wanted]:
    """The cards named by --cards, or the deck's cards in its order from `first` on."""
    cards = pack.cards()
    if card_ids is not None:
        ids = [c.strip() for c in card_ids if c.strip()]
        for card_id in ids:
            if card_id not in cards:
                hint = did_you_mean(card_id, cards)
                raise NamingError(
                    _('the pack has no card "{card}"').format(card=card_id) + (f" ({hint})" if hint else "")
                )
        twice = sorted({c for c in ids if ids.count(c) > 1})
        if twice:
            raise NamingError(_("--cards names {cards} twice").format(cards=", ".join(twice)))
    else:
        assert deck_id is not None
        deck = pack.deck(deck_id)
        if deck is None:
            hint = did_you_mean(deck_id, [d.deck.id for d in pack.decks])
            raise NamingError(_('the pack has no deck "{deck}"').format(deck=deck_id) + (f" ({hint})" if hint else ""))
        ids = [card.id for card in deck.cards]
        if first is not None:
            if first not in ids:
                raise NamingError(_('the deck {deck} has no card "{card}"').format(deck=deck_id, card=first))
            ids = ids[ids.index(first) :]
    types = {t.id: t for t in pack.pack.card_type}
    out = []
    for card_id in ids:
        card, deck_of = cards[card_id], pack.deck_of(card_id)
        assert deck_of is not None
        regions = tuple(types[card.type].region) if card.type in types else ()
        out.append(Wanted(card_id, card.title.get(pack.pack.source_language, ""), card_size_mm(deck_of), regions))
    return out
