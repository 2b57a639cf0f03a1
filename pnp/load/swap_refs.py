"""Swaps and must-keep cards: every deck, card, type, setup card and quantity they name exists."""

from __future__ import annotations

from collections.abc import Iterable

from pnp.errors import Finding, error
from pnp.i18n import _
from pnp.load.toml import TomlFile, unknown_reference
from pnp.model import Pack


def check_swap_refs(pack_file: TomlFile, pack: Pack, cards: set[str]) -> list[Finding]:
    findings: list[Finding] = []
    deck_ids = [d.id for d in pack.deck]
    type_ids = [t.id for t in pack.card_type]
    quantity_ids = [q.id for q in pack.quantity]

    def unknown(what: str, name: str, index: int, key: str, field: str, known: Iterable[str], hint: str) -> None:
        findings.append(unknown_reference(pack_file, "swap", index, key, field, what, name, known, hint))

    for index, swap in enumerate(pack.swap):
        where = f"swap.{swap.id}"
        if swap.deck not in deck_ids:
            unknown("deck", swap.deck, index, "deck", f"{where}.deck", deck_ids, _("declare it as a [[deck]]"))
        for n, deck_id in enumerate(swap.add_decks):
            if deck_id not in deck_ids:
                unknown(
                    "deck",
                    deck_id,
                    index,
                    "add_decks",
                    f"{where}.add_decks[{n}]",
                    deck_ids,
                    _("declare it as a [[deck]]"),
                )
        if swap.into is not None and swap.into not in deck_ids:
            unknown("deck", swap.into, index, "into", f"{where}.into", deck_ids, _("declare it as a [[deck]]"))
        for n, type_id in enumerate(swap.remove_types):
            if type_id not in type_ids:
                unknown(
                    _("card type"),
                    type_id,
                    index,
                    "remove_types",
                    f"{where}.remove_types[{n}]",
                    type_ids,
                    _("declare it as a [[card_type]]"),
                )
        for side, lines in (("remove", swap.remove), ("add", swap.add)):
            for n, line in enumerate(lines):
                if line.card not in cards:
                    unknown(
                        "card",
                        line.card,
                        index,
                        side,
                        f"{where}.{side}[{n}].card",
                        cards,
                        _("add the card to a deck of the pack"),
                    )
                if line.per is not None and line.per not in quantity_ids:
                    unknown(
                        "quantity",
                        line.per,
                        index,
                        side,
                        f"{where}.{side}[{n}].per",
                        quantity_ids,
                        _("declare it as a [[quantity]]"),
                    )
        setup = swap.condition.setup if swap.condition else None
        if setup is not None and setup not in cards:
            unknown(
                "card", setup, index, "condition", f"{where}.condition.setup", cards, _("add the setup card to a deck")
            )
        for key, names in (("into", [swap.into]), ("add_decks", swap.add_decks)):
            if swap.deck in names:
                findings.append(
                    error(
                        "load/invalid",
                        pack_file.shown,
                        _('the swap changes deck "{deck}": {key} must name another deck').format(
                            deck=swap.deck, key=key
                        ),
                        line=pack_file.line_of("swap", index, key),
                        field=f"{where}.{key}",
                    )
                )
    for index, deck in enumerate(pack.deck):
        for card_id in deck.must_keep:
            if card_id not in cards:
                findings.append(
                    unknown_reference(
                        pack_file, "deck", index, "must_keep", f"deck.{deck.id}.must_keep", "card", card_id, cards
                    )
                )
    return findings
