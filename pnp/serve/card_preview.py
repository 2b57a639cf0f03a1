"""A card as the page holds it, before it is saved: the card with the typed texts, and what the per-card
rules find in it."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.check import RULES
from pnp.check.cached import PER_CARD, only_cards
from pnp.errors import Finding
from pnp.i18n import _
from pnp.model import Card, PackData
from pnp.proof.collect import CardEntry


@dataclass(frozen=True)
class Preview:
    images: dict[str, bytes]  # the front under the card's id, its own B side under "<id>/back"
    drawn: list[Finding]  # what laying out and drawing it found
    entry: CardEntry  # its texts with every finding placed in them, as they would be once saved


def edited_card(card: Card, values: dict[str, str]) -> tuple[Card | None, str]:
    """The card with these "<field>.<lang>" texts (a preview's unsaved values), or why it cannot be."""
    data = card.model_dump(exclude_none=True)
    for name, value in values.items():
        *path, lang = name.split(".")
        if not path or path[0] not in ("title", "subtitle", "text", "flavour", "back"):
            continue
        if path[0] == "back" and card.back is None:  # a preview never turns a card double-sided
            continue
        target = data
        for part in path:
            target = target.setdefault(part, {})
            if not isinstance(target, dict):
                return None, _('field "{field}" is not a text').format(field=name)
        target[lang] = value.replace("\r\n", "\n")
    try:
        return Card.model_validate(data), ""
    except ValueError as exc:
        return None, _("the card would not be valid: {problem}").format(problem=exc)


def typed_findings(
    pack: PackData, deck_id: str, card: Card, kept: list[Finding], drawn: list[Finding]
) -> list[Finding]:
    """The card's findings with its typed texts: those kept from the last check, the per-card rules run on
    the card alone, and what drawing it found."""
    edited = pack.model_copy(
        update={
            "decks": tuple(
                d.model_copy(update={"cards": tuple(card if c.id == card.id else c for c in d.cards)})
                if d.deck.id == deck_id
                else d
                for d in pack.decks
            )
        }
    )
    alone = only_cards(edited, {card.id})
    fresh = [f for rule in RULES if rule.id in PER_CARD for f in rule.run(alone) if f.card == card.id]
    return list(dict.fromkeys([*kept, *fresh, *(f for f in drawn if f.card == card.id)]))
