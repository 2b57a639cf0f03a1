"""Two community wishes as layout features: both languages on one card, and a deck's cards at another size.

Neither touches the pipeline's order: the build hands a card's context to
`with_source_text` before laying it out when it is bilingual, and passes the
deck's size through `resize` when a --card-size is asked for.  Layouts show
the source only where they say so (`when = "{{ bilingual is defined and
bilingual ... }}"`), so a build without the option draws exactly what it did.
"""

from __future__ import annotations

from typing import Any

from pnp.model import Card, Face, PackData
from pnp.units import Size, parse_card_size


def with_source_text(context: dict[str, Any], pack: PackData, card: Card, face: Face | None = None) -> dict[str, Any]:
    """The context with `bilingual` on and the original's title and text as card.source_title and card.source_text.

    They stay empty when the card is laid out in the source language itself,
    or when the original has no text: the layout then draws one language.
    """
    source = pack.pack.source_language
    shown = face or card
    same = context.get("lang") == source
    original_text = "" if same else shown.text.get(source, "")
    original_title = "" if same else shown.title.get(source, "")
    card_values = dict(context["card"])
    card_values["source_title"] = "" if original_title == card_values.get("title") else original_title
    card_values["source_text"] = original_text
    card_values["source_share"] = source_share(original_text, str(card_values.get("text", "")))
    return {**context, "card": card_values, "bilingual": True, "source_lang": source}


SMALLER = 0.8  # the original is set smaller, but where room is short both end near the 6 pt floor
SHARE_RANGE = (0.2, 0.6)  # of the room the two texts share: neither is ever squeezed out


def source_share(original: str, translation: str) -> float:
    """The part of the room both texts share that the original needs, by their lengths (the area
    a text needs grows with its letters): a layout gives the original at least this, so a long
    original stays at 6 pt or more instead of shrinking in a box sized for a short one."""
    if not original:
        return 0.0
    needed = SMALLER * len(original)
    share = needed / (needed + max(1, len(translation)))
    return round(min(max(share, SHARE_RANGE[0]), SHARE_RANGE[1]), 3)


def resize(size: Size, card_size: str | None) -> Size:
    """The deck's size, or `card_size` (a name or "W x H" with units) in the deck's orientation.

    The layout is drawn for its design size and scales to any other, so mini
    cards come out as standard ones (the same layout, type scaled by the
    smaller ratio).  Raises pnp.units.UnitError for a size it cannot read.
    """
    if not card_size:
        return size
    wanted = parse_card_size(card_size)
    return wanted.landscape() if size.width > size.height + 0.01 else wanted.portrait()
