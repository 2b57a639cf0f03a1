"""Each card's cross-check findings from an earlier load, kept under what the check read: a reload checks
again only the cards whose content, or what they refer to, changed.

A card's cross-check (pnp.load.references) reads the card, a few things of
the rest of the pack (the names and ids it refers to, the languages) and the
files it names; pnp.load.references.card_key says all of that in one digest.
The findings are kept without their line: a line is where the card stands in
its deck file, which an edit of a card above it moves, so it is found again
from the file each time a finding is shown, as an uncached load finds it.

All the cards of one deck are kept in one entry of the load cache (pnp.cache:
verified on every read): a reload reads one file per deck, not one per card.
An entry holds only the cards of the last load, so it never grows with edits,
and anything in it that is not a well-formed finding makes the whole entry
count as missing: every card of that deck is checked again.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from pnp.cache import Cache
from pnp.errors import Finding

# A card's finding without its line, and how to find the line again: "card" is the line of the key
# named by the finding's field in the card's table, "dotted" the line of that dotted key itself
# (title.fr), as pnp.load.references finds them.
Placed = tuple[Finding, str]
LINE_KINDS = ("card", "dotted")


class CardMemo:
    """The kept findings of one deck's cards, by card key; `cache` None keeps nothing.

    The entry also says the key of the whole deck (pnp.load.references.deck_key) and its cards' keys in
    order: a deck whose key is the same is taken whole, without a card's key made."""

    def __init__(self, cache: Cache | None, deck_file: Path, deck_id: str) -> None:
        self._cache = cache
        self._key = cache.key("card-checks", str(deck_file), deck_id) if cache is not None else ""
        self._kept: dict[str, Any] | None = None  # the entry as written, read when first asked
        self._found: dict[str, list[Placed]] = {}  # its cards, decoded
        self._now: dict[str, Any] = {}  # this load's cards, as they are kept
        self._order: list[str] = []  # this load's card keys, in card order

    def whole(self, deck_key: str, cards: int) -> list[list[Placed]] | None:
        """Every card's findings in order, when the deck kept is this one (its key, as many cards)."""
        kept = self._entry()
        order = kept.get("order")
        if kept.get("deck") != deck_key or not isinstance(order, list) or len(order) != cards:
            return None
        if not all(isinstance(key, str) and key in self._found for key in order):
            return None
        return [list(self._found[key]) for key in order]

    def recall(self, key: str) -> list[Placed] | None:
        """The findings kept for a card of this key, or None when there are none."""
        self._order.append(key)
        kept = self._cards()
        if key not in kept:
            return None
        self._now[key] = kept[key]
        return list(self._found[key])

    def keep(self, key: str, found: list[Placed]) -> None:
        self._now[key] = [[finding.as_dict(), kind] for finding, kind in found]

    def save(self, deck_key: str) -> None:
        """Write the entry when this load's deck differs from the one kept (an edit, a card added or gone)."""
        if self._cache is None:
            return
        entry = {"deck": deck_key, "order": self._order, "cards": self._now}
        if entry == self._entry():
            return
        with contextlib.suppress(OSError):  # the cache only saves time
            self._cache.put_json(self._key, entry)

    def _cards(self) -> dict[str, Any]:
        cards = self._entry().get("cards")
        return cards if isinstance(cards, dict) else {}

    def _entry(self) -> dict[str, Any]:
        if self._kept is None:
            entry = self._cache.get_json(self._key) if self._cache is not None else {}
            cards = entry.get("cards")
            found = (  # most cards have no finding: [] is taken as it is
                {key: [] if value == [] else _decoded(value) for key, value in cards.items()}
                if isinstance(cards, dict)
                else {}
            )
            if isinstance(cards, dict) and all(value is not None for value in found.values()):
                self._kept, self._found = entry, {key: value for key, value in found.items() if value is not None}
            else:  # one card kept wrong and none is trusted: the entry is not what save() wrote
                self._kept = {}
        return self._kept


def _decoded(stored: object) -> list[Placed] | None:
    """Kept findings back as findings, or None when `stored` is not exactly what keep() writes."""
    if not isinstance(stored, list):
        return None
    found: list[Placed] = []
    for item in stored:
        if not (isinstance(item, list) and len(item) == 2 and item[1] in LINE_KINDS):
            return None
        finding = _finding(item[0])
        if finding is None:
            return None
        found.append((finding, item[1]))
    return found


def _finding(item: object) -> Finding | None:
    """A card's finding as keep() wrote it: every field of its type, no line, a field to find the line by."""
    if not isinstance(item, dict) or set(item) != set(Finding.__dataclass_fields__):
        return None
    if item["line"] is not None or not isinstance(item["field"], str):
        return None
    try:
        return Finding.from_dict(item)
    except (TypeError, KeyError, ValueError):
        return None
